# HTTPS with a certificate made by openssl now: verified against the file
# of --service-ca-file; without it, the system's CA store refuses it
# (exit 2, nothing linted).
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json --tls
lint --service "$URL" --workspace shop --service-ca-file "$CERT" \
    docs/post-new.json docs/job-actions.json
echo "exit $?"
lint --service "$URL" --workspace shop docs/post-new.json
# The CA file as a pipe (<(cat ca.pem), a secret store's output): read
# once, so that every request of the reading (the search, then the three
# parts at once) is verified against it (issue 38: libcurl read it at
# each request, and found it empty at the second).
mkfifo "$svc_tmp/ca.fifo"
cat "$CERT" >"$svc_tmp/ca.fifo" &
cat_pid=$!
lint --service "$URL" --workspace shop --service-ca-file "$svc_tmp/ca.fifo" \
    docs/post-new.json docs/job-actions.json
echo "exit $?"
# A dgslint that never read the pipe leaves cat waiting for a reader.
kill "$cat_pid" 2>/dev/null
wait "$cat_pid" 2>/dev/null
