"$DGSLINT" --disable no-such-rule x.json; "$DGSLINT" --severity DGS204 x.json; "$DGSLINT" --severity DGS204=loud x.json
