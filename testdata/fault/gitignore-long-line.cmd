# A .gitignore line of any length is one line (issue 38): a comment
# whose tail "*.json" began past 4,095 bytes hid every document ("no
# *.json files found", exit 0), where git ignores nothing; a pattern
# line of 100,000 bytes, and 20,000 lines, are read whole.
. ./tmp.sh
r=$T/repo
mkdir -p "$r/conf"
git init -q "$r" || exit 2
cp docs/warn.json "$r/conf/a.json"
awk 'BEGIN {
	printf "# "
	for (i = 0; i < 4092; i++) printf "x"
	print " *.json"
	for (i = 0; i < 100000; i++) printf "y"
	print ".json"
	for (i = 0; i < 20000; i++) printf "build-%d/\n", i
}' >"$r/.gitignore"
cd "$r" || exit 2
git status --porcelain --ignored | sort
"$DGSLINT" -q .; echo "exit $?"
