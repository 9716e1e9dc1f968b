#!/bin/bash
# Build scripts/checkconduct from the patched tree ($KSRC) outside Kbuild,
# for the tests, the initramfs and the fuzzer:
#
#	scripts/build-checker.sh [plain|asan|static]
#
# prints the path of the binary: $KOBJ/bin/checkconduct[-VARIANT].  The
# flags are the kernel's HOSTCFLAGS plus -Werror: a warning fails.
. "$(dirname "$0")/env.sh"
set -eu

variant=${1:-plain}
src=$KSRC/scripts/checkconduct.c
[ -f "$src" ] || { echo "build-checker: no $src (is the series applied?)" >&2; exit 1; }

hostcflags=(-Wall -Wmissing-prototypes -Wstrict-prototypes -O2
	-fomit-frame-pointer -std=gnu11 -Wdeclaration-after-statement
	-Werror -I"$KSRC/tools/include")
case $variant in
plain)	cc=(gcc) ;;
static)	cc=(gcc -static) ;;
asan)	cc=(clang -g -fno-omit-frame-pointer "-fsanitize=address,undefined"
		-fno-sanitize-recover=all) ;;
*)	echo "build-checker: unknown variant '$variant'" >&2; exit 2 ;;
esac

out=$KOBJ/bin/checkconduct
[ "$variant" = plain ] || out=$out-$variant
mkdir -p "$KOBJ/bin"
if [ ! -x "$out" ] || [ "$src" -nt "$out" ]; then
	"${cc[@]}" "${hostcflags[@]}" -o "$out.tmp" "$src"
	mv "$out.tmp" "$out"
fi
echo "$out"
