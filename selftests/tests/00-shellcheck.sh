#!/bin/bash
# Every shell script of the project is shellcheck-clean (.shellcheckrc applies).
. "$TOP/selftests/lib.sh"

cd "$TOP"
scripts=()
while IFS= read -r -d '' f; do
	[ -f "$f" ] || continue
	case $f in
	*.sh) scripts+=("$f") ;;
	*) head -n 1 "$f" | grep -qE '^#!(/usr)?/bin/(env )?(ba)?sh' && scripts+=("$f") ;;
	esac
done < <(git ls-files -z -co --exclude-standard)

[ ${#scripts[@]} -gt 5 ] || fail "found only ${#scripts[@]} shell scripts: ${scripts[*]}"
echo "shellcheck on ${#scripts[@]} scripts: ${scripts[*]}"
shellcheck -x "${scripts[@]}"
