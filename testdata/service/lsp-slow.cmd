# The editor never waits for the network: with a service that takes 3 s
# a request, the language server answers initialize, hover, completion
# and code actions within a second (lspclient.py times each, as an
# editor sends them), the service's findings are published when read
# (the diagnostics again, DGS903 last), and exit does not wait for a
# reading under way.  Under valgrind (make memcheck), whose start alone
# takes a second, "in time" is within 5 s: still less than the reading.
LSP_BOUND=1; [ -n "${DGS_MEMCHECK:-}" ] && LSP_BOUND=5
export LSP_BOUND
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/slow-all.json
DGSLINT_TRUSTED_SERVICES=$URL; export DGSLINT_TRUSTED_SERVICES
d=$svc_tmp/proj
mkdir -p "$d"
here=$(pwd)
echo "a configuration's service:"
printf '{"service": "%s", "workspace": "shop"}\n' "$URL" >"$d/.dgslint.json"
python3 "$here/lspclient.py" "$d" requests "$DGSLINT"
rm "$d/.dgslint.json"
echo "--service:"
python3 "$here/lspclient.py" "$d" requests "$DGSLINT" --service "$URL" \
    --workspace shop
echo "exit while the service is read:"
python3 "$here/lspclient.py" "$d" exit "$DGSLINT" --service "$URL" \
    --workspace shop
