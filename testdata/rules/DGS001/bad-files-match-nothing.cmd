# A walk of the configuration's directory: an override whose "files"
# match no file there is reported once, at its "files", whatever its
# levels (legacy/*.json, a directory that is not there; *.jsn and
# vendr/**, misspelt; sub/*.json, whose files another configuration
# governs); one that matches a file is not (job.json), even when its
# level is not off, nor one whose files "exclude" leaves out of the walk
# (vendor/*.json: named, they are linted with it).  -j 2 says the same.
"$DGSLINT" --color never fixtures/nomatch; echo "exit $?"
"$DGSLINT" --color never -j 2 fixtures/nomatch; echo "exit $?"
