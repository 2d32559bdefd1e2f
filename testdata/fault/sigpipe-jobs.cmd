# Standard output closed before dgslint writes (dgslint -j 2 | head):
# the run ends at once by SIGPIPE (status 141), as a program does, with
# its cleanup handler run once.  It used to run that handler forever,
# restored with signal() after -j forked its children (issue 38's "no
# hang").  The reader closes the pipe at once, so the write always meets
# a closed pipe; timeout stops a hang.
( timeout 20 "$DGSLINT" -j 2 docs/sigpipe 2>/dev/null; echo "dgslint: exit $?" >&2 ) |
    sh -c 'exec 0<&-; sleep 1'
( timeout 20 "$DGSLINT" -j 1 docs/sigpipe 2>/dev/null; echo "dgslint: exit $?" >&2 ) |
    sh -c 'exec 0<&-; sleep 1'
