#!/bin/bash
# The checker's KTAP through the consumer kernel CI already runs: the tree's
# own tools/testing/kunit/kunit.py parse.  Its verdicts on a clean tree, a
# broken one (an error with notes) and a report nested the way the boot
# console nests it must be what the checker meant.  (85-boot parses the
# real console log the same way.)
. "$TOP/selftests/lib.sh"

checker=$("$TOP/scripts/build-checker.sh")

# parse FILE: kunit.py's verdict lines, without their time stamps, and
# its exit status.  The kunit.py of every base's tree reads FILE, and they
# must agree (85-boot judges each base's console with its own).
parse() {
	local base status first=""
	for base in $BASES; do
		status=0
		(cd "$BUILD/src/linux-source-$base" &&
		 /usr/bin/python3 tools/testing/kunit/kunit.py parse "$1") |
			sed 's/^\[[0-9:]*\] //' >"$TEST_TMP/parsed.$base" || status=$?
		echo "$status" >>"$TEST_TMP/parsed.$base"
		if [ -z "$first" ]; then
			first=$base
		elif ! diff -u "$TEST_TMP/parsed.$first" "$TEST_TMP/parsed.$base"; then
			fail "the kunit.py of $first and $base differ on $1"
		fi
	done
	sed '$d' "$TEST_TMP/parsed.$first" >"$TEST_TMP/parsed"
	return "$(tail -n 1 "$TEST_TMP/parsed.$first")"
}

# Clean: every test point passes, kunit.py exits 0.
(cd "$KSRC" && "$checker" --format=ktap) >"$TEST_TMP/clean.ktap"
parse "$TEST_TMP/clean.ktap" || fail "kunit.py parse failed on a clean report"
diff -u - <(grep -v '^=*$' "$TEST_TMP/parsed") <<'WANT' || fail "clean report"
[PASSED] toctree-links
[PASSED] code-of-conduct-linked
[PASSED] code-of-conduct-sections
[PASSED] orphans
[PASSED] references
Testing complete. Ran 5 tests: passed: 5
WANT

# --all adds the translations check; 6.1's one orphan is a warning.
(cd "$KSRC" && "$checker" --all --format=ktap) >"$TEST_TMP/all.ktap" || :
parse "$TEST_TMP/all.ktap" || fail "kunit.py parse failed on a clean --all report"
expect_eq "Testing complete. Ran 6 tests: passed: 6" "$(tail -n 1 "$TEST_TMP/parsed")" "--all report"

# Broken: a misspelt code-of-conduct entry is one failing test point; the
# notes are comments under it, not failures of their own.
tree=$TEST_TMP/broken
mkdir -p "$tree/Documentation"
cp -R "$KSRC/Documentation/process" "$KSRC/Documentation/riscv" \
	"$KSRC/Documentation/core-api" "$tree/Documentation"
sed -i 's/^   code-of-conduct$/   code-of-condcut/' "$tree/Documentation/process/index.rst"
run "$checker" --srctree "$tree" --format=ktap
expect_eq 1 "$RUN_STATUS" "exit status on the broken tree"
cp "$TEST_TMP/run.out" "$TEST_TMP/broken.ktap"
grep -q '^# .*: note: ' "$TEST_TMP/broken.ktap" || fail "no notes in the broken report"
if parse "$TEST_TMP/broken.ktap"; then
	fail "kunit.py parse passed a failing report"
fi
grep -q "^# $tree/Documentation/process/index.rst:25:4: error: toctree entry 'code-of-condcut'" \
	"$TEST_TMP/parsed" || fail "kunit.py does not show the error"
diff -u - <(grep -E '^\[|^Testing' "$TEST_TMP/parsed") <<'WANT' || fail "broken report"
[FAILED] toctree-links
[PASSED] code-of-conduct-linked
[PASSED] code-of-conduct-sections
[PASSED] orphans
[PASSED] references
Testing complete. Ran 5 tests: passed: 4, failed: 1
WANT

# A document whose name holds U+2028, which kunit.py's splitlines() ends
# a line at: the diagnostic stays one line, the character escaped (-W:
# kunit.py shows the lines of failing test points only).
sed -i 's/^   code-of-condcut$/   code-of-conduct/' "$tree/Documentation/process/index.rst"
printf 'Orphan\n======\n\nText.\n' >"$tree/Documentation/process/a$(printf '\342\200\250')b.rst"
run "$checker" --srctree "$tree" --format=ktap -W
expect_eq 1 "$RUN_STATUS" "exit status with U+2028 in a name, -W"
cp "$TEST_TMP/run.out" "$TEST_TMP/sep.ktap"
parse "$TEST_TMP/sep.ktap" || :
grep -qF "# $tree/Documentation/process/a\\xe2\\x80\\xa8b.rst:1:1: error: document is not in any toctree" \
	"$TEST_TMP/parsed" || { cat "$TEST_TMP/parsed"; fail "U+2028 split the diagnostic"; }

# Nested as the boot console nests it (initramfs/init): the checker's
# report indented under the test point that ran it.
{
	echo "KTAP version 1"
	echo "1..2"
	echo "ok 1 kernel_release"
	sed 's/^/    /' "$TEST_TMP/clean.ktap"
	echo "ok 2 checkconduct_process_tree"
} >"$TEST_TMP/nested.ktap"
parse "$TEST_TMP/nested.ktap" || fail "kunit.py parse failed on the nested report"
grep -q 'PASSED\] checkconduct_process_tree' "$TEST_TMP/parsed" || fail "no parent test point"
grep -q '(5 subtests)' "$TEST_TMP/parsed" || fail "the checker's report is not a subtest"
expect_eq "Testing complete. Ran 6 tests: passed: 6" "$(tail -n 1 "$TEST_TMP/parsed")" "nested report"
echo "kunit.py parse: ok"
