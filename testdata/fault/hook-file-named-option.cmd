# pre-commit appends the file names to each hook's entry of
# .pre-commit-hooks.yaml: each entry ends with `--`, so that a tracked
# file named `--output=credentials.json` is linted as a file, and the
# git-ignored credentials.json is not overwritten with a report (issue
# 45).  The entries are read from the manifest, not copied; the
# container's hook runs the same words after its image.  The GitHub
# Action's paths (lint.sh) come after `--` too.
. ./tmp.sh
top=$(cd ../.. && pwd)
hooks=$top/.pre-commit-hooks.yaml
cp docs/warn.json "$T/--output=credentials.json"
cp docs/warn.json "$T/job.json"
cd "$T" || exit 2
printf 'secret\n' >credentials.json
# A repository where credentials.json is ignored, out of --context's
# reach, and the two documents are staged.
printf 'credentials.json\n' >.gitignore
git init -q . && git add .gitignore job.json -- --output=credentials.json ||
    exit 2
sed -n 's/^  entry: [^ ]* //p' "$hooks" | while read -r words; do
	echo "hook: $words"
	# shellcheck disable=SC2086 # the entry's words, as pre-commit splits
	"$DGSLINT" $words --output=credentials.json job.json; echo "exit $?"
done
mkdir bin && ln -s "$DGSLINT" bin/dgslint || exit 2
PATH=$T/bin:$PATH DGSLINT_FORMAT=text \
    DGSLINT_PATHS="--output=credentials.json job.json" \
    sh "$top/.github/actions/dgslint/lint.sh"; echo "exit $?"
rm -r bin
cat credentials.json
ls -A | grep -v '^\.git$'
