rm -f p.fifo && mkfifo p.fifo && { cat warn.json > p.fifo & } && "$DGSLINT" p.fifo; rc=$?; rm -f p.fifo; exit $rc
