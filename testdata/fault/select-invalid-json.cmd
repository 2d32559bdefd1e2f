# Whatever --select, --ignore, --disable or a configuration turn off, a
# document that is not JSON is reported (issue 38: --select DGS7 made a
# broken and an empty document pass, exit 0, nothing printed), as ruff
# reports syntax errors whatever is selected; a configuration may lower
# its level, not turn it off.
. ./tmp.sh
printf '{"workspaceId": ' >"$T/broken.json"
: >"$T/empty.json"
cd "$T" || exit 2
"$DGSLINT" --select DGS7 broken.json empty.json; echo "exit $?"
"$DGSLINT" -q --ignore DGS1 broken.json empty.json; echo "exit $?"
"$DGSLINT" --disable json-syntax,json-empty -f json broken.json empty.json
echo "exit $?"
printf '{"rules": {"json-syntax": "off", "json-empty": "info"}}\n' \
    >.dgslint.json
"$DGSLINT" broken.json empty.json; echo "exit $?"
