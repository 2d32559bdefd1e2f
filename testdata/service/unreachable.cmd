# Nothing listens at the URL any more.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
svc_stop
lint --service "$URL" --workspace shop docs/job-all.json
