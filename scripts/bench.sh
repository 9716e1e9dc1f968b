#!/bin/bash
# make bench: how fast scripts/checkconduct is, against the I/O floor, Sphinx
# and scripts/documentation-file-ref-check (issue 7), and "checkconduct --all"
# against the full Sphinx build (issue 8); the same checks written with
# docutils alone, and how long Sphinx takes to reach the point where an
# extension could make them (issue 35).  Informative, not pass/fail: it
# reports the numbers and the targets met or not, and fails only when it
# cannot measure.
#
# Every comparison is a ratio of medians taken in the same run on the same
# machine; other jobs may be running, so compare ratios, not seconds.
#
#	BENCH_QUICK=1		one run of each; no Sphinx, no
#				documentation-file-ref-check, no callgrind of --all
#				(seconds, for the selftest)
#	BENCH_RUNS=N		runs of the checker and of its floor (default 30, after 3 warm-ups)
#	BENCH_SPHINX_RUNS=N	runs of each Sphinx build and of
#				documentation-file-ref-check (default 3, after 1 warm-up),
#				and of the docutils-only script where it parses
#				every document (no warm-up)
#	BENCH_DOCUTILS_RUNS=N	runs of the docutils-only script on the real
#				tree (default 10, after 1 warm-up)
#	BENCH_OUT=DIR		results and scratch space (default $BUILD/bench)
#
# "scripts/bench.sh --table" prints the table of the last run again (with the
# full Sphinx build's time if that has finished since), measuring nothing.
#
# The default run makes ten Sphinx builds of Documentation/process, one to
# three minutes each on 2 cores depending on what else runs: count half an
# hour.  BENCH_QUICK=1 takes seconds.
#
# Writes BENCH_OUT/results.md (the table, also printed), BENCH_OUT/results.txt
# (key=value, machine-readable) and the log of every run in BENCH_OUT/logs/.
#
# The trees.  The checker, its floor, callgrind and the peak memory use
# $KSRC as it is.  The broken tree has one toctree entry misspelled
# (submitting-patches -> submiting-patches in Documentation/process/index.rst):
# the checker sees it in a copy of Documentation/ (BENCH_OUT/broken); Sphinx
# and documentation-file-ref-check, which need the whole tree and git, see it
# in a git clone of $KSRC's HEAD (BENCH_OUT/linux, kept between runs, made
# once in about a minute).  $KSRC itself is only read.
#
# The case for C (issue 35).  selftests/docutils-check/docutils-check.py
# makes the checker's default checks with docutils alone (no Sphinx):
# labels of the documents reached only (9a), of all of Documentation/ as
# the checker reads them (9b, and 9c on the broken tree, where an orphan
# left makes it parse every document, as the checker reads every one), and
# every document parsed (9d).  A Sphinx extension could check the toctrees
# once Sphinx has read every document: every Sphinx build here runs
# through scripts/sphinx_timed.py (SPHINXBUILD=), sphinx-build with a tiny
# extension that notes when env-updated and env-check-consistency fire
# (10a, 10b: in 5b's builds, from make's start).
#
# Sphinx alone: "make htmldocs" runs the checker first (the series makes it
# a prerequisite), so the builds without it are the same make command with
# CHECKCONDUCT=0, the series' switch.  ("-o checkconduct" would not do: GNU
# make keeps -o out of MAKEFLAGS, and the prerequisite is in the sub-make of
# Documentation/.)  A build meant to be without the checker that ran it
# stops the benchmark.  Both are run as "make -C OBJ -f SRC/Makefile" (what
# "make O=OBJ" re-executes), each from scratch (OBJ/Documentation/output
# removed first).
. "$(dirname "$0")/env.sh"
set -eu -o pipefail
export LC_ALL=C		# EPOCHREALTIME and printf with a '.' decimal point

QUICK=${BENCH_QUICK:-}
RUNS=${BENCH_RUNS:-30}
WARMUP=3
SPHINX_RUNS=${BENCH_SPHINX_RUNS:-3}
DOCUTILS_RUNS=${BENCH_DOCUTILS_RUNS:-10}
DOCUTILS_WARMUP=1
if [ -n "$QUICK" ]; then
	RUNS=1 WARMUP=0 SPHINX_RUNS=0 DOCUTILS_RUNS=1 DOCUTILS_WARMUP=0
fi
DOCUTILS=$TOP/selftests/docutils-check/docutils-check.py
SPHINX_TIMED=$TOP/scripts/sphinx_timed.py
WORK=$(realpath -m "${BENCH_OUT:-$BUILD/bench}")
LOGS=$WORK/logs
CLONE=$WORK/linux
RESULTS=$WORK/results.txt
ENTRY=submitting-patches	# the toctree entry the broken tree misspells
BROKEN=submiting-patches
INDEX=Documentation/process/index.rst

die() {
	echo "bench: $*" >&2
	exit 1
}
note() {
	echo "bench: $*" >&2
}

# put KEY VALUE...: one line of results.txt.
put() {
	local key=$1
	shift
	echo "$key=$*" >>"$RESULTS.tmp"
}

