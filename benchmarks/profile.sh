#!/usr/bin/env bash
# JFR profiles of the filter server (benchmarks' FilterServer --recovery) under the load run.sh puts on it: the sync
# path on the in-memory store (/memory, 10 s of wrk at 16 connections), async intake with its dispatcher held
# (/memory-async), and the dispatcher's drain of a backlog of DRAIN_EVENTS (20 000). Prints each phase's rate and the
# machine's CPU busy share, and writes filter.jfr, intake.jfr and drain.jfr to RUN_DIR (benchmarks/target/profile).
# Read them with:  jfr print --json --events jdk.ExecutionSample <file> | python3 benchmarks/tools/jfr-top.py
#                  (per thread: ... | python3 benchmarks/tools/jfr-threads.py hookguard-dispatch-poller)
# The "profile" JFR settings slow the server down (about 4x on 2 cores); read shares, not rates.
#   bash benchmarks/profile.sh
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd); BENCH=$ROOT/benchmarks
OUT="${RUN_DIR:-$BENCH/target/profile}"
source "$BENCH/tools/recovery-server.sh"
w warm-bare bare 5; w warm-mem memory 8; w warm-async memory-async 5
curl -fsS -X POST "$BASE/control/memory-async/discard" >/dev/null
jcmd $PID JFR.start name=filter settings=profile >/dev/null
read b0 i0 < <(cpu); w mem memory 10; read b1 i1 < <(cpu)
jcmd $PID JFR.stop name=filter filename=$OUT/filter.jfr >/dev/null
echo "filter: $(grep Requests/sec $OUT/wrk-mem.txt); CPU busy $(( 100*(b1-b0)/((b1-b0)+(i1-i0)) ))%"
jcmd $PID JFR.start name=intake settings=profile >/dev/null
read b0 i0 < <(cpu); w intake memory-async 10; read b1 i1 < <(cpu)
jcmd $PID JFR.stop name=intake filename=$OUT/intake.jfr >/dev/null
echo "intake: $(grep Requests/sec $OUT/wrk-intake.txt); CPU busy $(( 100*(b1-b0)/((b1-b0)+(i1-i0)) ))%"
curl -fsS -X POST "$BASE/control/memory-async/discard" >/dev/null
fill
jcmd $PID JFR.start name=drain settings=profile >/dev/null
read b0 i0 < <(cpu)
curl -fsS -X POST "$BASE/control/memory-async/" > $OUT/drain.json
read b1 i1 < <(cpu)
jcmd $PID JFR.stop name=drain filename=$OUT/drain.jfr >/dev/null
echo "drain: $(cat $OUT/drain.json); CPU busy $(( 100*(b1-b0)/((b1-b0)+(i1-i0)) ))%"
