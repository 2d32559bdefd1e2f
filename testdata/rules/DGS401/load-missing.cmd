# A --generators file that does not exist.
"$DGSLINT" --color never --generators no-such-file.json good-catalogue.json
