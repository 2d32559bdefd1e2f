# Standard output closed before dgslint writes (dgslint -j 2 | head):
# the run ends at once by SIGPIPE (status 141), as a program does, with
# its cleanup handler run once.  It used to run that handler forever,
# restored with signal() after -j forked its children (issue 38's "no
# hang").  dgslint starts only once the reader has closed the pipe (the
# file closed says so), so that its first write always meets a closed
# pipe: started at once, it could write its report into the pipe before
# the reader closed it, and exit 1, where the documents are read fast
# (as in a copy of the tree in /tmp).  timeout stops a hang.
tmp=$(mktemp -d) || exit 2
for j in 2 1; do
	rm -f "$tmp/closed"
	( while [ ! -e "$tmp/closed" ]; do sleep 0.01; done
	  timeout 20 "$DGSLINT" -j $j docs/sigpipe 2>/dev/null
	  echo "dgslint: exit $?" >&2 ) |
	    sh -c 'exec 0<&-; : >"$1"; sleep 1' sh "$tmp/closed"
done
rm -rf "$tmp"
