/*
 * gen_path.c: syntax of composite path expressions.  JSON, Array JSON and
 * Struct Mask take a JSONPath (Goessner's, as .NET and Java libraries
 * read it: dot and bracket notation, wildcards, recursive descent,
 * slices, filters ?(...) and scripts (...)); XML and HTML Mask take an
 * XPath 1.0 expression; CSV Mask takes a column index.  Each checker
 * returns -1 for a well-formed text or the byte offset of the first
 * character at fault, with a static description; that description is
 * dgs_path_too_deep when the expression nests deeper than the parsers
 * read (DGS_PATH_NEST_LIMIT): then the rest is not judged.
 */
#include <string.h>

#include "rules.h"
#include "catalog.h"

const char dgs_path_too_deep[] = "nests too deeply";

long
dgs_cp_index(const char *s, size_t off)
{
	long n = 0;
	size_t i;

	for (i = 0; i < off && s[i] != '\0'; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			n++;
	return n;
}

static int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int
is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

long
dgs_csvindex_check(const char *s, size_t len, const char **why)
{
	size_t i;

	if (len == 0) {
		*why = "is empty; write the column's index, such as \"0\"";
		return 0;
	}
	for (i = 0; i < len; i++)
		if (!is_digit(s[i])) {
			*why = "is not a whole number; write the column's "
			    "index, a non-negative whole number such as "
			    "\"2\"";
			return (long)i;
		}
	return -1;
}

/*
 * JSONPath.
 */
struct jp {
	const char	*s;
	size_t		 len;
	size_t		 i;
	long		 bad;
	const char	*why;
	int		 depth;
};

static int
jp_fail(struct jp *p, size_t at, const char *why)
{
	if (p->bad < 0) {
		p->bad = (long)at;
		p->why = why;
	}
	return -1;
}

static void
jp_ws(struct jp *p)
{
	while (p->i < p->len && is_space(p->s[p->i]))
		p->i++;
}

static int
jp_peek(struct jp *p)
{
	return p->i < p->len ? (unsigned char)p->s[p->i] : -1;
}

/* A quoted string; the opening quote is at p->i. */
static int
jp_string(struct jp *p)
{
	size_t open = p->i;
	char q = p->s[p->i++];

	for (; p->i < p->len; p->i++) {
		if (p->s[p->i] == '\\')
			p->i++;
		else if (p->s[p->i] == q) {
			p->i++;
			return 0;
		}
	}
	return jp_fail(p, open, "has a string that is not closed; add the "
	    "closing quote");
}

static int
jp_int(struct jp *p)
{
	size_t start;

	if (jp_peek(p) == '-')
		p->i++;
	start = p->i;
	while (p->i < p->len && is_digit(p->s[p->i]))
		p->i++;
	if (p->i == start)
		return jp_fail(p, p->i, "expects a digit here; write an index "
		    "such as [0] or [-1]");
	return 0;
}

/* Characters that end a member name after '.'. */
static int
jp_name_stop(char c, int in_filter)
{
	if (c == '.' || c == '[' || c == ']' || c == '(' || c == ')' ||
	    is_space(c))
		return 1;
	return in_filter && strchr("=!<>&|,~+*/", c) != NULL;
}

static int	jp_segments(struct jp *, int);
static int	jp_or(struct jp *);

static int
jp_name(struct jp *p, int in_filter)
{
	size_t start = p->i;

	while (p->i < p->len && !jp_name_stop(p->s[p->i], in_filter))
		p->i++;
	if (p->i == start)
		return jp_fail(p, p->i, "expects a member name or `*` after "
		    "`.`");
	return 0;
}

/* A number literal inside a filter. */
static int
jp_number(struct jp *p)
{
	if (jp_peek(p) == '-')
		p->i++;
	if (!is_digit((char)jp_peek(p)))
		return jp_fail(p, p->i, "expects a number here");
	while (is_digit((char)jp_peek(p)))
		p->i++;
	if (jp_peek(p) == '.') {
		p->i++;
		if (!is_digit((char)jp_peek(p)))
			return jp_fail(p, p->i, "expects a digit after the "
			    "decimal point");
		while (is_digit((char)jp_peek(p)))
			p->i++;
	}
	if (jp_peek(p) == 'e' || jp_peek(p) == 'E') {
		p->i++;
		if (jp_peek(p) == '+' || jp_peek(p) == '-')
			p->i++;
		if (!is_digit((char)jp_peek(p)))
			return jp_fail(p, p->i, "expects the exponent's "
			    "digits");
		while (is_digit((char)jp_peek(p)))
			p->i++;
	}
	return 0;
}

/* Comparison and membership operators of filters. */
static size_t
jp_cmp_op(struct jp *p)
{
	static const char *const ops[] = { "===", "!==", "==", "!=", "<=",
	    ">=", "=~", "<", ">" };
	static const char *const words[] = { "in", "nin", "subsetof",
	    "anyof", "noneof", "size", "empty", "contains" };
	const char *s = p->s + p->i;
	size_t i, n, rest = p->len - p->i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		n = strlen(ops[i]);
		if (n <= rest && memcmp(s, ops[i], n) == 0)
			return n;
	}
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		n = strlen(words[i]);
		if (n < rest && memcmp(s, words[i], n) == 0 &&
		    (is_space(s[n]) || s[n] == '(' || s[n] == '[' ||
		    s[n] == '\'' || s[n] == '"' || s[n] == '@' ||
		    s[n] == '$'))
			return n;
	}
	return 0;
}

