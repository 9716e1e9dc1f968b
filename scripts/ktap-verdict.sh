#!/bin/bash
# The verdict on a console log of make boot:
#
#	scripts/ktap-verdict.sh LOG
#
# exits 0 if LOG holds a KTAP report (from the first line that ends in
# "KTAP version 1", not indented: the firmware may leave a line open) whose
# plan "1..N" is followed by exactly N top-level "ok" test points, with no
# "not ok" and no SKIP at any level and no kernel panic anywhere; otherwise
# prints why on stderr and exits 1.  A panic is quoted from "Kernel panic" on:
# what precedes it (a time stamp, the firmware's open line) varies by run.  Lines may end in CR and hold terminal
# escape sequences (serial console, firmware).
set -eu

[ $# -eq 1 ] || { echo "usage: $0 LOG" >&2; exit 2; }
[ -r "$1" ] || { echo "ktap-verdict: cannot read $1" >&2; exit 2; }

awk '
{ sub(/\r+$/, ""); gsub(/\033(\[[0-9;?]*[@-~]|[@-_a-z])/, "") }
/Kernel panic/ { bad("kernel panic: " substr($0, index($0, "Kernel panic"))) }
!ktap { if ($0 ~ /(^|[^ \t])KTAP version 1$/) ktap = 1; next }
!planned && /^1\.\.[0-9]+$/ { planned = 1; plan = substr($0, 4) + 0; next }
/^[ \t]*not ok / { bad("test failed: " $0) }
/^[ \t]*(not )?ok .*# *SKIP/ { bad("test skipped: " $0) }
/^(not )?ok [0-9]+/ {
	if (!planned) bad("test point before the plan: " $0)
	count++
	split($0, word, " ")
	number = (word[1] == "not") ? word[3] : word[2]
	if (number != count) bad("test point " count " is numbered " number ": " $0)
}
function bad(msg) { print "ktap-verdict: " msg > "/dev/stderr"; failed = 1 }
END {
	if (!ktap) bad("no KTAP output (no line \"KTAP version 1\")")
	else if (!planned) bad("missing plan (no line \"1..N\" after \"KTAP version 1\")")
	else if (count < plan) bad("short count: " count " test points of the " plan " planned")
	else if (count > plan) bad("too many test points: " count " for a plan of " plan)
	if (failed) exit 1
	print "ktap-verdict: " count "/" plan " ok"
}' "$1"
