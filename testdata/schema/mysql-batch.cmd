#!/bin/sh
# mysql --batch output: tab-separated
"$DGSLINT" --schema fixtures/mysql-batch.tsv - <<EOF
[{"schema": "shop", "table": "users", "links": [{"schema": "shop", "table": "users", "column": "emial", "metadata": {"generatorId": "EmailGenerator"}}]}]
EOF
