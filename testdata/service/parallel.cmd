# A service that takes 1 s an answer: the three parts of a workspace
# (its schema changes, subsetting, the generators) are asked at once, so
# the reading takes about one answer's time, not three.
# Under valgrind (make memcheck), which takes seconds to start, the
# times are given that much more.
slack=0; [ -n "${DGS_MEMCHECK:-}" ] && slack=3000
SERVE_SH=./serve.sh; . ./serve.sh
serve fixtures/parallel.json
start=$(date +%s%N)
lint --service "$URL" --workspace-id 2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c \
    docs/job-all.json
echo "exit $?"
ms=$((($(date +%s%N) - start) / 1000000))
[ $ms -lt $((2500 + slack)) ] || echo "took $ms ms: the parts were not asked at once"
sort "$LOG"
