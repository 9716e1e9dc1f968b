#!/bin/bash
# The checker's table of directives (scripts/checkconduct/directives.c) is
# what docutils 0.19, Sphinx 5.3 and the extensions the kernel's conf.py
# loads register, on every base, line for line:
# selftests/conformance/sweep.py --registry-json prints each tree's
# registry (and what Sphinx does with a directive: where it resolves a
# role written into it ...), --merge their union, which is the table: a
# directive or option of any base, each with the extension that registers
# it, which the checker looks for in the tree it checks.  So an upgrade of
# docutils or Sphinx, or a new extension or option in a tree, shows here
# as the lines that differ.
. "$TOP/selftests/lib.sh"

src=$KSRC/scripts/checkconduct/directives.c
[ -f "$src" ] || fail "no $src"
# the initializer lines of directives[]: from its opening brace to "};"
sed -n '/^static const struct directive directives\[\] = {$/,/^};$/p' "$src" |
	sed '1d;$d' >"$TEST_TMP/table"
[ "$(grep -c '^	{ "' "$TEST_TMP/table")" -ge 100 ] ||
	fail "found only $(grep -c '^	{ "' "$TEST_TMP/table") directives in $src"
jsons=()
for base in $BASES; do
	tree=$BUILD/src/linux-source-$base
	[ -f "$tree/Documentation/conf.py" ] || fail "no tree of $base: $tree"
	/usr/bin/python3 "$TOP/selftests/conformance/sweep.py" --registry-json \
		"$tree" "$TEST_TMP/registry-$base.json" 2>"$TEST_TMP/registry.err" ||
		fail "sweep.py --registry-json $tree failed: $(tail -n 5 "$TEST_TMP/registry.err")"
	jsons+=("$TEST_TMP/registry-$base.json")
done
/usr/bin/python3 "$TOP/selftests/conformance/sweep.py" --merge "${jsons[@]}" \
	>"$TEST_TMP/registry" || fail "sweep.py --merge failed"
if ! diff -u "$TEST_TMP/table" "$TEST_TMP/registry"; then
	fail "the table of directives differs from the registries of $BASES (+: the registries)"
fi
echo "$(grep -c '^	{ "' "$TEST_TMP/table") directives, as registered on $BASES"

# And the tables that scripts/checkconduct/gen_tables.py prints from the
# Python and docutils here (punctuation and URI schemes, what str.lower()
# does, what NFC keeps): each file is what it prints, byte for byte.  The
# series' own "make testcheckconduct" does the same, but skips a table
# where other versions are installed; here they must be these.
for kind in case nfc punct; do
	table=$KSRC/scripts/checkconduct/$kind-table.h
	[ -f "$table" ] || fail "no $table"
	/usr/bin/python3 "$KSRC/scripts/checkconduct/gen_tables.py" "$kind" \
		>"$TEST_TMP/$kind.out" || fail "gen_tables.py $kind failed"
	if ! diff -u "$table" "$TEST_TMP/$kind.out"; then
		fail "$kind-table.h differs from what gen_tables.py $kind prints here (+: here)"
	fi
	echo "$kind-table.h: $(grep -c '0x\|"' "$table") lines of data, as gen_tables.py prints them"
done
