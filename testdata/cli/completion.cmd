# The shell completions of cli/completion/ complete options (from --help),
# the values of those that take a word, and rule ids and names (from
# --list-rules) and after --explain generator ids (from
# --list-generators), with the dgslint under test: bash always; zsh and fish
# when installed (.ci/integration installs them; here a missing shell
# prints what it would).
PATH=$(dirname "$DGSLINT"):$PATH
c=../../cli/completion
bash -c '. '"$c"'/dgslint.bash
	COMP_WORDS=(dgslint --fo); COMP_CWORD=1; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint -f s); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --explain DGS11); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --explain TimestampS); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --disable TimestampS); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --disable link-t); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"
	COMP_WORDS=(dgslint --print-schema c); COMP_CWORD=2; _dgslint; echo "bash: ${COMPREPLY[*]}"'
if command -v zsh >/dev/null 2>&1; then
	zsh -f -c 'compadd() { while [[ $1 == -* && $1 != -- ]]; do shift; done
		[[ $1 == -- ]] && shift; print -l -- "$@" }
		_files() { print FILES }
		words=(dgslint --kind ""); CURRENT=3; PREFIX=""
		source '"$c"'/_dgslint' | tr '\n' ' ' | sed 's/^/zsh: /; s/ $//'
	echo
	zsh -f -c 'compadd() { while [[ $1 == -* && $1 != -- ]]; do shift; done
		[[ $1 == -- ]] && shift; print -l -- "$@" }
		_files() { print FILES }
		words=(dgslint --explain ""); CURRENT=3; PREFIX=""
		source '"$c"'/_dgslint' | grep -x -e TimestampShiftGenerator -e DGS415 | sed 's/^/zsh: /'
else
	echo "zsh: replacements subsetting subsetting-put schema-changes resolution job-start preset"
	echo "zsh: DGS415"
	echo "zsh: TimestampShiftGenerator"
fi
if command -v fish >/dev/null 2>&1; then
	fish -c 'source '"$c"'/dgslint.fish; complete -C "dgslint --fail"; complete -C "dgslint --fail-on w"; complete -C "dgslint --explain TimestampS"' |
	    sed 's/^/fish: /'
else
	printf 'fish: --fail-on\nfish: warning\nfish: TimestampShiftGenerator\tgenerator\n'
fi
