/*
 * lex.c: JSON's lexical grammar, once.  The scanner (scan.c) reports
 * every problem it finds here at its offset, in words, and goes on where
 * JSON lets it (a lone surrogate, a byte that is not UTF-8); the builder
 * (build.c) stops at the first, and leaves the words to the scanner.
 * What one takes the other takes: there is one definition of a string
 * literal, of a number and of its range.  The hot paths (white space,
 * plain string text sixteen bytes at a time, a string with nothing to
 * say about it) are inline in dgs_int.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dgslint.h"
#include "dgs_lex.h"

static int
hexval(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

long
dgs_hex4(const char *s)
{
	long v = 0;
	int i, h;

	for (i = 0; i < 4; i++) {
		if ((h = hexval((unsigned char)s[i])) < 0)
			return -1;
		v = v << 4 | h;
	}
	return v;
}

enum dgs_lex_str
dgs_lex_string_rest(const unsigned char *s, size_t pos, size_t len,
    struct dgs_lexstr *x)
{
	long hi, lo;
	size_t n;

	for (;; pos = dgs_plain_run(s, pos, len)) {
		x->at = pos;
		if (pos >= len)
			return DGS_STR_UNTERMINATED;
		if (s[pos] == '"') {
			x->next = pos + 1;
			return DGS_STR_END;
		}
		if (s[pos] == '\\') {
			x->esc = 1;
			if (len - pos < 2)
				return DGS_STR_UNTERMINATED;
			switch (s[pos + 1]) {
			case '"': case '\\': case '/': case 'b': case 'f':
			case 'n': case 'r': case 't':
				pos += 2;
				continue;
			case 'u':
				break;
			default:
				return DGS_STR_BAD_ESCAPE;
			}
			if (len - pos < 6 ||
			    (hi = dgs_hex4((const char *)s + pos + 2)) < 0)
				return DGS_STR_BAD_HEX;
			x->next = pos + 6;
			x->cp = (unsigned long)hi;
			if (hi < 0xd800 || hi > 0xdfff) {
				pos += 6;
				continue;
			}
			if (hi > 0xdbff)
				return DGS_STR_LONE_LOW;
			if (len - pos >= 12 && s[pos + 6] == '\\' &&
			    s[pos + 7] == 'u' &&
			    (lo = dgs_hex4((const char *)s + pos + 8)) >=
			    0xdc00 && lo <= 0xdfff) {
				pos += 12;
				continue;
			}
			return DGS_STR_LONE_HIGH;
		}
		if (s[pos] < 0x20)
			return DGS_STR_CONTROL;
		/* From 0x80: a UTF-8 sequence, or not. */
		if ((n = dgs_utf8_decode((const char *)s + pos, len - pos,
		    NULL)) == 0) {
			x->next = pos + 1;
			return DGS_STR_BAD_UTF8;
		}
		pos += n;
	}
}

enum dgs_lex_num
dgs_lex_number(const unsigned char *s, size_t pos, size_t len,
    struct dgs_lexnum *n)
{
	size_t intstart;
	uint64_t u = 0, d;

