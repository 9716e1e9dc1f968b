#!/bin/bash
# long: every commit of the series builds on its own
#
# At each commit after base: the checker builds with the kernel's
# HOSTCFLAGS and no warning, passes on that very tree, "make
# testcheckconduct" passes every case the series has so far (a commit
# that changes the program adds cases), and "make checkconduct" passes.
# bases: each
. "$TOP/selftests/lib.sh"

wt=$TEST_TMP/wt
on_exit "kgit worktree remove --force '$wt' 2>/dev/null || true"
# Only what the host build and make checkconduct read: a full checkout of
# 80,000 files would take minutes.
kgit worktree add -q --detach --no-checkout "$wt" base
git -C "$wt" sparse-checkout set --cone Documentation arch/x86 include scripts tools/include
git -C "$wt" checkout -q base
hostcflags=(-Wall -Wmissing-prototypes -Wstrict-prototypes -O2
	-fomit-frame-pointer -std=gnu11 -Wdeclaration-after-statement)

checked=0
last_cases=0
for commit in $(kgit rev-list --reverse base..HEAD); do
	git -C "$wt" checkout -q "$commit"
	what=$(git -C "$wt" log -1 --format='%h %s')
	progress "$what"
	# every patch, the first one too, is a program that runs
	[ -f "$wt/scripts/checkconduct/main.c" ] || fail "$what: no scripts/checkconduct/main.c"
	gcc "${hostcflags[@]}" -I"$wt/scripts/include" -I"$wt/tools/include" \
		-o "$TEST_TMP/cc" "$wt"/scripts/checkconduct/*.c 2>"$TEST_TMP/cc.err" ||
		{ cat "$TEST_TMP/cc.err"; fail "$what: the checker does not build"; }
	[ ! -s "$TEST_TMP/cc.err" ] || { cat "$TEST_TMP/cc.err"; fail "$what: compiler warnings"; }
	"$TEST_TMP/cc" --srctree "$wt" || fail "$what: the checker fails on its own tree"
	# its own tests, and every earlier patch's: a patch that changes the
	# program adds cases of its own, or changes what one expects
	make -s -C "$wt" O="$TEST_TMP/obj" testcheckconduct >"$TEST_TMP/ktap" ||
		{ cat "$TEST_TMP/ktap"; fail "$what: make testcheckconduct fails"; }
	cases=$(grep -c '^ok ' "$TEST_TMP/ktap")
	expect_eq "$(sed -n 's/^1\.\.//p' "$TEST_TMP/ktap")" "$cases" "$what: cases passed"
	if [ -n "$(git -C "$wt" diff --name-only "$commit^" "$commit" -- 'scripts/checkconduct/*.c')" ] &&
	   [ "$cases" -le "$last_cases" ] &&
	   [ -z "$(git -C "$wt" diff --name-only "$commit^" "$commit" -- scripts/checkconduct/tests)" ]; then
		fail "$what: changes the program and adds or changes no case of scripts/checkconduct/tests"
	fi
	last_cases=$cases
	if grep -q '^checkconduct:' "$wt/Documentation/Makefile"; then
		make -s -C "$wt" O="$TEST_TMP/obj" checkconduct ||
			fail "$what: make checkconduct fails"
	fi
	checked=$((checked + 1))
done
expect_eq "$(find "$SERIES" -name '0*.patch' ! -name '0000-*' | wc -l)" "$checked" \
	"commits checked vs patches"
