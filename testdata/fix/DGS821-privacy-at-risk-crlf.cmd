# CR LF line ends (shown as \r): the new replacements keep them.
sh ./fix.sh DGS821-privacy-at-risk-crlf --unsafe-fixes --schema "$(pwd)/DGS821-privacy-at-risk.csv" |
    sed -e "s|$(pwd)/||" -e "s/\r\$/\\\\r/"
