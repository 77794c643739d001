#!/usr/bin/env bash
# Runs every Hookguard benchmark in one go and writes the ratios to benchmarks/target/run/results.md.
#
#   bash benchmarks/run.sh
#
# Every figure is a ratio of two rates measured back to back in this run, on this machine:
#   1. Redis store: JMH claim+complete pairs/s at N callers vs redis-benchmark sending the store's commands with N
#      clients: ZADD to the open index, claim.lua, complete.lua, index-remove.lua (the scripts as the store
#      assembles them, prelude.lua first), one phase each.                                    target >= 0.7
#   2. JDBC store on PostgreSQL: JMH pairs/s vs pgbench -M prepared running the two statements the store sends,
#      with N clients.                                                                          target >= 0.8
#   3. Peers on the same Redis / PostgreSQL: Hookguard's pairs/s (and the transactional path's events/s, claim and
#      verdict committed once) vs Camel JdbcMessageIdRepository and Spring
#      Integration JdbcMetadataStore / RedisMetadataStore deduplicating new ids.               target >= 1.0
#   4. Filter overhead: wrk against one Jetty serving one handler bare, behind the filter on the in-memory store,
#      and behind the filter on the Redis store: throughput at WRK_CONNECTIONS, and the p99 latency of a paced
#      run (1 connection, 1 ms between requests).          target >= 0.85 of bare rps, p99 added < 1 ms (memory)
#   5. Signature: verifying a 4 KiB Stripe / GitHub / Twilio / Paddle / Square body vs one prepared Mac.doFinal
#      over the same bytes (target <= 1.5x time); Standard Webhooks v1a (Ed25519) and SendGrid (ECDSA) vs the
#      JDK's bare Signature.verify (reported).
#
# Services: HOOKGUARD_REDIS_URI (default redis://127.0.0.1:6379), HOOKGUARD_JDBC_URL
# (default jdbc:postgresql://127.0.0.1:5432/test), HOOKGUARD_JDBC_USER (postgres), HOOKGUARD_JDBC_PASSWORD.
# Everything written carries the prefix hookguard_bench: Redis keys expire after 2 minutes, the tables
# hookguard_bench* are created at the start and dropped at the end. Nothing else is touched.
#
# Knobs (environment): THREADS ("1 16 64"), JMH_OPTS ("-wi 3 -w 4s -i 3 -r 5s -f 1"), SIGNATURE_JMH_OPTS
# ("-wi 2 -w 2s -i 3 -r 3s -f 1"), RAW_SECONDS (10),
# WRK_SECONDS (10), WRK_CONNECTIONS (16), WRK_ROUNDS (2), REDIS_REQUESTS_ONE (100000), REDIS_REQUESTS_MANY
# (400000), SKIP_BUILD (set to 1 to reuse benchmarks.jar).
# Needs: java 17+, redis-cli, redis-benchmark (7.x), pgbench, cc, wrk (installed with apt-get when missing and
# run as root).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BENCH="$ROOT/benchmarks"
OUT="$BENCH/target/run"
JAR="$BENCH/target/benchmarks.jar"
PREFIX=hookguard_bench

export HOOKGUARD_REDIS_URI="${HOOKGUARD_REDIS_URI:-redis://127.0.0.1:6379}"
export HOOKGUARD_JDBC_URL="${HOOKGUARD_JDBC_URL:-jdbc:postgresql://127.0.0.1:5432/test}"
export HOOKGUARD_JDBC_USER="${HOOKGUARD_JDBC_USER:-postgres}"
export HOOKGUARD_JDBC_PASSWORD="${HOOKGUARD_JDBC_PASSWORD:-}"
THREADS="${THREADS:-1 16 64}"
JMH_OPTS="${JMH_OPTS:--wi 3 -w 4s -i 3 -r 5s -f 1}"
SIGNATURE_JMH_OPTS="${SIGNATURE_JMH_OPTS:--wi 2 -w 2s -i 3 -r 3s -f 1}"
RAW_SECONDS="${RAW_SECONDS:-10}"
WRK_SECONDS="${WRK_SECONDS:-10}"
WRK_CONNECTIONS="${WRK_CONNECTIONS:-16}"
WRK_ROUNDS="${WRK_ROUNDS:-2}"
REDIS_REQUESTS_ONE="${REDIS_REQUESTS_ONE:-100000}"   # redis-benchmark requests per phase with 1 client
REDIS_REQUESTS_MANY="${REDIS_REQUESTS_MANY:-400000}" # ... with more clients

