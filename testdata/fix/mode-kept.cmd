# The fixed file keeps its mode; no temporary file is left behind.
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
cp DGS205-member-case.json "$t/m.json"
chmod 640 "$t/m.json"
cd "$t" || exit 2
"$DGSLINT" --color never --fix m.json
echo "exit $?"
ls -l m.json | cut -c1-10
ls -A
