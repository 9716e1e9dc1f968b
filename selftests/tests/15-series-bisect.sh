#!/bin/bash
# long: every commit of the series builds on its own
#
# At each commit after base: the checker's files compile with the kernel's
# HOSTCFLAGS and no warning (each on its own before the program exists,
# then linked), "make checkconduct" passes (once the target exists), and
# the checker passes on that very tree.
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
for commit in $(kgit rev-list --reverse base..HEAD); do
	git -C "$wt" checkout -q "$commit"
	what=$(git -C "$wt" log -1 --format='%h %s')
	progress "$what"
	if [ -f "$wt/scripts/checkconduct/checkconduct.h" ] &&
	   [ ! -f "$wt/scripts/checkconduct/main.c" ]; then
		# a part of the program before the program: each file compiles
		for f in "$wt"/scripts/checkconduct/*.c; do
			gcc -c "${hostcflags[@]}" -I"$wt/scripts/include" -I"$wt/tools/include" \
				-o /dev/null "$f" 2>"$TEST_TMP/cc.err" ||
				{ cat "$TEST_TMP/cc.err"; fail "$what: $(basename "$f") does not compile"; }
			[ ! -s "$TEST_TMP/cc.err" ] ||
				{ cat "$TEST_TMP/cc.err"; fail "$what: compiler warnings in $(basename "$f")"; }
		done
	fi
	if [ -f "$wt/scripts/checkconduct/main.c" ]; then
		gcc "${hostcflags[@]}" -I"$wt/scripts/include" -I"$wt/tools/include" \
			-o "$TEST_TMP/cc" "$wt"/scripts/checkconduct/*.c 2>"$TEST_TMP/cc.err" ||
			{ cat "$TEST_TMP/cc.err"; fail "$what: the checker does not build"; }
		[ ! -s "$TEST_TMP/cc.err" ] || { cat "$TEST_TMP/cc.err"; fail "$what: compiler warnings"; }
		"$TEST_TMP/cc" --srctree "$wt" || fail "$what: the checker fails on its own tree"
	fi
	if grep -q '^checkconduct:' "$wt/Documentation/Makefile"; then
		make -s -C "$wt" O="$TEST_TMP/obj" checkconduct ||
			fail "$what: make checkconduct fails"
	fi
	checked=$((checked + 1))
done
expect_eq "$(find "$SERIES" -name '0*.patch' ! -name '0000-*' | wc -l)" "$checked" \
	"commits checked vs patches"
