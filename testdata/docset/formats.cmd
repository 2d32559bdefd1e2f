# Findings across documents in the JSON and SARIF outputs.
cd fixtures/repo || exit 2
"$DGSLINT" --no-config -f json replacements schema
echo
"$DGSLINT" --no-config -f sarif subsetting 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
run = d["runs"][0]
rules = run["tool"]["driver"]["rules"]
for r in run["results"]:
    print(r["ruleId"], rules[r["ruleIndex"]]["id"], r["level"],
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
        r["locations"][0]["physicalLocation"]["region"]["startLine"],
        r["message"]["text"])
'
