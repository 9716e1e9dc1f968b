#!/bin/bash
# make tree / make export with a real (dummy) series, in a copy of the project:
# the round trip is byte-exact and deterministic, the cover letter comes from
# series/<base>/cover-letter.txt, and a whitespace error, a patch that does not
# apply, uncommitted work and unexported commits are all handled loudly.
# The shared kernel tree is put back as patches/<base>/ says at the end.
. "$TOP/selftests/lib.sh"

P=$TEST_TMP/project
mk() { make -s -C "$P" BUILD="$BUILD" KSRC_TAR="$KSRC_TAR" "$@"; }
commit_all() { git -C "$P" add -A && git -C "$P" commit -q -m "$1"; }
edit() { mkdir -p "$(dirname "$KSRC/$1")" && printf '%b' "$2" >>"$KSRC/$1" && kgit add -f "$1"; }
kcommit() {
	GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="2030-01-01T00:00:00+0000" \
		kgit commit -q -s -m "$2" -m "Dummy commit of the harness selftests."
}

if [ -n "$(kgit status --porcelain)" ] || [ "$(kgit rev-parse HEAD)" != "$(cat "$KSRC_HEAD")" ]; then
	fail "$KSRC is not as make tree left it: run make tree first"
fi
branches_before=$(kgit for-each-ref --format='%(refname)' refs/heads/)
restore() {
	kgit am --abort 2>/dev/null || true
	kgit reset -q --hard base && kgit rev-parse HEAD >"$KSRC_HEAD"
	comm -13 <(echo "$branches_before") <(kgit for-each-ref --format='%(refname)' refs/heads/) |
		while read -r ref; do kgit update-ref -d "$ref"; done
	"$TOP/scripts/prepare-tree.sh" >/dev/null
}
on_exit restore
copy_project "$P"

echo "== two commits, exported and re-applied"
edit Documentation/process/checkconduct-dummy.txt 'A dummy file.\n'
kcommit "2024-01-02T03:04:05+0000" "docs: add a dummy file"
edit README 'A dummy line.\n'
kcommit "2024-01-03T03:04:05+0100" "README: add a dummy line"
mk export
commit_all "dummy series"
ls "$P/patches/$BASE"
n=$(kgit rev-list --count base..HEAD)
expect_eq "$((n + 1))" "$(find "$P/patches/$BASE" -name '*.patch' | wc -l)" "files in patches/$BASE"
cover=$P/patches/$BASE/0000-cover-letter.patch
# header NAME FILE: the mail header NAME of FILE, unfolded.
header() {
	sed '/^$/q' "$2" | awk -v name="$1:" '
		found && /^[ \t]/ { value = value $0; next }
		found { exit }
		index($0, name) == 1 { found = 1; value = $0 }
		END { print value }'
}
# numbered as wide as the count: 0/9, 00/13
expect_eq "Subject: [PATCH v3 $(printf '%0*d' "${#n}" 0)/$n] $(head -n 1 "$COVER")" \
	"$(header Subject "$cover")" "cover letter subject"
grep -qxF "$(sed -n 3p "$COVER")" "$cover" || fail "cover letter body missing"
expect_eq "Date: $(kgit log -1 --format=%aD)" "$(header Date "$cover")" "cover letter date"
! grep -q '^From [0-9a-f]*[1-9a-f]' "$P/patches/$BASE"/*.patch || fail "commit ids in patches (want --zero-commit)"

mk tree
expect_eq "$(kgit log -1 --format=%aI)" "$(kgit log -1 --format=%cI)" "committer date after git am"
mk export
[ -z "$(git -C "$P" status --porcelain)" ] || { git -C "$P" diff; fail "make tree && make export changed patches/$BASE"; }

echo "== a commit with trailing whitespace: make tree fails"
edit Documentation/process/checkconduct-dummy.txt 'trailing space \n'
kcommit "2024-01-04T00:00:00+0000" "docs: add trailing whitespace"
mk export
commit_all "whitespace error"
run mk tree
cat "$TEST_TMP/run.out" "$TEST_TMP/run.err"
[ "$RUN_STATUS" -ne 0 ] || fail "make tree accepted a patch with trailing whitespace"
grep -q 'trailing whitespace' "$TEST_TMP/run.err" || fail "no 'trailing whitespace' message"
grep -q 'git am failed' "$TEST_TMP/run.err" || fail "no 'git am failed' message"

echo "== a patch whose context does not match: make tree fails"
# Numbers follow the real series: find the dummies by name.
git -C "$P" rm -q "$(cd "$P" && echo "patches/$BASE"/0*-docs-add-trailing-whitespace.patch)"
patch=$(echo "$P/patches/$BASE"/0*-README-add-a-dummy-line.patch)
[ -f "$patch" ] || fail "no exported README dummy patch"
awk 'hunk && /^ / && !done { $0 = " changed context"; done = 1 } /^@@/ { hunk = 1 } { print }' \
	"$patch" >"$TEST_TMP/p" && mv "$TEST_TMP/p" "$patch"
commit_all "broken context"
run mk tree
cat "$TEST_TMP/run.out" "$TEST_TMP/run.err"
[ "$RUN_STATUS" -ne 0 ] || fail "make tree accepted a patch that does not apply"
grep -q 'patch does not apply' "$TEST_TMP/run.err" || fail "no 'patch does not apply' message"

echo "== the good series again, after the failure"
git -C "$P" checkout -q HEAD~2 -- patches && commit_all "good again"
mk tree
expect_eq "$n" "$(kgit rev-list --count base..HEAD)" "commits after make tree"

echo "== uncommitted changes stop make tree"
echo "local edit" >>"$KSRC/README"
run mk tree
cat "$TEST_TMP/run.err"
[ "$RUN_STATUS" -ne 0 ] || fail "make tree did not refuse to discard uncommitted changes"
grep -q 'uncommitted changes' "$TEST_TMP/run.err" || fail "no 'uncommitted changes' message"
kgit checkout -q -- README

echo "== untracked files are saved before git clean"
echo "new file" >"$KSRC/scripts/checkconduct-dummy.c"
run mk tree
cat "$TEST_TMP/run.out"
[ "$RUN_STATUS" -eq 0 ] || fail "make tree failed"
saved=$(sed -n 's/^tree: untracked files in .* saved to \(.*\) (new.*/\1/p' "$TEST_TMP/run.out")
[ -f "$saved" ] || fail "no tarball of the untracked files"
on_exit rm -f "$saved"
expect_eq "scripts/checkconduct-dummy.c" "$(tar -tf "$saved")" "saved untracked files"
[ ! -e "$KSRC/scripts/checkconduct-dummy.c" ] || fail "the untracked file is still there"

echo "== unexported commits are kept on a backup branch"
edit README 'unexported\n'
kcommit "2024-01-05T00:00:00+0000" "README: an unexported commit"
head=$(kgit rev-parse HEAD)
mk tree
kgit for-each-ref --format='%(objectname)' 'refs/heads/backup/*' | grep -qx "$head" ||
	fail "the unexported commit is not on a backup branch"
