# escape.sh: sourced by the escape cases.  escape ARGS... runs dgslint
# ARGS on two documents with awkward names, from a scratch directory:
#   sub/a b,c%d:e<f&g>h"i'j é.json  (a member name full of specials)
#   caf<E9>.json  (a Latin-1 byte: not UTF-8; and a syntax error)
escape() {
	esc_top=$(pwd)
	esc_dir=$(mktemp -d) || exit 2
	mkdir "$esc_dir/sub"
	esc_a=$(printf 'sub/a b,c%%d:e<f&g>h"i'"'"'j \303\251.json')
	esc_b=$(printf 'caf\351.json')
	cp docs/escape.json "$esc_dir/$esc_a"
	cp docs/syntax.json "$esc_dir/$esc_b"
	cd "$esc_dir" || exit 2
	"$DGSLINT" "$@" "$esc_a" "$esc_b"
	esc_rc=$?
	cd "$esc_top" || exit 2
	rm -rf "$esc_dir"
	return $esc_rc
}
