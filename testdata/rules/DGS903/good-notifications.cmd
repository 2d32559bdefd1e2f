# RejectOnSchemaActions with only a new column listed (not conflicting);
# NotStrict and no strictMode (the workspace's own setting) are not checked.
SERVE_SH=../../service/serve.sh; . ../../service/serve.sh
serve ../../service/fixtures/world.json
lint --service "$URL" --workspace shop-staging fixtures/job-staging.json
echo "exit $?"
lint --service "$URL" --workspace shop fixtures/job-not-strict.json fixtures/job-default.json