# read_full_sphinx: 8c, the full Sphinx build, from scripts/full-htmldocs.sh's
# log (read last: it may still be running in the background).
read_full_sphinx() {
	local fulllog last
	fulllog=$BUILD/logs/full-htmldocs-$(basename "$KSRC").log
	put full_sphinx_log "$fulllog"
	if [ -f "$fulllog" ]; then
		last=$(tail -n 1 "$fulllog")
		if [[ $last =~ ^full-htmldocs:\ .*:\ exit\ ([0-9]+)\ after\ ([0-9]+)\ s$ ]]; then
			put full_sphinx_exit "${BASH_REMATCH[1]}"
			put full_sphinx_s "${BASH_REMATCH[2]}"
			put full_sphinx_date "$(date -u -r "$fulllog" '+%Y-%m-%d %H:%M UTC')"
		else
			put full_sphinx_state "still running or interrupted (no final line in the log)"
		fi
	else
		put full_sphinx_state "no log (run scripts/full-htmldocs.sh $KSRC_TAR)"
	fi
}

# render: results.md from results.txt, and print it.
render() {
	python3 - "$RESULTS" "$WORK/results.md" <<'PY'
import sys

r = {}
for line in open(sys.argv[1]):
    k, _, v = line.rstrip("\n").partition("=")
    r[k] = v.strip()


def num(key):
    try:
        return float(r[key])
    except (KeyError, ValueError):
        return None


def t(x):
    if x is None:
        return "not measured"
    if x < 1e-3:
        return "%.0f µs" % (x * 1e6)
    if x < 1:
        return "%.3g ms" % (x * 1e3)
    return "%.3g s" % x


def rng(key):
    lo, hi = num(key + "_min"), num(key + "_max")
    return "–" if lo is None else "%s – %s" % (t(lo), t(hi))


def runs(key):
    return r.get(key + "_runs", "–")


def ratio(a, b):
    if a is None or b is None or b == 0:
        return None
    return a / b


def x(v):
    if v is None:
        return "not measured"
    return "{:,.0f}x".format(v) if v >= 100 else "%.2fx" % v


def verdict(ok):
    return "not measured" if ok is None else ("met" if ok else "**NOT met**")


quick = r.get("quick") == "1"
skipped = "skipped (BENCH_QUICK)" if quick else "not measured"
rows = []


def row(n, what, key, notes=""):
    m = num(key + "_median")
    rows.append("| %s | %s | %s | %s | %s | %s |" % (
        n, what, t(m) if m is not None else skipped, rng(key), runs(key), notes))


def once(n, what, value, notes=""):
    rows.append("| %s | %s | %s | – | 1 | %s |" % (n, what, value, notes))


pf = r.get("process_files", "?")
row(1, "checker, 6.1 process tree (`checkconduct --srctree`)", "checker_process",
    "exit %s; opens %s .rst files, %s of them more than once"
    % (r.get("checker_process_exit"), pf, r.get("process_files_dup")))
row(2, "I/O floor: `%s` (scripts/floor.c) reads exactly those %s files, lists the %s directories it lists"
    % (r.get("floor_process_method"), pf, r.get("process_dirs", "?")),
    "floor_process", "one process, output discarded")
row("3a", "checker on the broken tree", "checker_broken",
    "exit %s: `%s`" % (r.get("checker_broken_exit"), r.get("checker_broken_message")))
if quick:
    msg = ""
else:
    msg = "warning no. %s of %s in the build; not found in %s run(s); `%s`" % (
        r.get("sphinx_broken_position", "?").strip(), r.get("sphinx_broken_warnings", "?").strip(),
        r.get("sphinx_broken_missed", "?"), r.get("sphinx_broken_message", ""))
row("3b", "Sphinx (`make htmldocs SPHINXDIRS=process`, checker bypassed), broken tree: "
    "until it prints the entry's warning", "sphinx_broken_report", msg)
row("3c", "the same build, start to end", "sphinx_broken_total",
    "" if quick else "make exit %s" % r.get("sphinx_broken_status", "?").strip())
row(4, "`scripts/documentation-file-ref-check`, broken tree", "refcheck",
    "" if quick else "reports the entry: %s (prints %s lines)"
    % (r.get("refcheck_reports_entry"), r.get("refcheck_lines")))
row("5a", "`make htmldocs SPHINXDIRS=process`, checker in front", "sphinx_with",
    "" if quick else "%s warnings" % r.get("sphinx_with_warnings", "?").strip())
row("5b", "the same with `CHECKCONDUCT=0` (checker bypassed)", "sphinx_without")
row("5c", "`make checkconduct` (warm, nothing to rebuild)", "make_checkconduct")
row("5d", "`make -o checkconduct checkconduct` (make doing nothing)", "make_nothing")
ci = r.get("process_instructions") or "not measured"
ca = r.get("all_instructions") or "not measured"
fmt = lambda s: "{:,}".format(int(s)) if s.isdigit() else s
once(6, "checker instructions (callgrind; user space): process / `--all`",
     "%s / %s" % (fmt(ci), fmt(ca)))
once(7, "peak memory (max RSS): checker process / `--all` / I/O floor",
     "%s / %s / %s KiB" % (r.get("process_maxrss_kib"), r.get("all_maxrss_kib"),
                           r.get("floor_process_maxrss_kib")))
af = r.get("all_files", "?")
row("8a", "`checkconduct --all`, all of Documentation/", "checker_all",
    "exit %s, %s errors, %s warnings; opens %s .rst files (%s in the tree), %s more than once"
    % (r.get("checker_all_exit"), r.get("checker_all_errors"), r.get("checker_all_warnings"),
       af, r.get("all_rst_in_tree"), r.get("all_files_dup")))
row("8b", "I/O floor: `%s` (scripts/floor.c) reads exactly those %s files, lists the %s directories it lists"
    % (r.get("floor_all_method"), af, r.get("all_dirs", "?")), "floor_all")

full = num("full_sphinx_s")
if full is not None:
    once("8c", "full `make htmldocs` (pristine tree, one background run, nice 10)",
         t(full), "exit %s, %s; `%s`" % (r.get("full_sphinx_exit"), r.get("full_sphinx_date"),
                                         r.get("full_sphinx_log")))
else:
    once("8c", "full `make htmldocs`", "not measured", r.get("full_sphinx_state", ""))


def parsed(key):
    return "exit %s; docutils parses %s documents; %s errors, %s warnings" % (
        r.get(key + "_exit"), r.get(key + "_parsed"), r.get(key + "_errors"),
        r.get(key + "_warnings"))


row("9a", "docutils-only script (`selftests/docutils-check/`), labels of the documents "
    "reached only (`--labels process`)", "docutils_process",
    parsed("docutils_process") + " (a :ref: to a label elsewhere is undefined for it)")
row("9b", "docutils-only script, labels of all of Documentation/ as the checker reads "
    "them (`--labels tree`, the default)", "docutils_tree", parsed("docutils_tree"))
row("9c", "the same on the broken tree (an orphan left: every document is parsed)",
    "docutils_broken", "" if quick else "%s: `%s`" % (
        parsed("docutils_broken"), r.get("docutils_broken_message")))
row("9d", "docutils-only script, every document parsed (`--labels all`)", "docutils_all",
    "" if quick else parsed("docutils_all"))
row("10a", "Sphinx (5b's builds) until `env-updated`: the earliest an extension can "
    "check the toctrees (scripts/sphinx_timed.py)", "sphinx_without_envupdated",
    "from make's start")
row("10b", "the same until `env-check-consistency`", "sphinx_without_envcheck")

c = num("checker_process_median")
cb = num("checker_broken_median")
ca_t = num("checker_all_median")
r_floor = ratio(c, num("floor_process_median"))
r_floor_all = ratio(ca_t, num("floor_all_median"))
r_floor_min = ratio(num("checker_process_min"), num("floor_process_min"))
r_floor_all_min = ratio(num("checker_all_min"), num("floor_all_min"))
r_make = ratio(num("sphinx_broken_report_median"), num("make_checkconduct_median"))
r_report = ratio(num("sphinx_broken_report_median"), cb)
r_report_min = ratio(num("sphinx_broken_report_min"), num("checker_broken_min"))
r_total = ratio(num("sphinx_broken_total_median"), cb)
r_report_floor = ratio(num("sphinx_broken_report_median"), num("floor_process_median"))
r_full = ratio(full, ca_t)
without = num("sphinx_without_median")
marg = None
if num("make_checkconduct_median") is not None and num("make_nothing_median") is not None:
    marg = num("make_checkconduct_median") - num("make_nothing_median")
ovh = None if marg is None or not without else 100 * marg / without
if without and num("sphinx_with_median") is not None:
    ab = 100 * (num("sphinx_with_median") - without) / without
    spread = max(100 * (num("sphinx_%s_max" % a) - num("sphinx_%s_min" % a))
                 / num("sphinx_%s_median" % a) for a in ("with", "without"))
    if min(int(r.get("sphinx_with_runs", 0)), int(r.get("sphinx_without_runs", 0))) < 2:
        noise = "one run each: too few to tell it from the noise"
    else:
        noise = "the runs of one arm spread over up to %.1f%%%s" % (
            spread, ", so the difference is noise" if abs(ab) <= spread else "")
    ab_note = ("A/B of the whole builds: with the checker in front (5a) %+.2f%% against "
               "without (5b); %s" % (ab, noise))
else:
    ab_note = "A/B of the whole builds (5a vs 5b): %s" % skipped

targets = [
    "| checker vs I/O floor, process tree (1 / 2) | %s | at most 1.5x | %s |"
    % (x(r_floor), verdict(None if r_floor is None else r_floor <= 1.5)),
    "| the same, fastest runs (min / min) | %s | – | – |" % x(r_floor_min),
    "| checker `--all` vs its I/O floor (8a / 8b) | %s | at most 2x (issue 20) | %s |"
    % (x(r_floor_all), verdict(None if r_floor_all is None else r_floor_all <= 2)),
    "| the same, fastest runs (min / min) | %s | – | – |" % x(r_floor_all_min),
    "| Sphinx vs checker at reporting the broken entry (3b / 3a) | %s | at least 10,000x | %s |"
    % (x(r_report), verdict(None if r_report is None else r_report >= 10000)),
    "| the same, fastest runs (min / min) | %s | – | – |" % x(r_report_min),
    "| Sphinx vs the I/O floor itself (3b / 2): the most any program that reads those files can show "
    "| %s | – | – |" % x(r_report_floor),
    "| Sphinx whole build vs checker, broken tree (3c / 3a) | %s | – | – |" % x(r_total),
    "| Sphinx vs `make checkconduct`, make included (3b / 5c) | %s | – | – |" % x(r_make),
    "| overhead on `make htmldocs SPHINXDIRS=process` ((5c - 5d) / 5b) | %s | below 1%% | %s |"
    % ("not measured" if ovh is None else "%.3f%% (%s)" % (ovh, t(marg)),
       verdict(None if ovh is None else ovh < 1)),
    "| full Sphinx build vs `checkconduct --all` (8c / 8a) | %s | – (issue 8) | – |" % x(r_full),
    "| docutils-only script vs checker (9b / 1) | %s | – (issue 35) | – |"
    % x(ratio(num("docutils_tree_median"), c)),
    "| the same, labels of the documents reached only (9a / 1) | %s | – | – |"
    % x(ratio(num("docutils_process_median"), c)),
    "| docutils-only script vs checker, broken tree (9c / 3a) | %s | – | – |"
    % x(ratio(num("docutils_broken_median"), cb)),
    "| Sphinx until `env-updated` vs checker (10a / 1): what an extension waits for | %s | – | – |"
    % x(ratio(num("sphinx_without_envupdated_median"), c)),
    "| Sphinx until `env-updated` vs the docutils-only script (10a / 9b) | %s | – | – |"
    % x(ratio(num("sphinx_without_envupdated_median"), num("docutils_tree_median"))),
]

out = []
out.append("# checkconduct benchmark (`make bench`)\n")
out.append("- %s; %s cores (%s), %s GiB; load average %s at the start, %s at the end" % (
    r.get("date"), r.get("cores"), r.get("cpu"), r.get("mem_gib"), r.get("load_start"),
    r.get("load_end")))
out.append("- tree %s (%s), HEAD %s%s; %s" % (
    r.get("tree"), r.get("kernelversion"), r.get("head"),
    "" if r.get("tree_dirty") == "0" else " plus uncommitted changes (Sphinx rows: HEAD only)",
    r.get("sphinx")))
out.append("- broken tree: `%s`" % r.get("broken_entry"))
out.append("- medians; checker and floor: hyperfine, %s warm-ups; Sphinx: one shared warm-up, "
           "then rounds of 3b, 5a, 5b in rotating order, each build from scratch; "
           "docutils-only script: 9a, 9b %s runs after %s warm-up(s), 9c, 9d as many as Sphinx%s\n"
           % (r.get("warmup"), r.get("docutils_tree_runs", "?"), r.get("docutils_warmup", "?"),
              "; QUICK MODE: one run each, no Sphinx" if quick else ""))
out.append("| # | measurement | median | min – max | runs | notes |")
out.append("|---|---|---|---|---|---|")
out.extend(rows)
out.append("\n| comparison | ratio | target | verdict |")
out.append("|---|---|---|---|")
out.extend(targets)
out.append("\n%s.  The overhead verdict uses instead the cost of the prerequisite "
           "measured alone (5c minus 5d: make's work for it and the checker), divided by the "
           "build without it (5b)." % ab_note)
out.append("\nTimes are wall-clock on a shared machine: compare the ratios, taken in the "
           "same run, not the seconds.  3b is when the warning's line came out of make "
           "(Sphinx runs with PYTHONUNBUFFERED=1: no buffer holds it back).")
text = "\n".join(out) + "\n"
open(sys.argv[2], "w").write(text)
sys.stdout.write(text)
PY
}

