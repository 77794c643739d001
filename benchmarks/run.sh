#!/usr/bin/env bash
# Runs every Hookguard benchmark in one go and writes the ratios to benchmarks/target/run/results.md.
#
#   bash benchmarks/run.sh
#
# Every figure is a ratio of two rates measured back to back in this run, on this machine:
#   1. Redis store: JMH claim+complete pairs/s at N callers, and events/s with 80 % duplicates, vs the bare job on
#      raw Lettuce in the same JVM setup (bare.BareRedisBenchmark: one minimal claim script and one minimal
#      completion script, status + token + TTL; 2 EVALSHA per new event, 1 per duplicate).
#                                                                          goal >= 0.8 at 1 caller, >= 0.9 at more
#      Beside it, reported only (STORE_COMMANDS=1): redis-benchmark sending the store's own scripts.
#   2. JDBC store on PostgreSQL: the same two workloads vs the bare job on raw JDBC (bare.BareJdbcBenchmark: the
#      plain guarded UPSERT and the fenced UPDATE on a five-column table; 2 statements per new event, 1 per
#      duplicate).                                                                                goal >= 1.0
#      Beside it, reported only: pgbench -M prepared running the statements the store sends.
#   3. Peers on the same Redis / PostgreSQL: Hookguard's pairs/s (and the transactional path's events/s, claim and
#      verdict committed once: TransactionalExecutorBenchmark, vs Camel) vs each peer's whole claim-and-complete (Camel
#      JdbcMessageIdRepository add + confirm, Spring Integration JdbcMetadataStore / RedisMetadataStore
#      putIfAbsent + replace), and each one's correctness in a concurrent-duplicate race (BenchTool peer-race:
#      winners per round, completions not visible in the record).                   goal >= 1.0 of correct peers
#   4. Filter overhead: wrk against one Jetty serving one handler bare, behind the filter on the in-memory store,
#      and behind the filter on the Redis store: throughput at WRK_CONNECTIONS, and the p99 latency of a paced
#      run (1 connection, 1 ms between requests).   goal >= 0.9 of bare rps (memory), >= 0.9 of the derived limit
#      1 / (1/bare + 1/redis-benchmark pairs) (Redis); p99 added <= 5 ms under load, <= 0.1 ms paced (memory)
#   5. Signature: verifying a 4 KiB Stripe / GitHub / Twilio / Paddle / Square body vs one prepared Mac.doFinal
#      over the same bytes (target <= 1.5x time; Twilio twice: its SMS webhook form, and a worst case with a %XX
#      escape every 4 bytes); Standard Webhooks v1a (Ed25519) and SendGrid (ECDSA) vs the
#      JDK's bare Signature.verify (reported).
#   6. Recovery (DESIGN §8): wrk against one Jetty serving the same trivial handler on the in-memory store behind a
#      sync endpoint and behind an async one whose dispatcher is held: async intake answers/s vs sync requests/s
#      (goal >= 1.0; that backlog is then dropped); then a backlog of DRAIN_EVENTS queued and the dispatcher
#      released on it: events drained/s vs sync requests/s (goal >= 0.5); and paced (1 connection, 1 ms between
#      requests) the p99 of async intake in front of a 2 s handler, on its own store that starts empty, vs the sync
#      path's p99 with the trivial handler (goal: at most +1 ms); the backlog the paced phase leaves is reported.
#
# Services: HOOKGUARD_REDIS_URI (default redis://127.0.0.1:6379), HOOKGUARD_JDBC_URL
# (default jdbc:postgresql://127.0.0.1:5432/test), HOOKGUARD_JDBC_USER (postgres), HOOKGUARD_JDBC_PASSWORD.
# Everything written carries the prefix hookguard_bench: Redis keys expire after 2 minutes, the tables
# hookguard_bench* are created at the start and dropped at the end. Nothing else is touched.
#
# Knobs (environment): THREADS ("1 16 64"), JMH_OPTS ("-wi 3 -w 4s -i 3 -r 5s -f 1"), SIGNATURE_JMH_OPTS
# ("-wi 2 -w 2s -i 3 -r 3s -f 1"), RAW_SECONDS (10),
# WRK_SECONDS (10), WRK_CONNECTIONS (16), WRK_ROUNDS (2), DRAIN_EVENTS (20000: the backlog of a recovery drain), DRAIN_WARMUPS (3: drains before the measured ones), REDIS_REQUESTS_ONE (100000), REDIS_REQUESTS_MANY
# (400000), STORE_COMMANDS (0: set to 1 to also run redis-benchmark on the store's own scripts), SKIP_BUILD (set to 1 to reuse benchmarks.jar), RUNS (1: how many times to measure everything; the
# summary gives each ratio's mean and spread), PARTS ("redis jdbc race signature filter recovery": what to
# measure; SECTIONS is another name for it, and "stores" stands for "redis jdbc race", "signatures" for
# "signature"), RACE_ROUNDS (50), RACE_THREADS (8), RUN_DIR (benchmarks/target/run: where the outputs go),
# BENCH_JAR (benchmarks/target/benchmarks.jar: another build's jar, for a before/after comparison; implies
# SKIP_BUILD), SERVER_JAVA_OPTS (extra JVM options of the filter servers, e.g. a JFR recording), WRK_WARMUP_SECONDS (5), QUICK (set to 1 for a smoke run of a few minutes: one concurrency level,
# one short iteration or round of everything; its figures mean nothing; every knob it sets can still be given).
# Needs: java 17+, redis-cli, redis-benchmark (7.x), pgbench, cc, wrk (installed with apt-get when missing and
# run as root).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BENCH="$ROOT/benchmarks"
OUT="${RUN_DIR:-$BENCH/target/run}"
JAR="${BENCH_JAR:-$BENCH/target/benchmarks.jar}"
PREFIX=hookguard_bench

export HOOKGUARD_REDIS_URI="${HOOKGUARD_REDIS_URI:-redis://127.0.0.1:6379}"
export HOOKGUARD_JDBC_URL="${HOOKGUARD_JDBC_URL:-jdbc:postgresql://127.0.0.1:5432/test}"
export HOOKGUARD_JDBC_USER="${HOOKGUARD_JDBC_USER:-postgres}"
export HOOKGUARD_JDBC_PASSWORD="${HOOKGUARD_JDBC_PASSWORD:-}"
if [[ ${QUICK:-0} == 1 ]]; then   # a smoke run: every step once, briefly; the figures mean nothing
    THREADS="${THREADS:-16}"
    JMH_OPTS="${JMH_OPTS:--wi 1 -w 1s -i 1 -r 1s -f 1}"
    SIGNATURE_JMH_OPTS="${SIGNATURE_JMH_OPTS:--wi 1 -w 1s -i 1 -r 1s -f 1}"
    RAW_SECONDS="${RAW_SECONDS:-2}"
    WRK_SECONDS="${WRK_SECONDS:-2}"
    WRK_WARMUP_SECONDS="${WRK_WARMUP_SECONDS:-1}"
    WRK_ROUNDS="${WRK_ROUNDS:-1}"
    DRAIN_EVENTS="${DRAIN_EVENTS:-2000}"
    DRAIN_WARMUPS="${DRAIN_WARMUPS:-1}"
    REDIS_REQUESTS_ONE="${REDIS_REQUESTS_ONE:-5000}"
    REDIS_REQUESTS_MANY="${REDIS_REQUESTS_MANY:-20000}"
    RACE_ROUNDS="${RACE_ROUNDS:-5}"
