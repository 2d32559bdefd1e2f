/*
 * glob.c: the glob patterns of configurations (kinds, exclude, overrides'
 * files): * matches within one path component, ** any number of
 * components, ? one character, [abc] [a-z] [!x] a class.  A pattern
 * without '/' matches a file's name in any directory; one with '/'
 * matches the path relative to the configuration's directory.
 */
#include <string.h>

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

static int
match(const char *p, const char *s)
{
	int n;

	for (;;) {
		switch (*p) {
		case '\0':
			return *s == '\0';
		case '*':
			if (p[1] == '*') {
				/* A double star and a slash match zero or more
				 * directories. */
				p += 2;
				if (*p == '/')
					p++;
				for (;;) {
					if (match(p, s))
						return 1;
					if (*s == '\0')
						return 0;
					s++;
				}
			}
			p++;
			for (;;) {
				if (match(p, s))
					return 1;
				if (*s == '\0' || *s == '/')
					return 0;
				s++;
			}
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
