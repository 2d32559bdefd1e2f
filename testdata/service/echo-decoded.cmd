# A service that echoes the refused key as it decoded or encoded it
# again: form-decoded (+ as a space: "AbC dEf/GhI=SECRET x" was printed
# as it came), form-encoded, percent-encoded twice, or as HTML character
# references (&#43;, &#x2B;).  The key is masked in each form; and a key
# that holds a space, echoed form-encoded (a space as +), too.
SERVE_SH=./serve.sh; . ./serve.sh
KEY='AbC+dEf/GhI=SECRET+x'
DGSLINT_API_KEY=$KEY
for how in form form-encoded twice html html-hex; do
	serve fixtures/echo-$how.json
	echo "== $how"
	lint --service "$URL" --workspace shop docs/post-new.json
	echo "exit $?"
	svc_stop
done
KEY='AbC dEf/GhI=SECRET x'
DGSLINT_API_KEY=$KEY
serve fixtures/echo-form-encoded.json
echo "== a space, form-encoded"
lint --service "$URL" --workspace shop docs/post-new.json
echo "exit $?"
