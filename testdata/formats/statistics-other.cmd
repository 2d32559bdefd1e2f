# The other formats are written as usual beside the statistics; alone,
# --statistics has nothing to write (exit 2); -q counts what it shows;
# GITHUB_ACTIONS does not make the default github.
. ./tmp.sh
"$DGSLINT" --statistics -f text -f gitlab -o "$T/gl.json" docs/users.json; echo "exit $?"
grep -c check_name "$T/gl.json"
"$DGSLINT" --statistics -f sarif docs/users.json; echo "exit $?"
"$DGSLINT" --statistics -q docs/users.json docs/syntax.json; echo "exit $?"
GITHUB_ACTIONS=true "$DGSLINT" --statistics docs/syntax.json
