sh ./fix.sh DGS601-issue-code-case
