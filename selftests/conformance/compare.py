#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""Differential conformance: scripts/checkconduct against Sphinx 5.3.

    compare.py --checker BIN --out DIR [--seconds N] [--seed S] [--count N]
               [--builder html|dummy] [--strict]
    compare.py --checker BIN --out DIR --check-builders N
    compare.py --checker BIN --out DIR --replay TREE...

One long-lived /usr/bin/python3 process: it generates tree after tree
(gen.py, seeds S, S+1, ...), has Sphinx build each in-process (oracle.py)
and runs the checker on it twice, "--srctree TREE" and "--all --srctree
TREE".  Every toctree or orphan warning of Sphinx must match a checker
diagnostic about the same file, of the same kind, about the same
document, and the other way round; the code of conduct verdicts (which
required section has which problem) must be equal.

Two comparisons per tree, because the checker has two scopes:

  all      checker --all against everything Sphinx said: --all reads
           every document and looks for orphans everywhere, as Sphinx.
  default  checker without --all against Sphinx's records restricted to
           the documents Sphinx reaches through toctrees from
           process/index, and against Sphinx's orphans under process/,
           recomputed from Sphinx's environment, process/index standing
           for the top document: documents under process/ that Sphinx
           read, listed by no toctree of any document, not :orphan:, not
           included (oracle.py, scope_default()).

