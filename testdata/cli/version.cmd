"$DGSLINT" --version
