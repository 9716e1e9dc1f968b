#!/bin/bash
# The checker's table of directives (scripts/checkconduct/directives.c) is
# what docutils 0.19, Sphinx 5.3 and the kernel's conf.py register, line
# for line: selftests/conformance/sweep.py --registry prints it from the
# registries themselves, so an upgrade of either, or a new extension in
# conf.py, shows here as the lines that differ.
# bases: each
. "$TOP/selftests/lib.sh"

src=$KSRC/scripts/checkconduct/directives.c
[ -f "$src" ] || fail "no $src"
# the initializer lines of directives[]: from its opening brace to "};"
sed -n '/^static const struct directive directives\[\] = {$/,/^};$/p' "$src" |
	sed '1d;$d' >"$TEST_TMP/table"
[ "$(grep -c '^	{ "' "$TEST_TMP/table")" -ge 100 ] ||
	fail "found only $(grep -c '^	{ "' "$TEST_TMP/table") directives in $src"
/usr/bin/python3 "$TOP/selftests/conformance/sweep.py" --registry "$KSRC" \
	>"$TEST_TMP/registry" 2>"$TEST_TMP/registry.err" ||
	fail "sweep.py --registry failed: $(tail -n 5 "$TEST_TMP/registry.err")"
if ! diff -u "$TEST_TMP/table" "$TEST_TMP/registry"; then
	fail "the table of directives differs from the registries of $BASE (+: the registries)"
fi
echo "$(grep -c '^	{ "' "$TEST_TMP/table") directives, as registered"
