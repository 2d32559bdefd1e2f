# Odd files (issue 38): -f rdjson on a FIFO document does not open it
# again after linting (it waited forever for a writer; its ranges give
# lines only); --service-ca-file or "serviceCaFile" naming a FIFO, or
# <(cat ca.pem), is refused at once, clearly (libcurl opened it at every
# request: blocked past --service-timeout, or empty at the second).
. ./tmp.sh
cp docs/warn.json "$T/warn.json"
cd "$T" || exit 2
mkfifo doc.json ca.pem
cat warn.json >doc.json &
timeout 20 "$DGSLINT" -f rdjson doc.json; echo "exit $?"
wait
timeout 20 "$DGSLINT" --service https://dgs.example --service-ca-file ca.pem \
    warn.json; echo "exit $?"
printf '{"service": "https://dgs.example", "workspace": "w", "serviceCaFile": "ca.pem"}\n' \
    >.dgslint.json
timeout 20 "$DGSLINT" warn.json; echo "exit $?"
