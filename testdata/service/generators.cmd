# The service's generators are used as --generators would be
# (LoyaltyNumberGenerator, made up, is not in the built-in catalogue); a --generators file
# wins over them.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
lint --service "$URL" --workspace shop docs/replacements.json
echo "exit $?"
lint --service "$URL" --workspace shop \
    --generators ../rules/DGS401/generators.json.in docs/replacements.json
