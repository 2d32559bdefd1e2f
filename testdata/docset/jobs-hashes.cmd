# The workers of -j send a document's keys by their hashes alone; a
# document whose keys meet another's is linted again by the program, for
# the findings across documents, which are the same, byte for byte, as
# with -j 1: 240 files that each configure the column of the first file
# and one of their own, and the fixtures' lists and resolutions.
TMPDIR_WS=$(mktemp -d) || exit 2
trap 'rm -rf "$TMPDIR_WS"' EXIT
cp -R fixtures/repo "$TMPDIR_WS/repo" || exit 2
i=0
while [ $i -lt 240 ]; do
	n=$(printf '%03d' $i)
	cat >"$TMPDIR_WS/repo/replacements/f$n.json" <<DOC
[
  {"name": "own", "schema": "public", "table": "users",
   "links": [{"schema": "public", "table": "users", "column": "c$n",
     "metadata": {"generatorId": "NullGenerator"}}]},
  {"name": "email", "schema": "public", "table": "users",
   "links": [{"schema": "public", "table": "users", "column": "email",
     "metadata": {"generatorId": "EmailGenerator"}}]}
]
DOC
	i=$((i + 1))
done
cd "$TMPDIR_WS/repo" || exit 2
for f in text json sarif; do
	"$DGSLINT" --no-config -j 1 -f "$f" . >"$TMPDIR_WS/j1.$f" 2>&1
	for j in 2 4; do
		"$DGSLINT" --no-config -j "$j" -f "$f" . >"$TMPDIR_WS/j.$f" 2>&1
		cmp -s "$TMPDIR_WS/j1.$f" "$TMPDIR_WS/j.$f" ||
		    echo "-j $j differs from -j 1 in $f"
	done
done
echo "DGS881: $(grep -c DGS881 "$TMPDIR_WS/j1.text")"
grep -v DGS881 "$TMPDIR_WS/j1.text"
