# The service lists public.users.phone as new_column, not
# changed_column_type.
SERVE_SH=../../service/serve.sh; . ../../service/serve.sh
serve ../../service/fixtures/world.json
lint --service "$URL" --workspace shop fixtures/resolve-other-code.json
