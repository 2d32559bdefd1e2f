/*
 * scan.c: the JSON layer.  json-c keeps no source positions, accepts
 * duplicate names silently and has no plain-words error messages, so
 * dgslint reads the text itself (and build.c then makes json-c's tree of
 * it without json-c's tokenizer):
 *
 *  - dgs_scan() validates every file strictly in one pass, without
 *    allocating per value: syntax, UTF-8, duplicate member names (hashed
 *    only in objects of more than a few members), depth, number range.
 *    String bodies go sixteen bytes at a time.  It also records where
 *    the elements of a root array are (dgs_scan_spans()), so that the
 *    engine builds and walks them one at a time.  A document that is
 *    not built by a pipeline is first built by dgs_build_doc() (build.c),
 *    which checks the same and leaves to the scanner only the documents
 *    on which it has something to report.
 *
 * Where findings are in the text is locate.c's business.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "dgs_int.h"

/*
 * Shared lexical helpers.
 */
static int
is_ws(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

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

/*
 * The end of the plain text that starts at s[pos]: the offset of the
 * first '"', '\\', control character or non-ASCII byte, or len.  Both
 * passes spend most of their time in string bodies: sixteen bytes at a
 * time where SSE2 is available.
 */
static size_t
plain_run(const unsigned char *s, size_t pos, size_t len)
{
#if defined(__SSE2__)
	const __m128i q = _mm_set1_epi8('"'), bs = _mm_set1_epi8('\\');
	const __m128i sp = _mm_set1_epi8(0x20);
	__m128i v, m;
	unsigned bits;

	while (len - pos >= 16) {
		v = _mm_loadu_si128((const __m128i *)(const void *)(s + pos));
		/* Signed: bytes from 0x80 are negative, so below 0x20. */
		m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, q),
		    _mm_cmpeq_epi8(v, bs)), _mm_cmplt_epi8(v, sp));
		if ((bits = (unsigned)_mm_movemask_epi8(m)) != 0)
			return pos + (size_t)__builtin_ctz(bits);
		pos += 16;
	}
#endif
	while (pos < len && s[pos] >= 0x20 && s[pos] != '"' &&
	    s[pos] != '\\' && s[pos] < 0x80)
		pos++;
	return pos;
}

/* Length of the valid UTF-8 sequence at s[0..n), or 0 if invalid. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	unsigned char c = s[0];

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		return n >= 2 && (s[1] & 0xc0) == 0x80 ? 2 : 0;
	if (c >= 0xe0 && c <= 0xef) {
		if (n < 3 || (s[1] & 0xc0) != 0x80 || (s[2] & 0xc0) != 0x80)
			return 0;
		if (c == 0xe0 && s[1] < 0xa0)
			return 0;	/* overlong */
		if (c == 0xed && s[1] >= 0xa0)
			return 0;	/* surrogate */
		return 3;
	}
	if (c >= 0xf0 && c <= 0xf4) {
		if (n < 4 || (s[1] & 0xc0) != 0x80 ||
		    (s[2] & 0xc0) != 0x80 || (s[3] & 0xc0) != 0x80)
			return 0;
		if (c == 0xf0 && s[1] < 0x90)
			return 0;
		if (c == 0xf4 && s[1] >= 0x90)
			return 0;
		return 4;
	}
	return 0;
}

