# public.users.telex is not among the changes the service lists.
SERVE_SH=../../service/serve.sh; . ../../service/serve.sh
serve ../../service/fixtures/world.json
lint --service "$URL" --workspace shop fixtures/resolve-unlisted.json
