# "$schema" names the configuration's JSON Schema for editors (any string;
# dgslint ignores it); another value is refused.  A schema --print-schema
# wrote is dgslint's own output, skipped in a walk.
rm -rf schema-key.tmp && mkdir -p schema-key.tmp/.git && cd schema-key.tmp || exit 2
"$DGSLINT" --print-schema config >dgslint.schema.json
printf '{"$schema": "./dgslint.schema.json", "rules": {"DGS204": "off"}}\n' >.dgslint.json
printf '{"workspaceId": "2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c", "strictMod": 1}\n' >job.json
"$DGSLINT" --print-config job.json | grep -e configuration -e DGS204
"$DGSLINT" .; echo "exit $?"
cd .. && rm -rf schema-key.tmp
cd fixtures/schema && "$DGSLINT" --config bad-schema-key.json x.json
