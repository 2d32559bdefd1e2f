# Where --output may point: a new file (mode 0666 less the umask), an old
# one (its mode kept), a device (written in place), a FIFO nothing reads
# (refused at once: it would wait forever), a directory, a link to
# nothing.  timeout: a hang is the failure.
. ./tmp.sh
cd "$T" || exit 2
cp "$OLDPWD/docs/warn.json" warn.json
umask 022
"$DGSLINT" -q -f json -o new.json warn.json; echo "exit $?"
stat -c '%a' new.json
chmod 600 new.json
"$DGSLINT" -q -f json -o new.json warn.json; echo "exit $?"
stat -c '%a' new.json
"$DGSLINT" -q -f json -o /dev/null warn.json; echo "exit $?"
mkfifo fifo
timeout 20 "$DGSLINT" -q -f json -o fifo warn.json; echo "exit $?"
mkdir dir
"$DGSLINT" -q -f json -o dir warn.json; echo "exit $?"
ln -s nothing dangling.json
"$DGSLINT" -q -f json -o dangling.json warn.json; echo "exit $?"
ls -A | grep dgslint- || echo "no temporary file left"
