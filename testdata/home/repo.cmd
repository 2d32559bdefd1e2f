# At home in a real repository: a web app beside the service documents
# (package.json, tsconfig.json with comments, renovate.json,
# .vscode/settings.json, GeoJSON, a .dgslint.json).  dgslint ., the files
# as pre-commit names them and the language server report only the
# service documents; .dgslint.json's faults are located in it; an
# untracked conflicting file refuses no commit (--context reads what is
# committed).
. ../formats/tmp.sh
here=$(pwd)
cp -R fixtures/web/. "$T/"
cd "$T" || exit 2
git init -q . && git config user.email t@example.com && git config user.name t
git add -A && git commit -q -m web
echo "== dgslint ."
"$DGSLINT" --color never .; echo "exit $?"
echo "== every JSON file, named as pre-commit names them (types: [json])"
"$DGSLINT" --color never $(git ls-files '*.json' '*.geojson'); echo "exit $?"
echo "== -v names what is left alone"
"$DGSLINT" --color never -v . package.json; echo "exit $?"
echo "== an untracked copy of a service document refuses no commit"
cp config/dgs/replacements.json config/dgs/scratch.json
"$DGSLINT" --color never --context . config/dgs/replacements.json; echo "exit $?"
echo "== .dgslint.json, broken: located in it"
printf '{\n  "rules": {"unknown-membr": "error"},\n  "exclude": "vendor/**"\n}\n' >.dgslint.json
"$DGSLINT" --color never .dgslint.json; echo "exit $?"
echo "== the language server: only the service documents have diagnostics"
git checkout -q .dgslint.json
sed "s|@WEB@|$T|g" "$here/lsp.session.in" >"$T/lsp.session"
sh "$here/../lsp/replay" "$T/lsp.session" | sed "s|$T|@WEB@|g" |
    grep -o '"uri":"[^"]*","version":1,"diagnostics":\[[^]]*\]\?' |
    sed -E 's/"message":"([^"\\]|\\.)*"//g'
echo "== --fix writes the service document only"
"$DGSLINT" --color never --fix .; echo "exit $?"
git diff --name-only
