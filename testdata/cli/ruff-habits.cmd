# What a ruff or biome user types first.
# "check" as the first word, when no such path exists: the paths after it.
"$DGSLINT" check warn.json; echo "status $?"
# "check" alone: the current directory (a scratch one holding warn.json).
d=$(mktemp -d) && cp warn.json "$d/" && (cd "$d" && "$DGSLINT" check); echo "status $?"
# A file named check is linted as named.
printf '{"workspaceId": "w"}\n' > "$d/check" && (cd "$d" && "$DGSLINT" check); echo "status $?"
rm -rf "$d"
# --output-format is --format.
"$DGSLINT" --output-format json -q warn.json; echo "status $?"
# --exit-zero: status 0 with a warning; contradicted by --fail-on LEVEL.
"$DGSLINT" --exit-zero warn.json; echo "status $?"
"$DGSLINT" --exit-zero --fail-on none warn.json >/dev/null 2>&1; echo "status $?"
"$DGSLINT" --fail-on warning --exit-zero warn.json; echo "status $?"
# An unreadable input still gives 2.
"$DGSLINT" --exit-zero no-such-file.json >/dev/null 2>&1; echo "status $?"
# Options of the same meaning, whatever their spelling.
for o in --silent --output-file=x --reporter=json --show-settings \
    --extend-select=DGS2 --no-color; do
	"$DGSLINT" $o warn.json
done
