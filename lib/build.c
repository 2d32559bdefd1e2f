/*
 * build.c: json-c's tree of a JSON text, made with json-c's own
 * constructors in one pass over the text, instead of json-c's
 * tokenizer.
 *
 * json-c's tokenizer reads a character at a time through a state
 * machine and a copy buffer, and cost a third of a lint.  The builder
 * finds each token's end with the scanner's own lexer (lex.c: string
 * bodies sixteen bytes at a time) and calls json_object_new_*().  It
 * runs in one of two ways:
 *
 *  - dgs_build_doc(), for a document built in one piece (not by the
 *    pipeline of lint.c): the builder checks, as it goes, everything the
 *    scanner (scan.c) would report, and stops at the first thing it
 *    would: the lexer's findings, duplicate names, depth.  Nearly every document is clean JSON, and is read once; the
 *    others are then scanned, which says what is wrong, and built as
 *    below.  check_build.c and the fuzzer hold it to taking exactly the
 *    texts the scanner has nothing to say about.  (Callgrind, a lint of
 *    the benchmark's 2,000 files: 3.22 G instructions down to 2.87 G.)
 *  - dgs_build(), on text the scanner has accepted: it goes on past the
 *    findings after which the scanner goes on (lone surrogates, bytes
 *    that are not UTF-8, numbers out of range).
 *
 * Member names are interned once per document and added with
 * JSON_C_OBJECT_ADD_CONSTANT_KEY, so a tree of a million objects does
 * not hold (and malloc, and free) a copy of "name" for each one.
 * Short string values repeat too (a schema, a table, a generator's id
 * in every link): the last one made of each text in a hashed slot is
 * shared, with a reference, by every member that holds the same text,
 * as json-c's reference counts allow, and so are true and false.  Three
 * string values in four of a typical document are repeats, and each
 * costs a malloc() and a free() less (callgrind, the benchmark's 2,000
 * files at -j 1: 3.92 G instructions down to 3.76 G when it came; without
 * it now, 6.6% more, 3,038 M against 2,849 M).  Nothing changes the
 * tree's objects, and what is kept by a string object's address (the
 * pattern DGS420-422 inspected last) depends on its text alone.  While
 * a builder thread runs, it alone changes reference counts (lint.c).
 *
 * The tree is the one json_tokener_parse_ex() makes of the same text:
 * same types, values, member order, duplicate names resolved the same
 * way (the last value, at the first name's place), lone surrogates as
 * U+FFFD, doubles keeping their text for serialisation
 * (json_object_new_double_s()); but for U+0000, which json-c keeps in a
 * value and cuts a name at, and the builder holds as C0 80 in both
 * (dgs_int.h says why).  check_build.c compares the two on every
 * document under testdata/, and the fuzzer on every input it makes.
 * What this builder does not reproduce, it leaves to json-c's
 * tokenizer, that number alone (json_c_number()): integers out of
 * 64-bit range and doubles out of range (json-c versions differ there),
 * long doubles, and doubles when the C library's radix character is not
 * '.'.
 */
#include <errno.h>
#include <langinfo.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_util.h"
#include "dgs_text.h"
#include "dgs_lex.h"
#include "dgs_json.h"
#include "dgs_table.h"
#include "dgs_engine.h"

/*
 * Interned member names: an arena of NUL-terminated strings and an
 * open-addressed table over it.
 */
struct keychunk {
	struct keychunk	*next;
	char		 s[];
};

struct keyslot {
	uint64_t	 h;
	const char	*k;	/* NULL: empty */
	size_t		 len;
};

#define JHCACHE		256	/* slots, a power of two */

struct dgs_keys {
	struct keyslot	*tab;
	size_t		 cap, n;	/* cap: a power of two */
	struct keychunk	*chunks;
	char		*cur;
	size_t		 left;
	int		 radix;	/* the C library's radix character is '.' */
	struct strslot	*strs;		/* shared strings, or NULL */
	size_t		 nstrs;		/* slots in strs, a power of two */
	struct json_object *bools[2];	/* false and true, once made */
	/* json-c's hash of an interned name, by the name's address: */
	struct {
		const char	*k;
		unsigned long	 h;
	}		 jh[JHCACHE];
};

/* A shared string value: v holds a reference, s and len are its text. */
struct strslot {
	struct json_object	*v;
	const char		*s;
	size_t			 len;
	uint64_t		 h;
};

