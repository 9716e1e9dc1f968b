#!/bin/bash
# long: build the patched kernel (tinyconfig + kconfig/boot.config, -j2; about 5 min the first time)
# scripts/build-kernel.sh builds a bzImage named after the series, with every
# option of the fragment in its .config, incrementally on a re-run, and
# refuses a fragment option that Kconfig drops.
# bases: each
. "$TOP/selftests/lib.sh"

OBJ=$KOBJ/kernel
progress "building $KSRC in $OBJ (log: $BUILD/logs/kernel-build.log)"
start=$SECONDS
kernel=$("$TOP/scripts/build-kernel.sh")
progress "built in $((SECONDS - start))s"
expect_eq "$OBJ/arch/x86/boot/bzImage" "$kernel" "path printed"
[ -s "$kernel" ] || fail "no $kernel"
release=$(make -s -C "$KSRC" O="$OBJ" ARCH=x86_64 LOCALVERSION= kernelrelease)
expect_eq "$(make -s -C "$KSRC" kernelversion)-checkconduct" "$release" "kernel release"
grep -aqF "$release (" "$kernel" || fail "no version banner '$release (' in $kernel"

while IFS= read -r line; do
	case $line in
	CONFIG_*) grep -qxF -- "$line" "$OBJ/.config" || fail "not in .config: $line" ;;
	esac
done <"$TOP/kconfig/boot.config"
! grep -q '^CONFIG_LOCALVERSION_AUTO=' "$OBJ/.config" || fail "CONFIG_LOCALVERSION_AUTO set"

progress "re-running: nothing to rebuild"
before=$(stat -c %Y "$kernel" "$OBJ/.config" "$OBJ/vmlinux")
start=$SECONDS
"$TOP/scripts/build-kernel.sh" >/dev/null
expect_eq "$before" "$(stat -c %Y "$kernel" "$OBJ/.config" "$OBJ/vmlinux")" \
	"dates of bzImage, .config, vmlinux after a re-run"
progress "re-run in $((SECONDS - start))s"
grep -q 'is up to date\|is ready' "$BUILD/logs/kernel-build.log" || fail "odd build log"

progress "a fragment option that Kconfig drops is an error"
copy_project "$TEST_TMP/project"
echo "CONFIG_CHECKCONDUCT_NO_SUCH_OPTION=y" >>"$TEST_TMP/project/kconfig/boot.config"
run "$TEST_TMP/project/scripts/build-kernel.sh"
cat "$TEST_TMP/run.err"
expect_eq 1 "$RUN_STATUS" "exit status with a bogus fragment option"
grep -qxF "build-kernel: not in .config: CONFIG_CHECKCONDUCT_NO_SUCH_OPTION=y" "$TEST_TMP/run.err" ||
	fail "the bogus option is not reported"
expect_eq "$before" "$(stat -c %Y "$kernel" "$OBJ/.config" "$OBJ/vmlinux")" \
	"dates of bzImage, .config, vmlinux after the refused fragment"
