# A report, baseline, JSON Schema or snapshot that dgslint wrote, met in
# a walk (the report of an earlier run, in the tree it linted), is
# skipped with a note (even under -q) and counted, never linted as a
# document of no known kind; the run's own output is replaced.  A file
# named is always linted (issue 38): pre-commit's hook is restricted to
# the service documents by its files: pattern.
. ./tmp.sh
mkdir "$T/d" && cp docs/warn.json "$T/d/a.json"
cd "$T" || exit 2
"$DGSLINT" -q -f json -o d/report.json d; echo "exit $?"
"$DGSLINT" -q -f sarif -o d/report.sarif.json d; echo "exit $?"
"$DGSLINT" -q -f gitlab -o d/gl-code-quality-report.json d; echo "exit $?"
"$DGSLINT" -q -f rdjson -o d/rdjson.json d; echo "exit $?"
"$DGSLINT" -q --write-baseline d/baseline.json d; echo "exit $?"
"$DGSLINT" --print-schema job-start >d/job-start.schema.json
echo "== the next run replaces its own report, and lints a.json only"
"$DGSLINT" -f json -o d/report.json d; echo "exit $?"
sed -n 's/.*"summary"/"summary"/p' d/report.json
echo "== named"
"$DGSLINT" d/baseline.json d/a.json; echo "exit $?"
