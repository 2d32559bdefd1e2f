# A run whose checks against the service all failed is not silent with
# -q and --fail-on error: each check not made is said.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/subset-404.json
lint -q --fail-on error --service "$URL" --workspace shop docs/post-new.json
echo "exit $?"
