# No key in DGSLINT_API_KEY (and one with a line break): nothing is sent.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
unset DGSLINT_API_KEY
lint --service "$URL" --workspace shop docs/post-new.json
echo "exit $?"
DGSLINT_API_KEY="$KEY
"; export DGSLINT_API_KEY
lint --service "$URL" --workspace shop docs/post-new.json
echo "exit $?"
echo "requests: $(wc -l <"$LOG")"
