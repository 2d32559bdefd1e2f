# testdata/service/serve.sh: sourced by the cases of --service (sh).
#
#   . path/to/serve.sh
#   serve WORLD [--tls]     starts the stand-in service (server.py) on
#                           127.0.0.1 with the world WORLD; sets URL, PORT
#                           and LOG (the requests it got); --tls serves
#                           HTTPS with a self-signed certificate made by
#                           openssl now (CERT: its file)
#   proxy                   starts a second stand-in (the world
#                           fixtures/world.json) as a would-be proxy:
#                           sets PROXY (its URL) and PROXY_LOG (what
#                           reached it: nothing, when no proxy is used)
#   lint ARGS...            runs $DGSLINT --color never ARGS, bounded,
#                           its output with the URL shown as $URL; its
#                           exit status
#
# The server is killed when the case ends, and stops by itself anyway
# after 20 s without a request.  A case whose server cannot start fails:
# its output says so.  The API key is DGSLINT_API_KEY=$KEY.
svc_dir=$(cd "$(dirname "${SERVE_SH:-.}")" && pwd)
KEY=dgs-test-key-Qx7fA9
DGSLINT_API_KEY=$KEY
export DGSLINT_API_KEY
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY \
    no_proxy NO_PROXY 2>/dev/null || :
svc_tmp=$(mktemp -d) || exit 2
svc_pid=
proxy_pid=
svc_stop() {
	if [ -n "$svc_pid" ]; then
		kill "$svc_pid" 2>/dev/null
		wait "$svc_pid" 2>/dev/null
	fi
	svc_pid=
}
# The user's trusted services: none, whatever the machine's.
XDG_CONFIG_HOME=$svc_tmp/xdg
export XDG_CONFIG_HOME
unset DGSLINT_TRUSTED_SERVICES DGSLINT_SERVICE_CA_FILE 2>/dev/null || :
trap 'svc_stop; [ -z "$proxy_pid" ] || kill "$proxy_pid" 2>/dev/null
    rm -rf "$svc_tmp"' EXIT
trap 'exit 2' INT TERM

serve() {
	svc_world=$1; shift
	svc_tls=
	if [ "${1:-}" = --tls ]; then
		command -v openssl >/dev/null 2>&1 ||
		    { echo "serve: openssl is not installed"; exit 2; }
		CERT=$svc_tmp/cert.pem
		openssl req -x509 -newkey rsa:2048 -nodes -days 2 \
		    -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 \
		    -keyout "$svc_tmp/key.pem" -out "$CERT" >/dev/null 2>&1 ||
		    { echo "serve: openssl could not make a certificate"; exit 2; }
		svc_tls="--tls $CERT $svc_tmp/key.pem"
	fi
	command -v python3 >/dev/null 2>&1 ||
	    { echo "serve: python3 is not installed"; exit 2; }
	rm -f "$svc_tmp/port"
	LOG=$svc_tmp/log
	: >"$LOG"
	# shellcheck disable=SC2086
	python3 "$svc_dir/server.py" --world "$svc_world" \
	    --port-file "$svc_tmp/port" --log "$LOG" $svc_tls &
	svc_pid=$!
	i=0
	while [ ! -s "$svc_tmp/port" ]; do
		i=$((i + 1))
		if [ $i -gt 200 ] || ! kill -0 "$svc_pid" 2>/dev/null; then
			echo "serve: the stand-in service did not start"
			exit 2
		fi
		sleep 0.05
	done
	PORT=$(cat "$svc_tmp/port")
	if [ -n "$svc_tls" ]; then
		URL=https://127.0.0.1:$PORT
	else
		URL=http://127.0.0.1:$PORT
	fi
}

proxy() {
	PROXY_LOG=$svc_tmp/proxy-log
	: >"$PROXY_LOG"
	python3 "$svc_dir/server.py" --world "$svc_dir/fixtures/world.json" \
	    --port-file "$svc_tmp/proxy-port" --log "$PROXY_LOG" &
	proxy_pid=$!
	i=0
	while [ ! -s "$svc_tmp/proxy-port" ]; do
		i=$((i + 1))
		if [ $i -gt 200 ] || ! kill -0 "$proxy_pid" 2>/dev/null; then
			echo "serve: the would-be proxy did not start"
			exit 2
		fi
		sleep 0.05
	done
	PROXY=http://127.0.0.1:$(cat "$svc_tmp/proxy-port")
}

lint() {
	timeout 120 "$DGSLINT" --color never "$@" >"$svc_tmp/out" 2>&1
	svc_rc=$?
	sed -e "s|https://127.0.0.1:$PORT|\$URL|g" \
	    -e "s|http://127.0.0.1:$PORT|\$URL|g" \
	    -e "s|127.0.0.1 port $PORT|127.0.0.1 port \$PORT|g" \
	    -e 's| after [0-9]* ms| after N ms|g' "$svc_tmp/out"
	# The key must never be shown, whatever the case.
	if grep -F -q -e "$KEY" "$svc_tmp/out"; then
		echo "serve: THE API KEY WAS PRINTED"
	fi
	return $svc_rc
}
