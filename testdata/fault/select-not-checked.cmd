# A document that could not be checked is reported whatever --select
# says, as one that is not JSON is (select-invalid-json): --select DGS7
# made a UTF-16 document and one nested 600 deep pass, exit 0, "all
# checks passed" (issue 45).  A named file that cannot be read is not a
# pass either: the summary said "all checks passed: 0 files linted"
# beside exit 2.
. ./tmp.sh
cd "$T" || exit 2
printf '\377\376{\000}\000\n\000' >utf16.json
i=0 open= close=
while [ $i -lt 600 ]; do open="$open[" close="$close]"; i=$((i + 1)); done
printf '%s%s\n' "$open" "$close" >deep.json
"$DGSLINT" --select DGS7 utf16.json deep.json; echo "exit $?"
"$DGSLINT" --ignore DGS1 -f json utf16.json deep.json | cut -c 1-60
printf '{"rules": {"json-invalid-utf8": "off", "json-too-deep": "off"}}\n' \
    >.dgslint.json
"$DGSLINT" --select DGS7 utf16.json deep.json; echo "exit $?"
rm .dgslint.json
"$DGSLINT" missing.json; echo "exit $?"
printf '{"workspaceId": "2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c"}\n' >ok.json
"$DGSLINT" ok.json missing.json; echo "exit $?"
