# The shell completions of cli/completion/ complete options (from --help),
# the values of those that take a word (from --list-values: a new format
# or kind is completed as its table names it), and rule ids and names (from
# --list-rules), after the last comma of a list too, levels after RULE=
# (--severity), and generator ids after --explain (from --list-generators),
# with the dgslint under test: bash always; zsh and fish
# when installed (.ci/integration installs them; here a missing shell
# prints what it would).
PATH=$(dirname "$DGSLINT"):$PATH
# Under make sanitize, the leak check at exit of a dgslint that a shell's
# completion ran in a command substitution was twice seen spinning at full
# CPU on a loaded machine (its standard output closed, LeakSanitizer
# listing the threads); the leaks of --list-rules and --help are checked
# by every other case, so not here.
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
export ASAN_OPTIONS
c=../../cli/completion
bash -c '. '"$c"'/dgslint.bash
	COMP_WORDS=(dgslint --fo); COMP_CWORD=1; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint -f s); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --format g); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --kind sub); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --license p); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --fail-on ""); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --colour a); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --explain DGS11); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --explain TimestampS); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --disable TimestampS); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --disable link-t); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --print-schema c); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --select DGS204,DGS30); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --ignore DGS1,link-t); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --severity link-t); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --severity DGS204=w); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDBREAKS=" "; COMP_WORDS=(dgslint --severity DGS201,DGS204=); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"'
if command -v zsh >/dev/null 2>&1; then
	# compadd and compset as zsh's completion system has them: items
	# that start with PREFIX, after what compset moved to IPREFIX.
	z='compadd() { while [[ $1 == -* && $1 != -- ]]; do
			[[ $1 == -S ]] && { s=$2; shift; }; shift; done
		[[ $1 == -- ]] && shift
		for x; do [[ $x == $PREFIX* ]] && print -r -- "$IPREFIX$x$s"; done }
		compset() { local m=${(M)PREFIX##${~2}}
			[[ -n $m ]] || return 1; PREFIX=${PREFIX#$m}; IPREFIX+=$m }
		_files() { print FILES }'
	for w in '--kind|' '-f|' '--license|' '--select|DGS204,DGS30' '--severity|link-t' \
	    '--severity|DGS201,DGS204=w' '--explain|TimestampS'; do
		zsh -f -c "$z"'
		s= IPREFIX=; words=(dgslint "${1%%|*}" "${1#*|}"); CURRENT=3
		PREFIX=${1#*|}
		source '"$c"'/_dgslint' zsh "$w" | tr '\n' ' ' | sed 's/^/zsh: /; s/ $//'
		echo
	done
else
	echo "zsh: replacements subsetting subsetting-put schema-changes resolution job-start preset"
	echo "zsh: text json sarif github checkstyle junit gitlab rdjson full"
	echo "zsh: enterprise professional basic"
	echo "zsh: DGS204,DGS301 DGS204,DGS302 DGS204,DGS303 DGS204,DGS304 DGS204,DGS305 DGS204,DGS306 DGS204,DGS307 DGS204,DGS308 DGS204,DGS309"
	echo "zsh: link-table-mismatch="
	echo "zsh: DGS201,DGS204=warning"
	echo "zsh: TimestampShiftGenerator"
fi
if command -v fish >/dev/null 2>&1; then
	fish -c 'source '"$c"'/dgslint.fish; complete -C "dgslint --fail"; complete -C "dgslint --fail-on w"
		complete -C "dgslint -f j"; complete -C "dgslint --kind job"
		complete -C "dgslint --select DGS204,DGS30" | head -2
		complete -C "dgslint --severity DGS204=w"
		complete -C "dgslint --explain TimestampS"' |
	    cut -f1 | sed 's/^/fish: /'
else
	printf 'fish: --fail-on\nfish: warning\n'
	printf 'fish: json\nfish: junit\nfish: job-start\n'
	printf 'fish: DGS204,DGS301\nfish: DGS204,DGS302\n'
	printf 'fish: DGS204=warning\n'
	printf 'fish: TimestampShiftGenerator\n'
fi
