"$DGSLINT" tree
