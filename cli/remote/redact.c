/*
 * redact.c: secrets kept out of everything dgslint prints.  A secret is
 * taken from where the user gave it (the password of a libpq connection
 * string or URI, as libpq reads it: snapshot_pg.c), in every form it may be echoed in (as written,
 * percent-decoded, and form-decoded, + as a space), and replaced by
 * "********" wherever it occurs in a
 * message, libpq's own included; whatever else looks like a URL's
 * password ("scheme://user:PASSWORD@") is replaced too.
 *
 * The service's API key is the run's secret (secrets_run()): answers are
 * parsed as they came, and what is printed or written is masked once, at
 * output (run.c's show() for findings and reports, the language server's
 * diagnostics, service.c's messages).
 */
#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "remote.h"

#define MASK	"********"

/* Whether s holds p[0..n) already. */
static int
has(const struct secrets *s, const char *p, size_t n)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strlen(s->v[i]) == n && memcmp(s->v[i], p, n) == 0)
			return 1;
	return 0;
}

/* p[0..n) percent-decoded into d (n + 1 bytes), and with form, + as a
 * space (a form's decoding); its length. */
static size_t
unescape(const char *p, size_t n, char *d, int form)
{
	size_t i, k;

	for (i = k = 0; i < n; i++) {
		if (p[i] == '%' && i + 2 < n &&
		    isxdigit((unsigned char)p[i + 1]) &&
		    isxdigit((unsigned char)p[i + 2])) {
			char hex[3] = { p[i + 1], p[i + 2], '\0' };

			d[k++] = (char)strtol(hex, NULL, 16);
			i += 2;
		} else
			d[k++] = form && p[i] == '+' ? ' ' : p[i];
	}
	d[k] = '\0';
	return k;
}

void
secrets_add(struct secrets *s, const char *p, size_t n)
{
	char *d;
	size_t k;
	int form;

	if (n == 0 || has(s, p, n))
		return;
	s->v = xrealloc(s->v, (s->n + 3) * sizeof(*s->v));
	d = xmalloc(n + 1);
	memcpy(d, p, n);
	d[n] = '\0';
	s->v[s->n++] = d;
	/* Percent-decoded, and form-decoded (a key "a+b" echoed "a b" by a
	 * service that decoded it as a form's value), when that differs. */
	for (form = 0; form < 2; form++) {
		d = xmalloc(n + 1);
		k = unescape(p, n, d, form);
		if (k > 0 && (k != n || memcmp(d, p, n) != 0) &&
		    !has(s, d, k))
			s->v[s->n++] = d;
		else
			free(d);
	}
}

static struct secrets run_secrets;

struct secrets *
secrets_run(void)
{
	return &run_secrets;
}

char *
redact_run(const char *text)
{
	return run_secrets.n > 0 ? redact(&run_secrets, text) : NULL;
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

/*
 * Masking, linear in the text: every occurrence of a secret is found with
 * Knuth-Morris-Pratt (no backtracking), in the text as it is and in the
 * text as a JSON, HTTP or HTML layer decodes it (\uXXXX in either letter
 * case, surrogate pairs, \/, \\, \" and the other JSON escapes, %XX in
 * either letter case, &#43; &#x2B; &plus; and the other character
 * references, + as a space as a form decodes it), which catches a key
 * echoed as .NET's encoder escapes "+ < > & '" (\u002B), as a URL
 * percent-encodes it or as an HTML page writes it.  Each occurrence
 * marks the bytes of the text it spans (a difference array); each run of
 * marked bytes is written as one MASK.  Memory: a few words a byte of the
 * text.
 */

/* KMP's failure function of p[0..m). */
static size_t *
kmp_table(const char *p, size_t m)
{
	size_t *f = xcalloc(m, sizeof(*f)), i, k = 0;

	for (i = 1; i < m; i++) {
		while (k > 0 && p[i] != p[k])
			k = f[k - 1];
		if (p[i] == p[k])
			k++;
		f[i] = k;
	}
	return f;
}

/* A secret shorter than this is masked where it stands as a word only:
 * a key "k" (a test's) masks "k", not every k of "workspace", which
 * would hide nothing and garble every message. */
#define SHORT_SECRET	8

static int
word_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-';
}

/* Marks in cover (a difference array over the text) every occurrence of
 * p[0..m) in t[0..n): the occurrence at t[j..j+m) spans the text from
 * from[j] to to[j+m-1] (the identity when from is NULL). */
