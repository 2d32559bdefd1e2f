# HTTPS with a certificate made by openssl now: verified against the file
# of --service-ca-file; without it, the system's CA store refuses it
# (exit 2, nothing linted).
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json --tls
lint --service "$URL" --workspace shop --service-ca-file "$CERT" \
    docs/post-new.json docs/job-actions.json
echo "exit $?"
lint --service "$URL" --workspace shop docs/post-new.json
