# No workspace search on this service: the name cannot be found.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/search-404.json
lint --service "$URL" --workspace shop docs/job-all.json