static void
mark(int *cover, const char *t, size_t n, const size_t *from,
    const size_t *to, const char *p, size_t m)
{
	size_t *f, i, k = 0, j;
	int whole = m < SHORT_SECRET;

	if (m == 0 || m > n)
		return;
	f = kmp_table(p, m);
	for (i = 0; i < n; i++) {
		while (k > 0 && t[i] != p[k])
			k = f[k - 1];
		if (t[i] == p[k])
			k++;
		if (k == m) {
			j = i + 1 - m;
			if (!whole || ((j == 0 || !word_char(t[j - 1])) &&
			    (i + 1 == n || !word_char(t[i + 1])))) {
				cover[from != NULL ? from[j] : j]++;
				cover[from != NULL ? to[i] : i + 1]--;
			}
			k = f[k - 1];
		}
	}
	free(f);
}

/* A hex digit's value, or -1.  lib/lex.c has its own: cli/ sees only
 * the library's public header (testdata/layers), no place for it. */
static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The code unit of \uXXXX at t (6 bytes available), or -1. */
static long
unit(const char *t)
{
	long v = 0;
	int i, h;

	if (t[0] != '\\' || t[1] != 'u')
		return -1;
	for (i = 2; i < 6; i++) {
		if ((h = hexval((unsigned char)t[i])) < 0)
			return -1;
		v = v * 16 + h;
	}
	return v;
}

/* The code point of the HTML character reference at t (n bytes
 * available): &#DDD; &#xHH; or one of the names a service's encoder
 * writes for the characters of a key (&amp; &lt; &gt; &quot; &apos;
 * &plus; &sol; &equals;); its length in *len; -1 when none. */
static long
charref(const char *t, size_t n, size_t *len)
{
	static const struct {
		const char	*name;
		long		 c;
	} names[] = { { "amp;", '&' }, { "lt;", '<' }, { "gt;", '>' },
	    { "quot;", '"' }, { "apos;", '\'' }, { "plus;", '+' },
	    { "sol;", '/' }, { "equals;", '=' } };
	size_t i, k;
	long c = 0;
	int h, base = 10;

	if (n < 3 || t[0] != '&')
		return -1;
	if (t[1] != '#') {
		for (k = 0; k < sizeof(names) / sizeof(names[0]); k++)
			if (n - 1 >= strlen(names[k].name) && strncasecmp(t + 1,
			    names[k].name, strlen(names[k].name)) == 0) {
				*len = 1 + strlen(names[k].name);
				return names[k].c;
			}
		return -1;
	}
	i = 2;
	if (t[i] == 'x' || t[i] == 'X') {
		base = 16;
		i++;
	}
	for (k = i; k < n && k < i + 7; k++) {
		h = hexval((unsigned char)t[k]);
		if (h < 0 || h >= base)
			break;
		c = c * base + h;
	}
	if (k == i || k >= n || t[k] != ';' || c > 0x10ffff)
		return -1;
	*len = k + 1;
	return c;
}

/* t[0..n) decoded as JSON escapes, percent-encoding and HTML character
 * references (and, with form, + as a space, as a form decodes it), into
 * d (n bytes at most: every escape is longer than what it decodes to),
 * each byte d[j] from the text's bytes from[j] to to[j]; returns its
 * length.  Without all, a backslash before a letter other than u is
 * itself (so that "\fKEY", a form feed in JSON, still shows KEY to a
 * reader). */
