# Without --service nothing of it runs and nothing is contacted: the
# output is what it was.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
lint docs/post-new.json docs/job-all.json docs/resolve.json
echo "exit $?"
echo "requests: $(wc -l <"$LOG")"
