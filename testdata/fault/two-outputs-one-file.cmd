# Two outputs to one file, by any names, are refused before either is
# written (they would interleave into a file valid as neither).
. ./tmp.sh
cp docs/warn.json "$T/warn.json"
cd "$T" || exit 2
echo old >r.json
ln -s r.json l.json
"$DGSLINT" -f json -o r.json -f sarif -o ./r.json warn.json; echo "exit $?"
"$DGSLINT" -f json -o r.json -f sarif -o l.json warn.json; echo "exit $?"
"$DGSLINT" -f json -o new.json --write-baseline new.json warn.json
echo "exit $?"
cat r.json
test -e new.json || echo "new.json was not made"