/* An operand of a filter expression. */
static int
jp_operand(struct jp *p)
{
	size_t start, end;
	int c;

	jp_ws(p);
	c = jp_peek(p);
	if (c == -1)
		return jp_fail(p, p->i, "ends where a value is expected; "
		    "complete the filter, such as ?(@.price < 10)");
	if (++p->depth > DGS_PATH_NEST_LIMIT)
		return jp_fail(p, p->i, dgs_path_too_deep);
	switch (c) {
	case '(':
		start = p->i++;
		jp_ws(p);
		if (jp_peek(p) == ')')
			return jp_fail(p, p->i, "has empty parentheses; write "
			    "a condition inside them");
		if (jp_or(p) < 0)
			return -1;
		jp_ws(p);
		if (jp_peek(p) != ')')
			return jp_fail(p, p->i < p->len ? p->i : start,
			    p->i < p->len ? "expects `)` here" :
			    "has a `(` that is not closed; add `)`");
		p->i++;
		break;
	case '@':
	case '$':
		p->i++;
		if (jp_segments(p, 1) < 0)
			return -1;
		break;
	case '\'':
	case '"':
		if (jp_string(p) < 0)
			return -1;
		break;
	case '/':
		/* A regular expression literal, /.../flags. */
		start = p->i++;
		for (; p->i < p->len && p->s[p->i] != '/'; p->i++)
			if (p->s[p->i] == '\\')
				p->i++;
		if (p->i >= p->len)
			return jp_fail(p, start, "has a regular expression "
			    "that is not closed; add the closing `/`");
		p->i++;
		while (is_alpha((char)jp_peek(p)))
			p->i++;
		break;
	case '[':
		/* An array literal, as in ?(@.size in ['S', 'M']). */
		start = p->i++;
		jp_ws(p);
		if (jp_peek(p) != ']')
			for (;;) {
				if (jp_operand(p) < 0)
					return -1;
				jp_ws(p);
				if (jp_peek(p) != ',')
					break;
				p->i++;
			}
		if (jp_peek(p) != ']')
			return jp_fail(p, p->i < p->len ? p->i : start,
			    p->i < p->len ? "expects `,` or `]` here" :
			    "has a `[` that is not closed; add `]`");
		p->i++;
		break;
	default:
		if (c == '-' || is_digit((char)c)) {
			if (jp_number(p) < 0)
				return -1;
			break;
		}
		if (is_alpha((char)c) || c == '_') {
			start = p->i;
			while (p->i < p->len && (is_alpha(p->s[p->i]) ||
			    is_digit(p->s[p->i]) || p->s[p->i] == '_'))
				p->i++;
			end = p->i;
			jp_ws(p);
			if (jp_peek(p) == '(') {
				/* A function: length(@.a), match(...). */
				p->i++;
				jp_ws(p);
				if (jp_peek(p) != ')')
					for (;;) {
						if (jp_or(p) < 0)
							return -1;
						jp_ws(p);
						if (jp_peek(p) != ',')
							break;
						p->i++;
					}
				if (jp_peek(p) != ')')
					return jp_fail(p, p->i, "expects `)` "
					    "to end the function's arguments");
				p->i++;
				break;
			}
			if ((end - start == 4 && (memcmp(p->s + start,
			    "true", 4) == 0 || memcmp(p->s + start, "null",
			    4) == 0)) || (end - start == 5 &&
			    memcmp(p->s + start, "false", 5) == 0))
				break;
			return jp_fail(p, start, "has a bare word in a "
			    "filter; quote strings ('text') and start paths "
			    "with @ or $");
		}
		return jp_fail(p, p->i, "expects a value here: @.name, a "
		    "quoted string, a number, true, false or null");
	}
	p->depth--;
	return 0;
}

