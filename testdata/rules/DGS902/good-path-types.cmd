# Each path type's item names the data type the service lists.
SERVE_SH=../../service/serve.sh; . ../../service/serve.sh
serve fixtures/world-documents.json
lint --service "$URL" --workspace catalog fixtures/resolve-path-types.json
