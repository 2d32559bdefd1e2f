# "This machine" is a literal loopback address or localhost: forms a
# resolver would look up (a trailing dot, five parts, an abbreviated or
# octal address) are refused before anything is contacted, on the command
# line and in a configuration.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
for h in 127.0.0.1. 127.1.1.1.1 127.1 0177.0.0.1 127.0.0.256 localhost.; do
	lint --service "http://$h:$PORT" --workspace shop docs/job-all.json \
	    >"$svc_tmp/o"
	rc=$?
	sed "s|:$PORT|:\$PORT|g" "$svc_tmp/o"
	echo "exit $rc"
done
d=$svc_tmp/proj
mkdir -p "$d"
cp docs/job-all.json "$d/"
printf '{"service": "http://127.0.0.1.:%s", "workspace": "shop"}\n' "$PORT" \
    >"$d/.dgslint.json"
(cd "$d" && lint job-all.json) >"$svc_tmp/o"
rc=$?
sed "s|:$PORT|:\$PORT|g" "$svc_tmp/o"
echo "exit $rc"
echo "requests: $(wc -l <"$LOG")"