static int
jp_compare(struct jp *p)
{
	size_t n;

	jp_ws(p);
	if (jp_peek(p) == '!' && (p->i + 1 >= p->len ||
	    p->s[p->i + 1] != '=')) {
		p->i++;
		if (++p->depth > DGS_PATH_NEST_LIMIT)
			return jp_fail(p, p->i, dgs_path_too_deep);
		if (jp_compare(p) < 0)
			return -1;
		p->depth--;
		return 0;
	}
	if (jp_operand(p) < 0)
		return -1;
	jp_ws(p);
	if ((n = jp_cmp_op(p)) > 0) {
		p->i += n;
		if (jp_operand(p) < 0)
			return -1;
	}
	return 0;
}

static int
jp_and(struct jp *p)
{
	if (jp_compare(p) < 0)
		return -1;
	for (;;) {
		jp_ws(p);
		if (p->i + 1 < p->len && p->s[p->i] == '&' &&
		    p->s[p->i + 1] == '&') {
			p->i += 2;
			if (jp_compare(p) < 0)
				return -1;
		} else
			return 0;
	}
}

static int
jp_or(struct jp *p)
{
	if (jp_and(p) < 0)
		return -1;
	for (;;) {
		jp_ws(p);
		if (p->i + 1 < p->len && p->s[p->i] == '|' &&
		    p->s[p->i + 1] == '|') {
			p->i += 2;
			if (jp_and(p) < 0)
				return -1;
		} else
			return 0;
	}
}

/* A slice or an index: [start:end:step] or [n]. */
static int
jp_index(struct jp *p)
{
	int colons = 0;

	for (;;) {
		jp_ws(p);
		if (jp_peek(p) == '-' || is_digit((char)jp_peek(p))) {
			if (jp_int(p) < 0)
				return -1;
			jp_ws(p);
		}
		if (jp_peek(p) != ':')
			return 0;
		if (++colons > 2)
			return jp_fail(p, p->i, "has too many `:` in a slice; "
			    "write [start:end:step]");
		p->i++;
	}
}

