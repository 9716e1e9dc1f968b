#!/bin/bash
# long: the checker on hostile inputs (10 MB lines, 100,000 entries, loops, FIFOs ...)
# The checker on hostile source trees (selftests/hostile/generate.sh writes
# them, with the exact expected output and exit status of each).  Every case
# runs as an unprivileged user (as a CI bot would; root reads any file), under
# a timeout (a hang fails), and must:
#
#  - print exactly the expected diagnostics, with the expected exit status;
#  - print only UTF-8 text without control characters but line breaks;
#  - stay below 6 times its input (the tree's files) and output, plus 16 MB,
#    of memory (maximum resident set size);
#  - do work in proportion to its input and output: at most 2^26 plus 1,024
#    instructions per byte (counted by callgrind) and 1,024 plus one system
#    call per two bytes (counted by strace).  Counted, not timed: a loaded
#    machine makes a program slower, not longer, and a bound on seconds
#    either fails on a busy CI machine or is too loose to catch anything.
#    A quadratic loop or a realpath() per document is caught either way;
#  - under strace, never open (or try to open) a file or directory that is
#    not inside the tree's Documentation/, and write each line of its
#    diagnostics in one write() (lines of parallel jobs do not mix).
. "$TOP/selftests/lib.sh"

TIMEOUT=60
hostile=$TEST_TMP/hostile
bin=$TEST_TMP/bin

# As "nobody": unreadable files are unreadable.  (If not root, already so.)
as_user=()
[ "$(id -u)" -ne 0 ] || as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
strace_user=()
[ "$(id -u)" -ne 0 ] || strace_user=(-u nobody)

# The user must reach the checkers and the trees.
chmod 755 "$TEST_TMP"
mkdir "$bin"
cp "$("$TOP/scripts/build-checker.sh")" "$bin/checkconduct"
# Static: the dynamic loader opens nothing under strace.
cp "$("$TOP/scripts/build-checker.sh" static)" "$bin/checkconduct-static"

progress "generating the hostile trees"
"$TOP/selftests/hostile/generate.sh" "$hostile"
mapfile -t cases <"$hostile/cases"
[ "${#cases[@]}" -ge 20 ] || fail "only ${#cases[@]} hostile cases"
cd "$hostile"

# size FILE...: their total size in bytes (0 for none).
size() {
	find "$@" -type f -printf '%s\n' 2>/dev/null | awk '{ s += $1 } END { print s + 0 }'
}

# plain_text FILE: only UTF-8 text, no control character but line breaks.
plain_text() {
	iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1 || fail "$1: not UTF-8"
	! LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]' "$1" || fail "$1: control characters"
	[ "$(tr -d '\000' <"$1" | wc -c)" -eq "$(wc -c <"$1")" ] || fail "$1: NUL bytes"
}

