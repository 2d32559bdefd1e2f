# Outputs are compared with inputs by device and inode (issue 38):
# standard input named by --stdin-filename is that file, which neither
# --output nor --write-baseline replaces; /dev/stdout is standard output,
# so that a second format there is refused, not lost; and a file the run
# wrote before, met in a walk, is not a document: --statistics -f json
# -o stats.json . runs twice, a third time with nothing to count.
. ./tmp.sh
mkdir "$T/d"
cp docs/warn.json "$T/d/doc.json"
cd "$T" || exit 2
echo "== --stdin-filename"
"$DGSLINT" -f json -o d/doc.json --stdin-filename d/doc.json - <d/doc.json
echo "exit $?"
"$DGSLINT" --write-baseline d/doc.json --stdin-filename d/doc.json - \
    <d/doc.json
echo "exit $?"
cmp d/doc.json "$OLDPWD/docs/warn.json" && echo "d/doc.json is whole"
echo "== /dev/stdout"
"$DGSLINT" -f json -o /dev/stdout -f sarif d/doc.json >out
echo "exit $?"
"$DGSLINT" -f json -o /dev/stdout d/doc.json | sed -n 's/.*"summary"/"summary"/p'
echo "== --statistics twice"
cd d || exit 2
for i in 1 2; do
	"$DGSLINT" --statistics -f json -o stats.json .; echo "exit $?"
done
cat stats.json
rm doc.json
echo '[]' >a.json
"$DGSLINT" --statistics -f json -o stats.json .; echo "exit $?"
"$DGSLINT" --statistics -f json -o stats.json .; echo "exit $?"
