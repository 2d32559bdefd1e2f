#!/bin/sh
# RFC 4180: CRLF, quoted fields with commas, quotes and a line break
"$DGSLINT" --schema fixtures/rfc4180.csv fixtures/users.json
"$DGSLINT" --schema fixtures/rfc4180.csv --enable DGS803 - <<EOF
[{"schema": "public", "table": "users", "links": [{"schema": "public", "table": "users", "column": "note, with \\"quotes\\"\\r\\nand a line break", "metadata": {"generatorId": "TextMaskGenerator"}}]}]
EOF
