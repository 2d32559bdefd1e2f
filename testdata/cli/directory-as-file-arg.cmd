"$DGSLINT" tree/c