static size_t
decode(const char *t, size_t n, char *d, size_t *from, size_t *to, int all,
    int form)
{
	static const char esc[] = "\"\"\\\\//b\bf\fn\nr\rt\t";
	unsigned char u8[4];
	size_t i = 0, k = 0, len, nb, b;
	long c, lo;
	const char *e;
	int h1, h2;

	while (i < n) {
		len = 1;
		c = -1;
		if (t[i] == '\\' && i + 6 <= n && (c = unit(t + i)) >= 0) {
			len = 6;
			if (c >= 0xd800 && c < 0xdc00 && i + 12 <= n &&
			    (lo = unit(t + i + 6)) >= 0xdc00 && lo < 0xe000) {
				c = 0x10000 + ((c - 0xd800) << 10) +
				    (lo - 0xdc00);
				len = 12;
			}
		} else if (t[i] == '\\' && i + 1 < n && t[i + 1] != '\0' &&
		    (all || t[i + 1] == '/') &&
		    (e = strchr(esc, t[i + 1])) != NULL &&
		    (size_t)(e - esc) % 2 == 0) {
			c = (unsigned char)e[1];
			len = 2;
		} else if (t[i] == '%' && i + 2 < n &&
		    (h1 = hexval((unsigned char)t[i + 1])) >= 0 &&
		    (h2 = hexval((unsigned char)t[i + 2])) >= 0) {
			c = h1 * 16 + h2;
			len = 3;
		} else if (t[i] == '&')
			c = charref(t + i, n - i, &len);
		else if (t[i] == '+' && form)
			c = ' ';
		if (c < 0) {
			c = (unsigned char)t[i];
			len = 1;
		}
		/* A byte as it is (percent-encoding, or the text's own), a
		 * code point as UTF-8. */
		nb = 1;
		if (c < 0x80 || len == 1 || (len == 3 && t[i] == '%'))
			u8[0] = (unsigned char)c;
		else if (c < 0x800) {
			u8[0] = (unsigned char)(0xc0 | (c >> 6));
			u8[1] = (unsigned char)(0x80 | (c & 0x3f));
			nb = 2;
		} else if (c < 0x10000) {
			u8[0] = (unsigned char)(0xe0 | (c >> 12));
			u8[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
			u8[2] = (unsigned char)(0x80 | (c & 0x3f));
			nb = 3;
		} else {
			u8[0] = (unsigned char)(0xf0 | (c >> 18));
			u8[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3f));
			u8[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
			u8[3] = (unsigned char)(0x80 | (c & 0x3f));
			nb = 4;
		}
		for (b = 0; b < nb; b++, k++) {
			d[k] = (char)u8[b];
			from[k] = i;
			to[k] = i + len;
		}
		i += len;
	}
	return k;
}

/* Marks the password of every "scheme://user:password@" in t[0..n): in
 * each word (up to white space or a quote), after its first "://", from
 * the first ':' to the word's last '@' (a later "://" of the word lies
 * inside that span). */
static void
mark_userinfo(int *cover, const char *t, size_t n)
{
	size_t i = 0, w, end, at, colon, k;

	while (i < n) {
		w = i;
		while (w < n && strchr(" \t\n\"'", t[w]) == NULL)
			w++;
		end = w;
		/* The word is t[i..end). */
		for (k = i; k + 3 <= end && memcmp(t + k, "://", 3) != 0; k++)
			continue;
		if (k + 3 <= end) {
			for (at = end; at > k + 3 && t[at - 1] != '@'; at--)
				continue;
			if (at > k + 3) {
				at--;	/* the last '@' */
				for (colon = k + 3; colon < at &&
				    t[colon] != ':'; colon++)
					continue;
				if (colon + 1 < at) {
					cover[colon + 1]++;
					cover[at]--;
				}
			}
		}
		i = end + 1;
	}
}

char *
redact(const struct secrets *s, const char *text)
{
	struct str b = { NULL, 0, 0 };
	size_t n = strlen(text), i, j, dn = 0, *from = NULL, *to = NULL;
	char *d = NULL;
	int *cover, depth = 0, pass;

	cover = xcalloc(n + 1, sizeof(*cover));
	for (i = 0; i < s->n; i++)
		mark(cover, text, n, NULL, NULL, s->v[i], strlen(s->v[i]));
	if (s->n > 0 && (memchr(text, '\\', n) != NULL ||
	    memchr(text, '%', n) != NULL || memchr(text, '&', n) != NULL ||
	    memchr(text, '+', n) != NULL)) {
		d = xmalloc(n + 1);
		from = xcalloc(n + 1, sizeof(*from));
		to = xcalloc(n + 1, sizeof(*to));
		/* Every escape; the JSON escapes but \/ left; and as a
		 * form decodes it, + as a space (a key that holds a space,
		 * form-encoded), only when the text holds a +. */
		for (pass = 0; pass < 3; pass++) {
			if (pass == 2 && memchr(text, '+', n) == NULL)
				break;
			dn = decode(text, n, d, from, to, pass != 1,
			    pass == 2);
			for (i = 0; i < s->n; i++)
				mark(cover, d, dn, from, to, s->v[i],
				    strlen(s->v[i]));
		}
		free(d);
		free(from);
		free(to);
	}
	if (strstr(text, "://") != NULL)
		mark_userinfo(cover, text, n);
	for (i = 0; i < n; i = j) {
		depth += cover[i];
		if (depth > 0) {
			/* A run of masked bytes: one MASK. */
			for (j = i + 1; j < n && depth + cover[j] > 0; j++)
				depth += cover[j];
			str_addn(&b, MASK, sizeof(MASK) - 1);
			continue;
		}
		for (j = i + 1; j < n && cover[j] == 0; j++)
			continue;
		str_addn(&b, text + i, j - i);
	}
	free(cover);
	if (b.s == NULL)
		str_addn(&b, "", 0);
	return b.s;
}
