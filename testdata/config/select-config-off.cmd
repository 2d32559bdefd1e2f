# A rule a configuration turns off stays off when selected (job.json's
# DGS702, off in .dgslint.json; sub/.dgslint.json has it on), unless
# --enable turns it on; --select wins over --enable and --severity.
cd fixtures/repo && mkdir -p .git
"$DGSLINT" --select DGS70 .; echo "exit $?"
"$DGSLINT" --select DGS702 --enable DGS702 .; echo "exit $?"
"$DGSLINT" --select DGS702 --severity DGS2=error .; echo "exit $?"
rmdir .git
