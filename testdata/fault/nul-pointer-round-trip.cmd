# A finding's pointer through a name holding U+0000 is written \u0000 in
# every JSON dgslint writes, and read back whole: the baseline it wrote
# tolerates the finding again, and an override's pointer with \u0000
# names that member, not the one whose name stops before it.
. ./tmp.sh
cd "$T" || exit 2
printf '{"workspaceId": "w", "strictMode": "NotStrict", "a\\u0000b": 1, "a": 2}\n' >nul.json
"$DGSLINT" -f json nul.json | grep -o '"pointer":"[^"]*","rule":"DGS[0-9]*"'
"$DGSLINT" -q --write-baseline bl.json nul.json >/dev/null 2>&1
grep -c 'a\\u0000b' bl.json
"$DGSLINT" --baseline bl.json nul.json; echo "exit $?"
printf '{"overrides": [{"files": ["nul.json"], "pointers": ["/a\\u0000b"], "rules": {"unknown-member": "off"}}]}\n' >.dgslint.json
"$DGSLINT" -q nul.json; echo "exit $?"
