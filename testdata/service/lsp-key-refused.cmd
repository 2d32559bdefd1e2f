# The language server with a key the service refuses, and whose 401
# answer echoes the Authorization header: the diagnostics and the log say
# the key was refused, and show no key (checked below and by serve.sh).
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/key-echo.json
d=$svc_tmp/proj
mkdir -p "$d"
cp fixtures/lsp/session-cli "$d/"
here=$(pwd)
cd "$d" || exit 2
timeout 120 sh "$here/../lsp/replay" session-cli --service "$URL" \
    --workspace shop >"$svc_tmp/out" 2>&1
rc=$?
sed -e "s|http://127.0.0.1:$PORT|\$URL|g" "$svc_tmp/out"
grep -F -q -e "$KEY" "$svc_tmp/out" && echo "THE API KEY WAS PRINTED"
exit $rc
