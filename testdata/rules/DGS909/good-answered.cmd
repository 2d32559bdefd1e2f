# The service answers: the documents are checked.
SERVE_SH=../../service/serve.sh; . ../../service/serve.sh
serve ../../service/fixtures/world.json
lint --service "$URL" --workspace shop fixtures/post-known.json
