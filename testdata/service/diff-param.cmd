# A version whose GET /api/SchemaDiff takes the workspace in another
# parameter: by default the request is refused (400, its text quoted),
# and "schemaDiffParameter" names the parameter.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/diff-param.json
# The user allows the service the configuration names.
DGSLINT_TRUSTED_SERVICES=$URL; export DGSLINT_TRUSTED_SERVICES
lint --service "$URL" --workspace shop docs/job-all.json
echo "exit $?"
d=$svc_tmp/proj
mkdir -p "$d"
printf '{"service": "%s", "workspace": "shop", "schemaDiffParameter": "workspace"}\n' \
    "$URL" >"$d/.dgslint.json"
cp docs/job-all.json "$d/"
cd "$d" || exit 2
lint job-all.json
