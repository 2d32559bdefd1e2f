# A new table is one finding for the run, at the first replacements
# document given (not at each), with every -j.
o="--schema ../../schema/fixtures/shop.csv --schema-before ../../schema/fixtures/shop-no-customers.csv"
"$DGSLINT" $o -j 1 ../DGS811/good.json bad.json > "${TMPDIR:-/tmp}/dgs813-j1.out" 2>&1
"$DGSLINT" $o -j 3 ../DGS811/good.json bad.json 2>&1 | tee "${TMPDIR:-/tmp}/dgs813-j3.out" | grep DGS813
cmp -s "${TMPDIR:-/tmp}/dgs813-j1.out" "${TMPDIR:-/tmp}/dgs813-j3.out" && echo "-j 1 and -j 3: the same output"
rm -f "${TMPDIR:-/tmp}/dgs813-j1.out" "${TMPDIR:-/tmp}/dgs813-j3.out"
