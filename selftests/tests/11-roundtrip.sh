#!/bin/bash
# The series round-trips: in a copy of the project, "make tree && make export"
# leaves git status clean (patches/ written back byte for byte).
# bases: each
. "$TOP/selftests/lib.sh"

copy_project "$TEST_TMP/project"
make -s -C "$TEST_TMP/project" BUILD="$BUILD" KSRC_TAR="$KSRC_TAR" tree >"$TEST_TMP/tree.out"
make -s -C "$TEST_TMP/project" BUILD="$BUILD" KSRC_TAR="$KSRC_TAR" export
git -C "$TEST_TMP/project" status --porcelain >"$TEST_TMP/status"
if [ -s "$TEST_TMP/status" ]; then
	cat "$TEST_TMP/status"
	git -C "$TEST_TMP/project" diff --stat
	git -C "$TEST_TMP/project" diff | head -n 60
	fail "make tree && make export changed the project"
fi

# make tree says in one line when the tree is not the version the series was
# made on, and whether the series applies to it.
have=$(make -s -C "$KSRC" kernelversion)
if grep ' made on' "$TEST_TMP/tree.out"; then
	fail "make tree spoke of the version on the version the series was made on"
fi
expect_eq "$(cat "$TOP/series/$BASE/version")" "$have" "series/$BASE/version vs the tree"
name=$(basename "$KSRC")
echo 0.0.1 >"$TEST_TMP/project/series/$BASE/version"
make -s -C "$TEST_TMP/project" BUILD="$BUILD" KSRC_TAR="$KSRC_TAR" tree >"$TEST_TMP/tree.out" 2>&1 ||
	{ cat "$TEST_TMP/tree.out"; fail "make tree failed"; }
expect_eq "tree: $name is $have, not 0.0.1, the version the series was made on: it applies" \
	"$(grep ' made on' "$TEST_TMP/tree.out")" "make tree on another version"
first=$(find "$TEST_TMP/project/patches/$BASE" -name '0001-*.patch')
# a context line that base lacks
awk 'h && !d && /^ / { $0 = " x" substr($0, 2); d = 1 } /^@@/ { h = 1 } { print }' \
	"$first" >"$TEST_TMP/damaged" && cp "$TEST_TMP/damaged" "$first"
if make -s -C "$TEST_TMP/project" BUILD="$BUILD" KSRC_TAR="$KSRC_TAR" tree >"$TEST_TMP/tree.out" 2>&1; then
	fail "make tree applied a damaged series"
fi
expect_eq "tree: $name is $have, not 0.0.1, the version the series was made on: it does not apply" \
	"$(grep ' made on' "$TEST_TMP/tree.out")" "make tree, series that does not apply"
make -s -C "$TOP" BUILD="$BUILD" KSRC_TAR="$KSRC_TAR" tree >/dev/null
expect_eq "" "$(kgit status --porcelain)" "git status in $KSRC after make tree again"
