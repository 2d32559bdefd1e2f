# GET /api/SchemaDiff answers 404 (endpoints depend on the version, spec
# 9): the job and the resolution request are reported as not checked,
# with the reason; the subsetting body is still checked.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/diff-404.json
lint --service "$URL" --workspace shop docs/post-new.json \
    docs/job-all.json docs/resolve.json docs/job-not-strict.json
