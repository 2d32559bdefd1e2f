# Every pointer and rule the overrides turn off suppresses a finding (or,
# for service-check-skipped, its rule does not run without --service);
# levels other than off (info, warning, error) under pointers with no
# finding are a policy, not a suppression, and are not judged.
"$DGSLINT" --color never fixtures/used; echo "exit $?"
