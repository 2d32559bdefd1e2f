# --context PATH: documents read only for the rules across documents (as
# pre-commit's hook reads the repository around the staged files), never
# reported themselves; a finding across documents is on the document
# named, whichever name sorts first; the context is not fixed.
. ../formats/tmp.sh
d=../rules/DGS881/fixtures
cp "$d/users-email.json" "$d/more-email.json" "$d/users-phone.json" "$T/"
mkdir "$T/other" && cp ../fault/docs/fixable.json "$T/other/fixable.json"
cd "$T" || exit 2
echo "== more-email.json alone"
"$DGSLINT" more-email.json; echo "exit $?"
echo "== more-email.json, in the context of its directory"
"$DGSLINT" more-email.json --context .; echo "exit $?"
echo "== users-email.json (which sorts after), in the same context"
"$DGSLINT" users-email.json --context .; echo "exit $?"
echo "== users-phone.json, no conflict with the context"
"$DGSLINT" users-phone.json --context .; echo "exit $?"
echo "== -j 2 says the same"
"$DGSLINT" -j 2 more-email.json --context .; echo "exit $?"
echo "== --fix does not write the context"
cp other/fixable.json before.json
"$DGSLINT" -q --fix users-phone.json --context other >/dev/null 2>&1
cmp -s other/fixable.json before.json && echo "the context is as it was"
"$DGSLINT" -q --fix other/fixable.json >/dev/null 2>&1
cmp -s other/fixable.json before.json || echo "(named, it is fixed)"
