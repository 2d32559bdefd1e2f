# Answers that are not the JSON expected: a SchemaDiff cut short, a
# subsetting configuration that is not a list, generators that are not a
# list.  Each check is reported as not checked, naming what is wrong; the
# built-in catalogue is used.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/malformed.json
lint --service "$URL" --workspace shop docs/post-new.json \
    docs/job-all.json docs/resolve.json docs/replacements.json
