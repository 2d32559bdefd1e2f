# A repository's .dgslint.json names only an http(s) "ruleUrl" (issue 38):
# a javascript:, file: or mailto: address landed in SARIF's helpUri,
# rdjson's url and the editor's links; it is a configuration error.
. ./tmp.sh
cp docs/warn.json "$T/a.json"
cd "$T" || exit 2
for u in 'javascript:alert(1)//' 'file:///etc/passwd' 'mailto:x@example.org' \
    'https:///rules/' 'HTTPS://example.org/dgslint/rules/'; do
	printf '{"ruleUrl": "%s"}\n' "$u" >.dgslint.json
	"$DGSLINT" -q -f sarif -o out.sarif a.json
	echo "exit $?"
	grep -o '"helpUri": *"[^"]*DGS204[^"]*"' out.sarif 2>/dev/null
	rm -f out.sarif
done