/* A bracket segment; '[' is at p->i. */
static int
jp_bracket(struct jp *p)
{
	size_t open = p->i;
	int c;

	p->i++;
	jp_ws(p);
	c = jp_peek(p);
	if (c == '?') {
		p->i++;
		jp_ws(p);
		if (jp_peek(p) == ']')
			return jp_fail(p, p->i, "has an empty filter; write a "
			    "condition, such as [?(@.price < 10)]");
		if (jp_or(p) < 0)
			return -1;
	} else if (c == '(') {
		/* A script expression, (@.length-1). */
		if (jp_operand(p) < 0)
			return -1;
		jp_ws(p);
		while (p->i < p->len && strchr("+-*/%", p->s[p->i]) != NULL) {
			p->i++;
			if (jp_operand(p) < 0)
				return -1;
			jp_ws(p);
		}
	} else if (c == '*')
		p->i++;
	else if (c == ']')
		return jp_fail(p, p->i, "has empty brackets; write an index, "
		    "a quoted name or `*` inside them");
	else
		for (;;) {
			jp_ws(p);
			c = jp_peek(p);
			if (c == '\'' || c == '"') {
				if (jp_string(p) < 0)
					return -1;
			} else if (c == '-' || c == ':' || is_digit((char)c)) {
				if (jp_index(p) < 0)
					return -1;
			} else if (c == -1)
				break;
			else
				return jp_fail(p, p->i, "expects an index, a "
				    "quoted name or `*` inside brackets; "
				    "quote member names: ['name']");
			jp_ws(p);
			if (jp_peek(p) != ',')
				break;
			p->i++;
		}
	jp_ws(p);
	if (p->i >= p->len)
		return jp_fail(p, open, "has a `[` that is not closed; add "
		    "`]`");
	if (p->s[p->i] != ']')
		return jp_fail(p, p->i, "expects `]` here");
	p->i++;
	return 0;
}

/* Segments after $ or @: .name, .*, ..name, [...]. */
static int
jp_segments(struct jp *p, int in_filter)
{
	for (;;) {
		if (p->i >= p->len)
			return 0;
		if (p->s[p->i] == '[') {
			if (jp_bracket(p) < 0)
				return -1;
			continue;
		}
		if (p->s[p->i] != '.')
			return 0;
		p->i++;
		if (p->i < p->len && p->s[p->i] == '.') {
			p->i++;
			if (p->i >= p->len)
				return jp_fail(p, p->i, "ends with `..`; "
				    "write a name, `*` or `[...]` after it");
		} else if (p->i >= p->len)
			return jp_fail(p, p->i, "ends with `.`; write a "
			    "member name or `*` after it");
		if (p->s[p->i] == '.')
			return jp_fail(p, p->i, "has `...`; write `.` for a "
			    "child or `..` for any descendant");
		if (p->s[p->i] == '*') {
			p->i++;
			continue;
		}
		if (p->s[p->i] == '[')
			continue;
		if (jp_name(p, in_filter) < 0)
			return -1;
		if (in_filter && jp_peek(p) == '(') {
			/* A method such as .length(). */
			p->i++;
			jp_ws(p);
			if (jp_peek(p) != ')')
				return jp_fail(p, p->i, "expects `)` after "
				    "the method's `(`");
			p->i++;
		}
	}
}

long
dgs_jsonpath_check(const char *s, size_t len, const char **why)
{
	struct jp p = { s, len, 0, -1, NULL, 0 };

	if (len == 0 || s[0] != '$') {
		*why = "does not start with `$`; a JSONPath starts at the "
		    "root, as in \"$.address.city\"";
		return 0;
	}
	p.i = 1;
	if (jp_segments(&p, 0) == 0 && p.i < len) {
		if (is_space(s[p.i]))
			jp_fail(&p, p.i, "has white space; quote names that "
			    "hold spaces: $['first name']");
		else if (s[p.i] == ']' || s[p.i] == ')')
			jp_fail(&p, p.i, "has a closing bracket that matches "
			    "no opening one");
		else
			jp_fail(&p, p.i, "expects `.` or `[` here");
	}
	*why = p.why;
	return p.bad;
}

/*
 * XPath 1.0.
 */
enum xt {
	XT_END, XT_SLASH, XT_DSLASH, XT_LPAR, XT_RPAR, XT_LBRACK, XT_RBRACK,
	XT_DOT, XT_DDOT, XT_AT, XT_COMMA, XT_DCOLON, XT_NAMETEST,
	XT_NODETYPE, XT_FUNC, XT_AXIS, XT_OPNAME, XT_OP, XT_MUL,
	XT_LITERAL, XT_NUMBER, XT_VAR, XT_ERR
};

