# A repository's .git/config names programs git would run: --context
# (git ls-files, git cat-file) and the walk's ignore files (git config,
# git rev-parse) run git with each such setting off, so that a checkout
# that is not the user's runs nothing of its own: core.fsmonitor (run by
# ls-files as it reads the index), a lazy fetch of a partial clone
# through any protocol (core.sshCommand, remote helpers), the pager.
. ./tmp.sh
cp docs/warn.json "$T/warn.json"
cd "$T" || exit 2
git init -q . && git config user.email t@example.com && git config user.name t
git add warn.json && git commit -q -m warn
git config core.fsmonitor "touch $T/PWNED-fsmonitor; false"
git config core.pager "touch $T/PWNED-pager; cat"
git config core.sshCommand "touch $T/PWNED-ssh; false"
"$DGSLINT" -q warn.json --context .; echo "exit $?"
"$DGSLINT" -q .; echo "exit $?"
ls PWNED-* 2>/dev/null || echo "nothing ran"
# A partial clone (--filter=blob:none) lacks the blobs: cat-file would
# fetch them from its remote, running the remote's uploadpack command of
# .git/config.  No protocol is allowed: nothing runs, and the documents
# that cannot be read are not read.
git init -q src && (cd src && git config user.email t@example.com &&
    git config user.name t && cp ../warn.json . && git add warn.json &&
    git commit -q -m warn && git config uploadpack.allowFilter true)
git clone -q --filter=blob:none --no-checkout "file://$T/src" clone
cd clone || exit 2
git read-tree HEAD	# the index, its blobs not fetched
git config remote.origin.uploadpack "touch $T/PWNED-uploadpack; git-upload-pack"
cp ../warn.json named.json
"$DGSLINT" -q named.json --context . >/dev/null 2>&1
if [ -e "$T/PWNED-uploadpack" ]; then echo "the uploadpack command ran"
else echo "nothing ran"; fi
