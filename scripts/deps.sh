#!/bin/bash
# make deps: install the Debian packages the project needs.
# Quiet when all are present; installs only the missing ones.
set -eu

PACKAGES=(
	linux-source-6.1 linux-source-6.12	# the kernel trees
	gcc make git xz-utils flex bison bc libelf-dev libssl-dev	# kernel build
	python3-sphinx python3-sphinx-rtd-theme	# make htmldocs
	python3-yaml	# 6.12's htmldocs: the netlink specifications
	qemu-system-x86 busybox-static cpio	# boot
	valgrind clang libclang-rt-14-dev	# sanitizers, fuzzing
	strace time	# hostile inputs: what the checker opens, its memory, its work
	python3-ply python3-git	# checkpatch.pl (spdxcheck.py)
	shellcheck hyperfine	# selftests, benchmark
)

installed() {
	[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

missing=()
for pkg in "${PACKAGES[@]}"; do
	installed "$pkg" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "deps: missing Debian packages: ${missing[*]}" >&2
	echo "deps: run 'make deps' as root, or: sudo apt-get install ${missing[*]}" >&2
	exit 1
fi

echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get -q update
apt-get -q -y -o DPkg::Lock::Timeout=600 install --no-install-recommends "${missing[@]}"
