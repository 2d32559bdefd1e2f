# The language server reads the state once a session, from the command
# line's --service and each .dgslint.json's "service", and again when a
# .dgslint.json changes.  A service it cannot read (here, one that stopped)
# makes each check a not-checked diagnostic with the reason, and the
# server goes on; the key is in no message and no log line.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
# The user allows the service the configurations name.
DGSLINT_TRUSTED_SERVICES=$URL; export DGSLINT_TRUSTED_SERVICES
d=$svc_tmp/proj
mkdir -p "$d"
cp fixtures/lsp/session fixtures/lsp/session-cli "$d/"
printf '{"service": "%s", "workspace": "shop"}\n' "$URL" >"$d/.dgslint.json"
here=$(pwd)
cd "$d" || exit 2
lint_lsp() {
	timeout 120 sh "$here/../lsp/replay" "$@" >"$svc_tmp/out" 2>&1
	svc_rc=$?
	sed -e "s|http://127.0.0.1:$PORT|\$URL|g" \
	    -e "s|127.0.0.1 port $PORT|127.0.0.1 port \$PORT|g" \
	    -e 's| after [0-9]* ms| after N ms|g' "$svc_tmp/out"
	grep -F -q -e "$KEY" "$svc_tmp/out" && echo "THE API KEY WAS PRINTED"
	return $svc_rc
}
lint_lsp session
echo "exit $?"
sort "$LOG" | uniq -c
: >"$LOG"
rm .dgslint.json
lint_lsp session-cli --service "$URL" --workspace shop
echo "exit $?"
svc_stop
lint_lsp session-cli --service "$URL" --workspace shop
