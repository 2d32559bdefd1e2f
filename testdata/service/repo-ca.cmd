# A repository's CA is not the user's: the user allows the service (its
# URL), the repository's .dgslint.json names that URL and a CA it ships.
# Whoever holds a certificate of that CA would receive the key: the key
# "serviceCaFile" is said not to be used, at its place, and the service
# is verified against the system's store, which refuses the stand-in's
# certificate (no request reaches it).  The user's CA, by
# --service-ca-file or DGSLINT_SERVICE_CA_FILE, is used.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json --tls
d=$svc_tmp/proj
mkdir -p "$d"
cp docs/job-all.json "$d/"
cp "$CERT" "$d/evil-ca.pem"
printf '{"service": "%s", "workspace": "shop",\n "serviceCaFile": "evil-ca.pem"}\n' \
    "$URL" >"$d/.dgslint.json"
DGSLINT_TRUSTED_SERVICES=$URL
export DGSLINT_TRUSTED_SERVICES
cd "$d" || exit 2
step() { echo "== $1"; shift; lint -q "$@" job-all.json; echo "exit $?"; \
    echo "requests: $(wc -l <"$LOG")"; : >"$LOG"; }
step "the repository's CA"
step "the repository's CA, --config" --config .dgslint.json
DGSLINT_SERVICE_CA_FILE=$CERT step "the user's, DGSLINT_SERVICE_CA_FILE"
step "the user's, --service-ca-file" --service-ca-file "$CERT"
DGSLINT_SERVICE_CA_FILE=/nonexistent step "a bad DGSLINT_SERVICE_CA_FILE"
# Linted as a document, the configuration says the same at warning level.
echo "== the configuration as a document"
lint .dgslint.json
echo "exit $?"
echo "requests: $(wc -l <"$LOG")"
