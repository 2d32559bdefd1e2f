# fix.sh: a golden case of --fix, run by NAME.cmd as
#   sh ./fix.sh NAME [dgslint options]
# on a copy of NAME.json: shows the --diff, what --fix reports and
# writes (the document after), and checks that the diff applied with
# patch -p0 gives that document and that a second --fix changes nothing.
set -u
name=$1; shift
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
mkdir "$t/p"
cp "$name.json" "$t/$name.json"
cp "$name.json" "$t/p/$name.json"
cd "$t" || exit 2
echo "== dgslint --diff $*"
"$DGSLINT" --color never --diff "$@" "$name.json" >diff 2>err
echo "exit $?"
cat diff
echo "== stderr"
cat err
echo "== dgslint --fix $*"
"$DGSLINT" --color never --fix "$@" "$name.json" 2>&1
echo "exit $?"
echo "== after"
cat "$name.json"
(cd p && patch -s -p0 <../diff) && cmp -s "$name.json" "p/$name.json" &&
    echo "== patch -p0 with the diff gives the same document"
cp "$name.json" again.json
"$DGSLINT" --fix "$@" "$name.json" >/dev/null 2>&1
cmp -s "$name.json" again.json && echo "== a second --fix changes nothing"
