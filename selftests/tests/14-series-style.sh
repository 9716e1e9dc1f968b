#!/bin/bash
# Every patch of the series is one a maintainer would take: checkpatch.pl
# --strict finds nothing, and the commit message follows
# Documentation/process/submitting-patches.rst.
# bases: each
. "$TOP/selftests/lib.sh"

mapfile -t patches < <(find "$SERIES" -maxdepth 1 -name '0*.patch' \
	! -name '0000-cover-letter.patch' | sort)
[ "${#patches[@]}" -ge 3 ] || fail "expected at least 3 patches, found ${#patches[@]}"

for patch in "${patches[@]}"; do
	name=$(basename "$patch")
	# checkpatch: zero errors, zero warnings, zero checks; but for its
	# question whether MAINTAINERS needs updating, a known false positive
	# where every file the patch adds is under the directory the entry
	# lists and the note under the "---" says so.
	(cd "$KSRC" && ./scripts/checkpatch.pl --strict --terse --no-summary "$patch") \
		>"$TEST_TMP/cp" 2>&1 || true
	if grep -q 'does MAINTAINERS need updating' "$TEST_TMP/cp" &&
	   grep -q '^    .*lists as a directory.  A known false positive.$' "$patch" &&
	   ! grep '^create mode ' "$patch" | grep -qv ' scripts/checkconduct/' &&
	   grep -q '^+F:	scripts/checkconduct/$' "$SERIES"/0001-*.patch; then
		sed -i '/does MAINTAINERS need updating/d' "$TEST_TMP/cp"
		echo "ok $name: the MAINTAINERS question, answered under its ---"
	fi
	if [ -s "$TEST_TMP/cp" ]; then
		cat "$TEST_TMP/cp"
		fail "$name: checkpatch.pl --strict complains"
	fi
	# Subject: "[PATCH n/m] prefix: imperative summary", at most 75 characters.
	subject=$(git mailinfo /dev/null /dev/null <"$patch" | sed -n 's/^Subject: //p')
	[ "${#subject}" -le 75 ] || fail "$name: subject longer than 75 characters: $subject"
	# One convention: the checker's patches "scripts/checkconduct:", those
	# of Documentation/ "docs:", as those files' history has them.
	[[ $subject =~ ^(scripts/checkconduct|docs(:\ [A-Za-z-]+)*):\ [a-z] ]] ||
		fail "$name: subject lacks the series' prefix and a lower-case imperative: $subject"
	# A body that explains (several lines), and a Signed-off-by.
	git mailinfo "$TEST_TMP/msg" /dev/null <"$patch" >/dev/null
	body_lines=$(grep -cv '^\(Signed-off-by:.*\)\?$' "$TEST_TMP/msg" || true)
	[ "$body_lines" -ge 4 ] || fail "$name: the commit message body says too little"
	grep -q '^Signed-off-by: [^<]\+ <[^>]\+@[^>]\+>$' "$TEST_TMP/msg" ||
		fail "$name: no Signed-off-by"
	echo "ok $name: $subject"
done

# Who the series goes to: get_maintainer.pl names the documentation and the
# Kbuild maintainers and both lists (the cover letter says so too).  The
# Kbuild maintainer is the first of the tree's MAINTAINERS (6.1, 6.12:
# Masahiro Yamada; 7.3: Nathan Chancellor).
(cd "$KSRC" && ./scripts/get_maintainer.pl --no-git --no-git-fallback --no-rolestats "${patches[@]}") \
	>"$TEST_TMP/to" 2>&1 || { cat "$TEST_TMP/to"; fail "get_maintainer.pl failed"; }
kbuild=$(sed -n '/^KERNEL BUILD /,/^$/s/^M:\t//p' "$KSRC/MAINTAINERS" | head -n 1)
[ -n "$kbuild" ] || fail "no M: line in the KERNEL BUILD entry of $KSRC/MAINTAINERS"
for who in "Jonathan Corbet <corbet@lwn.net>" "$kbuild" \
	linux-doc@vger.kernel.org linux-kbuild@vger.kernel.org; do
	grep -qxF "$who" "$TEST_TMP/to" || { cat "$TEST_TMP/to"; fail "get_maintainer.pl does not name $who"; }
done
cover=$SERIES/0000-cover-letter.patch
# v3: its subject says so, it says what changed, and names its base
grep -q '^Subject: \[PATCH v3 0*/[0-9]*\] ' "$cover" || fail "the cover letter is not [PATCH v3 0/N]"
grep -q '^Changes in v3:$' "$cover" || fail "the cover letter has no 'Changes in v3:'"
grep -q "^base-commit: $(kgit rev-parse base)\$" "$cover" ||
	fail "the cover letter has no base-commit: line naming base"
for who in "${kbuild% <*}" "Jonathan Corbet"; do
	grep -q "$who" "$cover" || fail "the cover letter does not say get_maintainer.pl names $who"
done
echo "get_maintainer.pl: $(grep -c . "$TEST_TMP/to") addresses"
