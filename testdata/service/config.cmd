# The workspace named by each directory's .dgslint.json ("service",
# "workspace", "serviceTimeout"): each read once, before any document;
# the staging one wraps its subsetting list in an object, and lists a new
# column only, which RejectOnSchemaActions lets pass (its job names the
# workspace by its id in another form).
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
# The user allows the service the configurations name.
DGSLINT_TRUSTED_SERVICES=$URL; export DGSLINT_TRUSTED_SERVICES
d=$svc_tmp/proj
mkdir -p "$d/staging"
cp docs/post-new.json docs/job-all.json "$d/"
cp docs/post-known.json docs/job-staging.json "$d/staging/"
printf '{"service": "%s", "workspace": "shop"}\n' "$URL" >"$d/.dgslint.json"
printf '{"service": "%s/", "workspace": "shop-staging", "serviceTimeout": 5}\n' \
    "$URL" >"$d/staging/.dgslint.json"
cd "$d" || exit 2
lint job-all.json post-new.json staging
rc=$?
sort "$LOG" | uniq -c
exit $rc
