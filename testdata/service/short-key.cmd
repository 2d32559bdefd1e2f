# A short key (a word, a letter) is masked in what is printed only: the
# answers are read as they came, so the workspace named as the key is
# found, and a one-letter key leaves the workspace's id (in the requests
# the service logged) whole.
SERVE_SH=./serve.sh; . ./serve.sh
KEY=shop
DGSLINT_API_KEY=$KEY
serve fixtures/short-key.json
lint --service "$URL" --workspace shop docs/job-all.json
echo "exit $?"
svc_stop
KEY=f
DGSLINT_API_KEY=$KEY
serve fixtures/short-key.json
lint --service "$URL" --workspace shop docs/job-all.json >/dev/null
echo "exit $?"
sort "$LOG"
# A key shorter than 8 bytes is masked where it stands as a word: the
# echoed header, not every k of the message.
DGSLINT_API_KEY=k "$DGSLINT" --service "$URL" --workspace shop \
    docs/job-all.json 2>&1 | sed "s|$URL|\$URL|"
