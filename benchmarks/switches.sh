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
OUT="${RUN_DIR:-$BENCH/target/switches}"; ROUNDS=${ROUNDS:-4}
source "$BENCH/tools/recovery-server.sh"
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
    fill
    start; drained=$(curl -fsS -X POST "$BASE/control/memory-async/")
    stop drain "$(echo "$drained" | field drained)" "$(echo "$drained" | awk -F'[:,}]' '{ print $2 / $6 }')"
done
