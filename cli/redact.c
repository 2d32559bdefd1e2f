/*
 * redact.c: secrets kept out of everything dgslint prints.  A secret is
 * taken from where the user gave it (the password of a libpq connection
 * string or URI), in every form it may be echoed in (as written, and
 * percent-decoded), and replaced by "********" wherever it occurs in a
 * message, libpq's own included; whatever else looks like a URL's
 * password ("scheme://user:PASSWORD@") is replaced too.
 */
#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MASK	"********"

void
secrets_add(struct secrets *s, const char *p, size_t n)
{
	char *d;
	size_t i, k;

	if (n == 0)
		return;
	s->v = xrealloc(s->v, (s->n + 2) * sizeof(*s->v));
	d = xmalloc(n + 1);
	memcpy(d, p, n);
	d[n] = '\0';
	s->v[s->n++] = d;
	/* Percent-decoded, when that differs. */
	d = xmalloc(n + 1);
	for (i = k = 0; i < n; i++) {
		if (p[i] == '%' && i + 2 < n &&
		    isxdigit((unsigned char)p[i + 1]) &&
		    isxdigit((unsigned char)p[i + 2])) {
			char hex[3] = { p[i + 1], p[i + 2], '\0' };

			d[k++] = (char)strtol(hex, NULL, 16);
			i += 2;
		} else
			d[k++] = p[i];
	}
	d[k] = '\0';
	if (k > 0 && (k != n || memcmp(d, p, n) != 0))
		s->v[s->n++] = d;
	else
		free(d);
}

/* The value of a key=value connection string at p (after the '=' and
 * its spaces): quoted with '...' and \-escapes, or up to a space. */
static size_t
conn_value(const char *p)
{
	size_t n = 0;

	if (*p == '\'') {
		for (n = 1; p[n] != '\0' && p[n] != '\''; n++)
			if (p[n] == '\\' && p[n + 1] != '\0')
				n++;
		return p[n] == '\'' ? n + 1 : n;
	}
	while (p[n] != '\0' && !isspace((unsigned char)p[n]))
		n++;
	return n;
}

void
secrets_from_conninfo(struct secrets *s, const char *c)
{
	const char *p, *at, *colon, *q;
	size_t n;

	/* A URI's user information: user:password@, up to the last '@'
	 * (a password that holds '/' or '@' unencoded is still one). */
	if ((p = strstr(c, "://")) != NULL) {
		p += 3;
		if ((at = strrchr(p, '@')) != NULL &&
		    (colon = memchr(p, ':', (size_t)(at - p))) != NULL)
			secrets_add(s, colon + 1, (size_t)(at - colon - 1));
		/* ?password=... among its parameters. */
		for (q = p; (q = strstr(q, "password=")) != NULL; q += 9)
			if (q[-1] == '?' || q[-1] == '&')
				secrets_add(s, q + 9, strcspn(q + 9, "&#"));
	}
	/* password = value in a key=value string. */
	for (q = c; (q = strstr(q, "password")) != NULL; q += 8) {
		if (q != c && !isspace((unsigned char)q[-1]))
			continue;
		p = q + 8;
		while (isspace((unsigned char)*p))
			p++;
		if (*p != '=')
			continue;
		p++;
		while (isspace((unsigned char)*p))
			p++;
		n = conn_value(p);
		secrets_add(s, p, n);
		if (n >= 2 && p[0] == '\'')	/* without its quotes */
			secrets_add(s, p + 1, n - (p[n - 1] == '\'' ? 2 : 1));
	}
}

void
secrets_free(struct secrets *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

/* Replaces every occurrence of secret in b (from 0) with MASK. */
static void
mask_all(struct str *b, const char *secret)
{
	struct str o = { NULL, 0, 0 };
	size_t n = strlen(secret);
	const char *p = b->s, *hit;

	while ((hit = strstr(p, secret)) != NULL) {
		str_addn(&o, p, (size_t)(hit - p));
		str_addn(&o, MASK, sizeof(MASK) - 1);
		p = hit + n;
	}
	str_addn(&o, p, strlen(p));
	free(b->s);
	*b = o;
}

char *
redact(const struct secrets *s, const char *text)
{
	struct str b = { NULL, 0, 0 };
	const char *p, *end, *at, *colon;
	size_t i, longest, k;
	int *done;

	str_addn(&b, text, strlen(text));
	/* The longest first: a secret that holds another is masked whole. */
	done = xcalloc(s->n ? s->n : 1, sizeof(*done));
	for (k = 0; k < s->n; k++) {
		longest = s->n;
		for (i = 0; i < s->n; i++)
			if (!done[i] && (longest == s->n ||
			    strlen(s->v[i]) > strlen(s->v[longest])))
				longest = i;
		done[longest] = 1;
		mask_all(&b, s->v[longest]);
	}
	free(done);
	/* scheme://user:password@ anywhere. */
	for (p = b.s; (p = strstr(p, "://")) != NULL; p += 3) {
		end = p + 3 + strcspn(p + 3, " \t\n\"'");
		at = NULL;
		for (i = 3; p + i < end; i++)
			if (p[i] == '@')
				at = p + i;
		if (at == NULL || (colon = memchr(p + 3, ':',
		    (size_t)(at - p - 3))) == NULL ||
		    (at - colon == (ptrdiff_t)sizeof(MASK) &&
		    memcmp(colon + 1, MASK, sizeof(MASK) - 1) == 0))
			continue;
		{
			struct str o = { NULL, 0, 0 };
			size_t off = (size_t)(colon + 1 - b.s);

			str_addn(&o, b.s, off);
			str_addn(&o, MASK, sizeof(MASK) - 1);
			str_addn(&o, at, strlen(at));
			free(b.s);
			b = o;
			p = b.s + off;
		}
	}
	return b.s;
}
