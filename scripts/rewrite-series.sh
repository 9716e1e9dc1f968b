#!/bin/bash
# make rewrite CMD='...': run CMD at every commit of the series, in
# scripts/checkconduct/ of the tree, and commit what it changed there.
#
# A change that runs through the whole series (a rename, functions moved
# to a file of their own) is one transformation, made at every commit,
# not a change at HEAD that make fold would have to spread over the
# commits that last touched each line.  Each commit keeps its message,
# author and date; $c names the commit being rewritten, for a CMD that
# treats one differently, and MSGCMD, if set, is a filter for the
# message (stdin to stdout).  New files CMD makes need "git add -f".
# The old series is kept on the branch pre-rewrite.  Then make sync and
# make export, and test 15 says whether every commit still builds.
set -eu
. "$(dirname "$0")/env.sh"

die() { echo "rewrite: $*" >&2; exit 1; }

[ -n "${CMD:-}" ] || die "usage: make rewrite CMD='command run at every commit'"
[ -d "$KSRC/.git" ] || die "no tree $KSRC: run 'make tree' first"
cd "$KSRC"
[ -z "$(kgit status --porcelain)" ] || die "uncommitted changes in $KSRC"
mapfile -t paths < <(kgit diff --name-only base HEAD | sed 's,/.*,,' | sort -u)
mapfile -t commits < <(kgit rev-list --reverse base..HEAD)
[ "${#commits[@]}" -gt 0 ] || die "no series on $KSRC"
branch=$(kgit symbolic-ref --short HEAD)
msg=$(mktemp)
trap 'rm -f "$msg"' EXIT

kgit branch -f pre-rewrite HEAD
kgit checkout -q --detach base
for c in "${commits[@]}"; do
	export c
	kgit restore -q --source="$c" --staged --worktree -- "${paths[@]}"
	if [ -d scripts/checkconduct ]; then
		if ! (cd scripts/checkconduct && eval "$CMD"); then
			kgit reset -q --hard
			kgit checkout -q "$branch"
			die "CMD failed at $(kgit log -1 --format='%h %s' "$c"); the series is unchanged"
		fi
	fi
	kgit add -u -- "${paths[@]}"
	kgit log -1 --format=%B "$c" | eval "${MSGCMD:-cat}" >"$msg"
	kgit commit -q --allow-empty --cleanup=whitespace -F "$msg" \
		--author="$(kgit log -1 --format='%an <%ae>' "$c")" \
		--date="$(kgit log -1 --format=%ad --date=raw "$c")"
done
kgit branch -f "$branch" HEAD
kgit checkout -q "$branch"
echo "rewrite: $KSRC: ${#commits[@]} commits, the old ones on pre-rewrite"
