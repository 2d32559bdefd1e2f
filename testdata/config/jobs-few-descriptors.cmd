# -j 16 with descriptors for a few pipes only: the workers that cannot be started leave their documents to the others (valgrind keeps a dozen descriptors for itself)
lim=9 j=16; [ -n "${DGS_MEMCHECK:-}" ] && lim=30 j=64
"$DGSLINT" -j 1 --no-config ../rules ../valid > out-1.txt 2>&1; echo "exit $?" >> out-1.txt; (ulimit -n $lim && exec "$DGSLINT" -j $j --no-config ../rules ../valid) > out-j.txt 2>&1; echo "exit $?" >> out-j.txt; cmp out-1.txt out-j.txt && echo "-j with descriptors for a few pipes only: same as -j 1"; rm -f out-*.txt
