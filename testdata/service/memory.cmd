# A 31.5 MB answer (schema changes as the service writes them, made at
# test time; 3 MB under valgrind) is read within the memory the manual
# gives, about 12 times its size (the answer and its JSON tree, while it
# is read): peak RSS at most 13 times, said only when it is more.  Not
# measured under a sanitizer or valgrind, whose own memory it would be.
mb=31.5; [ -n "${DGS_MEMCHECK:-}" ] && mb=3
SERVE_SH=./serve.sh; . ./serve.sh
python3 - "$svc_tmp/big.json" "$mb" <<'PY' || exit 2
import json, sys
w = json.load(open("fixtures/world.json"))
items, size, i = [], 2, 0
while size < float(sys.argv[2]) * 1024 * 1024:
    items.append(json.dumps({"schemaName": "public", "tableName": "users",
                             "issueCode": "new_column",
                             "columnName": "column_%07d" % i,
                             "oldDataType": None, "newDataType": "text"}))
    size += len(items[-1]) + 2
    i += 1
raw = "[" + ", ".join(items) + "]"
w["routes"] = {"/api/SchemaDiff": {"raw": raw}}
with open(sys.argv[1], "w") as f:
    json.dump(w, f)
with open(sys.argv[1] + ".size", "w") as f:
    f.write("%d\n" % len(raw))
PY
serve "$svc_tmp/big.json"
python3 - "$svc_tmp" "$DGSLINT" --color never --service "$URL" \
    --workspace-id 2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c --service-timeout 60 \
    docs/job-all.json <<'PY'
import re, resource, subprocess, sys
tmp, argv = sys.argv[1], sys.argv[2:]
out = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
# The count of changes is the answer's size's (smaller under valgrind).
sys.stdout.write(re.sub(r"lists \d+ unresolved|and \d+ more", lambda m:
    re.sub(r"\d+", "N", m.group(0)),
    out.stdout.decode().replace(argv[4], "$URL")))
print("exit %d" % out.returncode)
size = int(open(tmp + "/big.json.size").read())
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
ldd = subprocess.run(["ldd", argv[0]], stdout=subprocess.PIPE,
                     stderr=subprocess.DEVNULL).stdout
measured = b"libasan" not in ldd and b"libtsan" not in ldd and \
    open(argv[0], "rb").read(2) != b"#!"
if measured and peak > 13 * size:
    print("peak RSS %.0f MB: %.1f times the answer's %.1f MB, more than 13"
          % (peak / 2**20, peak / size, size / 2**20))
PY
