# A pattern of many stars against a long name is matched at once (trying
# each way the stars could match took minutes): the 200-letter name that
# ends in c.json is excluded, the other is linted.  A hang is the failure
# (timeout's status 124), not the time.
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
mkdir "$t/.git"
printf '{"exclude": ["*a*a*a*a*a*a*a*a*ac.json"]}\n' >"$t/.dgslint.json"
a=$(awk 'BEGIN { while (n++ < 200) printf "a" }')
echo '{}' >"$t/$a.json"
echo '{}' >"$t/${a}c.json"
cd "$t" || exit 2
timeout 20 "$DGSLINT" --color never -v . >out.txt 2>&1
rc=$?
sed "s/$a/(200 a)/" out.txt
exit $rc
