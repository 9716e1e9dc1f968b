#!/bin/bash
# make fuzz: fuzz the checker's parsers with libFuzzer for FUZZ_SECONDS
# (default 300), after replaying every input of selftests/fuzz/regressions/.
#
#	scripts/fuzz.sh [build|replay|run]	(default: run)
#
# build:  compile selftests/fuzz/fuzz_checkconduct.c with $KSRC's checker
#         (clang, AddressSanitizer, UndefinedBehaviorSanitizer, the kernel's
#         HOSTCFLAGS) and print the path of the fuzzer;
# replay: run the fuzzer once on each regression input;
# run:    replay, then fuzz.  The corpus grows in $FUZZ_DIR/corpus (default
#         $BUILD/fuzz), seeded with the real Documentation/process/*.rst
#         (copied from $KSRC at each run) and the regression inputs.  A
#         crash leaves its input in $FUZZ_DIR/crash-*: make it a regression
#         test by copying it to selftests/fuzz/regressions/ (and fix it).
. "$(dirname "$0")/env.sh"
set -eu

what=${1:-run}
FUZZ_SECONDS=${FUZZ_SECONDS:-300}
FUZZ_DIR=$(realpath -m "${FUZZ_DIR:-$BUILD/fuzz}")
src=$KSRC/scripts/checkconduct
harness=$TOP/selftests/fuzz/fuzz_checkconduct.c
regressions=$TOP/selftests/fuzz/regressions
fuzzer=$BUILD/bin/fuzz_checkconduct

build() {
	local srcs
	[ -f "$src/main.c" ] || { echo "fuzz: no $src/main.c (is the series applied?)" >&2; exit 1; }
	mkdir -p "$BUILD/bin"
	# the checker's files but main.c, whose main() is libFuzzer's
	mapfile -t srcs < <(find "$src" -maxdepth 1 -name '*.c' ! -name main.c | sort)
	if [ ! -x "$fuzzer" ] || [ "$harness" -nt "$fuzzer" ] ||
	   [ -n "$(find "$src" -newer "$fuzzer" -name '*.[ch]')" ]; then
		clang -g -O1 -fno-omit-frame-pointer \
			-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
			-Wall -Wmissing-prototypes -Wstrict-prototypes -std=gnu11 \
			-Wdeclaration-after-statement -Werror \
			-I"$src" -I"$KSRC/scripts/include" -I"$KSRC/tools/include" \
			-Wl,--wrap=open,--wrap=openat,--wrap=opendir \
			-o "$fuzzer.tmp" "$harness" "${srcs[@]}"
		mv "$fuzzer.tmp" "$fuzzer"
	fi
}

replay() {
	local inputs=("$regressions"/*)
	[ -f "${inputs[0]}" ] || { echo "fuzz: no regression inputs in $regressions" >&2; exit 1; }
	"$fuzzer" -runs=0 "${inputs[@]}" 2>"$FUZZ_DIR/replay.log" || {
		tail -n 40 "$FUZZ_DIR/replay.log" >&2
		echo "fuzz: a regression input fails (log: $FUZZ_DIR/replay.log)" >&2
		exit 1
	}
	echo "fuzz: ${#inputs[@]} regression inputs replayed, no failure"
}

build
mkdir -p "$FUZZ_DIR/corpus"
case $what in
build)	echo "$fuzzer"; exit 0 ;;
replay)	replay; exit 0 ;;
run)	;;
*)	echo "usage: scripts/fuzz.sh [build|replay|run]" >&2; exit 2 ;;
esac

replay
rm -rf "$FUZZ_DIR/seeds"
mkdir "$FUZZ_DIR/seeds"
cp "$KSRC"/Documentation/process/*.rst "$regressions"/* "$FUZZ_DIR/seeds/"
echo "fuzz: $FUZZ_SECONDS s, corpus $FUZZ_DIR/corpus ($(find "$FUZZ_DIR/corpus" -type f | wc -l) inputs)"
status=0
"$fuzzer" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 \
	-max_len=8192 -print_final_stats=1 \
	-dict="$TOP/selftests/fuzz/rst.dict" -artifact_prefix="$FUZZ_DIR/" \
	"$FUZZ_DIR/corpus" "$FUZZ_DIR/seeds" >"$FUZZ_DIR/fuzz.log" 2>&1 || status=$?
grep -E '^(#[0-9]+.*DONE|stat::|Done)' "$FUZZ_DIR/fuzz.log" || true
if [ "$status" -ne 0 ]; then
	tail -n 60 "$FUZZ_DIR/fuzz.log" >&2
	echo "fuzz: the fuzzer found a failure (log: $FUZZ_DIR/fuzz.log); its input:" >&2
	ls "$FUZZ_DIR"/crash-* "$FUZZ_DIR"/leak-* "$FUZZ_DIR"/timeout-* "$FUZZ_DIR"/oom-* 2>/dev/null >&2 || true
	exit 1
fi
echo "fuzz: no failure in $FUZZ_SECONDS s"
