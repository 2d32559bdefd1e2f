# --config FILE that cannot be used when it is read again (the server
# told of its change): the documents are linted with its last good
# version (member-case DGS205 at info), not with the .dgslint.json that
# discovery would find (fixtures/proj's makes it an error), and its
# problems are the diagnostics of FILE, not of the documents.  The
# client writes to a FIFO, and breaks the file once the server has
# answered the hover, so that it read it whole at its start.
t=$(mktemp -d) || exit 2
trap 'rm -rf "$t"' EXIT
dir=$(pwd)
printf '{"rules": {"member-case": "info"}}\n' >"$t/.dgslint.json"
mkfifo "$t/in" || exit 2
frame() {
	printf 'Content-Length: %d\r\n\r\n%s' "$(printf '%s' "$1" | wc -c)" "$1"
}
uri="file://$dir/fixtures/proj/doc.json"
doc='{\"StrictMode\": \"NotStrict\"}'
DGSLINT_TEST_LSP_SERIAL=1 "$DGSLINT" --lsp --config "$t/.dgslint.json" \
    <"$t/in" >"$t/out" 2>"$t/err" &
pid=$!
{
	frame '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'
	frame '{"jsonrpc":"2.0","method":"initialized","params":{}}'
	frame '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"'"$uri"'","languageId":"json","version":1,"text":"'"$doc"'"}}}'
	frame '{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":{"uri":"'"$uri"'"},"position":{"line":0,"character":3}}}'
	n=0
	until grep -q '"id":2' "$t/out" || [ $n -ge 200 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	printf '{"rules": {"member-cas": "info"}}\n' >"$t/.dgslint.json"
	frame '{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[{"uri":"file://'"$t"'/.dgslint.json","type":2}]}}'
	frame '{"jsonrpc":"2.0","id":3,"method":"shutdown"}'
	frame '{"jsonrpc":"2.0","method":"exit"}'
} >"$t/in"
wait $pid
rc=$?
# Each message on a line, as replay shows them; the hover left out.
awk 'BEGIN { RS = "Content-Length: " }
NR > 1 { print substr($0, index($0, "\r\n\r\n") + 4) }' "$t/out" |
    grep -v '"id":2' | sed "s|$dir|@DIR@|g; s|$t|@TMP@|g"
sed "s|$dir|@DIR@|g; s|$t|@TMP@|g" "$t/err"
exit $rc
