#!/bin/bash
# long: the libFuzzer harness: every regression input, every real document, then a 20 s smoke run
# The checker's libFuzzer harness (selftests/fuzz/fuzz_checkconduct.c, built
# by scripts/fuzz.sh with AddressSanitizer and UBSan) must replay every input
# of selftests/fuzz/regressions/ (the crashes fuzzing found, and inputs for
# the bugs fixed by hand) without a failure; then every .rst of the 6.1
# Documentation/ once, which is the real-text half of the proof that the
# reader's filter never skips a text in which the reader finds something
# (the harness aborts if it does); then fuzz for FUZZ_SECONDS (default 20)
# from the real process documents without one.  "make fuzz" fuzzes for
# longer.
. "$TOP/selftests/lib.sh"

export FUZZ_DIR=$TEST_TMP/fuzz
export FUZZ_SECONDS=${FUZZ_SMOKE_SECONDS:-20}

"$TOP/scripts/fuzz.sh" replay
fuzzer=$("$TOP/scripts/fuzz.sh" build)
mapfile -t docs < <(find "$BUILD/src/linux-source-6.1/Documentation" -name '*.rst' | sort)
[ "${#docs[@]}" -ge 3000 ] || fail "only ${#docs[@]} documents in the 6.1 tree"
progress "every document of the 6.1 tree through the harness (${#docs[@]})"
"$fuzzer" -runs=0 "${docs[@]}" >"$TEST_TMP/real.log" 2>&1 ||
	{ grep -a -m5 'fuzz:\|ERROR\|SUMMARY' "$TEST_TMP/real.log"; fail "a real document fails the harness"; }
grep -aq "Running ${#docs[@]} inputs 1 time(s) each" "$TEST_TMP/real.log" ||
	fail "the harness did not run the ${#docs[@]} documents: $(head -c 300 "$TEST_TMP/real.log")"
progress "fuzzing for $FUZZ_SECONDS s"
"$TOP/scripts/fuzz.sh" run
grep -q '^Done [0-9]* runs' "$FUZZ_DIR/fuzz.log" || fail "the fuzzer did not run: $(tail "$FUZZ_DIR/fuzz.log")"
