# In every format, and under -j, as any finding.
cd fixtures/bad && "$DGSLINT" -j 2 --format json .dgslint.json ../syntax/.dgslint.json
