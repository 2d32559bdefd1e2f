cd fixtures/repo && mkdir -p .git links && ln -sf ../sub/job.json links/file.json && cp job.json links/plain.json && "$DGSLINT" links; rc=$?; rm -rf .git links; exit $rc
