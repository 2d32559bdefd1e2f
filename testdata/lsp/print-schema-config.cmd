# --print-schema config: the JSON Schema of .dgslint.json, made from the
# table settings/read.c reads configurations with: its keys and their
# values, every rule id and name as a key of "rules" (any case), an
# override's shape, what a key needs; a misspelt kind names the closest.
"$DGSLINT" --print-schema config >schema.out; echo "status $?"
sed -n 1,11p schema.out
# A level for each rule's id and name, and for "rules"' other keys (the
# rules counted from --list-rules: a new rule changes no expected file).
n=$("$DGSLINT" --list-rules | wc -l)
levels=$(grep -c '"\$ref": "#/\$defs/level"' schema.out)
[ "$levels" -eq $((2 * n + 1)) ] && echo "a level for every rule" ||
    echo "$levels levels for $n rules"
grep -A 3 '"DGS204": {' schema.out
grep -A 12 '"dependentRequired"' schema.out
grep -A 6 '"serviceTimeout": {' schema.out
rm -f schema.out
"$DGSLINT" --print-schema confg
