/*
 * gen_xpath.c: the XPath 1.0 checker (dgs_xpath_check()): a lexer with
 * XPath's disambiguation rules and a recursive-descent parser bounded at
 * DGS_PATH_NEST_LIMIT (gen_path.c says what checkers return).
 */
#include <string.h>

#include "rules.h"
#include "catalog.h"
#include "gen_path.h"

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

/* Past the digits from i. */
static size_t
xp_digits(const struct xp *p, size_t i)
{
	while (i < p->len && is_digit(p->s[i]))
		i++;
	return i;
}

/* A string literal at *ip, past it; -1 when it is not closed. */
static int
xp_literal(struct xp *p, size_t *ip)
{
	size_t k;

	for (k = *ip + 1; k < p->len && p->s[k] != p->s[*ip]; k++)
		continue;
	if (k >= p->len) {
		xp_fail(p, *ip, "has a string that is not closed; add the "
		    "closing quote");
		return -1;
	}
	p->t = XT_LITERAL;
	*ip = k + 1;
	return 0;
}

/* A variable reference ($name, $prefix:name) at *ip, past it. */
static int
xp_var(struct xp *p, size_t *ip)
{
	const char *s = p->s;
	size_t i = *ip + 1;

	if (i >= p->len || !xp_namestart(s[i])) {
		xp_fail(p, i, "expects a variable name after `$`");
		return -1;
	}
	while (i < p->len && (xp_namechar(s[i]) || (s[i] == ':' &&
	    i + 1 < p->len && xp_namestart(s[i + 1]))))
		i++;
	p->t = XT_VAR;
	*ip = i;
	return 0;
}

/* What the name from p->tpos to i is, by what follows it: an axis
 * before `::`, a node type or a function before `(`, else a name test;
 * -1 for an axis XPath does not have. */
static int
xp_name_kind(struct xp *p, size_t i)
{
	static const char *const axes[] = { "ancestor", "ancestor-or-self",
	    "attribute", "child", "descendant", "descendant-or-self",
	    "following", "following-sibling", "namespace", "parent",
	    "preceding", "preceding-sibling", "self" };
	const char *s = p->s;
	size_t a, k, nlen = i - p->tpos;

	for (k = i; k < p->len && is_space(s[k]); k++)
		continue;
	if (k + 1 < p->len && s[k] == ':' && s[k + 1] == ':') {
		for (a = 0; a < sizeof(axes) / sizeof(axes[0]); a++)
			if (xp_is(p, p->tpos, nlen, axes[a]))
				break;
		if (a == sizeof(axes) / sizeof(axes[0])) {
			xp_fail(p, p->tpos, "names an axis XPath does not "
			    "have; write child, descendant, attribute, "
			    "parent, ancestor, self, ...");
			return -1;
		}
		p->t = XT_AXIS;
	} else if (k < p->len && s[k] == '(') {
		if (xp_is(p, p->tpos, nlen, "comment") ||
		    xp_is(p, p->tpos, nlen, "text") ||
		    xp_is(p, p->tpos, nlen, "node"))
			p->t = XT_NODETYPE;
		else if (xp_is(p, p->tpos, nlen, "processing-instruction")) {
			p->t = XT_NODETYPE;
			p->pi = 1;
		} else
			p->t = XT_FUNC;
	} else
		p->t = XT_NAMETEST;
	return 0;
}

/* A name at *ip (where a name is allowed: else only the operator names),
 * with its prefix (prefix:name, prefix:*), past it. */
static int
xp_name(struct xp *p, size_t *ip, int allowed)
{
	const char *s = p->s;
	size_t i = *ip, nlen;

	while (i < p->len && xp_namechar(s[i]))
		i++;
	nlen = i - p->tpos;
	*ip = i;
	if (!allowed) {
		if (xp_is(p, p->tpos, nlen, "and") ||
		    xp_is(p, p->tpos, nlen, "or") ||
		    xp_is(p, p->tpos, nlen, "div") ||
		    xp_is(p, p->tpos, nlen, "mod")) {
			p->t = XT_OPNAME;
			return 0;
		}
		xp_fail(p, p->tpos, "expects an operator (and, or, =, |, "
		    "...) or `/` before this name");
		return -1;
	}
	/* prefix:name or prefix:* */
	if (i + 1 < p->len && s[i] == ':' && s[i + 1] != ':') {
		if (s[i + 1] == '*') {
			p->t = XT_NAMETEST;
			*ip = i + 2;
			return 0;
		}
		if (!xp_namestart(s[i + 1])) {
			xp_fail(p, i + 1, "expects a name after the prefix's "
			    "`:`");
			return -1;
		}
		for (i++; i < p->len && xp_namechar(s[i]); i++)
			continue;
		*ip = i;
	}
	return xp_name_kind(p, i);
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

/* A symbol at *ip (a `/`, a bracket, an operator, a dot...), past it. */
static int
xp_symbol(struct xp *p, size_t *ip, int allowed)
{
	const char *s = p->s;
	size_t i = *ip;
	int two = i + 1 < p->len ? s[i + 1] : '\0';

	switch (s[i]) {
	case '/':
		p->t = two == '/' ? XT_DSLASH : XT_SLASH;
		break;
	case '(': p->t = XT_LPAR; break;
	case ')': p->t = XT_RPAR; break;
	case '[': p->t = XT_LBRACK; break;
	case ']': p->t = XT_RBRACK; break;
	case '@': p->t = XT_AT; break;
	case ',': p->t = XT_COMMA; break;
	case '*': p->t = allowed ? XT_NAMETEST : XT_MUL; break;
	case '|': case '+': case '-': case '=':
		p->t = XT_OP;
		break;
	case '<': case '>':
		p->t = XT_OP;
		i += two == '=';
		break;
	case '!':
		if (two != '=') {
			xp_fail(p, i, "has `!` alone; write `!=` or the "
			    "not() function");
			return -1;
		}
		p->t = XT_OP;
		i++;
		break;
	case ':':
		if (two != ':') {
			xp_fail(p, i, "has a `:` that is not part of a "
			    "prefixed name or `::`");
			return -1;
		}
		p->t = XT_DCOLON;
		break;
	case '.':
		p->t = two == '.' ? XT_DDOT : XT_DOT;
		break;
	default:
		xp_fail(p, i, "has a character that XPath does not allow "
		    "here");
		return -1;
	}
	if (p->t == XT_DSLASH || p->t == XT_DCOLON || p->t == XT_DDOT)
		i++;
	*ip = i + 1;
	return 0;
}

static void
xp_next(struct xp *p)
{
	const char *s = p->s;
	size_t i;
	int allowed = xp_name_allowed(p), rc;
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
	if (c == '"' || c == '\'')
		rc = xp_literal(p, &i);
	else if (c == '$')
		rc = xp_var(p, &i);
	else if (is_digit(c) || (c == '.' && i + 1 < p->len &&
	    is_digit(s[i + 1]))) {
		i = xp_digits(p, i);
		if (i < p->len && s[i] == '.')
			i = xp_digits(p, i + 1);
		p->t = XT_NUMBER;
		rc = 0;
	} else if (xp_namestart(c))
		rc = xp_name(p, &i, allowed);
	else
		rc = xp_symbol(p, &i, allowed);
	if (rc != 0)
		return;
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
