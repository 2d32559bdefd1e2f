rm -f self.json && ln -s self.json self.json && "$DGSLINT" self.json good.json; rc=$?; rm -f self.json; exit $rc
