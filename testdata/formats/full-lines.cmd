# The lines as a terminal must get them: tabs kept (the marks line up),
# wide characters one column each, a control character escaped, CRLF
# endings, a span over several lines, a very long line shown as a window,
# and standard input (read once, its lines shown).
d=$(mktemp -d) || exit 2
printf '{\r\n\t"workspaceId": "caf\303\251 \001 w",\r\n\t"diagnosticLoging": true\r\n}\r\n' >"$d/tabs.json"
printf '{"workspaceId": "%s", "strictMode": "RejectOnAllSchemaItem"}\n' \
    "$(printf '%0300d' 0)" >"$d/long.json"
printf '{\n  "workspaceId": "2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c",\n  "strictMode": [\n    1\n  ]\n}\n' >"$d/multi.json"
(cd "$d" && "$DGSLINT" -f full tabs.json long.json multi.json)
echo "status $?"
"$DGSLINT" -f full --stdin-filename in.json - <"$d/tabs.json"
echo "status $?"
# Colour, and the rule's id a hyperlink to its page (OSC 8).
(cd "$d" && "$DGSLINT" -f full --color always --rule-url https://rules.example tabs.json) | od -c | sed -n 1,12p
rm -rf "$d"
