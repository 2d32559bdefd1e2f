# Configuration: a severity for a rule across documents, a file override
# that turns one off, and one under a pointer; --disable on the command
# line.
cd fixtures/repo || exit 2
"$DGSLINT" --config ../overrides.json -j 4 .
echo "exit $?"
"$DGSLINT" --config ../overrides.json -j 1 --disable DGS883 --disable DGS610 schema