static void
put_utf8(struct dgs_buf *b, unsigned long cp)
{
	char u[4];

	if (cp < 0x80) {
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

/* The value of the four hex digits at s, or -1. */
static long
hex4(const char *s)
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

/* Decodes the body of a well-formed JSON string (between the quotes) as
 * json-c does: lone surrogates become U+FFFD. */
static void
decode_string(struct dgs_buf *b, const char *s, size_t n)
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
			cp = hex4(s + i + 2) < 0 ? 0xfffd :
			    (unsigned long)hex4(s + i + 2);
			i += 6;
			if (cp >= 0xd800 && cp <= 0xdbff && i + 6 <= n &&
			    s[i] == '\\' && s[i + 1] == 'u') {
				lo = hex4(s + i + 2) < 0 ? 0 :
				    (unsigned long)hex4(s + i + 2);
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

/*
 * The validating scanner.
 */
struct keyent {
	uint64_t	h;
	size_t		off;	/* first byte after the opening quote */
	size_t		len;	/* raw length */
	unsigned long	line;
	int		esc;	/* has a backslash */
};

struct level {
	int		 obj;	/* 1 object, 0 array */
	size_t		 open;	/* offset of the bracket */
	unsigned long	 line;	/* its line */
	size_t		 count;	/* members or elements so far */
	size_t		 koff, klen;	/* current member name */
	int		 kesc;
	struct keyent	*keys;
	size_t		 nkeys, capkeys;
	uint32_t	*tab;	/* index of keys when there are many */
	size_t		 tabcap;
	int		 hashed;	/* keys[].h are set */
	int		 tabok;		/* tab indexes keys */
};

struct scanner {
	struct dgs_result		*res;
	const struct dgs_options	*opts;
	const unsigned char		*s;
	size_t				 len;
	size_t				 pos;
	unsigned long			 line;
	struct level			*lv;
	size_t				 depth, caplv;
	struct dgs_buf			 tmp1, tmp2;
	size_t				 comma;	/* offset of the last ',' */
	struct dgs_spans		*spans;	/* or NULL */
	int				 oom;
};

/* The pointer of the innermost value being read, from the stack. */
static char *
scan_pointer(struct scanner *sc, size_t depth)
{
	struct dgs_buf b = { 0 };
	size_t i;
	struct level *l;

	dgs_buf_add(&b, "", 0);
	for (i = 0; i < depth; i++) {
		l = &sc->lv[i];
		if (l->count == 0)
			break;
		if (l->obj) {
			decode_string(&sc->tmp1, (const char *)sc->s + l->koff,
			    l->klen);
			dgs_buf_add_ptr_token(&b, sc->tmp1.s, sc->tmp1.len);
		} else
			dgs_buf_addf(&b, "/%zu", l->count - 1);
	}
	if (b.oom) {
		dgs_buf_free(&b);
		return NULL;
	}
	return b.s;
}

static void
scan_report(struct scanner *sc, int rule, size_t off, size_t end,
    const char *fmt, ...) DGS_PRINTF(5, 6);

static void
scan_report(struct scanner *sc, int rule, size_t off, size_t end,
    const char *fmt, ...)
{
	struct dgs_buf msg = { 0 };
	va_list ap;
	char *ptr;

	if (!dgs_opts_enabled(sc->opts, rule))
		return;
	va_start(ap, fmt);
	dgs_buf_vaddf(&msg, fmt, ap);
	va_end(ap);
	ptr = scan_pointer(sc, sc->depth);
	if (msg.oom || ptr == NULL) {
		sc->oom = 1;
	} else
		dgs_report_offset(sc->res, sc->opts, rule, ptr, off, end,
		    "%s", msg.s);
	free(ptr);
	dgs_buf_free(&msg);
}

/* Describes the character at pos for a message: 'x', or U+XXXX. */
static const char *
char_words(struct scanner *sc, size_t pos, char *out, size_t outsz)
{
	unsigned char c = sc->s[pos];
	size_t n;

	if (c >= 0x21 && c < 0x7f)
		snprintf(out, outsz, "'%c'", c);
	else if (c < 0x80)
		snprintf(out, outsz, "U+%04X", c);
	else if ((n = utf8_len(sc->s + pos, sc->len - pos)) > 0)
		snprintf(out, outsz, "'%.*s'", (int)n,
		    (const char *)sc->s + pos);
	else
		snprintf(out, outsz, "byte 0x%02X", c);
	return out;
}

static inline void
skip_ws(struct scanner *sc)
{
	const unsigned char *s = sc->s;
	size_t pos = sc->pos, len = sc->len;

	/* Most often there is nothing, or one space, to skip. */
	if (pos >= len || s[pos] > ' ')
		return;
	while (pos < len && is_ws(s[pos])) {
		if (s[pos] == '\n')
			sc->line++;
		pos++;
	}
	sc->pos = pos;
}

/* Case-insensitive comparison of n bytes with a lower-case literal. */
static int
lit_eq(const unsigned char *s, const char *lit, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((s[i] | 0x20) != (unsigned char)lit[i])
			return 0;
	return 1;
}

/* Reports what stands at pos where a value was expected. */
static void
bad_value(struct scanner *sc, int in_array_after_comma)
{
	const unsigned char *s = sc->s;
	size_t pos = sc->pos, n, end;
	char cw[32];

	if (pos >= sc->len) {
		scan_report(sc, DGS_R_JSON_SYNTAX, pos, pos,
		    "unexpected end of file: a value is missing");
		return;
	}
	for (end = pos; end < sc->len && end - pos < 32 &&
	    ((s[end] >= 'a' && s[end] <= 'z') ||
	    (s[end] >= 'A' && s[end] <= 'Z') || s[end] == '_'); end++)
		;
	n = end - pos;
	if (s[pos] == '/' && pos + 1 < sc->len &&
	    (s[pos + 1] == '/' || s[pos + 1] == '*'))
		scan_report(sc, DGS_R_JSON_SYNTAX, pos, pos + 2,
		    "comments are not allowed in JSON; remove it (put notes "
		    "in a member such as \"description\" if the API has one)");
	else if (s[pos] == ']' && in_array_after_comma)
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->comma, sc->comma + 1,
		    "trailing comma before ']': remove this ','");
	else if (s[pos] == '\'')
		scan_report(sc, DGS_R_JSON_SYNTAX, pos, pos + 1,
		    "strings must be in double quotes, not single quotes");
	else if ((n == 3 && memcmp(s + pos, "NaN", 3) == 0) ||
	    (n == 8 && memcmp(s + pos, "Infinity", 8) == 0))
		scan_report(sc, DGS_R_JSON_SYNTAX, pos, end,
		    "%.*s is not a JSON value; write a number, or null",
		    (int)n, (const char *)s + pos);
	else if ((n == 4 && (lit_eq(s + pos, "true", 4) ||
	    lit_eq(s + pos, "null", 4) || memcmp(s + pos, "None", 4) == 0)) ||
	    (n == 5 && lit_eq(s + pos, "false", 5)))
		scan_report(sc, DGS_R_JSON_SYNTAX, pos, end,
		    "'%.*s' is not a JSON value; write %s (lower case)",
		    (int)n, (const char *)s + pos,
		    s[pos] == 'T' || s[pos] == 't' ? "true" :
		    s[pos] == 'F' || s[pos] == 'f' ? "false" : "null");
	else if (n > 0)
		scan_report(sc, DGS_R_JSON_SYNTAX, pos, end,
		    "'%.*s' is not a JSON value; strings must be in double "
		    "quotes", (int)n, (const char *)s + pos);
	else if (s[pos] == '+')
		scan_report(sc, DGS_R_JSON_SYNTAX, pos, pos + 1,
		    "a number cannot start with '+'; remove it");
	else if (s[pos] == '.')
		scan_report(sc, DGS_R_JSON_SYNTAX, pos, pos + 1,
		    "a number must have a digit before the '.'; write 0.5, "
		    "not .5");
	else if (s[pos] >= 0x80 && utf8_len(s + pos, sc->len - pos) == 0)
		scan_report(sc, DGS_R_JSON_INVALID_UTF8, pos, pos + 1,
		    "byte 0x%02X is not valid UTF-8", s[pos]);
	else
		scan_report(sc, DGS_R_JSON_SYNTAX, pos, pos + 1,
		    "expected a value, found %s",
		    char_words(sc, pos, cw, sizeof(cw)));
}

/* Scans the string whose opening quote is at sc->pos.  Returns 0 and
 * leaves pos after the closing quote, or -1 after a syntax error.
 * *esc is set when the body holds a backslash. */
static int
scan_string(struct scanner *sc, int *esc)
{
	const unsigned char *s = sc->s;
	size_t pos = sc->pos + 1, len = sc->len, n, start = sc->pos;
	int bad_utf8 = 0, h[4], i;
	unsigned long cp, lo;

	*esc = 0;
	for (;;) {
		/* The fast path: plain ASCII text. */
		pos = plain_run(s, pos, len);
		if (pos >= len) {
			scan_report(sc, DGS_R_JSON_SYNTAX, start, start + 1,
			    "unterminated string: the closing '\"' is "
			    "missing");
			return -1;
		}
		if (s[pos] == '"')
			break;
		if (s[pos] == '\\') {
			*esc = 1;
			if (pos + 1 >= len) {
				pos++;
				continue;
			}
			switch (s[pos + 1]) {
			case '"': case '\\': case '/': case 'b': case 'f':
			case 'n': case 'r': case 't':
				pos += 2;
				continue;
			case 'u':
				break;
			default:
				scan_report(sc, DGS_R_JSON_SYNTAX, pos,
				    pos + 2, "invalid escape '\\%c' in a "
				    "string; write '\\\\' for a backslash",
				    s[pos + 1] >= 0x20 && s[pos + 1] < 0x7f ?
				    s[pos + 1] : '?');
				return -1;
			}
			for (i = 0; i < 4; i++)
				h[i] = pos + 2 + (size_t)i < len ?
				    hexval(s[pos + 2 + (size_t)i]) : -1;
			if (h[0] < 0 || h[1] < 0 || h[2] < 0 || h[3] < 0) {
				scan_report(sc, DGS_R_JSON_SYNTAX, pos,
				    pos + 2, "'\\u' must be followed by four "
				    "hexadecimal digits");
				return -1;
			}
			cp = (unsigned long)(h[0] << 12 | h[1] << 8 |
			    h[2] << 4 | h[3]);
			if (cp >= 0xd800 && cp <= 0xdbff) {
				lo = 0;
				if (pos + 11 < len && s[pos + 6] == '\\' &&
				    s[pos + 7] == 'u' &&
				    hexval(s[pos + 8]) >= 0 &&
				    hexval(s[pos + 9]) >= 0 &&
				    hexval(s[pos + 10]) >= 0 &&
				    hexval(s[pos + 11]) >= 0)
					lo = (unsigned long)(hexval(s[pos + 8]) << 12 |
					    hexval(s[pos + 9]) << 8 |
					    hexval(s[pos + 10]) << 4 |
					    hexval(s[pos + 11]));
				if (lo >= 0xdc00 && lo <= 0xdfff) {
					pos += 12;
					continue;
				}
				scan_report(sc, DGS_R_JSON_LONE_SURROGATE, pos,
				    pos + 6, "'\\u%04lX' is half of a surrogate "
				    "pair with no low half after it; it becomes "
				    "U+FFFD", cp);
			} else if (cp >= 0xdc00 && cp <= 0xdfff)
				scan_report(sc, DGS_R_JSON_LONE_SURROGATE, pos,
				    pos + 6, "'\\u%04lX' is the low half of a "
				    "surrogate pair with no high half before "
				    "it; it becomes U+FFFD", cp);
			pos += 6;
			continue;
		}
		if (s[pos] < 0x20) {
			scan_report(sc, DGS_R_JSON_SYNTAX, pos, pos + 1,
			    s[pos] == '\n' ? "unterminated string: a line "
			    "break inside a string must be written \\n" :
			    s[pos] == '\t' ? "a tab inside a string must be "
			    "written \\t" : s[pos] == 0 ? "a NUL byte inside "
			    "a string must be written \\u0000" :
			    "control character inside a string: write it as "
			    "a \\u escape");
			return -1;
		}
		/* Non-ASCII: validate UTF-8, once per string. */
		n = utf8_len(s + pos, len - pos);
		if (n == 0) {
			if (!bad_utf8)
				scan_report(sc, DGS_R_JSON_INVALID_UTF8, pos,
				    pos + 1, "byte 0x%02X in a string is not "
				    "valid UTF-8; re-save the file as UTF-8",
				    s[pos]);
			bad_utf8 = 1;
			n = 1;
		}
		pos += n;
	}
	sc->pos = pos + 1;
	return 0;
}

/* Scans a number at sc->pos.  Returns 0 or -1. */
static int
scan_number(struct scanner *sc)
{
	const unsigned char *s = sc->s;
	size_t pos = sc->pos, len = sc->len, start = pos, digits, intstart;
	int neg = 0, isfloat = 0;
	char tmp[512];
	double d;

	if (s[pos] == '-') {
		neg = 1;
		pos++;
	}
	intstart = pos;
	if (pos >= len || s[pos] < '0' || s[pos] > '9') {
		scan_report(sc, DGS_R_JSON_SYNTAX, start, pos + 1,
		    "'-' must be followed by a digit");
		return -1;
	}
	if (s[pos] == '0' && pos + 1 < len &&
	    (s[pos + 1] == 'x' || s[pos + 1] == 'X')) {
		scan_report(sc, DGS_R_JSON_SYNTAX, start, pos + 2,
		    "hexadecimal numbers are not allowed in JSON; write the "
		    "decimal value");
		return -1;
	}
	if (s[pos] == '0' && pos + 1 < len && s[pos + 1] >= '0' &&
	    s[pos + 1] <= '9') {
		scan_report(sc, DGS_R_JSON_SYNTAX, start, pos + 1,
		    "a number cannot have a leading zero; write it without "
		    "(or as a string if the zeros matter)");
		return -1;
	}
	while (pos < len && s[pos] >= '0' && s[pos] <= '9')
		pos++;
	digits = pos - intstart;
	if (pos < len && s[pos] == '.') {
		isfloat = 1;
		pos++;
		if (pos >= len || s[pos] < '0' || s[pos] > '9') {
			scan_report(sc, DGS_R_JSON_SYNTAX, start, pos,
			    "a number needs a digit after the '.'");
			return -1;
		}
		while (pos < len && s[pos] >= '0' && s[pos] <= '9')
			pos++;
	}
	if (pos < len && (s[pos] == 'e' || s[pos] == 'E')) {
		isfloat = 1;
		pos++;
		if (pos < len && (s[pos] == '+' || s[pos] == '-'))
			pos++;
		if (pos >= len || s[pos] < '0' || s[pos] > '9') {
			scan_report(sc, DGS_R_JSON_SYNTAX, start, pos,
			    "a number needs digits in its exponent");
			return -1;
		}
		while (pos < len && s[pos] >= '0' && s[pos] <= '9')
			pos++;
	}
	sc->pos = pos;
	if (!isfloat && digits >= 19) {
		const char *lim = neg ? "9223372036854775808" :
		    "9223372036854775807";
		if (digits > 19 || memcmp(s + intstart, lim, 19) > 0)
			scan_report(sc, DGS_R_JSON_NUMBER_RANGE, start, pos,
			    "integer %.*s%s does not fit in 64 bits: parsers "
			    "clamp or reject it", (int)(pos - start > 40 ?
			    40 : pos - start), (const char *)s + start,
			    pos - start > 40 ? "..." : "");
	} else if (isfloat && (pos - start >= sizeof(tmp) ||
	    memchr(s + start, 'e', pos - start) != NULL ||
	    memchr(s + start, 'E', pos - start) != NULL || digits > 300)) {
		if (pos - start < sizeof(tmp)) {
			memcpy(tmp, s + start, pos - start);
			tmp[pos - start] = '\0';
			errno = 0;
			d = strtod(tmp, NULL);
		} else
			d = HUGE_VAL;
		if (isinf(d) || (errno == ERANGE && d != 0))
			scan_report(sc, DGS_R_JSON_NUMBER_RANGE, start, pos,
			    "%.*s%s is too large for a double: parsers turn "
			    "it into infinity or reject it",
			    (int)(pos - start > 40 ? 40 : pos - start),
			    (const char *)s + start,
			    pos - start > 40 ? "..." : "");
	}
	return 0;
}

static int
keys_equal(struct scanner *sc, const struct keyent *a, size_t off,
    size_t len, int esc)
{
	if (!a->esc && !esc)
		return a->len == len &&
		    memcmp(sc->s + a->off, sc->s + off, len) == 0;
	decode_string(&sc->tmp1, (const char *)sc->s + a->off, a->len);
	decode_string(&sc->tmp2, (const char *)sc->s + off, len);
	return sc->tmp1.len == sc->tmp2.len &&
	    memcmp(sc->tmp1.s, sc->tmp2.s, sc->tmp1.len) == 0;
}

static int
tab_rebuild(struct level *l)
{
	size_t cap = l->tabcap ? l->tabcap : 64, i, j;
	uint32_t *tab;

	while (cap < l->nkeys * 2 + 2)
		cap *= 2;
	if (cap != l->tabcap) {
		if ((tab = realloc(l->tab, cap * sizeof(*tab))) == NULL)
			return -1;
		l->tab = tab;
		l->tabcap = cap;
	}
	memset(l->tab, 0xff, cap * sizeof(*l->tab));
	for (i = 0; i < l->nkeys; i++) {
		j = l->keys[i].h & (cap - 1);
		while (l->tab[j] != UINT32_MAX)
			j = (j + 1) & (cap - 1);
		l->tab[j] = (uint32_t)i;
	}
	l->tabok = 1;
	return 0;
}

static uint64_t
key_hash(struct scanner *sc, size_t off, size_t len, int esc)
{
	if (!esc)
		return dgs_hash(sc->s + off, len);
	decode_string(&sc->tmp1, (const char *)sc->s + off, len);
	return dgs_hash(sc->tmp1.s, sc->tmp1.len);
}

/* Records the member name just read; reports it if it is a duplicate.
 * The names of an object of up to SMALL_KEYS members are compared as
 * they are; past that, they are hashed and indexed. */
#define SMALL_KEYS	16

static void
add_key(struct scanner *sc, struct level *l, size_t qoff)
{
	size_t off = qoff + 1, len = sc->pos - 1 - off, i, j;
	struct keyent *ke, *dup = NULL;
	uint64_t h = 0;
	int esc = l->kesc;

	if (l->nkeys < SMALL_KEYS) {
		for (i = 0; i < l->nkeys; i++) {
			ke = &l->keys[i];
			if ((ke->esc || esc || ke->len == len) &&
			    keys_equal(sc, ke, off, len, esc)) {
				dup = ke;
				break;
			}
		}
	} else {
		if (!l->hashed) {
			for (i = 0; i < l->nkeys; i++)
				l->keys[i].h = key_hash(sc, l->keys[i].off,
				    l->keys[i].len, l->keys[i].esc);
			l->hashed = 1;
			l->tabok = 0;
		}
		h = key_hash(sc, off, len, esc);
		if ((!l->tabok || l->tabcap < l->nkeys * 2 + 2) &&
		    tab_rebuild(l) != 0) {
			sc->oom = 1;
			return;
		}
		for (j = h & (l->tabcap - 1); l->tab[j] != UINT32_MAX;
		    j = (j + 1) & (l->tabcap - 1)) {
			ke = &l->keys[l->tab[j]];
			if (ke->h == h && keys_equal(sc, ke, off, len, esc)) {
				dup = ke;
				break;
			}
		}
	}
	if (dup != NULL) {
		scan_report(sc, DGS_R_JSON_DUPLICATE_KEY, qoff, sc->pos,
		    "duplicate member `%.*s`: the first one, on line %lu, "
		    "is silently dropped; keep one", (int)(len > 60 ? 60 :
		    len), (const char *)sc->s + off, dup->line);
		return;	/* the first stays indexed */
	}
	if (l->nkeys == l->capkeys) {
		size_t cap = l->capkeys ? l->capkeys * 2 : 8;
		struct keyent *k = realloc(l->keys, cap * sizeof(*k));
		if (k == NULL) {
			sc->oom = 1;
			return;
		}
		l->keys = k;
		l->capkeys = cap;
	}
	ke = &l->keys[l->nkeys];
	ke->h = h;
	ke->off = off;
	ke->len = len;
	ke->line = sc->line;
	ke->esc = esc;
	l->nkeys++;
	if (l->hashed && l->tabok && l->nkeys * 2 + 2 <= l->tabcap) {
		j = h & (l->tabcap - 1);
		while (l->tab[j] != UINT32_MAX)
			j = (j + 1) & (l->tabcap - 1);
		l->tab[j] = (uint32_t)(l->nkeys - 1);
	} else
		l->tabok = 0;
}

static int
push(struct scanner *sc, int obj)
{
	struct level *l;

	if (sc->depth >= DGS_MAX_DEPTH) {
		scan_report(sc, DGS_R_JSON_TOO_DEEP, sc->pos, sc->pos + 1,
		    "nesting deeper than %d levels; nothing in this file "
		    "was checked", DGS_MAX_DEPTH);
		return -1;
	}
	if (sc->depth == sc->caplv) {
		size_t cap = sc->caplv ? sc->caplv * 2 : 16;
		l = realloc(sc->lv, cap * sizeof(*l));
		if (l == NULL) {
			sc->oom = 1;
			return -1;
		}
		memset(l + sc->caplv, 0, (cap - sc->caplv) * sizeof(*l));
		sc->lv = l;
		sc->caplv = cap;
	}
	l = &sc->lv[sc->depth++];
	l->obj = obj;
	l->open = sc->pos;
	l->line = sc->line;
	l->count = 0;
	l->nkeys = 0;
	l->hashed = 0;
	l->tabok = 0;
	sc->pos++;
	return 0;
}

/* Reads a value that may be a container; returns 0, or -1 on error.
 * Containers are handled by the caller's loop. */
static int
scan_scalar(struct scanner *sc)
{
	const unsigned char *s = sc->s;
	size_t pos = sc->pos;
	int esc;

	switch (s[pos]) {
	case '"':
		return scan_string(sc, &esc);
	case 't':
		if (sc->len - pos >= 4 && memcmp(s + pos, "true", 4) == 0)
			goto lit4;
		break;
	case 'n':
		if (sc->len - pos >= 4 && memcmp(s + pos, "null", 4) == 0)
			goto lit4;
		break;
	case 'f':
		if (sc->len - pos >= 5 && memcmp(s + pos, "false", 5) == 0) {
			sc->pos += 5;
			goto litend;
		}
		break;
	case '-': case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		return scan_number(sc);
	default:
		break;
	}
	bad_value(sc, 0);
	return -1;
lit4:
	sc->pos += 4;
litend:
	if (sc->pos < sc->len && ((s[sc->pos] >= 'a' && s[sc->pos] <= 'z') ||
	    (s[sc->pos] >= 'A' && s[sc->pos] <= 'Z'))) {
		sc->pos = pos;
		bad_value(sc, 0);
		return -1;
	}
	return 0;
}

int
dgs_spans_add(struct dgs_spans *sp, size_t pos, int end)
{
	uint32_t *v;
	size_t cap;

	if (end) {
		sp->v[2 * sp->n - 1] = (uint32_t)pos;
		return 0;
	}
	if (sp->n == sp->cap) {
		cap = sp->cap ? sp->cap * 2 : 256;
		if ((v = realloc(sp->v, 2 * cap * sizeof(*v))) == NULL)
			return -1;
		sp->v = v;
		sp->cap = cap;
	}
	sp->v[2 * sp->n] = sp->v[2 * sp->n + 1] = (uint32_t)pos;
	sp->n++;
	return 0;
}

/* Records where an element of the root array starts (end 0) or ends. */
static void
span(struct scanner *sc, int end)
{
	if (dgs_spans_add(sc->spans, sc->pos, end) != 0)
		sc->oom = 1;
}

/* The main loop: a value, iteratively.  Returns 0 or -1. */
static int
scan_document(struct scanner *sc)
{
	const unsigned char *s = sc->s;
	struct level *l;
	size_t qoff;
	char cw[32];
	int esc;

	skip_ws(sc);
value:
	if (sc->pos >= sc->len) {
		bad_value(sc, 0);
		return -1;
	}
	if (sc->depth == 1 && sc->spans != NULL && !sc->lv[0].obj) {
		span(sc, 0);
		if (sc->oom)
			return -1;
	}
	if (s[sc->pos] == '{') {
		if (push(sc, 1) != 0)
			return -1;
		skip_ws(sc);
		if (sc->pos < sc->len && s[sc->pos] == '}') {
			sc->pos++;
			sc->depth--;
			goto after;
		}
		goto member;
	}
	if (s[sc->pos] == '[') {
		if (push(sc, 0) != 0)
			return -1;
		skip_ws(sc);
		if (sc->pos < sc->len && s[sc->pos] == ']') {
			sc->pos++;
			sc->depth--;
			goto after;
		}
		sc->lv[sc->depth - 1].count++;
		goto value;
	}
	if (scan_scalar(sc) != 0)
		return -1;
	goto after;

member:
	/* At the start of a member name. */
	l = &sc->lv[sc->depth - 1];
	if (sc->pos >= sc->len) {
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos,
		    "unexpected end of file: the object opened on line %lu "
		    "is not closed with '}'", l->line);
		return -1;
	}
	if (s[sc->pos] != '"') {
		if (s[sc->pos] == '}' && l->count > 0)
			scan_report(sc, DGS_R_JSON_SYNTAX, sc->comma,
			    sc->comma + 1, "trailing comma before '}': "
			    "remove this ','");
		else if (s[sc->pos] == '/' && sc->pos + 1 < sc->len &&
		    (s[sc->pos + 1] == '/' || s[sc->pos + 1] == '*'))
			scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos,
			    sc->pos + 2, "comments are not allowed in JSON; "
			    "remove it");
		else if (s[sc->pos] == '\'')
			scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos,
			    sc->pos + 1, "member names must be in double "
			    "quotes, not single quotes");
		else if ((s[sc->pos] >= 'a' && s[sc->pos] <= 'z') ||
		    (s[sc->pos] >= 'A' && s[sc->pos] <= 'Z') ||
		    s[sc->pos] == '_')
			scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos,
			    sc->pos + 1, "member names must be in double "
			    "quotes");
		else
			scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos,
			    sc->pos + 1, "expected a member name in double "
			    "quotes, found %s",
			    char_words(sc, sc->pos, cw, sizeof(cw)));
		return -1;
	}
	qoff = sc->pos;
	if (scan_string(sc, &esc) != 0)
		return -1;
	l = &sc->lv[sc->depth - 1];
	l->count++;
	l->koff = qoff + 1;
	l->klen = sc->pos - 1 - l->koff;
	l->kesc = esc;
	add_key(sc, l, qoff);
	if (sc->oom)
		return -1;
	skip_ws(sc);
	if (sc->pos >= sc->len || s[sc->pos] != ':') {
		if (sc->pos >= sc->len)
			scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos,
			    "unexpected end of file after a member name");
		else
			scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos,
			    sc->pos + 1, "expected ':' after the member name, "
			    "found %s", char_words(sc, sc->pos, cw,
			    sizeof(cw)));
		return -1;
	}
	sc->pos++;
	skip_ws(sc);
	goto value;

