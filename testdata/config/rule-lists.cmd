# --enable, --disable and --severity take the lists --select takes.
cd fixtures/repo && mkdir -p .git
"$DGSLINT" --disable DGS2,DGS5 .; echo "exit $?"
"$DGSLINT" --severity DGS2,workspace-id-format=info --fail-on warning .; echo "exit $?"
"$DGSLINT" --disable DGS1,DGS5,DGS7 --enable DGS702 .; echo "exit $?"
rmdir .git
