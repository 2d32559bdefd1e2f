# With -, --fix writes the fixed document to standard output and the
# findings to standard error.
"$DGSLINT" --color never --fix --stdin-filename sub.json - <DGS510-where-keyword.json 2>/dev/null
echo "exit $?"
"$DGSLINT" --color never --fix - <several.json 2>&1 >/dev/null
