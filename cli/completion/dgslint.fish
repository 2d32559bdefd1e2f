# fish completion of dgslint: its options (as its --help lists them), the
# values of those that take a word (formats, kinds, licenses, levels and
# colour modes from --list-values, with their help lines, so that a new
# format or kind completes without an edit here, rule ids and names from
# --list-rules, and for --explain generator ids from --list-generators),
# and files.  Installed by make install as
# share/fish/vendor_completions.d/dgslint.fish.
function __dgslint_options
	dgslint --help 2>/dev/null | string match -ar -- '(?:^|[ ,])(--?[a-zA-Z][-a-zA-Z]*)' | string match -r -- '--?[a-zA-Z][-a-zA-Z]*' | sort -u
end
# Rule ids and names after what the token holds up to its last comma (a
# comma list); with --severity, RULE= then, after the =, the levels.
function __dgslint_rules
	set -l tok (commandline -ct)
	set -l pre (string match -r -- '^.*,' $tok)
	set -l word (string replace -r -- '^.*,' '' $tok)
	set -l prev (commandline -opc)[-1]
	if test "$prev" = --severity; and string match -q -- '*=*' $word
		set -l rule (string replace -r -- '=.*$' '' $word)
		for level in (dgslint --list-values severity 2>/dev/null)
			echo "$pre$rule=$level"
		end
		return
	end
	set -l eq ''
	test "$prev" = --severity; and set eq '='
	dgslint --list-rules 2>/dev/null | awk -v p="$pre" -v e="$eq" '{print p $1 e "\t" $2; print p $2 e "\t" $1}'
end
function __dgslint_generators
	dgslint --list-generators 2>/dev/null | awk 'NR == 1 { next } NF == 0 { exit } { print $1 "\tgenerator" }'
end
complete -c dgslint -a '(__dgslint_options)' -n 'string match -q -- "-*" (commandline -ct)'
complete -c dgslint -s f -l format -x -a '(dgslint --list-values format 2>/dev/null)'
for opt in kind print-schema license fail-on color
	complete -c dgslint -l $opt -x -a "(dgslint --list-values $opt 2>/dev/null)"
end
complete -c dgslint -l colour -x -a '(dgslint --list-values color 2>/dev/null)'
complete -c dgslint -l explain -x -a '(__dgslint_rules) (__dgslint_generators)'
complete -c dgslint -l enable -l disable -l select -l ignore -l severity -x -a '(__dgslint_rules)'
