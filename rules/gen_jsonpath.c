/*
 * gen_jsonpath.c: the JSONPath checker (dgs_jsonpath_check()): Goessner's
 * JSONPath as .NET and Java libraries read it, by recursive descent
 * bounded at DGS_PATH_NEST_LIMIT (gen_path.c says what checkers return).
 */
#include <string.h>

#include "rules.h"
#include "catalog.h"
#include "gen_path.h"

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
static int	jp_operand(struct jp *);

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

/* The closing c of what opened at start, read: else "here" where
 * something else stands, or "unclosed" at start when the text ends. */
static int
jp_close(struct jp *p, int c, size_t start, const char *here,
    const char *unclosed)
{
	if (jp_peek(p) != c)
		return jp_fail(p, p->i < p->len ? p->i : start,
		    p->i < p->len ? here : unclosed);
	p->i++;
	return 0;
}

/* A parenthesized condition, at `(`. */
static int
jp_group(struct jp *p)
{
	size_t start = p->i++;

	jp_ws(p);
	if (jp_peek(p) == ')')
		return jp_fail(p, p->i, "has empty parentheses; write a "
		    "condition inside them");
	if (jp_or(p) < 0)
		return -1;
	jp_ws(p);
	return jp_close(p, ')', start, "expects `)` here",
	    "has a `(` that is not closed; add `)`");
}

/* A regular expression literal, /.../flags, at its first `/`. */
static int
jp_regex(struct jp *p)
{
	size_t start = p->i++;

	for (; p->i < p->len && p->s[p->i] != '/'; p->i++)
		if (p->s[p->i] == '\\')
			p->i++;
	if (p->i >= p->len)
		return jp_fail(p, start, "has a regular expression that is "
		    "not closed; add the closing `/`");
	p->i++;
	while (is_alpha((char)jp_peek(p)))
		p->i++;
	return 0;
}

/* Items, each read by item (jp_operand() or jp_or()), separated by
 * commas, up to the closing character close, which is not read. */
static int
jp_list(struct jp *p, int (*item)(struct jp *), int close)
{
	jp_ws(p);
	if (jp_peek(p) == close)
		return 0;
	for (;;) {
		if (item(p) < 0)
			return -1;
		jp_ws(p);
		if (jp_peek(p) != ',')
			return 0;
		p->i++;
	}
}

/* An array literal, as in ?(@.size in ['S', 'M']), at `[`. */
static int
jp_array(struct jp *p)
{
	size_t start = p->i++;

	if (jp_list(p, jp_operand, ']') < 0)
		return -1;
	return jp_close(p, ']', start, "expects `,` or `]` here",
	    "has a `[` that is not closed; add `]`");
}

/* A word: a function and its arguments (length(@.a), match(...)), or
 * true, false or null; a bare word else. */
static int
jp_word(struct jp *p)
{
	size_t start = p->i, end;

	while (p->i < p->len && (is_alpha(p->s[p->i]) ||
	    is_digit(p->s[p->i]) || p->s[p->i] == '_'))
		p->i++;
	end = p->i;
	jp_ws(p);
	if (jp_peek(p) == '(') {
		p->i++;
		if (jp_list(p, jp_or, ')') < 0)
			return -1;
		if (jp_peek(p) != ')')
			return jp_fail(p, p->i, "expects `)` to end the "
			    "function's arguments");
		p->i++;
		return 0;
	}
	if ((end - start == 4 && (memcmp(p->s + start, "true", 4) == 0 ||
	    memcmp(p->s + start, "null", 4) == 0)) || (end - start == 5 &&
	    memcmp(p->s + start, "false", 5) == 0))
		return 0;
	return jp_fail(p, start, "has a bare word in a filter; quote strings "
	    "('text') and start paths with @ or $");
}

/* An operand of a filter expression. */
static int
jp_operand(struct jp *p)
{
	int c, rc;

	jp_ws(p);
	c = jp_peek(p);
	if (c == -1)
		return jp_fail(p, p->i, "ends where a value is expected; "
		    "complete the filter, such as ?(@.price < 10)");
	if (++p->depth > DGS_PATH_NEST_LIMIT)
		return jp_fail(p, p->i, dgs_path_too_deep);
	if (c == '(')
		rc = jp_group(p);
	else if (c == '@' || c == '$') {
		p->i++;
		rc = jp_segments(p, 1);
	} else if (c == '\'' || c == '"')
		rc = jp_string(p);
	else if (c == '/')
		rc = jp_regex(p);
	else if (c == '[')
		rc = jp_array(p);
	else if (c == '-' || is_digit((char)c))
		rc = jp_number(p);
	else if (is_alpha((char)c) || c == '_')
		rc = jp_word(p);
	else
		return jp_fail(p, p->i, "expects a value here: @.name, a "
		    "quoted string, a number, true, false or null");
	if (rc < 0)
		return -1;
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

int
dgs_struct_field_path(const char *s, size_t len)
{
	size_t i;

	if (len < 4 || memcmp(s, "root", 4) != 0 || (len > 4 && s[4] != '.'))
		return 0;
	for (i = 4; i < len; i++)
		if (s[i] == '.' && (i + 1 == len || s[i + 1] == '.'))
			return 0;
	return 1;
}
