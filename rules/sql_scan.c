/*
 * sql_scan.c: the WHERE-clause scanner of the subsetting rules
 * (dgs_sql_scan(), declared in subsetting.h): literals, quoted
 * identifiers, comments and parentheses of the SQL dialects a source
 * database may speak, read without a grammar of any one of them.
 */
#include <string.h>

#include "rules.h"
#include "subsetting.h"

#define SQL_BACKSLASH	0x1u	/* \ escapes a character in a string */
#define SQL_NOBRACKET	0x2u	/* [ is not an identifier quote */
#define SQL_DOLLAR	0x4u	/* $tag$...$tag$ strings (PostgreSQL) */

static int
sql_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '$' ||
	    (unsigned char)c >= 0x80;
}

/* The length of the $tag$ delimiter at s[i], or 0: the tag is empty or a
 * name, and the '$' does not continue a word (Oracle's V$SESSION) nor
 * start a parameter ($1). */
static size_t
sql_dollar_tag(const char *s, size_t len, size_t i)
{
	size_t j = i + 1;

	if (i > 0 && sql_word(s[i - 1]))
		return 0;
	if (j < len && s[j] >= '0' && s[j] <= '9')
		return 0;
	while (j < len && s[j] != '$' && sql_word(s[j]))
		j++;
	return j < len && s[j] == '$' ? j + 1 - i : 0;
}

static void
set_problem(struct dgs_sql_scan *out, enum dgs_sql_problem p, size_t at)
{
	if (out->problem != DGS_SQL_OK)
		return;
	out->problem = p;
	out->problem_at = (long)at;
}

static void
sql_read(const char *s, size_t len, unsigned how, struct dgs_sql_scan *out)
{
	size_t i = 0, open, outer = 0, depth = 0, tag;
	char c, q;

	out->problem = DGS_SQL_OK;
	out->problem_at = out->semicolon = out->trailing_comment = -1;
	while (i < len) {
		c = s[i];
		if (c == '$' && (how & SQL_DOLLAR) &&
		    (tag = sql_dollar_tag(s, len, i)) > 0) {
			open = i;
			for (i += tag; i + tag <= len &&
			    memcmp(s + i, s + open, tag) != 0; i++)
				continue;
			if (i + tag > len) {
				set_problem(out, DGS_SQL_OPEN_STRING, open);
				return;
			}
			i += tag;
			continue;
		}
		if (c == '\'' || c == '"' || c == '`' ||
		    (c == '[' && !(how & SQL_NOBRACKET))) {
			q = c == '[' ? ']' : c;
			open = i++;
			for (;;) {
				if (i >= len) {
					set_problem(out, c == '\'' ?
					    DGS_SQL_OPEN_STRING : c == '"' ?
					    DGS_SQL_OPEN_IDENT : c == '`' ?
					    DGS_SQL_OPEN_BACKTICK :
					    DGS_SQL_OPEN_BRACKET, open);
					/* It swallowed the rest. */
					return;
				}
				if ((how & SQL_BACKSLASH) && s[i] == '\\' &&
				    (c == '\'' || c == '"') && i + 1 < len) {
					i += 2;
					continue;
				}
				if (s[i] == q) {
					if (i + 1 < len && s[i + 1] == q) {
						/* Doubled: escaped. */
						i += 2;
						continue;
					}
					i++;
					break;
				}
				i++;
			}
			continue;
		}
		if (c == '-' && i + 1 < len && s[i + 1] == '-') {
			open = i;
			while (i < len && s[i] != '\n' && s[i] != '\r')
				i++;
			if (i >= len)
				out->trailing_comment = (long)open;
			continue;
		}
		if (c == '/' && i + 1 < len && s[i + 1] == '*') {
			open = i;
			for (i += 2; i + 1 < len &&
			    !(s[i] == '*' && s[i + 1] == '/'); i++)
				continue;
			if (i + 1 >= len) {
				set_problem(out, DGS_SQL_OPEN_COMMENT, open);
				return;
			}
			i += 2;
			continue;
		}
		if (c == '(') {
			if (depth++ == 0)
				outer = i;
		} else if (c == ')') {
			if (depth == 0)
				set_problem(out, DGS_SQL_CLOSE_PAREN, i);
			else
				depth--;
		} else if (c == ';' && out->semicolon < 0)
			out->semicolon = (long)i;
		i++;
	}
	if (depth > 0)
		set_problem(out, DGS_SQL_OPEN_PAREN, outer);
}

void
dgs_sql_scan(const char *s, size_t len, struct dgs_sql_scan *out)
{
	static const unsigned other[] = {
		SQL_BACKSLASH, SQL_NOBRACKET, SQL_BACKSLASH | SQL_NOBRACKET,
		SQL_DOLLAR
	};
	struct dgs_sql_scan alt, fallback;
	size_t i, n;
	int have = 0;

	sql_read(s, len, 0, out);
	/*
	 * A quote left open may be another dialect's: a backslash-escaped
	 * quote, or a '[' that is an array subscript rather than an
	 * identifier quote (but an unclosed '[' is not forgiven for being
	 * one).  Take the first other reading with no problem, or else one
	 * whose problem is not an open quote.
	 */
	switch (out->problem) {
	case DGS_SQL_OPEN_STRING:
	case DGS_SQL_OPEN_IDENT:
	case DGS_SQL_OPEN_BACKTICK:
		n = 4;
		break;
	case DGS_SQL_OPEN_BRACKET:
		n = 1;
		break;
	default:
		return;
	}
	for (i = 0; i < n; i++) {
		sql_read(s, len, other[i], &alt);
		if (alt.problem == DGS_SQL_OK) {
			*out = alt;
			return;
		}
		if (!have && alt.problem != DGS_SQL_OPEN_STRING &&
		    alt.problem != DGS_SQL_OPEN_IDENT &&
		    alt.problem != DGS_SQL_OPEN_BRACKET &&
		    alt.problem != DGS_SQL_OPEN_BACKTICK) {
			fallback = alt;
			have = 1;
		}
	}
	if (have)
		*out = fallback;
}
