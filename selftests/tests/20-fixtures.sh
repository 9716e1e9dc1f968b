#!/bin/bash
# The checker against small Documentation trees written for the tests.
#
# Each case in selftests/fixtures/cases/NAME/ is the tree fixtures/base/
# with the case's own Documentation/ laid over it, the paths listed in
# "remove" deleted, and the checker run there with the arguments in "args"
# (one a line).  Its stdout, stderr and exit status must be exactly
# expected.out, expected.err and expected.status (missing: empty, 0).
. "$TOP/selftests/lib.sh"

checker=$("$TOP/scripts/build-checker.sh")
fixtures=$TOP/selftests/fixtures

# make_case NAME DIR: build the tree of case NAME in DIR.
make_case() {
	local case=$fixtures/cases/$1 dir=$2 path
	cp -R "$fixtures/base/." "$dir"
	[ ! -d "$case/Documentation" ] || cp -R "$case/Documentation" "$dir"
	if [ -f "$case/remove" ]; then
		while read -r path; do
			rm -r "${dir:?}/$path"
		done <"$case/remove"
	fi
}

cases=0
for case in "$fixtures"/cases/*/; do
	name=$(basename "$case")
	tree=$TEST_TMP/$name
	mkdir "$tree"
	make_case "$name" "$tree"
	args=()
	[ ! -f "$case/args" ] || mapfile -t args <"$case/args"
	# Diagnostics name files relative to the source tree, wherever we are.
	(cd "$tree" && expect_run "$case/expected" "$checker" "${args[@]}")
	echo "ok $name"
	cases=$((cases + 1))
done
[ "$cases" -ge 30 ] || fail "only $cases fixture cases found"
echo "$cases cases"
