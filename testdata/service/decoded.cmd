# Answers are parsed as they came, and what is printed is masked: a near
# workspace name, and a table name in a finding, that are the key written
# with \u escapes are shown masked (in text, JSON and the language
# server's words alike, serve.sh checks every output).
SERVE_SH=./serve.sh; . ./serve.sh
KEY='AbC+dEf/GhI=SECRET+x'
DGSLINT_API_KEY=$KEY
serve fixtures/decoded-search.json
lint --service "$URL" --workspace shop docs/post-new.json
echo "exit $?"
svc_stop
serve fixtures/decoded-diff.json
lint --service "$URL" --workspace shop docs/job-all.json
echo "exit $?"
for f in json sarif; do
	lint -f $f --service "$URL" --workspace shop docs/job-all.json >"$svc_tmp/o"
	echo "-f $f: $(grep -c 'public\\*"\.\\*"\*\*\*\*\*\*\*\*' "$svc_tmp/o") masked"
done
