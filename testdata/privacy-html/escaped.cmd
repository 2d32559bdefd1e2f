#!/bin/sh
# Names that are markup, quotes and ampersands: escaped everywhere (in
# the text and in the attributes); no document, so nothing protected.
"$DGSLINT" --no-config --privacy-report -f html --schema fixtures/awkward.csv
