# A --generators file that cannot be used: exit 2, naming the element.
"$DGSLINT" --color never --generators broken-generators.json.in good-catalogue.json
