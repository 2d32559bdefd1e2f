# The language server opens a document of a cloned repository whose
# .dgslint.json names a service the user never allowed: nothing is
# contacted, and the diagnostic says why.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
d=$svc_tmp/proj
mkdir -p "$d"
cp fixtures/lsp/session "$d/"
printf '{"service": "%s", "workspace": "shop"}\n' "$URL" >"$d/.dgslint.json"
here=$(pwd)
cd "$d" || exit 2
timeout 120 sh "$here/../lsp/replay" session >"$svc_tmp/out" 2>&1
rc=$?
sed -e "s|http://127.0.0.1:$PORT|\$URL|g" "$svc_tmp/out"
grep -F -q -e "$KEY" "$svc_tmp/out" && echo "THE API KEY WAS PRINTED"
echo "exit $rc"
echo "requests: $(wc -l <"$LOG")"
