# An answer larger than the bound of an answer (32 MB): refused as it
# arrives, not read whole, with a clear message.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/huge.json
lint --service "$URL" --workspace shop docs/job-all.json
