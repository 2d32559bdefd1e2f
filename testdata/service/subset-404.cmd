# GET .../subsetting answers 404 with an empty body: the POST body is not
# checked, and says why; a list and the other kinds are not concerned.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/subset-404.json
lint --service "$URL" --workspace shop docs/post-new.json docs/list.json \
    docs/job-not-strict.json
