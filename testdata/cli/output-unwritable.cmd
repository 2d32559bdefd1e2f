"$DGSLINT" -f json -o /nonexistent/dir/out.json good.json