after:
	/* After a complete value: close containers, or a separator. */
	if (sc->depth == 1 && sc->spans != NULL && !sc->lv[0].obj)
		span(sc, 1);
	skip_ws(sc);
	if (sc->depth == 0) {
		if (sc->pos < sc->len) {
			if (s[sc->pos] == '/' && sc->pos + 1 < sc->len &&
			    (s[sc->pos + 1] == '/' || s[sc->pos + 1] == '*'))
				scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos,
				    sc->pos + 2, "comments are not allowed "
				    "in JSON; remove it");
			else
				scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos,
				    sc->pos + 1, "unexpected %s after the "
				    "end of the document: a file holds one "
				    "JSON value", char_words(sc, sc->pos, cw,
				    sizeof(cw)));
			return -1;
		}
		return 0;
	}
	l = &sc->lv[sc->depth - 1];
	if (sc->pos >= sc->len) {
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos,
		    "unexpected end of file: the %s opened on line %lu is "
		    "not closed with '%c'", l->obj ? "object" : "array",
		    l->line, l->obj ? '}' : ']');
		return -1;
	}
	if (s[sc->pos] == ',') {
		sc->comma = sc->pos++;
		skip_ws(sc);
		if (l->obj)
			goto member;
		if (sc->pos < sc->len && s[sc->pos] == ']') {
			bad_value(sc, 1);
			return -1;
		}
		l->count++;
		goto value;
	}
	if (s[sc->pos] == (l->obj ? '}' : ']')) {
		sc->pos++;
		sc->depth--;
		goto after;
	}
	if (s[sc->pos] == '/' && sc->pos + 1 < sc->len &&
	    (s[sc->pos + 1] == '/' || s[sc->pos + 1] == '*'))
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos + 2,
		    "comments are not allowed in JSON; remove it");
	else if (s[sc->pos] == (l->obj ? ']' : '}'))
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos + 1,
		    "'%c' does not match the '%c' opened on line %lu",
		    s[sc->pos], l->obj ? '{' : '[', l->line);
	else
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos + 1,
		    "expected ',' or '%c' after %s, found %s%s",
		    l->obj ? '}' : ']', l->obj ? "a member" : "an element",
		    char_words(sc, sc->pos, cw, sizeof(cw)),
		    s[sc->pos] != 0 && strchr("\"{[-0123456789tfn",
		    s[sc->pos]) != NULL ?
		    ": a ',' is missing" : "");
	return -1;
}

