#!/bin/bash
# make test: run selftests/tests/*.sh in name order (00-... fast first,
# 80-... slow last), each with bash and its output in $BUILD/logs/tests/.
# Arguments, if any, are name prefixes: run only the tests that match.
#
# A test passes by exiting 0; anything else is a failure (there is no skip).
# A line "# long: what it does" in a test announces it before it runs; the
# test may print progress to the terminal on fd 3:  echo "  ..." >&3
#
# A test with a line "# bases: each" runs once per base of $BASES, as
# "NAME [BASE]", with KSRC_TAR (and so KSRC, SERIES, KOBJ ...) set to that
# base; the others run once, on the first base.  The tree of every base is
# prepared first (make tree), so a fresh machine covers all of them.
set -eu
. "$(dirname "$0")/../scripts/env.sh"

LOGS=$BUILD/logs/tests
mkdir -p "$LOGS"

selected() {
	local name=$1 prefix
	[ $# -eq 1 ] && return 0
	shift
	for prefix; do
		[[ $name == "$prefix"* ]] && return 0
	done
	return 1
}

passed=0 failed=0

# run_test TEST LABEL BASE: run TEST on BASE, report it as LABEL.
run_test() {
	local test=$1 label=$2 log long start
	log=$LOGS/${label/ \[/@}
	log=${log%]}.log
	long=$(sed -n 's/^# long: //p' "$test" | head -n 1)
	[ -z "$long" ] || echo "RUN  $label: $long"
	start=$SECONDS
	if (cd "$TOP" && KSRC_TAR=/usr/src/linux-source-$3.tar.xz bash "$test") \
		3>&1 </dev/null >"$log" 2>&1; then
		echo "PASS $label ($((SECONDS - start))s)"
		passed=$((passed + 1))
	else
		echo "FAIL $label ($((SECONDS - start))s) -- last lines of $log:"
		tail -n 30 "$log" | sed 's/^/    /'
		failed=$((failed + 1))
	fi
}

# The trees of the other bases (make test has prepared the default one).
read -r -a bases <<<"$BASES"
for base in "${bases[@]}"; do
	[ "$base" != "$BASE" ] || continue
	log=$LOGS/tree@$base.log
	if ! KSRC_TAR=/usr/src/linux-source-$base.tar.xz "$TOP/scripts/prepare-tree.sh" >"$log" 2>&1; then
		echo "FAIL tree [$base] -- last lines of $log:"
		tail -n 30 "$log" | sed 's/^/    /'
		failed=$((failed + 1))
	fi
done

for test in "$TOP"/selftests/tests/*.sh; do
	name=$(basename "$test" .sh)
	selected "$name" "$@" || continue
	if grep -qx '# bases: each' "$test"; then
		for base in "${bases[@]}"; do
			run_test "$test" "$name [$base]" "$base"
		done
	else
		run_test "$test" "$name" "${bases[0]}"
	fi
done

[ $((passed + failed)) -gt 0 ] || echo "no test matches: $*"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