/* Slots for shared strings: one for each STRTEXT bytes of the text,
 * from STRMIN to STRMAX, a power of two (a small file clears less). */
#define STRTEXT		128
#define STRMIN		64
#define STRMAX		4096
#define STRSHARED	64	/* the longest text shared, in bytes */

#define KEYCHUNK	(64 * 1024 - sizeof(struct keychunk) - 64)

/*
 * The member names of every shape, interned as the shapes' own static
 * strings: the linker keeps one copy of identical string literals, so a
 * rule's dgs_get(obj, "generatorId") then finds the member by address,
 * without comparing text (dgs_member_entry(), find_member()).  A table
 * made once per process, read-only after.  (Callgrind, the 2,000 files
 * at -j 1: with every name copied, 7.2% more instructions, 3,054 M
 * against 2,849 M.)
 */
#define KNOWN_CAP	1024	/* a power of two, over twice the names */

static struct keyslot	 known_tab[KNOWN_CAP];
static pthread_once_t	 known_once = PTHREAD_ONCE_INIT;

static void
known_init(void)
{
	const struct dgs_member *m;
	size_t node, i, n = 0, len;
	uint64_t h;

	for (node = 0; node < DGS_NODE_MAX; node++) {
		if (dgs_nodes[node].shape == NULL)
			continue;
		for (m = dgs_nodes[node].shape->members; m->name != NULL;
		    m++) {
			len = strlen(m->name);
			h = dgs_hash(m->name, len);
			for (i = h & (KNOWN_CAP - 1); known_tab[i].k != NULL;
			    i = (i + 1) & (KNOWN_CAP - 1))
				if (known_tab[i].h == h &&
				    known_tab[i].len == len &&
				    memcmp(known_tab[i].k, m->name, len) == 0)
					break;
			if (known_tab[i].k != NULL || n * 2 >= KNOWN_CAP)
				continue;
			known_tab[i].h = h;
			known_tab[i].k = m->name;
			known_tab[i].len = len;
			n++;
		}
	}
}

/* The static string of a shape's member named s[0..len) with hash h, or
 * NULL. */
static const char *
known_name(const char *s, size_t len, uint64_t h)
{
	const struct keyslot *e;
	size_t i;

	for (i = h & (KNOWN_CAP - 1); (e = &known_tab[i])->k != NULL;
	    i = (i + 1) & (KNOWN_CAP - 1))
		if (e->h == h && e->len == len && memcmp(e->k, s, len) == 0)
			return e->k;
	return NULL;
}

struct dgs_keys *
dgs_keys_new(void)
{
	struct dgs_keys *ks;
	const char *r = nl_langinfo(RADIXCHAR);

	(void)pthread_once(&known_once, known_init);
	if ((ks = calloc(1, sizeof(*ks))) != NULL)
		ks->radix = r != NULL && r[0] == '.' && r[1] == '\0';
	return ks;
}

