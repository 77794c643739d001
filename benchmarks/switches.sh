#!/usr/bin/env bash
# Context switches per event (machine-wide, `perf stat -a -e context-switches`) and the CPU busy share of the filter
# server's three recovery phases, round by round: the sync path (/memory, wrk 10 s at 16 connections), async intake
# with its dispatcher held (/memory-async), and the dispatcher's drain of a backlog of DRAIN_EVENTS (20 000). On a
# 2-core VM a context switch is dear, and the dispatcher's transport decides how many a drained event costs
# (BENCHMARKS.md, issue 14). Needs wrk, curl and perf (Debian: linux-perf); run as root or with perf_event_paranoid
# at most 0. Nothing else should run on the machine.
#   ROUNDS=4 bash benchmarks/switches.sh
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd); BENCH=$ROOT/benchmarks
JAR="${BENCH_JAR:-$BENCH/target/benchmarks.jar}"; OUT="${RUN_DIR:-$BENCH/target/switches}"; mkdir -p "$OUT"
DRAIN_EVENTS=${DRAIN_EVENTS:-20000}; ROUNDS=${ROUNDS:-4}
export HOOKGUARD_BENCH_BODY="$BENCH/wrk/github-push.json"
export HOOKGUARD_BENCH_SIGNATURE=$(java -cp "$JAR" dev.hookguard.benchmarks.tools.BenchTool github-signature "$HOOKGUARD_BENCH_BODY")
java ${SERVER_JAVA_OPTS:-} -cp "$JAR" dev.hookguard.benchmarks.filter.FilterServer --port 0 --recovery >"$OUT/server.txt" 2>&1 &
PID=$!; trap 'kill $PID 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do grep -qs '^listening on ' "$OUT/server.txt" && break; sleep 0.5; done
BASE=$(awk '/^listening on / { print $3 }' "$OUT/server.txt")
w() { HOOKGUARD_BENCH_RUN="s$RANDOM-$1" wrk -t2 -c16 -d"$3"s --timeout 10s -s "$BENCH/wrk/github-signed.lua" "$BASE/$2/hook" >"$OUT/wrk-$1.txt" 2>&1; }
field() { tr -d '{}"' | tr ',:' '\n ' | awk -v k="$1" '$1 == k { print $2 }'; }
cpu() { awk '/^cpu / { print $2+$3+$4+$7+$8, $5+$6 }' /proc/stat; }  # busy, idle(+iowait) jiffies
start() { read -r B0 I0 < <(cpu); perf stat -a -e context-switches -x, -o "$OUT/stat.txt" & SP=$!; }
stop() {  # what, events, rate
    kill -INT $SP; wait $SP || true; read -r B1 I1 < <(cpu)
    awk -F, -v n="$2" -v what="$1" -v rate="$3" -v busy=$(( 100 * (B1 - B0) / ((B1 - B0) + (I1 - I0)) )) \
        '/context-switches/ { printf "%-7s %8.0f /s  %5.2f switches per event  CPU busy %d%%\n", what, rate, $1 / n, busy }' "$OUT/stat.txt"
}
w warm-sync memory 8; w warm-intake memory-async 5; curl -fsS -X POST "$BASE/control/memory-async/discard" >/dev/null
for round in $(seq 1 "$ROUNDS"); do
    echo "round $round"
    start; w sync memory 10; stop sync "$(awk '/requests in/ { print $1 }' "$OUT/wrk-sync.txt")" "$(awk '/Requests\/sec/ { print $2 }' "$OUT/wrk-sync.txt")"
    start; w intake memory-async 10; stop intake "$(awk '/requests in/ { print $1 }' "$OUT/wrk-intake.txt")" "$(awk '/Requests\/sec/ { print $2 }' "$OUT/wrk-intake.txt")"
    curl -fsS -X POST "$BASE/control/memory-async/discard" >/dev/null
    HOOKGUARD_BENCH_RUN="s$RANDOM-fill" wrk -t2 -c16 -d120s --timeout 10s -s "$BENCH/wrk/github-signed.lua" "$BASE/memory-async/hook" >"$OUT/wrk-fill.txt" 2>&1 &
    WP=$!
    for _ in $(seq 1 2400); do [[ $(curl -fsS "$BASE/control/memory-async/" | field depth) -ge $DRAIN_EVENTS ]] && break; sleep 0.05; done
    kill -INT $WP; wait $WP || true; sleep 2
    start; drained=$(curl -fsS -X POST "$BASE/control/memory-async/")
    stop drain "$(echo "$drained" | field drained)" "$(echo "$drained" | awk -F'[:,}]' '{ print $2 / $6 }')"
done
