#!/bin/sh
# chinook's columns (its customers' and employees' names, addresses,
# phones, emails and birth dates at risk; album.title, artist.name,
# invoice.total, track.composer not sensitive); exit 1.
"$DGSLINT" --privacy-report --schema fixtures/chinook.csv