void
dgs_keys_free(struct dgs_keys *ks)
{
	struct keychunk *c, *next;
	size_t i;

	if (ks == NULL)
		return;
	for (c = ks->chunks; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	for (i = 0; i < ks->nstrs; i++)
		if (ks->strs[i].v != NULL)
			json_object_put(ks->strs[i].v);
	free(ks->strs);
	json_object_put(ks->bools[0]);
	json_object_put(ks->bools[1]);
	free(ks->tab);
	free(ks);
}

static int
keys_grow(struct dgs_keys *ks)
{
	struct keyslot *tab, *old = ks->tab;
	size_t cap = ks->cap ? ks->cap * 2 : 256, i, j;

	if ((tab = calloc(cap, sizeof(*tab))) == NULL)
		return -1;
	for (i = 0; i < ks->cap; i++) {
		if (old[i].k == NULL)
			continue;
		for (j = old[i].h & (cap - 1); tab[j].k != NULL;
		    j = (j + 1) & (cap - 1))
			continue;
		tab[j] = old[i];
	}
	free(old);
	ks->tab = tab;
	ks->cap = cap;
	return 0;
}

/* The interned copy of s[0..len), which holds no NUL (U+0000 is C0 80),
 * a shape's own string when it names a shape's member; NULL when out of
 * memory. */
static const char *
intern(struct dgs_keys *ks, const char *s, size_t len)
{
	struct keychunk *c;
	struct keyslot *e;
	uint64_t h;
	size_t i, sz;
	const char *k;
	char *copy;

	h = dgs_hash(s, len);
	if (ks->n * 2 >= ks->cap && keys_grow(ks) != 0)
		return NULL;
	for (i = h & (ks->cap - 1); (e = &ks->tab[i])->k != NULL;
	    i = (i + 1) & (ks->cap - 1))
		if (e->h == h && e->len == len && memcmp(e->k, s, len) == 0)
			return e->k;
	if ((k = known_name(s, len, h)) == NULL) {
		if (len + 1 > ks->left) {
			sz = len + 1 > KEYCHUNK ? len + 1 : KEYCHUNK;
			if ((c = malloc(sizeof(*c) + sz)) == NULL)
				return NULL;
			c->next = ks->chunks;
			ks->chunks = c;
			ks->cur = c->s;
			ks->left = sz;
		}
		copy = ks->cur;
		memcpy(copy, s, len);
		copy[len] = '\0';
		ks->cur += len + 1;
		ks->left -= len + 1;
		k = copy;
	}
	e->h = h;
	e->k = k;
	e->len = len;
	ks->n++;
	return k;
}

/*
 * json-c's hash of the interned name k for table t (every object's table
 * hashes names alike), kept by k's address: a name is interned once per
 * document, so a new member is inserted with lh_table_insert_w_hash()
 * without json_object_object_add_ex() hashing its name again, the
 * builder's largest cost inside json-c (1.2 million names hashed on the
 * benchmark's 2,000 files; callgrind at -j 1: without this, 4.6% more
 * instructions, 2,980 M against 2,849 M).  What a document's
 * object already holds still goes through json_object_object_add_ex().
 */
static DGS_UNPROFILED unsigned long
name_hash(struct dgs_keys *ks, struct lh_table *t, const char *k)
{
	size_t i = (size_t)(((uint64_t)(uintptr_t)k *
	    0x9e3779b97f4a7c15ULL) >> 56) & (JHCACHE - 1);

	if (ks->jh[i].k != k) {
		ks->jh[i].k = k;
		/* lh_get_hash()'s body: that inline function of json-c's
		 * header would be counted by a PGO build, and how often
		 * it runs here follows addresses (DGS_UNPROFILED). */
		ks->jh[i].h = t->hash_fn(k);
	}
	return ks->jh[i].h;
}

/*
 * The builder.
 */
struct builder {
	const char	*s;
	size_t		 len, pos;
	struct dgs_keys	*keys;
	struct dgs_buf	 tmp;	/* decoded strings with escapes */
	int		 stop;	/* 1 leave it to json-c (or, strict, to the
				 * scanner), DGS_ENOMEM */
	/* dgs_build_doc(): the text is checked as it is built, and any
	 * departure from clean JSON stops the build (stop 1). */
	int		 strict;
	size_t		 depth;		/* containers open */
	struct dgs_spans *spans;	/* the root array's elements, or NULL */
	struct json_tokener *tok;	/* json_c_number()'s, or NULL */
};

static void
skip_ws(struct builder *b)
{
	b->pos = dgs_lex_ws((const unsigned char *)b->s, b->pos, b->len);
}

/* Reads the string whose opening quote is at b->pos; its body is
 * b->s[*off..*off + *n), with a backslash in it when *esc.  Returns 0,
 * or -1 when the string is not well-formed, or (strict) when the scanner
 * has something to say about it. */
static int
string_body(struct builder *b, size_t *off, size_t *n, int *esc)
{
	const unsigned char *s = (const unsigned char *)b->s;
	struct dgs_lexstr x;
	enum dgs_lex_str r;
	size_t pos = b->pos + 1;

	*off = pos;
	x.esc = 0;
	while ((r = dgs_lex_string(s, pos, b->len, &x)) != DGS_STR_END) {
		if (b->strict || r > DGS_STR_BAD_UTF8)
			return -1;
		pos = x.next;
	}
	*n = x.at - *off;
	*esc = x.esc;
	b->pos = x.next;
	return 0;
}

/* The slots for shared strings of a text of len bytes; 0 when out of
 * memory (nothing is shared then). */
static size_t
strs_alloc(struct dgs_keys *ks, size_t len)
{
	size_t n = STRMIN;

	while (n < STRMAX && n * STRTEXT < len)
		n *= 2;
	if ((ks->strs = calloc(n, sizeof(*ks->strs))) != NULL)
		ks->nstrs = n;
	return ks->nstrs;
}

/* A string object of text s[0..n): the shared one when its text is in
 * the cache, else a new one that takes the slot.  NULL when out of
 * memory. */
static struct json_object *
string_object(struct builder *b, const char *s, size_t n)
{
	struct dgs_keys *ks = b->keys;
	struct strslot *e;
	struct json_object *v;
	uint64_t h;

	if (n > STRSHARED || (ks->strs == NULL && strs_alloc(ks, b->len) == 0))
		return json_object_new_string_len(s, (int)n);
	h = dgs_hash(s, n);
	e = &ks->strs[h & (ks->nstrs - 1)];
	if (e->v != NULL && e->h == h && e->len == n &&
	    memcmp(e->s, s, n) == 0)
		return json_object_get(e->v);
	if ((v = json_object_new_string_len(s, (int)n)) == NULL)
		return NULL;
	json_object_put(e->v);
	e->v = json_object_get(v);
	e->s = json_object_get_string(v);
	e->len = n;
	e->h = h;
	return v;
}

static struct json_object *
string_value(struct builder *b)
{
	struct json_object *v;
	size_t off, n;
	int esc;

	if (string_body(b, &off, &n, &esc) != 0) {
		b->stop = 1;
		return NULL;
	}
	if (!esc)
		v = string_object(b, b->s + off, n);
	else {
		dgs_decode_string(&b->tmp, b->s + off, n);
		if (b->tmp.oom)
			v = NULL;
		else
			v = string_object(b, b->tmp.s, b->tmp.len);
	}
	if (v == NULL)
		b->stop = DGS_ENOMEM;
	return v;
}

/* false or true, shared like strings. */
static struct json_object *
bool_value(struct dgs_keys *ks, int t)
{
	if (ks->bools[t] == NULL &&
	    (ks->bools[t] = json_object_new_boolean(t)) == NULL)
		return NULL;
	return json_object_get(ks->bools[t]);
}

static const char *
member_name(struct builder *b)
{
	const char *k;
	size_t off, n;
	int esc;

	if (b->pos >= b->len || b->s[b->pos] != '"' ||
	    string_body(b, &off, &n, &esc) != 0) {
		b->stop = 1;
		return NULL;
	}
	if (!esc)
		k = intern(b->keys, b->s + off, n);
	else {
		/* A name with U+0000: json-nul-in-name. */
		if (b->strict && dgs_nul_escape(b->s + off, n) < n) {
			b->stop = 1;
			return NULL;
		}
		dgs_decode_string(&b->tmp, b->s + off, n);
		k = b->tmp.oom ? NULL : intern(b->keys, b->tmp.s, b->tmp.len);
	}
	if (k == NULL)
		b->stop = DGS_ENOMEM;
	return k;
}

/* json-c's own object of the number s[start..start + len), made by its
 * tokenizer (for the numbers json-c versions make differently, and those
 * the builder does not read itself), or NULL with b->stop set. */
static struct json_object *
json_c_number(struct builder *b, size_t start, size_t len)
{
	struct json_object *v;

	if (b->tok == NULL && (b->tok = json_tokener_new()) == NULL) {
		b->stop = DGS_ENOMEM;
		return NULL;
	}
	json_tokener_reset(b->tok);
	json_tokener_set_flags(b->tok, JSON_TOKENER_STRICT);
	v = json_tokener_parse_ex(b->tok, b->s + start, (int)len);
	/* A number at the end of the input needs a terminator. */
	if (v == NULL &&
	    json_tokener_get_error(b->tok) == json_tokener_continue)
		v = json_tokener_parse_ex(b->tok, "", 1);
	if (json_tokener_get_error(b->tok) != json_tokener_success ||
	    (!json_object_is_type(v, json_type_int) &&
	    !json_object_is_type(v, json_type_double))) {
		json_object_put(v);
		b->stop = 1;
		return NULL;
	}
	return v;
}

/* A number, as json-c 0.13 to 0.18 make it: an integer without '.',
 * 'e' or 'E' (int64, or uint64 above INT64_MAX), otherwise a double that
 * keeps its text.  An integer out of 64-bit range, a double out of range
 * (json-number-range, where the strict build stops) or of 64 characters
 * or more, or any double when the C library's radix character is not
 * '.', is left to json-c, that number alone: the tree is json-c's, and
 * its member names the builder's. */
static struct json_object *
number_value(struct builder *b)
{
	const char *s = b->s;
	size_t start = b->pos, len;
	struct dgs_lexnum n;
	uint64_t u;
	char text[64], *end;
	double x;
	struct json_object *v;

	if (dgs_lex_number((const unsigned char *)s, start, b->len, &n) !=
	    DGS_NUM_OK) {
		b->stop = 1;
		return NULL;
	}
	b->pos = n.end;
	len = n.end - start;
	u = n.u;
	if (!n.isfloat) {
		if (b->strict && dgs_lex_int_big(&n)) {
			b->stop = 1;
			return NULL;
		}
		if (n.over || (n.neg && u > (uint64_t)INT64_MAX + 1))
			return json_c_number(b, start, len);
		if (n.neg)
			v = json_object_new_int64(u == (uint64_t)INT64_MAX + 1 ?
			    INT64_MIN : -(int64_t)u);
		else if (u <= INT64_MAX)
			v = json_object_new_int64((int64_t)u);
		else
			v = json_object_new_uint64(u);
	} else {
		if (b->strict && dgs_lex_double_range((const unsigned char *)s,
		    start, &n) != DGS_RANGE_OK) {
			b->stop = 1;
			return NULL;
		}
		if (!b->keys->radix || len >= sizeof(text))
			return json_c_number(b, start, len);
		memcpy(text, s + start, len);
		text[len] = '\0';
		errno = 0;
		x = strtod(text, &end);
		/* Out of range, or below the normal doubles. */
		if (errno == ERANGE || !isfinite(x))
			return json_c_number(b, start, len);
		v = json_object_new_double_s(x, text);
	}
	if (v == NULL)
		b->stop = DGS_ENOMEM;
	return v;
}

/* Member names added to the object being built, to tell a duplicate
 * name (json-c replaces its value) without a lookup: interned names are
 * equal when their pointers are.  Larger objects let json-c look.
 * (Callgrind, the 2,000 files at -j 1: with json-c looking up every
 * name, 6.5% more instructions, 3,033 M against 2,849 M.) */
#define NAMES_SEEN	16

static struct json_object *value(struct builder *);

/* Whether the next byte is c (after white space, strictly), which is
 * then passed. */
static int
expect(struct builder *b, char c)
{
	skip_ws(b);
	if (b->pos < b->len && b->s[b->pos] == c) {
		b->pos++;
		return 1;
	}
	return 0;
}

static struct json_object *
object_value(struct builder *b)
{
	struct json_object *obj, *v;
	const char *k, *seen[NAMES_SEEN];
	struct lh_table *t;
	size_t n = 0, i;
	unsigned opts;
	int rc;

	if ((obj = json_object_new_object()) == NULL) {
		b->stop = DGS_ENOMEM;
		return NULL;
	}
	b->pos++;
	if (expect(b, '}'))
		return obj;
	for (;;) {
		if ((k = member_name(b)) == NULL)
			break;
		if (!expect(b, ':')) {
			b->stop = 1;	/* only when strict */
			break;
		}
		skip_ws(b);
		v = value(b);
		if (b->stop) {
			json_object_put(v);
			break;
		}
		opts = JSON_C_OBJECT_ADD_CONSTANT_KEY;
		if (n < NAMES_SEEN) {
			for (i = 0; i < n && seen[i] != k; i++)
				continue;
			if (i == n) {
				opts |= JSON_C_OBJECT_ADD_KEY_IS_NEW;
				seen[n++] = k;
			}
		} else if (b->strict && !json_object_object_get_ex(obj, k,
		    NULL))
			opts |= JSON_C_OBJECT_ADD_KEY_IS_NEW;
		if (b->strict && !(opts & JSON_C_OBJECT_ADD_KEY_IS_NEW)) {
			json_object_put(v);	/* a duplicate name */
			b->stop = 1;
			break;
		}
		if (opts & JSON_C_OBJECT_ADD_KEY_IS_NEW) {
			t = json_object_get_object(obj);
			rc = lh_table_insert_w_hash(t, k, v,
			    name_hash(b->keys, t, k), opts);
		} else
			rc = json_object_object_add_ex(obj, k, v, opts);
		if (rc != 0) {
			json_object_put(v);
			b->stop = DGS_ENOMEM;
			break;
		}
		if (expect(b, '}'))
			return obj;
		if (!expect(b, ',')) {
			b->stop = 1;
			break;
		}
		skip_ws(b);
	}
	json_object_put(obj);
	return NULL;
}

/* Records where an element of the root array starts (end 0) or ends. */
static void
span(struct builder *b, int end)
{
	if (dgs_spans_add(b->spans, b->pos, end) != 0)
		b->stop = DGS_ENOMEM;
}

static struct json_object *
array_value(struct builder *b)
{
	struct json_object *arr, *v;
	int root = b->spans != NULL && b->depth == 1;

	if ((arr = json_object_new_array()) == NULL) {
		b->stop = DGS_ENOMEM;
		return NULL;
	}
	b->pos++;
	if (expect(b, ']'))
		return arr;
	for (;;) {
		skip_ws(b);
		if (root)
			span(b, 0);
		v = b->stop ? NULL : value(b);
		if (b->stop) {
			json_object_put(v);
			break;
		}
		if (root)
			span(b, 1);
		if (json_object_array_add(arr, v) != 0) {
			json_object_put(v);
			b->stop = DGS_ENOMEM;
			break;
		}
		if (expect(b, ']'))
			return arr;
		if (!expect(b, ',')) {
			b->stop = 1;
			break;
		}
	}
	json_object_put(arr);
	return NULL;
}

/* The value at b->pos (not whitespace); NULL for null, or with b->stop
 * set.  Nesting is at most DGS_MAX_DEPTH: the scanner saw to that, or
 * (strict) the builder does. */
static struct json_object *
value(struct builder *b)
{
	const char *s = b->s + b->pos;
	size_t n;
	struct json_object *v;

	if (b->pos >= b->len) {
		b->stop = 1;
		return NULL;
	}
	switch (*s) {
	case '{':
	case '[':
		if (++b->depth > DGS_MAX_DEPTH) {
			b->stop = 1;
			return NULL;
		}
		v = *s == '{' ? object_value(b) : array_value(b);
		b->depth--;
		return v;
	case '"':
		return string_value(b);
	case 't':
	case 'f':
	case 'n':
		if ((n = dgs_lex_word((const unsigned char *)b->s, b->pos,
		    b->len)) == 0) {
			b->stop = 1;
			return NULL;
		}
		b->pos += n;
		if (*s == 'n')
			return NULL;
		if ((v = bool_value(b->keys, *s == 't')) == NULL)
			b->stop = DGS_ENOMEM;
		return v;
	default:
		return number_value(b);
	}
}

int
dgs_build_doc(struct dgs_keys *keys, const char *buf, size_t len,
    struct json_object **out, struct dgs_spans *spans)
{
	struct builder b;

	memset(&b, 0, sizeof(b));
	b.s = buf;
	b.len = len;
	b.keys = keys;
	b.strict = 1;
	b.spans = spans;
	spans->n = 0;
	skip_ws(&b);
	*out = value(&b);
	if (!b.stop) {
		skip_ws(&b);
		if (b.pos != len)
			b.stop = 1;	/* more after the value */
	}
	dgs_buf_free(&b.tmp);
	if (b.tok != NULL)
		json_tokener_free(b.tok);
	if (b.stop) {
		json_object_put(*out);
		*out = NULL;
		spans->n = 0;
	}
	return b.stop;
}

int
dgs_build(struct dgs_keys *keys, const char *buf, size_t len, size_t pos,
    struct json_object **out)
{
	struct builder b;

	memset(&b, 0, sizeof(b));
	b.s = buf;
	b.len = len;
	b.keys = keys;
	b.pos = pos;
	skip_ws(&b);
	*out = value(&b);
	dgs_buf_free(&b.tmp);
	if (b.tok != NULL)
		json_tokener_free(b.tok);
	if (b.stop) {
		json_object_put(*out);
		*out = NULL;
	}
	return b.stop;
}

/*
 * The builder's promise, for tests and the fuzzer.
 */
/* Whether a[0..an) and b[0..bn) are the same text, U+0000 being a NUL on
 * one side (json-c's) and C0 80 on the other (the builder's). */
static int
same_text(const char *a, size_t an, const char *b, size_t bn)
{
	size_t i = 0, j = 0;

	while (i < an && j < bn) {
		if (a[i] == b[j])
			i++, j++;
		else if (a[i] == '\0' && bn - j >= 2 &&
		    memcmp(b + j, DGS_NUL_HELD, 2) == 0)
			i++, j += 2;
		else if (b[j] == '\0' && an - i >= 2 &&
		    memcmp(a + i, DGS_NUL_HELD, 2) == 0)
			i += 2, j++;
		else
			return 0;
	}
	return i == an && j == bn;
}

int
dgs_tree_same(struct json_object *a, struct json_object *b)
{
	struct lh_entry *ea, *eb;
	double x, y;
	size_t i, n;

	if (a == NULL || b == NULL)
		return a == b;
	if (json_object_get_type(a) != json_object_get_type(b))
		return 0;
	switch (json_object_get_type(a)) {
	case json_type_boolean:
		return json_object_get_boolean(a) == json_object_get_boolean(b);
	case json_type_double:
		x = json_object_get_double(a);
		y = json_object_get_double(b);
		return memcmp(&x, &y, sizeof(x)) == 0 &&
		    strcmp(json_object_to_json_string(a),
		    json_object_to_json_string(b)) == 0;
	case json_type_int:
		return json_object_get_int64(a) == json_object_get_int64(b) &&
		    json_object_get_uint64(a) == json_object_get_uint64(b);
	case json_type_string:
		return same_text(json_object_get_string(a),
		    (size_t)json_object_get_string_len(a),
		    json_object_get_string(b),
		    (size_t)json_object_get_string_len(b));
	case json_type_object:
		if (json_object_object_length(a) !=
		    json_object_object_length(b))
			return 0;
		/* The same names in the same order, each found by json-c's
		 * hashed lookup too (the builder inserts with its own copy
		 * of the hash). */
		for (ea = json_object_get_object(a)->head,
		    eb = json_object_get_object(b)->head;
		    ea != NULL && eb != NULL; ea = ea->next, eb = eb->next)
			if (strcmp(lh_entry_k(ea), lh_entry_k(eb)) != 0 ||
			    lh_table_lookup_entry(json_object_get_object(a),
			    lh_entry_k(ea)) != ea ||
			    lh_table_lookup_entry(json_object_get_object(b),
			    lh_entry_k(eb)) != eb ||
			    !dgs_tree_same((struct json_object *)lh_entry_v(ea),
			    (struct json_object *)lh_entry_v(eb)))
				return 0;
		return ea == NULL && eb == NULL;
	case json_type_array:
		if ((n = json_object_array_length(a)) !=
		    json_object_array_length(b))
			return 0;
		for (i = 0; i < n; i++)
			if (!dgs_tree_same(json_object_array_get_idx(a, i),
			    json_object_array_get_idx(b, i)))
				return 0;
		return 1;
	default:
		return 1;
	}
}

int
dgs_json_parse_text(const char *buf, size_t len, struct json_object **root,
    const char **what, unsigned long *line, unsigned long *col)
{
	struct json_tokener *tok;
	enum json_tokener_error jerr;
	size_t start = 0, end, i;

	*root = NULL;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	if (dgs_lex_ws((const unsigned char *)buf, start, len) == len)
		return DGS_JSON_EMPTY;
	if (len - start > 0x7fffffff)
		return DGS_JSON_TOO_LARGE;
	if ((tok = json_tokener_new()) == NULL)
		return DGS_ENOMEM;
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	*root = json_tokener_parse_ex(tok, buf + start, (int)(len - start));
	jerr = json_tokener_get_error(tok);
	end = start + json_tokener_get_parse_end(tok);
	if (*root == NULL && jerr == json_tokener_continue)
		jerr = json_tokener_error_parse_eof;
	else if (jerr == json_tokener_success) {
		/* Only white space may follow. */
		end = dgs_lex_ws((const unsigned char *)buf, end, len);
		if (end < len) {
			json_object_put(*root);
			*root = NULL;
			jerr = json_tokener_error_parse_unexpected;
		}
	}
	json_tokener_free(tok);
	if (jerr == json_tokener_success)
		return 0;
	*what = json_tokener_error_desc(jerr);
	*line = *col = 1;
	for (i = start; i < end && i < len; i++) {
		if (buf[i] == '\n') {
			++*line;
			*col = 1;
		} else if (((unsigned char)buf[i] & 0xc0) != 0x80)
			++*col;
	}
	return DGS_JSON_SYNTAX;
}
