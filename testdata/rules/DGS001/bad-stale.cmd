# A walk of the configuration's directory: a pointer that suppresses
# nothing (/priorty), a rule turned off that has no finding under its
# override's pointers (strict-mode, twice: the second override's pointer
# serves its unknown-member, an error there, and is not said to be
# unused), an override that suppresses nothing (legacy-link-shape in
# other.json); service-check-skipped, which runs only with --service, is
# not said to be unused; -j 2 says the same; in JSON, the findings are in
# .dgslint.json, at the pointers of the configuration.
"$DGSLINT" --color never fixtures/stale; echo "exit $?"
"$DGSLINT" --color never -j 2 fixtures/stale; echo "exit $?"
"$DGSLINT" -f json fixtures/stale | grep -E '"(pointer|rule|line|column)"'
