# --print-config shows the rules --select leaves out and those --ignore
# names as off, from the option, and no pointer override of theirs.
cd fixtures/repo && mkdir -p .git && "$DGSLINT" --select DGS3,DGS204 --ignore legacy-link-shape --print-config legacy/users.json | grep -v -e "--select$" -e "^  DGS3.* default$"; rc=$?; rmdir .git; exit $rc
