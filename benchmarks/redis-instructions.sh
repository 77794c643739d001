#!/usr/bin/env bash
# Server instructions per operation, the Redis store against the bare job: each candidate (bare.BareRedisBenchmark,
# bare.FloorRedisBenchmark, the feature floor reported beside, and RedisStoreBenchmark) and workload (a new event's claim + completion; 80 % duplicates) runs one JMH iteration at one
# caller against a private redis-server of this script's own (no persistence, 127.0.0.1, its own port) running under
# valgrind's callgrind. The counters are zeroed when the measured iteration starts and read when it ends; instructions
# divided by operations (EVALSHA / 2 for new events, EVALSHA / 1.2 for the mixed workload, as redis-cost.sh counts).
# Unlike time, an instruction count does not move with the machine's load: the same jar gives the same figure within
# about 1 %, so this is the figure to compare scripts by. It covers the server only (request parsing, the scripts,
# the commands they run, the replies), not the client.
#
#   bash benchmarks/redis-instructions.sh      # after benchmarks/run.sh (or ./mvnw -pl benchmarks -am package) built the jar
#
# Knobs: PORT (6398), SECONDS_MEASURED (15), BENCH_JAR. Needs valgrind (callgrind_control) and redis-server.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JAR="${BENCH_JAR:-$ROOT/benchmarks/target/benchmarks.jar}"
PORT="${PORT:-6398}"
SECS="${SECONDS_MEASURED:-15}"
[[ -f $JAR ]] || { echo "build benchmarks.jar first (bash benchmarks/run.sh or ./mvnw -pl benchmarks -am package)" >&2; exit 1; }
command -v callgrind_control >/dev/null || { echo "needs valgrind (apt-get install valgrind)" >&2; exit 1; }
redis-cli -p "$PORT" PING >/dev/null 2>&1 && { echo "port $PORT is taken: set PORT" >&2; exit 1; }

measure() { # benchmark -> "instructions-per-operation commands"
    local bench=$1 dir vg jmh
    dir=$(mktemp -d)
    valgrind --tool=callgrind --callgrind-out-file="$dir/cg.out" redis-server --port "$PORT" --bind 127.0.0.1 \
        --save '' --appendonly no --dir "$dir" >"$dir/valgrind.log" 2>&1 &
    vg=$!
    for _ in $(seq 1 150); do redis-cli -p "$PORT" PING >/dev/null 2>&1 && break; sleep 0.2; done
    HOOKGUARD_REDIS_URI="redis://127.0.0.1:$PORT" java -jar "$JAR" "$bench\$" -t 1 -wi 0 -i 1 -r "${SECS}s" -f 1 \
        >"$dir/jmh.txt" 2>&1 &
    jmh=$!
    for _ in $(seq 1 1200); do # the set-up (seeding) is done when the measured iteration starts
        grep -q "^Iteration   1" "$dir/jmh.txt" && break
        kill -0 "$jmh" 2>/dev/null || break
        sleep 0.1
    done
    callgrind_control -z "$vg" >/dev/null 2>&1
    redis-cli -p "$PORT" CONFIG RESETSTAT >/dev/null
    wait "$jmh" || { echo "JMH failed: $dir/jmh.txt" >&2; exit 1; }
    redis-cli -p "$PORT" INFO commandstats | tr -d '\r' >"$dir/stats"
    callgrind_control -d "$vg" >/dev/null 2>&1
    redis-cli -p "$PORT" SHUTDOWN NOSAVE >/dev/null 2>&1 || true
    wait "$vg" || true
    local total evalsha ops
    total=$(grep -h '^summary:\|^totals:' "$(ls -t "$dir"/cg.out.* | head -1)" | head -1 | awk '{ print $2 }')
    evalsha=$(sed -n 's/^cmdstat_evalsha:calls=\([0-9]*\),.*/\1/p' "$dir/stats")
    case $bench in *claimAndComplete) ops=$((evalsha / 2)) ;; *) ops=$((evalsha * 10 / 12)) ;; esac
    echo "$((total / ops)) $(grep '^cmdstat_' "$dir/stats" | grep -v 'evalsha\|config\|info\|hello\|script' \
        | sed 's/^cmdstat_\([a-z]*\):calls=\([0-9]*\),.*/\1=\2/' | tr '\n' ' ')"
    rm -rf "$dir"
}

echo "| workload | bare job, server instructions per operation | feature floor (beside) | Redis store | floor / bare | store / bare | commands the store's scripts ran |"
echo "|---|---|---|---|---|---|---|"
for workload in claimAndComplete mostlyDuplicates; do
    read -r bare _ < <(measure "bare.BareRedisBenchmark.$workload")
    read -r floor _ < <(measure "bare.FloorRedisBenchmark.$workload")
    read -r store commands < <(measure "RedisStoreBenchmark.$workload")
    echo "| $workload | $bare | $floor | $store | $(awk -v s="$floor" -v b="$bare" 'BEGIN { printf "%.2f", s / b }') | $(awk -v s="$store" -v b="$bare" 'BEGIN { printf "%.2f", s / b }') | $commands |"
done