# scripts/bench.sh --table: the table again from results.txt, with the full
# Sphinx build's time if it has finished since.
if [ "${1:-}" = --table ]; then
	[ -f "$RESULTS" ] || die "no $RESULTS (run make bench first)"
	grep -v '^full_sphinx_' "$RESULTS" >"$RESULTS.tmp" || true
	read_full_sphinx
	mv "$RESULTS.tmp" "$RESULTS"
	render
	exit 0
fi

for tool in hyperfine strace valgrind /usr/bin/time python3 make git; do
	command -v "$tool" >/dev/null || die "$tool is missing (make deps)"
done
[ -f "$KSRC/$INDEX" ] || die "no $KSRC/$INDEX (make tree first)"
/usr/bin/python3 -c 'import docutils' 2>/dev/null || die "no docutils for /usr/bin/python3 (make deps)"
checker=$("$TOP/scripts/build-checker.sh")

mkdir -p "$LOGS"
rm -f "$LOGS"/*.runs "$LOGS"/*.json
floor_bin=$WORK/floor
cc -O2 -Wall -Werror -o "$floor_bin" "$TOP/scripts/floor.c" ||
	die "cannot build scripts/floor.c"
: >"$RESULTS.tmp"

# stats FILE: "median min max n" of the numbers in FILE, one a line.
stats() {
	python3 -c 'import statistics, sys
v = [float(x) for x in open(sys.argv[1]).read().split()]
print(statistics.median(v), min(v), max(v), len(v)) if v else print("NA NA NA 0")' "$1"
}

# put_stats KEY FILE: KEY_median, KEY_min, KEY_max, KEY_runs from stats FILE.
put_stats() {
	local med min max n
	read -r med min max n < <(stats "$2")
	put "$1_median" "$med"
	put "$1_min" "$min"
	put "$1_max" "$max"
	put "$1_runs" "$n"
}

# hf KEY DIR [-i] CMD...: hyperfine CMD (no shell, output discarded) in DIR,
# BENCH_RUNS runs after the warm-ups; results under KEY (seconds).  -i: a
# non-zero exit status is expected.
hf() {
	local key=$1 dir=$2 ignore=() cmd
	shift 2
	if [ "$1" = -i ]; then
		ignore=(-i)
		shift
	fi
	cmd=$(printf '%q ' "$@")
	(cd "$dir" && hyperfine -N "${ignore[@]}" --style basic \
		--warmup "$WARMUP" --runs "$RUNS" \
		--export-json "$LOGS/$key.json" "${cmd% }") >"$LOGS/$key.hyperfine" 2>&1 ||
		{ cat "$LOGS/$key.hyperfine" >&2; die "hyperfine failed on: $cmd"; }
	python3 -c 'import json, sys
for t in json.load(open(sys.argv[1]))["results"][0]["times"]:
    print(t)' "$LOGS/$key.json" >"$LOGS/$key.runs"
	put_stats "$key" "$LOGS/$key.runs"
}

# rst_reads LIST CHECKER-ARGS...: the .rst files the checker opens (and
# conf.py, whose exclude_patterns it reads), each once, in the order it
# first opens them, relative to $KSRC/Documentation (one a line, in LIST),
# then the directories it opens (to list them), with a
# trailing "/"; LIST.dup: the .rst files it opens more than once.  Paths
# are absolute or relative to Documentation/ (the checker opens it once
# and works from there).
rst_reads() {
	local list=$1 top
	shift
	top=$(realpath "$KSRC/Documentation")
	strace -f --seccomp-bpf -qq -e trace=openat -o "$list.strace" "$checker" "$@" >/dev/null 2>&1 || true
	grep -v 'O_DIRECTORY' "$list.strace" |
		sed -n 's/^\([0-9]* *\)\{0,1\}openat([^"]*"\([^"]*\.rst\|[^"]*conf\.py\)".*) = [0-9][0-9]*$/\2/p' |
		awk -v top="$top/" \
			'index($0, top) == 1 { $0 = substr($0, length(top) + 1) } { print }' >"$list.all"
	awk '!seen[$0]++' "$list.all" >"$list"
	sort "$list.all" | uniq -d >"$list.dup"
	[ -s "$list" ] || die "strace saw the checker open no .rst file ($list.strace)"
	# opendir() and the checker's own listing open with O_NONBLOCK or
	# O_NOFOLLOW; the directory it works from, with neither
	grep 'O_DIRECTORY' "$list.strace" | grep -E 'O_NONBLOCK|O_NOFOLLOW' |
		sed -n 's/^\([0-9]* *\)\{0,1\}openat([^"]*"\([^"]*\)".*) = [0-9][0-9]*$/\2/p' |
		awk -v top="$top" '$0 == top { print "./"; next }
			index($0, top "/") == 1 { print substr($0, length(top) + 2) "/"; next }
			substr($0, 1, 1) != "/" { print $0 "/" }' |
		awk '!seen[$0]++' >>"$list"
}

# floor KEY LIST: hyperfine the I/O floor (scripts/floor.c: open, read whole
# and close each file in LIST, nothing else), in $KSRC/Documentation.
floor() {
	local key=$1 list=$2
	put "${key}_method" floor
	hf "$key" "$KSRC/Documentation" "$floor_bin" "$list"
}

# break_entry FILE: misspell the entry in the process index FILE.
break_entry() {
	sed -i "s/^   $ENTRY\$/   $BROKEN/" "$1"
	grep -q "^   $BROKEN\$" "$1" || die "no entry '$ENTRY' to break in $1"
}

# ---- the machine and the tree ------------------------------------------------
put date "$(date -u '+%Y-%m-%d %H:%M UTC')"
put cpu "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
put cores "$(nproc)"
put mem_gib "$(awk '/^MemTotal:/ { printf "%.0f", $2 / 1048576 }' /proc/meminfo)"
put load_start "$(cut -d ' ' -f 1-3 /proc/loadavg)"
put tree "$(basename "$KSRC")"
put kernelversion "$(awk '$2 == "=" && $1 ~ /^(VERSION|PATCHLEVEL|SUBLEVEL)$/ { v = v sep $3; sep = "." } END { print v }' "$KSRC/Makefile")"
put head "$(kgit rev-parse --short=12 HEAD)"
put tree_dirty "$(kgit status --porcelain --untracked-files=no | wc -l)"
put quick "${QUICK:-0}"
put warmup "$WARMUP"
put sphinx_runs "$SPHINX_RUNS"
put docutils_warmup "$DOCUTILS_WARMUP"
put sphinx "$(sphinx-build --version 2>/dev/null || echo none)"

# ---- 1, 2: the checker on the process tree and its I/O floor ----------------
note "1/10 the checker on the process tree, and its I/O floor"
status=0
"$checker" --srctree "$KSRC" >"$LOGS/checker-process.out" 2>&1 || status=$?
put checker_process_exit "$status"
rst_reads "$LOGS/files-process" --srctree "$KSRC"
put process_files "$(grep -vc '/$' "$LOGS/files-process")"
put process_dirs "$(grep -c '/$' "$LOGS/files-process" || true)"
put process_files_dup "$(wc -l <"$LOGS/files-process.dup")"
hf checker_process "$KSRC" -i "$checker" --srctree "$KSRC"
floor floor_process "$LOGS/files-process"

# ---- 3a: the checker on the broken tree ---------------------------------------
note "2/10 the checker on a copy of Documentation/ with one broken entry"
rm -rf "$WORK/broken"
mkdir -p "$WORK/broken"
# Hard links where it can (fast); the index is then replaced, never written
# to in place: $KSRC's file, which the link shares, stays as it is.
cp -al "$KSRC/Documentation" "$WORK/broken/" 2>/dev/null ||
	{ rm -rf "$WORK/broken/Documentation"; cp -a "$KSRC/Documentation" "$WORK/broken/"; }
cp "$KSRC/$INDEX" "$WORK/broken/$INDEX.tmp"
break_entry "$WORK/broken/$INDEX.tmp"
mv -f "$WORK/broken/$INDEX.tmp" "$WORK/broken/$INDEX"
cmp -s "$KSRC/$INDEX" "$WORK/broken/$INDEX" && die "the broken index is not broken"
grep -q "^   $ENTRY\$" "$KSRC/$INDEX" || die "$KSRC/$INDEX was changed: restore it (git checkout)"
put broken_entry "$INDEX:$(grep -n "^   $BROKEN\$" "$WORK/broken/$INDEX" | cut -d: -f1): $ENTRY -> $BROKEN"
status=0
"$checker" --srctree "$WORK/broken" >"$LOGS/checker-broken.out" 2>&1 || status=$?
put checker_broken_exit "$status"
put checker_broken_message "$(grep -m 1 "$BROKEN" "$LOGS/checker-broken.out" || echo none)"
hf checker_broken "$WORK/broken" -i "$checker" --srctree "$WORK/broken"

# ---- 6, 7: instructions and peak memory -------------------------------------
note "3/10 callgrind and peak memory"
# callgrind KEY CHECKER-ARGS...: instructions executed (user space).
callgrind() {
	local key=$1
	shift
	valgrind --tool=callgrind --callgrind-out-file="$LOGS/$key.callgrind" \
		"$checker" "$@" >/dev/null 2>"$LOGS/$key.valgrind" || true
	put "${key}_instructions" "$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$LOGS/$key.valgrind")"
}
# maxrss KEY DIR CMD...: peak resident memory of CMD run in DIR, in KiB.
maxrss() {
	local key=$1 dir=$2
	shift 2
	(cd "$dir" && /usr/bin/time -f %M -o "$LOGS/$key.time" "$@") >/dev/null 2>&1 || true
	put "${key}_maxrss_kib" "$(tail -n 1 "$LOGS/$key.time")"
}
callgrind process --srctree "$KSRC"
[ -n "$QUICK" ] || callgrind all --srctree "$KSRC" --all	# 10 s
maxrss process "$KSRC" "$checker" --srctree "$KSRC"
maxrss all "$KSRC" "$checker" --srctree "$KSRC" --all
maxrss floor_process "$KSRC/Documentation" "$floor_bin" "$LOGS/files-process"

# ---- 8a, 8b: --all on the whole Documentation/ and its floor ---------------
note "4/10 checkconduct --all on all of Documentation/, and its I/O floor"
status=0
"$checker" --srctree "$KSRC" --all >"$LOGS/checker-all.out" 2>&1 || status=$?
put checker_all_exit "$status"
put checker_all_errors "$(grep -c ': error: ' "$LOGS/checker-all.out" || true)"
put checker_all_warnings "$(grep -c ': warning: ' "$LOGS/checker-all.out" || true)"
rst_reads "$LOGS/files-all" --srctree "$KSRC" --all
put all_files "$(grep -vc '/$' "$LOGS/files-all")"
put all_dirs "$(grep -c '/$' "$LOGS/files-all" || true)"
put all_files_dup "$(wc -l <"$LOGS/files-all.dup")"
put all_rst_in_tree "$(find "$KSRC/Documentation" -name '*.rst' | wc -l)"
hf checker_all "$KSRC" -i "$checker" --srctree "$KSRC" --all
floor floor_all "$LOGS/files-all"

# ---- 9: the same checks with docutils alone (issue 35) ------------------------
note "5/10 the docutils-only script ($DOCUTILS)"
# docutils_once KEY TREE ARGS...: one run of the script on TREE: its exit
# status, what it reported, how many documents docutils parsed.
docutils_once() {
	local key=$1 tree=$2 status=0
	shift 2
	/usr/bin/python3 "$DOCUTILS" --srctree "$tree" "$@" \
		>"$LOGS/$key.out" 2>"$LOGS/$key.err" || status=$?
	put "${key}_exit" "$status"
	put "${key}_errors" "$(grep -c ': error: ' "$LOGS/$key.err" || true)"
	put "${key}_warnings" "$(grep -c ': warning: ' "$LOGS/$key.err" || true)"
	put "${key}_parsed" "$(sed -n 's/^docutils-check: \([0-9]*\) documents parsed.*/\1/p' "$LOGS/$key.out")"
}
for labels in process tree; do
	docutils_once "docutils_$labels" "$KSRC" --labels "$labels"
	RUNS=$DOCUTILS_RUNS WARMUP=$DOCUTILS_WARMUP hf "docutils_$labels" "$KSRC" -i \
		/usr/bin/python3 "$DOCUTILS" --srctree "$KSRC" --labels "$labels"
