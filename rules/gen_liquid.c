/*
 * gen_liquid.c: the Liquid templates of the Text Composition generator
 * ("The template uses the Liquid template syntax", its API reference):
 * their delimiters, {{ }} around an output and {% %} around a tag, and
 * the block tags that need their end tag; and the columns a template
 * names, "the column name enclosed in double braces: {{ COLUMN_NAME }}"
 * (its generator reference,
 * https://docs.tonic.ai/app/generation/generators/generator-reference/text-composition).
 */
#include <string.h>

#include "rules.h"
#include "catalog.h"

/* The block tags of Liquid, each closed by "end" and its name; raw and
 * comment hold text that is not parsed. */
static const char *const blocks[] = {
	"if", "unless", "case", "for", "tablerow", "capture", "comment",
	"raw", NULL
};

/* Liquid's literals, which name no column. */
static const char *const literals[] = {
	"true", "false", "nil", "null", "empty", "blank", "forloop",
	"tablerowloop", NULL
};

static int
word_char(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '-';
}

static int
space(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The end of the markup that starts at i (after "{{" or "{%"): the
 * offset of its closer close ("}}" or "%}"), quoted strings skipped;
 * len when there is none, or when another markup opens first. */
static size_t
markup_end(const char *s, size_t len, size_t i, char close)
{
	char q;

	for (; i + 1 < len; i++) {
		if (s[i] == '\'' || s[i] == '"') {
			for (q = s[i++]; i < len && s[i] != q; i++)
				continue;
			if (i >= len)
				return len;
		} else if (s[i] == close && s[i + 1] == '}')
			return i;
		else if (s[i] == '{' && (s[i + 1] == '{' || s[i + 1] == '%'))
			return len;
	}
	return len;
}

/* The word at s[i..end): its start and length, white space and the
 * whitespace control '-' around it skipped; 0 when none. */
static size_t
word_at(const char *s, size_t i, size_t end, size_t *at)
{
	size_t n;

	while (i < end && (space(s[i]) || s[i] == '-'))
		i++;
	if (i >= end || !(word_char(s[i]) && s[i] != '-' &&
	    !(s[i] >= '0' && s[i] <= '9')))
		return 0;
	*at = i;
	for (n = 0; i + n < end && word_char(s[i + n]); n++)
		continue;
	while (n > 0 && s[i + n - 1] == '-')
		n--;
	return n;
}

static int
word_is(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && strncmp(s, w, n) == 0;
}

static int
in_list(const char *const *list, const char *s, size_t n)
{
	for (; *list != NULL; list++)
		if (word_is(s, n, *list))
			return 1;
	return 0;
}

/* The walk of a template, markup by markup: for each {{ }} whose first
 * word names a variable, fn(arg, offset, length); the offset of the first
 * fault, with *why, or -1. */
typedef void (*name_fn)(void *arg, const char *s, size_t off, size_t n);

#define MAX_NEST	64

static long
walk(const char *s, size_t len, const char **why, name_fn fn, void *arg)
{
	size_t i = 0, end, at, n, depth = 0, open[MAX_NEST];
	const char *name[MAX_NEST];
	size_t name_len[MAX_NEST];
	int output;

	while (i + 1 < len) {
		if (s[i] != '{' || (s[i + 1] != '{' && s[i + 1] != '%')) {
			i++;
			continue;
		}
		output = s[i + 1] == '{';
		end = markup_end(s, len, i + 2, output ? '}' : '%');
		if (end >= len) {
			*why = output ? "opens an output with {{ that no }} "
			    "closes" : "opens a tag with {% that no %} closes";
			return (long)i;
		}
		n = word_at(s, i + 2, end, &at);
		if (output) {
			if (n > 0 && fn != NULL && !in_list(literals, s + at, n))
				fn(arg, s, at, n);
		} else if (n > 0 && in_list(blocks, s + at, n)) {
			if (depth == MAX_NEST) {
				*why = "nests block tags deeper than dgslint "
				    "reads";
				return (long)i;
			}
			open[depth] = i;
			name[depth] = s + at;
			name_len[depth++] = n;
			/* raw and comment: their text up to the end tag is
			 * not Liquid. */
			if (word_is(s + at, n, "raw") ||
			    word_is(s + at, n, "comment")) {
				const char *e = word_is(s + at, n, "raw") ?
				    "endraw" : "endcomment";
				size_t j, k;

				for (j = end + 2; j + 1 < len; j++)
					if (s[j] == '{' && s[j + 1] == '%' &&
					    (k = word_at(s, j + 2, len, &at)) &&
					    word_is(s + at, k, e))
						break;
				if (j + 1 >= len) {
					*why = "opens a block tag that no end "
					    "tag closes";
					return (long)open[depth - 1];
				}
				end = j - 2;
			}
		} else if (n > 3 && strncmp(s + at, "end", 3) == 0 &&
		    in_list(blocks, s + at + 3, n - 3)) {
			if (depth == 0 || name_len[depth - 1] != n - 3 ||
			    strncmp(name[depth - 1], s + at + 3, n - 3) != 0) {
				*why = depth == 0 ? "ends a block tag that "
				    "was not opened" : "ends another block "
				    "tag than the one open";
				return (long)i;
			}
			depth--;
		}
		i = end + 2;
	}
	if (depth > 0) {
		*why = "opens a block tag that no end tag closes";
		return (long)open[depth - 1];
	}
	return -1;
}

long
dgs_liquid_check(const char *s, size_t len, const char **why)
{
	return walk(s, len, why, NULL, NULL);
}

/* The variables a template defines itself: assign, capture, for,
 * tablerow, increment, decrement. */
struct names {
	const char	*s;
	size_t		 len;
	dgs_liquid_name_fn fn;
	void		*arg;
};

static int
defined(const char *s, size_t len, const char *w, size_t wn)
{
	static const char *const defs[] = { "assign", "capture", "for",
	    "tablerow", "increment", "decrement", NULL };
	size_t i, end, at, n, vat, vn;

	for (i = 0; i + 1 < len; i++) {
		if (s[i] != '{' || s[i + 1] != '%')
			continue;
		end = markup_end(s, len, i + 2, '%');
		if ((n = word_at(s, i + 2, end, &at)) == 0 ||
		    !in_list(defs, s + at, n))
			continue;
		if ((vn = word_at(s, at + n, end, &vat)) == wn &&
		    strncmp(s + vat, w, wn) == 0)
			return 1;
	}
	return 0;
}

static void
name_found(void *arg, const char *s, size_t off, size_t n)
{
	struct names *x = arg;

	if (!defined(x->s, x->len, s + off, n))
		x->fn(x->arg, off, n);
}

void
dgs_liquid_names(const char *s, size_t len, dgs_liquid_name_fn fn,
    void *arg)
{
	struct names x = { s, len, fn, arg };
	const char *why;

	(void)walk(s, len, &why, name_found, &x);
}
