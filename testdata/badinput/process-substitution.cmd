# dgslint <(command): the path is a pipe under /dev/fd
bash -c '"$DGSLINT" <(cat ok.json) <(printf "{\"workspaceId\": 1}") 2>&1; echo "status $?"' | sed 's|/dev/fd/[0-9]*|/dev/fd/N|'
