# What --fix will not write, and says why (exit 2), leaving the file as
# it was: a file with two hard links (a new file would take the place of
# one name only); a file a walk reached through a link to outside the
# directory named (named itself, it is fixed); --fix with --diff.
. ./tmp.sh
mkdir "$T/d" "$T/out"
cp docs/fixable.json "$T/d/linked.json"
ln "$T/d/linked.json" "$T/d/other-name.json.txt"
cp docs/fixable.json "$T/out/elsewhere.json"
ln -s ../out/elsewhere.json "$T/d/link.json"
cd "$T" || exit 2
"$DGSLINT" -q --fix d/linked.json; echo "exit $?"
grep -c isConsistant d/linked.json d/other-name.json.txt
"$DGSLINT" -q --fix d; echo "exit $?"
grep -c isConsistant out/elsewhere.json
"$DGSLINT" -q --fix d/link.json; echo "exit $?"
grep -c isConsistant out/elsewhere.json
"$DGSLINT" --fix --diff d/linked.json; echo "exit $?"
