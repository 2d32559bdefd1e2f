rm -rf loop.d && mkdir -p loop.d/sub && cp good.json loop.d/sub/x.json && ln -s .. loop.d/sub/back && "$DGSLINT" loop.d; rc=$?; rm -rf loop.d; exit $rc
