# 403 for the subsetting configurations after the other requests were
# answered: the key works, but not for the Advanced API; only the POST
# body is not checked.  A 403 before any answer is a refused key.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/forbidden.json
lint --service "$URL" --workspace shop docs/post-new.json docs/job-all.json
echo "exit $?"
lint --service "$URL" --workspace-id 2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c \
    --service-timeout 5 docs/post-new.json
