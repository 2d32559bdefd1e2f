# Paths relative to $CI_PROJECT_DIR (GitLab CI sets it), else to the
# working directory; "." and ".." segments taken out; a document outside
# keeps its name.
here=$(pwd)
CI_PROJECT_DIR=$(cd ../.. && pwd) "$DGSLINT" -f gitlab ./docs/../docs/syntax.json 2>/dev/null | grep -o '"path":"[^"]*"'
"$DGSLINT" -f gitlab "$here/docs/syntax.json" 2>/dev/null | grep -o '"path":"[^"]*"'
CI_PROJECT_DIR="$here/docs" "$DGSLINT" -f gitlab "$here/docs/syntax.json" 2>/dev/null | grep -o '"path":"[^"]*"'
CI_PROJECT_DIR="$here/docs" "$DGSLINT" -f gitlab ../formats/gitlab-clean.cmd 2>/dev/null | grep -o '"path":"[^"]*"'
exit 0
