# --list-values: the words an option takes, one a line, from the tables
# (cli/names.c): what the shells' completions ask; the formats each with
# a tab and its help line.  Another word is a usage error.
for o in format kind print-schema license fail-on severity color; do
	echo "== $o"
	"$DGSLINT" --list-values $o
done
"$DGSLINT" --list-values formats; echo "exit $?"
