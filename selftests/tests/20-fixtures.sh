#!/bin/bash
# The checker against small Documentation trees written for the tests.
#
# Each case in selftests/fixtures/cases/NAME/ is the tree fixtures/base/
# with the case's own Documentation/ laid over it, the paths listed in
# "remove" deleted, and the checker run there with the arguments in "args"
# (one a line), with the environment's variables in "env" (NAME=value, one
# a line) added.  Its stdout, stderr and exit status must be exactly
# expected.out, expected.err and expected.status (missing: empty, 0).
#
# A case with a file "versions" runs once per line of it instead, with the
# versions of Sphinx and docutils that line names, and its expected.V.*
# (V the line as written): "none" for neither option, a Sphinx version
# ("7.4.0": --sphinx 7.4.0), "docutils-0.16" (--docutils 0.16), or such
# words joined by commas.  "none" must be one of them: what the checker
# says when make has no Sphinx to ask.
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
	[ ! -f "$case/versions" ] || grep -qx none "$case/versions" ||
		fail "$name: its versions have no 'none'"
	mapfile -t versions < <(fixture_versions "$case")
	for v in "${versions[@]}"; do
		expected=$case/expected${v:+.$v}
		mapfile -t vargs < <(version_args "$v")
		# Diagnostics name files relative to the source tree, wherever we are.
		(cd "$tree" &&
		 expect_run "$expected" env "${vars[@]}" "$checker" "${args[@]}" "${vargs[@]}")
		echo "ok $name${v:+ ($v)}"
	done
	cases=$((cases + 1))
done
[ "$cases" -ge 30 ] || fail "only $cases fixture cases found"
echo "$cases cases"
