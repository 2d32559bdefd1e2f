# Two equal findings in one document get fingerprints of their own (the
# occurrence after the hash); the fingerprints stay when the lines move.
. ./tmp.sh
"$DGSLINT" -f gitlab docs/twins.json 2>/dev/null | sed -n 's/.*"fingerprint":"\([^"]*\)".*"begin":\([0-9]*\).*/\1 line \2/p'
mkdir "$T/docs"
{ printf '\n\n'; cat docs/twins.json; } >"$T/docs/twins.json"
(cd "$T" && "$DGSLINT" -f gitlab docs/twins.json 2>/dev/null) | sed -n 's/.*"fingerprint":"\([^"]*\)".*"begin":\([0-9]*\).*/\1 line \2/p'
