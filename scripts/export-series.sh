#!/bin/bash
# make export: write the series of this base, patches/<base>/, back from the
# kernel tree's commits base..HEAD, with the cover letter whose text is kept
# in series/<base>/cover-letter.txt (first paragraph: the subject; the rest:
# the body), and under the "---" of a patch the note series/notes.txt has
# for its subject.  The output depends only on the commits and those
# files: the same commits always give the same bytes.
set -eu
. "$(dirname "$0")/env.sh"

die() { echo "export: $*" >&2; exit 1; }

OUT=$SERIES

if [ ! -d "$KSRC/.git" ] || ! kgit rev-parse -q --verify base >/dev/null; then
	die "no kernel tree at $KSRC: run 'make tree' first"
fi
[ -f "$COVER" ] || die "missing $COVER"
branch=$(kgit symbolic-ref -q --short HEAD) || die "HEAD is detached in $KSRC: check out a branch"
[ -z "$(kgit status --porcelain)" ] ||
	echo "export: warning: uncommitted changes in $KSRC are not exported" >&2

# Kbuild's outputs in a commit (git add -f takes what .gitignore hides):
# objects, .cmd files, the program itself.
built=$(kgit diff --name-only --diff-filter=A base..HEAD |
	grep -E '(\.o|\.cmd|^scripts/checkconduct/checkconduct)$' || true)
[ -z "$built" ] || die "build output committed in $KSRC, drop it first:
$built"

# The notes of series/notes.txt on the commits of their subjects (and none
# on the others), in the tree's refs/notes/checkconduct.
attach_notes() {
	local commit subject note
	kgit update-ref -d refs/notes/checkconduct 2>/dev/null || true
	for commit in $(kgit rev-list base..HEAD); do
		subject=$(kgit log -1 --format=%s "$commit")
		note=$(awk -v s="== $subject" '/^#/ { next }
			/^== / { on = (head && on) || $0 == s; head = 1; next }
			{ head = 0 } on' "$TOP/series/notes.txt")
		[ -z "$note" ] ||
			kgit notes --ref=checkconduct add -m "$note" "$commit"
	done
}

rm -f "$OUT"/*.patch
count=$(kgit rev-list --count base..HEAD)
if [ "$count" -eq 0 ]; then
	echo "export: no commits after base: ${OUT#"$TOP"/} is empty"
else
	mkdir -p "$OUT"
	kgit config "branch.$branch.description" "$(cat "$COVER")"
	attach_notes
	# The cover letter's From and Date are the committer's: pin the date.
	GIT_COMMITTER_DATE=$(kgit log -1 --format=%ad --date=raw) \
		kgit format-patch -q --cover-letter --cover-from-description=subject \
		--subject-prefix="PATCH v3" --base=base \
		--notes=checkconduct --no-signature --zero-commit -o "$OUT" base..HEAD
	echo "export: wrote $count patches and a cover letter to ${OUT#"$TOP"/}"
fi
kgit rev-parse HEAD >"$KSRC_HEAD"
