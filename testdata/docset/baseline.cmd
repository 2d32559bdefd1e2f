# A baseline recorded with -j 1 hides the findings across documents for
# -j 4; a new duplicate in a new file is still reported.
T=$(mktemp -d) || exit 2
trap 'rm -rf "$T"' EXIT
cp -R fixtures/repo "$T/repo"
cd "$T/repo" || exit 2
"$DGSLINT" --no-config -j 1 -q --write-baseline ../base.json . >/dev/null
"$DGSLINT" --no-config -j 4 --baseline ../base.json .
echo "exit $?"
cp replacements/a-email.json replacements/d-email.json
"$DGSLINT" --no-config -j 4 --baseline ../base.json .
