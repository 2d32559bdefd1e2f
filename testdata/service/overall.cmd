# --service-timeout bounds the whole reading, not each request: answers
# of 0.7 s each, within 1 s one by one, exceed it together (the search,
# then the parts).
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/overall.json
start=$(date +%s%N)
lint --service "$URL" --workspace shop --service-timeout 1 docs/job-all.json
echo "exit $?"
ms=$((($(date +%s%N) - start) / 1000000))
[ $ms -lt 1800 ] || echo "took $ms ms: more than the bound"
