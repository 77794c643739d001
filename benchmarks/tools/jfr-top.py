# Aggregates `jfr print --json --events jdk.ExecutionSample` output: sample shares per thread, top self frames, and
# the inclusive share of Hookguard frames. Usage: jfr print --json --events jdk.ExecutionSample f.jfr | python3 jfr-top.py [N]
import json, sys, collections
# usage: jfr print --json --events jdk.ExecutionSample f.jfr | python3 top.py [N]
data = json.load(sys.stdin)
ev = data['recording']['events']
n = int(sys.argv[1]) if len(sys.argv) > 1 else 25
selfc = collections.Counter(); incl = collections.Counter(); threads = collections.Counter()
def fname(f):
    m = f['method']; return m['type']['name'] + '.' + m['name']
for e in ev:
    v = e['values']; st = v.get('stackTrace')
    t = v.get('sampledThread', {}) or {}
    tn = (t.get('javaName') or t.get('osName') or '?')
    import re; threads[re.sub(r'[-#]?\d+$', '', tn)] += 1
    if not st: continue
    frames = st['frames']
    if frames: selfc[fname(frames[0])] += 1
    seen = set()
    for f in frames:
        k = fname(f)
        if k in seen: continue
        seen.add(k); incl[k] += 1
tot = len(ev)
print(f"samples: {tot}")
print("threads:", ", ".join(f"{k} {v*100/tot:.0f}%" for k, v in threads.most_common(8)))
print("top self:"); [print(f"  {v*100/tot:5.1f}%  {k}") for k, v in selfc.most_common(n)]
print("top inclusive (dev.hookguard / notable):")
for k, v in incl.most_common(400):
    k = k.replace('/', '.')
    if k.startswith('dev.hookguard') or any(s in k for s in ('HttpClient', 'micrometer', 'slf4j', 'logback', 'Mac.', 'MessageDigest')):
        print(f"  {v*100/tot:5.1f}%  {k}")
