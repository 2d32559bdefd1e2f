# The three rules, from the state of the workspace "shop" (HTTP on
# 127.0.0.1): a POST body for a table without a configuration (and one
# whose names differ in case), a strict mode the listed changes reject,
# resolution items the service does not list; the valid documents raise
# nothing.  Requests: search, SchemaDiff, GeneratorMetadata, subsetting.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
lint --service "$URL" --workspace shop docs/post-new.json \
    docs/post-known.json docs/post-case.json docs/job-all.json \
    docs/job-actions.json docs/job-not-strict.json docs/resolve.json \
    docs/resolve-listed.json docs/replacements.json
rc=$?
# The search first; the parts are asked at once, in any order.
head -n 1 "$LOG"
tail -n +2 "$LOG" | sort
exit $rc
