# The user's list of trusted services is read never by waiting and
# within 64 KiB (issue 45): a FIFO there blocked the run forever; a
# device or a larger file is not read either, said, and allows nothing
# (the service is not contacted: DGS909).  timeout: a hang is the
# failure.
. ./tmp.sh
cp docs/warn.json "$T/warn.json"
cd "$T" || exit 2
mkdir -p cfg/dgslint
printf '{"service": "https://dgs.example", "workspace": "w"}\n' \
    >.dgslint.json
export DGSLINT_API_KEY=k XDG_CONFIG_HOME=$T/cfg
mkfifo cfg/dgslint/trusted-services
{ timeout 20 "$DGSLINT" -q warn.json; echo "exit $?"; } 2>&1 | sed "s|$T|\$T|g"
rm cfg/dgslint/trusted-services
ln -s /dev/zero cfg/dgslint/trusted-services
{ timeout 20 "$DGSLINT" -q warn.json; echo "exit $?"; } 2>&1 | sed "s|$T|\$T|g"
