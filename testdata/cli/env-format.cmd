# DGSLINT_FORMAT and DGSLINT_OUTPUT take settings as -f and -o do: the
# format of standard output when -f names none; reports added to files
# (standard output keeps its format), as a CI job adds a GitLab or SARIF
# report without changing a hook's arguments; a bad value is a usage
# error with did-you-mean.
. ../formats/tmp.sh
doc=../rules/DGS701/bad-case.json
echo "== DGSLINT_FORMAT=json"
DGSLINT_FORMAT=json "$DGSLINT" "$doc" 2>/dev/null | head -c 60; echo
echo "== -f text wins over DGSLINT_FORMAT"
DGSLINT_FORMAT=json "$DGSLINT" -f text -q "$doc" | cut -c1-40
echo "== DGSLINT_OUTPUT adds two reports"
DGSLINT_OUTPUT="gitlab:$T/gl.json,sarif:$T/r.sarif" "$DGSLINT" -q "$doc" | cut -c1-40
head -c 15 "$T/gl.json"; echo
grep -c '"ruleId"' "$T/r.sarif"
echo "== bad values"
DGSLINT_FORMAT=sarf "$DGSLINT" "$doc"; echo "exit $?"
DGSLINT_OUTPUT=gitlab "$DGSLINT" "$doc"; echo "exit $?"
DGSLINT_OUTPUT=gitlub:x.json "$DGSLINT" "$doc"; echo "exit $?"
