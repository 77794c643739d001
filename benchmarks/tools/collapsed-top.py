# Summarises an async-profiler collapsed profile (one line per stack: frame;frame;...;frame count):
# the sample total, the top self frames and the inclusive share of every Hookguard frame; with --children FRAME,
# the frames called from the first frame containing FRAME, by inclusive samples.
# Usage: python3 collapsed-top.py profile.collapsed [--top N] [--children FRAME]
import argparse, collections

parser = argparse.ArgumentParser()
parser.add_argument("file")
parser.add_argument("--top", type=int, default=20)
parser.add_argument("--children")
args = parser.parse_args()

stacks = []
for line in open(args.file):
    stack, _, count = line.rstrip("\n").rpartition(" ")
    if stack:
        stacks.append((stack.split(";"), int(count)))
total = sum(n for _, n in stacks) or 1

def share(n):
    return f"{n * 100 / total:5.1f}%"

if args.children:
    kids = collections.Counter(); within = 0
    for frames, n in stacks:
        for i, frame in enumerate(frames):
            if args.children in frame:
                within += n
                kids[frames[i + 1] if i + 1 < len(frames) else "<self>"] += n
                break
    print(f"{args.children}: {share(within)} of {total} samples")
    for frame, n in kids.most_common(args.top):
        print(f"  {share(n)}  {frame}")
else:
    own = collections.Counter(); inclusive = collections.Counter()
    for frames, n in stacks:
        own[frames[-1]] += n
        for frame in set(frames):
            inclusive[frame] += n
    print(f"samples: {total}")
    print("top self:")
    for frame, n in own.most_common(args.top):
        print(f"  {share(n)}  {frame}")
    print("Hookguard frames, inclusive:")
    for frame, n in inclusive.most_common():
        if "dev/hookguard" in frame and n * 1000 >= 4 * total:
            print(f"  {share(n)}  {frame}")
