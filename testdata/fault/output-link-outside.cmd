# No output is written through a symbolic link that lies inside the
# directory the run started in and leads outside it (issue 45): a
# repository's committed gl-code-quality-report.json -> ~/.ssh/... had
# -o (the README's GitLab job), --write-baseline and --fix replace any
# file the CI user can write.  Refused with exit 2 before anything is
# written; links inside the tree, and a path outside it named as it is,
# are written as before.
. ./tmp.sh
mkdir "$T/tree" "$T/outside" "$T/tree/reports"
cp docs/warn.json "$T/tree/warn.json"
cp docs/fixable.json "$T/outside/fixable.json"
cd "$T/tree" || exit 2
echo secret >../outside/authorized_keys
ln -s ../outside/authorized_keys gl-code-quality-report.json
ln -s ../outside out
ln -s ../outside/fixable.json fixable.json
"$DGSLINT" -f text -f gitlab -o gl-code-quality-report.json warn.json
echo "exit $?"
"$DGSLINT" -f gitlab -o out/report.json warn.json; echo "exit $?"
"$DGSLINT" -q --write-baseline gl-code-quality-report.json warn.json
echo "exit $?"
"$DGSLINT" -q --fix fixable.json; echo "exit $?"
cat ../outside/authorized_keys
ls ../outside
cmp -s fixable.json "$OLDPWD/docs/fixable.json" && echo "fixable.json unchanged"
# Links inside the tree are written through, the links kept.
echo old >reports/r.json
ln -s reports/r.json inside.json
ln -s reports rep
"$DGSLINT" -q -f json -o inside.json -f sarif -o rep/r.sarif warn.json
echo "exit $?"
test -L inside.json && head -c 9 reports/r.json && echo
ls reports
"$DGSLINT" -q -f json -o ../outside/named.json warn.json; echo "exit $?"
ls ../outside
