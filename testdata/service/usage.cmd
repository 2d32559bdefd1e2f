# The options of --service, checked before anything is read or contacted.
l() { "$DGSLINT" --color never "$@" docs/job-all.json; echo "exit $?"; }
l --workspace shop
l --workspace-id 2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c
l --service https://structural.example.com
l --service https://structural.example.com --workspace shop --workspace-id x
l --service http://structural.example.com --workspace shop
l --service ftp://structural.example.com --workspace shop
l --service 'https://user:pw@structural.example.com' --workspace shop
l --service 'https://structural.example.com/?a=1' --workspace shop
l --service https://structural.example.com --workspace shop --service-timeout 0
l --service https://structural.example.com --workspace shop --service-timeout 601
l --service https://structural.example.com --workspace ''
