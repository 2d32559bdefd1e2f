"$DGSLINT" --frobnicate good.json
