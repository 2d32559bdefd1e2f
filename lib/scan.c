/*
 * scan.c: the JSON layer.  json-c keeps no source positions, accepts
 * duplicate names silently and has no plain-words error messages, so
 * dgslint reads the text itself (and build.c then makes json-c's tree of
 * it without json-c's tokenizer):
 *
 *  - dgs_scan() validates every file strictly in one pass, without
 *    allocating per value: syntax, UTF-8, duplicate member names (hashed
 *    only in objects of more than a few members), depth, number range.
 *    Strings, numbers and words are read by lex.c, as the builder reads
 *    them.  It also records where the elements of a root array are
 *    (dgs_scan_spans()), so that the engine builds and walks them one at
 *    a time.  A document that is
 *    not built by a pipeline is first built by dgs_build_doc() (build.c),
 *    which checks the same and leaves to the scanner only the documents
 *    on which it has something to report.
 *
 * Where findings are in the text is locate.c's business.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_util.h"
#include "dgs_lex.h"
#include "dgs_json.h"
#include "dgs_table.h"
#include "dgs_report.h"
#include "dgs_engine.h"

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
			dgs_decode_string(&sc->tmp1, (const char *)sc->s + l->koff,
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

	if (!dgs_options_enabled(sc->opts, rule)) {
		/* A fix stated for this finding goes with it. */
		dgs_fix_forget(sc->res);
		return;
	}
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
	else if ((n = dgs_utf8_decode((const char *)sc->s + pos,
	    sc->len - pos, NULL)) > 0)
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
	while (pos < len && dgs_lex_is_ws(s[pos])) {
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
	else if (s[pos] == ']' && in_array_after_comma) {
		dgs_fix_offset(sc->res, sc->comma, sc->comma + 1, "",
		    "remove the trailing comma");
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->comma, sc->comma + 1,
		    "trailing comma before ']': remove this ','");
	}
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
	else if (s[pos] >= 0x80 && dgs_utf8_decode((const char *)s + pos,
	    sc->len - pos, NULL) == 0)
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
	size_t pos = sc->pos + 1, start = sc->pos;
	struct dgs_lexstr x;
	int bad_utf8 = 0;

	x.esc = 0;
	for (;;) {
		switch (dgs_lex_string(s, pos, sc->len, &x)) {
		case DGS_STR_END:
			*esc = x.esc;
			sc->pos = x.next;
			return 0;
		case DGS_STR_LONE_HIGH:
			scan_report(sc, DGS_R_JSON_LONE_SURROGATE, x.at,
			    x.next, "'\\u%04lX' is half of a surrogate pair "
			    "with no low half after it; it becomes U+FFFD",
			    x.cp);
			break;
		case DGS_STR_LONE_LOW:
			scan_report(sc, DGS_R_JSON_LONE_SURROGATE, x.at,
			    x.next, "'\\u%04lX' is the low half of a "
			    "surrogate pair with no high half before it; it "
			    "becomes U+FFFD", x.cp);
			break;
		case DGS_STR_BAD_UTF8:
			/* Once per string. */
			if (!bad_utf8)
				scan_report(sc, DGS_R_JSON_INVALID_UTF8, x.at,
				    x.next, "byte 0x%02X in a string is not "
				    "valid UTF-8; re-save the file as UTF-8",
				    s[x.at]);
			bad_utf8 = 1;
			break;
		case DGS_STR_UNTERMINATED:
			scan_report(sc, DGS_R_JSON_SYNTAX, start, start + 1,
			    "unterminated string: the closing '\"' is "
			    "missing");
			return -1;
		case DGS_STR_BAD_ESCAPE:
			scan_report(sc, DGS_R_JSON_SYNTAX, x.at, x.at + 2,
			    "invalid escape '\\%c' in a string; write '\\\\' "
			    "for a backslash", s[x.at + 1] >= 0x20 &&
			    s[x.at + 1] < 0x7f ? s[x.at + 1] : '?');
			return -1;
		case DGS_STR_BAD_HEX:
			scan_report(sc, DGS_R_JSON_SYNTAX, x.at, x.at + 2,
			    "'\\u' must be followed by four hexadecimal "
			    "digits");
			return -1;
		case DGS_STR_CONTROL:
			scan_report(sc, DGS_R_JSON_SYNTAX, x.at, x.at + 1,
			    s[x.at] == '\n' ? "unterminated string: a line "
			    "break inside a string must be written \\n" :
			    s[x.at] == '\t' ? "a tab inside a string must be "
			    "written \\t" : s[x.at] == 0 ? "a NUL byte inside "
			    "a string must be written \\u0000" :
			    "control character inside a string: write it as "
			    "a \\u escape");
			return -1;
		}
		pos = x.next;
	}
}

