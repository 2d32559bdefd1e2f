# A PUT body (kind subsetting-put) adds a configuration, and a list is no
# POST body: neither is checked.
SERVE_SH=../../service/serve.sh; . ../../service/serve.sh
serve ../../service/fixtures/world.json
lint --service "$URL" --workspace shop --kind subsetting-put fixtures/put.json
echo "exit $?"
lint --service "$URL" --workspace shop fixtures/list.json
