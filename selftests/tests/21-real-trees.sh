#!/bin/bash
# The checker on the real Debian tree of this base, series applied: no
# false positive, not even a warning (-W), in both formats.  6.1's and
# 6.12's process indexes are organised differently (6.12: sections, more
# documents).  7.3's maintainer-handbooks.rst lists the maintainer
# profiles with maintainers-profile-toc, from MAINTAINERS' P: entries: the
# checker must know it (issue 36, part B), or it calls them orphans.
# bases: each
. "$TOP/selftests/lib.sh"

checker=$("$TOP/scripts/build-checker.sh")

expect_run /dev/null/none "$checker" --srctree "$KSRC" -W
run "$checker" --srctree "$KSRC" -W --format=ktap
expect_eq 0 "$RUN_STATUS" "exit status on $BASE with -W"
expect_eq 5 "$(grep -c '^ok ' "$TEST_TMP/run.out")" "ok points on $BASE"
case $BASE in
6.12)	grep -q '^Policy guides and developer statements$' "$KSRC/Documentation/process/index.rst" ||
		fail "6.12's process index is not the sectioned one this test expects" ;;
7.3)	grep -q '^Policy guides and developer statements$' "$KSRC/Documentation/process/index.rst" ||
		fail "7.3's process index is not the sectioned one this test expects"
	grep -qx '\.\. maintainers-profile-toc::' "$KSRC/Documentation/process/maintainer-handbooks.rst" ||
		fail "7.3's maintainer-handbooks.rst has no maintainers-profile-toc" ;;
esac

# Without --srctree, $srctree (as Kbuild exports it), else the current directory.
(cd "$TEST_TMP" && srctree=$KSRC expect_run /dev/null/none "$checker")
(cd "$KSRC" && expect_run /dev/null/none "$checker")
printf '%s\n' "checkconduct: $TEST_TMP/none/Documentation: No such file or directory (is --srctree right?)" \
	>"$TEST_TMP/nosrc.err"
echo 2 >"$TEST_TMP/nosrc.status"
(cd "$KSRC" && srctree=$TEST_TMP/none expect_run "$TEST_TMP/nosrc" "$checker")
echo "$BASE: clean"
