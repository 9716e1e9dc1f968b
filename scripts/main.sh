#!/bin/bash
# make (make all): what a kernel CI bot does with the series.  Each stage logs
# to $BUILD/logs/<stage>.log; a summary at the end.  A stage after a failed
# prerequisite is "skipped".
set -eu
. "$(dirname "$0")/env.sh"

LOGS=$BUILD/logs
mkdir -p "$LOGS"
summary=()
failed=0
broken=""	# the prerequisite that failed, if one did

report() {	# STAGE VERDICT [SECONDS]
	summary+=("$(printf '  %-13s %-24s %5s' "$1" "$2" "${3:+$3s}")")
}

# stage NAME CMD...: run CMD for stage NAME, output to its log.
stage() {
	local name=$1 log=$LOGS/$1.log start=$SECONDS
	shift
	if [ -n "$broken" ]; then
		report "$name" "skipped ($broken failed)"
		return 1
	fi
	echo "== $name (log: $log)"
	if "$@" >"$log" 2>&1; then
		report "$name" PASS $((SECONDS - start))
	else
		report "$name" FAIL $((SECONDS - start))
		failed=1
		tail -n 20 "$log" | sed 's/^/    /'
		return 1
	fi
}

stage deps "$TOP/scripts/deps.sh" || broken=${broken:-deps}
stage tree "$TOP/scripts/prepare-tree.sh" || broken=${broken:-tree}

stage checkconduct make -C "$KSRC" O="$KOBJ/check" -s checkconduct || true
stage htmldocs make -C "$KSRC" O="$KOBJ/docs" htmldocs SPHINXDIRS=process || true
stage kernel "$TOP/scripts/build-kernel.sh" || broken=${broken:-kernel}
stage boot "$TOP/scripts/boot.sh" || true

echo
echo "Summary (logs in $LOGS/):"
printf '%s\n' "${summary[@]}" | sed 's/ *$//'
exit "$failed"
