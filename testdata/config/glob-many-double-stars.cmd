# Six double stars against files 48 directories deep are matched at once
# (trying each way they could match took minutes): x.json is excluded at
# every depth, y.json is not.  A hang is the failure (timeout's status
# 124), not the time.
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
mkdir "$t/.git"
printf '{"exclude": ["**/**/**/**/**/**/x.json"]}\n' >"$t/.dgslint.json"
d=$t
for i in $(seq 1 48); do
	d=$d/dir$i
	mkdir "$d"
	echo '{}' >"$d/x.json"
done
echo '{}' >"$d/y.json"
cd "$t" || exit 2
timeout 20 "$DGSLINT" --color never -v . >out.txt 2>&1
rc=$?
sed 's|\(dir1/\).*/\(dir48/\)|\1.../\2|' out.txt
exit $rc
