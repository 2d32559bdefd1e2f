# A tree deeper than the system's longest path (PATH_MAX, 4096 bytes):
# what lies below that depth cannot be opened by name; it is reported and
# counted as unreadable (exit 2), never passed over.
. ./tmp.sh
# Made by python3, which goes down one directory at a time (a shell's cd
# keeps the whole path, and stops at PATH_MAX).
mkdir "$T/deep" && cp docs/warn.json "$T/deep/a.json"
python3 -c 'import os, shutil, sys
os.chdir(sys.argv[1])
for i in range(45):
    os.mkdir("0" * 100)
    os.chdir("0" * 100)
shutil.copy(sys.argv[2], "b.json")' "$T/deep" "$(pwd)/docs/warn.json"
cd "$T" || exit 2
"$DGSLINT" deep 2>&1 | sed 's/0\{100\}/N/g'
"$DGSLINT" -f json deep 2>/dev/null | sed -n 's/.*"summary"/"summary"/p'