log() { printf '%s  %s\n' "$(date +%T)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# ---------------------------------------------------------------- services and tools
[[ $HOOKGUARD_REDIS_URI =~ ^redis://([^:/]+)(:([0-9]+))?/?$ ]] || die "HOOKGUARD_REDIS_URI must be redis://host[:port]"
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
for tool in java redis-cli redis-benchmark pgbench cc wrk; do
    command -v "$tool" >/dev/null || die "$tool is missing"
done
redis() { redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" "$@"; }
redis PING >/dev/null || die "no Redis at $REDIS_HOST:$REDIS_PORT"

mkdir -p "$OUT"
rm -f "$OUT"/*.csv "$OUT"/*.txt "$OUT"/*.tsv
if [[ ${SKIP_BUILD:-0} != 1 || ! -f $JAR ]]; then
    log "building benchmarks.jar"
    (cd "$ROOT" && ./mvnw -B -q -pl benchmarks -am package -DskipTests)
fi
tool() { java -cp "$JAR" dev.hookguard.benchmarks.tools.BenchTool "$@"; }
jmh() { java -jar "$JAR" "$@" $JMH_OPTS; }
jmh_signature() { java -jar "$JAR" "$@" $SIGNATURE_JMH_OPTS; }

SERVER_PID=""
cleanup() {
    if [[ -n $SERVER_PID ]]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    tool teardown >/dev/null 2>&1 || log "could not drop the ${PREFIX}* tables"
}
trap cleanup EXIT

RUN=$(date +%H%M%S)
RESULTS="$OUT/results.tsv"   # kind, threads, name, value (one measured rate per line)
record() { printf '%s\t%s\t%s\t%s\n' "$@" >>"$RESULTS"; }
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
START=$(date +%s)

log "setting up: tables, pgbench script, Lua scripts, the redis-benchmark shim"
tool setup
tool pgbench-script "$OUT/claim_complete.sql"
cc -O2 -shared -fPIC -o "$OUT/seq-random.so" "$BENCH/tools/seq-random.c"
for script in claim complete index-remove; do   # as the store loads them: prelude.lua + the operation's file
    tool redis-script "$script.lua" "$OUT/$script.lua"
done
CLAIM_SHA=$(redis -x SCRIPT LOAD <"$OUT/claim.lua")
COMPLETE_SHA=$(redis -x SCRIPT LOAD <"$OUT/complete.lua")
REMOVE_SHA=$(redis -x SCRIPT LOAD <"$OUT/index-remove.lua")
PIN_TOKEN=1796000000000000   # the token pin-token.lua gives every claimed record (a time in µs, as the store's are)
mapfile -t CLAIM_ARGS < <(tool redis-claim-args)
MARK=${CLAIM_ARGS[3]}
mapfile -t COMPLETE_ARGS < <(tool redis-complete-args "$PIN_TOKEN")

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
    local n=$1 requests=$2 tag="raw${RUN}c$1"
    local key="$PREFIX:{$tag:__rand_int__}" index="$PREFIX:open:{$tag}"
    bench_phase() {  # name, command...: one redis-benchmark phase over the events 0..requests-1
        local name=$1; shift
        LD_PRELOAD="$OUT/seq-random.so" redis-benchmark -h "$REDIS_HOST" -p "$REDIS_PORT" -c "$n" -n "$requests" \
            -r 2000000000 --csv "$@" >"$OUT/redis-$name-$n.csv"
    }
    bench_phase zadd ZADD "$index" "$MARK" __rand_int__
    bench_phase claim EVALSHA "$CLAIM_SHA" 1 "$key" "${CLAIM_ARGS[@]}"
    local pinned   # not measured: the completions need to know the claims' tokens; see tools/pin-token.lua
    pinned=$(redis --eval "$BENCH/tools/pin-token.lua" , "$PREFIX" "$tag" "$PIN_TOKEN" "$requests")
    [[ $pinned == "$requests" ]] || die "pin-token.lua pinned $pinned of the $requests claimed records"
    bench_phase complete EVALSHA "$COMPLETE_SHA" 1 "$key" "${COMPLETE_ARGS[@]}"
    bench_phase remove EVALSHA "$REMOVE_SHA" 1 "$index" __rand_int__ "$MARK"
    local i m
    for i in 0 $((requests / 2)) $((requests - 1)); do   # the pairs really happened: claimed, then SUCCEEDED
        m=$(redis HGET "$(printf '%s:{%s:%012d}' "$PREFIX" "$tag" "$i")" m)
        [[ $m == 2S*,1,*,200 ]] || die "redis-benchmark's event $i is not SUCCEEDED after one attempt (m=$m)"
    done
    [[ $(redis ZCARD "$index") == 0 ]] || die "redis-benchmark left events in the open index $index"
    local phase rate sum=0
    for phase in zadd claim complete remove; do
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
}

for n in $THREADS; do
    requests=$((n == 1 ? REDIS_REQUESTS_ONE : REDIS_REQUESTS_MANY))
    log "Redis, $n client(s): redis-benchmark ($requests each of ZADD, claims, completions, index removals)"
    redis_raw "$n" "$requests"
    log "Redis, $n thread(s): JMH RedisStoreBenchmark, SpringRedisMetadataBenchmark"
    jmh 'RedisStoreBenchmark|SpringRedisMetadataBenchmark' -t "$n" -rf csv -rff "$OUT/jmh-redis-$n.csv" >"$OUT/jmh-redis-$n.txt" 2>&1 \
        || die "JMH failed: see $OUT/jmh-redis-$n.txt"
    log "PostgreSQL, $n client(s): pgbench ${RAW_SECONDS}s"
    pg_raw "$n"
    log "PostgreSQL, $n thread(s): JMH JdbcStoreBenchmark, TransactionalExecutorBenchmark, CamelJdbcBenchmark, SpringJdbcMetadataBenchmark"
    jmh 'JdbcStoreBenchmark|TransactionalExecutorBenchmark|CamelJdbcBenchmark|SpringJdbcMetadataBenchmark' -t "$n" -rf csv -rff "$OUT/jmh-jdbc-$n.csv" \
        >"$OUT/jmh-jdbc-$n.txt" 2>&1 || die "JMH failed: see $OUT/jmh-jdbc-$n.txt"
done

# ---------------------------------------------------------------- 5: signatures
log "signatures: JMH SignatureBenchmark, 1 thread"
jmh_signature 'SignatureBenchmark' -t 1 -rf csv -rff "$OUT/jmh-signature.csv" >"$OUT/jmh-signature.txt" 2>&1 \
    || die "JMH failed: see $OUT/jmh-signature.txt"

# ---------------------------------------------------------------- 4: filter overhead
log "filter overhead: Jetty with /bare, /memory and /redis, loaded by wrk"
java -Xlog:gc:file="$OUT/filter-gc.txt" -cp "$JAR" dev.hookguard.benchmarks.filter.FilterServer --port 0 --redis \
    >"$OUT/filter-server.txt" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 60); do
    grep -qs '^listening on ' "$OUT/filter-server.txt" && break
    kill -0 "$SERVER_PID" 2>/dev/null || die "the filter server did not start: see $OUT/filter-server.txt"
    sleep 0.5
done
BASE=$(awk '/^listening on / { print $3 }' "$OUT/filter-server.txt")
[[ -n $BASE ]] || die "the filter server did not start in 30 s"
export HOOKGUARD_BENCH_BODY="$BENCH/wrk/github-push.json"
HOOKGUARD_BENCH_SIGNATURE=$(tool github-signature "$HOOKGUARD_BENCH_BODY")
export HOOKGUARD_BENCH_SIGNATURE
wrk_run() {  # name path threads connections seconds [pause before each request, ms]
    HOOKGUARD_BENCH_DELAY_MS="${6:-}" HOOKGUARD_BENCH_RUN="$RUN-$1" wrk -t"$3" -c"$4" -d"$5s" --latency -s "$BENCH/wrk/github-signed.lua" "$BASE/$2/hook" \
        >"$OUT/wrk-$1.txt" 2>&1
    if [[ -n $(wrk_errors "$OUT/wrk-$1.txt") ]]; then die "wrk saw errors or non-2xx answers: see $OUT/wrk-$1.txt"; fi
}
FILTER_PATHS="bare memory redis"
for path in $FILTER_PATHS; do wrk_run "warmup-$path" "$path" 2 "$WRK_CONNECTIONS" 5; done
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
kill "$SERVER_PID"
wait "$SERVER_PID" 2>/dev/null || true
SERVER_PID=""

# ---------------------------------------------------------------- report
LOAD_END=$(cut -d' ' -f1-3 /proc/loadavg)
value() { awk -F'\t' -v k="$1" -v t="$2" -v n="$3" '$1 == k && $2 == t && $3 == n { print $4 }' "$RESULTS"; }
jmh_value() {  # file suffix -> score
    local f=$1; [[ -f $f ]] && jmh_score "$f" "$2" | cut -f1
}
jmh_error() {
    local f=$1; [[ -f $f ]] && jmh_score "$f" "$2" | cut -f2
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b == "" || b == 0) print "n/a"; else printf "%.2f", a / b }'; }
verdict() {  # ratio op target
    awk -v r="$1" -v op="$2" -v t="$3" 'BEGIN {
        if (r == "n/a") { print "not measured"; exit }
        ok = (op == ">=") ? (r + 0 >= t + 0) : (r + 0 <= t + 0); print ok ? "**met**" : "**not met**" }'
}
lt_verdict() { awk -v v="$1" -v t="$2" 'BEGIN { if (v == "") print "not measured"; else print (v + 0 < t + 0) ? "**met**" : "**not met**" }'; }
fmt() { awk -v v="$1" 'BEGIN { if (v == "") print "n/a"; else printf "%.0f", v }'; }
pm() { awk -v v="$1" -v e="$2" 'BEGIN { if (v == "") print "n/a"; else if (e == "" || e == "NaN") printf "%.0f", v; else printf "%.0f ± %.0f", v, e }'; }
mean_wrk() { awk -F'\t' -v p="$1" -v k="$2" '$1 == k && $3 ~ "^"p"-[0-9]+$" { s += $4; n++ } END { if (n) printf "%.3f", s / n }' "$RESULTS"; }
peer_rows() {  # csv prefix, our benchmark, the peer's benchmark, label -> one table row per thread count
    local h b be r
    for n in $THREADS; do
        h=$(jmh_value "$OUT/jmh-$1-$n.csv" "$2")
        b=$(jmh_value "$OUT/jmh-$1-$n.csv" "$3")
        be=$(jmh_error "$OUT/jmh-$1-$n.csv" "$3"); r=$(ratio "$h" "$b")
        echo "| $4 (events/s) | $n | $(fmt "$h") | $(pm "$b" "$be") | $r | ≥ 1.0 | $(verdict "$r" '>=' 1.0) |"
    done
}

REPORT="$OUT/results.md"
{
    echo "Run of $(date -u +'%Y-%m-%d %H:%M UTC'), commit $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)," \
        "$(nproc) cores ($(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)), $(free -g | awk '/^Mem:/ { print $2 }') GiB;" \
        "load average $LOAD_START at the start, $LOAD_END at the end; $(( ($(date +%s) - START) / 60 )) min."
    echo "JMH: \`$JMH_OPTS\` for the stores and peers, \`$SIGNATURE_JMH_OPTS\` for signatures (score ± 99.9% error" \
        "over the measurement iterations); pgbench ${RAW_SECONDS}s per level; wrk ${WRK_SECONDS}s per run, $WRK_ROUNDS rounds" \
        "of $FILTER_PATHS at $WRK_CONNECTIONS connections, then one paced run each (1 connection, 1 ms between requests)."
    echo
    echo "| measurement | callers | Hookguard | baseline | ratio | target | result |"
    echo "|---|---|---|---|---|---|---|"
    for n in $THREADS; do
        h=$(jmh_value "$OUT/jmh-redis-$n.csv" RedisStoreBenchmark.claimAndComplete)
        he=$(jmh_error "$OUT/jmh-redis-$n.csv" RedisStoreBenchmark.claimAndComplete)
        b=$(value redis-raw "$n" pairs); r=$(ratio "$h" "$b")
        echo "| Redis store vs redis-benchmark (pairs/s) | $n | $(pm "$h" "$he") | $(fmt "$b") | $r | ≥ 0.7 | $(verdict "$r" '>=' 0.7) |"
    done
    for n in $THREADS; do
        h=$(jmh_value "$OUT/jmh-jdbc-$n.csv" JdbcStoreBenchmark.claimAndComplete)
        he=$(jmh_error "$OUT/jmh-jdbc-$n.csv" JdbcStoreBenchmark.claimAndComplete)
        b=$(value pg-raw "$n" pairs); r=$(ratio "$h" "$b")
        echo "| JDBC store vs pgbench (pairs/s) | $n | $(pm "$h" "$he") | $(fmt "$b") | $r | ≥ 0.8 | $(verdict "$r" '>=' 0.8) |"
    done
    peer_rows jdbc JdbcStoreBenchmark.claimAndComplete CamelJdbcBenchmark.addAndConfirm \
        "JDBC store vs Camel JdbcMessageIdRepository"
    peer_rows jdbc TransactionalExecutorBenchmark.executeInTransaction CamelJdbcBenchmark.addAndConfirm \
        "JDBC transactional path (claim + verdict, one commit) vs Camel JdbcMessageIdRepository"
    peer_rows jdbc JdbcStoreBenchmark.claimAndComplete SpringJdbcMetadataBenchmark.putIfAbsent \
        "JDBC store vs Spring Integration JdbcMetadataStore"
    peer_rows redis RedisStoreBenchmark.claimAndComplete SpringRedisMetadataBenchmark.putIfAbsent \
        "Redis store vs Spring Integration RedisMetadataStore"
    bare=$(mean_wrk bare wrk); mem=$(mean_wrk memory wrk); red=$(mean_wrk redis wrk)
    r=$(ratio "$mem" "$bare")
    echo "| Filter, in-memory store, vs bare (requests/s, mean of $WRK_ROUNDS rounds) | $WRK_CONNECTIONS | $(fmt "$mem") | $(fmt "$bare") | $r | ≥ 0.85 | $(verdict "$r" '>=' 0.85) |"
    r=$(ratio "$red" "$bare")
    echo "| Filter, Redis store, vs bare (requests/s, mean of $WRK_ROUNDS rounds) | $WRK_CONNECTIONS | $(fmt "$red") | $(fmt "$bare") | $r | — | reported |"
    for path in memory redis; do
        added=$(awk -v a="$(value wrk-p99 1 "$path")" -v b="$(value wrk-p99 1 bare)" 'BEGIN { if (a != "" && b != "") printf "%+.3f", a - b }')
        target="< 1 ms"; result=$(lt_verdict "$added" 1)
        [[ $path == redis ]] && { target="—"; result="reported"; }
        echo "| Filter, $path store: p99 added latency (ms), paced: 1 connection, 1 ms between requests | 1 | $(value wrk-p99 1 "$path") | $(value wrk-p99 1 bare) | $added ms | $target | $result |"
    done
    for path in memory redis; do
        added=$(awk -v a="$(mean_wrk "$path" wrk-p99)" -v b="$(mean_wrk bare wrk-p99)" 'BEGIN { if (a != "" && b != "") printf "%+.3f", a - b }')
        echo "| Filter, $path store: p99 added latency (ms) under load | $WRK_CONNECTIONS | $(mean_wrk "$path" wrk-p99) | $(mean_wrk bare wrk-p99) | $added ms | — | reported |"
    done
    for pair in "stripeVerify rawMacStripeContent Stripe" "githubVerify rawMacBody GitHub" \
        "twilioVerify rawMacTwilioContent Twilio" "paddleVerify rawMacPaddleContent Paddle" \
        "squareVerify rawMacSquareContent Square"; do
        set -- $pair
        v=$(jmh_value "$OUT/jmh-signature.csv" "SignatureBenchmark.$1"); ve=$(jmh_error "$OUT/jmh-signature.csv" "SignatureBenchmark.$1")
        m=$(jmh_value "$OUT/jmh-signature.csv" "SignatureBenchmark.$2"); me=$(jmh_error "$OUT/jmh-signature.csv" "SignatureBenchmark.$2")
        r=$(ratio "$m" "$v")
        echo "| $3 verification of 4 KiB vs prepared Mac.doFinal (ops/s; ratio = time of verify / time of Mac) | 1 | $(pm "$v" "$ve") | $(pm "$m" "$me") | ${r}× | ≤ 1.5× | $(verdict "$r" '<=' 1.5) |"
    done
    for pair in "standardWebhooksV1aVerify rawEd25519Verify Standard_Webhooks_v1a_(Ed25519)" \
        "sendGridVerify rawEcdsaVerify SendGrid_(ECDSA_P-256)"; do
        set -- $pair
        v=$(jmh_value "$OUT/jmh-signature.csv" "SignatureBenchmark.$1"); ve=$(jmh_error "$OUT/jmh-signature.csv" "SignatureBenchmark.$1")
        m=$(jmh_value "$OUT/jmh-signature.csv" "SignatureBenchmark.$2"); me=$(jmh_error "$OUT/jmh-signature.csv" "SignatureBenchmark.$2")
        r=$(ratio "$m" "$v")
        echo "| ${3//_/ } verification of 4 KiB vs the JDK's bare Signature.verify (ops/s; ratio of times) | 1 | $(pm "$v" "$ve") | $(pm "$m" "$me") | ${r}× | — | reported |"
    done
    echo
    echo "Raw rates: $(awk -F'\t' '$1 == "redis-raw" && $3 != "pairs" { printf "redis-benchmark %s c=%s %.0f/s; ", $3, $2, $4 }' "$RESULTS")"
    echo "wrk rounds (requests/s): $(awk -F'\t' '$1 == "wrk" && $2 != 1 { printf "%s %.0f; ", $3, $4 }' "$RESULTS")"
    echo "Filter server GC (G1, default heap): $(awk '/Pause/ { n++; v = $NF; sub(/ms$/, "", v); s += v; if (v + 0 > m) m = v + 0 }
        END { printf "%d pauses, %.0f ms in total, the longest %.0f ms", n, s, m }' "$OUT/filter-gc.txt")."
} >"$REPORT"
cat "$REPORT"
log "done: $REPORT (raw outputs beside it)"
