"$DGSLINT" warn.json > /dev/full
