# A POST body for public.customers, which the workspace "shop" does not
# configure: POST would be refused, PUT adds it.
SERVE_SH=../../service/serve.sh; . ../../service/serve.sh
serve ../../service/fixtures/world.json
lint --service "$URL" --workspace shop fixtures/post-new.json
