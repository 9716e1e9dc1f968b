#!/bin/bash
# Helpers the tests share.  A test starts with:
#
#	#!/bin/bash
#	. "$TOP/selftests/lib.sh"
#
# and gets set -eu -o pipefail, TOP BUILD KSRC KSRC_TAR (from scripts/env.sh,
# including kgit), a private scratch directory $TEST_TMP removed at exit, and
# the functions below.  Exit 0 passes; fail (or any failing command) fails.
set -eu -o pipefail
. "$TOP/scripts/env.sh"

TEST_TMP=$(mktemp -d "${TMPDIR:-/tmp}/checkconduct-test.XXXXXX")
_at_exit=()

# on_exit CMD...: run CMD when the test ends, pass or fail (last in, first run).
on_exit() {
	_at_exit=("$*" "${_at_exit[@]}")
}
_run_at_exit() {
	local status=$? cmd
	for cmd in "${_at_exit[@]}"; do
		eval "$cmd" || status=1
	done
	rm -rf "$TEST_TMP"
	exit "$status"
}
trap _run_at_exit EXIT

# fail MSG: the test fails with MSG.
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# progress MSG: tell the person at the terminal what a long test is doing.
progress() {
	echo "  $*" >&3 2>/dev/null || true
	echo "  $*"
}

# expect_eq EXPECTED ACTUAL [WHAT]: fail unless the two strings are equal.
expect_eq() {
	[ "$1" = "$2" ] || fail "${3:-value}: expected '$1', got '$2'"
}

# run CMD...: run CMD, never failing; its stdout, stderr and exit status are
# then in the files $TEST_TMP/run.out, run.err and in $RUN_STATUS.
run() {
	RUN_STATUS=0
	"$@" >"$TEST_TMP/run.out" 2>"$TEST_TMP/run.err" || RUN_STATUS=$?
}

# expect_run EXPECTED CMD...: run CMD and compare its stdout, stderr and exit
# status with the files EXPECTED.out, EXPECTED.err and EXPECTED.status (a
# missing file means: empty output, status 0).  Shows a diff on mismatch.
expect_run() {
	local expected=$1 ok=0 stream want
	shift
	run "$@"
	for stream in out err; do
		want=/dev/null
		[ ! -f "$expected.$stream" ] || want=$expected.$stream
		if ! diff -u --label "expected $stream" --label "actual $stream" \
			"$want" "$TEST_TMP/run.$stream"; then
			ok=1
		fi
	done
	want=0
	[ ! -f "$expected.status" ] || want=$(cat "$expected.status")
	if [ "$RUN_STATUS" != "$want" ]; then
		echo "exit status: expected $want, got $RUN_STATUS"
		ok=1
	fi
	[ "$ok" -eq 0 ] || fail "$* (expected: $expected.*)"
}

# copy_project DIR: a copy of the project as it is now (committed or not,
# build/ and other ignored files left out) as a git repository whose status
# is clean.  Scripts run from there work on the same $BUILD.
copy_project() {
	local dir=$1
	git clone -q "$TOP" "$dir"
	(cd "$dir" && git ls-files -z | xargs -0 rm -f --)
	(
		cd "$TOP"
		git ls-files -z -co --exclude-standard |
			while IFS= read -r -d '' f; do
				[ ! -e "$f" ] || printf '%s\0' "$f"	# not if deleted
			done | cpio -0 -pdm --quiet "$dir"
	)
	(cd "$dir" && git add -A && git -c user.name=test -c user.email=test@example.org \
		commit -q --allow-empty -m "copy of the project under test")
	[ -z "$(git -C "$dir" status --porcelain)" ] || fail "copy_project: $dir is not clean"
}

# fixture_versions CASE: the lines of the fixture CASE's "versions" file,
# or one empty line if it has none (see 20-fixtures.sh).
fixture_versions() {
	if [ -f "$1/versions" ]; then
		cat "$1/versions"
	else
		echo
	fi
}

# version_args V: the checker's options for V, a line of a "versions" file,
# one a line: "none" for none, "7.4.0" for --sphinx 7.4.0, "docutils-0.16"
# for --docutils 0.16, or such words joined by commas.
version_args() {
	local word words
	IFS=, read -ra words <<<"$1"
	for word in "${words[@]}"; do
		case $word in
		none)		;;
		docutils-*)	printf '%s\n' --docutils "${word#docutils-}" ;;
		*)		printf '%s\n' --sphinx "$word" ;;
		esac
	done
}

# make_fixture NAME DIR: the tree of fixture case NAME in DIR: the tree
# selftests/fixtures/base/ with the case's own Documentation/ laid over it
# and the paths listed in its "remove" deleted.
make_fixture() {
	local case=$TOP/selftests/fixtures/cases/$1 dir=$2 path
	cp -R "$TOP/selftests/fixtures/base/." "$dir"
	[ ! -d "$case/Documentation" ] || cp -R "$case/Documentation" "$dir"
	# what the kernel's extensions read beside Documentation/
	[ ! -f "$case/MAINTAINERS" ] || cp "$case/MAINTAINERS" "$dir"
	if [ -f "$case/remove" ]; then
		while read -r path; do
			rm -r "${dir:?}/$path"
		done <"$case/remove"
	fi
}