int
dgs_scan(struct dgs_result *res, const struct dgs_options *opts,
    const char *buf, size_t len, size_t *start)
{
	return dgs_scan_spans(res, opts, buf, len, start, NULL);
}

int
dgs_scan_spans(struct dgs_result *res, const struct dgs_options *opts,
    const char *buf, size_t len, size_t *start, struct dgs_spans *spans)
{
	struct scanner sc;
	const unsigned char *s = (const unsigned char *)buf;
	size_t i;
	int rc;

	*start = 0;
	memset(&sc, 0, sizeof(sc));
	sc.res = res;
	sc.opts = opts;
	sc.s = s;
	sc.len = len;
	sc.line = 1;
	sc.spans = len <= 0x7fffffff ? spans : NULL;

	/* UTF-16 and UTF-32, with or without a byte-order mark. */
	if ((len >= 2 && ((s[0] == 0xfe && s[1] == 0xff) ||
	    (s[0] == 0xff && s[1] == 0xfe))) ||
	    (len >= 2 && (s[0] == 0 || s[1] == 0) && !(s[0] == 0 &&
	    s[1] == 0 && len == 2))) {
		scan_report(&sc, DGS_R_JSON_INVALID_UTF8, 0, 0,
		    "the file is UTF-16 or UTF-32 text; JSON must be UTF-8: "
		    "re-save it as UTF-8");
		rc = 1;
		goto out;
	}
	if (len >= 3 && s[0] == 0xef && s[1] == 0xbb && s[2] == 0xbf) {
		scan_report(&sc, DGS_R_JSON_BOM, 0, 3,
		    "the file starts with a UTF-8 byte-order mark; remove it "
		    "(save as \"UTF-8 without BOM\")");
		*start = 3;
	}
	for (i = *start; i < len && is_ws(s[i]); i++)
		;
	if (i == len) {
		scan_report(&sc, DGS_R_JSON_EMPTY, *start, *start,
		    len == *start ? "the file is empty: write the JSON "
		    "document, or delete the file" : "the file holds only "
		    "white space: write the JSON document, or delete the "
		    "file");
		rc = 1;
		goto out;
	}
	sc.pos = *start;
	rc = scan_document(&sc) == 0 ? 0 : 1;
out:
	for (i = 0; i < sc.caplv; i++) {
		free(sc.lv[i].keys);
		free(sc.lv[i].tab);
	}
	free(sc.lv);
	dgs_buf_free(&sc.tmp1);
	dgs_buf_free(&sc.tmp2);
	if (sc.oom)
		return DGS_ENOMEM;
	return rc;
}

size_t
dgs_plain_run(const unsigned char *s, size_t pos, size_t len)
{
	return plain_run(s, pos, len);
}

size_t
dgs_utf8_len(const unsigned char *s, size_t n)
{
	return utf8_len(s, n);
}

long
dgs_hex4(const char *s)
{
	return hex4(s);
}

void
dgs_decode_string(struct dgs_buf *b, const char *s, size_t n)
{
	decode_string(b, s, n);
}
