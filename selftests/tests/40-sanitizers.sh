#!/bin/bash
# long: the checker under AddressSanitizer+UBSan and valgrind (fixtures, the real tree, hostile inputs)
# The checker built with -fsanitize=address,undefined (LeakSanitizer on), and
# the plain build under valgrind (memcheck, definite leaks are errors), on:
#
#  - every fixture tree of selftests/fixtures/cases/ (built as 20-fixtures.sh
#    builds them), with its arguments;
#  - the real tree $KSRC, with no option, --format=ktap and --all;
#  - the hostile trees of selftests/hostile/generate.sh, as nobody.
#
# Each run must give exactly the expected output and exit status (the
# fixture's, the hostile case's, or the plain build's on the real tree):
# a sanitizer's report would change both.  Valgrind reports go to a log of
# their own, which must stay empty.
. "$TOP/selftests/lib.sh"

REPORT=99	# the exit status of any sanitizer or valgrind report
export ASAN_OPTIONS="exitcode=$REPORT:detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="exitcode=$REPORT:halt_on_error=1:print_stacktrace=1"
VALGRIND=(valgrind -q --error-exitcode="$REPORT" --leak-check=full
	--errors-for-leak-kinds=definite --show-leak-kinds=definite
	--track-fds=no --log-fd=9)
TIMEOUT=600

fixtures=$TOP/selftests/fixtures
bin=$TEST_TMP/bin
vglog=$TEST_TMP/valgrind.log

# The hostile cases run as nobody, who must reach the binaries and trees.
as_user=()
[ "$(id -u)" -ne 0 ] || as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
chmod 755 "$TEST_TMP"
mkdir "$bin"
cp "$("$TOP/scripts/build-checker.sh")" "$bin/checkconduct"
cp "$("$TOP/scripts/build-checker.sh" asan)" "$bin/checkconduct-asan"

runs=0

# check EXPECTED DIR [ARGS...]: the asan build and the plain one under
# valgrind, run in DIR with the variables in vars (NAME=value), give
# EXPECTED.out/.err/.status.
vars=()
check() {
	local expected=$1 dir=$2
	shift 2
	(cd "$dir" && expect_run "$expected" timeout "$TIMEOUT" "${user[@]}" \
		env "${vars[@]}" "$bin/checkconduct-asan" "$@")
	! grep -qE 'Sanitizer|runtime error' "$TEST_TMP/run.err" ||
		fail "sanitizer report in $dir: $(cat "$TEST_TMP/run.err")"
	runs=$((runs + 1))
	[ "$valgrind" = yes ] || return 0
	(cd "$dir" && expect_run "$expected" timeout "$TIMEOUT" "${user[@]}" \
		env "${vars[@]}" "${VALGRIND[@]}" "$bin/checkconduct" "$@") 9>"$vglog"
	[ ! -s "$vglog" ] || fail "valgrind report in $dir: $(cat "$vglog")"
	runs=$((runs + 1))
}

# The fixtures, as 20-fixtures.sh makes them (make_fixture).
progress "fixtures"
user=() valgrind=yes
for case in "$fixtures"/cases/*/; do
	name=$(basename "$case")
	tree=$TEST_TMP/fixtures/$name
	mkdir -p "$tree"
	make_fixture "$name" "$tree"
	args=() vars=()
	[ ! -f "$case/args" ] || mapfile -t args <"$case/args"
	[ ! -f "$case/env" ] || mapfile -t vars <"$case/env"
	mapfile -t versions < <(fixture_versions "$case")
	for v in "${versions[@]}"; do
		mapfile -t vargs < <(version_args "$v")
		check "$case/expected${v:+.$v}" "$tree" "${args[@]}" "${vargs[@]}"
	done
	echo "ok fixture $name"
done
vars=()

# The real tree: what the plain build says is what the others must say.
progress "the real tree $KSRC"
[ -f "$KSRC/Documentation/process/index.rst" ] || fail "no real tree in $KSRC"
options=("" "--format=ktap")
! "$bin/checkconduct" --help | grep -q -- '--all' || options+=("--all")
for opt in "${options[@]}"; do
	args=(--srctree "$KSRC")
	[ -z "$opt" ] || args+=("$opt")
	run "$bin/checkconduct" "${args[@]}"
	expected=$TEST_TMP/real${opt//[^a-z]/-}
	mv "$TEST_TMP/run.out" "$expected.out"
	mv "$TEST_TMP/run.err" "$expected.err"
	echo "$RUN_STATUS" >"$expected.status"
	[ "$RUN_STATUS" -le 1 ] || fail "the real tree: status $RUN_STATUS: $(cat "$expected.err")"
	check "$expected" "$TEST_TMP" "${args[@]}"
	echo "ok real tree ${opt:-(no option)}: status $RUN_STATUS"
done

# The hostile trees, as nobody.  The 100,000 entries take minutes under
# valgrind: AddressSanitizer only for those.
progress "hostile inputs"
hostile=$TEST_TMP/hostile
"$TOP/selftests/hostile/generate.sh" "$hostile"
user=("${as_user[@]}")
while read -r case; do
	args=()
	[ ! -f "$hostile/$case.args" ] || mapfile -t args <"$hostile/$case.args"
	case $case in
	many-*) valgrind=no ;;
	*) valgrind=yes ;;
	esac
	check "$hostile/$case" "$hostile/$case" --srctree . "${args[@]}"
	echo "ok hostile $case"
done <"$hostile/cases"

echo "$runs runs, no sanitizer or valgrind report"
