#!/bin/bash
# make test: run selftests/tests/*.sh in name order (00-... fast first,
# 80-... slow last), each with bash and its output in $BUILD/logs/tests/.
# Arguments, if any, are name prefixes: run only the tests that match.
#
# A test passes by exiting 0; anything else is a failure (there is no skip).
# A line "# long: what it does" in a test announces it before it runs; the
# test may print progress to the terminal on fd 3:  echo "  ..." >&3
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
for test in "$TOP"/selftests/tests/*.sh; do
	name=$(basename "$test" .sh)
	selected "$name" "$@" || continue
	log=$LOGS/$name.log
	long=$(sed -n 's/^# long: //p' "$test" | head -n 1)
	[ -z "$long" ] || echo "RUN  $name: $long"
	start=$SECONDS
	if (cd "$TOP" && bash "$test") 3>&1 </dev/null >"$log" 2>&1; then
		echo "PASS $name ($((SECONDS - start))s)"
		passed=$((passed + 1))
	else
		echo "FAIL $name ($((SECONDS - start))s) -- last lines of $log:"
		tail -n 30 "$log" | sed 's/^/    /'
		failed=$((failed + 1))
	fi
done

[ $((passed + failed)) -gt 0 ] || echo "no test matches: $*"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
