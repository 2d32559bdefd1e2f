# fish completion of dgslint: its options (as its --help lists them), the
# values of those that take a word (formats, kinds, levels, rule ids and
# names from --list-rules, and for --explain generator ids from
# --list-generators), and files.  Installed by make install as
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
		for level in off info warning error
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
complete -c dgslint -s f -l format -x -a 'text json sarif github checkstyle junit gitlab rdjson'
complete -c dgslint -l kind -x -a 'replacements subsetting subsetting-put schema-changes resolution job-start preset'
complete -c dgslint -l print-schema -x -a 'replacements subsetting subsetting-put schema-changes resolution job-start preset config'
complete -c dgslint -l license -x -a 'enterprise professional basic'
complete -c dgslint -l fail-on -x -a 'error warning info none'
complete -c dgslint -l color -l colour -x -a 'auto always never'
complete -c dgslint -l explain -x -a '(__dgslint_rules) (__dgslint_generators)'
complete -c dgslint -l enable -l disable -l select -l ignore -l severity -x -a '(__dgslint_rules)'
