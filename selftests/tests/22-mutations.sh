#!/bin/bash
# Break the real 6.1 process documentation the ways it breaks in practice;
# each break must be caught, with the right file:line:col and exit status.
. "$TOP/selftests/lib.sh"

checker=$("$TOP/scripts/build-checker.sh")
idx=Documentation/process/index.rst
coc=Documentation/process/code-of-conduct.rst

# copy_docs DIR: a copy of Documentation/ in DIR, all of it, as the links
# of the process documents lead anywhere: linked, but for process/, which
# the mutations change in place (and core-api/, where one moves a file).
copy_docs() {
	mkdir -p "$1"
	cp -al "$KSRC/Documentation" "$1/Documentation" 2>/dev/null ||
		cp -R "$KSRC/Documentation" "$1/Documentation"
	rm -rf "$1/Documentation/process"
	cp -R "$KSRC/Documentation/process" "$1/Documentation/process"
}

# mutate NAME CMD...: a fresh copy of the documents, CMD run in it; then
# the checker's stderr must be the lines on stdin.
mutate() {
	local name=$1 tree=$TEST_TMP/$1
	shift
	copy_docs "$tree"
	(cd "$tree" && "$@")
	cat >"$TEST_TMP/$name.err"
	echo 1 >"$TEST_TMP/$name.status"
	(cd "$tree" && expect_run "$TEST_TMP/$name" "$checker")
	echo "ok $name"
}

# The pristine copy is clean: every failure below is the mutation's.
copy_docs "$TEST_TMP/pristine"
(cd "$TEST_TMP/pristine" && expect_run /dev/null/none "$checker")

# (and the label and the path that named it lead nowhere either)
mutate delete-linked rm Documentation/process/howto.rst <<'OUT'
Documentation/process/8.Conclusion.rst:9:11: warning: :ref: to an undefined label 'process_howto'; did you mean 'cn_process_howto'?
Documentation/process/index.rst:24:4: error: toctree entry 'howto' does not exist (no Documentation/process/howto.rst)
Documentation/process/researcher-guidelines.rst:88:3: warning: 'Documentation/process/howto.rst' is no document: automarkup leaves it unlinked
OUT

mutate misspell-entry sed -i 's/^   coding-style$/   codingstyle/' $idx <<'OUT'
Documentation/process/index.rst:31:4: error: toctree entry 'codingstyle' does not exist (no Documentation/process/codingstyle.rst); did you mean 'coding-style'?
Documentation/process/coding-style.rst:1:1: note: so this document is not in any toctree
OUT

# One cause, one error: what follows from the typo is said in notes.  The
# code of conduct is no orphan: Documentation/index.rst lists it too.
mutate misspell-coc sed -i 's/^   code-of-conduct$/   code-of-condcut/' $idx <<'OUT'
Documentation/process/index.rst:25:4: error: toctree entry 'code-of-condcut' does not exist (no Documentation/process/code-of-condcut.rst); did you mean 'code-of-conduct'?
Documentation/process/index.rst:20:1: note: so the code of conduct ('code-of-conduct') is not linked from any toctree of this index
OUT

# A document moved to another directory: the entry gets its new place.
mutate move-doc mv Documentation/process/howto.rst Documentation/core-api/ <<'OUT'
Documentation/process/index.rst:24:4: error: toctree entry 'howto' does not exist (no Documentation/process/howto.rst); did you mean '../core-api/howto'?
Documentation/process/researcher-guidelines.rst:88:3: warning: 'Documentation/process/howto.rst' is no document: automarkup leaves it unlinked
OUT

mutate drop-section sed -i '/^Scope$/,/^further defined/d' $coc <<'OUT'
Documentation/process/code-of-conduct.rst:55:1: error: required section 'Scope' is missing
Documentation/process/code-of-conduct.sections:12:1: note: the list of required sections names it here
OUT

mutate rename-section sed -i 's/^Enforcement$/Enforcing/' $coc <<'OUT'
Documentation/process/code-of-conduct.rst:76:1: error: required section 'Enforcement' is missing
Documentation/process/code-of-conduct.sections:13:1: note: the list of required sections names it here
OUT

# Interpretation moved before Attribution
reorder() {
	python3 -c '
import sys
p = sys.argv[1]
s = open(p).read()
a, b = s.index("Attribution\n"), s.index("Interpretation\n")
open(p, "w").write(s[:a] + s[b:] + "\n" + s[a:b])' "$coc"
}
mutate reorder-sections reorder <<'OUT'
Documentation/process/code-of-conduct.rst:76:1: error: section 'Interpretation' is out of order: it belongs after 'Attribution' (line 82)
OUT

duplicate() {
	printf '\nScope\n=====\n\nAgain.\n' >>"$coc"
}
mutate duplicate-section duplicate <<'OUT'
Documentation/process/code-of-conduct.rst:88:1: error: section 'Scope' appears again (first at line 54)
Documentation/process/code-of-conduct.rst:88:1: warning: duplicate label 'process/code-of-conduct:scope' at Documentation/process/code-of-conduct.rst:54 and Documentation/process/code-of-conduct.rst:88
OUT

mutate empty-body sed -i '/^This Code of Conduct is adapted/,/^available at/d' $coc <<'OUT'
Documentation/process/code-of-conduct.rst:76:1: error: section 'Attribution' has no body
OUT

mutate short-underline sed -i '/^Interpretation$/{n;s/.*/=====/}' $coc <<'OUT'
Documentation/process/code-of-conduct.rst:83:1: error: the adornment of section 'Interpretation' is shorter than its title
OUT

# (Documentation/index.rst still lists it: no orphan)
mutate unlink-coc sed -i '/^   code-of-conduct$/d' $idx <<'OUT'
Documentation/process/index.rst:20:1: error: the code of conduct ('code-of-conduct') is not linked from any toctree of this index
OUT

mutate break-cross-dir sed -i 's#^   ../riscv/patch-acceptance$#   ../riscv/patch-acceptence#' $idx <<'OUT'
Documentation/process/index.rst:66:4: error: toctree entry '../riscv/patch-acceptence' does not exist (no Documentation/riscv/patch-acceptence.rst); did you mean '../riscv/patch-acceptance'?
OUT

mutate delete-cross-dir rm Documentation/core-api/unaligned-memory-access.rst <<'OUT'
Documentation/process/index.rst:67:4: error: toctree entry '../core-api/unaligned-memory-access' does not exist (no Documentation/core-api/unaligned-memory-access.rst)
OUT

mutate break-nested sed -i 's/^   maintainer-netdev$/   maintainer-netdve/' Documentation/process/maintainer-handbooks.rst <<'OUT'
Documentation/process/maintainer-handbooks.rst:19:4: error: toctree entry 'maintainer-netdve' does not exist (no Documentation/process/maintainer-netdve.rst); did you mean 'maintainer-netdev'?
Documentation/process/maintainer-netdev.rst:1:1: note: so this document is not in any toctree
OUT
