#!/bin/bash
# Write the hostile source trees of selftests/tests/31-hostile.sh (and of the
# sanitizer test) into OUTDIR, at test time: some are megabytes.
#
#	selftests/hostile/generate.sh OUTDIR
#
# For each case NAME (listed one a line, in order, in OUTDIR/cases):
#
#   OUTDIR/NAME/            the source tree (NAME/Documentation/process/...)
#   OUTDIR/NAME.err         the exact diagnostics, NAME.status the exit status
#   OUTDIR/NAME.out         the exact stdout, if any (--format=ktap)
#   OUTDIR/NAME.args        more arguments, one a line, if any
#
# run from OUTDIR/NAME as "checkconduct --srctree . [ARGS]".  Anything that
# lies outside Documentation/ on purpose is in NAME/outside/.
set -eu

out=$1
mkdir -p "$out"
cd "$out"
: >cases

MB=$((1024 * 1024))

# new_case NAME: a clean tree: the process index links howto, the code of
# conduct (all its sections, listed one a line in code-of-conduct.sections)
# and ../other/guide.  Sets $case, $doc, $proc.
new_case() {
	case=$1
	doc=$case/Documentation
	proc=$doc/process
	echo "$case" >>cases
	mkdir -p "$proc" "$doc/other"
	index
	printf 'HOWTO\n=====\n\nRead the documents.\n' >"$proc/howto.rst"
	printf 'A guide\n=======\n\nElsewhere in Documentation/.\n' >"$doc/other/guide.rst"
	coc "${required[@]}"
	printf '%s\n' "${required[@]}" >"$proc/code-of-conduct.sections"
}

# The required sections, in order.
required=('Our Pledge' 'Our Standards' 'Our Responsibilities' 'Scope'
	'Enforcement' 'Attribution' 'Interpretation')

