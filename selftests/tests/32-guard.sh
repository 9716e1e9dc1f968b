#!/bin/bash
# The guard in front of the Sphinx builds: which builds it stops, which it
# leaves alone, its switches, and paths that resolve from make's directory.
#
# A stand-in for sphinx-build (it exists, so Documentation/Makefile takes
# Sphinx as installed, and it only says that it ran) keeps this fast: what
# is tested is whether the guard runs before Sphinx, not Sphinx itself.
# Asked for its version, it says nothing the checker can read: the checker
# judges for every Sphinx it knows.
# bases: each
. "$TOP/selftests/lib.sh"

idx=Documentation/process/index.rst
fake=$TEST_TMP/sphinx-build
printf '#!/bin/sh\necho "FAKE-SPHINX $*"\n' >"$fake"
chmod +x "$fake"
obj=$TEST_TMP/obj
mkdir "$obj"

kmake() {
	make --no-print-directory -C "$KSRC" O="$obj" SPHINXBUILD="$fake" "$@"
}
sphinx_ran() { grep -q '^FAKE-SPHINX ' "$TEST_TMP/run.out"; }
guard_ran() { grep -q '^  CHKCOC  ' "$TEST_TMP/run.out"; }

# The Sphinx targets of this tree: 6.1, 6.12: those whose recipe runs
# cmd_sphinx; 7.3: those of the one rule that runs
# tools/docs/sphinx-build-wrapper, but mandocs, which the wrapper makes
# with kernel-doc, not Sphinx.
mapfile -t targets < <(awk '/^[a-z]+docs:/ { t = $1; sub(":", "", t) }
	/^\t.*loop_cmd,sphinx/ && t { print t; t = "" }
	/^[a-z ]+docs:$/ { w = $0; sub(":$", "", w) }
	/\$\(BUILD_WRAPPER\)/ && w {
		n = split(w, a, " ")
		for (i = 1; i <= n; i++)
			if (a[i] != "mandocs")
				print a[i]
		w = ""
	}' "$KSRC/Documentation/Makefile")
[ "${#targets[@]}" -ge 5 ] || fail "found only ${#targets[@]} Sphinx targets: ${targets[*]}"
echo "Sphinx targets: ${targets[*]}"

# A misspelt code-of-conduct entry: one error, its consequence as a note
# (no orphan: Documentation/index.rst lists the code of conduct too).
on_exit 'kgit checkout -q -- Documentation/process/index.rst'
entry=$(grep -nx '   code-of-conduct' "$KSRC/$idx" | cut -d: -f1)
toctree=$(grep -n '^\.\. toctree::' "$KSRC/$idx" | head -n 1 | cut -d: -f1)
sed -i 's/^   code-of-conduct$/   code-of-condcut/' "$KSRC/$idx"
cat >"$TEST_TMP/broken.err" <<ERR
$KSRC/$idx:$entry:4: error: toctree entry 'code-of-condcut' does not exist (no $KSRC/Documentation/process/code-of-condcut.rst); did you mean 'code-of-conduct'?
$KSRC/$idx:$toctree:1: note: so the code of conduct ('code-of-conduct') is not linked from any toctree of this index
ERR

# Every Sphinx build that reads the process documents stops before Sphinx.
for dirs in "" process "networking process"; do
	for t in "${targets[@]}"; do
		run kmake "$t" ${dirs:+SPHINXDIRS="$dirs"}
		[ "$RUN_STATUS" != 0 ] || fail "$t SPHINXDIRS='$dirs' succeeded on a broken index"
		! sphinx_ran || fail "$t SPHINXDIRS='$dirs': Sphinx ran although the check failed"
		grep -v '^make' "$TEST_TMP/run.err" | diff -u "$TEST_TMP/broken.err" - ||
			fail "$t SPHINXDIRS='$dirs': not the checker's diagnostics"
		echo "ok $t SPHINXDIRS='$dirs' stops"
	done
done

# The paths resolve from the directory make enters: with O= elsewhere
# ($(srctree) absolute) and with O= inside the source tree (then "..").
resolve_from() {	# DIR: every file the last run names exists from DIR
	local paths p
	paths=$(grep -v '^make' "$TEST_TMP/run.err" | cut -d: -f1 | sort -u)
	[ -n "$paths" ] || fail "no diagnostics to resolve"
	for p in $paths; do
		(cd "$1" && [ -f "$p" ]) || fail "'$p' does not resolve from $1"
	done
}
run kmake checkconduct
resolve_from "$obj"
inner=$KSRC/build-guard-test
on_exit "rm -rf '$inner'"
run make --no-print-directory -C "$KSRC" O="$inner" checkconduct
grep -q "^\.\./$idx:$entry:4: error: " "$TEST_TMP/run.err" ||
	{ cat "$TEST_TMP/run.err"; fail "O= inside the tree: no ../ path"; }
resolve_from "$inner"
echo "ok paths resolve from the build directory"

# Builds that do not read Documentation/process/ are not its business.
run kmake htmldocs SPHINXDIRS=networking
[ "$RUN_STATUS" = 0 ] || { cat "$TEST_TMP/run.err"; fail "SPHINXDIRS=networking failed on a broken process index"; }
sphinx_ran || fail "SPHINXDIRS=networking: Sphinx did not run"
! guard_ran || fail "SPHINXDIRS=networking ran the check"
echo "ok SPHINXDIRS=networking is left alone"

# CHECKCONDUCT=0 skips the check.
run kmake htmldocs CHECKCONDUCT=0
if [ "$RUN_STATUS" != 0 ] || ! sphinx_ran || guard_ran; then
	fail "CHECKCONDUCT=0 did not skip the check"
fi
echo "ok CHECKCONDUCT=0"

# Without a host compiler, CHECKCONDUCT=0 lets the Sphinx builds run; and
# a build that does not read Documentation/process/ needs none.
run kmake htmldocs HOSTCC=no-such-cc CHECKCONDUCT=0
if [ "$RUN_STATUS" != 0 ] || ! sphinx_ran || guard_ran; then
	cat "$TEST_TMP/run.err"
	fail "htmldocs without a host compiler, CHECKCONDUCT=0, failed"
fi
run kmake htmldocs HOSTCC=no-such-cc SPHINXDIRS=networking
if [ "$RUN_STATUS" != 0 ] || ! sphinx_ran; then
	cat "$TEST_TMP/run.err"
	fail "SPHINXDIRS=networking without a host compiler failed"
fi
echo "ok no host compiler: CHECKCONDUCT=0"

# The switch takes 0 or 1; any other value is an error that names it.
for bad in CHECKCONDUCT=yes CHECKCONDUCT=2; do
	run kmake htmldocs "$bad"
	[ "$RUN_STATUS" != 0 ] || fail "$bad was taken"
	grep -q "${bad%=*} must be 0 or 1, not '${bad#*=}'" "$TEST_TMP/run.err" ||
		{ cat "$TEST_TMP/run.err"; fail "$bad: no error that names it"; }
	! sphinx_ran || fail "$bad: Sphinx ran"
done
echo "ok CHECKCONDUCT: 0 or 1"

# Without Sphinx, the doc targets do as before the series: the tree's
# sphinx-pre-install prints its hints, then, if it succeeds, a SKIP line
# (7.3's fails when SPHINXBUILD does not run, and so does the target).
# shellcheck disable=SC2016 # $(srctree) is make's, in the Makefile
preinstall=$(sed -n 's|^\t@$(srctree)/\(.*sphinx-pre-install\)$|\1|p' "$KSRC/Documentation/Makefile")
[ -n "$preinstall" ] || fail "no sphinx-pre-install in the .DEFAULT rule of Documentation/Makefile"
hints=0
(cd "$KSRC" && SPHINXBUILD=no-such-sphinx "./$preinstall") >/dev/null 2>&1 || hints=$?
run make --no-print-directory -C "$KSRC" O="$obj" htmldocs SPHINXBUILD=no-such-sphinx
! guard_ran || fail "the check ran without Sphinx"
if [ "$hints" = 0 ]; then
	[ "$RUN_STATUS" = 0 ] || fail "htmldocs without Sphinx failed"
	grep -qx '  SKIP    Sphinx htmldocs target.' "$TEST_TMP/run.out" || fail "no SKIP line without Sphinx"
else
	[ "$RUN_STATUS" != 0 ] || fail "htmldocs without Sphinx succeeded, although $preinstall fails"
fi
echo "ok no Sphinx: hints, status $RUN_STATUS as $preinstall says"

# CHECKCONDUCT=0 from the environment too (the index is still broken).
CHECKCONDUCT=0 run kmake htmldocs
if [ "$RUN_STATUS" != 0 ] || ! sphinx_ran || guard_ran; then
	cat "$TEST_TMP/run.err"
	fail "CHECKCONDUCT=0 in the environment did not skip the check"
fi
kgit checkout -q -- "$idx"
echo "ok CHECKCONDUCT=0 from the environment"

# The guard and make checkconduct judge for the Sphinx that runs next, as
# its --version says, and without Sphinx for every version the checker
# knows: a toctree's :class: (Sphinx 7.4 on) stops 7.3's build only.
fake_sphinx() {	# VERSION: a stand-in for sphinx-build VERSION
	cat >"$TEST_TMP/sphinx-$1" <<EOF
#!/bin/sh
[ "\$1" != --version ] || { echo "sphinx-build $1"; exit 0; }
echo "FAKE-SPHINX \$*"
EOF
	chmod +x "$TEST_TMP/sphinx-$1"
}
fake_sphinx 7.4.0
fake_sphinx 7.3.7
sed -i "${toctree}a\\   :class: guard-test" "$KSRC/$idx"
run kmake htmldocs SPHINXBUILD="$TEST_TMP/sphinx-7.4.0"
if [ "$RUN_STATUS" != 0 ] || ! sphinx_ran || [ -s "$TEST_TMP/run.err" ]; then
	cat "$TEST_TMP/run.err"
	fail "Sphinx 7.4: the guard did not take the toctree's :class:"
fi
run kmake htmldocs SPHINXBUILD="$TEST_TMP/sphinx-7.3.7"
if [ "$RUN_STATUS" = 0 ] || sphinx_ran ||
	! grep -q "^$KSRC/$idx:$((toctree + 1)):4: error: toctree option ':class:' is not an option of 'toctree'" \
		"$TEST_TMP/run.err"; then
	cat "$TEST_TMP/run.err"
	fail "Sphinx 7.3: the guard let the toctree's :class: through"
fi
run kmake checkconduct SPHINXBUILD=no-such-sphinx
if [ "$RUN_STATUS" != 0 ] ||
	! grep -q "^$KSRC/$idx:$((toctree + 1)):4: warning: option ':class:' of 'toctree' is unknown to Sphinx before 7.4\$" \
		"$TEST_TMP/run.err"; then
	cat "$TEST_TMP/run.err"
	fail "make checkconduct without Sphinx: no warning naming the versions"
fi
kgit checkout -q -- "$idx"
echo "ok the Sphinx that runs next"
