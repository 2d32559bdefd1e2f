#!/bin/sh
# lint.sh: the Action's run of dgslint (action.yml), from its inputs:
#   DGSLINT_PATHS, DGSLINT_ARGS   words, split at white space (no globbing)
#   DGSLINT_FORMAT                the log's format
#   DGSLINT_SARIF                 a SARIF file to write too, or empty
#   DGSLINT_FAIL_ON               --fail-on's level
# Its exit status is dgslint's (1: findings at or above the level).
set -u
set -f
set -- --fail-on "${DGSLINT_FAIL_ON:-warning}" --format "${DGSLINT_FORMAT:-github}"
if [ -n "${DGSLINT_SARIF:-}" ]; then
	set -- "$@" --format sarif --output "$DGSLINT_SARIF"
	[ -z "${GITHUB_OUTPUT:-}" ] ||
	    echo "sarif-file=$DGSLINT_SARIF" >>"$GITHUB_OUTPUT"
fi
# The paths after `--`: a path named like an option (a tracked file
# `--output=x.json`) is linted, not taken as one.
# shellcheck disable=SC2086 # words, as documented
set -- "$@" ${DGSLINT_ARGS:-} -- ${DGSLINT_PATHS:-.}
echo "dgslint $*"
exec dgslint "$@"
