#!/bin/bash
# What "checkconduct --all" reports on a pristine tree, against what a
# full Sphinx build of it said (scripts/full-htmldocs.sh must have run):
#
#	scripts/compare-sphinx.sh TARBALL
#	KSRC_TAR=TARBALL scripts/compare-sphinx.sh TARBALL	(6.12: the
#		paths are compared on that base's patched tree)
#
# prints both sides for the kinds of problem they share, toctree entries
# that point nowhere, documents no toctree reaches, and :ref: and :doc:
# links that lead nowhere, and where they differ.  Then the paths that
# automarkup leaves unlinked against documentation-file-ref-check (make
# refcheckdocs; Sphinx says nothing about those).  The build may
# generate documents into the source tree (6.12: the netlink specs), so
# the checker also runs on the Documentation/ of a fresh extraction, and
# what it reports only there is listed.
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
# without -q, Sphinx's status ("checking consistency... ") may start a line
sed -E 's/^[a-z][a-z ]+\.\.\. (\[ *[0-9]+%\] [^ ]+ +)?//' "$log" >"$out/sphinx.log"
log=$out/sphinx.log

# Sphinx: paths relative to the tree, one problem a line.
sed -n "s|^$tree/||; s|: WARNING: document isn't included in any toctree\$||p" "$log" |
	grep '^Documentation/.*\.rst$' | sort -u >"$out/sphinx-orphans" || true
sed -n "s|^$tree/\(Documentation/[^:]*\):[0-9]*: WARNING: toctree contains reference to nonexisting document '\(.*\)'\$|\1 \2|p" \
	"$log" | sort -u >"$out/sphinx-missing"

# References: a :ref: or :doc: Sphinx could not resolve, as "FILE KIND TARGET".
sed -n "s|^$tree/\(Documentation/[^:]*\):[0-9]*: WARNING: undefined label: '\(.*\)'\$|\1 undefined \2|p
	s|^$tree/\(Documentation/[^:]*\):[0-9]*: WARNING: unknown document: '\(.*\)'\$|\1 unknown \2|p
	s|^$tree/\(Documentation/[^:]*\):[0-9]*: WARNING: Failed to create a cross reference. A title or caption not found: '\(.*\)'\$|\1 notitle \2|p" \
	"$log" | sort -u >"$out/sphinx-refs"

# The checker, on the same pristine tree, for the Sphinx and docutils that
# built it.
versions=(--sphinx "$(/usr/bin/python3 -m sphinx --version)"
	--docutils "$(/usr/bin/python3 -c 'import docutils; print(docutils.__version__)')")
status=0
(cd "$tree" && "$checker" --all --srctree . "${versions[@]}") 2>"$out/checker.txt" || status=$?
sed -n "s|^\(Documentation/[^:]*\):1:1: warning: document is not in any toctree.*|\1|p" \
	"$out/checker.txt" | sort -u >"$out/checker-orphans"
sed -n "s|^\(Documentation/[^:]*\):[0-9]*:[0-9]*: error: toctree entry .* (no Documentation/\(.*\)\.rst).*|\1 \2|p" \
	"$out/checker.txt" | sort -u >"$out/checker-missing"

sed -n "s|^\(Documentation/[^:]*\):[0-9]*:[0-9]*: warning: :ref: to an undefined label '\(.*\)'\(; did you mean .*\)\{0,1\}\$|\1 undefined \2|p
	s|^\(Documentation/[^:]*\):[0-9]*:[0-9]*: warning: :doc: to an unknown document '\([^']*\)'.*|\1 unknown \2|p
	s|^\(Documentation/[^:]*\):[0-9]*:[0-9]*: warning: :ref: to '\(.*\)', which stands before no section.*|\1 notitle \2|p" \
	"$out/checker.txt" | sort -u >"$out/checker-refs"

echo "$name: checker exit $status, $(wc -l <"$out/checker.txt") diagnostics"
for kind in orphans missing refs; do
	echo "$kind: Sphinx $(wc -l <"$out/sphinx-$kind"), checker $(wc -l <"$out/checker-$kind")," \
		"both $(comm -12 "$out/sphinx-$kind" "$out/checker-$kind" | wc -l)"
	comm -23 "$out/sphinx-$kind" "$out/checker-$kind" | sed 's/^/  only Sphinx:  /'
	comm -13 "$out/sphinx-$kind" "$out/checker-$kind" | sed 's/^/  only checker: /'
done

# Before the build: the tarball's own Documentation/.
fresh=$out/fresh
rm -rf "$fresh"
mkdir -p "$fresh"
# with MAINTAINERS, which maintainers-profile-toc reads (7.3)
tar -C "$fresh" -xf "$1" --wildcards "$name/Documentation/*" "$name/MAINTAINERS"
fresh_status=0
(cd "$fresh/$name" && "$checker" --all --srctree . "${versions[@]}") 2>"$out/checker-fresh.txt" ||
	fresh_status=$?
echo "checker on a fresh extraction: exit $fresh_status, $(wc -l <"$out/checker-fresh.txt") diagnostics"
LC_ALL=C comm -13 <(LC_ALL=C sort "$out/checker.txt") <(LC_ALL=C sort "$out/checker-fresh.txt") |
	sed 's/^/  only before the build: /'
LC_ALL=C comm -23 <(LC_ALL=C sort "$out/checker.txt") <(LC_ALL=C sort "$out/checker-fresh.txt") |
	sed 's/^/  only after the build:  /'

# Paths below Documentation/ in the .rst documents that lead nowhere:
# the checker (automarkup's paths) against documentation-file-ref-check
# (every path it finds, in any text), on the tree the series is applied
# to, as "FILE PATH".
sed -n "s|^\(Documentation/[^:]*\):[0-9]*:[0-9]*: warning: '\(Documentation/.*\)' is no document: automarkup leaves it unlinked.*|\1 \2|p" \
	"$out/checker.txt" | sort -u >"$out/checker-paths"
make -s -C "$KSRC" refcheckdocs 2>&1 |
	sed -n 's|^\(Documentation/[^:]*\.rst\): \(Documentation/.*\)$|\1 \2|p' |
	grep -v '^Documentation/doc-guide/checkconduct.rst ' | sort -u >"$out/refcheck-paths" || true
echo "paths: checker $(wc -l <"$out/checker-paths"), documentation-file-ref-check $(wc -l <"$out/refcheck-paths"), both $(comm -12 "$out/checker-paths" "$out/refcheck-paths" | wc -l)"
comm -23 "$out/refcheck-paths" "$out/checker-paths" | sed 's/^/  only documentation-file-ref-check: /'
comm -13 "$out/refcheck-paths" "$out/checker-paths" | sed 's/^/  only checker: /'
