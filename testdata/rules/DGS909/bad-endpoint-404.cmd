# GET /api/SchemaDiff answers 404: the job is not checked, and says why.
SERVE_SH=../../service/serve.sh; . ../../service/serve.sh
serve ../../service/fixtures/diff-404.json
lint --service "$URL" --workspace shop fixtures/job-all.json
