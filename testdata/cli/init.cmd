# --init [DIR]: a first .dgslint.json with "$schema" (its JSON Schema
# written beside it) and "include" for the service's documents found;
# never over an existing one.
d=$(mktemp -d) || exit 2
cp -r ../examples/replacements ../examples/start-job.json \
    ../examples/subsetting.json "$d/"
mkdir "$d/web" && printf '{"name": "app", "version": "1.0.0"}\n' >"$d/package.json"
printf '{"compilerOptions": {}}\n' >"$d/web/tsconfig.json"
(cd "$d" && "$DGSLINT" --init); echo "status $?"
cat "$d/.dgslint.json"
# The configuration is valid, and its schema is --print-schema config's.
"$DGSLINT" --print-schema config | cmp - "$d/dgslint.schema.json" && echo "schema: --print-schema config's"
(cd "$d" && "$DGSLINT" -q --fail-on none --select DGS002 .); echo "status $?"
# Never over a configuration.
(cd "$d" && "$DGSLINT" --init); echo "status $?"
rm -rf "$d"
# Every file a document: one pattern; the schema kept when it is there.
d=$(mktemp -d) && mkdir "$d/a" && cp ../examples/start-job.json "$d/a/" &&
    cp ../examples/subsetting.json "$d/" &&
    "$DGSLINT" --print-schema config >"$d/dgslint.schema.json"
"$DGSLINT" --init "$d" 2>&1 | sed "s|$d|DIR|g"; echo "status $?"
cat "$d/.dgslint.json"
rm -rf "$d"
# No document: no include.  A document at the top whose name other JSON
# below has: said, not included.
d=$(mktemp -d) && printf '{"name": "x"}\n' >"$d/package.json"
"$DGSLINT" --init "$d" 2>&1 | sed "s|$d|DIR|g"; cat "$d/.dgslint.json"
rm -f "$d/.dgslint.json" "$d/dgslint.schema.json"
cp ../examples/start-job.json "$d/job.json" && mkdir "$d/b" &&
    printf '{"name": "x"}\n' >"$d/b/job.json"
"$DGSLINT" --init "$d" 2>&1 | sed "s|$d|DIR|g"; cat "$d/.dgslint.json"
rm -rf "$d"
# Usage.
"$DGSLINT" --init no-such-dir; echo "status $?"
"$DGSLINT" --init warn.json; echo "status $?"
"$DGSLINT" --init a b
