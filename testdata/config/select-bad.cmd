# A word of a list that is no rule, nor the start of an id, is a usage
# error (the closest rule suggested); so is an empty one.
"$DGSLINT" --select DGS02 x.json
"$DGSLINT" --select DGS2,,DGS3 x.json
"$DGSLINT" --ignore unknown-membr x.json
"$DGSLINT" --disable DGS2,DGS99 x.json
"$DGSLINT" --enable , x.json
"$DGSLINT" --severity DGS2,nope=info x.json
