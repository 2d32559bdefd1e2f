/*
 * glob.c: the glob patterns of configurations (kinds, exclude, overrides'
 * files): * matches within one path component, ** any number of
 * components (followed by '/', zero or more whole directories), ? one
 * character, [abc] [a-z] [!x] a class; at most MAX_STARS stars.  A
 * pattern without '/' matches a file's name in any directory; one with
 * '/' matches the path relative to the configuration's directory.
 *
 * Matching is the recursion it always was (a star tries each length in
 * turn, shortest first), with each star's failures remembered: that the
 * pattern from its j-th star cannot match the path from offset i is found
 * once, a bit in a table of stars by offsets, so the time is at most the
 * path's length times the pattern's, whatever the pattern (tried again
 * and again, "*a*a*a*a*a*a*a*a*ac.json" against a long name took
 * minutes).  A remembered failure does not change an answer, only when it
 * comes: check_glob.c compares the two.
 */
#include <stdlib.h>
#include <string.h>

#include "repo.h"

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

/* A star is a level of recursion in match(): a bound on the stack. */
#define MAX_STARS	256

int
glob_valid(const char *pat, const char **why)
{
	const char *p;
	size_t stars = 0;

	if (*pat == '\0') {
		*why = "an empty pattern matches nothing";
		return 0;
	}
	for (p = pat; *p != '\0'; p++) {
		if (*p == '*' && ++stars > MAX_STARS) {
			*why = "more than 256 stars in one pattern";
			return 0;
		}
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

/* Room for the failures of most patterns on the stack (bits). */
#define MEMO_BITS	4096

/* The failures of the stars: bit j * n + i says that the pattern from
 * its j-th star cannot match the path from offset i.  Made at the first
 * star, as most patterns that fail do so before it. */
struct memo {
	unsigned char	*failed;	/* NULL: not made yet */
	size_t		 n;		/* the path's length + 1 */
	const char	*s0;		/* the path */
	unsigned char	 buf[MEMO_BITS / 8];
};

/* Makes the table at the first star, p. */
static void
memo_make(struct memo *m, const char *p)
{
	size_t stars = 0, bits;

	for (; *p != '\0'; p++)
		stars += *p == '*';
	m->n = strlen(m->s0) + 1;
	bits = stars * m->n;
	if (bits <= MEMO_BITS) {
		m->failed = m->buf;
		memset(m->buf, 0, (bits + 7) / 8);
	} else
		m->failed = xcalloc(bits / 8 + 1, 1);
}

static int
known(const struct memo *m, size_t j, const char *s)
{
	size_t bit = j * m->n + (size_t)(s - m->s0);

	return (m->failed[bit >> 3] >> (bit & 7)) & 1;
}

/* Records the failures of the j-th star from offsets s to e, included. */
static void
record(struct memo *m, size_t j, const char *s, const char *e)
{
	size_t bit = j * m->n + (size_t)(s - m->s0), end = bit + (size_t)(e - s);

	for (; bit <= end; bit++)
		m->failed[bit >> 3] |= (unsigned char)(1u << (bit & 7));
}

/* Whether the pattern from p, whose next star is the j-th, matches the
 * path from s. */
static int
match(const char *p, const char *s, size_t j, struct memo *m)
{
	const char *from;
	int n, across, dirs;

	for (;;) {
		switch (*p) {
		case '\0':
			return *s == '\0';
		case '*':
			/* A double star matches across components; with
			 * the slash after it, zero or more whole
			 * directories: nothing, or anything that ends with
			 * a '/' (so "**" + "/x.json" is no "ax.json").  Its
			 * bit in the table then says that no place after a
			 * '/' from offset i on will do. */
			if (m->failed == NULL)
				memo_make(m, p);
			across = p[1] == '*';
			p += across ? 2 : 1;
			dirs = across && *p == '/';
			if (dirs) {
				p++;
				if (match(p, s, j + 1, m))
					return 1;
				if (*s == '\0')
					return 0;
				s++;
			}
			for (from = s;; s++) {
				if (known(m, j, s)) {
					if (s == from)
						return 0;
					s--;
					break;
				}
				if ((!dirs || s[-1] == '/') &&
				    match(p, s, j + 1, m))
					return 1;
				if (*s == '\0' || (!across && *s == '/'))
					break;
			}
			record(m, j, from, s);
			return 0;
		case '?':
			if (*s == '\0' || *s == '/')
				return 0;
			break;
		case '[':
			if ((n = class_end(p)) < 0 || *s == '\0' || *s == '/' ||
			    !class_match(p, n, *s))
				return 0;
			p += n;
			break;
		case '\\':
			if (p[1] != '\0')
				p++;
			/* FALLTHROUGH */
		default:
			if (*p != *s)
				return 0;
			break;
		}
		p++;
		s++;
	}
}

static int
match_path(const char *pat, const char *s)
{
	struct memo m;
	int hit;

	m.failed = NULL;
	m.s0 = s;
	hit = match(pat, s, 0, &m);
	if (m.failed != m.buf)
		free(m.failed);
	return hit;
}

int
glob_match(const char *pat, const char *rel)
{
	const char *base;
	size_t np, nb;

	while (pat[0] == '.' && pat[1] == '/')
		pat += 2;
	if (strchr(pat, '/') == NULL) {
		base = strrchr(rel, '/');
		base = base ? base + 1 : rel;
		/* The ignore files' commonest patterns, a name and
		 * "*.suffix", compared as strings: the walk matches every
		 * pattern against every name it finds. */
		if (strpbrk(pat, "*?[\\") == NULL)
			return strcmp(pat, base) == 0;
		if (pat[0] == '*' && strpbrk(pat + 1, "*?[\\") == NULL) {
			np = strlen(pat + 1);
			nb = strlen(base);
			return nb >= np && memcmp(base + nb - np, pat + 1,
			    np) == 0;
		}
		return match_path(pat, base);
	}
	if (pat[0] == '/')
		pat++;
	return match_path(pat, rel);
}
