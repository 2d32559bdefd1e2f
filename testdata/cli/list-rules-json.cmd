"$DGSLINT" --list-rules -f json | head -3
