# A file and a hard link to it are one document of the run, as a
# file named by two paths is (issue 38: the two were reported as
# configuring the same columns, DGS881); each name is still linted.
. ./tmp.sh
cp ../docset/fixtures/repo/replacements/a-email.json "$T/a.json"
cd "$T" || exit 2
ln a.json b.json
"$DGSLINT" --no-config .; echo "exit $?"
cp a.json c.json
"$DGSLINT" --no-config . 2>&1 | grep -c DGS881
