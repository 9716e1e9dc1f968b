#!/bin/bash
# The checker against small Documentation trees written for the tests.
#
# Each case in selftests/fixtures/cases/NAME/ is the tree fixtures/base/
# with the case's own Documentation/ laid over it, the paths listed in
# "remove" deleted, and the checker run there with the arguments in "args"
# (one a line), with the environment's variables in "env" (NAME=value, one
# a line) added.  Its stdout, stderr and exit status must be exactly
# expected.out, expected.err and expected.status (missing: empty, 0).
. "$TOP/selftests/lib.sh"

checker=$("$TOP/scripts/build-checker.sh")
fixtures=$TOP/selftests/fixtures

cases=0
for case in "$fixtures"/cases/*/; do
	name=$(basename "$case")
	tree=$TEST_TMP/$name
	mkdir "$tree"
	make_fixture "$name" "$tree"
	args=()
	[ ! -f "$case/args" ] || mapfile -t args <"$case/args"
	vars=()
	[ ! -f "$case/env" ] || mapfile -t vars <"$case/env"
	# Diagnostics name files relative to the source tree, wherever we are.
	(cd "$tree" &&
	 expect_run "$case/expected" env "${vars[@]}" "$checker" "${args[@]}")
	echo "ok $name"
	cases=$((cases + 1))
done
[ "$cases" -ge 30 ] || fail "only $cases fixture cases found"
echo "$cases cases"
