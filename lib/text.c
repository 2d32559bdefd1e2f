/*
 * text.c: UTF-8 and the escaping of text, once, for the lexer, the
 * scanner's messages, the locator, the library's JSON and every output
 * format of the program (through dgs_utf8_decode() and dgs_text_escape()
 * of dgslint.h).
 *
 * A character is a valid UTF-8 sequence (no overlong form, no
 * surrogate, nothing past U+10FFFF); the bytes C0 80 are U+0000 as the
 * library holds it in a name or a value (DGS_NUL_HELD); any other byte
 * is no character, and the escapers write U+FFFD for it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_text.h"

size_t
dgs_utf8_decode(const char *str, size_t n, unsigned long *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned char c;

	if (n == 0)
		return 0;
	c = s[0];
	if (c < 0x80) {
		if (cp != NULL)
			*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		if (n < 2 || (s[1] & 0xc0) != 0x80)
			return 0;
		if (cp != NULL)
			*cp = (unsigned long)(c & 0x1f) << 6 | (s[1] & 0x3f);
		return 2;
	}
	if (c >= 0xe0 && c <= 0xef) {
		if (n < 3 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80)
			return 0;
		if (c == 0xe0 && s[1] < 0xa0)
			return 0;	/* overlong */
		if (c == 0xed && s[1] >= 0xa0)
			return 0;	/* surrogate */
		if (cp != NULL)
			*cp = (unsigned long)(c & 0x0f) << 12 |
			    (unsigned long)(s[1] & 0x3f) << 6 | (s[2] & 0x3f);
		return 3;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		if (n < 4 || (s[1] & 0xc0) != 0x80 ||
		    (s[2] & 0xc0) != 0x80 || (s[3] & 0xc0) != 0x80)
			return 0;
		if (c == 0xf0 && s[1] < 0x90)
			return 0;	/* overlong */
		if (c == 0xf4 && s[1] >= 0x90)
			return 0;	/* past U+10FFFF */
		if (cp != NULL)
			*cp = (unsigned long)(c & 0x07) << 18 |
			    (unsigned long)(s[1] & 0x3f) << 12 |
			    (unsigned long)(s[2] & 0x3f) << 6 | (s[3] & 0x3f);
		return 4;
	}
	return 0;
}

const char *
dgs_text_uescape(unsigned long cp, char buf[16])
{
	snprintf(buf, 16, "\\u%04lx", cp);
	return buf;
}

const char *
dgs_text_byte(unsigned long cp, char buf[16])
{
	buf[0] = (char)(cp - DGS_TEXT_NOT_UTF8);
	buf[1] = '\0';
	return buf;
}

void
dgs_text_escape(const char *s, size_t n, dgs_escape_fn esc,
    void (*put)(const char *, size_t, void *), void *arg)
{
	const unsigned char *p = (const unsigned char *)s;
	const char *r;
	char buf[16];
	unsigned long cp;
	size_t i = 0, start = 0, k;

	while (i < n) {
		if (p[i] == 0xc0 && i + 1 < n && p[i + 1] == 0x80) {
			cp = 0;		/* U+0000, held */
			k = 2;
		} else if ((k = dgs_utf8_decode(s + i, n - i, &cp)) == 0) {
			cp = DGS_TEXT_NOT_UTF8 + p[i];
			k = 1;
		}
		/* The rest of the text as it is, unless esc says otherwise
		 * (a character that is not one must be said something of). */
		r = esc(cp, buf, arg);
		if (r == NULL && cp == 0 && k == 2)
			r = dgs_text_uescape(0, buf);
		if (r == NULL && cp >= DGS_TEXT_NOT_UTF8)
			r = "\xef\xbf\xbd";	/* U+FFFD */
		if (r != NULL) {
			if (i > start)
				put(s + start, i - start, arg);
			put(r, strlen(r), arg);
			start = i + k;
		}
		i += k;
	}
	if (n > start)
		put(s + start, n - start, arg);
}

int
dgs_text_control(unsigned long cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp < 0xa0);
}

/*
 * The library's own escapers, for its buffers.
 */
static void
buf_put(const char *p, size_t n, void *arg)
{
	dgs_buf_add(arg, p, n);
}

/* For messages that quote a document: control characters as \uXXXX. */
static const char *
clean_esc(unsigned long cp, char buf[16], void *arg)
{
	(void)arg;
	return dgs_text_control(cp) ? dgs_text_uescape(cp, buf) : NULL;
}

static const char *
keep_esc(unsigned long cp, char buf[16], void *arg)
{
	(void)cp;
	(void)buf;
	(void)arg;
	return NULL;
}

void
dgs_buf_add_clean(struct dgs_buf *b, const char *s, int controls)
{
	dgs_text_escape(s, strlen(s), controls ? clean_esc : keep_esc,
	    buf_put, b);
	if (b->s == NULL)
		dgs_buf_add(b, "", 0);
}

/* JSON's escapes: the short ones, \uXXXX for the other controls. */
static const char *
json_esc(unsigned long cp, char buf[16], void *arg)
{
	(void)arg;
	switch (cp) {
	case '"':
		return "\\\"";
	case '\\':
		return "\\\\";
	case '\n':
		return "\\n";
	case '\r':
		return "\\r";
	case '\t':
		return "\\t";
	}
	return dgs_text_control(cp) ? dgs_text_uescape(cp, buf) : NULL;
}

void
dgs_buf_add_json_str(struct dgs_buf *b, const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i;

	/* Most strings (names, keys) are printable ASCII: one copy. */
	for (i = 0; i < n; i++)
		if (p[i] < 0x20 || p[i] == '"' || p[i] == '\\' || p[i] >= 0x7f)
			break;
	dgs_buf_addc(b, '"');
	if (i == n)
		dgs_buf_add(b, s, n);
	else
		dgs_text_escape(s, n, json_esc, buf_put, b);
	dgs_buf_addc(b, '"');
}

const char *
dgs_lit(struct dgs_buf *b, const char *s)
{
	b->len = 0;
	dgs_buf_add_json_str(b, s, strlen(s));
	return b->s != NULL ? b->s : "\"\"";
}

char *
dgs_json_quote(const char *s, size_t n, size_t *len)
{
	struct dgs_buf b = { NULL, 0, 0, 0 };

	dgs_buf_add_json_str(&b, s, n);
	if (b.oom) {
		free(b.s);
		return NULL;
	}
	if (len != NULL)
		*len = b.len;
	return b.s;
}
