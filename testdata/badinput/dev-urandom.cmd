"$DGSLINT" /dev/urandom ok.json
