# Two workspaces named "twin" exactly: an error, naming both
# ids; --workspace-id picks one without a search.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
lint --service "$URL" --workspace twin docs/job-all.json
echo "exit $?"
lint --service "$URL/" --workspace-id 2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c \
    docs/job-all.json
rc=$?
# The search first; the parts are asked at once, in any order.
head -n 1 "$LOG"
tail -n +2 "$LOG" | sort
exit $rc
