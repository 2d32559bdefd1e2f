/*
 * glob.c: the glob patterns of configurations (kinds, exclude, overrides'
 * files): * matches within one path component, ** any number of
 * components, ? one character, [abc] [a-z] [!x] a class.  A pattern
 * without '/' matches a file's name in any directory; one with '/'
 * matches the path relative to the configuration's directory.
 *
 * A pattern is matched as an automaton whose states are the places
 * between its elements: the set of places the path read so far can have
 * reached is carried along the path, one character at a time.  Its time
 * is the path's length times the pattern's, whatever the pattern (trying
 * each way a star could match in turn took minutes for
 * "*a*a*a*a*a*a*a*a*ac.json" against a long name); its memory is two
 * bytes a place.  "**" matches any characters, '/' included (and the
 * '/' after it with them), and the other elements as before:
 * check_glob.c compares the two.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "config.h"

static int
class_end(const char *p)
{
	const char *q = p + 1;

	if (*q == '!' || *q == '^')
		q++;
	if (*q == ']')
		q++;
	while (*q != '\0' && *q != ']')
		q++;
	return *q == ']' ? (int)(q - p) : -1;
}

int
glob_valid(const char *pat, const char **why)
{
	const char *p;

	if (*pat == '\0') {
		*why = "an empty pattern matches nothing";
		return 0;
	}
	for (p = pat; *p != '\0'; p++) {
		if (*p == '[' && class_end(p) < 0) {
			*why = "'[' opens a character class that no ']' closes";
			return 0;
		}
		if (*p == '\\' && p[1] == '\0') {
			*why = "the pattern ends with a lone '\\'";
			return 0;
		}
	}
	return 1;
}

static int
class_match(const char *p, int len, char c)
{
	int neg = 0, i = 1, hit = 0;

	if (p[i] == '!' || p[i] == '^') {
		neg = 1;
		i++;
	}
	for (; i < len; i++) {
		if (i + 2 < len && p[i + 1] == '-') {
			if (c >= p[i] && c <= p[i + 2])
				hit = 1;
			i += 2;
		} else if (p[i] == c)
			hit = 1;
	}
	return hit != neg;
}

/* What the element at p is: a star (1: "*", within a component; 2: "**"
 * and the '/' after it if any, across components) or one character (0);
 * *len is its length in the pattern.  A class that no ']' closes matches
 * nothing (glob_valid() refuses it). */
static int
element(const char *p, size_t *len)
{
	int n;

	switch (*p) {
	case '*':
		if (p[1] == '*') {
			*len = p[2] == '/' ? 3 : 2;
			return 2;
		}
		*len = 1;
		return 1;
	case '[':
		n = class_end(p);
		*len = n < 0 ? 1 : (size_t)n + 1;
		return 0;
	case '\\':
		*len = p[1] != '\0' ? 2 : 1;
		return 0;
	default:
		*len = 1;
		return 0;
	}
}

/* Whether the one-character element at p (of length len) takes c. */
static int
takes(const char *p, size_t len, char c)
{
	switch (*p) {
	case '?':
		return c != '/';
	case '[':
		return len > 1 && c != '/' && class_match(p, (int)len - 1, c);
	case '\\':
		return p[len - 1] == c;
	default:
		return *p == c;
	}
}

/* Adds to on[] the places that stars at active places lead to without
 * a character (a star may match nothing); returns whether any place is
 * active. */
static int
close_stars(const char *pat, size_t plen, unsigned char *on)
{
	size_t i, len;
	int any = on[plen];

	for (i = 0; i < plen; i++)
		if (on[i]) {
			any = 1;
			if (element(pat + i, &len) != 0)
				on[i + len] = 1;
		}
	return any;
}

#define PLACES	256	/* on the stack; a longer pattern allocates */

static int
match(const char *pat, const char *s)
{
	unsigned char buf[2 * PLACES], *mem, *on, *to, *t;
	size_t plen = strlen(pat), i, len;
	int kind, hit;

	mem = plen < PLACES ? buf : xmalloc(2 * (plen + 1));
	on = mem;
	to = mem + plen + 1;
	memset(mem, 0, 2 * (plen + 1));
	on[0] = 1;
	close_stars(pat, plen, on);
	for (; *s != '\0'; s++) {
		for (i = 0; i < plen; i++) {
			if (!on[i])
				continue;
			on[i] = 0;
			kind = element(pat + i, &len);
			if (kind == 2 || (kind == 1 && *s != '/'))
				to[i] = 1;
			else if (kind == 0 && takes(pat + i, len, *s))
				to[i + len] = 1;
		}
		on[plen] = 0;
		t = on;
		on = to;
		to = t;
		if (!close_stars(pat, plen, on))
			break;		/* no place left: no match */
	}
	hit = *s == '\0' && on[plen];
	if (mem != buf)
		free(mem);
	return hit;
}

int
glob_match(const char *pat, const char *rel)
{
	const char *base;

	while (pat[0] == '.' && pat[1] == '/')
		pat += 2;
	if (strchr(pat, '/') == NULL) {
		base = strrchr(rel, '/');
		return match(pat, base ? base + 1 : rel);
	}
	if (pat[0] == '/')
		pat++;
	return match(pat, rel);
}
