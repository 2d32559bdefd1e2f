# --print-config -f json: one object, each setting with its value and
# where it comes from, every rule with its level, where it comes from and
# the levels under the pointers of overrides, and the overrides that
# apply (here without the rules at their defaults); every string escaped,
# whatever a path holds.
cd fixtures/repo && mkdir -p .git
"$DGSLINT" -f json --print-config legacy/users.json --ignore DGS307 >out.json
python3 -c 'import json; json.load(open("out.json"))' && echo "valid JSON"
grep -v '"from":"default","pointers":\[\]},*$' out.json
"$DGSLINT" --print-config put/orders.json -f json --schema ../../../schema/fixtures/shop.csv \
    --service https://structural.example.com --workspace-id 12 --rule-url https://example.org/r/ \
    --license basic --fail-on none | sed -n '1,/"rules"/p'
rm -f out.json; rmdir .git
cd ../.. && rm -rf 'quote"d' && mkdir -p 'quote"d/.git' || exit 2
printf '{"kinds": {"*.json": "preset"}, "overrides": [{"files": ["*"], "pointers": ["/\\u0007"], "rules": {"DGS204": "off"}}]}' >'quote"d/.dgslint.json'
"$DGSLINT" -f json --print-config "$(printf 'quote"d/a\\b\n.json')" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(repr(d["file"]), d["configuration"], d["kind"], d["overrides"])
print([r for r in d["rules"] if r["pointers"]])'
rm -rf 'quote"d'
