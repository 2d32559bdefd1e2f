# Over http:// (HTTP/1.1, which does not multiplex) the three parts are
# asked at once too, each on a connection of its own: with a service that
# takes 3 s an answer, a reading bounded by 5 s reads all three (asked one
# after another, waiting for the first connection, they took 6 s and the
# reading failed at 5 s, where the same bound over https passed).  Under
# valgrind (make memcheck), which is slow to start a request, the bound
# is 8 s: still less than the 9 s of one after another.
t=5; [ -n "${DGS_MEMCHECK:-}" ] && t=8
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/slow-all.json
lint --service "$URL" --workspace-id 2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c \
    --service-timeout $t docs/job-all.json
echo "exit $?"
sort "$LOG"
