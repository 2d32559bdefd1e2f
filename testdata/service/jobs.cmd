# The state is read once, before the processes of -j are forked: the
# output is the same for -j 1 and -j 2, and each endpoint is asked once
# a run.
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/world.json
lint -j 1 --service "$URL" --workspace shop docs/*.json >"$svc_tmp/j1"
lint -j 2 --service "$URL" --workspace shop docs/*.json >"$svc_tmp/j2"
cmp "$svc_tmp/j1" "$svc_tmp/j2" && echo "-j 1 and -j 2: the same"
grep -c 'DGS90' "$svc_tmp/j1"
sort "$LOG" | uniq -c