fi
THREADS="${THREADS:-1 16 64}"
JMH_OPTS="${JMH_OPTS:--wi 3 -w 4s -i 3 -r 5s -f 1}"
SIGNATURE_JMH_OPTS="${SIGNATURE_JMH_OPTS:--wi 2 -w 2s -i 3 -r 3s -f 1}"
RAW_SECONDS="${RAW_SECONDS:-10}"
WRK_SECONDS="${WRK_SECONDS:-10}"
WRK_WARMUP_SECONDS="${WRK_WARMUP_SECONDS:-5}"
WRK_CONNECTIONS="${WRK_CONNECTIONS:-16}"
WRK_ROUNDS="${WRK_ROUNDS:-2}"
DRAIN_EVENTS="${DRAIN_EVENTS:-20000}"   # the backlog each recovery drain round empties
DRAIN_WARMUPS="${DRAIN_WARMUPS:-3}"     # drains of such a backlog before the measured rounds
REDIS_REQUESTS_ONE="${REDIS_REQUESTS_ONE:-100000}"   # redis-benchmark requests per phase with 1 client
REDIS_REQUESTS_MANY="${REDIS_REQUESTS_MANY:-400000}" # ... with more clients
RUNS="${RUNS:-1}"
RACE_ROUNDS="${RACE_ROUNDS:-50}"
RACE_THREADS="${RACE_THREADS:-8}"

log() { printf '%s  %s\n' "$(date +%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

[[ $RUNS =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive number, not '$RUNS'"
# What to measure: PARTS, or SECTIONS (its other name); "stores" and "signatures" are the older, coarser names.
if [[ -n ${PARTS:-} && -n ${SECTIONS:-} && $PARTS != "$SECTIONS" ]]; then
    die "PARTS and SECTIONS name the same thing: set one of them"
fi
requested="${PARTS:-${SECTIONS:-redis jdbc race signature filter recovery}}"
PARTS=""
for part in $requested; do
    case $part in
        redis | jdbc | race | signature | filter | recovery) PARTS+=" $part" ;;
        stores) PARTS+=" redis jdbc race" ;;
        signatures) PARTS+=" signature" ;;
        *) die "PARTS names redis, jdbc, race, signature, filter, recovery (or stores, signatures); not '$part'" ;;
    esac
done
PARTS="${PARTS# }"
wants() { [[ " $PARTS " == *" $1 "* ]]; }

