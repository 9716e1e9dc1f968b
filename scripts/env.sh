#!/bin/bash
# The one place that knows where things are.  Every script sources it:
#
#	. "$(dirname "$0")/env.sh"
#
# and the Makefile runs every script through it ("scripts/env.sh CMD ARGS"),
# so TOP, BUILD, KSRC_TAR and KSRC are always set, absolute and exported.
#
#   TOP       the project repository (found from this file, never inherited)
#   BUILD     everything generated (default $TOP/build)
#   KSRC_TAR  the Debian kernel tarball (default linux-source-6.1)
#   KSRC      the kernel tree made from it: $BUILD/src/<tarball name>
#   BASE      its version as Debian names the package: 6.1, 6.12, 7.3
#   SERIES    the series for that base: $TOP/patches/$BASE
#   COVER     the text of its cover letter: $TOP/series/$BASE/cover-letter.txt
#   KOBJ      the out-of-tree builds of that base: $BUILD/obj/$BASE
#   BASES     every base the project has a series for (make test covers each)

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=$(realpath -m "${BUILD:-$TOP/build}")
KSRC_TAR=$(realpath -m "${KSRC_TAR:-/usr/src/linux-source-6.1.tar.xz}")
KSRC=$BUILD/src/$(basename "$KSRC_TAR" .tar.xz)
BASE=${KSRC##*/linux-source-}
SERIES=$TOP/patches/$BASE
COVER=$TOP/series/$BASE/cover-letter.txt
KOBJ=$BUILD/obj/$BASE
BASES="6.1 6.12 7.3"
export TOP BUILD KSRC_TAR KSRC BASE SERIES COVER KOBJ BASES

# Bookkeeping of scripts/prepare-tree.sh and scripts/export-series.sh.
# shellcheck disable=SC2034 # used by the scripts that source this file
{
	KSRC_STAMP=$KSRC.stamp	# the tarball (path size mtime) the tree was made from
	KSRC_HEAD=$KSRC.head	# the kernel commit patches/ was last applied or exported at
}

# The kernel's Python tools (checkpatch's spdxcheck, Sphinx) need Debian's
# python3 and its modules, not a python3 that a version manager put first.
PATH=/usr/bin:/bin:$PATH
export PATH

# Our make's command-line variables (BUILD=...) must not reach the kernel's make.
unset MAKEFLAGS MFLAGS MAKELEVEL

# git in the kernel tree, deaf to the user's ~/.gitconfig and /etc/gitconfig
# (format.*, am.*, commit.gpgsign ...), so its output depends on the tree only.
kgit() {
	GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 git -C "$KSRC" "$@"
}

# Run as a program: "scripts/env.sh CMD ARGS..." runs CMD in this environment.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	set -eu
	exec "$@"
fi
