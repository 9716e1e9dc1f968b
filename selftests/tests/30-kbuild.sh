#!/bin/bash
# long: make checkconduct and make htmldocs in the patched tree
#
# The Kbuild side of the series: the target, its quiet lines, O= with a
# read-only source tree, no rebuild when nothing changed, make help, make
# clean and mrproper, htmldocs stopping on a broken index with the real
# Sphinx, and the series' doc page building without a warning.  Which
# builds the guard stops, and its switches: 32-guard.
# bases: each
. "$TOP/selftests/lib.sh"

grep -q '^checkconduct:' "$KSRC/Documentation/Makefile" ||
	fail "no checkconduct target in $KSRC/Documentation/Makefile"
kmake() {
	make --no-print-directory -C "$KSRC" "$@"
}

# In-tree, from scratch: the quiet lines, then nothing rebuilt.
kmake -s mrproper
run kmake checkconduct
[ "$RUN_STATUS" = 0 ] || { cat "$TEST_TMP/run.err"; fail "make checkconduct failed"; }
cp "$TEST_TMP/run.out" "$TEST_TMP/first"
objs=$(grep -o '[a-z_]*\.o' "$KSRC/scripts/checkconduct/Makefile")
[ "$(echo "$objs" | wc -l)" -ge 5 ] || fail "checkconduct-objs lists only: $objs"
{
	echo "  HOSTCC  scripts/basic/fixdep"
	for o in $objs; do echo "  HOSTCC  scripts/checkconduct/$o"; done
	echo "  HOSTLD  scripts/checkconduct/checkconduct"
	echo "  CHKCOC  Documentation/process"
} | diff -u - "$TEST_TMP/first" || fail "in-tree make checkconduct output"
expect_eq "" "$(cat "$TEST_TMP/run.err")" "stderr of make checkconduct (warnings?)"
run kmake checkconduct
cp "$TEST_TMP/run.out" "$TEST_TMP/second"
diff -u - "$TEST_TMP/second" <<'OUT' || fail "second make checkconduct rebuilt something"
  CHKCOC  Documentation/process
OUT
# All of Documentation/ is the program's --all (6.1: one orphan and one
# path to no file, warnings; 6.12: nothing, once the netlink
# specifications are generated, which a Sphinx build does first and a
# fresh tree lacks; 7.3: a translation of the code of conduct without its
# ':Original:' line and four paths to moved documents, warnings: its
# netlink specifications are YAML documents that Sphinx reads itself,
# through the kernel's parser_yaml, and nothing is generated first).
case $BASE in
6.1)	all_err="Documentation/leds/leds-qcom-lpg.rst:1:1: warning: document is not in any toctree (link it, or mark it ':orphan:')
Documentation/watchdog/hpwdt.rst:51:52: warning: 'Documentation/IPMI.txt' is no document: automarkup leaves it unlinked" ;;
6.12)	all_err=""
	on_exit 'kmake -s cleandocs'
	run "$KSRC/scripts/checkconduct/checkconduct" --srctree "$KSRC" --all
	expect_eq 1 "$RUN_STATUS" "--all on a fresh 6.12 tree, before the netlink index exists"
	grep -q "error: toctree entry 'netlink_spec/index' does not exist" "$TEST_TMP/run.err" ||
		fail "--all on a fresh 6.12 tree: $(cat "$TEST_TMP/run.err")"
	# what htmldocs generates before Sphinx runs (a stand-in that only exits)
	printf '#!/bin/sh\nexit 0\n' >"$TEST_TMP/sphinx-build"
	chmod +x "$TEST_TMP/sphinx-build"
	kmake -s htmldocs SPHINXBUILD="$TEST_TMP/sphinx-build" CHECKCONDUCT=0 >/dev/null ;;
7.3)	all_err="Documentation/translations/pt_BR/process/code-of-conduct.rst:1:1: warning: no ':Original:' reference to Documentation/process/code-of-conduct.rst
Documentation/translations/zh_CN/filesystems/gfs2-glocks.rst:5:12: warning: 'Documentation/filesystems/gfs2-glocks.rst' is no document: automarkup leaves it unlinked; did you mean 'Documentation/translations/zh_CN/filesystems/gfs2-glocks.rst'?
Documentation/translations/zh_CN/filesystems/gfs2-uevents.rst:5:12: warning: 'Documentation/filesystems/gfs2-uevents.rst' is no document: automarkup leaves it unlinked; did you mean 'Documentation/translations/zh_CN/filesystems/gfs2-uevents.rst'?
Documentation/translations/zh_CN/filesystems/gfs2.rst:5:12: warning: 'Documentation/filesystems/gfs2.rst' is no document: automarkup leaves it unlinked; did you mean 'Documentation/filesystems/afs.rst'?
Documentation/translations/zh_CN/networking/xfrm_proc.rst:5:12: warning: 'Documentation/networking/xfrm_proc.rst' is no document: automarkup leaves it unlinked" ;;
*)	fail "no expectation for --all on $BASE" ;;
esac
# as the doc page says to run it: for the Sphinx here
run env -C "$KSRC" scripts/checkconduct/checkconduct --all \
	--sphinx "$(sphinx-build --version)"
expect_eq 0 "$RUN_STATUS" "exit status of checkconduct --all"
expect_eq "$all_err" "$(cat "$TEST_TMP/run.err")" "checkconduct --all diagnostics"
# V=1 shows the command, -s nothing at all.
kmake V=1 checkconduct >"$TEST_TMP/v1"
grep -q 'scripts/checkconduct/checkconduct --srctree \.' "$TEST_TMP/v1" ||
	fail "V=1 does not show the checker's command"
