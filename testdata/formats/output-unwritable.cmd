# An --output that cannot be written: exit 2 and why, before linting.
"$DGSLINT" -f text -f sarif -o /nonexistent/dir/out.sarif docs/users.json
