# The fixes in the machine formats, the same for every -j.
"$DGSLINT" -f json several.json DGS510-where-keyword.json crlf-no-final-newline.json 2>/dev/null >j1
"$DGSLINT" -j 3 -f json several.json DGS510-where-keyword.json crlf-no-final-newline.json 2>/dev/null >j3
cmp j1 j3 && cat j1
"$DGSLINT" -j 1 -f sarif several.json 2>/dev/null | grep -o '"fixes": .*' | sed 's/, "properties": {"safety".*//'
rm -f j1 j3
"$DGSLINT" --color never several.json 2>&1 | tail -2
