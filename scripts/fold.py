#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""make fold: fold the uncommitted changes of the kernel tree into the
commits of the series they belong to.

A change to the series is made in the tree as it is at HEAD; this puts
each hunk of "git diff HEAD" into the commit that last touched the lines
it changes, or, for lines only added, the lines around them (git blame),
as a fixup commit, then rebases with --autosquash.  The context of a hunk
is then there at the commit it goes to; whether it builds there, test 15
says.  "FILE=SUBJECT" puts all of FILE's hunks into the commit of that
subject instead: a new file has no other, and what a later commit adds
to an earlier one's code (a capability that extends a table) is best
kept together.

    scripts/env.sh scripts/fold.py [--dry-run] [FILE=SUBJECT]...
"""

import os
import re
import subprocess
import sys

KSRC = os.environ["KSRC"]


def git(*args, stdin=None):
    env = dict(os.environ, GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")
    return subprocess.run(["git", "-C", KSRC, "-c", "core.quotePath=false"] + list(args), input=stdin,
                          capture_output=True, check=True, env=env).stdout


def hunks_of(diff):
    """[(file, header lines, [hunk text])] of a unified diff."""
    files = []
    for part in re.split(rb"(?m)^(?=diff --git )", diff):
        if not part.startswith(b"diff --git "):
            continue
        m = re.search(rb"(?m)^@@ ", part)
        head, body = (part[:m.start()], part[m.start():]) if m else (part, b"")
        name = re.match(rb"diff --git a/(\S+) b/", head).group(1).decode()
        hunks = re.split(rb"(?m)^(?=@@ )", body)
        files.append((name, head, [h for h in hunks if h]))
    return files


def lines_touched(hunk):
    """The lines of the old side a hunk changes, or stands between."""
    m = re.match(rb"@@ -(\d+)(?:,(\d+))? ", hunk)
    at = int(m.group(1))
    out, line, pending = set(), at, False
    for text in hunk.split(b"\n")[1:]:
        if text.startswith(b"-"):
            out.add(line)
            line += 1
        elif text.startswith(b"+"):
            pending = True
            out.update((line - 1, line))    # the lines around an insertion
        elif text.startswith(b" "):
            line += 1
    return {n for n in out if n > 0}, pending


def main():
    dry = "--dry-run" in sys.argv[1:]
    named = dict(a.split("=", 1) for a in sys.argv[1:] if "=" in a)
    series = git("rev-list", "--reverse", "base..HEAD").decode().split()
    order = {c: i for i, c in enumerate(series)}
    subjects = {git("log", "-1", "--format=%s", c).decode().strip(): c
                for c in series}
    if named:
        git("add", "-f", "--intent-to-add", *named)
    diff = git("diff", "HEAD", "--", ".")
    targets = {}
    for name, head, hunks in hunks_of(diff):
        if b"\nnew file mode" in head or name in named:
            c = subjects.get(named.get(name, ""))
            if not c:
                sys.exit("fold: %s: say which commit it goes in, %s=SUBJECT"
                         " (the subject of one of the series)" % (name, name))
            targets.setdefault(c, []).append((head, hunks))
            continue
        blame = {}
        for text in git("blame", "-s", "-l", "HEAD", "--", name).split(b"\n"):
            m = re.match(rb"\^?([0-9a-f]{40}) +(?:\S+ +)?(\d+)\)", text)
            if m:
                blame[int(m.group(2))] = m.group(1).decode()
        for h in hunks:
            touched, _ = lines_touched(h)
            owners = [blame[n] for n in touched if blame.get(n) in order]
            if not owners:
                sys.exit("fold: a hunk of %s touches only lines of base" % name)
            c = max(owners, key=order.get)
            targets.setdefault(c, []).append((head, [h]))
    for c in sorted(targets, key=order.get):
        subject = git("log", "-1", "--format=%s", c).decode().strip()
        n = sum(len(h) for _, h in targets[c])
        print("fold: %d hunk%s into '%s'" % (n, "s" if n > 1 else "", subject))
        if dry:
            continue
        patch = b"".join(head + b"".join(h) for head, h in targets[c])
        git("apply", "--cached", "--recount", "-", stdin=patch)
        git("commit", "-q", "--no-verify", "--fixup=" + c)
    if dry or not targets:
        return
    env = dict(os.environ, GIT_SEQUENCE_EDITOR="true",
               GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")
    subprocess.run(["git", "-C", KSRC, "rebase", "-q", "-i", "--autosquash",
                    "base"], check=True, env=env)


if __name__ == "__main__":
    main()
