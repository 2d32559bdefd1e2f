"$DGSLINT" -j -3 x.json; "$DGSLINT" -j many x.json
