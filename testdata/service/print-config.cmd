# --print-config says which service and workspace apply, and contacts
# nothing.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
lint --service "$URL" --workspace shop --print-config docs/job-all.json |
    grep -e '^service' -e '^file'
d=$svc_tmp/proj
mkdir -p "$d"
printf '{"service": "%s", "workspaceId": "2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c"}\n' \
    "$URL" >"$d/.dgslint.json"
cp docs/job-all.json "$d/"
(cd "$d" && lint --print-config job-all.json) | grep -e '^service' -e '^conf'
echo "requests: $(wc -l <"$LOG")"