	n->neg = n->isfloat = n->over = 0;
	if (s[pos] == '-') {
		n->neg = 1;
		pos++;
	}
	intstart = pos;
	if (pos >= len || s[pos] < '0' || s[pos] > '9') {
		n->end = pos + 1;
		return DGS_NUM_NO_DIGIT;
	}
	if (s[pos] == '0' && pos + 1 < len) {
		if (s[pos + 1] == 'x' || s[pos + 1] == 'X') {
			n->end = pos + 2;
			return DGS_NUM_HEX;
		}
		if (s[pos + 1] >= '0' && s[pos + 1] <= '9') {
			n->end = pos + 1;
			return DGS_NUM_LEADING_ZERO;
		}
	}
	for (; pos < len && s[pos] >= '0' && s[pos] <= '9'; pos++) {
		d = (uint64_t)(s[pos] - '0');
		if (u > (UINT64_MAX - d) / 10)
			n->over = 1;
		u = u * 10 + d;
	}
	n->u = u;
	n->digits = pos - intstart;
	if (pos < len && s[pos] == '.') {
		n->isfloat = 1;
		if (++pos >= len || s[pos] < '0' || s[pos] > '9') {
			n->end = pos;
			return DGS_NUM_NO_FRACTION;
		}
		while (pos < len && s[pos] >= '0' && s[pos] <= '9')
			pos++;
	}
	if (pos < len && (s[pos] == 'e' || s[pos] == 'E')) {
		n->isfloat = 1;
		if (++pos < len && (s[pos] == '+' || s[pos] == '-'))
			pos++;
		if (pos >= len || s[pos] < '0' || s[pos] > '9') {
			n->end = pos;
			return DGS_NUM_NO_EXPONENT;
		}
		while (pos < len && s[pos] >= '0' && s[pos] <= '9')
			pos++;
	}
	n->end = pos;
	return DGS_NUM_OK;
}

/* Significant digits kept when a number is read as a double: a decimal
 * number between two doubles is rounded by at most 767 of its digits and
 * whether any digit after them is not zero, which a '1' after the kept
 * digits stands for. */
#define RANGE_DIGITS	800

/*
 * A number is judged by its value, not its text: any number of digits
 * may write a double (1.000...0 is 1).  The value's decimal exponent
 * (that of its first digit that is not zero) is read from the text, so
 * that a number far out of range is told without strtod(), and a number
 * near a limit is given to strtod() as at most RANGE_DIGITS digits and an
 * exponent, without a radix character (which the locale may change).
 */
enum dgs_num_range
dgs_lex_double_range(const unsigned char *s, size_t start,
    const struct dgs_lexnum *n)
{
	char tmp[RANGE_DIGITS + 32], *o;
	size_t pos = start, end = n->end, ilen, flen, first, k;
	const unsigned char *f = NULL;
	long long e = 0, e10;
	int eneg = 0, sticky = 0;
	double d;

	/* Most numbers: no exponent, so not past about 10^300, and no
	 * digit past the 300th, so not below 10^-300. */
	if (end - start < 300 && memchr(s + start, 'e', end - start) == NULL &&
	    memchr(s + start, 'E', end - start) == NULL)
		return DGS_RANGE_OK;
	if (s[pos] == '-')
		pos++;
	for (ilen = 0; pos + ilen < end && s[pos + ilen] >= '0' &&
	    s[pos + ilen] <= '9'; ilen++)
		continue;
	k = pos + ilen;
	flen = 0;
	if (k < end && s[k] == '.') {
		f = s + k + 1;
		for (; k + 1 + flen < end && f[flen] >= '0' && f[flen] <= '9';
		    flen++)
			continue;
		k += 1 + flen;
	}
	if (k < end && (s[k] == 'e' || s[k] == 'E')) {
		k++;
		if (k < end && (s[k] == '+' || s[k] == '-'))
			eneg = s[k++] == '-';
		/* Saturated far past any double's exponent. */
		for (; k < end; k++)
			if (e < 1000000000LL)
				e = e * 10 + (s[k] - '0');
		if (eneg)
			e = -e;
	}
	/* The first digit that is not zero: none, and the number is 0. */
	for (first = 0; first < ilen && s[pos + first] == '0'; first++)
		continue;
	if (first < ilen)
		e10 = (long long)(ilen - first) - 1 + e;
	else {
		for (first = 0; first < flen && f[first] == '0'; first++)
			continue;
		if (first == flen)
			return DGS_RANGE_OK;
		e10 = -(long long)first - 1 + e;
		first += ilen;
	}
	/* DBL_MAX is about 1.8e308; half the least double, about
	 * 2.5e-324, and below becomes 0. */
	if (e10 > 309)
		return DGS_RANGE_OVER;
	if (e10 < -325)
		return DGS_RANGE_UNDER;
	/* The digits from the first, integer and fraction as one. */
	o = tmp;
	for (k = first; k < ilen + flen; k++) {
		unsigned char c = k < ilen ? s[pos + k] : f[k - ilen];

		if (o - tmp < RANGE_DIGITS)
			*o++ = (char)c;
		else if (c != '0')
			sticky = 1;
	}
	if (sticky)
		*o++ = '1';
	snprintf(o, sizeof(tmp) - (size_t)(o - tmp), "e%lld",
	    e10 - (long long)(o - tmp - 1));
	d = strtod(tmp, NULL);
	if (isinf(d))
		return DGS_RANGE_OVER;
	if (d == 0)
		return DGS_RANGE_UNDER;
	return DGS_RANGE_OK;
}