# index [LINE...]: the process index, with LINEs after its three entries
# (the first at line 10).
index() {
	{
		printf 'Process index\n=============\n\n.. toctree::\n   :maxdepth: 1\n\n'
		printf '   howto\n   code-of-conduct\n   ../other/guide\n'
		[ $# -eq 0 ] || printf '%s\n' "$@"
	} >"$proc/index.rst"
}

# coc TITLE...: the code of conduct with these sections, each with a body.
coc() {
	local title
	{
		printf 'Code of Conduct\n+++++++++++++++\n'
		for title; do
			printf '\n%s\n%s\n\n%s.\n' "$title" \
				"$(printf '%s' "$title" | sed 's/./=/g')" "$title"
		done
	} >"$proc/code-of-conduct.rst"
}

# escapes FILE...: turn the escapes \0, \xHH, \r ... in FILEs into bytes.
escapes() {
	local f
	for f; do
		printf '%b\n' "$(cat "$f")" >"$f.new"
		mv "$f.new" "$f"
	done
}

# expect STATUS: the expected stderr of $case is on stdin.
expect() {
	cat >"$case.err"
	echo "$1" >"$case.status"
}

# ---------------------------------------------------------------------------
# Empty files: a linked document may be empty; an empty code of conduct has
# none of its sections; an empty index links nothing.

new_case empty-files
: >"$proc/howto.rst"
: >"$proc/code-of-conduct.rst"
: >"$doc/other/guide.rst"
expect 1 <<'END'
Documentation/process/code-of-conduct.rst:1:1: error: required section 'Our Pledge' is missing
Documentation/process/code-of-conduct.sections:1:1: note: the list of required sections names it here
Documentation/process/code-of-conduct.rst:1:1: error: required section 'Our Standards' is missing
Documentation/process/code-of-conduct.sections:2:1: note: the list of required sections names it here
Documentation/process/code-of-conduct.rst:1:1: error: required section 'Our Responsibilities' is missing
Documentation/process/code-of-conduct.sections:3:1: note: the list of required sections names it here
Documentation/process/code-of-conduct.rst:1:1: error: required section 'Scope' is missing
Documentation/process/code-of-conduct.sections:4:1: note: the list of required sections names it here
Documentation/process/code-of-conduct.rst:1:1: error: required section 'Enforcement' is missing
Documentation/process/code-of-conduct.sections:5:1: note: the list of required sections names it here
Documentation/process/code-of-conduct.rst:1:1: error: required section 'Attribution' is missing
Documentation/process/code-of-conduct.sections:6:1: note: the list of required sections names it here
Documentation/process/code-of-conduct.rst:1:1: error: required section 'Interpretation' is missing
Documentation/process/code-of-conduct.sections:7:1: note: the list of required sections names it here
Documentation/process/index.rst:7:4: warning: toctree entry names 'process/howto', a document without a title: Sphinx makes no link to it
Documentation/process/index.rst:8:4: warning: toctree entry names 'process/code-of-conduct', a document without a title: Sphinx makes no link to it
Documentation/process/index.rst:9:4: warning: toctree entry names 'other/guide', a document without a title: Sphinx makes no link to it
END

new_case empty-index
: >"$proc/index.rst"
expect 1 <<'END'
Documentation/process/code-of-conduct.rst:1:1: warning: document is not in any toctree (link it, or mark it ':orphan:')
Documentation/process/howto.rst:1:1: warning: document is not in any toctree (link it, or mark it ':orphan:')
Documentation/process/index.rst:1:1: error: the code of conduct ('code-of-conduct') is not linked from any toctree of this index
END

# ---------------------------------------------------------------------------
# NUL bytes: in text, in an entry (a control character), in a directive name
# (".. toctree\0::" is a comment, not a toctree: its entry is not checked),
# in a section title (docutils drops it from the title, as it drops the
# backslash of an escape: "Sco\0pe" is the section "Scope"); and a linked
# document of a megabyte of NULs.

new_case nul-bytes
index '   how\0to' '' 'Text with a \0 NUL.' '' '.. toctree\0::' '' '   not-checked'
coc 'Our Pledge' 'Our Standards' 'Our Responsibilities' 'Sco\0pe' \
	'Enforcement' 'Attribution' 'Interpretation'
escapes "$proc/index.rst" "$proc/code-of-conduct.rst"
head -c "$MB" /dev/zero >"$doc/other/guide.rst"
expect 1 <<'END'
Documentation/process/index.rst:9:4: warning: toctree entry names 'other/guide', a document without a title: Sphinx makes no link to it
Documentation/process/index.rst:10:7: error: toctree entry contains the control character 0x00
END

# ---------------------------------------------------------------------------
# Invalid UTF-8: stray bytes, an overlong "/", a surrogate, a code point
# above U+10FFFF, a truncated sequence, and a C1 control character (valid
# UTF-8, but a terminal may act on it).  In text they are no problem; in an
# entry or a title they are quoted escaped, so the output stays UTF-8.

new_case invalid-utf8
index '   how\xffto' '   ..\xc0\xaf..\xc0\xafetc' '   s\xed\xa0\x80\xf4\x90\x80\x80' \
	'   csi\xc2\x9b' '   cut\xe2\x82' '   ok-\xc3\xa9' '' \
	'Text: \xff\xfe \xc0\x80 \xed\xb0\x80 \xe2\x82.'
coc 'Our Pledge' 'Our Standards' 'Our Responsibilities' 'Scope' \
	'Enforcement\xff' 'Attribution' 'Interpretation'
escapes "$proc/index.rst" "$proc/code-of-conduct.rst"
expect 1 <<'END'
Documentation/process/code-of-conduct.rst:24:1: error: required section 'Enforcement' is missing; did you mean 'Enforcement\xff'?
Documentation/process/code-of-conduct.sections:5:1: note: the list of required sections names it here
Documentation/process/index.rst:10:4: error: toctree entry 'how\xffto' does not exist (no Documentation/process/how\xffto.rst); did you mean 'howto'?
Documentation/process/index.rst:11:4: error: toctree entry '..\xc0\xaf..\xc0\xafetc' does not exist (no Documentation/process/..\xc0\xaf..\xc0\xafetc.rst)
Documentation/process/index.rst:12:4: error: toctree entry 's\xed\xa0\x80\xf4\x90\x80\x80' does not exist (no Documentation/process/s\xed\xa0\x80\xf4\x90\x80\x80.rst)
Documentation/process/index.rst:13:4: error: toctree entry 'csi\xc2\x9b' does not exist (no Documentation/process/csi\xc2\x9b.rst)
Documentation/process/index.rst:14:4: error: toctree entry 'cut\xe2\x82' does not exist (no Documentation/process/cut\xe2\x82.rst)
Documentation/process/index.rst:15:4: error: toctree entry 'ok-é' does not exist (no Documentation/process/ok-é.rst)
END

# ---------------------------------------------------------------------------
# A UTF-8 byte order mark starts every document: it is not text (a title or
# a directive right after it counts); a document may be nothing else.

new_case bom
printf '\xef\xbb\xbf.. toctree::\n\n   howto\n   code-of-conduct\n   ../other/guide\n' >"$proc/index.rst"
printf '\xef\xbb\xbf' | cat - "$proc/code-of-conduct.rst" | tail -n +4 >"$proc/coc.new"
printf '\xef\xbb\xbf' | cat - "$proc/coc.new" >"$proc/code-of-conduct.rst"
rm "$proc/coc.new"
printf '\xef\xbb\xbf' >"$proc/howto.rst"
expect 0 <<'END'
Documentation/process/index.rst:3:4: warning: toctree entry names 'process/howto', a document without a title: Sphinx makes no link to it
END

# ---------------------------------------------------------------------------
# Line endings: CRLF (the index), lone CR (the code of conduct), both mixed
# with LF (howto).  A lone CR ends a line as docutils' splitlines() does, so
# "missing\rdoc" is the entry "missing" on line 10 and the paragraph "doc"
# on line 11, which ends the toctree.

new_case line-endings
index '   missing\rdoc'
sed 's/$/\r/' "$proc/index.rst" >"$proc/index.new"
mv "$proc/index.new" "$proc/index.rst"
escapes "$proc/index.rst"
tr '\n' '\r' <"$proc/code-of-conduct.rst" >"$proc/coc.new"
mv "$proc/coc.new" "$proc/code-of-conduct.rst"
printf 'HOWTO\r\n=====\r\r\nRead\n\rthe documents.\r' >"$proc/howto.rst"
expect 1 <<'END'
Documentation/process/index.rst:10:4: error: toctree entry 'missing' does not exist (no Documentation/process/missing.rst)
END

# ---------------------------------------------------------------------------
# A 10 MB single line: a whole document without a line break, and a 10 MB
# paragraph line in the index and in a section of the code of conduct.

# words N: N bytes of words, no line break
words() {
	yes 'word' | tr '\n' ' ' | head -c "$1"
}

new_case long-line
words $((10 * MB)) >"$proc/howto.rst"
index '' "$(words $((10 * MB)))"
{ printf 'Code of Conduct\n+++++++++++++++\n\nOur Pledge\n==========\n\n'
  words $((10 * MB))
  tail -n +7 "$proc/code-of-conduct.rst"; } >"$proc/coc.new"
mv "$proc/coc.new" "$proc/code-of-conduct.rst"
expect 0 <<'END'
Documentation/process/index.rst:7:4: warning: toctree entry names 'process/howto', a document without a title: Sphinx makes no link to it
END

# Inline markup that never ends: a megabyte paragraph each of start-strings
# with no end-string, names joined by "-" or "_" with no reference after
# them, "Documentation/" over and over, "http:" schemes, footnote labels,
# escaped blanks.  docutils searches on from every start-string; the
# checker remembers where a search failed, and reads each in linear time.
new_case inline-markup
for p in '*a ' '**a ' '`a ' '``a ' '|a ' '_`a ' ':ref:`a ' 'a-' 'a_' \
	'Documentation/' 'http:' '[1' 'a\ '; do
	yes "$p" | tr -d '\n' | head -c "$MB"
	printf '\n\n'
done >>"$proc/howto.rst"
expect 0 </dev/null

# ".. only::" conditions a megabyte long: nested "not"s and parentheses,
# and chains of "and" and of "if ... else" that Sphinx evaluates
# recursively.  Python's recursion limit makes each an error for Sphinx
# (it warns, and keeps the content); the checker stops at depth 200.
new_case only-expressions
{
	printf '\n.. only:: %shtml\n\n   Text.\n\n' "$(yes 'not' | tr '\n' ' ' | head -c "$MB")"
	printf '.. only:: %s\n\n   Text.\n\n' "$(head -c "$MB" /dev/zero | tr '\0' '(')"
	printf '.. only:: html%s\n\n   Text.\n\n' "$(yes ' and html' | tr -d '\n' | head -c $((9 * 116508)))"
	printf '.. only:: html%s\n\n   Text.\n' "$(yes ' if html else html' | tr -d '\n' | head -c $((18 * 58254)))"
} >>"$proc/howto.rst"
warning="warning: Sphinx cannot evaluate the '.. only::' expression"
kept="it keeps the content, for every builder"
expect 0 <<END
Documentation/process/howto.rst:6:11: $warning '$(yes 'not' | tr '\n' ' ' | head -c 4096)...': $kept
Documentation/process/howto.rst:10:11: $warning '$(head -c 4096 /dev/zero | tr '\0' '(')...': $kept
Documentation/process/howto.rst:14:11: $warning 'html$(yes ' and html' | tr -d '\n' | head -c 4092)...': $kept
Documentation/process/howto.rst:18:11: $warning 'html$(yes ' if html else html' | tr -d '\n' | head -c 4092)...': $kept
END

# Substitutions in the code of conduct's titles: 100,000 sections, each
# titled by its own of 100,000 definitions (a reference is looked up, not
# searched for); a chain of 100,000 definitions, each naming the next; and
# 60 that each name the next twice, which doubles at every level.  The
# checker reads a chain 100 deep at most and stops once a reference has
# made 10,000 bytes (docutils' line_length_limit); the required sections
# are all there, so nothing is wrong.
new_case substitutions
{
	seq -f '\nSection |s%g|\n=============\n\nText.' 0 99999
	printf '\n|c0|\n====\n\nA chain.\n\n|d0|\n====\n\nDoubling.\n\n'
	seq -f '.. |s%g| replace:: x' 0 99999
	seq 0 99998 | awk '{ printf ".. |c%d| replace:: |c%d|\n", $1, $1 + 1 }'
	echo '.. |c99999| replace:: end'
	seq 0 59 | awk '{ printf ".. |d%d| replace:: |d%d| |d%d|\n", $1, $1 + 1, $1 + 1 }'
} >>"$proc/code-of-conduct.rst"
expect 0 </dev/null

# csv-tables: one of 100,000 rows, a toctree in the quoted cell of its
# last; and one with a field of 10 MB, over Python's csv field limit of
# 131,072 characters, so that docutils drops the table and the toctree in
# the cell before it.
new_case csv-tables
printf 'Lost\n====\n\nText.\n' >"$proc/lost.rst"
{
	printf '\n.. csv-table::\n\n'
	seq 1 100000 | awk '{ printf "   %d, \"cell %d\"\n", $1, $1 }'
	printf '   x, ".. toctree::\n\n      nodoc"\n'
	printf '\n.. csv-table::\n\n   ".. toctree::\n\n      lost", "%s"\n' \
		"$(head -c $((10 * MB)) /dev/zero | tr '\0' 'a')"
} >>"$proc/howto.rst"
expect 1 <<END
Documentation/process/howto.rst:100010:7: error: toctree entry 'nodoc' does not exist (no Documentation/process/nodoc.rst)
Documentation/process/howto.rst:100012:1: error: the 'csv-table' directive around this toctree: a field of its CSV data is longer than 131072 characters (Sphinx drops it, and the toctree with it)
Documentation/process/lost.rst:1:1: note: so this document is not in any toctree
END

# A 10 MB toctree entry: it names no document (no file name is that long),
# and the diagnostic quotes only its first PATH_MAX (4096) bytes.
new_case long-entry
index "   $(head -c $((10 * MB)) /dev/zero | tr '\0' 'a')"
expect 1 <<END
Documentation/process/index.rst:10:4: error: toctree entry '$(head -c 4096 /dev/zero | tr '\0' 'a')...' does not exist (no Documentation/process/$(head -c 4074 /dev/zero | tr '\0' 'a')...)
END

# ---------------------------------------------------------------------------
# 100,000 toctree entries: first all different names of documents that
# exist (1,000 files in many/, reached as many/N and through 99 symbolic
# links to that directory, via-NN/N), then 100,000 that do not exist.

new_case many-entries
mkdir "$proc/many"
(cd "$proc/many" && seq -f '%03g.rst' 0 999 | xargs touch)
index
seq -f '   many/%03g' 0 999 >>"$proc/index.rst"
for d in $(seq -w 1 99); do
	ln -s many "$proc/via-$d"
	seq -f "   via-$d/%03g" 0 999
done >>"$proc/index.rst"
# The files are empty: no title, which Sphinx warns about at each entry.
{
	seq -f 'many/%03g' 0 999
	for d in $(seq -w 1 99); do
		seq -f "via-$d/%03g" 0 999
	done
} | awk '{ printf "Documentation/process/index.rst:%d:4: warning: toctree entry names '"'"'process/%s'"'"', a document without a title: Sphinx makes no link to it\n", NR + 9, $0 }' |
	expect 0

new_case many-missing
index
seq -f '   nodoc-%06g' 1 100000 >>"$proc/index.rst"
seq 1 100000 | while read -r i; do
	printf 'Documentation/process/index.rst:%d:4: error: toctree entry '\''nodoc-%06d'\'' does not exist (no Documentation/process/nodoc-%06d.rst)\n' \
		$((i + 9)) "$i" "$i"
done | expect 1

# 100,000 globs in a directory of 100 documents: each directory is listed
# once, not once a glob (that took minutes for a 10 MB index).  The first
# glob takes all 100; Sphinx then finds nothing for each of the others.
new_case many-globs
(cd "$proc" && seq -f 'doc-%03g.rst' 1 100 | xargs touch)
index '' '.. toctree::' '   :glob:' ''
first=$(($(wc -l <"$proc/index.rst") + 1))
yes '   *' | head -n 50000 >>"$proc/index.rst"
yes '   doc-0[0-9]*' | head -n 50000 >>"$proc/index.rst"
{
	# the first glob lists the 100 documents, which have no title
	seq -f "Documentation/process/index.rst:$first:4: warning: toctree entry names 'process/doc-%03g', a document without a title: Sphinx makes no link to it" 1 100
	seq "$((first + 1))" "$((first + 49999))" |
		sed 's/.*/Documentation\/process\/index.rst:&:4: error: toctree glob '\''*'\'' matches no document/'
	seq "$((first + 50000))" "$((first + 99999))" |
		sed 's/.*/Documentation\/process\/index.rst:&:4: error: toctree glob '\''doc-0[0-9]*'\'' matches no document/'
} | expect 1

# ---------------------------------------------------------------------------
# A chain of 1,000 documents, each linking the next; the last one links a
# document that does not exist, and the index again: a cycle, on which
# Sphinx's build dies, named by its ends.

new_case chain
mkdir "$proc/chain"
index '   chain/0001'
for i in $(seq 1 1000); do
	printf 'Link %d\n=========\n\n.. toctree::\n\n   %04d\n' "$i" $((i + 1)) \
		>"$proc/chain/$(printf %04d "$i").rst"
done
printf '   /process/index\n' >>"$proc/chain/1000.rst"
expect 1 <<'END'
Documentation/process/chain/1000.rst:6:4: error: toctree entry '1001' does not exist (no Documentation/process/chain/1001.rst); did you mean '0001'?
Documentation/process/chain/1000.rst:7:4: error: toctree entry closes a cycle (process/index -> process/chain/0001 -> process/chain/0002 -> ... -> process/chain/0998 -> process/chain/0999 -> process/chain/1000 -> process/index): Sphinx's build fails on it
END

# ---------------------------------------------------------------------------
# Toctree cycles: a -> b -> c -> a, b back to the index, c to itself, under
# several spellings of the same names.  Each document is read once; each
# entry that closes a cycle is an error, one naming its own document a
# warning (the glob [a-c] in c leaves out c itself and a, listed before).

new_case cycles
index '   a' '   ./index'
printf 'A\n=\n\n.. toctree::\n\n   b\n   ../process/a\n' >"$proc/a.rst"
printf 'B\n=\n\n.. toctree::\n\n   c.rst\n   /process/index\n' >"$proc/b.rst"
printf 'C\n=\n\n.. toctree::\n   :glob:\n\n   c\n   a\n   [a-c]\n' >"$proc/c.rst"
expect 1 <<'END'
Documentation/process/a.rst:7:4: warning: toctree entry '../process/a' is this document itself (Sphinx ignores it)
Documentation/process/b.rst:7:4: error: toctree entry closes a cycle (process/index -> process/a -> process/b -> process/index): Sphinx's build fails on it
Documentation/process/c.rst:7:4: warning: toctree entry 'c' is this document itself (Sphinx ignores it)
Documentation/process/c.rst:8:4: error: toctree entry closes a cycle (process/a -> process/b -> process/c -> process/a): Sphinx's build fails on it
Documentation/process/c.rst:9:4: error: toctree entry closes a cycle (process/b -> process/c -> process/b): Sphinx's build fails on it
Documentation/process/index.rst:11:4: warning: toctree entry './index' is this document itself (Sphinx ignores it)
END

# ---------------------------------------------------------------------------
# Symbolic link loops: a link to itself, two links to each other, a
# directory link to itself; as entries, and as what a glob matches.

new_case symlink-loop
ln -s loop.rst "$proc/loop.rst"
ln -s pong.rst "$proc/ping.rst"
ln -s ping.rst "$proc/pong.rst"
ln -s dirloop "$proc/dirloop"
ln -s . "$proc/here"
index '   loop' '   ping' '   dirloop/howto' '   here/here/here/howto' '' \
	'.. toctree::' '   :glob:' '' '   *' '   dirloop/*'
expect 1 <<'END'
Documentation/process/index.rst:10:4: error: toctree entry 'loop' is a loop of symbolic links
Documentation/process/index.rst:11:4: error: toctree entry 'ping' is a loop of symbolic links
Documentation/process/index.rst:12:4: error: toctree entry 'dirloop/howto' is a loop of symbolic links
Documentation/process/index.rst:18:4: error: toctree glob '*' matches 'process/loop', which is a loop of symbolic links
Documentation/process/index.rst:18:4: error: toctree glob '*' matches 'process/ping', which is a loop of symbolic links
Documentation/process/index.rst:18:4: error: toctree glob '*' matches 'process/pong', which is a loop of symbolic links
Documentation/process/index.rst:19:4: error: toctree glob 'dirloop/*' matches no document
END

# ---------------------------------------------------------------------------
# Entries that lead out of Documentation/: climbing out with "..", an
# absolute path (Sphinx: a leading "/" means Documentation/, so this one
# just does not exist), symbolic links out (to /etc/passwd, to a file of
# the source tree outside Documentation/, to /etc and to a directory of the
# source tree): each an error, and nothing outside Documentation/ is opened
# (not even listed, for a glob or a "did you mean").

new_case outside
mkdir "$case/outside"
printf 'Secret\n======\n\n.. toctree::\n\n   /process/howto\n' >"$case/outside/secret.rst"
printf 'Outside\n=======\n' >"$case/outside/howto.rst"
ln -s /etc/passwd "$proc/passwd.rst"
ln -s ../../outside/secret.rst "$proc/secret.rst"
ln -s /etc "$proc/etc"
ln -s ../../outside "$proc/out"
index '   ../../../etc/passwd' '   ../../outside/secret' '   /etc/passwd' \
	'   passwd' '   secret' '   etc/passwd' '   etc/group' '   out/secret' \
	'   out/secrets' '' '.. toctree::' '   :glob:' '' \
	'   *' '   etc/*' '   out/*' '   ../../outside/*' '   /../*'
expect 1 <<'END'
Documentation/process/index.rst:10:4: error: toctree entry '../../../etc/passwd' points outside Documentation/
Documentation/process/index.rst:11:4: error: toctree entry '../../outside/secret' points outside Documentation/
Documentation/process/index.rst:12:4: error: toctree entry '/etc/passwd' does not exist (no Documentation/etc/passwd.rst)
Documentation/process/index.rst:13:4: error: toctree entry 'passwd' is a symbolic link out of Documentation/
Documentation/process/index.rst:14:4: error: toctree entry 'secret' is a symbolic link out of Documentation/
Documentation/process/index.rst:15:4: error: toctree entry 'etc/passwd' does not exist (no Documentation/process/etc/passwd.rst)
Documentation/process/index.rst:16:4: error: toctree entry 'etc/group' does not exist (no Documentation/process/etc/group.rst)
Documentation/process/index.rst:17:4: error: toctree entry 'out/secret' is a symbolic link out of Documentation/
Documentation/process/index.rst:18:4: error: toctree entry 'out/secrets' does not exist (no Documentation/process/out/secrets.rst)
Documentation/process/index.rst:23:4: error: toctree glob '*' matches 'process/passwd', which is a symbolic link out of Documentation/
Documentation/process/index.rst:23:4: error: toctree glob '*' matches 'process/secret', which is a symbolic link out of Documentation/
Documentation/process/index.rst:24:4: error: toctree glob 'etc/*' matches no document
Documentation/process/index.rst:25:4: error: toctree glob 'out/*' matches no document
Documentation/process/index.rst:26:4: error: toctree glob '../../outside/*' points outside Documentation/
Documentation/process/index.rst:27:4: error: toctree glob '/../*' points outside Documentation/
END

# ---------------------------------------------------------------------------
# Not a document: a directory, a FIFO (never opened: no hang) and a device
# where a document is expected, as entries and as glob matches; the code of
# conduct a FIFO.  A dangling symbolic link is a missing document, and not
# its own "did you mean".

new_case not-a-file
mkdir "$proc/dir.rst" "$proc/sub"
printf 'Sub\n===\n' >"$proc/dir.rst/x.rst"
mkfifo "$proc/fifo.rst" "$proc/sub/fifo.rst"
mknod "$proc/zero.rst" c 1 5
ln -s nowhere.rst "$proc/dangling.rst"
rm "$proc/code-of-conduct.rst"
mkfifo "$proc/code-of-conduct.rst"
index '   dir' '   fifo' '   zero' '   dangling' '   sub' '' \
	'.. toctree::' '   :glob:' '' '   sub/*' '   dang*'
expect 1 <<'END'
Documentation/process/code-of-conduct.rst: error: no code of conduct here: its required sections cannot be checked
Documentation/process/dir.rst/x.rst:1:1: warning: document is not in any toctree (link it, or mark it ':orphan:')
Documentation/process/index.rst:8:4: error: toctree entry 'code-of-conduct' is not a regular file
Documentation/process/index.rst:10:4: error: toctree entry 'dir' is a directory, not a document
Documentation/process/index.rst:11:4: error: toctree entry 'fifo' is not a regular file
Documentation/process/index.rst:12:4: error: toctree entry 'zero' is not a regular file
Documentation/process/index.rst:13:4: error: toctree entry 'dangling' does not exist (no Documentation/process/dangling.rst)
Documentation/process/index.rst:14:4: error: toctree entry 'sub' does not exist (no Documentation/process/sub.rst)
Documentation/process/index.rst:19:4: error: toctree glob 'sub/*' matches 'process/sub/fifo', which is not a regular file
Documentation/process/index.rst:20:4: error: toctree glob 'dang*' matches 'process/dangling', which does not resolve (a dangling symbolic link?)
END

# A document that cannot be read, a directory that cannot be searched, one
# that cannot be listed: I/O errors (exit status 2), as any user but root
# (the test runs the checker so).
new_case unreadable-file
chmod 0 "$proc/howto.rst"
expect 2 <<'END'
Documentation/process/howto.rst: error: cannot open: Permission denied
END

new_case unreadable-dir
mkdir "$proc/sub"
printf 'Sub\n===\n' >"$proc/sub/doc.rst"
chmod 0 "$proc/sub"
index '   sub/doc'
expect 2 <<'END'
Documentation/process/sub/doc.rst: error: cannot resolve: Permission denied
END

new_case unlistable-dir
mkdir "$proc/sub"
printf 'Sub\n===\n' >"$proc/sub/doc.rst"
chmod 111 "$proc/sub"
index '   sub/doc'
expect 2 <<'END'
Documentation/process/sub: error: cannot list: Permission denied
END

# ---------------------------------------------------------------------------
# No index: missing, a directory, a FIFO; no Documentation/ at all.

new_case missing-index
rm "$proc/index.rst"
expect 2 <<'END'
Documentation/process/index.rst: error: cannot read the index: No such file or directory
END

new_case index-dir
rm "$proc/index.rst"
mkdir "$proc/index.rst"
expect 2 <<'END'
Documentation/process/index.rst: error: cannot read the index: not a regular file inside Documentation/
END

new_case index-fifo
rm "$proc/index.rst"
mkfifo "$proc/index.rst"
expect 2 <<'END'
Documentation/process/index.rst: error: cannot read the index: not a regular file inside Documentation/
END

new_case no-documentation
rm -r "$doc"
expect 2 <<'END'
checkconduct: ./Documentation: No such file or directory (is --srctree right?)
END

# ---------------------------------------------------------------------------
# File names that hold a line break, an escape sequence or a byte that is
# not UTF-8, reached through a glob or not at all (orphans): they are quoted
# escaped, so that no file can forge a diagnostic or a KTAP line.

new_case control-names
index '' '.. toctree::' '   :glob:' '' '   g*'
printf 'G\n=\n\n.. toctree::\n\n   missing\n' >"$proc/g$(printf '\nnot ok 1 forged')".rst
printf 'E\n=\n' >"$proc/e$(printf '\033[2J\033]0;title\a')".rst
printf 'X\n=\n' >"$proc/x$(printf '\xff\nforged.rst:1:1: error: forged')".rst
expect 1 <<'END'
Documentation/process/e\x1b[2J\x1b]0;title\x07.rst:1:1: warning: document is not in any toctree (link it, or mark it ':orphan:')
Documentation/process/g\x0anot ok 1 forged.rst:6:4: error: toctree entry 'missing' does not exist (no Documentation/process/missing.rst)
Documentation/process/x\xff\x0aforged.rst:1:1: error: forged.rst:1:1: warning: document is not in any toctree (link it, or mark it ':orphan:')
END
cp -R "$case" "$case-ktap"
case=$case-ktap
echo "$case" >>cases
printf -- '--format=ktap\n' >"$case.args"
expect 1 </dev/null
cat >"$case.out" <<'END'
KTAP version 1
1..5
# Documentation/process/g\x0anot ok 1 forged.rst:6:4: error: toctree entry 'missing' does not exist (no Documentation/process/missing.rst)
not ok 1 toctree-links
ok 2 code-of-conduct-linked
ok 3 code-of-conduct-sections
# Documentation/process/e\x1b[2J\x1b]0;title\x07.rst:1:1: warning: document is not in any toctree (link it, or mark it ':orphan:')
# Documentation/process/x\xff\x0aforged.rst:1:1: error: forged.rst:1:1: warning: document is not in any toctree (link it, or mark it ':orphan:')
ok 4 orphans
ok 5 references
END