done
if [ -z "$QUICK" ]; then
	docutils_once docutils_broken "$WORK/broken" --labels tree
	put docutils_broken_message "$(grep -m 1 "$BROKEN" "$LOGS/docutils_broken.err" || echo none)"
	RUNS=$SPHINX_RUNS WARMUP=0 hf docutils_broken "$WORK/broken" -i \
		/usr/bin/python3 "$DOCUTILS" --srctree "$WORK/broken" --labels tree
	docutils_once docutils_all "$KSRC" --labels all
	RUNS=$SPHINX_RUNS WARMUP=0 hf docutils_all "$KSRC" -i \
		/usr/bin/python3 "$DOCUTILS" --srctree "$KSRC" --labels all
fi

# ---- 3, 4, 5: Sphinx and documentation-file-ref-check --------------------------
g() {
	GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 git -C "$CLONE" "$@"
}

# prepare_clone: CLONE at $KSRC's HEAD, nothing else in it; its process index
# saved clean and broken in WORK/index.rst.{clean,broken}.
prepare_clone() {
	local head
	head=$(kgit rev-parse HEAD)
	if [ ! -d "$CLONE/.git" ]; then
		note "cloning $KSRC into $CLONE (once; about a minute)"
		rm -rf "$CLONE"
		GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 \
			git clone -q --local --no-checkout "$KSRC" "$CLONE"
	fi
	g cat-file -e "$head^{commit}" 2>/dev/null || g fetch -q "$KSRC" HEAD
	g checkout -q -f --detach "$head"
	g clean -q -f -d -x
	cp "$CLONE/$INDEX" "$WORK/index.rst.clean"
	cp "$CLONE/$INDEX" "$WORK/index.rst.broken"
	break_entry "$WORK/index.rst.broken"
}

