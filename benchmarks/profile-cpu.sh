#!/usr/bin/env bash
# async-profiler CPU profile of one filter path under the load run.sh puts on it: FilterServer --recovery,
# wrk at 16 connections on /<FILTER_PATH>/hook (memory; also bare, floor, redis needs --redis, not served here),
# after a warm-up of /bare and of the path. Samples CPU time of every thread, Java, native, JIT and GC frames alike
# (EVENT=itimer, or EVENT=cpu where perf events are allowed), so unlike JFR's execution samples it neither skips
# threads in native code nor overweights the JDK's intrinsics (the SHA-256 stub: see the README). Writes
# profile.collapsed (one line per stack: frames;...;frame count) to RUN_DIR (benchmarks/target/profile-cpu) and
# prints the largest shares; read more with:  python3 benchmarks/tools/collapsed-top.py <file> [--children FRAME]
# async-profiler comes from Maven Central (tools.profiler:async-profiler, linux-x64), unpacked under target/.
#   FILTER_PATH=memory SECONDS_MEASURED=10 bash benchmarks/profile-cpu.sh
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd); BENCH=$ROOT/benchmarks
OUT="${RUN_DIR:-$BENCH/target/profile-cpu}"; mkdir -p "$OUT"
VERSION=${ASYNC_PROFILER_VERSION:-4.1}
LIB="$BENCH/target/async-profiler-$VERSION/linux-x64/libasyncProfiler.so"
if [[ ! -f $LIB ]]; then
    "$ROOT/mvnw" -q -f "$BENCH/pom.xml" dependency:copy -Dartifact="tools.profiler:async-profiler:$VERSION:jar:linux-x64" \
        -DoutputDirectory="$BENCH/target/async-profiler-$VERSION" -Dmdep.stripVersion=true
    (cd "$BENCH/target/async-profiler-$VERSION" && unzip -oq async-profiler-linux-x64.jar 'linux-x64/*')
fi
[[ -f $LIB ]] || { echo "profile-cpu.sh: no $LIB after unpacking async-profiler $VERSION" >&2; exit 1; }
source "$BENCH/tools/recovery-server.sh"
path=${FILTER_PATH:-memory}; seconds=${SECONDS_MEASURED:-10}
# jcmd reads key=value words as its own options: the agent's option string goes in quotes of its own
agent() { jcmd "$PID" JVMTI.agent_load "$LIB" "\"$1\"" >/dev/null; }
w warm-bare bare 5; w "warm-$path" "$path" 15   # C2 is still compiling the path after 10 s
agent "start,event=${EVENT:-itimer},interval=${INTERVAL:-1ms}"
w "$path" "$path" "$seconds"
agent "stop,collapsed,file=$OUT/profile.collapsed"
echo "$path: $(grep Requests/sec "$OUT/wrk-$path.txt")"
python3 "$BENCH/tools/collapsed-top.py" "$OUT/profile.collapsed"
