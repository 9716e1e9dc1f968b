#!/bin/bash
# A full "make htmldocs" of a pristine Debian tree, for comparing what
# Sphinx reports with "checkconduct --all" (README: Beyond the process
# index).  Takes long: run it in the background.
#
#	scripts/full-htmldocs.sh TARBALL
#
# extracts TARBALL under $BUILD/fulldocs/ and logs to
# $BUILD/logs/full-htmldocs-<name>.log.  FULL_BUILDER=dummy resolves every
# reference as the html build does but writes nothing: a quarter of the
# time, and the same warnings.
. "$(dirname "$0")/env.sh"
set -eu

tar=$1
name=$(basename "$tar" .tar.xz)
dir=$BUILD/fulldocs
log=$BUILD/logs/full-htmldocs-$name.log
mkdir -p "$dir" "$BUILD/logs"
[ -d "$dir/$name" ] || tar -C "$dir" -xf "$tar"
start=$(date +%s)
status=0
nice -n 10 make -C "$dir/$name" O="$dir/$name-out" \
	SPHINXOPTS="-q -b ${FULL_BUILDER:-html}" htmldocs >"$log" 2>&1 || status=$?
echo "full-htmldocs: $name: exit $status after $(($(date +%s) - start)) s" | tee -a "$log"
