#!/bin/bash
# What "checkconduct --all" reports on a pristine tree, against what a
# full Sphinx build of it said (scripts/full-htmldocs.sh must have run):
#
#	scripts/compare-sphinx.sh TARBALL
#
# prints both sides for the two kinds of problem they share, toctree
# entries that point nowhere and documents no toctree reaches, and
# where they differ.  The build may generate documents into the source
# tree (6.12: the netlink specs), so the checker also runs on the
# Documentation/ of a fresh extraction, and what it reports only there
# is listed.
. "$(dirname "$0")/env.sh"
set -eu

name=$(basename "$1" .tar.xz)
tree=$BUILD/fulldocs/$name
log=$BUILD/logs/full-htmldocs-$name.log
grep -q '^full-htmldocs: ' "$log" 2>/dev/null ||
	{ echo "compare-sphinx: $log is missing or unfinished" >&2; exit 1; }
checker=$("$TOP/scripts/build-checker.sh")
out=$BUILD/compare/$name
mkdir -p "$out"

# Sphinx: paths relative to the tree, one problem a line.
sed -n "s|^$tree/||; s|: WARNING: document isn't included in any toctree\$||p" "$log" |
	grep '^Documentation/.*\.rst$' | sort -u >"$out/sphinx-orphans" || true
sed -n "s|^$tree/\(Documentation/[^:]*\):[0-9]*: WARNING: toctree contains reference to nonexisting document '\(.*\)'\$|\1 \2|p" \
	"$log" | sort -u >"$out/sphinx-missing"

# The checker, on the same pristine tree.
status=0
"$checker" --all --srctree "$tree" 2>"$out/checker.txt" || status=$?
sed -n "s|^\(Documentation/[^:]*\):1:1: warning: document is not in any toctree.*|\1|p" \
	"$out/checker.txt" | sort -u >"$out/checker-orphans"
sed -n "s|^\(Documentation/[^:]*\):[0-9]*:[0-9]*: error: toctree entry .* (no Documentation/\(.*\)\.rst).*|\1 \2|p" \
	"$out/checker.txt" | sort -u >"$out/checker-missing"

echo "$name: checker exit $status, $(wc -l <"$out/checker.txt") diagnostics"
for kind in orphans missing; do
	echo "$kind: Sphinx $(wc -l <"$out/sphinx-$kind"), checker $(wc -l <"$out/checker-$kind")," \
		"both $(comm -12 "$out/sphinx-$kind" "$out/checker-$kind" | wc -l)"
	comm -23 "$out/sphinx-$kind" "$out/checker-$kind" | sed 's/^/  only Sphinx:  /'
	comm -13 "$out/sphinx-$kind" "$out/checker-$kind" | sed 's/^/  only checker: /'
done

# Before the build: the tarball's own Documentation/.
fresh=$out/fresh
rm -rf "$fresh"
mkdir -p "$fresh"
tar -C "$fresh" -xf "$1" --wildcards "$name/Documentation/*"
fresh_status=0
"$checker" --all --srctree "$fresh/$name" 2>"$out/checker-fresh.txt" || fresh_status=$?
echo "checker on a fresh extraction: exit $fresh_status, $(wc -l <"$out/checker-fresh.txt") diagnostics"
LC_ALL=C comm -13 <(LC_ALL=C sort "$out/checker.txt") <(LC_ALL=C sort "$out/checker-fresh.txt") |
	sed 's/^/  only before the build: /'
LC_ALL=C comm -23 <(LC_ALL=C sort "$out/checker.txt") <(LC_ALL=C sort "$out/checker-fresh.txt") |
	sed 's/^/  only after the build:  /'
