# A service slower than --service-timeout: a clear message, exit 2, in
# about a second.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/slow.json
start=$(date +%s)
lint --service "$URL" --workspace shop --service-timeout 1 docs/post-new.json
rc=$?
[ $(($(date +%s) - start)) -le 3 ] || echo "took more than 3 s"
exit $rc
