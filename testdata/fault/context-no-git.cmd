# --context in a git work tree where git cannot be run (dgslint's image
# has no git; a repository of another owner git will not read): said, and
# nothing walked, rather than the untracked files judged as committed.
# The files named are still linted; the exit status is 2.
d=$(mktemp -d) || exit 2
git init -q "$d/repo" && cp ../examples/start-job.json "$d/repo/job.json"
mkdir "$d/repo/sub" && printf '{"workspaceId": 1}\n' >"$d/repo/sub/untracked.json"
dgslint=$DGSLINT
# A PATH without git (with valgrind alone, for make memcheck's wrapper).
mkdir "$d/bin"
if v=$(command -v valgrind); then
	for f in "$v" "$v.bin"; do [ ! -e "$f" ] || ln -s "$f" "$d/bin/"; done
fi
(cd "$d/repo/sub" && PATH=$d/bin "$dgslint" --context .. ../job.json)
echo "status $?"
# Outside a work tree, the directory is walked as before.
mkdir "$d/plain" && cp ../examples/start-job.json "$d/plain/job.json"
(cd "$d/plain" && PATH=$d/bin "$dgslint" -q --context . job.json)
echo "status $?"
rm -rf "$d"
