#!/usr/bin/env python3
"""Moves Java types between packages (issue 25): git mv + package/import rewrite, repo-wide.

Usage: python3 ops/refactor/move_types.py ops/refactor/moves.txt [module-prefix ...]
moves.txt lines: `old.pkg.Type new.pkg` (# comments). Idempotent: a type already at its target is skipped.
Tests in the old package whose name starts with the type's name (longest matching type wins) move with it.
Afterwards run `spotless:apply` (it drops the imports added for names that only occur in comments) and
`python3 ops/refactor/publicize.py` until the reactor compiles. Not handled: package-info.java of a package that
moves whole (git mv it by hand), slash-form paths (`dev/hookguard/...` in pom excludes) and new top-level types of an
internal package that must become public (the loop in the commit that ran it makes them public).
"""
import os
import re
import subprocess
import sys

ROOT = subprocess.check_output(["git", "rev-parse", "--show-toplevel"], text=True).strip()
TEXT_EXT = (".java", ".md", ".imports", ".factories", ".xml", ".json", ".properties", ".yml", ".yaml", ".txt", ".kt")


def git_files():
    out = subprocess.check_output(["git", "ls-files"], cwd=ROOT, text=True)
    return [f for f in out.splitlines() if os.path.isfile(os.path.join(ROOT, f))]


def pkg_of(src):
    m = re.search(r"^package ([\w.]+);", src, re.M)
    return m.group(1) if m else None


def main():
    moves = {}
    for line in open(sys.argv[1]):
        line = line.split("#")[0].strip()
        if line:
            old, new = line.split()
            moves[old] = new
    prefixes = sys.argv[2:]
    files = git_files()
    java = [f for f in files if f.endswith(".java")]
    src = {f: open(os.path.join(ROOT, f)).read() for f in java}
    # types per package before the move (top-level = file name), per source root kind
    where = {}  # fq -> path of main file
    by_pkg = {}
    for f in java:
        p = pkg_of(src[f])
        if p is None or f.endswith("package-info.java"):
            continue
        name = os.path.basename(f)[:-5]
        by_pkg.setdefault(p, set()).add(name)
        if "/src/main/" in f:
            where[p + "." + name] = f
    todo = {}
    for old, new in moves.items():
        if old not in where:
            continue  # already moved or gone
        if prefixes and not any(where[old].startswith(x) for x in prefixes):
            continue
        todo[old] = new
    if not todo:
        print("nothing to move")
        return
    # tests that follow their type
    file_moves = {}  # path -> (old pkg, new pkg)
    for old, new in todo.items():
        file_moves[where[old]] = (old.rsplit(".", 1)[0], new)
    for f in java:
        if "/src/main/" in f or f.endswith("package-info.java"):
            continue
        p = pkg_of(src[f])
        stem = os.path.basename(f)[:-5]
        best = None
        for name in by_pkg.get(p, ()):
            fq = p + "." + name
            if fq in where and stem.startswith(name) and stem != name and (best is None or len(name) > len(best)):
                best = name
        if best and (p + "." + best) in todo:
            file_moves[f] = (p, todo[p + "." + best])
    # new location of every type: fq old -> new pkg
    new_pkg_of_type = {}
    for f, (op, np) in file_moves.items():
        new_pkg_of_type[op + "." + os.path.basename(f)[:-5]] = np
    # 1. qualified references everywhere
    pat = None
    if new_pkg_of_type:
        names = sorted(new_pkg_of_type, key=len, reverse=True)
        pat = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b(?![\w])")
    changed = {}
    for f in files:
        if not f.endswith(TEXT_EXT) or "/target/" in f:
            continue
        try:
            text = changed.get(f) or open(os.path.join(ROOT, f)).read()
        except UnicodeDecodeError:
            continue
        new = pat.sub(lambda m: new_pkg_of_type[m.group(1)] + "." + m.group(1).rsplit(".", 1)[1], text)
        # slash form in resources / docs paths
        if new != text:
            changed[f] = new
    # 2. package lines and same-package (import-free) references
    for f in java:
        text = changed.get(f, src[f])
        op = pkg_of(src[f])
        if op is None:
            continue
        np = file_moves[f][1] if f in file_moves else op
        if f in file_moves:
            text = re.sub(r"^package [\w.]+;", "package " + np + ";", text, count=1, flags=re.M)
        me = os.path.basename(f)[:-5]
        body = re.sub(r"^import .*$", "", text, flags=re.M)
        imported = set(re.findall(r"^import (?:static )?[\w.]+\.(\w+);", text, re.M))
        add = []
        for name in sorted(by_pkg.get(op, ())):
            if name == me:
                continue
            lp = new_pkg_of_type.get(op + "." + name, op)
            if lp == np or name in imported:
                continue
            if (f not in file_moves) and lp == op:
                continue
            if re.search(r"\b" + re.escape(name) + r"\b", body):
                add.append("import " + lp + "." + name + ";")
        if add:
            m = list(re.finditer(r"^import .*;$", text, re.M))
            pos = m[-1].end() if m else re.search(r"^package [\w.]+;", text, re.M).end()
            text = text[:pos] + "\n" + "\n".join(add) + ("\n" if not m else "") + text[pos:]
        if text != src[f]:
            changed[f] = text
    for f, text in changed.items():
        open(os.path.join(ROOT, f), "w").write(text)
    # 3. git mv
    for f, (op, np) in sorted(file_moves.items()):
        base = f.split("/src/")[0] + "/src/" + f.split("/src/")[1].split("/")[0] + "/java/"
        dest = base + np.replace(".", "/") + "/" + os.path.basename(f)
        os.makedirs(os.path.join(ROOT, os.path.dirname(dest)), exist_ok=True)
        subprocess.check_call(["git", "mv", f, dest], cwd=ROOT)
        print(op + "." + os.path.basename(f)[:-5], "->", np + "." + os.path.basename(f)[:-5])


if __name__ == "__main__":
    main()
