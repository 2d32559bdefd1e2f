# Text to the terminal, SARIF and JUnit to files, in one run.
. ./sarif.sh
"$DGSLINT" -f text -f sarif -o "$T/out.sarif" -f junit --output "$T/out.xml" \
    docs/users.json docs/clean.json; rc=$?
echo "== the --output SARIF file"; sarif "$T/out.sarif"
echo "== the --output JUnit file"; cat "$T/out.xml"
exit $rc