static void
put_utf8(struct dgs_buf *b, unsigned long cp)
{
	char u[4];

	if (cp == 0)	/* U+0000: C0 80, so that no string holds a NUL */
		dgs_buf_add(b, "\xc0\x80", 2);
	else if (cp < 0x80) {
		u[0] = (char)cp;
		dgs_buf_add(b, u, 1);
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | (cp >> 6));
		u[1] = (char)(0x80 | (cp & 0x3f));
		dgs_buf_add(b, u, 2);
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | (cp >> 12));
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		dgs_buf_add(b, u, 3);
	} else {
		u[0] = (char)(0xf0 | (cp >> 18));
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		dgs_buf_add(b, u, 4);
	}
}

void
dgs_decode_string(struct dgs_buf *b, const char *s, size_t n)
{
	size_t i = 0, start = 0;
	unsigned long cp, lo;

	b->len = 0;
	dgs_buf_add(b, "", 0);
	while (i < n) {
		if (s[i] != '\\') {
			i++;
			continue;
		}
		dgs_buf_add(b, s + start, i - start);
		if (i + 1 >= n)
			break;
		switch (s[i + 1]) {
		case 'b': dgs_buf_addc(b, '\b'); i += 2; break;
		case 'f': dgs_buf_addc(b, '\f'); i += 2; break;
		case 'n': dgs_buf_addc(b, '\n'); i += 2; break;
		case 'r': dgs_buf_addc(b, '\r'); i += 2; break;
		case 't': dgs_buf_addc(b, '\t'); i += 2; break;
		case 'u':
			if (i + 6 > n) {
				i = n;
				break;
			}
			/* Not hex: only in text that is not JSON, which
			 * dgs_json_position() may be given. */
			cp = dgs_hex4(s + i + 2) < 0 ? 0xfffd :
			    (unsigned long)dgs_hex4(s + i + 2);
			i += 6;
			if (cp >= 0xd800 && cp <= 0xdbff && i + 6 <= n &&
			    s[i] == '\\' && s[i + 1] == 'u') {
				lo = dgs_hex4(s + i + 2) < 0 ? 0 :
				    (unsigned long)dgs_hex4(s + i + 2);
				if (lo >= 0xdc00 && lo <= 0xdfff) {
					cp = 0x10000 + ((cp - 0xd800) << 10) +
					    (lo - 0xdc00);
					i += 6;
				}
			}
			if (cp >= 0xd800 && cp <= 0xdfff)
				cp = 0xfffd;
			put_utf8(b, cp);
			break;
		default:	/* " \ / */
			dgs_buf_addc(b, s[i + 1]);
			i += 2;
			break;
		}
		start = i;
	}
	if (start < n)
		dgs_buf_add(b, s + start, n - start);
}

size_t
dgs_nul_escape(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s[i] != '\\')
			continue;
		if (i + 5 < n && s[i + 1] == 'u' && dgs_hex4(s + i + 2) == 0)
			return i;
		i += s[i + 1] == 'u' ? 5 : 1;
	}
	return n;
}
