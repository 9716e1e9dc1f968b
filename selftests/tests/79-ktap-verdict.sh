#!/bin/bash
# scripts/ktap-verdict.sh, the judge of make boot's console log, on small
# fake logs: it passes a good report (CRLF, terminal escapes and nested
# subtests included) and rejects a missing plan, a short count, a "not ok"
# at any level, a SKIP, a kernel panic and a log with no KTAP, saying why.
. "$TOP/selftests/lib.sh"

verdict=$TOP/scripts/ktap-verdict.sh
good='[    0.000000] Linux version 6.1.192-checkconduct (root@host) #1 Tue Jan 1 00:00:00 UTC 2030
KTAP version 1
1..3
ok 1 kernel_release
    KTAP version 1
    1..2
    ok 1 toctree-links
    ok 2 orphans
ok 2 checkconduct_process_tree
[    1.234567] random: a kernel line in the middle
ok 3 checkconduct_mutated_howtoo
[    2.000000] reboot: Restarting system'

# verdict_on NAME WANT WHY LOG: the verdict on LOG exits WANT, and when it
# fails its message has the words WHY.
verdict_on() {
	local name=$1 want=$2 why=$3
	printf '%s\n' "$4" >"$TEST_TMP/$name.log"
	run "$verdict" "$TEST_TMP/$name.log"
	cat "$TEST_TMP/run.out" "$TEST_TMP/run.err"
	expect_eq "$want" "$RUN_STATUS" "exit status on $name"
	[ "$want" -eq 0 ] || grep -qF -- "$why" "$TEST_TMP/run.err" ||
		fail "$name: no '$why' in the verdict: $(cat "$TEST_TMP/run.err")"
}

verdict_on good 0 "" "$good"
expect_eq "ktap-verdict: 3/3 ok" "$(cat "$TEST_TMP/run.out")" "verdict on the good log"
verdict_on crlf 0 "" "$(printf '%s\n' "$good" | sed 's/$/\r/')"
# SeaBIOS clears the screen and leaves its last line open.
verdict_on firmware 0 "" "$(printf '%s\n' "$good" |
	sed 's/^KTAP version 1$/Booting from ROM..\x1bc\x1b[?7l\x1b[2J&/')"

verdict_on no-plan 1 "missing plan" "$(printf '%s\n' "$good" | grep -v '^1\.\.3$')"
verdict_on short 1 "short count: 2 test points of the 3 planned" \
	"$(printf '%s\n' "$good" | grep -v '^ok 3')"
verdict_on long 1 "too many test points" "$good
ok 4 extra"
verdict_on not-ok 1 "test failed: not ok 2 checkconduct_process_tree" \
	"$(printf '%s\n' "$good" | sed 's/^ok 2/not ok 2/')"
verdict_on nested-not-ok 1 "test failed:     not ok 2 orphans" \
	"$(printf '%s\n' "$good" | sed 's/^    ok 2/    not ok 2/')"
verdict_on skip 1 "test skipped" "$(printf '%s\n' "$good" | sed 's/^ok 3 .*/& # SKIP no kernel/')"
verdict_on misnumbered 1 "is numbered 5" "$(printf '%s\n' "$good" | sed 's/^ok 3/ok 5/')"
verdict_on panic 1 "kernel panic: Kernel panic - not syncing: Attempted to kill init!" \
	"$(printf '%s\n' "$good" | sed '/^ok 2/a [    1.5] Kernel panic - not syncing: Attempted to kill init!')"
verdict_on panic-only 1 "kernel panic: Kernel panic - not syncing: VFS: Unable to mount root fs" \
	'[    0.5] Kernel panic - not syncing: VFS: Unable to mount root fs'
# Without printk times and with a quiet console, the panic is the kernel's
# first line and shares the firmware's open one (seen in CI).
verdict_on panic-after-firmware 1 "kernel panic: Kernel panic - not syncing: Attempted to kill init! exitcode=0x00000300" \
	"$(printf 'Booting from ROM..\033c\033[?7l\033[2JKernel panic - not syncing: Attempted to kill init! exitcode=0x00000300\r\n')"
verdict_on empty 1 "no KTAP output" ""
run "$verdict" "$TEST_TMP/no-such.log"
expect_eq 2 "$RUN_STATUS" "exit status on a missing log"
