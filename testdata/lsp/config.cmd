# Options per document as on the command line: the .dgslint.json above
sh ./replay config.session --baseline fixtures/proj/base.json