/* Scans a number at sc->pos.  Returns 0 or -1. */
static int
scan_number(struct scanner *sc)
{
	const unsigned char *s = sc->s;
	size_t start = sc->pos;
	struct dgs_lexnum n;
	enum dgs_num_range range;
	const char *what = NULL;

	switch (dgs_lex_number(s, start, sc->len, &n)) {
	case DGS_NUM_OK:
		break;
	case DGS_NUM_NO_DIGIT:
		what = "'-' must be followed by a digit";
		break;
	case DGS_NUM_HEX:
		what = "hexadecimal numbers are not allowed in JSON; write "
		    "the decimal value";
		break;
	case DGS_NUM_LEADING_ZERO:
		what = "a number cannot have a leading zero; write it without "
		    "(or as a string if the zeros matter)";
		break;
	case DGS_NUM_NO_FRACTION:
		what = "a number needs a digit after the '.'";
		break;
	case DGS_NUM_NO_EXPONENT:
		what = "a number needs digits in its exponent";
		break;
	}
	if (what != NULL) {
		scan_report(sc, DGS_R_JSON_SYNTAX, start, n.end, "%s", what);
		return -1;
	}
	sc->pos = n.end;
	if (!n.isfloat && dgs_lex_int_big(&n))
		scan_report(sc, DGS_R_JSON_NUMBER_RANGE, start, n.end,
		    "integer %.*s%s does not fit in 64 bits: parsers clamp or "
		    "reject it", (int)(n.end - start > 40 ? 40 :
		    n.end - start), (const char *)s + start,
		    n.end - start > 40 ? "..." : "");
	else if (n.isfloat && (range = dgs_lex_double_range(s, start, &n)) !=
	    DGS_RANGE_OK)
		scan_report(sc, DGS_R_JSON_NUMBER_RANGE, start, n.end,
		    range == DGS_RANGE_OVER ? "%.*s%s is too large for a "
		    "double: parsers turn it into infinity or reject it" :
		    "%.*s%s is too close to zero for a double: parsers turn "
		    "it into 0", (int)(n.end - start > 40 ? 40 :
		    n.end - start), (const char *)s + start,
		    n.end - start > 40 ? "..." : "");
	return 0;
}

