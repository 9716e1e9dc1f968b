#!/bin/bash
# The initramfs that make boot runs the kernel with:
#
#	scripts/mkinitramfs.sh [BZIMAGE]
#
# packs Debian's busybox-static, the static checker from $KSRC, the documents
# it reads, initramfs/init and what init expects (/expected: the release and
# version banner of BZIMAGE, default the one scripts/build-kernel.sh builds;
# per mutation of Documentation/process/index.rst, the sed script and the
# checker's diagnostic and exit status on the host).  Prints the cpio's path.
. "$(dirname "$0")/env.sh"
set -eu

kernel=${1:-$KOBJ/kernel/arch/x86/boot/bzImage}
root=$KOBJ/initramfs
out=$KOBJ/initramfs.cpio
die() { echo "mkinitramfs: $*" >&2; exit 1; }

[ -f "$kernel" ] || die "no kernel $kernel (run scripts/build-kernel.sh)"
checker=$("$TOP/scripts/build-checker.sh" static)
rm -rf "$root"
mkdir -p "$root"/{bin,dev,proc,sys,tmp,expected,src/Documentation}

cp /bin/busybox "$root/bin/busybox"
/bin/busybox --list | grep -vx busybox | while read -r a; do ln -s busybox "$root/bin/$a"; done
cp "$checker" "$root/bin/checkconduct"
cp "$TOP/initramfs/init" "$root/init"

# Documentation/process and the documents outside it that its toctrees
# list with "../" (6.1: two; 6.12: none).
docs=(process)
while IFS= read -r doc; do
	docs+=("${doc%.rst}.rst")
done < <(sed -n 's|^ \+\.\./\([^ ]\+\)$|\1|p' "$KSRC"/Documentation/process/*.rst | sort -u)
(cd "$KSRC/Documentation" && cp -a --parents "${docs[@]}" "$root/src/Documentation/")
"$checker" --srctree "$root/src" || die "the checker fails on the packed tree $root/src"

# The version banner of the bzImage (setup header: a pointer at 0x20e,
# relative to 0x200) names the release and the build's compile stamp.
ptr=$(od -An -tu2 -j$((0x20e)) -N2 "$kernel" | tr -d ' ')
banner=$(tail -c +$((ptr + 0x200 + 1)) "$kernel" | head -c 256 | tr '\0' '\n' | head -n 1)
release=${banner%% *}
[[ $release == *-checkconduct ]] || die "$kernel: release '$release' lacks -checkconduct (banner: $banner)"
[[ $banner == "$release ("*") #"* ]] || die "$kernel: unexpected version banner: $banner"
echo "$release" >"$root/expected/release"
echo "$banner" >"$root/expected/banner"

# mutation NAME SED REGEX: on a copy of the tree, SED on the process index
# makes the host checker exit 1 with a diagnostic matching REGEX (and maybe
# others); init wants exactly those diagnostics and that status in the guest.
mutation() {
	local tmp=$KOBJ/mutation.$1 status=0
	rm -rf "$tmp" && cp -a "$root/src" "$tmp"
	sed -i "$2" "$tmp/Documentation/process/index.rst"
	# from the tree itself: the file names do not depend on where it is
	(cd "$tmp" && "$checker") 2>"$root/expected/$1.err" || status=$?
	rm -rf "$tmp"
	if [ "$status" -ne 1 ] || ! grep -qxE "$3" "$root/expected/$1.err"; then
		die "mutation $1: want exit 1 and '$3', got exit $status and: $(cat "$root/expected/$1.err")"
	fi
	echo "$status" >"$root/expected/$1.status"
	echo "$2" >"$root/expected/$1.sed"
}
idx="Documentation/process/index.rst:[0-9]+:[0-9]+: error:"
mutation no-code-of-conduct '/^   code-of-conduct$/d' \
	"$idx the code of conduct \('code-of-conduct'\) is not linked from any toctree of this index"
mutation howtoo 's/^   howto$/   howtoo/' \
	"$idx toctree entry 'howtoo' does not exist \(no Documentation/process/howtoo.rst\); did you mean 'howto'\?"

(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --reproducible --quiet) >"$out.tmp"
mv "$out.tmp" "$out"
echo "$out"
