# A misspelt long option names the closest one (with or without =VALUE);
# one close to none is only unknown.
"$DGSLINT" --formt json good.json
"$DGSLINT" --stdin-filname=x.json -
"$DGSLINT" --frobnicate good.json
