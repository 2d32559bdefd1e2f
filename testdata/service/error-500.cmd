# An error the service answers (500): its body, the error text, is
# quoted, on one line, without its control characters (C0 and C1:
# terminal escapes).
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/error-500.json
lint --service "$URL" --workspace shop docs/job-all.json
