"$DGSLINT" warn.json no-such-file.json bad.json