# use_index clean|broken: the clone's process index.
use_index() {
	cp "$WORK/index.rst.$1" "$CLONE/$INDEX"
}

# stamp: each line of stdin prefixed with the time it arrived.
stamp() {
	local line
	while IFS= read -r line; do
		printf '%s %s\n' "$EPOCHREALTIME" "$line"
	done
}

# sphinx_once ARM RUN [MAKE-ARGS...]: one "make htmldocs SPHINXDIRS=process"
# of the clone from scratch in WORK/obj/ARM (the warm-up in obj/with); appends "total report warnings
# position status" to LOGS/sphinx-ARM.txt (report: seconds until Sphinx
# printed the broken entry's warning, "-" if it did not; position: which
# warning it was), and "env-updated env-check-consistency" to
# LOGS/sphinx-ARM-events.txt (seconds until Sphinx fired them, "-" if not).
sphinx_once() {
	local arm=$1 run=$2 obj=$WORK/obj/$1 log start end
	shift 2
	[ "$arm" != warmup ] || obj=$WORK/obj/with
	log=$LOGS/sphinx-$arm-$run.log
	rm -rf "$obj/Documentation/output"
	rm -f "$log.events"
	mkdir -p "$obj"
	start=$EPOCHREALTIME
	{
		status=0
		PYTHONUNBUFFERED=1 SPHINX_TIMED_LOG=$log.events \
			make -C "$obj" -f "$CLONE/Makefile" SPHINXBUILD="$SPHINX_TIMED" "$@" \
			htmldocs SPHINXDIRS=process 2>&1 || status=$?
		echo "bench: make exit $status"
	} | stamp >"$log"
	end=$EPOCHREALTIME
	case " $* " in
	*" CHECKCONDUCT=0 "*)
		! grep -q ' CHKCOC ' "$log" ||
			die "$log: the checker ran in a build meant to be without it"
		;;
	esac
	awk -v start="$start" -v end="$end" -v entry="'$BROKEN'" '
		{ t = $1 - start; sub(/^[^ ]* /, "") }
		/(^| )(WARNING|ERROR|SEVERE|CRITICAL): / {
			n++
			if (report == "" && /nonexisting document/ && index($0, entry)) {
				report = sprintf("%.6f", t)
				pos = n
			}
		}
		/^bench: make exit / { status = $4 }
		END { printf "%.6f %s %d %d %s\n", end - start, report == "" ? "-" : report, n, pos, status }
	' "$log" >>"$LOGS/sphinx-$arm.txt"
	touch "$log.events"
	awk -v start="$start" '
		$1 == "env-updated" && u == "" { u = sprintf("%.6f", $2 - start) }
		$1 == "env-check-consistency" && c == "" { c = sprintf("%.6f", $2 - start) }
		END { print (u == "" ? "-" : u), (c == "" ? "-" : c) }
	' "$log.events" >>"$LOGS/sphinx-$arm-events.txt"
}

