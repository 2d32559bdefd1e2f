# A service that refuses the key and echoes it as its JSON encoder escapes
# it: .NET's (\u002B for +), \/ for /, percent-encoded in lower-case hex,
# every character \u-escaped.  The key is masked in each form.
SERVE_SH=./serve.sh; . ./serve.sh
KEY='AbC+dEf/GhI=SECRET+x'
DGSLINT_API_KEY=$KEY
for how in dotnet slash percent unicode; do
	serve fixtures/echo-$how.json
	lint --service "$URL" --workspace shop docs/post-new.json
	echo "exit $?"
	svc_stop
done
