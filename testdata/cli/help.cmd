"$DGSLINT" --help | head -3
