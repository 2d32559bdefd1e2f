# what make demo shows
"$DGSLINT" ../examples
