"$DGSLINT" /dev/zero good.json
