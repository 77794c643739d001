#!/usr/bin/env python3
"""Makes public what a package split left package-private: reads `mvn test-compile` output (stdin) and adds
`public` to the declarations javac names in "X is not public in Y; cannot be accessed from outside package".

Usage: ./mvnw -B -o test-compile 2>&1 | python3 ops/refactor/publicize.py
"""
import os
import re
import subprocess
import sys

ROOT = subprocess.check_output(["git", "rev-parse", "--show-toplevel"], text=True).strip()
ERR = re.compile(r"(\w+)(\([^)]*\))? is not public in ([\w.]+); cannot be accessed from outside package")
MODS = "public|private|protected"


def find_file(fq):
    parts = fq.split(".")
    for i in range(len(parts), 0, -1):
        rel = "/".join(parts[:i]) + ".java"
        out = subprocess.run(["git", "ls-files", "*/" + rel], cwd=ROOT, capture_output=True, text=True).stdout.split()
        if out:
            return out[0], parts[i:]
    return None, None


def main():
    text = sys.stdin.read()
    # javac prints "in Y" with Y the simple or qualified class name; resolve simple names via the error's file imports
    errs = set()
    for line in text.splitlines():
        m = ERR.search(line)
        if not m:
            continue
        errs.add((m.group(1), m.group(3), line, bool(m.group(2))))
    done = 0
    for sym, owner, line, call in sorted(errs):
        fq = owner
        if re.match(r"^[a-z][\w]*(\.[a-z]\w*)+$", owner):
            fq = owner + "." + sym  # a top-level type of package `owner`
        elif "." not in owner or owner[0].isupper():
            fm = re.search(r"(/\S+\.java)", line)
            if not fm:
                continue
            s = open(fm.group(1)).read()
            top = owner.split(".")[0]
            im = re.search(r"^import ([\w.]+\." + top + r");", s, re.M)
            if not im:
                pk = re.search(r"^package ([\w.]+);", s, re.M).group(1)
                fq = pk + "." + owner
            else:
                fq = im.group(1) + owner[len(top):]
        path, nested = find_file(fq)
        if path is None:
            print("?", sym, owner)
            continue
        full = os.path.join(ROOT, path)
        s = open(full).read()
        if "." not in fq.split(".")[-1] and sym == fq.split(".")[-1] and not nested and not call:
            # the top-level type itself
            s2 = re.sub(
                r"^((?:(?:final|abstract|sealed|non-sealed)\s+)*)(class|interface|enum|record|@interface)\s+" + sym + r"\b",
                r"public \1\2 " + sym, s, count=1, flags=re.M)
        else:
            indent = " " * (4 * (1 + len(nested)))
            ctor = sym == (nested[-1] if nested else fq.split(".")[-1])
            typ = r"[\w.<>\[\], ?@]*?" if ctor else r"[\w.<>\[\], ?@]+?\s"
            decl = re.compile(
                r"^(" + indent + r")(?=\S)(?!(?:" + MODS + r"|return|new|throw)\b)((?:(?:static|final|abstract|synchronized|default|sealed|non-sealed)\s+)*"
                r"(?:(?:class|interface|enum|record)\s+" + sym + r"\b|(?:<[^>]+>\s+)?" + typ + sym + r"\s*[(;={]))",
                re.M)
            s2 = decl.sub(lambda m: m.group(1) + ("public " if not m.group(2).startswith("default") else "") + m.group(2), s)
        if s2 != s:
            open(full, "w").write(s2)
            done += 1
            print("public:", sym, "in", path)
        else:
            print("?? not found:", sym, "in", path)
    print(done, "files changed")


if __name__ == "__main__":
    main()
