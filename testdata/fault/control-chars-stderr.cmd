# Control characters in file names and option values never reach the
# terminal raw (a name could clear the screen or set the window's title):
# every message on standard error writes C0, C1 and DEL as \uXXXX (a tab
# and a carriage return as \t and \r), as the text format writes a
# finding's file name; its lines keep their shape.  cat -v shows any raw
# byte left (^[ for ESC).
. ./tmp.sh
cp docs/warn.json "$T/$(printf 'a\033[31mred\007.json')"
printf '{"name": "x"}\n' >"$T/$(printf 'other\302\233.json')"
cd "$T" || exit 2
esc=$(printf '\033')
"$DGSLINT" --color never "no${esc}]0;title$(printf '\007')such.json" 2>&1 | cat -v
"$DGSLINT" --color never --select "x${esc}[2J" . 2>&1 | cat -v
"$DGSLINT" --color never --format "json${esc}[2J" . 2>&1 | cat -v
"$DGSLINT" --color never -v . 2>&1 | LC_ALL=C sort | cat -v
# --print-config's text lines too (its JSON escapes as JSON does).
"$DGSLINT" --print-config "$(printf 'a\033[31mred\007.json')" | head -1 | cat -v
