# Odd files (issue 38): -f rdjson on a FIFO document does not open it
# again after linting (it waited forever for a writer; its ranges give
# lines only); --service-ca-file or DGSLINT_SERVICE_CA_FILE naming a FIFO, or
# <(cat ca.pem), is read once within --service-timeout (libcurl opened
# it at every request: blocked past the timeout, or empty at the
# second): nothing written to it in that time fails at the timeout,
# clearly, before any request; a directory is refused at once.
# (testdata/service/https.cmd verifies a reading against a FIFO's
# certificate.)
. ./tmp.sh
cp docs/warn.json "$T/warn.json"
cd "$T" || exit 2
mkfifo doc.json ca.pem
cat warn.json >doc.json &
timeout 20 "$DGSLINT" -f rdjson doc.json; echo "exit $?"
wait
export DGSLINT_API_KEY=k
timeout 20 "$DGSLINT" --service https://dgs.example --workspace w \
    --service-timeout 1 --service-ca-file ca.pem warn.json; echo "exit $?"
printf '{"service": "https://dgs.example", "workspace": "w", "serviceTimeout": 1}\n' \
    >.dgslint.json
{ XDG_CONFIG_HOME=$T DGSLINT_TRUSTED_SERVICES=https://dgs.example \
    DGSLINT_SERVICE_CA_FILE=$T/ca.pem timeout 20 "$DGSLINT" warn.json; echo "exit $?"; } 2>&1 |
    sed "s|$T|\$T|g"
mkdir ca.d
timeout 20 "$DGSLINT" --service https://dgs.example --workspace w \
    --service-ca-file ca.d warn.json; echo "exit $?"
