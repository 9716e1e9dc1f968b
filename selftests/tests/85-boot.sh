#!/bin/bash
# long: boot the patched kernel in QEMU, KTAP verdict from its /init (4 boots, about 2 min)
# scripts/boot.sh fails a guest that reports "not ok", panics or hangs (fake
# initramfs variants, TCG), then boots the real one and passes: the kernel
# just built, the checker clean on the packed tree and caught on mutations;
# kunit.py parse agrees.
# bases: each
. "$TOP/selftests/lib.sh"

boot=$TOP/scripts/boot.sh
console=$BUILD/logs/boot-console.log
kernel=$("$TOP/scripts/build-kernel.sh" 2>/dev/null)
"$TOP/scripts/mkinitramfs.sh" "$kernel" >/dev/null
root=$KOBJ/initramfs

# variant NAME EDIT...: a copy of the initramfs root, EDIT run in it, packed.
variant() {
	local dir=$TEST_TMP/$1
	shift
	cp -a "$root" "$dir"
	(cd "$dir" && "$@")
	(cd "$dir" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$dir.cpio"
}
# expect_boot_failure NAME WHY: booting variant NAME fails, saying WHY.
expect_boot_failure() {
	progress "boot with a guest that must fail: $1"
	BOOT_ACCEL=tcg BOOT_TIMEOUT=${timeout:-120} run "$boot" "$TEST_TMP/$1.cpio"
	cat "$TEST_TMP/run.out" "$TEST_TMP/run.err"
	expect_eq 1 "$RUN_STATUS" "exit status of the boot of $1"
	grep -qF -- "$2" "$TEST_TMP/run.err" || fail "$1: no '$2' in: $(cat "$TEST_TMP/run.err")"
}

variant wrong-release sh -c 'echo 0.0.0-other >expected/release'
expect_boot_failure wrong-release "test failed: not ok 1 kernel_release"
variant init-dies sh -c 'printf "#!/bin/sh\nexit 3\n" >init'
expect_boot_failure init-dies "kernel panic: Kernel panic - not syncing: Attempted to kill init!"
variant hang sh -c 'printf "#!/bin/sh\necho KTAP version 1\nsleep 1000\n" >init'
timeout=15 expect_boot_failure hang "boot: FAIL: timed out after 15s"

progress "boot the real thing"
start=$SECONDS
run "$boot"
cat "$TEST_TMP/run.out" "$TEST_TMP/run.err"
expect_eq 0 "$RUN_STATUS" "exit status of make boot"
progress "booted and judged in $((SECONDS - start))s (console log: $console)"
grep -qF "boot: console log in $console" "$TEST_TMP/run.out" || fail "boot.sh does not say where the log is"
expect_eq "ktap-verdict: 5/5 ok" "$(tail -n 1 "$TEST_TMP/run.out")" "verdict"
tr -d '\r' <"$console" | sed -n '/^KTAP version 1$/,$p' | grep -E '^(not )?ok ' >"$TEST_TMP/points"
cat >"$TEST_TMP/want" <<'WANT'
ok 1 kernel_release
ok 2 kernel_build_stamp
ok 3 checkconduct_process_tree
ok 4 checkconduct_mutated_howtoo
ok 5 checkconduct_mutated_no-code-of-conduct
WANT
diff -u "$TEST_TMP/want" "$TEST_TMP/points" || fail "unexpected test points in $console"

# The same console through kunit.py parse, the KTAP consumer kernel CI
# runs: the checker's report is a subtest of test point 3, all pass.
(cd "$KSRC" && /usr/bin/python3 tools/testing/kunit/kunit.py parse "$console") |
	sed 's/^\[[0-9:]*\] //' >"$TEST_TMP/parsed" ||
	{ cat "$TEST_TMP/parsed"; fail "kunit.py parse failed on the console log"; }
grep -q '(5 subtests)' "$TEST_TMP/parsed" || fail "kunit.py sees no subtests of the checker"
expect_eq "Testing complete. Ran 9 tests: passed: 9" "$(tail -n 1 "$TEST_TMP/parsed")" \
	"kunit.py parse on the console log"
