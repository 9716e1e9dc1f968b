#!/bin/bash
# make boot: build the patched kernel (incrementally) and its initramfs, boot
# them in QEMU under a timeout, with the console saved in
# $BUILD/logs/boot-console.log, and judge the KTAP that /init prints there
# (scripts/ktap-verdict.sh).  BOOT_TIMEOUT (seconds, default 300) bounds the
# boot; KVM is used only if it really runs a guest here, else TCG
# (BOOT_ACCEL=tcg or kvm skips the probe).  The selftests boot the kernel
# already built with another initramfs: scripts/boot.sh [INITRAMFS].
. "$(dirname "$0")/env.sh"
set -eu

log=$BUILD/logs/boot-console.log
limit=${BOOT_TIMEOUT:-300}
if [ $# -eq 0 ]; then
	kernel=$("$TOP/scripts/build-kernel.sh")
	initrd=$("$TOP/scripts/mkinitramfs.sh" "$kernel")
else
	kernel=$KOBJ/kernel/arch/x86/boot/bzImage initrd=$1
fi
mkdir -p "$BUILD/logs"

qemu=(qemu-system-x86_64 -nographic -no-reboot -m 256 -nic none -kernel "$kernel"
	-initrd "$initrd" -append "console=ttyS0 panic=-1 quiet")

# KVM works if a guest started with it gets to print its KTAP within
# seconds (/dev/kvm can be there and still fail or hang the guest).
accel=${BOOT_ACCEL:-tcg}
if [ -z "${BOOT_ACCEL:-}" ] && [ -w /dev/kvm ] &&
	timeout 10 "${qemu[@]}" -accel kvm </dev/null 2>&1 | grep -q -m1 'KTAP version 1'; then
	accel=kvm
fi

echo "boot: $kernel with $initrd ($accel, timeout ${limit}s)"
start=$SECONDS
status=0
timeout "$limit" "${qemu[@]}" -accel "$accel" </dev/null >"$log" 2>&1 || status=$?
echo "boot: console log in $log ($((SECONDS - start))s)"
if [ "$status" -eq 124 ]; then
	echo "boot: FAIL: timed out after ${limit}s" >&2
	"$TOP/scripts/ktap-verdict.sh" "$log" || true
	exit 1
elif [ "$status" -ne 0 ]; then
	echo "boot: FAIL: qemu exited with status $status" >&2
	tail -n 5 "$log" >&2
	exit 1
fi
"$TOP/scripts/ktap-verdict.sh" "$log"
