# Under "include", a file there is a service document: one that tells no
# kind raises kind-unknown, however foreign its members.
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
mkdir "$t/.git" "$t/dgs"
printf '{"include": ["dgs/**"]}\n' >"$t/.dgslint.json"
cp fixtures/hello.json "$t/dgs/hello.json"
cp fixtures/hello.json "$t/hello.json"
cd "$t" && "$DGSLINT" --color never -v . hello.json