static int
keys_equal(struct scanner *sc, const struct keyent *a, size_t off,
    size_t len, int esc)
{
	if (!a->esc && !esc)
		return a->len == len &&
		    memcmp(sc->s + a->off, sc->s + off, len) == 0;
	dgs_decode_string(&sc->tmp1, (const char *)sc->s + a->off, a->len);
	dgs_decode_string(&sc->tmp2, (const char *)sc->s + off, len);
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
	dgs_decode_string(&sc->tmp1, (const char *)sc->s + off, len);
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

/* Reports a member name that holds U+0000, at its first \u0000 (once
 * for the name). */
static void
nul_in_name(struct scanner *sc, struct level *l)
{
	const char *name = (const char *)sc->s + l->koff;
	size_t at = dgs_nul_escape(name, l->klen);

	if (at == l->klen)
		return;
	/* The name held (\u0000 in the message), and the part before. */
	dgs_decode_string(&sc->tmp1, name, l->klen);
	dgs_decode_string(&sc->tmp2, name, at);
	scan_report(sc, DGS_R_JSON_NUL_IN_NAME, l->koff + at, l->koff + at + 6,
	    "the member name `%.*s%s` holds U+0000 (\\u0000): parsers that "
	    "keep names as C strings, json-c among them, read it as %s%.*s%s, "
	    "and the service as a name of its own; write the name without "
	    "it", (int)(sc->tmp1.len > 80 ? 80 : sc->tmp1.len), sc->tmp1.s,
	    sc->tmp1.len > 80 ? "..." : "", sc->tmp2.len == 0 ?
	    "an empty name" : "`", (int)(sc->tmp2.len > 80 ? 80 :
	    sc->tmp2.len), sc->tmp2.s, sc->tmp2.len == 0 ? "" :
	    sc->tmp2.len > 80 ? "...`" : "`");
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
	size_t n;
	int esc;

	if (s[sc->pos] == '"')
		return scan_string(sc, &esc);
	if (s[sc->pos] == '-' || (s[sc->pos] >= '0' && s[sc->pos] <= '9'))
		return scan_number(sc);
	if ((n = dgs_lex_word(s, sc->pos, sc->len)) == 0) {
		bad_value(sc, 0);
		return -1;
	}
	sc->pos += n;
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
	else if (end)
		dgs_text_drop(sc->spans->map, &sc->spans->dropped, sc->pos);
}

/* Whether a comment begins at sc->pos: // or a slash and a star. */
static int
comment_at(const struct scanner *sc)
{
	return sc->s[sc->pos] == '/' && sc->pos + 1 < sc->len &&
	    (sc->s[sc->pos + 1] == '/' || sc->s[sc->pos + 1] == '*');
}

static void
no_comment(struct scanner *sc)
{
	scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos + 2, "comments "
	    "are not allowed in JSON; remove it");
}

/* What stands where a member name of object l should, which is not a
 * string: said as the fault it most likely is. */
static void
bad_name(struct scanner *sc, const struct level *l)
{
	const unsigned char *s = sc->s;
	char cw[32];

	if (s[sc->pos] == '}' && l->count > 0) {
		dgs_fix_offset(sc->res, sc->comma, sc->comma + 1, "",
		    "remove the trailing comma");
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->comma, sc->comma + 1,
		    "trailing comma before '}': remove this ','");
	} else if (comment_at(sc))
		no_comment(sc);
	else if (s[sc->pos] == '\'')
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos + 1,
		    "member names must be in double quotes, not single "
		    "quotes");
	else if ((s[sc->pos] >= 'a' && s[sc->pos] <= 'z') ||
	    (s[sc->pos] >= 'A' && s[sc->pos] <= 'Z') || s[sc->pos] == '_')
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos + 1,
		    "member names must be in double quotes");
	else
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos + 1,
		    "expected a member name in double quotes, found %s",
		    char_words(sc, sc->pos, cw, sizeof(cw)));
}

/* A member name at sc->pos (a string), kept in the innermost level,
 * then its ':'; 0, or -1 after a fault. */
static int
scan_name(struct scanner *sc)
{
	struct level *l;
	size_t qoff = sc->pos;
	char cw[32];
	int esc;

	if (scan_string(sc, &esc) != 0)
		return -1;
	l = &sc->lv[sc->depth - 1];
	l->count++;
	l->koff = qoff + 1;
	l->klen = sc->pos - 1 - l->koff;
	l->kesc = esc;
	if (esc)
		nul_in_name(sc, l);
	add_key(sc, l, qoff);
	if (sc->oom)
		return -1;
	skip_ws(sc);
	if (sc->pos >= sc->len) {
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos,
		    "unexpected end of file after a member name");
		return -1;
	}
	if (sc->s[sc->pos] != ':') {
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos + 1,
		    "expected ':' after the member name, found %s",
		    char_words(sc, sc->pos, cw, sizeof(cw)));
		return -1;
	}
	sc->pos++;
	skip_ws(sc);
	return 0;
}

/* Something after the document's one value. */
static void
bad_after_end(struct scanner *sc)
{
	char cw[32];

	if (comment_at(sc))
		no_comment(sc);
	else
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos + 1,
		    "unexpected %s after the end of the document: a file "
		    "holds one JSON value", char_words(sc, sc->pos, cw,
		    sizeof(cw)));
}

