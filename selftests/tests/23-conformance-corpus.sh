#!/bin/bash
# long: the checker against sphinx-build on the fixed corpus, 300 generated trees (about 4 min)
# The differential suite of selftests/conformance/ on a fixed corpus: the
# trees gen.py makes from seeds 0 to 299 (a tenth of them mutations of the
# real 6.1 process documents), each judged by Sphinx 5.3 in-process and
# by the checker, with and without --all (compare.py).
#
#  - Every tree must be checked, and none may disagree: what differs must
#    be one of the deviations the doc page documents (compare.py,
#    set_apart_deviations()), and there must be such trees, or the corpus
#    no longer covers them.
#  - Each tree's line of compare.py --digest (the checker's exit status
#    and output in both modes, Sphinx's records, hashed) must be the one
#    in selftests/conformance/corpus.expected: a change of any message,
#    line number or verdict shows here, even where both sides still agree.
#    After a deliberate change, CORPUS_UPDATE=1 rewrites that file.
. "$TOP/selftests/lib.sh"

COUNT=300
checker=$("$TOP/scripts/build-checker.sh")
# the real documents that gen.py mutates: 6.1's, whatever the base
real=$BUILD/src/linux-source-6.1
[ -f "$real/Documentation/process/index.rst" ] || fail "no 6.1 tree in $real"
conformance=$TOP/selftests/conformance
expected=$conformance/corpus.expected
out=$TEST_TMP/corpus

KSRC=$real nice -n 5 /usr/bin/python3 "$conformance/compare.py" \
	--checker "$checker" --out "$out" --seed 0 --count "$COUNT" \
	--digest "$out/digest.txt" >"$TEST_TMP/compare.log" 2>&1 ||
	fail "compare.py failed: $(tail -n 20 "$TEST_TMP/compare.log")"
cat "$out/summary.txt"

read -r trees disagreeing deviating < <(/usr/bin/python3 -c '
import json, sys
s = json.load(open(sys.argv[1]))
print(s["trees"], s["disagreeing"], s["deviating"])' "$out/summary.json")
[ "$trees" -eq "$COUNT" ] || fail "$trees trees checked, not $COUNT"
[ "$(wc -l <"$out/digest.txt")" -eq "$COUNT" ] ||
	fail "the digest has $(wc -l <"$out/digest.txt") lines, not $COUNT"
[ "$disagreeing" -eq 0 ] ||
	fail "$disagreeing trees disagree with Sphinx (cases in $out/cases/)"
[ "$deviating" -gt 0 ] ||
	fail "no tree shows a documented deviation: the corpus lost them"
# what Sphinx says of links is compared too: the corpus has each kind
for kind in ref-undefined ref-notitle doc-unknown dup-label dup-target path-unlinked only-expr; do
	n=$(/usr/bin/python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["kinds"].get(sys.argv[2], 0))' "$out/summary.json" "$kind")
	[ "$n" -gt 0 ] || fail "no Sphinx record of kind $kind in the corpus"
	echo "$kind: $n records of Sphinx, each matched by the checker"
done

if [ "${CORPUS_UPDATE:-0}" = 1 ]; then
	cp "$out/digest.txt" "$expected"
	echo "wrote $expected"
fi
diff -u "$expected" "$out/digest.txt" ||
	fail "the checker's output on the corpus changed (CORPUS_UPDATE=1 to accept)"
echo "$trees trees, no disagreement, $deviating with documented deviations only"