struct xp {
	const char	*s;
	size_t		 len;
	size_t		 i;		/* lexer position */
	enum xt		 prev;		/* last token lexed */
	int		 have_prev;
	enum xt		 t;		/* current token */
	size_t		 tpos, tlen;
	int		 pi;		/* processing-instruction() */
	long		 bad;
	const char	*why;
	int		 depth;
};

static int
xp_fail(struct xp *p, size_t at, const char *why)
{
	if (p->bad < 0) {
		p->bad = (long)at;
		p->why = why;
	}
	p->t = XT_ERR;
	return -1;
}

static int
xp_namestart(char c)
{
	return is_alpha(c) || c == '_' || (unsigned char)c >= 0x80;
}

static int
xp_namechar(char c)
{
	return xp_namestart(c) || is_digit(c) || c == '.' || c == '-';
}

static int
xp_is(const struct xp *p, size_t pos, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(p->s + pos, w, n) == 0;
}

/* Whether the token before allows a name (not an operator) next. */
static int
xp_name_allowed(const struct xp *p)
{
	if (!p->have_prev)
		return 1;
	switch (p->prev) {
	case XT_AT: case XT_DCOLON: case XT_LPAR: case XT_LBRACK:
	case XT_COMMA: case XT_OPNAME: case XT_OP: case XT_MUL:
	case XT_SLASH: case XT_DSLASH:
		return 1;
	default:
		return 0;
	}
}

