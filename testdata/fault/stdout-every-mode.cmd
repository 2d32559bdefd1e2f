# Every mode's standard output is checked: a write that fails (a full
# device, a closed descriptor) is a message and exit 2, never exit 0 with
# nothing written.
modes() {
	"$@" --version; echo "--version: exit $?"
	"$@" --help; echo "--help: exit $?"
	"$@" --list-rules; echo "--list-rules: exit $?"
	"$@" --list-rules -f json; echo "--list-rules -f json: exit $?"
	"$@" --list-values format; echo "--list-values: exit $?"
	"$@" --explain DGS204; echo "--explain: exit $?"
	"$@" --list-generators; echo "--list-generators: exit $?"
	"$@" --list-generators -f json; echo "--list-generators -f json: exit $?"
	"$@" --explain NameGenerator; echo "--explain GENERATOR: exit $?"
	"$@" --print-schema replacements; echo "--print-schema: exit $?"
	"$@" --print-config docs/warn.json; echo "--print-config: exit $?"
	"$@" -q --fix - <docs/fixable.json; echo "--fix -: exit $?"
	"$@" -q --diff docs/fixable.json; echo "--diff: exit $?"
	"$@" -q docs/fixable.json; echo "lint: exit $?"
}
echo "== /dev/full"
modes_full() { "$DGSLINT" "$@" >/dev/full; }
modes modes_full 2>&1
echo "== closed"
modes_closed() { "$DGSLINT" "$@" >&-; }
modes modes_closed 2>&1
