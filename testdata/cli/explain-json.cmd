# --explain -f json: the rule as one object (id, name, severity, kinds,
# summary, explanation, fix with its safety and text or null, sources of
# the catalogue or null); an unknown rule is said on stderr as with text.
"$DGSLINT" --explain DGS204 -f json; echo "exit $?"
"$DGSLINT" -f json --explain db-new-table; echo "exit $?"
"$DGSLINT" --explain generator-unknown -f json | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(sorted(d), d["kinds"], d["fix"]["safety"], d["sources"].split(".")[0])'
"$DGSLINT" --explain DGS2O4 -f json
