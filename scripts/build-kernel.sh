#!/bin/bash
# Build the patched kernel ($KSRC) out of tree in $KOBJ/kernel, from
# tinyconfig plus kconfig/boot.config, with -j2; re-runs are incremental.
# The make output goes to $BUILD/logs/kernel-build.log; prints the path of
# the bzImage on stdout.
. "$(dirname "$0")/env.sh"
set -eu

OBJ=$KOBJ/kernel
FRAGMENT=$TOP/kconfig/boot.config
LOG=$BUILD/logs/kernel-build.log
mkdir -p "$OBJ" "$BUILD/logs"
: >"$LOG"

# LOCALVERSION= (set, empty): no "+" for a tree that is not at a signed tag.
kmake() {
	make -C "$KSRC" O="$OBJ" ARCH=x86_64 LOCALVERSION= "$@" >>"$LOG" 2>&1 || {
		tail -n 30 "$LOG" >&2
		echo "build-kernel: make $* failed (log: $LOG)" >&2
		exit 1
	}
}

# The .config, made afresh each time; its date only moves when it changes.
start=$SECONDS
[ ! -f "$OBJ/.config" ] || cp -p "$OBJ/.config" "$OBJ/.config.prev"
kmake tinyconfig
"$KSRC/scripts/kconfig/merge_config.sh" -m -O "$OBJ" "$OBJ/.config" "$FRAGMENT" >>"$LOG" 2>&1
kmake olddefconfig
if [ -f "$OBJ/.config.prev" ] && cmp -s "$OBJ/.config" "$OBJ/.config.prev"; then
	mv "$OBJ/.config.prev" "$OBJ/.config"
fi
rm -f "$OBJ/.config.prev"

# Every line of the fragment made it into .config (Kconfig drops, silently,
# what it cannot set).
missing=0
while IFS= read -r line; do
	case $line in
	"# CONFIG_"*" is not set")
		sym=${line#\# }
		sym=${sym%% *}
		! grep -q "^$sym=" "$OBJ/.config" ;;
	CONFIG_*) grep -qxF -- "$line" "$OBJ/.config" ;;
	*) continue ;;
	esac || { echo "build-kernel: not in .config: $line" >&2; missing=1; }
done <"$FRAGMENT"
[ "$missing" -eq 0 ] || exit 1

kmake -j2 bzImage
release=$(make -s -C "$KSRC" O="$OBJ" ARCH=x86_64 LOCALVERSION= kernelrelease)
echo "build-kernel: $release built in $((SECONDS - start))s (log: $LOG)" >&2
echo "$OBJ/arch/x86/boot/bzImage"
