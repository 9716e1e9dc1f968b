#!/bin/bash
# make checkconduct on a machine with a compiler but neither Python nor Sphinx
#
# The case for a C program (issue 35): "make checkconduct" needs only what
# Kbuild already uses, so a CI bot that builds kernels without Sphinx can
# run it.  Here it runs with O= a scratch directory and a PATH that is a
# directory of symlinks to exactly the programs the build runs from PATH
# (TOOLS below; a missing one makes the build fail), and
#
#  - python3, python and sphinx-build are not on that PATH (command -v);
#  - in a mount namespace of its own, every Python interpreter and
#    sphinx-build of this machine, by whatever path, is covered by a
#    tripwire that logs its call and fails;
#  - strace sees every system call that names a file: no execve may fail
#    (a program looked up and not found, by its path or by make), no path
#    may name a Python interpreter, even one only looked for (a shell
#    looks a command up with stat(): "$(shell python3 ... || true)" would
#    not show otherwise), and sphinx-build may only be looked for, as
#    Documentation/Makefile does (HAVE_SPHINX: "which sphinx-build",
#    found nowhere), never run.
#
# It must succeed with exactly Kbuild's quiet lines, from scratch and then
# with nothing to rebuild, and report a broken toctree entry of the
# process index as it does with Python around.
# bases: each
. "$TOP/selftests/lib.sh"

# What the build runs through PATH: make, the compiler and the assembler
# and linker gcc runs; the coreutils of Kbuild's recipes and $(shell)s
# (uname, sed, getconf, head, cat, mkdir, rm, echo); which, with which
# Documentation/Makefile looks for sphinx-build.  /bin/sh is named by its
# path (make's SHELL), cc1 and collect2 are found by gcc in its own
# directory.
TOOLS="make gcc as ld uname sed getconf head cat mkdir rm echo which"
# What must not be reachable.
ABSENT="python3 python sphinx-build"

STRACE=$(command -v strace) || fail "strace is not installed"
bin=$TEST_TMP/bin
obj=$TEST_TMP/obj
mkdir "$bin" "$obj"
for tool in $TOOLS; do
	path=$(type -P "$tool") || fail "$tool is not installed"
	ln -s "$path" "$bin/$tool"
done
for name in $ABSENT; do
	if PATH=$bin command -v "$name" >/dev/null; then
		fail "$name is reachable through $bin"
	fi
done

# The tripwires: every python* and sphinx-build in the usual directories,
# and whatever python3, python or sphinx-build this test's own PATH (and
# the invoking user's, e.g. a version manager's shims) would run, by real
# path.
wire=$TEST_TMP/tripwire
calls=$TEST_TMP/tripwire.log
: >"$calls"
# shellcheck disable=SC2016 # expanded when the tripwire runs
printf '#!/bin/sh\necho "$0 $*" >>%s\nexit 127\n' "$calls" >"$wire"
chmod 755 "$wire"
mapfile -t covered < <(
	{
		for name in $ABSENT; do
			which -a "$name" 2>/dev/null || true
		done
		ls -d /usr/bin/python* /usr/local/bin/python* /usr/bin/sphinx-* \
			/usr/local/bin/sphinx-* 2>/dev/null || true
	} | while read -r f; do
		f=$(realpath -e "$f" 2>/dev/null) || continue
		[ -f "$f" ] && [ -x "$f" ] && echo "$f"
	done | sort -u
)
echo "tripwires over: ${covered[*]:-(none: no Python or Sphinx on this machine)}"

# nopy_make ARGS...: make -C $KSRC O=$obj ARGS with that PATH and nothing
# else in the environment, the tripwires in place, under strace.
nopy_make() {
	# shellcheck disable=SC2016 # expanded by the inner bash
	unshare -m bash -c '
		wire=$1 trace=$2 bin=$3 strace=$4
		shift 4
		while [ "$1" != -- ]; do
			mount --bind "$wire" "$1" || exit 125
			shift
		done
		shift
		exec env -i PATH="$bin" "$strace" -f -qq -s 256 \
			-e trace=%file \
			-o "$trace" make --no-print-directory "$@"
	' bash "$wire" "$TEST_TMP/strace.log" "$bin" "$STRACE" "${covered[@]}" -- \
		-C "$KSRC" O="$obj" "$@"
}

# check_trace: what the last nopy_make ran, judged.
check_trace() {
	local bad
	[ -s "$TEST_TMP/strace.log" ] || fail "strace logged nothing"
	[ ! -s "$calls" ] || { cat "$calls"; fail "a tripwire was run: Python or Sphinx was called"; }
	bad=$(grep -E '^[0-9]+ +execve(at)?\(.* = -1 ' "$TEST_TMP/strace.log" || true)
	[ -z "$bad" ] || { echo "$bad"; fail "the build looked for a program it could not run"; }
	bad=$(grep -E '"([^"]*/)?python[0-9.]*"' "$TEST_TMP/strace.log" || true)
	[ -z "$bad" ] || { echo "$bad"; fail "the build looked for Python"; }
	bad=$(grep -E '^[0-9]+ +execve(at)?\("[^"]*sphinx' "$TEST_TMP/strace.log" || true)
	[ -z "$bad" ] || { echo "$bad"; fail "the build ran Sphinx"; }
	grep -c ' execve(' "$TEST_TMP/strace.log" | sed 's/^/programs run: /'
}

# From scratch: Kbuild's quiet lines, and nothing else.
objs=$(grep -o '[a-z_]*\.o' "$KSRC/scripts/checkconduct/Makefile")
[ "$(echo "$objs" | wc -l)" -ge 5 ] || fail "checkconduct-objs lists only: $objs"
{
	echo "  HOSTCC  scripts/basic/fixdep"
	for o in $objs; do echo "  HOSTCC  scripts/checkconduct/$o"; done
	echo "  HOSTLD  scripts/checkconduct/checkconduct"
	echo "  CHKCOC  Documentation/process"
} >"$TEST_TMP/scratch.out"
expect_run "$TEST_TMP/scratch" nopy_make checkconduct
check_trace
[ -x "$obj/scripts/checkconduct/checkconduct" ] || fail "no $obj/scripts/checkconduct/checkconduct"

# Again: nothing to rebuild, the check alone.
echo "  CHKCOC  Documentation/process" >"$TEST_TMP/again.out"
expect_run "$TEST_TMP/again" nopy_make checkconduct
check_trace

# A broken entry: the checker's error, make fails.
idx=Documentation/process/index.rst
on_exit 'kgit checkout -q -- Documentation/process/index.rst'
line=$(grep -nx '   submitting-patches' "$KSRC/$idx" | cut -d: -f1)
[ -n "$line" ] || fail "no entry submitting-patches in $KSRC/$idx"
sed -i 's/^   submitting-patches$/   submiting-patches/' "$KSRC/$idx"
cp "$TEST_TMP/again.out" "$TEST_TMP/broken.out"
run nopy_make checkconduct
check_trace
[ "$RUN_STATUS" != 0 ] || fail "make checkconduct succeeded on a broken index"
diff -u "$TEST_TMP/broken.out" "$TEST_TMP/run.out" || fail "stdout on the broken index"
grep -qx "$KSRC/$idx:$line:4: error: toctree entry 'submiting-patches' does not exist (no $KSRC/Documentation/process/submiting-patches.rst); did you mean 'submitting-patches'?" \
	"$TEST_TMP/run.err" || { cat "$TEST_TMP/run.err"; fail "not the checker's error on the broken index"; }
kgit checkout -q -- "$idx"
echo "no-python: ok"
