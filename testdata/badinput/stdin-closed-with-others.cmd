"$DGSLINT" ok.json - <&-
