#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The project's files describe the project as it is: no file names work
sessions, issue numbers, work dates, commit hashes as anchors, or documents
outside the repository ("the design agreement"). Lists each offending line
and exits 1; exits 0 when there are none.

usage: check_present.py [ROOT]

Checked: README.md, docs/, src/, include/, apps/, provider/, tools/,
tests/ (not the vector and corpus data), cmake/, CMakeLists.txt, .ci/.
CHANGELOG.md may carry release dates; it is checked for the rest."""
import bisect
import os
import re
import sys

ORDINALS = (r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|"
            r"fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|fortieth|"
            r"(?:twenty|thirty|forty)-(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|\d+(?:st|nd|rd|th)")
RULES = [
    ("work session", re.compile(r"\b(?:" + ORDINALS + r")\s+session\b", re.I)),
    ("work session", re.compile(r"\b(?:this|last|previous|next|earlier|later|that|one)\s+session(?:'s)?\b(?!\s+(?:cache|ticket|key|id|resumption))", re.I)),
    ("work session", re.compile(r"\bsessions?\s+\d+\b", re.I)),
    ("issue number", re.compile(r"\bissues?\s+#?\d+", re.I)),
    ("outside document", re.compile(r"\bdesign agreement\b", re.I)),
]
DATE = ("work date", re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b"))
# a commit hash used as an anchor, in prose: "at ff6aa17", "(4f6fd26)", "commit 642323d"
HASH = ("commit hash", re.compile(r"(?:\bat|\bcommit|\bon|\bfrom|\(|\bmain)\s*\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,12}\b"))

# comment leaders and indentation at the start of a line
LEADER = re.compile(r"^\s*(?:/\*+|\*+(?!/)|//+|#+|;+)?\s*")

TOP_FILES = ["README.md", "CHANGELOG.md", "CMakeLists.txt"]
DIRS = ["docs", "src", "include", "apps", "provider", "tools", "tests", "cmake", ".ci"]
SKIP_DIRS = {os.path.join("tests", "vectors"), os.path.join("tests", "fuzz", "corpus")}
TEXT_EXT = {".c", ".h", ".py", ".sh", ".md", ".txt", ".in", ".cmake", ".1", ".3", ".map", ".cnf", ""}


def files(root):
    for f in TOP_FILES:
        if os.path.isfile(os.path.join(root, f)):
            yield f
    for d in DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, d)):
            rel = os.path.relpath(dirpath, root)
            dirnames[:] = [x for x in dirnames if os.path.join(rel, x) not in SKIP_DIRS]
            for f in filenames:
                if os.path.splitext(f)[1] in TEXT_EXT:
                    yield os.path.join(rel, f)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    me = os.path.relpath(os.path.abspath(__file__), os.path.abspath(root))
    bad = 0
    for rel in files(root):
        if rel == me:
            continue
        try:
            text = open(os.path.join(root, rel), encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        rules = list(RULES)
        if rel != "CHANGELOG.md":
            rules.append(DATE)
        if rel.endswith(".md"):
            rules.append(HASH)
        # lines joined, comment leaders dropped, so that a phrase broken
        # across lines is found; each match reported at its first line
        lines = text.splitlines()
        joined, starts = [], []
        pos = 0
        for line in lines:
            starts.append(pos)
            piece = LEADER.sub("", line) + " "
            joined.append(piece)
            pos += len(piece)
        flat = "".join(joined)
        seen = set()
        for what, rx in rules:
            for m in rx.finditer(flat):
                n = bisect.bisect_right(starts, m.start())
                if n in seen:
                    continue
                seen.add(n)
                print(f"{rel}:{n}: {what}: {lines[n - 1].strip()[:160]}")
                bad += 1
    if bad:
        print(f"check_present: {bad} line(s) describe the history of the work, not the project", file=sys.stderr)
        return 1
    print("check_present: every file describes the project as it is")
    return 0


if __name__ == "__main__":
    sys.exit(main())
