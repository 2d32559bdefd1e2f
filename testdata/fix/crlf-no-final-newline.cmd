sh ./fix.sh crlf-no-final-newline
