#!/bin/bash
# make tree made $KSRC a git repository whose commit "base" is exactly the
# tarball's files, with a clean working tree and the repository's settings.
# bases: each
. "$TOP/selftests/lib.sh"

[ -d "$KSRC/.git" ] || fail "$KSRC is not a git repository"
kgit rev-parse -q --verify base >/dev/null || fail "no tag base in $KSRC"
expect_eq "" "$(kgit rev-list base^ 2>/dev/null)" "commits before base"
expect_eq "Debian linux-source 2000-01-01T00:00:00+00:00" \
	"$(kgit log -1 --format='%cn %cI' base)" "base committer and date"
expect_eq "" "$(kgit status --porcelain)" "git status in $KSRC"
expect_eq 12 "$(kgit config core.abbrev)" "core.abbrev"
expect_eq "Checkconduct Developers <checkconduct-devel@example.org>" \
	"$(kgit config user.name) <$(kgit config user.email)>" "identity"

# base holds the same paths as the tarball (directories are not tracked).
top=$(basename "$KSRC")
# One pass over the tarball lists it and extracts a few files to spot-check.
files=(Makefile .gitignore Documentation/process/index.rst Documentation/process/code-of-conduct.rst)
mkfifo "$TEST_TMP/fifo"
tar -xf "$TEST_TMP/fifo" -C "$TEST_TMP" "${files[@]/#/$top/}" &
xz -dc "$KSRC_TAR" | tee -p "$TEST_TMP/fifo" | tar --quoting-style=literal -t |
	grep -v '/$' | sed "s|^$top/||" | LC_ALL=C sort >"$TEST_TMP/tarball"
wait $! || fail "could not extract ${files[*]} from $KSRC_TAR"
kgit -c core.quotePath=off ls-tree -r --name-only base | LC_ALL=C sort >"$TEST_TMP/base"
echo "tarball: $(wc -l <"$TEST_TMP/tarball") files, base: $(wc -l <"$TEST_TMP/base") files"
[ "$(wc -l <"$TEST_TMP/tarball")" -gt 50000 ] || fail "suspiciously few files in $KSRC_TAR"
if ! diff -u "$TEST_TMP/tarball" "$TEST_TMP/base" >"$TEST_TMP/diff"; then
	head -n 40 "$TEST_TMP/diff"
	fail "base does not hold the same files as $KSRC_TAR"
fi

# Spot-check contents, byte for byte.
for f in "${files[@]}"; do
	kgit show "base:$f" | cmp -s "$TEST_TMP/$top/$f" - || fail "$f in base differs from the tarball"
done
