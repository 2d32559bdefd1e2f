# The JSON shape, checked for every generator: the same members in the
# same order; each capability {value: yes|no|unknown, source, note}, and
# a yes or no with its source (a page and sentence) while an unknown one
# has no source; each setting the same members, {name, types, values,
# source, ...} with a source, and what it requires with a source;
# --explain ID -f json is the list's object for that id.
"$DGSLINT" --list-generators -f json >list.out || echo "list failed"
"$DGSLINT" --explain JsonMaskGenerator -f json >one.out || echo "explain failed"
python3 - <<'PY'
import json
gens = json.load(open("list.out"))
one = json.load(open("one.out"))
keys = None
skeys = None
bad = 0
for g in gens:
    k = list(g)
    if keys is None:
        keys = k
        print("members:", ", ".join(k))
        print("capabilities:", ", ".join(g["capabilities"]))
    if k != keys:
        print(g["id"], "members differ:", k); bad += 1
    for c, v in g["capabilities"].items():
        if sorted(v) != ["note", "source", "value"]:
            print(g["id"], c, "shape", sorted(v)); bad += 1
        elif v["value"] not in ("yes", "no", "unknown"):
            print(g["id"], c, "value", v["value"]); bad += 1
        elif v["value"] != "unknown" and not v["source"]:
            print(g["id"], c, "is", v["value"], "with no source"); bad += 1
        elif v["value"] == "unknown" and v["source"]:
            print(g["id"], c, "is unknown with a source"); bad += 1
    for s in g["settings"]:
        if skeys is None:
            skeys = list(s)
            print("setting members:", ", ".join(skeys))
        if list(s) != skeys or skeys[:4] != ["name", "types", "values", "source"] or not s["source"]:
            print(g["id"], "setting", s); bad += 1
    if g["replacedBy"] is not None and g["replacedBy"] not in [x["id"] for x in gens]:
        print(g["id"], "replaced by an unknown id", g["replacedBy"]); bad += 1
    if not g["source"]:
        print(g["id"], "no source"); bad += 1
ids = [g["id"] for g in gens]
if ids != sorted(ids):
    print("not sorted by id"); bad += 1
if [g for g in gens if g["id"] == one["id"]] != [one]:
    print("--explain", one["id"], "differs from its --list-generators object"); bad += 1
print(len(gens), "generators,", bad, "faults")
PY
rm -f list.out one.out
