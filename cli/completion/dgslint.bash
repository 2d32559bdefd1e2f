# bash completion of dgslint: its options (as its --help lists them, so a
# new option completes without an edit here), the values of those that
# take a word (formats, kinds, licenses, levels and colour modes from
# --list-values, so that a new format or kind completes without an edit
# here too, rule ids and names from --list-rules, and for --explain
# generator ids from --list-generators), and files.  Installed by make install as
# share/bash-completion/completions/dgslint.
_dgslint()
{
	local cur prev words cword
	if declare -F _init_completion >/dev/null 2>&1; then
		_init_completion -n = || return
	else
		cur=${COMP_WORDS[COMP_CWORD]}
		prev=${COMP_WORDS[COMP_CWORD - 1]}
	fi
	local prog=${COMP_WORDS[0]}
	case $prev in
	-f | --format | --kind | --print-schema | --license | --fail-on | \
	    --color | --colour)
		local opt=${prev#--}
		[[ $prev == -f ]] && opt=format
		COMPREPLY=($(compgen -W "$("$prog" --list-values "$opt" \
		    2>/dev/null | cut -f1)" -- "$cur"))
		return ;;
	--explain)
		COMPREPLY=($(compgen -W "$("$prog" --list-rules 2>/dev/null |
		    awk '{print $1, $2}') $("$prog" --list-generators \
		    2>/dev/null | awk 'NR == 1 { next } NF == 0 { exit }
		    { print $1 }')" -- "$cur"))
		return ;;
	--enable | --disable | --select | --ignore | --severity)
		# A comma list: the rules before the last comma stay.
		local pre= word=$cur
		if [[ $cur == *,* ]]; then
			pre=${cur%,*},
			word=${cur##*,}
		fi
		if [[ $prev == --severity && $word == *=* ]]; then
			# RULE=LEVEL: readline replaces what follows the = when
			# = breaks words (as by default).
			local lp=$pre${word%%=*}=
			[[ $COMP_WORDBREAKS == *=* ]] && lp=
			COMPREPLY=($(compgen -P "$lp" -W "$("$prog" \
			    --list-values severity 2>/dev/null)" -- "${word#*=}"))
			return
		fi
		COMPREPLY=($(compgen -P "$pre" -W "$("$prog" --list-rules \
		    2>/dev/null | awk '{print $1, $2}')" -- "$word"))
		if [[ $prev == --severity ]]; then
			COMPREPLY=("${COMPREPLY[@]/%/=}")
			compopt -o nospace 2>/dev/null
		fi
		return ;;
	-j | --jobs | --service-timeout | --workspace | --workspace-id | \
	    --service | --rule-url | --snapshot | --stdin-filename)
		return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$("$prog" --help 2>/dev/null |
		    grep -oE -- '(^|[ ,])--?[a-zA-Z][-a-zA-Z]*' |
		    tr -d ' ,' | sort -u)" -- "$cur"))
		return
	fi
	COMPREPLY=($(compgen -f -- "$cur"))
	compopt -o filenames 2>/dev/null
}
complete -F _dgslint dgslint