static void
xp_next(struct xp *p)
{
	static const char *const axes[] = { "ancestor", "ancestor-or-self",
	    "attribute", "child", "descendant", "descendant-or-self",
	    "following", "following-sibling", "namespace", "parent",
	    "preceding", "preceding-sibling", "self" };
	const char *s = p->s;
	size_t i, k, nlen;
	int allowed = xp_name_allowed(p);
	char c;

	if (p->t == XT_ERR)
		return;
	while (p->i < p->len && is_space(s[p->i]))
		p->i++;
	p->tpos = i = p->i;
	p->pi = 0;
	if (i >= p->len) {
		p->t = XT_END;
		p->tlen = 0;
		return;
	}
	c = s[i];
	p->t = XT_ERR;
	switch (c) {
	case '/':
		p->t = i + 1 < p->len && s[i + 1] == '/' ? XT_DSLASH : XT_SLASH;
		i += p->t == XT_DSLASH ? 2 : 1;
		break;
	case '(': p->t = XT_LPAR; i++; break;
	case ')': p->t = XT_RPAR; i++; break;
	case '[': p->t = XT_LBRACK; i++; break;
	case ']': p->t = XT_RBRACK; i++; break;
	case '@': p->t = XT_AT; i++; break;
	case ',': p->t = XT_COMMA; i++; break;
	case '|': case '+': case '-': case '=':
		p->t = XT_OP;
		i++;
		break;
	case '!':
		if (i + 1 < p->len && s[i + 1] == '=') {
			p->t = XT_OP;
			i += 2;
		} else {
			xp_fail(p, i, "has `!` alone; write `!=` or the "
			    "not() function");
			return;
		}
		break;
	case '<': case '>':
		p->t = XT_OP;
		i += i + 1 < p->len && s[i + 1] == '=' ? 2 : 1;
		break;
	case ':':
		if (i + 1 < p->len && s[i + 1] == ':') {
			p->t = XT_DCOLON;
			i += 2;
		} else {
			xp_fail(p, i, "has a `:` that is not part of a "
			    "prefixed name or `::`");
			return;
		}
		break;
	case '*':
		p->t = allowed ? XT_NAMETEST : XT_MUL;
		i++;
		break;
	case '"': case '\'':
		for (k = i + 1; k < p->len && s[k] != c; k++)
			;
		if (k >= p->len) {
			xp_fail(p, i, "has a string that is not closed; add "
			    "the closing quote");
			return;
		}
		p->t = XT_LITERAL;
		i = k + 1;
		break;
	case '$':
		i++;
		if (i >= p->len || !xp_namestart(s[i])) {
			xp_fail(p, i, "expects a variable name after `$`");
			return;
		}
		while (i < p->len && (xp_namechar(s[i]) || (s[i] == ':' &&
		    i + 1 < p->len && xp_namestart(s[i + 1]))))
			i++;
		p->t = XT_VAR;
		break;
	case '.':
		if (i + 1 < p->len && s[i + 1] == '.') {
			p->t = XT_DDOT;
			i += 2;
		} else if (i + 1 < p->len && is_digit(s[i + 1])) {
			for (i++; i < p->len && is_digit(s[i]); i++)
				;
			p->t = XT_NUMBER;
		} else {
			p->t = XT_DOT;
			i++;
		}
		break;
	default:
		if (is_digit(c)) {
			while (i < p->len && is_digit(s[i]))
				i++;
			if (i < p->len && s[i] == '.')
				for (i++; i < p->len && is_digit(s[i]); i++)
					;
			p->t = XT_NUMBER;
			break;
		}
		if (!xp_namestart(c)) {
			xp_fail(p, i, "has a character that XPath does not "
			    "allow here");
			return;
		}
		while (i < p->len && xp_namechar(s[i]))
			i++;
		nlen = i - p->tpos;
		if (!allowed) {
			if (xp_is(p, p->tpos, nlen, "and") ||
			    xp_is(p, p->tpos, nlen, "or") ||
			    xp_is(p, p->tpos, nlen, "div") ||
			    xp_is(p, p->tpos, nlen, "mod")) {
				p->t = XT_OPNAME;
				break;
			}
			xp_fail(p, p->tpos, "expects an operator (and, or, =, "
			    "|, ...) or `/` before this name");
			return;
		}
		/* prefix:name or prefix:* */
		if (i + 1 < p->len && s[i] == ':' && s[i + 1] != ':') {
			if (s[i + 1] == '*') {
				p->t = XT_NAMETEST;
				i += 2;
				break;
			}
			if (!xp_namestart(s[i + 1])) {
				xp_fail(p, i + 1, "expects a name after the "
				    "prefix's `:`");
				return;
			}
			for (i++; i < p->len && xp_namechar(s[i]); i++)
				;
		}
		for (k = i; k < p->len && is_space(s[k]); k++)
			;
		if (k + 1 < p->len && s[k] == ':' && s[k + 1] == ':') {
			size_t a;

			for (a = 0; a < sizeof(axes) / sizeof(axes[0]); a++)
				if (xp_is(p, p->tpos, i - p->tpos, axes[a]))
					break;
			if (a == sizeof(axes) / sizeof(axes[0])) {
				xp_fail(p, p->tpos, "names an axis XPath does "
				    "not have; write child, descendant, "
				    "attribute, parent, ancestor, self, ...");
				return;
			}
			p->t = XT_AXIS;
		} else if (k < p->len && s[k] == '(') {
			nlen = i - p->tpos;
			if (xp_is(p, p->tpos, nlen, "comment") ||
			    xp_is(p, p->tpos, nlen, "text") ||
			    xp_is(p, p->tpos, nlen, "node"))
				p->t = XT_NODETYPE;
			else if (xp_is(p, p->tpos, nlen,
			    "processing-instruction")) {
				p->t = XT_NODETYPE;
				p->pi = 1;
			} else
				p->t = XT_FUNC;
		} else
			p->t = XT_NAMETEST;
		break;
	}
	p->tlen = i - p->tpos;
	p->i = i;
	p->prev = p->t;
	p->have_prev = 1;
}

static int	xp_expr(struct xp *);

static int
xp_expect(struct xp *p, enum xt t, const char *why)
{
	if (p->t == XT_ERR)
		return -1;
	if (p->t != t)
		return xp_fail(p, p->tpos, why);
	xp_next(p);
	return 0;
}