Kinds: missing (an entry naming no document; the checker's "is a
directory", "not a regular file" ... count as missing too), excluded,
glob-nomatch, duplicate, orphan, bad-toctree (Sphinx rejects the
directive: unknown option, bad value, options not followed by a blank
line), dropped (docutils drops a directive with a toctree in its content:
the checker's "the 'D' directive around this toctree", Sphinx's error
about the directive, whose quoted block holds the toctree), subst-empty
(a substitution definition docutils finds "empty or invalid" or
"missing contents", by its name), include-loop (docutils' "circular
inclusion" warning, at the include that comes round again), outside
(checker only: ".." above Documentation/), control-char
(checker only), coc-<problem> (code of conduct); for links: ref-undefined,
ref-notitle ("Failed to create a cross reference"), doc-unknown,
dup-label, dup-target (docutils' "Duplicate explicit target name"),
numref-off and numref-nonumber (":numref:" with numfig off: "numfig is
disabled", "Any number is not assigned"; by file, as Sphinx names no
label), and path-unlinked (a path automarkup left as text in the resolved doctree,
which Sphinx does not warn about: the oracle reads it from the doctree);
only-expr (a ".. only::" expression Sphinx cannot evaluate, at the
directive: the oracle evaluates each only node of the doctrees with the
builder's tags, as Sphinx does, not counting the warnings Sphinx repeats
at the toctrees that take a section from inside it), circular (Sphinx's
"circular toctree references detected" at each document of a cycle of
toctrees pages show, where its top document reaches no cycle: the
checker's "toctree entry leads round a cycle", --all only).  Sphinx's
"self referenced toctree" and its circular warning about a toctree that
lists its own document ("R <- R", oracle.py calls it self-ref) have no
checker counterpart of their own (the checker's "is this document
itself" is Sphinx's duplicate): they are counted apart and do not make
a tree disagree unless --strict.

A tree where the two sides differ is saved as DIR/cases/<name>/: tree/
(the tree that was checked), sphinx.txt (Sphinx's warnings and
the records drawn from them), checker.txt (what the checker printed in
both modes, and its exit status), diff.txt (the disagreements),
features.txt (what gen.py put in).  DIR/summary.txt gets the counts.
"""

import argparse
import collections
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen                                      # noqa: E402
from oracle import (Oracle, norm_target, sphinx_docname_join,  # noqa: E402
                    REQUIRED)

UNCHECKED_KINDS = {"self-ref"}


def checker_versions():
    """The checker's --sphinx and --docutils: those the oracle runs (5.3,
    0.19).  Without them it judges for every Sphinx it knows, and warns
    where they differ."""
    import docutils
    import sphinx
    return ["--sphinx", sphinx.__display_version__,
            "--docutils", docutils.__version__]


# The checker's messages about links: the kind, and the target in group 1
LINK_MESSAGES = [
    (re.compile(r":ref: to an undefined label '(.*?)'(; did you mean '.*'\?)?$"),
     "ref-undefined"),
    (re.compile(r":ref: to '(.*)', which stands before no section"), "ref-notitle"),
    (re.compile(r":doc: to an unknown document '(.*?)'( \(no |; |$)"), "doc-unknown"),
    (re.compile(r"duplicate label '(.*)' at \S.*:\d+ and \S.*:\d+$"), "dup-label"),
    (re.compile(r"duplicate target name '(.*)' \(also at line"), "dup-target"),
    (re.compile(r"'Documentation/(.*)' is no document: automarkup leaves it unlinked"),
     "path-unlinked"),
    (re.compile(r":numref: to an undefined label '(.*?)'(; did you mean '.*'\?)?$"),
     "ref-undefined"),
    (re.compile(r":numref: to '(.*)', which labels no section, figure, table "),
     "ref-undefined"),
    # Sphinx's warnings name no label (or an id): compared by file
    (re.compile(r":numref: to '.*': numfig is off in conf\.py"), "numref-off"),
    (re.compile(r":numref: to '.*', a section that no :numbered: toctree "),
     "numref-nonumber"),
]



def link_record(msg):
    """(kind, target) of a checker message about a link, or None."""
    for rx, kind in LINK_MESSAGES:
        m = rx.match(msg)
        if m:
            return kind, unescape(m.group(1)) if rx.groups else ""
    return None


# what Sphinx says only once it resolves references and toctrees, after
# reading: a build that died before it wrote never says it
RESOLVED_KINDS = {"ref-undefined", "ref-notitle", "doc-unknown", "path-unlinked",
                  "only-expr", "no-title", "numref-off", "numref-nonumber",
                  "circular"}

# severity "note": a consequence of an error (checker after 500094b3);
# compared like the others
RE_DIAG = re.compile(r"^(?:\./)?(\S[^:]*?)(?::(\d+):(\d+))?: (error|warning|note): (.*)$")

COC_FILE = "Documentation/process/code-of-conduct.rst"


def unescape(s):
    """Undo the checker's printable(): \\xNN back to the byte."""
    b = re.sub(rb"\\x([0-9a-f]{2})", lambda m: bytes([int(m.group(1), 16)]),
               s.encode("utf-8", "surrogateescape"))
    return b.decode("utf-8", "replace")


def entry_docname(fdoc, entry):
    """What Sphinx makes of a toctree entry of document @fdoc."""
    m = re.match(r"^(.+?)\s*(?<!\x00)<([^<]*?)>$", entry, re.S)
    ref = m.group(2) if m else entry
    if ref.endswith(".rst"):
        ref = ref[:-4]
    return sphinx_docname_join(fdoc, ref)


def checker_records(stderr):
    """(records, coc verdict, unparsed lines) of the checker's stderr."""
    recs, coc, other = set(), set(), []
    # split on \n only: str.splitlines() would also split on the U+2028
    # an entry may hold (and the checker prints as is)
    for line in stderr.split("\n"):
        if not line:
            continue
        m = RE_DIAG.match(line)
        if not m:
            other.append(line)
            continue
        path, _, _, sev, msg = m.groups()
        # an entry is relative to the directory of the file it is in (an
        # included text is in the including document's, or says so)
        fdoc = os.path.splitext(path[len("Documentation/"):])[0] \
            if path.startswith("Documentation/") else path
        if msg.startswith("so "):
            msg = msg[3:]
        r = None
        mm = re.match(r"toctree entry '(.*)' does not exist \(no Documentation/(.*)\.rst\)(; did you mean '.*'\?)?$", msg)
        if mm:
            r = ("missing", unescape(mm.group(2)))
        elif (mm := re.match(r"toctree entry '.*' names '(.*)', which no document is: ", msg)):
            r = ("missing", unescape(mm.group(1)))
        elif re.match(r"toctree entry '(.*)' names a document that exclude_patterns in conf.py excludes$", msg):
            e = unescape(re.match(r"toctree entry '(.*)' names a", msg).group(1))
            r = ("excluded", entry_docname(fdoc, e))
        elif re.match(r"toctree entry '(.*)' (is a symbolic link out of|is a directory|is not a regular file|is a loop)", msg):
            e = unescape(re.match(r"toctree entry '(.*)' is ", msg).group(1))
            r = ("missing", entry_docname(fdoc, e))
        elif re.match(r"toctree (entry|glob) '(.*)' points outside Documentation/$", msg):
            e = unescape(re.match(r"toctree \w+ '(.*)' points", msg).group(1))
            r = ("outside", entry_docname(fdoc, e))
        elif re.match(r"toctree glob '(.*)' matches no document$", msg):
            r = ("glob-nomatch", unescape(msg[len("toctree glob '"):-len("' matches no document")]))
        elif re.match(r"toctree glob '(.*)' matches '(.*)', which ", msg):
            mm = re.match(r"toctree glob '(.*)' matches '(.*)', which ", msg)
            r = ("missing", unescape(mm.group(2)))
        elif (mm := re.match(r"toctree entry leads round a cycle \((.*?) -> ", msg)):
            r = ("circular", unescape(mm.group(1)))
        elif msg.startswith("toctree entry closes a cycle ("):
            # Sphinx 5.3 dies on it (see compare_tree)
            recs.add(("", "crash", "cycle"))
        elif re.match(r":numref: to '.*', a page Sphinx generates: ", msg):
            # Sphinx dies as it writes the document (no doctree of the
            # page to look the label up in); what it said of the ones it
            # wrote before is not the checker's to foresee
            recs.add(("", "crash", "FileNotFoundError in get_and_resolve_doctree"))
        elif re.match(r"toctree entry '(.*)' is this document itself", msg):
            # Sphinx: "duplicated entry found in toctree: <itself>"; in an
            # included file, the document is the one that includes it
            e = unescape(re.match(r"toctree entry '(.*)' is this", msg).group(1))
            r = ("duplicate", entry_docname(fdoc, e))
        elif re.match(r"toctree entry names '(.*)', a document without a title: ", msg):
            mm = re.match(r"toctree entry names '(.*)', a document without", msg)
            r = ("no-title", unescape(mm.group(1)))
        elif re.match(r"toctree entry '(.*)' repeats the entry of line \d+$", msg):
            e = unescape(re.match(r"toctree entry '(.*)' repeats", msg).group(1))
            r = ("duplicate", entry_docname(fdoc, e))
        elif msg.startswith(("toctree option ':",
                             "toctree content must follow a blank line")):
            r = ("bad-toctree", "")
        elif (mm := re.match(r"the '(.*?)' directive around this toctree: ", msg)):
            # an include that reads a line over docutils' limit includes
            # nothing: Sphinx's warning quotes the include, not the text
            # with the toctree (compared by its consequences)
            if "characters, docutils' limit" not in msg:
                r = ("dropped", unescape(mm.group(1)).lower())
        elif (mm := re.match(r"substitution definition \|(.*)\| (is empty or invalid|has no contents)", msg)):
            r = ("subst-empty", unescape(mm.group(1)))
        elif msg.startswith("circular inclusion ("):
            r = ("include-loop", "")
        elif msg.startswith("toctree entry contains the control character"):
            r = ("control-char", "")
        elif msg.startswith("Sphinx cannot evaluate the '.. only::' expression"):
            r = ("only-expr", "")
        elif (link := link_record(msg)):
            r = link
        elif msg.startswith(("document is not in any toctree",
                             "this document is not in any toctree")):
            r = ("orphan", "")
        elif re.match(r"the code of conduct \('code-of-conduct'\) is not linked", msg):
            coc.add(("*", "unlinked"))
        elif msg.startswith("no code of conduct here"):
            coc.add(("*", "absent"))
        else:
            cm = None
            for rx, prob in (
                    (r"required section '(.*)' is missing", "missing"),
                    (r"section '(.*)' appears again", "again"),
                    (r"section '(.*)' is out of order", "order"),
                    (r"section '(.*)' is (over- and underlined|underlined) with", "level"),
                    (r"section '(.*)' has no body", "nobody"),
                    (r"the adornment of section '(.*)' is shorter", "short")):
                cm = re.match(rx, msg)
                if cm:
                    coc.add((cm.group(1), prob))
                    break
            if not cm:
                if "translation" in msg or "':Original:'" in msg:
                    continue            # no Sphinx counterpart: not compared
                if msg == "the list of required sections names it here":
                    continue            # where the error's title is listed
                other.append(line)
        if r:
            recs.add((path, r[0], norm_target(r[1])))
    return recs, coc, other


class Runner:
    def __init__(self, checker, out, builder="html", strict=False):
        self.checker = os.path.abspath(checker)
        self.out = out
        self.strict = strict
        self.tmp = tempfile.mkdtemp(prefix="conformance-")
        self.oracle = Oracle(os.path.join(self.tmp, "sphinx"), builder)
        self.stats = collections.Counter()
        self.signatures = collections.defaultdict(list)  # sig -> [case]
        self.feature_sigs = collections.defaultdict(collections.Counter)
        self.unchecked = collections.Counter()
        self.kinds = collections.Counter()     # Sphinx's records, by kind
        self.sphinx_time = 0.0
        self.checker_time = 0.0
        self.digest = None      # lines of --digest, if asked for
        self.versions = checker_versions()

    def run_checker(self, tree, args):
        t = time.time()
        # from the tree, with "--srctree .": the checker names files as
        # the source tree was given, and "Documentation/..." is what the
        # records use
        p = subprocess.run([self.checker] + args + self.versions +
                           ["--srctree", "."],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=60, cwd=tree)
        self.checker_time += time.time() - t
        return p.returncode, p.stderr.decode("utf-8", "replace")

    def compare_tree(self, tree):
        t = time.time()
        s = self.oracle.run(tree)
        self.sphinx_time += time.time() - t
        result = {"sphinx": s, "checker": {}, "diff": [], "deviations": []}
        for mode, args, srecs in (("default", [], s["default"]),
                                  ("all", ["--all"], s["records"])):
            rc, err = self.run_checker(tree, args)
            crecs, ccoc, other = checker_records(err)
            result["checker"][mode] = (rc, err)
            # A cycle makes Sphinx 5.3 die of a RecursionError; the checker
            # names the entry.  The whole build is compared with --all; the
            # default mode sees the cycles below process/index only.
            crash = {("", "crash", "cycle" if r[2].startswith("RecursionError") else r[2])
                     for r in s["records"] if r[1] == "crash"}
            if mode == "default":
                crash &= crecs
            # Sphinx names no file for a warning about a node that has none
            # (a duplicate label of a section): compared by kind and target
            pathless = {(r[1], r[2]) for r in s["records"]
                        if r[0] == "" and r[1] != "crash"}
            # (but the checker's that Sphinx names with its file)
            crecs = {("",) + r[1:] if r[1:] in pathless and r not in srecs
                     else r for r in crecs}
            srecs = srecs | {r for r in crecs if r[0] == "" and r[1:] in pathless}
            # a build that dies never resolves a reference: the checker's
            # broken links are what it would have said; one that dies
            # reading never warns of orphans either (the default mode's
            # orphans are the oracle's, from what Sphinx had read)
            if any(r[1] == "crash" for r in s["records"]):
                crecs = {r for r in crecs if r[1] not in RESOLVED_KINDS}
            if mode == "all" and any(r[1] == "crash" and
                                     r[2].endswith(" in read_doc")
                                     for r in s["records"]):
                crecs = {r for r in crecs if r[1] != "orphan"}
            srecs = {r for r in srecs if r[1] != "crash"} | crash
            if rc == 2:
                result["diff"].append((mode, "checker", "fatal", "", err.strip()[:200]))
                continue
            for r in sorted(srecs - crecs):
                if r[1] in UNCHECKED_KINDS:
                    self.unchecked[(mode, r[1])] += 1
                    if not self.strict:
                        continue
                result["diff"].append((mode, "sphinx-only") + r)
            for r in sorted(crecs - srecs):
                result["diff"].append((mode, "checker-only") + r)
            if s["coc"] is not None:
                scoc = set(s["coc"])
                if ("*", "bodies-unknown") in scoc:
                    # Sphinx died before it wrote the page that shows them
                    scoc.discard(("*", "bodies-unknown"))
                    ccoc = {c for c in ccoc if c[1] != "nobody"}
                if ("*", "absent") in scoc or ("*", "absent") in ccoc:
                    # unlinked says nothing then: the entry names nothing
                    scoc.discard(("*", "unlinked"))
                    ccoc = ccoc - {("*", "unlinked")}
                for sec, prob in sorted(scoc - ccoc):
                    result["diff"].append((mode, "sphinx-only", COC_FILE,
                                           "coc-" + prob, sec))
                for sec, prob in sorted(ccoc - scoc):
                    result["diff"].append((mode, "checker-only", COC_FILE,
                                           "coc-" + prob, sec))
            self.set_apart_deviations(result, mode, crecs)
            for line in other:
                result["diff"].append((mode, "checker", "unparsed", "", line))
        return result

    @staticmethod
    def set_apart_deviations(result, mode, crecs):
        """Move the differences of @mode that the documented deviations
        explain to result["deviations"]:

        - an entry whose ".." climbs above Documentation/ is an error for
          the checker ("outside"), which follows it no further; Sphinx
          stops at the top and links what it finds there, and what follows
          from that (a cycle through the root, a document no longer an
          orphan, in the default mode the records of the documents only
          that entry reaches) is Sphinx's alone;
        - the default mode takes the process index as reached from the
          top document, as it is in the kernel: a cycle below it is the
          crash it would be; a tree whose Documentation/index.rst does not
          list it only gets Sphinx's "circular" warnings;
        - Sphinx dying as it reads a document (a directive on faulty
          input: the C domain on a declaration it cannot parse, the
          kernel's extensions) is not foreseen by the checker;
        - a duplicate label is where the checker says it is: Sphinx names
          the closest node that has a source, which for a captioned code
          block (a container with none) is the section around it, perhaps
          in another file: one record of a label on each side, in two
          files, is that;
        - a toctree is a body of the code of conduct's section for the
          checker even where none of its entries makes a link (a document
          without a title, or one that does not exist): Sphinx's page
          shows nothing there."""
        def docname(path):
            return path[len("Documentation/"):-len(".rst")]

        def reach(skip):
            seen, todo = {"process/index"}, ["process/index"]
            while todo:
                d = todo.pop()
                for c in toctrees.get(d, ()):
                    if c not in seen and (d, c) not in skip:
                        seen.add(c)
                        todo.append(c)
            return seen

        sphinx_records = result["sphinx"]["records"]
        toctrees = result["sphinx"]["toctrees"]
        climbs = {(docname(r[0]), r[2]) for r in crecs if r[1] == "outside"}
        climbed = {c for _, c in climbs}
        beyond = reach(set()) - reach(climbs) if mode == "default" else set()
        circular = any(r[1] == "circular" for r in sphinx_records)
        dup = collections.Counter((x[1], x[4]) for x in result["diff"]
                                  if x[0] == mode and x[3] == "dup-label")
        # a build that died reading has no verdict but its death, which
        # the checker does not foresee (the doc page): all of it is apart
        read_died = any(r[1] == "crash" and r[2].endswith(" in read_doc")
                        for r in sphinx_records)
        nolink = any(r[0] == COC_FILE and r[1] in ("no-title", "missing")
                     for r in sphinx_records)
        keep = []
        for x in result["diff"]:
            m, side, path, kind, target = x
            if m == mode and read_died:
                result["deviations"].append(x)
            elif m == mode and nolink and side == "sphinx-only" and \
                    kind == "coc-nobody":
                result["deviations"].append(x)
            elif m == mode and kind == "dup-label" and \
                    dup[("sphinx-only", target)] == 1 and \
                    dup[("checker-only", target)] == 1:
                result["deviations"].append(x)
            elif m == mode and mode == "default" and circular and \
                    side == "checker-only" and kind == "crash":
                result["deviations"].append(x)
            elif m == mode and mode == "default" and kind == "circular" and \
                    side == "sphinx-only" and ("", "crash", "cycle") in crecs:
                result["deviations"].append(x)
            elif m == mode and climbed and (
                    kind == "outside" or target in climbed or
                    (side == "sphinx-only" and kind == "crash") or
                    (kind == "orphan" and docname(path) in climbed) or
                    docname(path) in beyond):
                result["deviations"].append(x)
            else:
                keep.append(x)
        result["diff"] = keep

    def save(self, name, tree, features, result):
        d = os.path.join(self.out, "cases", name)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        shutil.copytree(tree, os.path.join(d, "tree"), symlinks=True)
        s = result["sphinx"]
        with open(os.path.join(d, "sphinx.txt"), "w") as f:
            f.write("# Sphinx 5.3 warnings\n")
            f.write(s["warnings"])
            f.write("\n# records, all documents\n")
            for r in sorted(s["records"]):
                f.write("%s %s %r\n" % r)
            f.write("\n# records, the default mode's scope\n")
            for r in sorted(s["default"]):
                f.write("%s %s %r\n" % r)
            f.write("\n# code of conduct verdict\n%s\n" % (
                sorted(s["coc"]) if s["coc"] is not None else "not read"))
        with open(os.path.join(d, "checker.txt"), "w") as f:
            for mode, (rc, err) in result["checker"].items():
                f.write("# checkconduct %s--srctree tree: exit %d\n%s\n" % (
                    "--all " if mode == "all" else "", rc, err))
        with open(os.path.join(d, "diff.txt"), "w") as f:
            for x in result["diff"]:
                f.write("%s %s %s %s %r\n" % x)
            for x in result["deviations"]:
                f.write("deviation: %s %s %s %s %r\n" % x)
        with open(os.path.join(d, "features.txt"), "w") as f:
            f.write(" ".join(features) + "\n")

    @staticmethod
    def signature(diff):
        mode, side, _, kind, _ = diff
        return "%s:%s:%s" % (mode, side, kind)

    def one(self, seed):
        files, features = gen.generate(seed)
        tree = os.path.join(self.tmp, "tree")
        shutil.rmtree(tree, ignore_errors=True)
        gen.write_tree(files, tree)
        result = self.compare_tree(tree)
        self.stats["trees"] += 1
        for r in result["sphinx"]["records"]:
            self.kinds[r[1]] += 1
        if self.digest is not None:
            self.digest.append(self.digest_line(seed, result))
        if result["deviations"] and not result["diff"]:
            self.stats["deviating"] += 1
            self.save("s%d-deviation" % seed, tree, features, result)
        if result["diff"]:
            self.stats["disagreeing"] += 1
            sigs = sorted({self.signature(x) for x in result["diff"]})
            size = sum(len(v) for v in files.values())
            name = "s%d-%s" % (seed, sigs[0].replace(":", "-"))
            for sig in sigs:
                self.signatures[sig].append((len(features), size, name))
                for feat in features:
                    self.feature_sigs[sig][feat] += 1
            self.save(name, tree, features, result)
        return result

    @staticmethod
    def digest_line(seed, result):
        """One line that pins what both sides said about the tree of
        @seed: the checker's exit status and output in both modes, and
        Sphinx's records, hashed."""
        h = hashlib.sha1()
        for mode in ("default", "all"):
            rc, err = result["checker"].get(mode, (-1, ""))
            h.update(("%s %d\n%s\0" % (mode, rc, err)).encode("utf-8", "surrogateescape"))
        s = result["sphinx"]
        h.update(repr((sorted(s["records"]), sorted(s["default"]),
                       sorted(s["coc"]) if s["coc"] is not None else None)).encode())
        return "%d default:%d all:%d records:%d deviations:%d %s" % (
            seed, result["checker"].get("default", (-1,))[0],
            result["checker"].get("all", (-1,))[0], len(s["records"]),
            len(result["deviations"]), h.hexdigest()[:16])

    def summary(self, elapsed):
        lines = []
        n = self.stats["trees"]
        lines.append("trees: %d, disagreeing: %d, deviating (documented,"
                     " no other difference): %d, in %.1f s (%.2f trees/s;"
                     " Sphinx %.1f s = %.3f s/tree, checker %.1f s)" % (
                         n, self.stats["disagreeing"],
                         self.stats["deviating"], elapsed,
                         n / elapsed if elapsed else 0, self.sphinx_time,
                         self.sphinx_time / n if n else 0, self.checker_time))
        for sig, cases in sorted(self.signatures.items(),
                                 key=lambda kv: -len(kv[1])):
            cases.sort()
            feats = ", ".join("%s %d" % kv for kv in
                              self.feature_sigs[sig].most_common(4))
            lines.append("  %-40s %5d trees  smallest: %s  [%s]" % (
                sig, len(cases), cases[0][2], feats))
        if self.unchecked:
            lines.append("Sphinx warnings with no checker counterpart"
                         " (not counted as disagreements%s):" % (
                             "" if not self.strict else "; --strict: counted"))
            for (mode, kind), c in sorted(self.unchecked.items()):
                lines.append("  %s:%s %d" % (mode, kind, c))
        return "\n".join(lines)


def check_builders(args):
    """Do the html and dummy builders give the same records?"""
    tmp = tempfile.mkdtemp(prefix="conformance-builders-")
    o_html = Oracle(os.path.join(tmp, "html"), "html")
    o_dummy = Oracle(os.path.join(tmp, "dummy"), "dummy")
    bad = 0
    th = td = 0.0
    for seed in range(args.seed, args.seed + args.check_builders):
        files, _ = gen.generate(seed)
        tree = os.path.join(tmp, "tree")
        shutil.rmtree(tree, ignore_errors=True)
        gen.write_tree(files, tree)
        t = time.time()
        a = o_html.run(tree)
        th += time.time() - t
        t = time.time()
        b = o_dummy.run(tree)
        td += time.time() - t
        for key in ("records", "default", "coc"):
            if a[key] != b[key]:
                bad += 1
                print("seed %d: %s differ: html-only %s dummy-only %s" % (
                    seed, key, sorted(set(a[key] or ()) - set(b[key] or ())),
                    sorted(set(b[key] or ()) - set(a[key] or ()))))
    n = args.check_builders
    print("builders: %d trees, %d differences; html %.3f s/tree, dummy %.3f s/tree"
          % (n, bad, th / n, td / n))
    shutil.rmtree(tmp, ignore_errors=True)
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--checker", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--count", type=int, default=0)
    ap.add_argument("--builder", default="html")
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--check-builders", type=int, default=0)
    ap.add_argument("--replay", nargs="*")
    ap.add_argument("--digest", help="write one line a tree to this file")
    args = ap.parse_args()
    # for the kernel-includes gen.py writes, on both sides
    os.environ[gen.KI_VAR] = gen.KI_DIR
    if args.seed is None:
        args.seed = int(os.environ.get("CONFORMANCE_SEED", time.time()))
    os.makedirs(args.out, exist_ok=True)
    if args.check_builders:
        return check_builders(args)
    r = Runner(args.checker, args.out, args.builder, args.strict)
    if args.digest:
        r.digest = []
    if args.replay:
        status = 0
        for t in args.replay:
            res = r.compare_tree(t)
            print("== %s: %d disagreements, %d deviations" % (
                t, len(res["diff"]), len(res["deviations"])))
            for x in res["diff"]:
                print("  %s %s %s %s %r" % x)
            for x in res["deviations"]:
                print("  deviation: %s %s %s %s %r" % x)
            status |= bool(res["diff"])
        return status
    start = time.time()
    seed = args.seed
    while True:
        r.one(seed)
        seed += 1
        if args.count and r.stats["trees"] >= args.count:
            break
        if not args.count and time.time() - start >= args.seconds:
            break
    elapsed = time.time() - start
    text = "seeds %d..%d\n%s\n" % (args.seed, seed - 1, r.summary(elapsed))
    with open(os.path.join(args.out, "summary.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump({"seeds": [args.seed, seed - 1],
                   "trees": r.stats["trees"],
                   "disagreeing": r.stats["disagreeing"],
                   "deviating": r.stats["deviating"],
                   "seconds": elapsed,
                   "kinds": dict(r.kinds),
                   "signatures": {k: [c[2] for c in v]
                                  for k, v in r.signatures.items()}}, f,
                  indent=1)
    print(text, end="")
    if args.digest:
        with open(args.digest, "w") as f:
            f.write("".join(line + "\n" for line in r.digest))
    shutil.rmtree(r.tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
