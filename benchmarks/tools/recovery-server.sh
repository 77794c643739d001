# Sourced by profile.sh and switches.sh: starts benchmarks' FilterServer --recovery (JVM options from
# SERVER_JAVA_OPTS) with its output in $OUT/server.txt, stops it on exit, and defines what both scripts run on it.
# Expects BENCH (the benchmarks folder) and OUT (the run folder); sets JAR, DRAIN_EVENTS (20000), PID and BASE.
JAR="${BENCH_JAR:-$BENCH/target/benchmarks.jar}"; DRAIN_EVENTS=${DRAIN_EVENTS:-20000}; mkdir -p "$OUT"
export HOOKGUARD_BENCH_BODY="$BENCH/wrk/github-push.json"
HOOKGUARD_BENCH_SIGNATURE=$(java -cp "$JAR" dev.hookguard.benchmarks.tools.BenchTool github-signature "$HOOKGUARD_BENCH_BODY")
export HOOKGUARD_BENCH_SIGNATURE
java ${SERVER_JAVA_OPTS:-} -cp "$JAR" dev.hookguard.benchmarks.filter.FilterServer --port 0 --recovery >"$OUT/server.txt" 2>&1 &
PID=$!; trap 'kill $PID 2>/dev/null || true' EXIT
for _ in $(seq 1 60); do grep -qs '^listening on ' "$OUT/server.txt" && break; sleep 0.5; done
BASE=$(awk '/^listening on / { print $3 }' "$OUT/server.txt")

# w name path seconds: wrk at 16 connections on $BASE/<path>/hook, signed GitHub deliveries with new ids
w() { HOOKGUARD_BENCH_RUN="r$RANDOM-$1" wrk -t2 -c16 -d"$3"s --timeout 10s --latency -s "$BENCH/wrk/github-signed.lua" "$BASE/$2/hook" >"$OUT/wrk-$1.txt" 2>&1; }
field() { tr -d '{}"' | tr ',:' '\n ' | awk -v k="$1" '$1 == k { print $2 }'; }  # a JSON answer's field
cpu() { awk '/^cpu / { print $2+$3+$4+$7+$8, $5+$6 }' /proc/stat; }  # busy, idle(+iowait) jiffies
fill() {  # queues about DRAIN_EVENTS events on the held /memory-async and waits for the last answers
    HOOKGUARD_BENCH_RUN="r$RANDOM-fill" wrk -t2 -c16 -d120s --timeout 10s -s "$BENCH/wrk/github-signed.lua" "$BASE/memory-async/hook" >"$OUT/wrk-fill.txt" 2>&1 &
    local wp=$!
    for _ in $(seq 1 2400); do [[ $(curl -fsS "$BASE/control/memory-async/" | field depth) -ge $DRAIN_EVENTS ]] && break; sleep 0.05; done
    kill -INT $wp; wait $wp || true; sleep 2
}