static int
xp_predicates(struct xp *p)
{
	while (p->t == XT_LBRACK) {
		size_t open = p->tpos;

		xp_next(p);
		if (p->t == XT_RBRACK)
			return xp_fail(p, p->tpos, "has an empty predicate; "
			    "write a condition or a position inside `[]`");
		if (xp_expr(p) < 0)
			return -1;
		if (p->t == XT_END)
			return xp_fail(p, open, "has a `[` that is not "
			    "closed; add `]`");
		if (xp_expect(p, XT_RBRACK, "expects `]` to end the "
		    "predicate") < 0)
			return -1;
	}
	return p->t == XT_ERR ? -1 : 0;
}

static int
xp_starts_step(enum xt t)
{
	return t == XT_NAMETEST || t == XT_NODETYPE || t == XT_AXIS ||
	    t == XT_AT || t == XT_DOT || t == XT_DDOT;
}

static int
xp_step(struct xp *p)
{
	if (p->t == XT_DOT || p->t == XT_DDOT) {
		xp_next(p);
		if (p->t == XT_LBRACK)
			return xp_fail(p, p->tpos, "cannot have a predicate "
			    "after `.` or `..`; write self::node()[...]");
		return p->t == XT_ERR ? -1 : 0;
	}
	if (p->t == XT_AXIS) {
		xp_next(p);
		if (xp_expect(p, XT_DCOLON, "expects `::` after the axis") < 0)
			return -1;
	} else if (p->t == XT_AT)
		xp_next(p);
	if (p->t == XT_NAMETEST)
		xp_next(p);
	else if (p->t == XT_NODETYPE) {
		int pi = p->pi;

		xp_next(p);
		if (xp_expect(p, XT_LPAR, "expects `(`") < 0)
			return -1;
		if (pi && p->t == XT_LITERAL)
			xp_next(p);
		if (xp_expect(p, XT_RPAR, "expects `)`: a node test takes "
		    "no argument") < 0)
			return -1;
	} else if (p->t == XT_END)
		return xp_fail(p, p->tpos, "ends where a node name is "
		    "expected");
	else
		return xp_fail(p, p->tpos, "expects a node name, `*` or a "
		    "node test such as text() here");
	return xp_predicates(p);
}

static int
xp_relpath(struct xp *p)
{
	for (;;) {
		if (xp_step(p) < 0)
			return -1;
		if (p->t != XT_SLASH && p->t != XT_DSLASH)
			return 0;
		xp_next(p);
		if (!xp_starts_step(p->t))
			return xp_fail(p, p->tpos, p->t == XT_END ?
			    "ends with `/`; write a step after it, or "
			    "remove it" : "expects a step after `/`");
	}
}

static int
xp_path(struct xp *p)
{
	if (p->t == XT_SLASH) {
		xp_next(p);
		if (xp_starts_step(p->t))
			return xp_relpath(p);
		return p->t == XT_ERR ? -1 : 0;
	}
	if (p->t == XT_DSLASH) {
		xp_next(p);
		if (!xp_starts_step(p->t))
			return xp_fail(p, p->tpos, "expects a step after "
			    "`//`");
		return xp_relpath(p);
	}
	if (xp_starts_step(p->t))
		return xp_relpath(p);
	/* A filter expression. */
	switch (p->t) {
	case XT_VAR:
	case XT_LITERAL:
	case XT_NUMBER:
		xp_next(p);
		break;
	case XT_LPAR: {
		size_t open = p->tpos;

		xp_next(p);
		if (p->t == XT_RPAR)
			return xp_fail(p, p->tpos, "has empty parentheses");
		if (xp_expr(p) < 0)
			return -1;
		if (p->t == XT_END)
			return xp_fail(p, open, "has a `(` that is not "
			    "closed; add `)`");
		if (xp_expect(p, XT_RPAR, "expects `)` here") < 0)
			return -1;
		break;
	}
	case XT_FUNC: {
		size_t open;

		xp_next(p);
		open = p->tpos;
		if (xp_expect(p, XT_LPAR, "expects `(`") < 0)
			return -1;
		if (p->t != XT_RPAR)
			for (;;) {
				if (xp_expr(p) < 0)
					return -1;
				if (p->t != XT_COMMA)
					break;
				xp_next(p);
			}
		if (p->t == XT_END)
			return xp_fail(p, open, "has a `(` that is not "
			    "closed; add `)`");
		if (xp_expect(p, XT_RPAR, "expects `,` or `)` in the "
		    "function's arguments") < 0)
			return -1;
		break;
	}
	case XT_END:
		return xp_fail(p, p->tpos, "ends where a step or a value is "
		    "expected");
	case XT_ERR:
		return -1;
	default:
		return xp_fail(p, p->tpos, "expects a step, a value or `(` "
		    "here");
	}
	if (xp_predicates(p) < 0)
		return -1;
	if (p->t == XT_SLASH || p->t == XT_DSLASH) {
		xp_next(p);
		if (!xp_starts_step(p->t))
			return xp_fail(p, p->tpos, "expects a step after "
			    "`/`");
		return xp_relpath(p);
	}
	return 0;
}

