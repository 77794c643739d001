# Inclusive frame shares of the samples of the threads whose name starts with PREFIX, from
# `jfr print --json --events jdk.ExecutionSample`. Usage: ... | python3 jfr-threads.py PREFIX [N]
import json, sys, collections, re
data = json.load(sys.stdin); ev = data['recording']['events']
prefix = sys.argv[1] if len(sys.argv) > 1 else ''
n = int(sys.argv[2]) if len(sys.argv) > 2 else 30
incl = collections.Counter(); tot = 0
for e in ev:
    v = e['values']; t = v.get('sampledThread', {}) or {}
    tn = t.get('javaName') or t.get('osName') or '?'
    if not tn.startswith(prefix): continue
    st = v.get('stackTrace')
    if not st: continue
    tot += 1; seen = set()
    for f in st['frames']:
        m = f['method']; k = (m['type']['name'] + '.' + m['name']).replace('/', '.')
        k = re.sub(r'\$\$Lambda\$.*', '$$Lambda', k)
        if k in seen: continue
        seen.add(k); incl[k] += 1
print(f"thread prefix '{prefix}': {tot} samples")
for k, v in incl.most_common(n): print(f"  {v*100/tot:5.1f}%  {k}")
