"$DGSLINT" --stdin-filename x.json good.json