/* Binary operators by precedence, loosest first; unary minus and the
 * union come last. */
static int
xp_binary(struct xp *p, int level)
{
	size_t n;

	if (level == 6) {
		while (p->t == XT_OP && p->s[p->tpos] == '-')
			xp_next(p);
		for (;;) {
			if (xp_path(p) < 0)
				return -1;
			if (p->t != XT_OP || p->s[p->tpos] != '|')
				return 0;
			xp_next(p);
		}
	}
	if (xp_binary(p, level + 1) < 0)
		return -1;
	for (;;) {
		n = p->tlen;
		switch (level) {
		case 0:
			if (!(p->t == XT_OPNAME && xp_is(p, p->tpos, n, "or")))
				return 0;
			break;
		case 1:
			if (!(p->t == XT_OPNAME && xp_is(p, p->tpos, n, "and")))
				return 0;
			break;
		case 2:
			if (!(p->t == XT_OP && (p->s[p->tpos] == '=' ||
			    p->s[p->tpos] == '!')))
				return 0;
			break;
		case 3:
			if (!(p->t == XT_OP && (p->s[p->tpos] == '<' ||
			    p->s[p->tpos] == '>')))
				return 0;
			break;
		case 4:
			if (!(p->t == XT_OP && (p->s[p->tpos] == '+' ||
			    p->s[p->tpos] == '-')))
				return 0;
			break;
		default:
			if (!(p->t == XT_MUL || (p->t == XT_OPNAME &&
			    (xp_is(p, p->tpos, n, "div") ||
			    xp_is(p, p->tpos, n, "mod")))))
				return 0;
			break;
		}
		xp_next(p);
		if (xp_binary(p, level + 1) < 0)
			return -1;
	}
}

static int
xp_expr(struct xp *p)
{
	int rc;

	if (++p->depth > DGS_PATH_NEST_LIMIT)
		return xp_fail(p, p->tpos, dgs_path_too_deep);
	rc = xp_binary(p, 0);
	p->depth--;
	return rc;
}

long
dgs_xpath_check(const char *s, size_t len, const char **why)
{
	struct xp p;

	memset(&p, 0, sizeof(p));
	p.s = s;
	p.len = len;
	p.bad = -1;
	xp_next(&p);
	if (p.t == XT_END) {
		*why = "is empty; write an XPath such as \"//customer/name\"";
		return 0;
	}
	if (xp_expr(&p) == 0 && p.t != XT_END) {
		if (p.t == XT_RBRACK || p.t == XT_RPAR)
			xp_fail(&p, p.tpos, "has a closing bracket that "
			    "matches no opening one");
		else
			xp_fail(&p, p.tpos, "expects an operator or `/` "
			    "before this");
	}
	*why = p.why;
	return p.bad;
}
