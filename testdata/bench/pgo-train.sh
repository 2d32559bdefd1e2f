#!/bin/sh
# testdata/bench/pgo-train.sh: the runs that train a build's profile (the
# Makefile's PGO, make pgo-train), with the lock of PLACE held.
#
#   sh testdata/bench/pgo-train.sh PLACE PROGRAM
#
# PROGRAM is the build made to count its branches (-fprofile-generate).
# What it runs is what users run: linting testdata's documents of every
# kind, with the configurations they hold; --diff and --fix.  Every
# count must be the same at each build, so that a release is the same
# bytes from the same commit (.ci/release builds it here and in the
# unpacked source tarball), and the counts follow what the runs see:
# so the program and the documents are copied to PLACE, a fixed
# directory (the paths' lengths, their ancestors), in the order of their
# names, and run there with no environment but the hash key
# (DGSLINT_TEST_HASH_KEY; the environment and the program's name move
# the stack) and, where setarch(8) can, no address randomisation; and on
# one thread.
# Exits 1 when a run ends by a signal or with a status above 2.
set -eu
[ $# -eq 2 ] || { echo "usage: pgo-train.sh PLACE PROGRAM" >&2; exit 2; }
place=$1 prog=$2
docs="testdata/corpus testdata/rules testdata/generators testdata/examples
testdata/valid testdata/replacements testdata/privacy testdata/fix"
rm -rf "$place"
mkdir -p "$place"
cp "$prog" "$place/dgslint"
# shellcheck disable=SC2086
tar --sort=name -cf - $docs | tar -xf - -C "$place"
norand=
if setarch "$(uname -m)" -R true 2>/dev/null; then
	norand="setarch $(uname -m) -R"
fi
cd "$place"
# run ARG...: the program on ARG..., its output dropped.
run() {
	st=0
	# shellcheck disable=SC2086
	env -i DGSLINT_TEST_HASH_KEY=1 DGSLINT_TEST_SNAPSHOT_SYNC=1 $norand \
	    ./dgslint -j 1 --no-gitignore --fail-on none "$@" \
	    >/dev/null 2>&1 || st=$?
	if [ "$st" -gt 2 ]; then
		echo "pgo-train.sh: dgslint $*: status $st" >&2
		exit 1
	fi
}
for d in $docs; do
	run "$d"
done
# A snapshot is loaded on the main thread (DGSLINT_TEST_SNAPSHOT_SYNC):
# on a thread of its own, which functions its thread and the main one
# call first changed from run to run (GCC's time profile).
p=testdata/privacy/fixtures
run --schema "$p/pagila.csv" "$p"
run --privacy-report --schema "$p/chinook.csv" "$p/chinook-all.json"
run --diff testdata/corpus testdata/fix
run --fix testdata/corpus testdata/fix
cd /
rm -rf "$place"
