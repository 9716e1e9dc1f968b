#!/bin/bash
# One checker for every base: the series of each base (patches/<base>/) has
# the same commits, by subject and order, and each commit leaves the checker
# (scripts/checkconduct/ but its Makefile), its doc page and the list of
# required sections byte-identical to the other series' (make sync keeps
# them so).  What differs between the series is the Kbuild wiring,
# MAINTAINERS and the doc-guide index.
. "$TOP/selftests/lib.sh"

read -r -a bases <<<"$BASES"
[ "${#bases[@]}" -ge 2 ] || fail "BASES has a single base: $BASES"
# the checker's files in any series: one a series has and another lacks
# (left over there, when the other dropped it) is a difference too
mapfile -t shared < <(for base in "${bases[@]}"; do
	git -C "$BUILD/src/linux-source-$base" ls-tree -r --name-only HEAD -- scripts/checkconduct
done | grep -v '/Makefile$' | sort -u)
[ "${#shared[@]}" -ge 5 ] || fail "only ${#shared[@]} files of the checker: ${shared[*]}"
shared+=(Documentation/doc-guide/checkconduct.rst Documentation/process/code-of-conduct.sections)

# per_commit BASE: for each commit of the series, its subject, then the
# blob of each shared file (or "-").
per_commit() {
	local dir=$BUILD/src/linux-source-$1 c f
	[ -d "$dir/.git" ] || fail "no tree for $1 (make test prepares it)"
	for c in $(git -C "$dir" rev-list --reverse base..HEAD); do
		git -C "$dir" log -1 --format='%s' "$c"
		for f in "${shared[@]}"; do
			git -C "$dir" rev-parse -q --verify "$c:$f" || echo -
		done
	done
}

per_commit "${bases[0]}" >"$TEST_TMP/first"
grep -qv '^-$' "$TEST_TMP/first" || fail "no shared file in the ${bases[0]} series"
for base in "${bases[@]:1}"; do
	per_commit "$base" >"$TEST_TMP/other"
	diff -u --label "${bases[0]}" --label "$base" "$TEST_TMP/first" "$TEST_TMP/other" ||
		fail "the $base series differs from the ${bases[0]} one in its commits or shared files"
	# and what the patch files hold: the same hunks for the shared files
	for f in "${shared[@]}"; do
		for dir in "${bases[0]}" "$base"; do
			for p in "$TOP/patches/$dir"/0*.patch; do
				awk -v f="$f" '/^diff --git /{on = ($3 == "a/" f)} on' "$p"
			done >"$TEST_TMP/hunks.$dir"
		done
		cmp -s "$TEST_TMP/hunks.${bases[0]}" "$TEST_TMP/hunks.$base" ||
			fail "patches/$base and patches/${bases[0]} differ in $f"
	done
	echo "ok ${bases[0]} and $base: $(grep -c . "$TEST_TMP/first") lines compared"
done
