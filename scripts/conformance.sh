#!/bin/bash
# Differential conformance: the checker against Sphinx 5.3 on random trees.
#
#	scripts/conformance.sh [SECONDS]	(default 60)
#
# Builds the checker (scripts/build-checker.sh), then runs
# selftests/conformance/compare.py under nice for SECONDS: one
# /usr/bin/python3 process generates small Documentation/ trees
# (selftests/conformance/gen.py), builds each with Sphinx in-process
# (oracle.py) and runs the checker on it, with and without --all.  It
# prints how many trees it checked and how many disagree, by kind, and
# saves each disagreeing tree as $BUILD/conformance/cases/<name>/ (tree/,
# sphinx.txt, checker.txt, diff.txt, features.txt).  The cases of earlier
# runs are removed first.  See selftests/conformance/README.
#
# Environment: CONFORMANCE_SEED (first seed; default: the clock),
# CONFORMANCE_BUILDER (html, the default, or dummy: faster, but its
# circular-reference warnings differ; see oracle.py),
# CONFORMANCE_STRICT=1 (count Sphinx warnings the checker has no
# counterpart for, such as circular references, as disagreements).
# Exit status: 0 when the run completed, whatever it found.
. "$(dirname "$0")/env.sh"
set -eu

seconds=${1:-60}
case $seconds in
'' | *[!0-9]*) echo "conformance: SECONDS must be a number, not '$seconds'" >&2; exit 2 ;;
esac
out=$BUILD/conformance
checker=$("$TOP/scripts/build-checker.sh")

rm -rf -- "$out/cases"
mkdir -p "$out"
args=(--checker "$checker" --out "$out" --seconds "$seconds"
	--builder "${CONFORMANCE_BUILDER:-html}")
[ -z "${CONFORMANCE_SEED:-}" ] || args+=(--seed "$CONFORMANCE_SEED")
[ "${CONFORMANCE_STRICT:-0}" = 0 ] || args+=(--strict)

# Debian's python3 (env.sh puts /usr/bin first): Sphinx 5.3, docutils 0.19
nice -n 10 /usr/bin/python3 "$TOP/selftests/conformance/compare.py" "${args[@]}"
echo "conformance: cases in $out/cases/, summary in $out/summary.txt"
