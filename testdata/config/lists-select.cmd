# "select", as --select: every other rule is off, whatever "rules" says;
# --print-config says where a rule's level comes from.
cd fixtures/lists && "$DGSLINT" --config select.json job.json users.json
echo "exit $?"
"$DGSLINT" --config select.json --print-config job.json | grep -E "DGS204|DGS307|DGS702"
