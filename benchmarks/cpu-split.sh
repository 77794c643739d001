#!/usr/bin/env bash
# Where the CPU of one JDBC claim-and-complete pair goes on this machine: the client (Hookguard's JVM under JMH, or
# pgbench running the very statements the store sends) against PostgreSQL's own backends, measured over the same
# steady-state window of each. On a 2-core machine where the client and PostgreSQL share the cores, a client that
# spends more CPU per pair leaves less to PostgreSQL: this is what the "JDBC store vs pgbench" ratio measures.
#
#   bash benchmarks/cpu-split.sh            # 16 callers
#   THREADS="1 16" bash benchmarks/cpu-split.sh
#
# Prints, per caller count: pairs/s, client CPU µs per pair, PostgreSQL CPU µs per pair, and what PostgreSQL wrote
# per pair (WAL records, full-page images, WAL bytes: pg_stat_wal, cluster-wide, so run it on a quiet machine),
# for pgbench, the JDBC store (JdbcStoreBenchmark.claimAndComplete), its transactional path and the two JDBC peers
# (Camel add + confirm, Spring Integration putIfAbsent + replace), one operation each; and, after both, how many of the
# store table's updates were HOT (pg_stat_user_tables). Needs what run.sh needs (java, pgbench) and benchmarks.jar.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JAR="${BENCH_JAR:-$ROOT/benchmarks/target/benchmarks.jar}"
OUT="${RUN_DIR:-$ROOT/benchmarks/target/cpu-split}"
THREADS="${THREADS:-16}"
WINDOW="${WINDOW:-10}"      # seconds of the measured window
SETTLE="${SETTLE:-8}"       # seconds before the window opens
export HOOKGUARD_JDBC_URL="${HOOKGUARD_JDBC_URL:-jdbc:postgresql://127.0.0.1:5432/test}"
export HOOKGUARD_JDBC_USER="${HOOKGUARD_JDBC_USER:-postgres}"
export HOOKGUARD_JDBC_PASSWORD="${HOOKGUARD_JDBC_PASSWORD:-}"
export PGPASSWORD="$HOOKGUARD_JDBC_PASSWORD"
[[ -f $JAR ]] || { echo "no $JAR: build it with ./mvnw -B -pl benchmarks -am package -DskipTests" >&2; exit 2; }
[[ $HOOKGUARD_JDBC_URL =~ ^jdbc:postgresql://([^:/]+)(:([0-9]+))?/([^?]+) ]] \
    || { echo "HOOKGUARD_JDBC_URL is not a PostgreSQL URL: $HOOKGUARD_JDBC_URL" >&2; exit 2; }
PG_HOST=${BASH_REMATCH[1]} PG_PORT=${BASH_REMATCH[3]:-5432} PG_DB=${BASH_REMATCH[4]}
mkdir -p "$OUT"
tool() { java -cp "$JAR" dev.hookguard.benchmarks.tools.BenchTool "$@"; }
trap 'tool teardown >/dev/null 2>&1 || true' EXIT
tool setup
tool pgbench-script "$OUT/claim_complete.sql"
HZ=$(getconf CLK_TCK)

ticks_of() {  # pids...: their utime+stime (and their threads'), in clock ticks
    local total=0 pid ticks
    for pid in "$@"; do   # a process may exit between the listing and the read: it counts 0, the script goes on
        ticks=$(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null) || ticks=0
        total=$((total + ${ticks:-0}))
    done
    echo "$total"
}
postgres_pids() {  # the backends serving the benchmark's database, and PostgreSQL's own background processes
    psql -h "$PG_HOST" -p "$PG_PORT" -U "$HOOKGUARD_JDBC_USER" -d "$PG_DB" -tAc \
        "SELECT pid FROM pg_stat_activity WHERE (datname = current_database() OR backend_type <> 'client backend')
           AND pid <> pg_backend_pid()"
}
wal() { psql -h "$PG_HOST" -p "$PG_PORT" -U "$HOOKGUARD_JDBC_USER" -d "$PG_DB" -tAF' ' -c \
    "SELECT wal_records, wal_fpi, wal_bytes FROM pg_stat_wal"; }
window() {  # client pid: CPU ticks of the client and of PostgreSQL, and the WAL written, over WINDOW s after SETTLE
    local client=$1
    sleep "$SETTLE"
    local pg_pids
    pg_pids=$(postgres_pids)
    local c0 p0 c1 p1 r0 f0 b0 r1 f1 b1
    c0=$(ticks_of "$client"); p0=$(ticks_of $pg_pids); read -r r0 f0 b0 < <(wal)
    sleep "$WINDOW"
    pg_pids="$pg_pids $(postgres_pids)"
    c1=$(ticks_of "$client"); p1=$(ticks_of $(tr ' ' '\n' <<<"$pg_pids" | sort -u)); read -r r1 f1 b1 < <(wal)
    echo "$((c1 - c0)) $((p1 - p0)) $((r1 - r0)) $((f1 - f0)) $((b1 - b0))"
}
report() {  # label threads rate client_ticks pg_ticks wal_records wal_fpi wal_bytes
    awk -v l="$1" -v n="$2" -v r="$3" -v c="$4" -v p="$5" -v wr="$6" -v wf="$7" -v wb="$8" -v hz="$HZ" -v w="$WINDOW" 'BEGIN {
        ops = r * w; printf "| %s | %d | %.0f | %.0f | %.0f | %.1f | %.2f | %.0f |\n", l, n, r, c / hz * 1e6 / ops,
            p / hz * 1e6 / ops, wr / ops, wf / ops, wb / ops }'
}

echo "| client | callers | operations/s | client CPU µs per op | PostgreSQL CPU µs per op | WAL records per op | full-page images per op | WAL bytes per op |"
echo "|---|---|---|---|---|---|---|---|"
for n in $THREADS; do
    jobs=$((n < 2 ? n : 2))
    tool truncate
    total=$((SETTLE + WINDOW + 4))
    pgbench -n -M prepared -f "$OUT/claim_complete.sql" -c "$n" -j "$jobs" -T "$total" -P 1 \
        -h "$PG_HOST" -p "$PG_PORT" -U "$HOOKGUARD_JDBC_USER" "$PG_DB" >"$OUT/pgbench-$n.txt" 2>&1 &
    pid=$!
    read -r c p wr wf wb < <(window "$pid")
    wait "$pid"
    # the per-second progress lines inside the window
    rate=$(awk -v s="$SETTLE" -v w="$WINDOW" '/^progress: / { t = $2 + 0; if (t > s && t <= s + w) { sum += $4; k++ } }
        END { print (k ? sum / k : 0) }' "$OUT/pgbench-$n.txt")
    report pgbench "$n" "$rate" "$c" "$p" "$wr" "$wf" "$wb"

    for bench in 'JdbcStoreBenchmark.claimAndComplete$' 'TransactionalExecutorBenchmark' 'CamelJdbcBenchmark' \
        'SpringJdbcMetadataBenchmark'; do
        tool truncate
        log="$OUT/jmh-${bench//[^A-Za-z]/}-$n.txt"
        java -jar "$JAR" "$bench" -t "$n" -wi 0 -i 1 -r "$total"s -f 0 >"$log" 2>&1 &
        pid=$!
        read -r c p wr wf wb < <(window "$pid")
        wait "$pid"
        rate=$(awk '/ thrpt / { for (i = 1; i <= NF; i++) if ($i == "ops/s") v = ($(i-2) == "±" ? $(i-3) : $(i-1)) }
            END { print v }' "$log")
        report "${bench%%[.$]*} (JVM)" "$n" "${rate:-0}" "$c" "$p" "$wr" "$wf" "$wb"
    done
done
psql -h "$PG_HOST" -p "$PG_PORT" -U "$HOOKGUARD_JDBC_USER" -d "$PG_DB" -tAc \
    "SELECT 'updates of the store table: ' || n_tup_upd || ', of them HOT: ' || n_tup_hot_upd
       FROM pg_stat_user_tables WHERE relname LIKE 'hookguard_bench%' ORDER BY n_tup_upd DESC LIMIT 1"