/* What stands after a value of container l where a ',' or its closing
 * bracket should; a forgotten comma at the end of a line is fixed. */
static void
bad_separator(struct scanner *sc, const struct level *l)
{
	const unsigned char *s = sc->s;
	char cw[32];
	size_t q;

	if (comment_at(sc)) {
		no_comment(sc);
		return;
	}
	if (s[sc->pos] == (l->obj ? ']' : '}')) {
		scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos + 1,
		    "'%c' does not match the '%c' opened on line %lu",
		    s[sc->pos], l->obj ? '{' : '[', l->line);
		return;
	}
	/* A member name on a line of its own after a member: the comma was
	 * forgotten at the end of the line before. */
	for (q = sc->pos; l->obj && s[sc->pos] == '"' && q > 0 &&
	    dgs_lex_is_ws(s[q - 1]); q--)
		if (s[q - 1] == '\n') {
			for (q--; q > 0 && dgs_lex_is_ws(s[q - 1]); q--)
				continue;
			dgs_fix_offset(sc->res, q, q, ",",
			    "add the missing comma");
			break;
		}
	scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos + 1,
	    "expected ',' or '%c' after %s, found %s%s", l->obj ? '}' : ']',
	    l->obj ? "a member" : "an element", char_words(sc, sc->pos, cw,
	    sizeof(cw)), s[sc->pos] != 0 && strchr("\"{[-0123456789tfn",
	    s[sc->pos]) != NULL ? ": a ',' is missing" : "");
}

/* The '{' (obj) or '[' at sc->pos opened: 1 when it closes at once
 * (empty), 0 when a member or element follows, -1 when too deep. */
static int
open_container(struct scanner *sc, int obj)
{
	if (push(sc, obj) != 0)
		return -1;
	skip_ws(sc);
	if (sc->pos < sc->len && sc->s[sc->pos] == (obj ? '}' : ']')) {
		sc->pos++;
		sc->depth--;
		return 1;
	}
	return 0;
}

/* The end of the text inside container l. */
static void
unclosed(struct scanner *sc, const struct level *l)
{
	scan_report(sc, DGS_R_JSON_SYNTAX, sc->pos, sc->pos, "unexpected end "
	    "of file: the %s opened on line %lu is not closed with '%c'",
	    l->obj ? "object" : "array", l->line, l->obj ? '}' : ']');
}

/* The main loop: a value, iteratively.  Returns 0 or -1. */
static int
scan_document(struct scanner *sc)
{
	const unsigned char *s = sc->s;
	struct level *l;
	int rc;

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
	if (s[sc->pos] == '{' || s[sc->pos] == '[') {
		if ((rc = open_container(sc, s[sc->pos] == '{')) < 0)
			return -1;
		if (rc == 1)
			goto after;
		if (sc->lv[sc->depth - 1].obj)
			goto member;
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
		unclosed(sc, l);
		return -1;
	}
	if (s[sc->pos] != '"') {
		bad_name(sc, l);
		return -1;
	}
	if (scan_name(sc) != 0)
		return -1;
	goto value;

after:
	/* After a complete value: close containers, or a separator. */
	if (sc->depth == 1 && sc->spans != NULL && !sc->lv[0].obj)
		span(sc, 1);
	skip_ws(sc);
	if (sc->depth == 0) {
		if (sc->pos < sc->len) {
			bad_after_end(sc);
			return -1;
		}
		return 0;
	}
	l = &sc->lv[sc->depth - 1];
	if (sc->pos >= sc->len) {
		unclosed(sc, l);
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
	bad_separator(sc, l);
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
		dgs_fix_offset(res, 0, 3, "", "remove the byte-order mark");
		scan_report(&sc, DGS_R_JSON_BOM, 0, 3,
		    "the file starts with a UTF-8 byte-order mark; remove it "
		    "(save as \"UTF-8 without BOM\")");
		*start = 3;
	}
	for (i = *start; i < len && dgs_lex_is_ws(s[i]); i++)
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
