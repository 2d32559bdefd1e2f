# sarif.sh: sourced by the sarif cases.  sarif FILE prints a SARIF log
# without what changes whenever a rule is added (the rules[] lines and the
# ruleIndex values), then checks those: rules[] lists every rule of
# --list-rules in order, and each result's ruleIndex names its ruleId.
. ./tmp.sh
sarif() {
	"$DGSLINT" --list-rules | awk '{ print $1 }' >"$T/sarif-ids"
	awk -v idfile="$T/sarif-ids" '
	BEGIN { while ((getline l < idfile) > 0) want[nw++] = l }
	/^            \{"id": "/ {
		s = $0; sub(/^            \{"id": "/, "", s); sub(/".*/, "", s)
		ids[n++] = s
		next
	}
	/^        \{"ruleId": "/ {
		rid = $0; sub(/^        \{"ruleId": "/, "", rid); sub(/".*/, "", rid)
		ix = $0
		if (sub(/.*"ruleIndex": /, "", ix)) {
			sub(/,.*/, "", ix)
			if (ids[ix + 0] != rid) bad = bad " " rid "@" ix
		} else bad = bad " " rid "@none"
		sub(/"ruleIndex": [0-9]+/, "\"ruleIndex\": N")
	}
	{ print }
	END {
		ok = n == nw
		for (i = 0; i < n && ok; i++) if (ids[i] != want[i]) ok = 0
		print ok ? "(rules[]: every rule, in order)" : "(rules[]: DIFFERS from --list-rules)"
		print bad == "" ? "(ruleIndex: every one names its ruleId)" : "(ruleIndex: WRONG for" bad ")"
	}' "$1"
}
