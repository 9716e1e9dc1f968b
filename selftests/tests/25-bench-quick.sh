#!/bin/bash
# make bench in its quick mode (BENCH_QUICK=1: one run of each, no Sphinx)
# produces the whole table and results.txt.  Checks the shape, never a time.
. "$TOP/selftests/lib.sh"

out=$TEST_TMP/bench
index_sum=$(md5sum <"$KSRC/Documentation/process/index.rst")
run env BENCH_QUICK=1 BENCH_OUT="$out" "$TOP/scripts/bench.sh"
[ "$RUN_STATUS" = 0 ] || { cat "$TEST_TMP/run.err"; fail "bench.sh exited $RUN_STATUS"; }
md=$out/results.md
[ -s "$md" ] || fail "no $md"
diff -u "$md" "$TEST_TMP/run.out" || fail "the printed table is not results.md"

# Every row of the table, measured or marked as skipped.
for n in 1 2 3a 3b 3c 4 5a 5b 5c 5d 6 7 8a 8b 8c 9a 9b 9c 9d 10a 10b; do
	grep -q "^| $n | " "$md" || fail "no row $n in the table"
done
for n in 1 2 3a 8a 8b 9a 9b; do
	grep "^| $n | " "$md" | grep -qE '\| [0-9.]+ (µs|ms|s) \|' ||
		fail "row $n has no time: $(grep "^| $n | " "$md")"
done
for n in 3b 3c 4 5a 5b 5c 5d 9c 9d 10a 10b; do
	grep "^| $n | " "$md" | grep -q 'skipped (BENCH_QUICK)' ||
		fail "row $n is not marked as skipped: $(grep "^| $n | " "$md")"
done
for target in 'at most 1.5x' 'at least 10,000x' 'below 1%'; do
	grep -q "| $target | " "$md" || fail "no target '$target' in the table"
done
grep -qE '^\| checker vs I/O floor, process tree \(1 / 2\) \| [0-9.]+x \| at most 1.5x \| (met|\*\*NOT met\*\*) \|$' "$md" ||
	fail "the checker-vs-floor line has no ratio and verdict"

# The machine-readable results: the broken entry is found, the floor has
# the files the checker read.
txt=$out/results.txt
for key in checker_process_median floor_process_median checker_broken_median \
	checker_all_median floor_all_median process_instructions process_maxrss_kib \
	docutils_process_median docutils_tree_median docutils_tree_parsed; do
	grep -qE "^$key=[0-9][0-9.e-]*\$" "$txt" || fail "$key is not a number in $txt"
done
expect_eq 0 "$(sed -n 's/^checker_process_exit=//p' "$txt")" "checker exit on the real tree"
expect_eq 1 "$(sed -n 's/^checker_broken_exit=//p' "$txt")" "checker exit on the broken tree"
# The docutils-only script finds the real tree clean, as the checker does.
expect_eq 0 "$(sed -n 's/^docutils_tree_exit=//p' "$txt")" "docutils-only script exit on the real tree"
expect_eq 0 "$(sed -n 's/^docutils_tree_warnings=//p' "$txt")" "docutils-only script warnings on the real tree"
grep -q "^checker_broken_message=.*/Documentation/process/index.rst:[0-9]*:4: error: .*'submiting-patches'" "$txt" ||
	fail "the checker did not report the broken entry: $(grep checker_broken_message "$txt")"
[ "$(sed -n 's/^process_files=//p' "$txt")" -gt 10 ] || fail "the floor reads too few files"

# The broken copy was hard-linked from $KSRC: its index must be untouched.
expect_eq "$index_sum" "$(md5sum <"$KSRC/Documentation/process/index.rst")" \
	"$KSRC/Documentation/process/index.rst after bench.sh"
