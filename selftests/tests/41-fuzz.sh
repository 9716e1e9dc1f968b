#!/bin/bash
# long: the libFuzzer harness: every regression input, then a 20 s smoke run
# The checker's libFuzzer harness (selftests/fuzz/fuzz_checkconduct.c, built
# by scripts/fuzz.sh with AddressSanitizer and UBSan) must replay every input
# of selftests/fuzz/regressions/ (the crashes fuzzing found, and inputs for
# the bugs fixed by hand) without a failure, then fuzz for FUZZ_SECONDS
# (default 20) from the real process documents without one.  "make fuzz"
# fuzzes for longer.
. "$TOP/selftests/lib.sh"

export FUZZ_DIR=$TEST_TMP/fuzz
export FUZZ_SECONDS=${FUZZ_SMOKE_SECONDS:-20}

"$TOP/scripts/fuzz.sh" replay
progress "fuzzing for $FUZZ_SECONDS s"
"$TOP/scripts/fuzz.sh" run
grep -q '^Done [0-9]* runs' "$FUZZ_DIR/fuzz.log" || fail "the fuzzer did not run: $(tail "$FUZZ_DIR/fuzz.log")"
