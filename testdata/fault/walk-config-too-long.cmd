# A walk reaching a directory whose absolute path is too long to look in
# for a .dgslint.json (PATH_MAX), though the document's own path, relative,
# is not: the document is named, passed over (counted as unreadable) and
# the run goes on (issue 38: "cannot read the configuration: File name
# too long" stopped the whole run, no findings).
. ./tmp.sh
mkdir "$T/deep" && cp docs/warn.json "$T/deep/a.json"
python3 -c 'import os, shutil, sys
os.chdir(sys.argv[1])
for i in range(40):
    os.mkdir("0" * 100)
    os.chdir("0" * 100)
# The absolute directory plus "/.dgslint.json" reaches 4,096 bytes.
n = 4096 - len(os.getcwd()) - len("/.dgslint.json")
os.mkdir("1" * n)
os.chdir("1" * n)
shutil.copy(sys.argv[2], "b.json")' "$T/deep" "$(pwd)/docs/warn.json"
cd "$T" || exit 2
"$DGSLINT" deep 2>&1 | sed 's/0\{100\}/N/g; s/1\{5,\}/M/'
"$DGSLINT" -f json deep 2>/dev/null | sed -n 's/.*"summary"/"summary"/p'
"$DGSLINT" -q deep >/dev/null 2>&1; echo "exit $?"
