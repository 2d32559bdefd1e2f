"$DGSLINT" - <&-
