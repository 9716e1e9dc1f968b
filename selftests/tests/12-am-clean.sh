#!/bin/bash
# The series applies to base patch by patch with no offset, no fuzz and no
# whitespace error, and gives exactly the tree that make tree built.
# bases: each
. "$TOP/selftests/lib.sh"

mapfile -t patches < <(find "$SERIES" -maxdepth 1 -name '0*.patch' \
	! -name '0000-cover-letter.patch' 2>/dev/null | sort)
expect_eq "${#patches[@]}" "$(kgit rev-list --count base..HEAD)" "patches in patches/ vs commits in $KSRC"

# Apply onto a fresh index holding base: no checkout of 80,000 files needed.
export GIT_INDEX_FILE=$TEST_TMP/index
kgit read-tree base
for patch in "${patches[@]}"; do
	name=$(basename "$patch")
	kgit apply --cached --verbose --whitespace=error "$patch" >"$TEST_TMP/apply.log" 2>&1 ||
		{ cat "$TEST_TMP/apply.log"; fail "$name does not apply cleanly"; }
	if grep -Ei 'offset|fuzz|warning' "$TEST_TMP/apply.log"; then
		fail "$name applies only with an offset, fuzz or warning"
	fi
	echo "applied $name"
done
expect_eq "$(kgit rev-parse 'HEAD^{tree}')" "$(kgit write-tree)" "tree of base + series vs make tree's HEAD"