# inside_docs PATH DOCROOT: PATH (as the checker's cwd sees it, symbolic
# links resolved) is DOCROOT or below.
inside_docs() {
	local path
	path=$(realpath -m -- "$1")
	[ "$path" = "$2" ] || [[ $path == "$2"/* ]]
}

# check_strace LOG CASE: the opens and the writes that strace logged.
check_strace() {
	local log=$1 case=$2 docroot line path re='= [0-9]+<(.*)>$'
	local at='\([0-9]+<([^>]*)>, "'
	local writes=0 lines
	docroot=$(realpath "$case/Documentation" 2>/dev/null) ||
		docroot=$PWD/$case/Documentation
	while IFS= read -r line; do
		case $line in
		*" write(2<"*)
			writes=$((writes + 1))
			continue ;;
		*" write("*)
			continue ;;
		esac
		path=${line#*\"}
		path=${path%%\"*}
		# relative to a directory it holds open (openat(4</dir>, "x"))
		if [[ $path != /* && $line =~ $at ]]; then
			path=${BASH_REMATCH[1]}/$path
		fi
		inside_docs "$path" "$docroot" ||
			fail "$case: the checker opens $path: $line"
		if [[ $line =~ $re ]]; then
			inside_docs "${BASH_REMATCH[1]}" "$docroot" ||
				fail "$case: the checker opens ${BASH_REMATCH[1]}: $line"
		fi
	done <"$log"
	lines=$(wc -l <"$case.err")
	[ "$writes" -eq "$lines" ] ||
		fail "$case: $lines lines of diagnostics in $writes writes"
}

for case in "${cases[@]}"; do
	args=()
	[ ! -f "$case.args" ] || mapfile -t args <"$case.args"

	# Exact output and status, in time, as an unprivileged user.
	# from inside the tree: diagnostics name Documentation/..., as in-tree
	cd "$case"
	expect_run "$hostile/$case" /usr/bin/time -f '%M' -o "$TEST_TMP/rss" \
		timeout "$TIMEOUT" "${as_user[@]}" "$bin/checkconduct" --srctree . "${args[@]}"
	cd "$hostile"
	plain_text "$TEST_TMP/run.out"
	plain_text "$TEST_TMP/run.err"

	# Memory bounded by the input (and the output, which is kept to be
	# sorted).  The toctree graph (for cycles) holds a 16-byte edge per
	# entry, about one byte per byte of a short entry line: hence 6 bytes
	# per byte of input, not 4.
	rss=$(tail -n 1 "$TEST_TMP/rss")
	input=$(size "$case")
	output=$(size "$TEST_TMP/run.out" "$TEST_TMP/run.err")
	bound=$(((6 * (input + output) + 16 * 1024 * 1024) / 1024))
	[ "$rss" -lt "$bound" ] ||
		fail "$case: maximum resident set size $rss KB, over $bound KB (input $input bytes, output $output bytes)"

	# Work, counted.
	cd "$case"
	"${as_user[@]}" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		--log-fd=3 "$bin/checkconduct" --srctree . "${args[@]}" \
		>/dev/null 2>&1 3>"$TEST_TMP/callgrind.log" || true
	strace -f -qq -c -o "$TEST_TMP/syscalls" "${strace_user[@]}" \
		"$bin/checkconduct-static" --srctree . "${args[@]}" >/dev/null 2>&1 || true
	cd "$hostile"
	instr=$(sed -n 's/.*Collected : //p' "$TEST_TMP/callgrind.log")
	calls=$(awk '$NF == "total" { print $4 }' "$TEST_TMP/syscalls")
	[ -n "$instr" ] || fail "$case: callgrind counted nothing: $(cat "$TEST_TMP/callgrind.log")"
	[ -n "$calls" ] || fail "$case: strace counted nothing: $(cat "$TEST_TMP/syscalls")"
	[ "$instr" -le $((67108864 + 1024 * (input + output))) ] ||
		fail "$case: $instr instructions for $input bytes of input and $output of output"
	[ "$calls" -le $((1024 + (input + output) / 2)) ] ||
		fail "$case: $calls system calls for $input bytes of input and $output of output"

	# What it opens, and how it writes.  (Not the 100,000 documents: slow.)
	case $case in
	many-*) strace_note="not under strace" ;;
	*)
		log=$TEST_TMP/strace.log
		cd "$case"
		expect_run "$hostile/$case" timeout "$TIMEOUT" \
			strace -f -qq -y -s 65536 -o "$log" "${strace_user[@]}" \
			-e trace=open,openat,openat2,creat,write \
			"$bin/checkconduct-static" --srctree . "${args[@]}"
		cd "$hostile"
		check_strace "$log" "$case"
		opens=$(grep -vc ' write(' "$log" || true)
		strace_note="$opens opens, all in Documentation/" ;;
	esac
	echo "ok $case: status $RUN_STATUS, $rss KB (bound $bound KB), $instr instructions, $calls system calls, $strace_note"
done
echo "${#cases[@]} hostile cases"
