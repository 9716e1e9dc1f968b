#!/bin/bash
# make sync: carry the checker over from the series of this base (KSRC_TAR,
# default 6.1) to the series of every other base, commit by commit.
#
# The checker (scripts/checkconduct/, but its Makefile), its doc page
# and the list of required sections are byte-identical in every series;
# only the Kbuild wiring, MAINTAINERS and the indexes differ between
# bases.  So a change to the checker is made once, in one tree, and this
# rewrites the other trees' commits: each commit keeps its own tree and
# message, with the shared files taken from the commit of the same
# subject here.  A commit here that no other series has is added there
# if it touches the shared files only; otherwise it has to be ported by
# hand first (cherry-pick it in that tree).  Then "make export" per
# base.
set -eu
. "$(dirname "$0")/env.sh"

die() { echo "sync: $*" >&2; exit 1; }

src_git() { kgit "$@"; }
[ -d "$KSRC/.git" ] || die "no tree $KSRC: run 'make tree' first"
mapfile -t SHARED < <(src_git ls-tree -r --name-only HEAD -- scripts/checkconduct |
	grep -v '/Makefile$')
SHARED+=(Documentation/doc-guide/checkconduct.rst Documentation/process/code-of-conduct.sections)
[ -z "$(src_git status --porcelain)" ] || die "uncommitted changes in $KSRC"

# sync_to DIR: rewrite the series in the kernel tree DIR.
sync_to() {
	local dir=$1 parent c t subject tree new only
	local -A by_subject=()
	local -a shared
	dst_git() { GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 git -C "$dir" "$@"; }

	[ -d "$dir/.git" ] || die "no tree $dir: run 'make tree KSRC_TAR=...' for it first"
	[ -z "$(dst_git status --porcelain)" ] || die "uncommitted changes in $dir"
	# and the checker's files only that tree has: left over, they go
	mapfile -t shared < <({ printf '%s\n' "${SHARED[@]}"
		dst_git ls-tree -r --name-only HEAD -- scripts/checkconduct |
			grep -v '/Makefile$'; } | sort -u)
	while IFS= read -r c; do
		subject=$(dst_git log -1 --format=%s "$c")
		[ -z "${by_subject[$subject]:-}" ] || die "$dir: two commits named '$subject'"
		by_subject[$subject]=$c
	done < <(dst_git rev-list --reverse base..HEAD)

	export GIT_INDEX_FILE
	GIT_INDEX_FILE=$(mktemp)
	parent=$(dst_git rev-parse base)
	for c in $(src_git rev-list --reverse base..HEAD); do
		subject=$(src_git log -1 --format=%s "$c")
		t=${by_subject[$subject]:-}
		if [ -n "$t" ]; then
			unset 'by_subject[$subject]'
			dst_git read-tree "$t"
		else
			only=$(src_git diff --name-only "$c^" "$c" -- . "${SHARED[@]/#/:!}")
			[ -z "$only" ] || die "'$subject' also changes $(echo "$only" | tr '\n' ' ')- port it to $dir by hand first"
			dst_git read-tree "$parent"
			t=$c
		fi
		for f in "${shared[@]}"; do
			if src_git cat-file -e "$c:$f" 2>/dev/null; then
				# with its mode: a generator is executable
				dst_git update-index --add --cacheinfo \
					"$(src_git ls-tree "$c" -- "$f" | cut -d' ' -f1),$(src_git show "$c:$f" | dst_git hash-object -w --stdin),$f"
			else
				dst_git update-index --force-remove "$f"
			fi
		done
		tree=$(dst_git write-tree)
		# the message, author and dates of the commit it replaces (or adds)
		new=$( (if [ "$t" = "$c" ]; then src_git log -1 --format=%B "$c"; else dst_git log -1 --format=%B "$t"; fi) |
			GIT_AUTHOR_NAME=$(src_git log -1 --format=%an "$c") \
			GIT_AUTHOR_EMAIL=$(src_git log -1 --format=%ae "$c") \
			GIT_AUTHOR_DATE=$(src_git log -1 --format=%aD "$c") \
			GIT_COMMITTER_NAME=$(src_git log -1 --format=%an "$c") \
			GIT_COMMITTER_EMAIL=$(src_git log -1 --format=%ae "$c") \
			GIT_COMMITTER_DATE=$(src_git log -1 --format=%aD "$c") \
			dst_git commit-tree "$tree" -p "$parent")
		parent=$new
	done
	rm -f "$GIT_INDEX_FILE"
	unset GIT_INDEX_FILE
	[ "${#by_subject[@]}" -eq 0 ] || die "$dir has commits this series lacks: ${!by_subject[*]}"
	dst_git reset -q --hard "$parent"
	echo "sync: $dir: $(dst_git rev-list --count base..HEAD) commits, checker as in $(basename "$KSRC")"
}

for other in $BASES; do
	[ "$other" != "$BASE" ] || continue
	sync_to "$BUILD/src/linux-source-$other"
done
