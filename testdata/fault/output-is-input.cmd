# An output that names a file the run reads is refused, exit 2, before
# anything is opened for writing, whatever the name: the file itself, a
# link to it, a document a walk found, a configuration, the --baseline.
. ./tmp.sh
cp docs/warn.json "$T/in.json"
ln -s in.json "$T/link.json"
mkdir "$T/d" && cp docs/warn.json "$T/d/a.json"
echo '{"failOn": "error"}' >"$T/.dgslint.json"
cd "$T" || exit 2
"$DGSLINT" -f json -o in.json in.json; echo "exit $?"
"$DGSLINT" -f json -o link.json in.json; echo "exit $?"
"$DGSLINT" -f sarif -o d/a.json d; echo "exit $?"
"$DGSLINT" -o .dgslint.json in.json; echo "exit $?"
"$DGSLINT" -q --write-baseline bl.json in.json; echo "exit $?"
"$DGSLINT" --baseline bl.json -f json -o bl.json in.json; echo "exit $?"
# --write-baseline may shrink the --baseline it reads.
"$DGSLINT" --baseline bl.json --write-baseline bl.json in.json; echo "exit $?"
cd - >/dev/null || exit 2
cmp docs/warn.json "$T/in.json" && cmp docs/warn.json "$T/d/a.json" &&
    echo "every document is whole"
