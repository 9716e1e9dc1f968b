#!/bin/bash
# make tree: the kernel tree at $KSRC as a git repository whose first commit,
# tagged "base", is the pristine tarball, with the series of that base
# (patches/<base>/) applied on top by git am.  Re-runs reset to base and re-apply; they extract again
# only when the tarball changed.
set -eu
. "$(dirname "$0")/env.sh"

die() { echo "tree: $*" >&2; exit 1; }

tarball_stamp() { stat -c '%n %s %Y' "$KSRC_TAR"; }

# The version of the extracted tree, as its Makefile says.
tree_version() {
	make -s -C "$KSRC" kernelversion 2>/dev/null || echo unknown
}

# The base commit is the same on every machine: fixed author, committer and dates.
commit_base() {
	local version
	version=$(tree_version)
	GIT_AUTHOR_NAME="Debian linux-source" GIT_AUTHOR_EMAIL="debian-kernel@lists.debian.org" \
	GIT_COMMITTER_NAME="Debian linux-source" GIT_COMMITTER_EMAIL="debian-kernel@lists.debian.org" \
	GIT_AUTHOR_DATE="2000-01-01T00:00:00+0000" GIT_COMMITTER_DATE="2000-01-01T00:00:00+0000" \
		kgit commit -q -m "Import $(basename "$KSRC") ($version) as shipped by Debian"
}

extract() {
	[ -f "$KSRC_TAR" ] || die "no tarball $KSRC_TAR (make deps installs the linux-source packages)"
	echo "tree: extracting $KSRC_TAR into $BUILD/src (takes a minute)"
	rm -rf "$KSRC" "$KSRC_STAMP" "$KSRC_HEAD"
	mkdir -p "$BUILD/src"
	tar -xJf "$KSRC_TAR" -C "$BUILD/src"
	[ -d "$KSRC" ] || die "$KSRC_TAR has no top directory $(basename "$KSRC")/"

	kgit init -q -b series
	kgit config user.name "Checkconduct Developers"
	kgit config user.email "checkconduct-devel@example.org"
	kgit config core.abbrev 12
	kgit config gc.auto 0
	kgit add -f .	# the kernel's .gitignore ignores dotfiles: take everything
	commit_base
	kgit tag base
	tarball_stamp >"$KSRC_STAMP"
}

# Nothing is lost by the reset: uncommitted changes to tracked files stop us;
# commits never exported are kept on a backup branch; untracked files (which
# Debian's .gitignore hides: it ignores every top-level path) are saved in a
# tarball before git clean.
keep_work() {
	local head backup saved
	[ -z "$(kgit status --porcelain)" ] ||
		die "uncommitted changes in $KSRC: commit them and 'make export', or discard them"
	if [ -n "$(kgit ls-files -o | head -n 1)" ]; then
		saved=$KSRC.untracked-$(date +%Y%m%d-%H%M%S).tar
		kgit ls-files -z -o | tar -C "$KSRC" --null -T - -cf "$saved"
		echo "tree: untracked files in $KSRC saved to $saved (new files need 'git add -f')"
	fi
	head=$(kgit rev-parse HEAD)
	if [ "$head" != "$(cat "$KSRC_HEAD" 2>/dev/null)" ] && [ "$head" != "$(kgit rev-parse base)" ]; then
		backup=backup/$(date +%Y%m%d-%H%M%S)
		kgit branch -f "$backup" "$head"
		echo "tree: commits not exported to ${SERIES#"$TOP"/} are kept on branch $backup"
	fi
}

reset_to_base() {
	if [ -d "$KSRC/.git/rebase-apply" ]; then
		kgit am --abort
	fi
	keep_work
	kgit checkout -q -f -B series base
	kgit clean -fdxq
}

# One line: the version of the tree, and whether it is the one the series
# was made on (series/<base>/version): Debian moves its linux-source
# packages on, and a series made on one point release may or may not apply
# to the next.
made_on() {
	local want have
	want=$(cat "$TOP/series/$BASE/version" 2>/dev/null) || want=unknown
	have=$(tree_version)
	if [ "$have" = "$want" ]; then
		echo "$(basename "$KSRC") is $have, the version the series was made on"
	else
		echo "$(basename "$KSRC") is $have, not $want, the version the series was made on"
	fi
}

apply_series() {
	local patches=() version
	if [ -d "$SERIES" ]; then
		mapfile -t patches < <(find "$SERIES" -maxdepth 1 -name '0*.patch' \
			! -name '0000-cover-letter.patch' | sort)
	fi
	kgit rev-parse HEAD >"$KSRC_HEAD"
	if [ ${#patches[@]} -eq 0 ]; then
		echo "tree: ${SERIES#"$TOP"/} is empty: the tree is base"
		return
	fi
	if ! kgit am --no-3way --no-gpg-sign --whitespace=error --committer-date-is-author-date "${patches[@]}"; then
		echo "tree: $(made_on): it does not apply" >&2
		die "git am failed: the series does not apply cleanly to base (see above; state left in $KSRC)"
	fi
	version=$(made_on)
	case $version in
	*" not "*) echo "tree: $version: it applies" ;;
	esac
	kgit rev-parse HEAD >"$KSRC_HEAD"
}

if [ -d "$KSRC/.git" ] && [ "$(cat "$KSRC_STAMP" 2>/dev/null)" = "$(tarball_stamp)" ] &&
	kgit rev-parse -q --verify base >/dev/null; then
	reset_to_base
else
	extract
fi
apply_series
echo "tree: $KSRC is base + $(kgit rev-list --count base..HEAD) patches"