expect_eq "" "$(kmake -s checkconduct)" "make -s checkconduct output"
# The binary is git-ignored; make help lists the target and its switches.
[ -z "$(kgit status --porcelain)" ] || { kgit status --porcelain; fail "the build left files git sees"; }
kmake help >"$TEST_TMP/help"
grep -A3 '^  checkconduct    - ' "$TEST_TMP/help" >"$TEST_TMP/help.cc" ||
	fail "make help does not list checkconduct"
grep -qF 'CHECKCONDUCT=0 skips that' "$TEST_TMP/help.cc" ||
	fail "make help does not mention CHECKCONDUCT=0"
# A host program of scripts/ like the others: make clean leaves it (as it
# leaves fixdep), make mrproper removes it and its objects.
bin=$KSRC/scripts/checkconduct/checkconduct
[ -x "$bin" ] || fail "no scripts/checkconduct/checkconduct after the build"
kmake -s clean
[ -x "$bin" ] || fail "make clean removed scripts/checkconduct/checkconduct"
[ -x "$KSRC/scripts/basic/fixdep" ] || fail "make clean removed scripts/basic/fixdep"
kmake -s mrproper
[ ! -e "$bin" ] || fail "make mrproper left scripts/checkconduct/checkconduct"
left=$(find "$KSRC/scripts/checkconduct" -name '*.o' -o -name '.*.cmd')
[ -z "$left" ] || fail "make mrproper left $left"

# The series adds no broken file reference (make refcheckdocs: the tool is
# scripts/documentation-file-ref-check, on 7.3 tools/docs/...).
kmake -s refcheckdocs >"$TEST_TMP/refcheck" 2>&1 || true
if grep -E 'No such file|not found|No rule' "$TEST_TMP/refcheck"; then
	fail "make refcheckdocs did not run"
fi
if grep checkconduct "$TEST_TMP/refcheck"; then
	fail "documentation-file-ref-check flags the series' files"
fi

# O= with the source tree mounted read-only, -j2: nothing may be written there.
obj=$TEST_TMP/obj
mkdir "$obj"
ro=$TEST_TMP/ro
mkdir "$ro"
# shellcheck disable=SC2016 # expanded by the inner sh
unshare -m sh -c 'mount --bind -o ro "$1" "$2" && make -C "$2" O="$3" -j2 checkconduct' \
	sh "$KSRC" "$ro" "$obj" >"$TEST_TMP/o.out" 2>&1 ||
	{ cat "$TEST_TMP/o.out"; fail "make O= checkconduct on a read-only tree failed"; }
grep -q '  CHKCOC  Documentation/process' "$TEST_TMP/o.out" || fail "no CHKCOC line with O="
[ -x "$obj/scripts/checkconduct/checkconduct" ] || fail "no $obj/scripts/checkconduct/checkconduct"

# htmldocs: a broken entry stops it before Sphinx, with the checker's message.
on_exit 'kgit checkout -q -- Documentation/process/index.rst'
line=$(grep -nx '   coding-style' "$KSRC/Documentation/process/index.rst" | cut -d: -f1)
sed -i 's/^   coding-style$/   coding-styl/' "$KSRC/Documentation/process/index.rst"
run make -C "$KSRC" O="$obj" htmldocs SPHINXDIRS=process
[ "$RUN_STATUS" != 0 ] || fail "make htmldocs succeeded on a broken index"
grep -qx "$KSRC/Documentation/process/index.rst:$line:4: error: toctree entry 'coding-styl' does not exist (no $KSRC/Documentation/process/coding-styl.rst); did you mean 'coding-style'?" \
	"$TEST_TMP/run.err" || { cat "$TEST_TMP/run.err"; fail "htmldocs did not show the checker's error"; }
grep -q 'SPHINX' "$TEST_TMP/run.out" && fail "Sphinx ran although the checker failed"
kgit checkout -q -- Documentation/process/index.rst

progress "make htmldocs SPHINXDIRS=process on the clean tree (about a minute)"
run make -C "$KSRC" O="$obj" htmldocs SPHINXDIRS=process
[ "$RUN_STATUS" = 0 ] || { tail -20 "$TEST_TMP/run.err"; fail "make htmldocs failed on the clean tree"; }
grep -q '  CHKCOC  Documentation/process' "$TEST_TMP/run.out" || fail "htmldocs did not run the checker"
[ -f "$obj/Documentation/output/process/code-of-conduct.html" ] || fail "no code-of-conduct.html"

# The series' own page: linked from the doc-guide index, no new warning.
progress "make htmldocs SPHINXDIRS=doc-guide: the page of the series builds cleanly"
run make -C "$KSRC" O="$obj" htmldocs SPHINXDIRS=doc-guide
[ "$RUN_STATUS" = 0 ] || { tail -20 "$TEST_TMP/run.err"; fail "make htmldocs SPHINXDIRS=doc-guide failed"; }
# graphviz is not installed: Sphinx says so once, whatever it builds
grep -E 'WARNING|ERROR' "$TEST_TMP/run.err" | grep -vF 'WARNING: dot(1) not found' >"$TEST_TMP/warnings" || :
[ ! -s "$TEST_TMP/warnings" ] || { cat "$TEST_TMP/warnings"; fail "the doc-guide build warns"; }
grep -q 'href="checkconduct.html"' "$obj/Documentation/output/doc-guide/index.html" ||
	fail "doc-guide/index.html does not link checkconduct.html"
echo "kbuild: ok"
