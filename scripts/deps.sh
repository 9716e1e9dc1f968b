#!/bin/bash
# make deps: install the Debian packages the project needs, and fetch the
# kernel sources that Debian 12 has in none of its suites.
# Quiet when all are present; installs only the missing ones.
set -eu
. "$(dirname "$0")/env.sh"

PACKAGES=(
	linux-source-6.1 linux-source-6.12	# the kernel trees
	gcc make git xz-utils flex bison bc libelf-dev libssl-dev	# kernel build
	python3-sphinx python3-sphinx-rtd-theme	# make htmldocs
	python3-yaml	# 6.12's and 7.3's htmldocs: the netlink specifications
	qemu-system-x86 busybox-static cpio	# boot
	valgrind clang libclang-rt-14-dev	# sanitizers, fuzzing
	strace time	# hostile inputs: what the checker opens, its memory, its work
	python3-ply python3-git	# checkpatch.pl (spdxcheck.py)
	shellcheck hyperfine	# selftests, benchmark
)

# Kernel sources from a newer Debian suite, as "PACKAGE SUITE": only the
# tarball is wanted (/usr/src/PACKAGE.tar.xz), not the package installed.
FOREIGN_SOURCES=(
	"linux-source-7.3 trixie-backports"
)

die() { echo "deps: $*" >&2; exit 1; }

installed() {
	[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]
}

install_missing() {
	local missing=() pkg
	for pkg in "${PACKAGES[@]}"; do
		installed "$pkg" || missing+=("$pkg")
	done
	[ ${#missing[@]} -eq 0 ] && return 0

	if [ "$(id -u)" -ne 0 ]; then
		echo "deps: missing Debian packages: ${missing[*]}" >&2
		die "run 'make deps' as root, or: sudo apt-get install ${missing[*]}"
	fi
	echo "deps: installing ${missing[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get -q update
	DEBIAN_FRONTEND=noninteractive apt-get -q -y -o DPkg::Lock::Timeout=600 \
		install --no-install-recommends "${missing[@]}"
}

# The archive this machine takes bookworm from, as "URI KEYRING" (KEYRING
# empty when the entry names none): from the one-line sources.list format
# ("deb [signed-by=K] URI bookworm main") or the deb822 .sources files
# (stanzas of "Types:", "URIs:", "Suites:", "Signed-By:").
bookworm_archive() {
	local lists=() f
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] && lists+=("$f")
	done
	if [ ${#lists[@]} -gt 0 ]; then
		awk '$1 == "deb" {
			key = ""
			i = 2
			if ($2 ~ /^\[/) {
				for (; i <= NF; i++) {
					if ($i ~ /^\[?signed-by=/) {
						key = $i
						sub(/^\[?signed-by=/, "", key)
						sub(/\]$/, "", key)
					}
					if ($i ~ /\]$/)
						break
				}
				i++
			}
			if ($(i + 1) == "bookworm") {
				print $i, key
				exit
			}
		}' "${lists[@]}"
	fi
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk 'function flush() {
			if (types ~ /(^| )deb( |$)/ && suites ~ /(^| )bookworm( |$)/) {
				split(uris, u, " ")
				print u[1], key
				found = 1
				exit
			}
			types = uris = suites = key = ""
		}
		/^[ \t]*$/ { flush(); next }
		/^#/ { next }
		{
			field = tolower($1)
			value = $0
			sub(/^[^:]*:[ \t]*/, "", value)
			if (field == "types:") types = value
			else if (field == "uris:") uris = value
			else if (field == "suites:") suites = value
			else if (field == "signed-by:") key = value
		}
		END { if (!found) flush() }' "$f"
	done
}

# fetch_source PACKAGE SUITE: /usr/src/PACKAGE.tar.xz from PACKAGE of
# SUITE, downloaded with this machine's apt-get but a sources list, package
# lists and cache of our own ($BUILD/apt): the system's apt configuration
# and state are left as they are.
fetch_source() {
	local pkg=$1 suite=$2 tar=/usr/src/$1.tar.xz dir=$BUILD/apt archive uri key
	local apt
	[ -f "$tar" ] && return 0
	[ "$(id -u)" -eq 0 ] || die "no $tar: run 'make deps' as root to fetch $pkg from $suite"
	archive=$(bookworm_archive | head -n 1)
	[ -n "$archive" ] || die "no bookworm entry in /etc/apt/sources.list{,.d/}: where is Debian's archive?"
	read -r uri key <<<"$archive"
	key=${key:-/usr/share/keyrings/debian-archive-keyring.gpg}

	echo "deps: fetching $pkg from $uri $suite (for $tar)"
	rm -rf "$dir"
	mkdir -p "$dir/lists/partial" "$dir/cache/archives/partial" "$dir/sources.list.d" "$dir/deb"
	echo "deb [signed-by=$key] $uri $suite main" >"$dir/sources.list"
	apt=(-q -o "Dir::Etc::SourceList=$dir/sources.list"
		-o "Dir::Etc::SourceParts=$dir/sources.list.d"
		-o "Dir::State::Lists=$dir/lists" -o "Dir::Cache=$dir/cache")
	apt-get "${apt[@]}" update >"$dir/update.log" 2>&1 ||
		{ cat "$dir/update.log" >&2; die "apt-get update of $suite failed"; }
	(cd "$dir/deb" && apt-get "${apt[@]}" download "$pkg") >"$dir/download.log" 2>&1 ||
		{ cat "$dir/download.log" >&2; die "apt-get download $pkg failed"; }
	dpkg-deb -x "$dir/deb/$pkg"_*.deb "$dir/root"
	[ -f "$dir/root$tar" ] || die "$pkg has no $tar"
	mv "$dir/root$tar" "$tar.tmp"
	mv "$tar.tmp" "$tar"
	echo "deps: $tar: $(dpkg-deb -f "$dir/deb/$pkg"_*.deb Version)"
	rm -rf "$dir"
}

install_missing
for source in "${FOREIGN_SOURCES[@]}"; do
	# shellcheck disable=SC2086 # "PACKAGE SUITE"
	fetch_source $source
done
