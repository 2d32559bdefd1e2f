"$DGSLINT" --list-rules | head -3
