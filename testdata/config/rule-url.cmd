# "ruleUrl": the base URL of the rule pages (make html); a rule's page
# is BASE/ID.html, in json findings (url), SARIF rules (helpUri) and
# rdjson codes (url); --rule-url wins; --print-config says where it
# comes from.  Without either, no link (the other cases).
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/a" "$T/b"
printf '{"ruleUrl": "https://example.org/dgslint/rules"}\n' >"$T/a/.dgslint.json"
printf '{"ruleUrl": "https://example.org/other/"}\n' >"$T/b/.dgslint.json"
printf '{\n  "diagnosticLoging": true\n}\n' >"$T/a/job.json"
cp "$T/a/job.json" "$T/b/job.json"
cd "$T" || exit 2
"$DGSLINT" -f json a/job.json 2>/dev/null | grep -o '"url":"[^"]*"'
"$DGSLINT" -f rdjson a/job.json 2>/dev/null | grep -o '"code":{[^}]*}'
"$DGSLINT" -f sarif a/job.json 2>/dev/null | grep -o '"helpUri": "[^"]*"' | sed -n '1p;$p'
"$DGSLINT" -f json --rule-url file:///srv/rules/ a/job.json 2>/dev/null | grep -o '"url":"[^"]*"'
"$DGSLINT" --print-config a/job.json | grep ruleUrl
"$DGSLINT" --rule-url https://example.org/r/ --print-config b/job.json | grep ruleUrl
echo "== two configurations, two bases: no link, and why"
"$DGSLINT" -f json a/job.json b/job.json | grep -c '"url"'
echo "== not an absolute URL"
"$DGSLINT" --rule-url rules/ a/job.json
printf '{"ruleUrl": "docs/rules"}\n' >"$T/a/.dgslint.json"
"$DGSLINT" a/job.json
