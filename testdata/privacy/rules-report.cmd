#!/bin/sh
# The report honours the custom rules: staff.username at risk as "Staff
# Credential", recommending the rule's generator; picture (bytea) and
# email (built-in) as before.
"$DGSLINT" --privacy-report -f json --schema fixtures/pagila.csv \
    fixtures/rules/staff.json > report.json
echo "status $?"
awk '/^    \{/ { b = ""; t = ""; keep = 0 }
    { b = b $0 "\n" }
    /"table": "staff",/ { t = $0 }
    /"column": "(username|password|picture|email)",/ && t != "" { keep = 1 }
    /^    \}/ && keep { printf "%s", b; keep = 0 }' report.json
rm -f report.json
