# Every item resolves a change the service lists.
SERVE_SH=../../service/serve.sh; . ../../service/serve.sh
serve ../../service/fixtures/world.json
lint --service "$URL" --workspace shop fixtures/resolve-listed.json
