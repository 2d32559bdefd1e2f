# A key the service refuses (401), whose answer echoes the Authorization
# header: the message says so, and shows no key (serve.sh checks every
# output for it).
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/key-echo.json
lint --service "$URL" --workspace shop docs/post-new.json
echo "exit $?"
lint -f json --service "$URL" --workspace-id 2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c docs/post-new.json
