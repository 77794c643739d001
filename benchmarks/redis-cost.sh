#!/usr/bin/env bash
# Where a Redis event's cost goes, store against the bare job, on a private redis-server of this script's own (no
# persistence, 127.0.0.1, a free port, stopped at the end): for each workload (a new event's claim + completion; 80 %
# duplicates) and each of the Redis store and its baseline (bare.BareRedisBenchmark: raw Lettuce, minimal scripts),
# one JMH run at one caller, then the server's own figures from INFO commandstats (calls and µs per call of every
# command; Redis also counts the commands a script runs, so only EVALSHA's µs make the per-operation figure) and the
# JVM's CPU seconds (user + sys, /usr/bin/time, JMH's own work included). Server CPU is what a loaded machine
# distorts least.
#
#   bash benchmarks/redis-cost.sh        # after benchmarks/run.sh built benchmarks/target/benchmarks.jar
#
# Knobs: PORT (6391), JMH_OPTS ("-wi 1 -w 2s -i 2 -r 3s -f 1"), THREADS (1).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
JAR="${BENCH_JAR:-$ROOT/benchmarks/target/benchmarks.jar}"
PORT="${PORT:-6391}"
JMH_OPTS="${JMH_OPTS:--wi 1 -w 2s -i 2 -r 3s -f 1}"
THREADS="${THREADS:-1}"
OUT="${RUN_DIR:-$ROOT/benchmarks/target/redis-cost}"
[[ -f $JAR ]] || { echo "build benchmarks.jar first (bash benchmarks/run.sh or ./mvnw -pl benchmarks -am package)" >&2; exit 1; }
redis-cli -p "$PORT" PING >/dev/null 2>&1 && { echo "port $PORT is taken: set PORT" >&2; exit 1; }
mkdir -p "$OUT"
DIR=$(mktemp -d)
redis-server --port "$PORT" --bind 127.0.0.1 --dir "$DIR" --save '' --appendonly no --daemonize yes \
    --pidfile "$DIR/redis.pid" --logfile "$DIR/redis.log"
trap 'kill "$(cat "$DIR/redis.pid")" 2>/dev/null || true; rm -rf "$DIR"' EXIT
for _ in $(seq 1 50); do redis-cli -p "$PORT" PING >/dev/null 2>&1 && break; sleep 0.1; done
echo "| workload | candidate | callers | ops/s (JMH) | EVALSHA calls | µs per EVALSHA (server) | other commands (those run inside the scripts included) | server µs per operation (EVALSHA) | JVM CPU s |"
echo "|---|---|---|---|---|---|---|---|---|"
for workload in claimAndComplete mostlyDuplicates; do
    for candidate in bare.BareRedisBenchmark RedisStoreBenchmark; do
        name="$candidate.$workload"
        redis-cli -p "$PORT" CONFIG RESETSTAT >/dev/null
        /usr/bin/time -f "%U %S" -o "$OUT/$name.time" env HOOKGUARD_REDIS_URI="redis://127.0.0.1:$PORT" \
            java -jar "$JAR" "$name\$" -t "$THREADS" $JMH_OPTS -rf csv -rff "$OUT/$name.csv" >"$OUT/$name.txt" 2>&1
        redis-cli -p "$PORT" INFO commandstats | tr -d '\r' >"$OUT/$name.stats"
        score=$(awk -F, 'NR == 2 { gsub(/"/, ""); printf "%.0f", $5 }' "$OUT/$name.csv")
        awk -F'[:=,]' -v w="$workload" -v c="$candidate" -v n="$THREADS" -v s="$score" -v cpu="$(awk '{ print $1 + $2 }' "$OUT/$name.time")" '
            /^cmdstat_/ { cmd = substr($1, 9); calls[cmd] = $3; usec[cmd] = $5 }
            END {
                # operations the server saw: a new event is 2 EVALSHA, a duplicate 1 (80 % of the mixed workload)
                ops = (w == "claimAndComplete") ? calls["evalsha"] / 2 : calls["evalsha"] / 1.2
                other = ""; for (k in calls) if (k != "evalsha") other = other k "=" calls[k] " "
                printf "| %s | %s | %s | %s | %d | %.2f | %s | %.2f | %.1f |\n", w, c, n, s, calls["evalsha"],
                    calls["evalsha"] ? usec["evalsha"] / calls["evalsha"] : 0, other == "" ? "none" : other, usec["evalsha"] / ops, cpu }' "$OUT/$name.stats"
    done
done
