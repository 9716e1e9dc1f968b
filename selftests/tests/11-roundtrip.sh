#!/bin/bash
# The series round-trips: in a copy of the project, "make tree && make export"
# leaves git status clean (patches/ written back byte for byte).
# bases: each
. "$TOP/selftests/lib.sh"

copy_project "$TEST_TMP/project"
make -s -C "$TEST_TMP/project" BUILD="$BUILD" KSRC_TAR="$KSRC_TAR" tree
make -s -C "$TEST_TMP/project" BUILD="$BUILD" KSRC_TAR="$KSRC_TAR" export
git -C "$TEST_TMP/project" status --porcelain >"$TEST_TMP/status"
if [ -s "$TEST_TMP/status" ]; then
	cat "$TEST_TMP/status"
	git -C "$TEST_TMP/project" diff --stat
	git -C "$TEST_TMP/project" diff | head -n 60
	fail "make tree && make export changed the project"
fi
