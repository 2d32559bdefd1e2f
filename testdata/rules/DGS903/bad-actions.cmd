# RejectOnSchemaActions while a conflicting change (missing_column) is
# listed.
SERVE_SH=../../service/serve.sh; . ../../service/serve.sh
serve ../../service/fixtures/world.json
lint --service "$URL" --workspace shop fixtures/job-actions.json
