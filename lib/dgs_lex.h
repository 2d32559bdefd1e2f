/*
 * dgs_lex.h: JSON's lexical grammar (lex.c), written once for the
 * scanner (scan.c, which reports every problem at its offset and goes on
 * where it can) and the builder (build.c, which stops at the first):
 * white space, the literal words, string literals (UTF-8, escapes,
 * surrogates) and numbers (grammar and range); the hot paths are inline
 * here.  Then the decoding of a well-formed string literal.  Not
 * installed.
 */
#ifndef DGS_LEX_H
#define DGS_LEX_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "dgs_util.h"

static inline int
dgs_lex_is_ws(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The offset of the first byte from pos that is not white space. */
static inline size_t
dgs_lex_ws(const unsigned char *s, size_t pos, size_t len)
{
	while (pos < len && dgs_lex_is_ws(s[pos]))
		pos++;
	return pos;
}

/* The length of the word true, false or null at s[pos] (pos < len) when
 * no letter follows it (which would make another word), or 0. */
static inline size_t
dgs_lex_word(const unsigned char *s, size_t pos, size_t len)
{
	size_t n;

	switch (s[pos]) {
	case 't':
		n = len - pos >= 4 && memcmp(s + pos, "true", 4) == 0 ? 4 : 0;
		break;
	case 'n':
		n = len - pos >= 4 && memcmp(s + pos, "null", 4) == 0 ? 4 : 0;
		break;
	case 'f':
		n = len - pos >= 5 && memcmp(s + pos, "false", 5) == 0 ? 5 : 0;
		break;
	default:
		return 0;
	}
	if (n > 0 && pos + n < len && ((s[pos + n] >= 'a' &&
	    s[pos + n] <= 'z') || (s[pos + n] >= 'A' && s[pos + n] <= 'Z')))
		return 0;
	return n;
}

/* The end of the plain text at s[pos]: the offset of the first '"',
 * '\\', control character or byte from 0x80, or len.  Sixteen bytes at
 * a time where SSE2 is available: string bodies are most of a text
 * (callgrind, the 2,000 files at -j 1: a byte at a time took 8.0% more
 * instructions, 3,078 M against 2,849 M). */
static inline size_t
dgs_plain_run(const unsigned char *s, size_t pos, size_t len)
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

/* What dgs_lex_string() found.  After the first three a string goes on
 * (at next); the others end it. */
enum dgs_lex_str {
	DGS_STR_END = 0,	/* the closing quote, at at */
	DGS_STR_LONE_HIGH,	/* \uD800-\uDBFF with no low half after it */
	DGS_STR_LONE_LOW,	/* \uDC00-\uDFFF with no high half before it */
	DGS_STR_BAD_UTF8,	/* the byte at at is not UTF-8 */
	DGS_STR_UNTERMINATED,	/* no closing quote (at is len) */
	DGS_STR_BAD_ESCAPE,	/* a backslash, at at, and no escape letter */
	DGS_STR_BAD_HEX,	/* a \u, at at, without four hex digits */
	DGS_STR_CONTROL		/* a control character, at at */
};

struct dgs_lexstr {
	size_t		 at;	/* where it is */
	size_t		 next;	/* just past it */
	unsigned long	 cp;	/* a lone surrogate's code unit */
	int		 esc;	/* set (never cleared) when a backslash passed */
};

enum dgs_lex_str dgs_lex_string_rest(const unsigned char *s, size_t pos,
	    size_t len, struct dgs_lexstr *);
/* Reads the body of a string literal from s[pos] (just after the opening
 * quote, or the last finding's next) to the closing quote or the next
 * finding. */
static inline enum dgs_lex_str
dgs_lex_string(const unsigned char *s, size_t pos, size_t len,
    struct dgs_lexstr *x)
{
	pos = dgs_plain_run(s, pos, len);
	if (pos < len && s[pos] == '"') {
		x->at = pos;
		x->next = pos + 1;
		return DGS_STR_END;
	}
	return dgs_lex_string_rest(s, pos, len, x);
}

/* What dgs_lex_number() found. */
enum dgs_lex_num {
	DGS_NUM_OK = 0,
	DGS_NUM_NO_DIGIT,	/* a '-' and no digit */
	DGS_NUM_HEX,		/* 0x */
	DGS_NUM_LEADING_ZERO,
	DGS_NUM_NO_FRACTION,	/* no digit after the '.' */
	DGS_NUM_NO_EXPONENT	/* no digit in the exponent */
};

struct dgs_lexnum {
	size_t		 end;	/* past the number, or past its bad part */
	size_t		 digits;	/* in the integer part */
	uint64_t	 u;	/* the integer part, unless over */
	int		 neg, isfloat, over;
};

/* Reads the number at s[pos] (pos < len) as JSON's grammar does. */
enum dgs_lex_num dgs_lex_number(const unsigned char *s, size_t pos,
	    size_t len, struct dgs_lexnum *);
/* Whether an integer read (no fraction, no exponent) does not fit in
 * 64 bits (json-number-range). */
static inline int
dgs_lex_int_big(const struct dgs_lexnum *n)
{
	return n->over || n->u > (uint64_t)INT64_MAX + (uint64_t)n->neg;
}
/* What the number with a fraction or an exponent at s[start..n->end)
 * becomes as a double, by its value (any number of digits may write one):
 * OVER, too large (strtod() gives infinity), or UNDER, not zero but too
 * close to zero (strtod() gives 0), are json-number-range. */
enum dgs_num_range {
	DGS_RANGE_OK = 0,
	DGS_RANGE_OVER,
	DGS_RANGE_UNDER
};
enum dgs_num_range dgs_lex_double_range(const unsigned char *s,
	    size_t start, const struct dgs_lexnum *n);

/* The value of the four hex digits at s, or -1. */
long	dgs_hex4(const char *s);

/* Sets b to the decoded body s[0..n) of a well-formed JSON string, as
 * json-c decodes it (lone surrogates become U+FFFD), but for U+0000,
 * which becomes C0 80. */
void	dgs_decode_string(struct dgs_buf *b, const char *s, size_t n);
/* The offset in s[0..n), the body of a well-formed JSON string, of its
 * first \u0000 escape, or n. */
size_t	dgs_nul_escape(const char *s, size_t n);

#endif /* DGS_LEX_H */