if [ -n "$QUICK" ]; then
	put sphinx_state "skipped (BENCH_QUICK)"
else
	note "6/10 the Sphinx tree: $CLONE"
	prepare_clone
	rm -f "$LOGS"/sphinx-*.txt "$LOGS"/sphinx-*.log

	note "7/10 documentation-file-ref-check on the broken tree"
	use_index broken
	(cd "$CLONE" && scripts/documentation-file-ref-check) >"$LOGS/refcheck.out" 2>&1 || true
	put refcheck_lines "$(wc -l <"$LOGS/refcheck.out")"
	if grep -q "$BROKEN" "$LOGS/refcheck.out"; then
		put refcheck_reports_entry yes
	else
		put refcheck_reports_entry no
	fi
	RUNS=$SPHINX_RUNS WARMUP=1 hf refcheck "$CLONE" -i scripts/documentation-file-ref-check

	# One warm-up (builds the checker in obj/with, warms the caches), then
	# rounds of the three arms, each round in another order.
	arms=(broken with without)
	note "8/10 make htmldocs SPHINXDIRS=process: 1 warm-up + $SPHINX_RUNS rounds of ${arms[*]} (minutes)"
	use_index clean
	sphinx_once warmup 0
	for ((run = 1; run <= SPHINX_RUNS; run++)); do
		for ((i = 0; i < 3; i++)); do
			arm=${arms[(run - 1 + i) % 3]}
			note "   round $run/$SPHINX_RUNS: $arm"
			case $arm in
			broken)	use_index broken; sphinx_once broken "$run" CHECKCONDUCT=0 ;;
			with)	use_index clean; sphinx_once with "$run" ;;
			without) use_index clean; sphinx_once without "$run" CHECKCONDUCT=0 ;;
			esac
		done
	done
	use_index clean
	for arm in warmup "${arms[@]}"; do
		put "sphinx_${arm}_status" "$(cut -d ' ' -f 5 "$LOGS/sphinx-$arm.txt" | sort -u | tr '\n' ' ')"
	done
	cut -d ' ' -f 1 "$LOGS/sphinx-broken.txt" >"$LOGS/sphinx-broken-total.runs"
	grep -v '^[^ ]* -' "$LOGS/sphinx-broken.txt" | cut -d ' ' -f 2 >"$LOGS/sphinx-broken-report.runs" || true
	put_stats sphinx_broken_total "$LOGS/sphinx-broken-total.runs"
	put_stats sphinx_broken_report "$LOGS/sphinx-broken-report.runs"
	put sphinx_broken_missed "$(grep -c '^[^ ]* -' "$LOGS/sphinx-broken.txt" || true)"
	put sphinx_broken_warnings "$(cut -d ' ' -f 3 "$LOGS/sphinx-broken.txt" | sort -u | tr '\n' ' ')"
	put sphinx_broken_position "$(cut -d ' ' -f 4 "$LOGS/sphinx-broken.txt" | sort -u | tr '\n' ' ')"
	put sphinx_with_warnings "$(cut -d ' ' -f 3 "$LOGS/sphinx-with.txt" | sort -u | tr '\n' ' ')"
	put sphinx_broken_message "$(sed -n "/nonexisting document '$BROKEN'/{s|^[^ ]* ||; s|$CLONE/||; p; q}" "$LOGS/sphinx-broken-1.log")"
	for arm in with without; do
		cut -d ' ' -f 1 "$LOGS/sphinx-$arm.txt" >"$LOGS/sphinx-$arm.runs"
		put_stats "sphinx_$arm" "$LOGS/sphinx-$arm.runs"
	done
	# 10a, 10b: when an extension could check, in the builds without the checker
	cut -d ' ' -f 1 "$LOGS/sphinx-without-events.txt" | grep -v '^-$' \
		>"$LOGS/sphinx-without-envupdated.runs" || true
	cut -d ' ' -f 2 "$LOGS/sphinx-without-events.txt" | grep -v '^-$' \
		>"$LOGS/sphinx-without-envcheck.runs" || true
	put_stats sphinx_without_envupdated "$LOGS/sphinx-without-envupdated.runs"
	put_stats sphinx_without_envcheck "$LOGS/sphinx-without-envcheck.runs"

	# The prerequisite alone: "make checkconduct" in the warm obj/with,
	# minus the same make told not to run it (parsing the Makefiles, which
	# "make htmldocs" does anyway).
	note "10/10 the checkconduct prerequisite alone"
	hf make_checkconduct "$WORK/obj/with" make -s -C "$WORK/obj/with" -f "$CLONE/Makefile" checkconduct
	hf make_nothing "$WORK/obj/with" make -s -C "$WORK/obj/with" -f "$CLONE/Makefile" -o checkconduct checkconduct
fi
read_full_sphinx
put load_end "$(cut -d ' ' -f 1-3 /proc/loadavg)"
mv "$RESULTS.tmp" "$RESULTS"

render
note "results: $WORK/results.md and $RESULTS; logs in $LOGS/"
