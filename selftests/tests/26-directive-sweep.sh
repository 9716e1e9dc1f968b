#!/bin/bash
# The directive sweep: for every directive of the registries, a toctree in
# its content, right after it, and in it when an argument is missing or
# one too many, or an option unknown, and, with its content and without,
# before the ":orphan:" of a document's docinfo (so that it must leave
# nothing docutils' DocInfo transform stops at), and with a :ref: to no
# label wherever it reads inline text, built by Sphinx 5.3 with this base's
# conf.py and compared with the checker (selftests/conformance/sweep.py).
# The only differences allowed are those in sweep-<base>.expected: Sphinx
# dying in one of the kernel's extensions, which the checker does not run,
# and errors a directive's run() finds in what it is given (a file it
# reads that does not exist, a role without a name, a meta directive
# without fields, a csv-table without data), after which docutils still finds the docinfo: the
# checker does not look (the doc page says so).  On 7.3 also what the
# checker does not know yet of maintainers-profile-toc (issue 36, part B):
# the hidden toctree and the :doc: links it makes from MAINTAINERS' P:
# entries, which Sphinx reports at MAINTAINERS.
# long: about a minute of Sphinx builds
# bases: each
. "$TOP/selftests/lib.sh"

checker=$("$TOP/scripts/build-checker.sh")
expected=$TOP/selftests/conformance/sweep-$BASE.expected
[ -f "$expected" ] || fail "no $expected"
nice -n 5 /usr/bin/python3 "$TOP/selftests/conformance/sweep.py" \
	--checker "$checker" "$KSRC" "$TEST_TMP/sweep" >"$TEST_TMP/diff" \
	2>"$TEST_TMP/sweep.err" && status=0 || status=$?
tail -n 1 "$TEST_TMP/sweep.err"
[ "$status" -le 1 ] || fail "sweep.py failed: $(tail -n 5 "$TEST_TMP/sweep.err")"
read -r _ directives _ documents _ < <(tail -n 1 "$TEST_TMP/sweep.err")
if [ "$directives" -lt 100 ] || [ "$documents" -lt 400 ]; then
	fail "the sweep covered only $directives directives, $documents documents"
fi
if ! diff -u "$expected" "$TEST_TMP/diff"; then
	fail "the checker and Sphinx differ on directives other than as $expected says (+: now)"
fi
echo "$(wc -l <"$expected") differences, all expected"