# ---------------------------------------------------------------- services and tools
[[ $HOOKGUARD_REDIS_URI =~ ^redis://([^:/]+)(:([0-9]+))?(/([0-9]*))?$ ]] \
    || die "HOOKGUARD_REDIS_URI must be redis://host[:port][/database]"
REDIS_DB=${BASH_REMATCH[5]:-0}
REDIS_HOST=${BASH_REMATCH[1]}
REDIS_PORT=${BASH_REMATCH[3]:-6379}
[[ $HOOKGUARD_JDBC_URL =~ ^jdbc:postgresql://([^:/]+)(:([0-9]+))?/([^?]+) ]] \
    || die "HOOKGUARD_JDBC_URL must be jdbc:postgresql://host[:port]/database"
PG_HOST=${BASH_REMATCH[1]}
PG_PORT=${BASH_REMATCH[3]:-5432}
PG_DB=${BASH_REMATCH[4]}
export PGPASSWORD="$HOOKGUARD_JDBC_PASSWORD"

if ! command -v wrk >/dev/null && [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
    log "installing wrk (Debian package)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
fi
for tool in java redis-cli redis-benchmark pgbench cc wrk curl; do
    command -v "$tool" >/dev/null || die "$tool is missing"
done
redis() { redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" -n "$REDIS_DB" "$@"; }
redis PING >/dev/null || die "no Redis at $REDIS_HOST:$REDIS_PORT"

mkdir -p "$OUT"
rm -rf "$OUT"/*.csv "$OUT"/*.txt "$OUT"/*.tsv "$OUT"/*.json "$OUT"/run[0-9]*
TOP="$OUT"   # the setup's files and the summary; each run's raw outputs go to $TOP/runI
if [[ -z ${BENCH_JAR:-} ]] && [[ ${SKIP_BUILD:-0} != 1 || ! -f $JAR ]]; then
    log "building benchmarks.jar"
    # the shaded jar goes first: a stale one left in place (the jar plugin keeps an unchanged module's jar) would
    # shade its old copies of the other modules' classes over the new ones
    rm -f "$BENCH/target/benchmarks.jar" "$BENCH/target/original-benchmarks.jar"
    (cd "$ROOT" && ./mvnw -B -q -pl benchmarks -am package -DskipTests)
fi
tool() { java -cp "$JAR" dev.hookguard.benchmarks.tools.BenchTool "$@"; }
jmh() { java -jar "$JAR" "$@" $JMH_OPTS; }
# JMH leaves an iteration that threw out of the mean and still exits 0: a ratio of the rest is not of record
no_failed_iteration() { ! grep -q '<failure>' "$1" || die "a JMH iteration failed (its benchmark threw): see $1"; }
jmh_signature() { java -jar "$JAR" "$@" $SIGNATURE_JMH_OPTS; }

SERVER_PID=""
cleanup() {
    if [[ -n $SERVER_PID ]]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    tool teardown >/dev/null 2>&1 || log "could not drop the ${PREFIX}* tables"
}
trap cleanup EXIT

RUN_ID=$(date +%H%M%S)
RESULTS="$OUT/results.tsv"   # kind, threads, name, value (one measured rate per line), per run
RATIOS="$TOP/ratios.tsv"     # run, measurement, callers, value, op, goal, unit (one goal row per line, every run)
record() { printf '%s\t%s\t%s\t%s\n' "$@" >>"$RESULTS"; }
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
START=$(date +%s)

log "setting up: tables, pgbench script, Lua scripts, the redis-benchmark shim"
tool setup
tool pgbench-script "$OUT/claim_complete.sql"
tool seed                                         # the duplicate workload's completed events, then its script
tool pgbench-mixed-script "$OUT/mostly_duplicates.sql"
cc -O2 -shared -fPIC -o "$OUT/seq-random.so" "$BENCH/tools/seq-random.c"
for script in claim complete; do   # as the store loads them: prelude.lua + the operation's file
    tool redis-script "$script.lua" "$OUT/$script.lua"
done
load_scripts() {
    CLAIM_SHA=$(redis -x SCRIPT LOAD <"$TOP/claim.lua")
    COMPLETE_SHA=$(redis -x SCRIPT LOAD <"$TOP/complete.lua")
}
load_scripts
PIN_TOKEN=1796000000000000   # the token pin-token.lua gives every claimed record (a time in µs, as the store's are)
mapfile -t CLAIM_ARGS < <(tool redis-claim-args __rand_int__)
mapfile -t COMPLETE_ARGS < <(tool redis-complete-args "$PIN_TOKEN" __rand_int__)

# ---------------------------------------------------------------- parsers
csv_rps() { awk -F'","' 'NR == 2 { print $2 }' "$1"; }
jmh_score() {  # file, benchmark name suffix -> score and error
    awk -F, -v b="$2" '{ gsub(/"/, "") } $1 ~ b"$" { printf "%s\t%s\n", $5, $6 }' "$1"
}
wrk_rps() { awk '/^Requests\/sec:/ { print $2 }' "$1"; }
wrk_p99_ms() {  # the 99% line of --latency, in ms
    awk '$1 == "99%" { v = $2; u = v; sub(/[a-z]+$/, "", v); sub(/^[0-9.]+/, "", u);
         f = (u == "us") ? 0.001 : (u == "ms") ? 1 : (u == "s") ? 1000 : (u == "m") ? 60000 : -1;
         printf "%.3f\n", v * f }' "$1"
}
wrk_errors() { awk '/Non-2xx|Socket errors/ { print }' "$1"; }

# ---------------------------------------------------------------- 1 + 3a: Redis
redis_raw() {  # threads requests
    local n=$1 requests=$2 tag="raw${RUN_ID}r${RUN_INDEX}c$1"
    local key="$PREFIX:{$tag:__rand_int__}" index="$PREFIX:open:{$tag}"
    bench_phase() {  # name, command...: one redis-benchmark phase over the events 0..requests-1
        local name=$1; shift
        load_scripts   # again: another user of a shared Redis may have flushed the script cache (NOSCRIPT)
        LD_PRELOAD="$OUT/seq-random.so" redis-benchmark -h "$REDIS_HOST" -p "$REDIS_PORT" --dbnum "$REDIS_DB" -c "$n" -n "$requests" \
            -r 2000000000 --csv "$@" >"$OUT/redis-$name-$n.csv"
    }
    bench_phase claim EVALSHA "$CLAIM_SHA" 2 "$key" "$index" "${CLAIM_ARGS[@]}"
    local pinned   # not measured: the completions need to know the claims' tokens; see tools/pin-token.lua
    pinned=$(redis --eval "$BENCH/tools/pin-token.lua" , "$PREFIX" "$tag" "$PIN_TOKEN" "$requests")
    [[ $pinned == "$requests" ]] || die "pin-token.lua pinned $pinned of the $requests claimed records"
    bench_phase complete EVALSHA "$COMPLETE_SHA" 2 "$key" "$index" "${COMPLETE_ARGS[@]}"
    local i m
    for i in 0 $((requests / 2)) $((requests - 1)); do   # the pairs really happened: claimed, then SUCCEEDED
        m=$(redis HGET "$(printf '%s:{%s:%012d}' "$PREFIX" "$tag" "$i")" m)
        [[ $m == 2S*,1,*,200 ]] || die "redis-benchmark's event $i is not SUCCEEDED after one attempt (m=$m)"
    done
    [[ $(redis ZCARD "$index") == 0 ]] || die "redis-benchmark left events in the open index $index"
    local phase rate sum=0
    for phase in claim complete; do
        rate=$(csv_rps "$OUT/redis-$phase-$n.csv")
        record redis-raw "$n" "$phase" "$rate"
        sum=$(awk -v s="$sum" -v r="$rate" 'BEGIN { printf "%.12f", s + 1 / r }')
    done
    record redis-raw "$n" pairs "$(awk -v s="$sum" 'BEGIN { printf "%.1f", 1 / s }')"
}

# ---------------------------------------------------------------- 2 + 3b: PostgreSQL
pg_raw() {  # threads
    local n=$1 jobs=$(($1 < 2 ? $1 : 2))
    tool truncate
    pgbench -n -M prepared -f "$OUT/claim_complete.sql" -c "$n" -j "$jobs" -T "$RAW_SECONDS" \
        -h "$PG_HOST" -p "$PG_PORT" -U "$HOOKGUARD_JDBC_USER" "$PG_DB" >"$OUT/pgbench-$n.txt" 2>&1
    grep -q 'number of failed transactions: 0 ' "$OUT/pgbench-$n.txt" || die "pgbench had failures: see $OUT/pgbench-$n.txt"
    record pg-raw "$n" pairs "$(awk '/^tps = / { print $3 }' "$OUT/pgbench-$n.txt")"
    tool truncate
    tool seed
    pgbench -n -M prepared -f "$OUT/mostly_duplicates.sql" -c "$n" -j "$jobs" -T "$RAW_SECONDS" \
        -h "$PG_HOST" -p "$PG_PORT" -U "$HOOKGUARD_JDBC_USER" "$PG_DB" >"$OUT/pgbench-dup-$n.txt" 2>&1
    grep -q 'number of failed transactions: 0 ' "$OUT/pgbench-dup-$n.txt" || die "pgbench had failures: see $OUT/pgbench-dup-$n.txt"
    record pg-raw "$n" mostly-duplicates "$(awk '/^tps = / { print $3 }' "$OUT/pgbench-dup-$n.txt")"
}

measure_stores() {
for n in $THREADS; do
    if wants redis; then
    if [[ ${STORE_COMMANDS:-0} == 1 ]]; then
    requests=$((n == 1 ? REDIS_REQUESTS_ONE : REDIS_REQUESTS_MANY))
    log "Redis, $n client(s): redis-benchmark ($requests each of the store's claims and completions)"
    redis_raw "$n" "$requests"
    fi
    log "Redis, $n thread(s): JMH BareRedisBenchmark, FloorRedisBenchmark, RedisStoreBenchmark, SpringRedisMetadataBenchmark"
    jmh 'BareRedisBenchmark|FloorRedisBenchmark|RedisStoreBenchmark|SpringRedisMetadataBenchmark' -t "$n" -rf csv -rff "$OUT/jmh-redis-$n.csv" >"$OUT/jmh-redis-$n.txt" 2>&1 \
        || die "JMH failed: see $OUT/jmh-redis-$n.txt"
    no_failed_iteration "$OUT/jmh-redis-$n.txt"
    fi
    if wants jdbc; then
    log "PostgreSQL, $n client(s): pgbench ${RAW_SECONDS}s"
    pg_raw "$n"
    log "PostgreSQL, $n thread(s): JMH BareJdbcBenchmark, JdbcStoreBenchmark, TransactionalExecutorBenchmark, CamelJdbcBenchmark, SpringJdbcMetadataBenchmark"
    jmh 'BareJdbcBenchmark|JdbcStoreBenchmark|TransactionalExecutorBenchmark|CamelJdbcBenchmark|SpringJdbcMetadataBenchmark' -t "$n" -rf csv -rff "$OUT/jmh-jdbc-$n.csv" \
        >"$OUT/jmh-jdbc-$n.txt" 2>&1 || die "JMH failed: see $OUT/jmh-jdbc-$n.txt"
    no_failed_iteration "$OUT/jmh-jdbc-$n.txt"
    fi
done
}

# ---------------------------------------------------------------- 3c: the peers' correctness
measure_race() {
    log "concurrent-duplicate race: $RACE_ROUNDS rounds of $RACE_THREADS threads on one new id, every store and peer"
    tool peer-race "$RACE_ROUNDS" "$RACE_THREADS" >"$OUT/race.tsv" 2>"$OUT/race.txt" || die "the race failed: see $OUT/race.txt"
}

# ---------------------------------------------------------------- 5: signatures
measure_signatures() {
log "signatures: JMH SignatureBenchmark, 1 thread"
jmh_signature 'SignatureBenchmark' -t 1 -rf csv -rff "$OUT/jmh-signature.csv" >"$OUT/jmh-signature.txt" 2>&1 \
    || die "JMH failed: see $OUT/jmh-signature.txt"
}

# ---------------------------------------------------------------- 4 + 6: the filter server and wrk
start_server() {  # name, FilterServer arguments...: starts it, sets SERVER_PID and BASE
    local name=$1; shift
    java ${SERVER_JAVA_OPTS:-} -Xlog:gc:file="$OUT/$name-gc.txt" -cp "$JAR" dev.hookguard.benchmarks.filter.FilterServer --port 0 "$@" \
        >"$OUT/$name-server.txt" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 60); do
        grep -qs '^listening on ' "$OUT/$name-server.txt" && break
        kill -0 "$SERVER_PID" 2>/dev/null || die "the $name server did not start: see $OUT/$name-server.txt"
        sleep 0.5
    done
    BASE=$(awk '/^listening on / { print $3 }' "$OUT/$name-server.txt")
    [[ -n $BASE ]] || die "the $name server did not start in 30 s"
}
stop_server() {
    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
}
export HOOKGUARD_BENCH_BODY="$BENCH/wrk/github-push.json"
if wants filter || wants recovery; then
    HOOKGUARD_BENCH_SIGNATURE=$(tool github-signature "$HOOKGUARD_BENCH_BODY")
    export HOOKGUARD_BENCH_SIGNATURE
fi
wrk_run() {  # name path threads connections seconds [pause before each request, ms]; a warm-up may see errors
    local before after served
    before=$(curl -fsS "$BASE/alloc" 2>/dev/null || echo -1)
    HOOKGUARD_BENCH_DELAY_MS="${6:-}" HOOKGUARD_BENCH_RUN="$RUN_ID-$RUN_INDEX-$1" wrk -t"$3" -c"$4" -d"$5s" --timeout 10s --latency \
        -s "$BENCH/wrk/github-signed.lua" "$BASE/$2/hook" >"$OUT/wrk-$1.txt" 2>&1
    after=$(curl -fsS "$BASE/alloc" 2>/dev/null || echo -1)
    if [[ $1 != *warmup* && -n $(wrk_errors "$OUT/wrk-$1.txt") ]]; then
        die "wrk saw errors or non-2xx answers: see $OUT/wrk-$1.txt"
    fi
    served=$(awk '/ requests in / { print $1 }' "$OUT/wrk-$1.txt")
    if [[ $before -ge 0 && $after -ge 0 && ${served:-0} -gt 0 ]]; then   # bytes allocated per request (server side)
        record wrk-alloc "$4" "$1" "$(awk -v a="$before" -v b="$after" -v n="$served" 'BEGIN { printf "%.0f", (b - a) / n }')"
    fi
}

# ---------------------------------------------------------------- 4: filter overhead
FILTER_PATHS="bare floor memory redis"
measure_filter() {
    log "filter overhead: t_sig, then Jetty with /bare, /memory and /redis, loaded by wrk"
    # t_sig: thread CPU of one prepared HmacSHA256 over the same body (the limit's signature cost), before the load
    record mac-nanos 1 github "$(tool mac-nanos "$HOOKGUARD_BENCH_BODY")"
    start_server filter --redis
    for path in $FILTER_PATHS; do wrk_run "warmup-$path" "$path" 2 "$WRK_CONNECTIONS" "$WRK_WARMUP_SECONDS"; done
    for round in $(seq 1 "$WRK_ROUNDS"); do
        for path in $FILTER_PATHS; do
            wrk_run "$path-$round" "$path" 2 "$WRK_CONNECTIONS" "$WRK_SECONDS"
            record wrk "$WRK_CONNECTIONS" "$path-$round" "$(wrk_rps "$OUT/wrk-$path-$round.txt")"
            record wrk-p99 "$WRK_CONNECTIONS" "$path-$round" "$(wrk_p99_ms "$OUT/wrk-$path-$round.txt")"
        done
    done
    for path in $FILTER_PATHS; do   # paced: one connection, 1 ms between requests (under 1000 requests/s)
        wrk_run "$path-paced" "$path" 1 1 "$WRK_SECONDS" 1
        record wrk 1 "$path" "$(wrk_rps "$OUT/wrk-$path-paced.txt")"
        record wrk-p99 1 "$path" "$(wrk_p99_ms "$OUT/wrk-$path-paced.txt")"
    done
    stop_server
}

# ---------------------------------------------------------------- 6: recovery (async intake, the dispatcher)
control() {  # method path [output file]: a request to the recovery server's control, its JSON answer on stdout
    curl -fsS -X "$1" "$BASE/control/$2"
}
json_field() { tr -d '{}"' | tr ',:' '\n ' | awk -v k="$1" '$1 == k { print $2 }'; }
fill() {  # name: queues about DRAIN_EVENTS events on the held /memory-async (wrk stopped once the queue is that deep)
    local depth=0 previous=-1 waited=0
    HOOKGUARD_BENCH_RUN="$RUN_ID-$RUN_INDEX-$1" wrk -t2 -c"$WRK_CONNECTIONS" -d120s --timeout 10s \
        -s "$BENCH/wrk/github-signed.lua" "$BASE/memory-async/hook" >"$OUT/wrk-$1.txt" 2>&1 &
    local wrk_pid=$!
    while kill -0 "$wrk_pid" 2>/dev/null; do
        depth=$(control GET memory-async/ | json_field depth)
        [[ ${depth:-0} -ge $DRAIN_EVENTS ]] && break
        sleep 0.05
    done
    kill -INT "$wrk_pid" 2>/dev/null || true
    wait "$wrk_pid" 2>/dev/null || true
    while [[ $depth != "$previous" && $waited -lt 100 ]]; do   # until the last answers are in (at most 10 s)
        previous=$depth; sleep 0.1; waited=$((waited + 1))
        depth=$(control GET memory-async/ | json_field depth)
    done
    [[ ${depth:-0} -gt 0 ]] || die "nothing was queued on /memory-async: see $OUT/wrk-$1.txt"
}
drain() {  # name: releases the held dispatcher of /memory-async on its backlog, records the drain rate
    local drained runs seconds
    if ! control POST memory-async/ >"$OUT/drain-$1.json"; then
        log "the drain $1 did not finish within its limit (see $OUT/drain-$1.json); its backlog is dropped"
        control POST memory-async/discard >/dev/null
        return
    fi
    drained=$(json_field drained <"$OUT/drain-$1.json"); runs=$(json_field runs <"$OUT/drain-$1.json")
    seconds=$(json_field seconds <"$OUT/drain-$1.json")
    [[ $drained -gt 0 && $runs == "$drained" ]] || die "the drain ran the handler $runs times for $drained queued events"
    record rec-drain "$WRK_CONNECTIONS" "$1" "$(awk -v n="$drained" -v s="$seconds" 'BEGIN { printf "%.1f", n / s }')"
    record rec-drained "$WRK_CONNECTIONS" "$1" "$drained"
}
measure_recovery() {
    log "recovery: Jetty with /memory (sync), /memory-async (held dispatcher) and /memory-slow (2 s handler), loaded by wrk"
    start_server recovery --recovery
    wrk_run rec-warmup-sync memory 2 "$WRK_CONNECTIONS" "$WRK_WARMUP_SECONDS"
    wrk_run rec-warmup-intake memory-async 2 "$WRK_CONNECTIONS" "$WRK_WARMUP_SECONDS"
    control POST memory-async/discard >/dev/null
    for warmup in $(seq 1 "$DRAIN_WARMUPS"); do   # the dispatch path's code is compiled late: it runs only here
        fill "rec-fill-warmup-$warmup"; drain "warmup-$warmup"
    done
    for round in $(seq 1 "$WRK_ROUNDS"); do
        wrk_run "rec-sync-$round" memory 2 "$WRK_CONNECTIONS" "$WRK_SECONDS"
        record rec-sync "$WRK_CONNECTIONS" "sync-$round" "$(wrk_rps "$OUT/wrk-rec-sync-$round.txt")"
        wrk_run "rec-intake-$round" memory-async 2 "$WRK_CONNECTIONS" "$WRK_SECONDS"
        record rec-intake "$WRK_CONNECTIONS" "intake-$round" "$(wrk_rps "$OUT/wrk-rec-intake-$round.txt")"
        control POST memory-async/discard >"$OUT/discard-$round.json"   # the intake's backlog is not drained
        log "recovery round $round: intake backlog dropped ($(json_field discarded <"$OUT/discard-$round.json") events);" \
            "draining a backlog of about $DRAIN_EVENTS"
        fill "rec-fill-$round"
        drain "drain-$round"
    done
    [[ $(control GET memory-async/ | json_field depth) == 0 ]] || die "the /memory-async queue is not empty"
    [[ $(control GET memory-slow/ | json_field depth) == 0 ]] || die "the /memory-slow queue is not empty"
    wrk_run rec-sync-paced memory 1 1 "$WRK_SECONDS" 1     # paced: one connection, 1 ms between requests
    record rec-p99 1 sync "$(wrk_p99_ms "$OUT/wrk-rec-sync-paced.txt")"
    wrk_run rec-slow-paced memory-slow 1 1 "$WRK_SECONDS" 1
    record rec-p99 1 slow "$(wrk_p99_ms "$OUT/wrk-rec-slow-paced.txt")"
    control GET memory-slow/ >"$OUT/slow-after.json"   # the backlog the paced phase left (dropped with the server)
    record rec-slow-backlog 1 slow "$(json_field depth <"$OUT/slow-after.json")"
    record rec-slow-runs 1 slow "$(json_field runs <"$OUT/slow-after.json")"
    stop_server
}

# ---------------------------------------------------------------- report of one run
value() { awk -F'\t' -v k="$1" -v t="$2" -v n="$3" '$1 == k && $2 == t && $3 == n { print $4 }' "$RESULTS"; }
jmh_value() {  # file suffix -> score
    local f=$1; [[ -f $f ]] || return 0; jmh_score "$f" "$2" | cut -f1
}
jmh_error() {
    local f=$1; [[ -f $f ]] || return 0; jmh_score "$f" "$2" | cut -f2
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "n/a"; else printf "%.2f", a / b }'; }
verdict() {  # value op goal [unit] -> met, or missed by how much
    awk -v r="$1" -v op="$2" -v t="$3" -v u="${4:-}" 'BEGIN {
        if (r == "n/a" || r == "") { print "not measured"; exit }
        ok = (op == ">=") ? (r + 0 >= t + 0) : (r + 0 <= t + 0)
        if (ok) print "**met**"; else printf "**missed** by %.2f%s\n", (op == ">=") ? t - r : r - t, u }'
}
fmt() { awk -v v="$1" 'BEGIN { if (v == "") print "n/a"; else printf "%.0f", v }'; }
pm() { awk -v v="$1" -v e="$2" 'BEGIN { if (v == "") print "n/a"; else if (e == "" || e == "NaN") printf "%.0f", v; else printf "%.0f ± %.0f", v, e }'; }
mean_wrk() { awk -F'\t' -v p="$1" -v k="$2" '$1 == k && $3 ~ "^"p"-[0-9]+$" { s += $4; n++ } END { if (n) printf "%.3f", s / n }' "$RESULTS"; }
sym() { [[ $1 == '>=' ]] && echo '≥' || echo '≤'; }
goal() {  # measurement callers value op goal [unit]: remembers the row for the summary over runs
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$RUN_INDEX" "$1" "$2" "$3" "$4" "$5" "${6:-}" >>"$RATIOS"
}
beside() {  # measurement callers measured baseline value: a ratio reported beside the goals (summed over runs too)
    goal "(beside) $1" "$2" "$5" '—' ''
    echo "| (beside) $1 | $2 | $3 | $4 | $5 | — | reported |"
}
row() {  # measurement callers hookguard baseline value op goal [unit]
    goal "$1" "$2" "$5" "$6" "$7" "${8:-}"
    echo "| $1 | $2 | $3 | $4 | $5${8:-} | $(sym "$6") $7${8:-} | $(verdict "$5" "$6" "$7" "${8:-}") |"
}
race_line() { [[ -f $OUT/race.tsv ]] && awk -F'\t' -v c="$1" '$1 == c' "$OUT/race.tsv"; }
correctness() {  # contender -> "correct" or what went wrong in the race
    local line; line=$(race_line "$1")
    [[ -z $line ]] && { echo "race not run"; return; }
    awk -F'\t' '{ w = ""
        if ($4 > 0) w = w sprintf("%s of %s rounds had 2+ winners (up to %s); ", $4, $2, $6)
        if ($9 != "-" && $9 > 0) w = w sprintf("%s of %s completions not visible; ", $9, $8)
        if ($7 > 0) w = w sprintf("%s claims threw; ", $7)
        if ($9 == "-") w = w "keeps no completion state; "
        sub(/; $/, "", w); print (w == "") ? "correct" : w }' <<<"$line"
}
peer_rows() {  # csv prefix, our benchmark, the peer's benchmark, label, race contender
    local h b be r
    for n in $THREADS; do
        h=$(jmh_value "$OUT/jmh-$1-$n.csv" "$2")
        b=$(jmh_value "$OUT/jmh-$1-$n.csv" "$3")
        be=$(jmh_error "$OUT/jmh-$1-$n.csv" "$3"); r=$(ratio "$h" "$b")
        goal "$4 (events/s)" "$n" "$r" '>=' 1.0
        echo "| $4 (events/s; the peer in the race: $(correctness "$5")) | $n | $(fmt "$h") | $(pm "$b" "$be") | $r | ≥ 1.0 | $(verdict "$r" '>=' 1.0) |"
    done
}

report_run() {
    LOAD_END=$(cut -d' ' -f1-3 /proc/loadavg)
    echo "Run $RUN_INDEX of $RUNS, $(date -u +'%Y-%m-%d %H:%M UTC'), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)," \
        "$(nproc) cores ($(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)), $(free -g | awk '/^Mem:/ { print $2 }') GiB;" \
        "load average $LOAD_START at the start, $LOAD_END at the end; $(( ($(date +%s) - RUN_START) / 60 )) min; parts: $PARTS."
    echo "JMH: \`$JMH_OPTS\` for the stores and peers, \`$SIGNATURE_JMH_OPTS\` for signatures (score ± 99.9% error" \
        "over the measurement iterations); pgbench ${RAW_SECONDS}s per level; wrk ${WRK_SECONDS}s per run, $WRK_ROUNDS rounds" \
        "of $FILTER_PATHS at $WRK_CONNECTIONS connections, then one paced run each (1 connection, 1 ms between requests)$(
        wants recovery && echo "; recovery: $WRK_ROUNDS rounds of sync, intake and drain, then paced sync and slow")$( [[ ${QUICK:-0} == 1 ]] && echo '; QUICK=1, a smoke run: the figures mean nothing')."
    echo
    echo "| measurement | callers | Hookguard | baseline | ratio | goal | result |"
    echo "|---|---|---|---|---|---|---|"
    local n h he b r g f bare mem red limit pairs added
    if wants redis; then
        for op in "claimAndComplete new events: claim + completion (pairs/s)" "mostlyDuplicates 80 % duplicates (events/s)"; do
            for n in $THREADS; do
                h=$(jmh_value "$OUT/jmh-redis-$n.csv" "RedisStoreBenchmark.${op%% *}")
                he=$(jmh_error "$OUT/jmh-redis-$n.csv" "RedisStoreBenchmark.${op%% *}")
                b=$(jmh_value "$OUT/jmh-redis-$n.csv" "BareRedisBenchmark.${op%% *}"); r=$(ratio "$h" "$b")
                g=$([[ $n == 1 ]] && echo 0.8 || echo 0.9)
                row "Redis store vs bare Lettuce (2 EVALSHA of minimal scripts per new event, 1 per duplicate), ${op#* }" \
                    "$n" "$(pm "$h" "$he")" "$(fmt "$b")" "$r" '>=' "$g"
            done
        done
        # the feature floor: the bare scripts plus fingerprint, lease, open index and stored response (never a target)
        for op in "claimAndComplete new events" "mostlyDuplicates 80 % duplicates"; do
            for n in $THREADS; do
                f=$(jmh_value "$OUT/jmh-redis-$n.csv" "FloorRedisBenchmark.${op%% *}")
                b=$(jmh_value "$OUT/jmh-redis-$n.csv" "BareRedisBenchmark.${op%% *}")
                h=$(jmh_value "$OUT/jmh-redis-$n.csv" "RedisStoreBenchmark.${op%% *}")
                beside "feature floor vs bare Lettuce (the bare scripts + fingerprint, lease, open index, stored response), ${op#* }" \
                    "$n" "$(fmt "$f")" "$(fmt "$b")" "$(ratio "$f" "$b")"
                beside "Redis store vs the feature floor, ${op#* }" "$n" "$(fmt "$h")" "$(fmt "$f")" "$(ratio "$h" "$f")"
            done
        done
        if [[ ${STORE_COMMANDS:-0} == 1 ]]; then
            for n in $THREADS; do
                h=$(jmh_value "$OUT/jmh-redis-$n.csv" RedisStoreBenchmark.claimAndComplete); b=$(value redis-raw "$n" pairs)
                echo "| (beside) Redis store vs redis-benchmark sending the store's own scripts (pairs/s) | $n | $(fmt "$h") | $(fmt "$b") | $(ratio "$h" "$b") | — | reported |"
            done
        fi
    fi
    if wants jdbc; then
        for op in "claimAndComplete new events: claim + completion (pairs/s)" "mostlyDuplicates 80 % duplicates (events/s)"; do
            for n in $THREADS; do
                h=$(jmh_value "$OUT/jmh-jdbc-$n.csv" "JdbcStoreBenchmark.${op%% *}")
                he=$(jmh_error "$OUT/jmh-jdbc-$n.csv" "JdbcStoreBenchmark.${op%% *}")
                b=$(jmh_value "$OUT/jmh-jdbc-$n.csv" "BareJdbcBenchmark.${op%% *}"); r=$(ratio "$h" "$b")
                row "JDBC store vs bare JDBC (guarded UPSERT + fenced UPDATE per new event, the UPSERT per duplicate), ${op#* }" \
                    "$n" "$(pm "$h" "$he")" "$(fmt "$b")" "$r" '>=' 1.0
            done
        done
        for n in $THREADS; do
            h=$(jmh_value "$OUT/jmh-jdbc-$n.csv" JdbcStoreBenchmark.claimAndComplete); b=$(value pg-raw "$n" pairs)
            echo "| (beside) JDBC store vs pgbench sending the store's own statements (pairs/s) | $n | $(fmt "$h") | $(fmt "$b") | $(ratio "$h" "$b") | — | reported |"
            h=$(jmh_value "$OUT/jmh-jdbc-$n.csv" JdbcStoreBenchmark.mostlyDuplicates); b=$(value pg-raw "$n" mostly-duplicates)
            echo "| (beside) JDBC store vs pgbench sending the store's own statements, 80 % duplicates (events/s) | $n | $(fmt "$h") | $(fmt "$b") | $(ratio "$h" "$b") | — | reported |"
        done
        peer_rows jdbc JdbcStoreBenchmark.claimAndComplete CamelJdbcBenchmark.addAndConfirm \
            "JDBC store vs Camel JdbcMessageIdRepository add + confirm" camel-jdbc
        for n in $THREADS; do   # the ceiling: the bare job of the plain mode (two auto-committed statements) vs Camel's
            b=$(jmh_value "$OUT/jmh-jdbc-$n.csv" BareJdbcBenchmark.claimAndComplete)
            f=$(jmh_value "$OUT/jmh-jdbc-$n.csv" CamelJdbcBenchmark.addAndConfirm)
            beside "bare JDBC (guarded UPSERT + fenced UPDATE, two commits) vs Camel add + confirm (one commit)" \
                "$n" "$(fmt "$b")" "$(fmt "$f")" "$(ratio "$b" "$f")"
        done
        peer_rows jdbc TransactionalExecutorBenchmark.executeInTransaction CamelJdbcBenchmark.addAndConfirm \
            "JDBC transactional path (claim, a handler answering an empty 200, one commit) vs Camel JdbcMessageIdRepository add + confirm" camel-jdbc
        peer_rows jdbc JdbcStoreBenchmark.claimAndComplete SpringJdbcMetadataBenchmark.putIfAbsentAndReplace \
            "JDBC store vs Spring Integration JdbcMetadataStore putIfAbsent + replace" spring-integration-jdbc
    fi
    if wants redis; then
        peer_rows redis RedisStoreBenchmark.claimAndComplete SpringRedisMetadataBenchmark.putIfAbsentAndReplace \
            "Redis store vs Spring Integration RedisMetadataStore putIfAbsent + replace" spring-integration-redis
    fi
    if wants filter; then
        bare=$(mean_wrk bare wrk); mem=$(mean_wrk memory wrk); red=$(mean_wrk redis wrk)
        tsig=$(value mac-nanos 1 github)
        limit=$(awk -v a="$bare" -v t="$tsig" 'BEGIN { if (a != "" && t != "" && a > 0) printf "%.1f", 1 / (1 / a + t / 1e9) }')
        row "Filter, in-memory store, vs the limit 1/(1/bare + t_sig), t_sig = $tsig ns: a prepared HmacSHA256 over the body (requests/s, mean of $WRK_ROUNDS rounds)" \
            "$WRK_CONNECTIONS" "$(fmt "$mem")" "$(fmt "$limit")" "$(ratio "$mem" "$limit")" '>=' 0.9
        echo "| Filter, in-memory store, vs bare (requests/s, mean of $WRK_ROUNDS rounds) | $WRK_CONNECTIONS | $(fmt "$mem") | $(fmt "$bare") | $(ratio "$mem" "$bare") | — | reported |"
        # the feature floor (FloorFilter: signature, SHA-256 fingerprint, a ConcurrentHashMap claim, the response kept
        # for replay, nothing else): what any filter doing this work pays; never a target
        f=$(mean_wrk floor wrk)
        beside "filter feature floor (/floor: signature, fingerprint, a map claim, stored response) vs the limit (requests/s)" \
            "$WRK_CONNECTIONS" "$(fmt "$f")" "$(fmt "$limit")" "$(ratio "$f" "$limit")"
        beside "Filter, in-memory store, vs the filter feature floor (requests/s)" "$WRK_CONNECTIONS" "$(fmt "$mem")" "$(fmt "$f")" "$(ratio "$mem" "$f")"
        added=$(awk -v a="$(mean_wrk floor wrk-p99)" -v b="$(mean_wrk bare wrk-p99)" 'BEGIN { if (a != "" && b != "") printf "%.3f", a - b }')
        beside "filter feature floor: p99 added latency under load (ms)" "$WRK_CONNECTIONS" \
            "$(mean_wrk floor wrk-p99) ms" "$(mean_wrk bare wrk-p99) ms" "$added"
        added=$(awk -v a="$(value wrk-p99 1 floor)" -v b="$(value wrk-p99 1 bare)" 'BEGIN { if (a != "" && b != "") printf "%.3f", a - b }')
        beside "filter feature floor: p99 added latency, paced (ms)" 1 "$(value wrk-p99 1 floor) ms" "$(value wrk-p99 1 bare) ms" "$added"
        pairs=$(jmh_value "$OUT/jmh-redis-$WRK_CONNECTIONS.csv" BareRedisBenchmark.claimAndComplete)
        limit=$(awk -v a="$bare" -v b="$pairs" 'BEGIN { if (a != "" && b != "" && a > 0 && b > 0) printf "%.1f", 1 / (1 / a + 1 / b) }')
        if [[ -n $limit ]]; then
            row "Filter, Redis store, vs the derived limit 1/(1/bare + 1/bare Lettuce pairs at $WRK_CONNECTIONS) (requests/s)" \
                "$WRK_CONNECTIONS" "$(fmt "$red")" "$(fmt "$limit")" "$(ratio "$red" "$limit")" '>=' 0.9
        fi
        echo "| Filter, Redis store, vs bare (requests/s, mean of $WRK_ROUNDS rounds) | $WRK_CONNECTIONS | $(fmt "$red") | $(fmt "$bare") | $(ratio "$red" "$bare") | — | reported |"
        for path in memory redis; do
            added=$(awk -v a="$(value wrk-p99 1 "$path")" -v b="$(value wrk-p99 1 bare)" 'BEGIN { if (a != "" && b != "") printf "%.3f", a - b }')
            if [[ $path == memory ]]; then
                row "Filter, $path store: p99 added latency, paced: 1 connection, 1 ms between requests" 1 \
                    "$(value wrk-p99 1 "$path") ms" "$(value wrk-p99 1 bare) ms" "$added" '<=' 0.1 " ms"
            else
                echo "| Filter, $path store: p99 added latency, paced | 1 | $(value wrk-p99 1 "$path") ms | $(value wrk-p99 1 bare) ms | $added ms | — | reported |"
            fi
        done
        local body_bytes bare_alloc path_alloc
        body_bytes=$(wc -c <"$BENCH/wrk/github-push.json")
        bare_alloc=$(mean_wrk bare wrk-alloc)
        for path in memory redis; do
            path_alloc=$(mean_wrk "$path" wrk-alloc)
            added=$(awk -v a="$path_alloc" -v b="$bare_alloc" 'BEGIN { if (a != "" && b != "") printf "%.0f", a - b }')
            [[ -z $added ]] && continue
            goal "Filter, $path store: bytes allocated per delivery beyond bare, in request bodies ($body_bytes bytes)" \
                "$WRK_CONNECTIONS" "$(awk -v a="$added" -v b="$body_bytes" 'BEGIN { printf "%.2f", a / b }')" '<=' 2 "×"
            echo "| Filter, $path store: bytes allocated per delivery (server threads), beyond bare; in bodies of $body_bytes bytes | $WRK_CONNECTIONS | $(fmt "$path_alloc") B | $(fmt "$bare_alloc") B | +$added B = $(awk -v a="$added" -v b="$body_bytes" 'BEGIN { printf "%.2f", a / b }')× the body | ≤ 2× | $(verdict "$(awk -v a="$added" -v b="$body_bytes" 'BEGIN { printf "%.2f", a / b }')" '<=' 2 "×") |"
        done
        path_alloc=$(mean_wrk floor wrk-alloc)
        added=$(awk -v a="$path_alloc" -v b="$bare_alloc" -v n="$body_bytes" 'BEGIN { if (a != "" && b != "") printf "%.2f", (a - b) / n }')
        beside "filter feature floor: bytes allocated per delivery beyond bare, in bodies" "$WRK_CONNECTIONS" \
            "$(fmt "$path_alloc") B" "$(fmt "$bare_alloc") B" "$added"
        for path in memory redis; do
            added=$(awk -v a="$(mean_wrk "$path" wrk-p99)" -v b="$(mean_wrk bare wrk-p99)" 'BEGIN { if (a != "" && b != "") printf "%.3f", a - b }')
            if [[ $path == memory ]]; then
                row "Filter, $path store: p99 added latency under load" "$WRK_CONNECTIONS" \
                    "$(mean_wrk "$path" wrk-p99) ms" "$(mean_wrk bare wrk-p99) ms" "$added" '<=' 5 " ms"
            else
                echo "| Filter, $path store: p99 added latency under load | $WRK_CONNECTIONS | $(mean_wrk "$path" wrk-p99) ms | $(mean_wrk bare wrk-p99) ms | $added ms | — | reported |"
            fi
        done
    fi
    if wants recovery; then
        local sync intake drained
        sync=$(mean_wrk sync rec-sync); intake=$(mean_wrk intake rec-intake); drained=$(mean_wrk drain rec-drain)
        row "Async intake vs sync path, same trivial handler, in-memory store (answers/s, mean of $WRK_ROUNDS rounds)" \
            "$WRK_CONNECTIONS" "$(fmt "$intake")" "$(fmt "$sync")" "$(ratio "$intake" "$sync")" '>=' 1.0
        row "Dispatcher drain of a backlog of about $DRAIN_EVENTS events vs sync path (events/s vs requests/s, mean of $WRK_ROUNDS rounds)" \
            "$WRK_CONNECTIONS" "$(fmt "$drained")" "$(fmt "$sync")" "$(ratio "$drained" "$sync")" '>=' 0.5
        added=$(awk -v a="$(value rec-p99 1 slow)" -v b="$(value rec-p99 1 sync)" 'BEGIN { if (a != "" && b != "") printf "%.3f", a - b }')
        row "Async intake p99 in front of a 2 s handler vs the sync path's p99 with the trivial handler, paced: 1 connection, 1 ms between requests" \
            1 "$(value rec-p99 1 slow) ms" "$(value rec-p99 1 sync) ms" "$added" '<=' 1 " ms"
        echo "| (the paced 2 s-handler phase left $(value rec-slow-backlog 1 slow) events queued after $(value rec-slow-runs 1 slow) handler runs: the dispatcher was busy throughout) | | | | | | reported |"
    fi
    if wants signature; then
        local pair v ve m me
        for pair in "stripeVerify rawMacStripeContent Stripe" "githubVerify rawMacBody GitHub" \
            "twilioSmsVerify rawMacTwilioSmsContent Twilio_(SMS_webhook_form)" \
            "twilioVerify rawMacTwilioContent Twilio_(worst_case:_an_escape_every_4_bytes)" \
            "paddleVerify rawMacPaddleContent Paddle" \
            "squareVerify rawMacSquareContent Square"; do
            set -- $pair
            v=$(jmh_value "$OUT/jmh-signature.csv" "SignatureBenchmark.$1"); ve=$(jmh_error "$OUT/jmh-signature.csv" "SignatureBenchmark.$1")
            m=$(jmh_value "$OUT/jmh-signature.csv" "SignatureBenchmark.$2"); me=$(jmh_error "$OUT/jmh-signature.csv" "SignatureBenchmark.$2")
            row "${3//_/ } verification of 4 KiB vs prepared Mac.doFinal (ops/s; ratio = time of verify / time of Mac)" 1 \
                "$(pm "$v" "$ve")" "$(pm "$m" "$me")" "$(ratio "$m" "$v")" '<=' 1.5 "×"
        done
        for pair in "standardWebhooksV1aVerify rawEd25519Verify Standard_Webhooks_v1a_(Ed25519)" \
            "sendGridVerify rawEcdsaVerify SendGrid_(ECDSA_P-256)"; do
            set -- $pair
            v=$(jmh_value "$OUT/jmh-signature.csv" "SignatureBenchmark.$1"); ve=$(jmh_error "$OUT/jmh-signature.csv" "SignatureBenchmark.$1")
            m=$(jmh_value "$OUT/jmh-signature.csv" "SignatureBenchmark.$2"); me=$(jmh_error "$OUT/jmh-signature.csv" "SignatureBenchmark.$2")
            echo "| ${3//_/ } verification of 4 KiB vs the JDK's bare Signature.verify (ops/s; ratio of times) | 1 | $(pm "$v" "$ve") | $(pm "$m" "$me") | $(ratio "$m" "$v")× | — | reported |"
        done
    fi
    if wants race; then
        echo
        race_table "$OUT/race.tsv"
    fi
    echo
    if wants redis && [[ ${STORE_COMMANDS:-0} == 1 ]]; then
        echo "Raw rates: $(awk -F'\t' '$1 == "redis-raw" && $3 != "pairs" { printf "redis-benchmark %s c=%s %.0f/s; ", $3, $2, $4 }' "$RESULTS")"
    fi
    if wants filter; then
        echo "wrk rounds (requests/s): $(awk -F'\t' '$1 == "wrk" && $2 != 1 { printf "%s %.0f; ", $3, $4 }' "$RESULTS")"
        echo "Filter server GC (G1, default heap): $(gc_summary "$OUT/filter-gc.txt")."
    fi
    if wants recovery; then
        echo "Recovery rounds: $(awk -F'\t' '$1 ~ /^rec-(sync|intake|drain|drained)$/ { printf "%s %s %.0f; ", $1, $3, $4 }' "$RESULTS")"
        echo "Recovery server GC (G1, default heap): $(gc_summary "$OUT/recovery-gc.txt")."
    fi
}

gc_summary() {  # GC log -> pauses, total and longest
    awk '/Pause/ { n++; v = $NF; sub(/ms$/, "", v); s += v; if (v + 0 > m) m = v + 0 }
        END { printf "%d pauses, %.0f ms in total, the longest %.0f ms", n, s, m }' "$1"
}

race_table() {  # race.tsv files -> one table, summed over them
    echo "Concurrent-duplicate race ($RACE_THREADS threads released together on one new id per round; every winner completes it):"
    echo
    echo "| store or peer | rounds | rounds with 2+ winners (incorrect) | most winners in a round | rounds with no winner | claims that threw | completions that returned success | of those, not visible in the record |"
    echo "|---|---|---|---|---|---|---|---|"
    awk -F'\t' 'FNR > 1 { if (!($1 in r)) order[++k] = $1; r[$1] += $2; mw[$1] += $4; nw[$1] += $5
            if ($6 > mx[$1]) mx[$1] = $6; e[$1] += $7; c[$1] += $8
            if ($9 == "-") u[$1] = "— (keeps no completion state)"; else if (u[$1] !~ /^—/) u[$1] += $9 }
        END { for (i = 1; i <= k; i++) { n = order[i]
            printf "| %s | %d | %s%d%s | %d | %d | %d | %d | %s |\n", n, r[n], (mw[n] > 0) ? "**" : "", mw[n], (mw[n] > 0) ? "**" : "",
                mx[n], nw[n], e[n], c[n], u[n] } }' "$@"
}

# ---------------------------------------------------------------- the runs
LOAD_FIRST=$(cut -d' ' -f1-3 /proc/loadavg)
: >"$RATIOS"
for RUN_INDEX in $(seq 1 "$RUNS"); do
    OUT="$TOP/run$RUN_INDEX"
    mkdir -p "$OUT"
    cp "$TOP/seq-random.so" "$TOP/claim_complete.sql" "$TOP/mostly_duplicates.sql" "$TOP"/claim.lua "$TOP"/complete.lua "$OUT/"
    RESULTS="$OUT/results.tsv"
    : >"$RESULTS"
    LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
    RUN_START=$(date +%s)
    log "run $RUN_INDEX of $RUNS: $PARTS"
    if wants redis || wants jdbc; then measure_stores; fi
    if wants race; then measure_race; fi
    if wants signature; then measure_signatures; fi
    if wants filter; then measure_filter; fi
    if wants recovery; then measure_recovery; fi
    report_run >"$OUT/results.md"
done

# ---------------------------------------------------------------- summary over the runs
REPORT="$TOP/results.md"
{
    echo "$RUNS run(s) of \`bash benchmarks/run.sh\` (RUNS=$RUNS, PARTS=\"$PARTS\", THREADS=\"$THREADS\"), $(date -u +'%Y-%m-%d %H:%M UTC')," \
        "commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown); load average $LOAD_FIRST at the start," \
        "$(cut -d' ' -f1-3 /proc/loadavg) at the end; $(( ($(date +%s) - START) / 60 )) min. Each run's own table is in run<i>/results.md$( [[ ${QUICK:-0} == 1 ]] && echo '; QUICK=1, a smoke run: the figures mean nothing')."
    echo
    echo "| measurement | callers | mean | spread (min–max) | each run | goal | result (on the mean) |"
    echo "|---|---|---|---|---|---|---|"
    awk -F'\t' '{ k = $2 SUBSEP $3; if (!(k in seen)) { seen[k] = 1; order[++n] = k; op[k] = $5; g[k] = $6; u[k] = $7 }
            each[k] = each[k] (each[k] == "" ? "" : " · ") $4
            if ($4 != "n/a" && $4 != "") { s[k] += $4; c[k]++; if (!(k in lo) || $4 + 0 < lo[k]) lo[k] = $4 + 0; if (!(k in hi) || $4 + 0 > hi[k]) hi[k] = $4 + 0 } }
        END { for (i = 1; i <= n; i++) { k = order[i]; split(k, p, SUBSEP)
            if (!c[k]) { printf "| %s | %s | n/a | n/a | %s | %s %s%s | not measured |\n", p[1], p[2], each[k], (op[k] == ">=") ? "≥" : "≤", g[k], u[k]; continue }
            m = s[k] / c[k]
            if (op[k] == "—") { printf "| %s | %s | %.2f | %.2f–%.2f | %s | — | reported |\n", p[1], p[2], m, lo[k], hi[k], each[k]; continue }
            ok = (op[k] == ">=") ? (m >= g[k]) : (m <= g[k])
            res = ok ? "**met**" : sprintf("**missed** by %.2f%s", (op[k] == ">=") ? g[k] - m : m - g[k], u[k])
            printf "| %s | %s | %.2f%s | %.2f–%.2f%s | %s | %s %s%s | %s |\n", p[1], p[2], m, u[k], lo[k], hi[k], u[k], each[k], (op[k] == ">=") ? "≥" : "≤", g[k], u[k], res } }' "$RATIOS"
    if wants race; then
        echo
        race_table "$TOP"/run*/race.tsv
    fi
} >"$REPORT"
cat "$REPORT"
log "done: $REPORT (each run's raw outputs in $TOP/run<i>/)"
