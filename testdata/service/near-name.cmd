# The search returns near names too: "sho" matches none
# exactly, "shop" one of three ("shop", "shop-staging", "Shop"), "Shop"
# another.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
lint --service "$URL" --workspace sho docs/job-all.json
echo "exit $?"
lint --service "$URL" --workspace nothing docs/job-all.json
echo "exit $?"
lint --service "$URL" --workspace Shop docs/job-all.json
