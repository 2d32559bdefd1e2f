# Plain http carries the key in clear: it is spoken to this machine only,
# never through a proxy, whatever http_proxy, all_proxy, ALL_PROXY say
# (a corporate CI image sets them); localhost is pinned to 127.0.0.1.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
proxy
http_proxy=$PROXY all_proxy=$PROXY ALL_PROXY=$PROXY HTTP_PROXY=$PROXY
export http_proxy all_proxy ALL_PROXY HTTP_PROXY
lint --service "$URL" --workspace shop docs/job-all.json
echo "exit $?"
lint --service "http://localhost:$PORT" --workspace shop docs/job-all.json \
    >"$svc_tmp/o"
rc=$?
sed "s|http://localhost:$PORT|\$URL|" "$svc_tmp/o"
echo "exit $rc"
echo "the proxy got $(wc -l <"$PROXY_LOG") requests"
echo "the service got $(wc -l <"$LOG") requests"
