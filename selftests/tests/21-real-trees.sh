#!/bin/bash
# The checker on the real Debian trees: no false positive on the patched
# 6.1 tree nor on the pristine 6.12 tree, whose process index is organised
# differently (sections, no cross-directory entries, more documents).
. "$TOP/selftests/lib.sh"

checker=$("$TOP/scripts/build-checker.sh")

# The 6.1 tree that make tree prepared, series applied.
expect_run /dev/null/none "$checker" --srctree "$KSRC"
run "$checker" --srctree "$KSRC" -W --format=ktap
expect_eq 0 "$RUN_STATUS" "exit status on 6.1 with -W"
expect_eq 4 "$(grep -c '^ok ' "$TEST_TMP/run.out")" "ok points on 6.1"

# Without --srctree, $srctree (as Kbuild exports it), else the current directory.
(cd "$TEST_TMP" && srctree=$KSRC expect_run /dev/null/none "$checker")
(cd "$KSRC" && expect_run /dev/null/none "$checker")
printf '%s\n' "checkconduct: $TEST_TMP/none/Documentation: No such file or directory (is --srctree right?)" \
	>"$TEST_TMP/nosrc.err"
echo 2 >"$TEST_TMP/nosrc.status"
(cd "$KSRC" && srctree=$TEST_TMP/none expect_run "$TEST_TMP/nosrc" "$checker")

# The pristine 6.12 tree: only its Documentation/ is needed.
tar=/usr/src/linux-source-6.12.tar.xz
[ -f "$tar" ] || fail "$tar missing (make deps installs linux-source-6.12)"
tar -C "$TEST_TMP" -xf "$tar" --wildcards 'linux-source-6.12/Documentation/*'
tree=$TEST_TMP/linux-source-6.12
[ -f "$tree/Documentation/process/index.rst" ] || fail "no process index in $tar"
grep -q '^Policy guides and developer statements$' \
	"$tree/Documentation/process/index.rst" ||
	fail "6.12's process index is not the sectioned one this test expects"
expect_run /dev/null/none "$checker" --srctree "$tree" -W
echo "6.1 and 6.12: clean"
