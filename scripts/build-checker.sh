#!/bin/bash
# Build scripts/checkconduct/checkconduct from the patched tree ($KSRC)
# outside Kbuild, for the tests, the initramfs and the fuzzer:
#
#	scripts/build-checker.sh [plain|asan|static]
#
# prints the path of the binary: $KOBJ/bin/checkconduct[-VARIANT].  The
# flags are the kernel's HOSTCFLAGS, the include paths of
# scripts/checkconduct/Makefile, and -Werror: a warning fails.
. "$(dirname "$0")/env.sh"
set -eu

variant=${1:-plain}
dir=$KSRC/scripts/checkconduct
[ -f "$dir/main.c" ] || { echo "build-checker: no $dir/main.c (is the series applied?)" >&2; exit 1; }

hostcflags=(-Wall -Wmissing-prototypes -Wstrict-prototypes -O2
	-fomit-frame-pointer -std=gnu11 -Wdeclaration-after-statement
	-Werror -I"$KSRC/scripts/include" -I"$KSRC/tools/include")
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
srcs=("$dir"/*.c)
if [ ! -x "$out" ] || [ -n "$(find "$dir" -newer "$out" -name '*.[ch]')" ]; then
	"${cc[@]}" "${hostcflags[@]}" -o "$out.tmp" "${srcs[@]}"
	mv "$out.tmp" "$out"
fi
echo "$out"
