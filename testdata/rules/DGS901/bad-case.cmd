# The workspace configures public.States, not public.states: names are
# case-sensitive.
SERVE_SH=../../service/serve.sh; . ../../service/serve.sh
serve ../../service/fixtures/world.json
lint --service "$URL" --workspace shop fixtures/post-case.json
