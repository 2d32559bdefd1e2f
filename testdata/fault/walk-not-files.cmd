# What a directory's walk finds that is not a file to read is named and
# counted, never read and never passed over in silence: a FIFO (reading
# it would wait forever), a socket, a device, a link to nothing, a loop
# of links, a link back up the tree.  timeout: a hang is the failure.
. ./tmp.sh
mkdir "$T/d" "$T/d/sub"
cp docs/warn.json "$T/d/a.json"
mkfifo "$T/d/fifo.json"
python3 -c 'import socket, sys
socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$T/d/socket.json"
ln -s /dev/null "$T/d/device.json"
ln -s nothing.json "$T/d/dangling.json"
ln -s loop.json "$T/d/loop.json"
ln -s .. "$T/d/sub/up"
ln -s nothing "$T/d/not-json-dangling"
cd "$T" || exit 2
timeout 20 "$DGSLINT" d; echo "exit $?"
timeout 20 "$DGSLINT" -f json d | sed -n 's/.*"summary"/"summary"/p'
