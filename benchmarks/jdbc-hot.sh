#!/usr/bin/env bash
# An experiment for issue 28's JDBC schema (not the store as shipped): what PostgreSQL writes per claim + verdict pair,
# for the shipped table and for two candidate layouts, counted exactly from the WAL (pg_waldump, filtered to the table
# and its indexes, so other work on the server does not count) with the share of HOT updates (pg_stat_user_tables).
# The pair is the statements JdbcIdempotencyStore sends (BenchTool pgbench-script), run by pgbench at one client.
#
#   shipped   the migrations V1-V6 as they are: primary key, expires_at, the partial due index, the ops index
#             (endpoint, status, updated_at, event_id) INCLUDE (expires_at) WHERE status <> 'S'
#   listed    fillfactor 80; no index names status or updated_at: the ops index is replaced by one on two columns that
#             only the failure path would set (listed_status, listed_at, WHERE listed_status IS NOT NULL); the claim
#             sets expires_at to now + retention + lease and the verdict to greatest(expires_at, now + retention), which
#             leaves it unchanged when the handler finishes within its lease
#   brin      as listed, with a BRIN index on expires_at in place of the B-tree
#   leased    as listed, plus a B-tree on lease_until that the verdict leaves as it is (it no longer clears the lease),
#             so that a Sweeper can walk the leases that ended from a watermark and find what a crash left PROCESSING
#   brin2     as leased, with one BRIN index on (expires_at, lease_until) in place of the two B-trees (both times grow
#             with the insertion order, which is what BRIN summarises)
#
#   bash benchmarks/jdbc-hot.sh        # after benchmarks.jar is built; needs psql, pgbench and read access to pg_wal
#
# Knobs: PAIRS (2000), PG_WAL (/var/lib/postgresql/15/main/pg_wal), PG_BIN (/usr/lib/postgresql/15/bin). Works in a
# database of its own, hookguard_hot_experiment, created and dropped here.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JAR="${BENCH_JAR:-$ROOT/benchmarks/target/benchmarks.jar}"
PAIRS="${PAIRS:-2000}"
PG_WAL="${PG_WAL:-/var/lib/postgresql/15/main/pg_wal}"
PG_BIN="${PG_BIN:-/usr/lib/postgresql/15/bin}"
DB=hookguard_hot_experiment
MIGRATIONS="$ROOT/jdbc-store/src/main/resources/dev/hookguard/jdbc/migration/postgresql"
PSQL=(psql -qAt -h 127.0.0.1 -U "${HOOKGUARD_JDBC_USER:-postgres}")
[[ -f $JAR ]] || { echo "build benchmarks.jar first (./mvnw -pl benchmarks -am package -DskipTests)" >&2; exit 1; }
[[ -r $PG_WAL ]] || { echo "cannot read $PG_WAL: set PG_WAL" >&2; exit 1; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"; "${PSQL[@]}" -d postgres -c "drop database if exists $DB" >/dev/null 2>&1 || true' EXIT
"${PSQL[@]}" -d postgres -c "drop database if exists $DB" -c "create database $DB" >/dev/null

# the store's own pair, captured on its benchmark table
HOOKGUARD_JDBC_URL="jdbc:postgresql://127.0.0.1:5432/$DB" java -cp "$JAR" dev.hookguard.benchmarks.tools.BenchTool setup >/dev/null
HOOKGUARD_JDBC_URL="jdbc:postgresql://127.0.0.1:5432/$DB" java -cp "$JAR" dev.hookguard.benchmarks.tools.BenchTool \
    pgbench-script "$WORK/pair.sql" >/dev/null
retention=$(grep -o "expires_at = (current_timestamp(3) + cast([0-9]* as bigint)" "$WORK/pair.sql" | grep -o "[0-9]*" | tail -1)
lease=$(grep -o "lease_until = (current_timestamp(3) + cast([0-9]*\|(current_timestamp(3) + cast([0-9]* as bigint) \* interval '1 millisecond'), (current_timestamp" "$WORK/pair.sql" | head -1 | grep -o "[0-9]*" | head -1)

for v in "$MIGRATIONS"/V*.sql; do sed 's/hookguard_events/hot_shipped/g' "$v"; done | "${PSQL[@]}" -d "$DB" >/dev/null 2>&1
"${PSQL[@]}" -d "$DB" >/dev/null <<SQL
create table hot_listed (like hot_shipped including defaults) with (fillfactor = 80);
alter table hot_listed add primary key (endpoint, event_id);
alter table hot_listed add column listed_status char(1), add column listed_at timestamp(3) with time zone;
create index on hot_listed (expires_at);
create index on hot_listed (endpoint, next_attempt_at) where next_attempt_at is not null;
create index on hot_listed (endpoint, listed_status, listed_at, event_id) where listed_status is not null;
create table hot_brin (like hot_listed including defaults) with (fillfactor = 80);
alter table hot_brin add primary key (endpoint, event_id);
create index on hot_brin using brin (expires_at);
create index on hot_brin (endpoint, next_attempt_at) where next_attempt_at is not null;
create index on hot_brin (endpoint, listed_status, listed_at, event_id) where listed_status is not null;
create table hot_leased (like hot_listed including defaults) with (fillfactor = 80);
alter table hot_leased add primary key (endpoint, event_id);
create index on hot_leased (expires_at);
create index on hot_leased (lease_until);
create index on hot_leased (endpoint, next_attempt_at) where next_attempt_at is not null;
create index on hot_leased (endpoint, listed_status, listed_at, event_id) where listed_status is not null;
create table hot_brin2 (like hot_listed including defaults) with (fillfactor = 80);
alter table hot_brin2 add primary key (endpoint, event_id);
create index on hot_brin2 using brin (expires_at, lease_until);
create index on hot_brin2 (endpoint, next_attempt_at) where next_attempt_at is not null;
create index on hot_brin2 (endpoint, listed_status, listed_at, event_id) where listed_status is not null;
SQL
sed 's/hookguard_bench/hot_shipped/g' "$WORK/pair.sql" >"$WORK/shipped.sql"
for t in listed brin leased brin2; do # the claim keeps retention + lease; the verdict leaves expires_at as it is when later enough
    sed "s/hookguard_bench/hot_$t/g" "$WORK/pair.sql" \
        | sed "s/(current_timestamp(3) + cast($retention as bigint) \* interval '1 millisecond'), false, current_timestamp(3)/(current_timestamp(3) + cast($((retention + lease)) as bigint) * interval '1 millisecond'), false, current_timestamp(3)/" \
        | sed "s/expires_at = (current_timestamp(3) + cast($retention as bigint) \* interval '1 millisecond'), updated_at/expires_at = greatest(hot_$t.expires_at, current_timestamp(3) + cast($retention as bigint) * interval '1 millisecond'), updated_at/" \
        >"$WORK/$t.sql"
    grep -q "greatest(hot_$t.expires_at" "$WORK/$t.sql" || { echo "could not rewrite the verdict for $t" >&2; exit 1; }
done
for t in leased brin2; do # the verdict keeps the lease's end: the walk's index is untouched
    sed -i 's/ lease_until = null,//' "$WORK/$t.sql"
    grep -q "lease_until = null" "$WORK/$t.sql" && { echo "could not keep the lease in the verdict for $t" >&2; exit 1; }
done

echo "| layout | WAL records per pair (table and indexes) | + commits | HOT share of the verdict updates | record kinds per pair | pairs/s (1 client, indicative) |"
echo "|---|---|---|---|---|---|"
for t in shipped listed brin leased brin2; do
    table=hot_$t
    pgbench -n -M prepared -h 127.0.0.1 -U "${HOOKGUARD_JDBC_USER:-postgres}" -c 1 -t 50 -f "$WORK/$t.sql" "$DB" >/dev/null 2>&1
    "${PSQL[@]}" -d "$DB" -c "checkpoint" >/dev/null
    before=$("${PSQL[@]}" -d "$DB" -c "select n_tup_upd || ' ' || n_tup_hot_upd from pg_stat_user_tables where relname = '$table'")
    start=$("${PSQL[@]}" -d "$DB" -c "select pg_current_wal_lsn()")
    pgbench -n -M prepared -h 127.0.0.1 -U "${HOOKGUARD_JDBC_USER:-postgres}" -c 1 -t "$PAIRS" -f "$WORK/$t.sql" "$DB" >"$WORK/$t.out" 2>&1
    end=$("${PSQL[@]}" -d "$DB" -c "select pg_current_wal_lsn()")
    "${PSQL[@]}" -d "$DB" -c "select pg_switch_wal()" >/dev/null
    after=""
    for _ in $(seq 1 50); do # the statistics collector reports within a second or so
        after=$("${PSQL[@]}" -d "$DB" -c "select n_tup_upd || ' ' || n_tup_hot_upd from pg_stat_user_tables where relname = '$table'")
        [[ ${after%% *} -ge $(( ${before%% *} + PAIRS )) ]] && break
        sleep 0.2
    done
    rels=$("${PSQL[@]}" -d "$DB" -c "select string_agg(pg_relation_filenode(c.oid)::text, '|') from pg_class c
        where c.oid = '$table'::regclass or c.oid in (select indexrelid from pg_index where indrelid = '$table'::regclass)")
    dboid=$("${PSQL[@]}" -d "$DB" -c "select oid from pg_database where datname = '$DB'")
    "$PG_BIN/pg_waldump" -p "$PG_WAL" -s "$start" -e "$end" 2>/dev/null | grep -E "rel [0-9]+/$dboid/($rels)( |,|$)" >"$WORK/$t.wal" || true
    records=$(wc -l <"$WORK/$t.wal")
    kinds=$(sed 's/.*desc: \([A-Z_+]*\).*/\1/' "$WORK/$t.wal" | sort | uniq -c \
        | awk -v n="$PAIRS" '{ printf "%s %.2f, ", $2, $1 / n }' | sed 's/, $//')
    read -r u0 h0 <<<"$before"; read -r u1 h1 <<<"$after"
    echo "| $t | $(awk -v r="$records" -v n="$PAIRS" 'BEGIN { printf "%.2f", r / n }') | 2 | $(awk -v u=$((u1 - u0)) -v h=$((h1 - h0)) 'BEGIN { printf "%.0f %%", u ? 100 * h / u : 0 }') | $kinds | $(grep -o 'tps = [0-9]*' "$WORK/$t.out" | head -1 | grep -o '[0-9]*') |"
done
