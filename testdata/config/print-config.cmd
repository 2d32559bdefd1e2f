cd fixtures/repo && mkdir -p .git && "$DGSLINT" --print-config legacy/users.json | grep -v "^  DGS[1-7][0-9][0-9] .* default$"; rc=$?; rmdir .git; exit $rc
