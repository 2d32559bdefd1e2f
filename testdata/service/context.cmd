# --context documents serve only the rules across documents: the service
# of a configuration that covers only them is not contacted (nor needs
# the key), even when the user allows it; a named document's is.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
DGSLINT_TRUSTED_SERVICES=$URL; export DGSLINT_TRUSTED_SERVICES
d=$svc_tmp/proj
mkdir -p "$d/ctx" "$d/named"
cp docs/job-all.json "$d/ctx/"
cp docs/post-new.json "$d/named/"
printf '{"service": "%s", "workspace": "shop"}\n' "$URL" >"$d/ctx/.dgslint.json"
cd "$d" || exit 2
lint --context ctx named/post-new.json
echo "exit $?"
echo "requests: $(wc -l <"$LOG")"
unset DGSLINT_API_KEY
lint --context ctx named/post-new.json
echo "exit $?"
lint --config ctx/.dgslint.json --context ctx named/post-new.json
echo "exit $? (the configuration's service for a named document)"
