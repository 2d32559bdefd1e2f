/*
 * privacy.c: privacy coverage.  Each column of a schema snapshot is
 * given a protection status as Tonic Structural's Privacy Hub gives it
 * (https://docs.tonic.ai/app/generation/privacy-hub): protected (a
 * generator other than Passthrough is assigned), at risk (sensitive, and
 * no generator or Passthrough), or not sensitive.  A column is sensitive
 * when its name and data type are those of a built-in sensitivity type
 * (sensitivity.def: the patterns are dgslint's own inference).  A
 * foreign key inherits the generator of the column it references:
 * "Tonic Structural then automatically applies the same generator to all
 * foreign key columns that reference the primary key."
 * (https://docs.tonic.ai/app/generation/generators/generator-types/primary-key-generators).
 *
 * The patterns are compiled once for the process, the one every column
 * meets with PCRE2's JIT where it is built, and matched against a
 * column's name as words (words()).
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "privacy.h"
#include "dgs_text.h"

/* Under valgrind the JIT's code reads as uninitialised memory (PCRE2 is
 * built without its valgrind support): the interpreter then, which gives
 * the same answers.  The header only asks valgrind; nothing is linked. */
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define UNDER_VALGRIND()	RUNNING_ON_VALGRIND
#endif
#endif
#ifndef UNDER_VALGRIND
#define UNDER_VALGRIND()	0
#endif

#define RECOMMEND(g, m, p, s)	g, m, p, s
#define NO_RECOMMENDATION	NULL, NULL, NULL, NULL
const struct dgs_sensitivity_info dgs_sensitivity[DGS_ST_MAX] = {
#define DGS_SENSITIVITY(e, name, fam, with, rec, pat, page, sent) \
	{ name, fam, with, rec, pat, page, sent },
#include "sensitivity.def"
#undef DGS_SENSITIVITY
};
#undef RECOMMEND
#undef NO_RECOMMENDATION

static const struct dgs_sensitivity_info marked_sensitive = {
	"Marked sensitive", F_TEXT | F_INT | F_DATE | F_BINARY, 0,
	NULL, NULL, NULL, NULL, NULL, NULL, NULL
};

const struct dgs_sensitivity_info *
privacy_type(int t, const struct dgs_column_mark *m,
    struct dgs_sensitivity_info *tmp)
{
	if (t != DGS_ST_MARKED)
		return &dgs_sensitivity[t];
	*tmp = marked_sensitive;
	if (m != NULL && m->type != NULL)
		tmp->name = m->type;
	if (m != NULL)
		tmp->generator = m->generator;
	return tmp;
}

/* What the user says of column c of table t: DGS_MARK_*, and with
 * DGS_MARK_SENSITIVE, its type and generator in *m (else zeroed). */
static int
mark_of(const struct dgs_options *o, const struct dgs_snapshot *s,
    const struct dgs_snapshot_table *t, const struct dgs_snapshot_col *c,
    struct dgs_column_mark *m)
{
	int r;

	memset(m, 0, sizeof(*m));
	if (o == NULL || o->mark == NULL)
		return DGS_MARK_NONE;
	r = o->mark(o->mark_arg, dgs_snapshot_str(s, t->schema),
	    dgs_snapshot_str(s, t->name), dgs_snapshot_str(s, c->name),
	    dgs_snapshot_str(s, c->type), m);
	if (r != DGS_MARK_SENSITIVE)
		memset(m, 0, sizeof(*m));
	return r == DGS_MARK_SENSITIVE || r == DGS_MARK_NOT_SENSITIVE ? r :
	    DGS_MARK_NONE;
}

/* Who recommends type t's generator, for a message. */
static const char *
recommends(int t)
{
	return t == DGS_ST_MARKED ? "; the configuration's rule recommends " :
	    "; Tonic recommends ";
}

/* Why a column is of type st (its mark m, or NULL), for a message:
 * "Email Address by its name (dgslint's pattern /.../)", of a custom
 * sensitivity rule, or marked. */
static void
why_type(char *buf, size_t size, const struct dgs_sensitivity_info *st,
    const struct dgs_column_mark *m)
{
	if (st->pattern != NULL)
		snprintf(buf, size, "%s by its name (dgslint's pattern /%s/)",
		    st->name, st->pattern);
	else if (m != NULL && m->type != NULL)
		snprintf(buf, size, "%s by the configuration's custom "
		    "sensitivity rule of that name (\"sensitivityRules\" in "
		    ".dgslint.json)", st->name);
	else
		snprintf(buf, size, "marked sensitive by the configuration "
		    "(\"sensitive\" in .dgslint.json)");
}

/*
 * What no built-in type is, whatever else its name says (dgslint's
 * inference): a name whose last word says the column is about a record
 * (its key, a count or total, a type or status, a flag, a time of the
 * record), or whose first word makes it a flag or a count (is_, has_,
 * num_).
 */
#define NOT_PERSONAL \
	"(?:^|_)(?:id|ids|key|keys|pk|fk|uuid|guid|count|cnt|total|sum|" \
	"amount|qty|quantity|flag|flags|type|types|kind|status|length|len|" \
	"size|format|verified|valid|validated|enabled|active|updated|" \
	"created|modified|deleted|url|uri|template|pattern|regex|mask|" \
	"policy|rule|label|prefix|suffix|domain|at|ts|version|rank|order|" \
	"sort|seq|index|idx|score|rating|level|hash_id|opt_?in|opt_?out|" \
	"consent|visible|public|private|required)$|" \
	"^(?:is|has|can|should|allow|num|n|max|min|avg)_"
/* The tables of people (or a list or view of them), where a bare
 * "name" is a person's full name (dgslint's inference); elsewhere (a
 * category, a language, an album) it is not personal. */
#define PERSON_TABLE \
	"(?:^|_)(?:customers?|persons?|people|users?|employees?|staffs?|" \
	"patients?|members?|contacts?|clients?|students?|drivers?|" \
	"passengers?|guests?|applicants?|subscribers?|account_?holders?|" \
	"profiles?|individuals?|candidates?|donors?|tenants?|residents?)" \
	"(?:_(?:list|info|view|details?))?$"

/* The compiled patterns, once for the process: a pattern is read-only
 * and shared between threads; each caller has its match data. */
static pthread_once_t	 re_once = PTHREAD_ONCE_INIT;
static pcre2_code	*type_re[DGS_ST_MAX];
static pcre2_code	*not_personal_re, *person_table_re, *any_re;
static int		 re_failed;

/*
 * Whether each top-level alternative of pattern starts with "^" or
 * "(?:^|_)": then a match starts at a name's start or at one of its
 * underscores, nowhere else, and the pattern is compiled anchored and
 * tried at those places alone (matches()), not at every byte: a lint
 * with a snapshot classifies every column of each table it configures,
 * and an unanchored alternation of thirty patterns tried at each of a
 * name's bytes was most of that cost.
 */
int
privacy_word_anchored(const char *pattern)
{
	const char *p = pattern;
	int depth = 0, class = 0, start = 1;

	for (; *p != '\0'; p++) {
		if (start) {
			if (*p != '^' && strncmp(p, "(?:^|_)", 7) != 0)
				return 0;
			start = 0;
		}
		if (*p == '\\') {
			if (*++p == '\0')
				return 0;
		} else if (class) {
			class = *p != ']';
		} else if (*p == '[') {
			class = 1;
			if (p[1] == ']' || (p[1] == '^' && p[2] == ']'))
				p += p[1] == ']' ? 1 : 2;
		} else if (*p == '(')
			depth++;
		else if (*p == ')')
			depth--;
		else if (*p == '|' && depth == 0)
			start = 1;
	}
	return !start;
}

/* Compiled, and with PCRE2's JIT when jit is set: each JIT-compiled
 * pattern takes executable memory of its own (64 KB), so only the
 * patterns every column meets are. */
static pcre2_code *
compile(const char *pattern, int jit)
{
	pcre2_code *re;
	PCRE2_SIZE off;
	int err;

	re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
	    privacy_word_anchored(pattern) ? PCRE2_ANCHORED : 0, &err, &off,
	    NULL);
	if (re == NULL) {
		/* The patterns are this file's: testdata says so at once. */
		re_failed = 1;
		return NULL;
	}
	/* JIT is optional: without it the interpreter gives the same
	 * answers. */
	if (jit && !UNDER_VALGRIND())
		(void)pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
	return re;
}

static void
re_init(void)
{
	size_t i;

	struct dgs_buf b = { 0 };

	for (i = 0; i < DGS_ST_MAX; i++) {
		type_re[i] = compile(dgs_sensitivity[i].pattern, 0);
		dgs_buf_addf(&b, "%s%s", i ? "|" : "",
		    dgs_sensitivity[i].pattern);
	}
	/* Every type's pattern in one, which most names match nowhere:
	 * one match a column, then the types' one by one for the few.
	 * Their alternatives side by side, not each type's in a group, so
	 * that the whole is anchored as each is. */
	dgs_buf_adds(&b, "|^name$");
	if (b.oom)
		re_failed = 1;
	else
		any_re = compile(b.s, 1);
	dgs_buf_free(&b);
	not_personal_re = compile(NOT_PERSONAL, 0);
	person_table_re = compile(PERSON_TABLE, 1);
}

/* Whether re matches s (a name as words()): an anchored pattern is
 * tried at its start and at each underscore (privacy_word_anchored()). */
static int
matches(const pcre2_code *re, const char *s, size_t len,
    pcre2_match_data *md)
{
	const char *u;
	uint32_t opts;
	size_t off = 0;

	if (re == NULL)
		return 0;
	if (pcre2_pattern_info(re, PCRE2_INFO_ARGOPTIONS, &opts) != 0 ||
	    !(opts & PCRE2_ANCHORED))
		return pcre2_match(re, (PCRE2_SPTR)s, len, 0, 0, md, NULL) >= 0;
	for (;;) {
		if (pcre2_match(re, (PCRE2_SPTR)s, len, off, 0, md, NULL) >= 0)
			return 1;
		if (off + 1 >= len ||
		    (u = memchr(s + off + 1, '_', len - off - 1)) == NULL)
			return 0;
		off = (size_t)(u - s);
	}
}

/*
 * A name as words: lower case, words joined by one underscore, a word
 * starting at an upper-case letter after a lower-case one or a digit
 * (firstName, FirstName), or at the last of a run of capitals before a
 * lower-case letter (IPAddress: ip_address); any other character than a
 * letter or a digit separates words.  Returns its length, 0 when it
 * does not fit in size or has no word.
 */
static size_t
words(char *out, size_t size, const char *name)
{
	const unsigned char *p = (const unsigned char *)name;
	size_t n = 0;
	int prev = 0;	/* 0 start or separator, 1 lower/digit, 2 upper */
	unsigned char c;

	for (; *p != '\0'; p++) {
		c = *p;
		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9'))) {
			if (n > 0 && out[n - 1] != '_') {
				if (n + 1 >= size)
					return 0;
				out[n++] = '_';
			}
			prev = 0;
			continue;
		}
		if (c >= 'A' && c <= 'Z') {
			if (prev == 1 || (prev == 2 && p[1] >= 'a' &&
			    p[1] <= 'z')) {
				if (n + 1 >= size)
					return 0;
				out[n++] = '_';
			}
			c = (unsigned char)(c + 32);
			prev = 2;
		} else
			prev = 1;
		if (n + 1 >= size)
			return 0;
		out[n++] = (char)c;
	}
	while (n > 0 && out[n - 1] == '_')
		n--;
	out[n] = '\0';
	return n;
}

/* Whether column words w are the name of table words t, or of one of
 * its rows (city in cities, country in countries): a list of cities,
 * not anyone's address. */
static int
names_table(const char *w, size_t wl, const char *t, size_t tl)
{
	if (wl == tl && memcmp(w, t, wl) == 0)
		return 1;
	if (tl == wl + 1 && t[wl] == 's' && memcmp(w, t, wl) == 0)
		return 1;
	return wl > 0 && tl == wl + 2 && w[wl - 1] == 'y' &&
	    memcmp(w, t, wl - 1) == 0 && memcmp(t + wl - 1, "ies", 3) == 0;
}

/*
 * The types whose patterns name words w (wl bytes) matches, a bit each
 * (1 << DGS_ST_*), 0 when none or when the name is not personal, kept in
 * cache c (or NULL) for the names met again.  A database repeats its
 * column names from table to table (id, name, created_at, email), and
 * matching them was what a lint with a snapshot paid most for privacy:
 * the cache has two slots a hash, so its memory is bounded whatever the
 * snapshot's size.
 */
#define NAME_SLOTS	2048
#define NAME_MAX_LEN	39
struct name_cache {
	struct {
		uint32_t	types;
		unsigned char	len;	/* 0: empty */
		char		w[NAME_MAX_LEN];
	} slot[NAME_SLOTS];
};

_Static_assert(DGS_ST_MAX <= 32, "a type a bit of a uint32_t");

static uint32_t
name_types(const char *w, size_t wl, pcre2_match_data *md,
    struct name_cache *c)
{
	uint32_t h = 2166136261u, types = 0;
	size_t i, k = 0, j;

	/* Two slots a hash (k and its neighbour): two names of one table
	 * that share a slot do not push each other out at every table. */
	if (c != NULL && wl <= NAME_MAX_LEN) {
		for (i = 0; i < wl; i++)
			h = (h ^ (unsigned char)w[i]) * 16777619u;
		k = h & (NAME_SLOTS - 1);
		for (j = 0; j < 2; j++)
			if (c->slot[k ^ j].len == wl &&
			    memcmp(c->slot[k ^ j].w, w, wl) == 0)
				return c->slot[k ^ j].types;
	}
	if (matches(any_re, w, wl, md) && !matches(not_personal_re, w, wl, md))
		for (i = 0; i < DGS_ST_MAX; i++)
			if (matches(type_re[i], w, wl, md))
				types |= 1u << i;
	if (c != NULL && wl <= NAME_MAX_LEN) {
		/* The newest in k, the one it displaces in the other. */
		if (c->slot[k].len != 0)
			c->slot[k ^ 1] = c->slot[k];
		c->slot[k].types = types;
		c->slot[k].len = (unsigned char)wl;
		memcpy(c->slot[k].w, w, wl);
	}
	return types;
}

/* The sensitivity type of column col of type family f in table (words
 * tw, tl; person: a table of people), or -1: the first type in
 * sensitivity.def's order whose pattern the name matches and whose
 * families hold f.  WITH types are given, and dropped by the caller
 * when the table has no location column. */
static int
classify(const char *col, enum db_family f, const char *tw, size_t tl,
    int person, pcre2_match_data *md, struct name_cache *c)
{
	char w[256];
	size_t wl, i;
	uint32_t types;

	if ((wl = words(w, sizeof(w), col)) == 0)
		return -1;
	/* A bare name: a person's in a table of people (any_re has it;
	 * it is no type's and never not personal). */
	if (wl == 4 && memcmp(w, "name", 4) == 0)
		return person && (F_TEXT & (1u << f)) ? DGS_ST_FULL_NAME : -1;
	if ((types = name_types(w, wl, md, c)) == 0)
		return -1;
	for (i = 0; i < DGS_ST_MAX; i++)
		if ((dgs_sensitivity[i].families & (1u << f)) &&
		    (types & (1u << i)))
			break;
	/* A list of places (the city column of a table of cities) is
	 * nobody's address. */
	if (i == DGS_ST_MAX || ((i == DGS_ST_CITY || i == DGS_ST_STATE ||
	    i == DGS_ST_COUNTRY) && names_table(w, wl, tw, tl)))
		return -1;
	return (int)i;
}

static int
is_location(int type)
{
	return type == DGS_ST_STREET_ADDRESS || type == DGS_ST_ZIP ||
	    type == DGS_ST_PO_BOX || type == DGS_ST_CITY ||
	    type == DGS_ST_POSTAL_CODE;
}

/* The column a foreign key references, as the snapshot names it, or
 * NULL. */
static const struct dgs_snapshot_col *
referenced(const struct dgs_snapshot *s, const struct dgs_snapshot_col *c)
{
	const struct dgs_snapshot_table *t;
	const char *schema, *table, *col;
	uint32_t ref;
	int exact;

	if (c->fk != DGS_TRI_YES ||
	    (ref = dgs_snapshot_col_ref(s, c)) == DGS_SNAPSHOT_NONE)
		return NULL;
	schema = dgs_snapshot_str(s, ref);
	table = schema + strlen(schema) + 1;
	col = table + strlen(table) + 1;
	if ((t = dgs_snapshot_find_table(s, schema, table, &exact)) == NULL ||
	    !exact)
		return NULL;
	c = dgs_snapshot_find_col(s, t, col, &exact);
	return c != NULL && exact ? c : NULL;
}

static int
protects(const char *gid)
{
	return gid != NULL && strcmp(gid, "PassthroughGenerator") != 0;
}

/* The sensitivity type and the assigned generator of each column of
 * table t, into pc[k] for its k-th column, with the status they give
 * (not yet a foreign key's, which privacy_decide() resolves). */
static void
decide_table(const struct dgs_options *o, const struct dgs_snapshot *s,
    const struct dgs_snapshot_table *t, const struct db_configured *cf,
    struct privacy_col *pc, pcre2_match_data *md, struct name_cache *nc)
{
	const struct dgs_snapshot_col *c;
	char tw[256];
	size_t tl, k;
	uint32_t ci;
	int person, loc = 0;

	tl = words(tw, sizeof(tw), dgs_snapshot_str(s, t->name));
	person = tl > 0 && matches(person_table_re, tw, tl, md);
	for (ci = t->first, k = 0; ci != DGS_SNAPSHOT_NONE; ci = c->next, k++) {
		c = &s->cols[ci];
		memset(&pc[k], 0, sizeof(pc[k]));
		pc[k].from = DGS_SNAPSHOT_NONE;
		pc[k].type = classify(dgs_snapshot_str(s, c->name),
		    db_snapshot_family(s, c->type), tw, tl, person, md, nc);
		loc |= is_location(pc[k].type);
		pc[k].named = cf->n > 0 && db_configured_get(cf,
		    dgs_snapshot_str(s, t->schema), dgs_snapshot_str(s,
		    t->name), dgs_snapshot_str(s, c->name),
		    &pc[k].generator) != 0;
	}
	/* The user's word last: "notSensitive" wins over every type,
	 * "sensitive" gives a column no type names one. */
	for (ci = t->first, k = 0; ci != DGS_SNAPSHOT_NONE; ci = c->next, k++) {
		c = &s->cols[ci];
		if (pc[k].type >= 0 && dgs_sensitivity[pc[k].type].with && !loc)
			pc[k].type = -1;
		switch (pc[k].marked = (unsigned char)mark_of(o, s, t, c,
		    &pc[k].mark)) {
		case DGS_MARK_NOT_SENSITIVE:
			pc[k].type = -1;
			break;
		case DGS_MARK_SENSITIVE:
			if (pc[k].type < 0)
				pc[k].type = DGS_ST_MARKED;
			break;
		}
		pc[k].status = protects(pc[k].generator) ? PRIV_PROTECTED :
		    pc[k].type >= 0 ? PRIV_AT_RISK : PRIV_NOT_SENSITIVE;
	}
}

static pcre2_match_data *
match_data(void)
{
	(void)pthread_once(&re_once, re_init);
	return re_failed ? NULL : pcre2_match_data_create(4, NULL);
}

int
privacy_decide(const struct dgs_options *o, const struct dgs_snapshot *s,
    const struct db_configured *cf, struct privacy_col *cols)
{
	const struct dgs_snapshot_table *t;
	const struct dgs_snapshot_col *c, *r;
	struct privacy_col *pc, *tc;
	pcre2_match_data *md;
	struct name_cache *nc;
	size_t ti, i, k, depth;
	uint32_t ci, ri;

	if ((md = match_data()) == NULL)
		return DGS_ENOMEM;
	/* Without it (no memory), each name is matched. */
	nc = calloc(1, sizeof(*nc));
	/* A table's columns are contiguous in cols[] but when the
	 * snapshot lists them apart: decided in a scratch array, then put
	 * in their places. */
	for (ti = 0; ti < s->ntables; ti++) {
		t = &s->tables[ti];
		if (t->first == DGS_SNAPSHOT_NONE)
			continue;
		if (t->last - t->first + 1 == t->ncols) {
			decide_table(o, s, t, cf, &cols[t->first], md, nc);
			continue;
		}
		if ((tc = calloc(t->ncols, sizeof(*tc))) == NULL) {
			pcre2_match_data_free(md);
			free(nc);
			return DGS_ENOMEM;
		}
		decide_table(o, s, t, cf, tc, md, nc);
		for (ci = t->first, k = 0; ci != DGS_SNAPSHOT_NONE;
		    ci = s->cols[ci].next, k++)
			cols[ci] = tc[k];
		free(tc);
	}
	pcre2_match_data_free(md);
	free(nc);
	/* A foreign key is what the column it references is, through a
	 * chain of them (at most 16: a cycle stops there). */
	for (i = 0; i < s->ncols; i++) {
		c = &s->cols[i];
		if (c->fk != DGS_TRI_YES)
			continue;
		pc = &cols[i];
		for (r = c, depth = 0; depth < 16 && (r = referenced(s, r)) !=
		    NULL && r->fk == DGS_TRI_YES &&
		    dgs_snapshot_col_ref(s, r) != DGS_SNAPSHOT_NONE;
		    depth++)
			continue;
		if (r == NULL) {
			/* Its primary key not named: it inherits a generator
			 * dgslint cannot see, and is not judged. */
			pc->status = PRIV_NOT_SENSITIVE;
			pc->generator = NULL;
			continue;
		}
		ri = (uint32_t)(r - s->cols);
		pc->from = ri;
		pc->generator = cols[ri].generator;
		pc->type = cols[ri].type;
		pc->mark = cols[ri].mark;
		pc->status = cols[ri].status;
		/* Marked not sensitive itself: it keeps the generator it
		 * inherits, and no type. */
		if (pc->marked == DGS_MARK_NOT_SENSITIVE) {
			pc->type = -1;
			memset(&pc->mark, 0, sizeof(pc->mark));
			pc->status = protects(pc->generator) ? PRIV_PROTECTED :
			    PRIV_NOT_SENSITIVE;
		}
	}
	return 0;
}

/*
 * The report (dgs_privacy_report()).
 */
static void
add_str(struct dgs_buf *b, const char *name, const char *v)
{
	dgs_buf_addf(b, "\"%s\":", name);
	if (v == NULL)
		dgs_buf_adds(b, "null");
	else
		dgs_buf_add_json_str(b, v, strlen(v));
}

static const char *const status_names[] = {
	"not-sensitive", "protected", "at-risk"
};

/* Why column c has its status, into r (emptied first). */
static void
reason(struct dgs_buf *r, const struct dgs_snapshot *s,
    const struct dgs_snapshot_col *c, const struct privacy_col *pc)
{
	const struct dgs_snapshot_col *f;
	const struct dgs_snapshot_table *ft;
	struct dgs_sensitivity_info tmp;
	char why[512];

	r->len = 0;
	if (r->s != NULL)
		r->s[0] = '\0';
	if (pc->from != DGS_SNAPSHOT_NONE) {
		f = &s->cols[pc->from];
		ft = &s->tables[f->table];
		dgs_buf_addf(r, "a foreign key: it inherits the generator of "
		    "%s%s%s.%s, the column it references", s->document ? "" :
		    dgs_snapshot_str(s, ft->schema), s->document ? "" : ".",
		    dgs_snapshot_str(s, ft->name), dgs_snapshot_str(s,
		    f->name));
		if (pc->status == PRIV_AT_RISK)
			dgs_buf_addf(r, ", which is %s and has %s",
			    privacy_type(pc->type, &pc->mark, &tmp)->name,
			    pc->generator ?
			    "Passthrough" : "no generator");
		return;
	}
	if (pc->status == PRIV_PROTECTED)
		dgs_buf_addf(r, "%s is assigned", pc->generator);
	else if (pc->status == PRIV_AT_RISK && pc->type == DGS_ST_MARKED) {
		why_type(why, sizeof(why), privacy_type(pc->type, &pc->mark,
		    &tmp), &pc->mark);
		dgs_buf_addf(r, "%s, and %s", why, pc->generator != NULL ?
		    "Passthrough is assigned, which copies the real value" :
		    "no generator is assigned, so the real value is copied");
	} else if (pc->status == PRIV_AT_RISK)
		dgs_buf_addf(r, "the name \"%s\" matches dgslint's pattern of "
		    "%s /%s/ and the data type is \"%s\"; %s",
		    dgs_snapshot_str(s, c->name), dgs_sensitivity[pc->type].name,
		    dgs_sensitivity[pc->type].pattern, dgs_snapshot_str(s,
		    c->type), pc->generator != NULL ? "Passthrough is assigned, "
		    "which copies the real value" : "no generator is assigned, "
		    "so the real value is copied");
	else if (pc->marked == DGS_MARK_NOT_SENSITIVE)
		dgs_buf_adds(r, "marked not sensitive by the configuration "
		    "(\"notSensitive\")");
	else if (c->fk == DGS_TRI_YES)
		dgs_buf_adds(r, "a foreign key whose referenced column the "
		    "snapshot does not name");
}

struct tally {
	size_t	n[3];
};

static void
add_counts(struct dgs_buf *b, size_t cols, const struct tally *k)
{
	dgs_buf_addf(b, "\"columns\":%zu,\"protected\":%zu,"
	    "\"notSensitive\":%zu,\"atRisk\":%zu", cols,
	    k->n[PRIV_PROTECTED], k->n[PRIV_NOT_SENSITIVE], k->n[PRIV_AT_RISK]);
}

int
dgs_privacy_report(const struct dgs_options *o, const struct dgs_snapshot *s,
    const char *const *docs,
    const size_t *lens, size_t ndocs, char **out, size_t *outlen,
    size_t *at_risk)
{
	struct db_configured cf;
	struct privacy_col *cols = NULL;
	struct dgs_buf b = { 0 }, r = { 0 };
	struct dgs_sensitivity_info tmp;
	struct tally all, *per = NULL;
	const struct dgs_snapshot_table *t;
	const struct dgs_snapshot_col *c;
	const struct privacy_col *pc;
	size_t ti, n = 0;
	uint32_t ci;
	int rc = 0;

	*out = NULL;
	*outlen = 0;
	if (at_risk != NULL)
		*at_risk = 0;
	if (s == NULL)
		return DGS_EINVAL;
	if (dgs_snapshot_ready(s) != 0)
		return DGS_ECONFIG;
	memset(&cf, 0, sizeof(cf));
	memset(&all, 0, sizeof(all));
	db_configured_read(&cf, docs, lens, ndocs);
	if (cf.oom || (cols = calloc(s->ncols ? s->ncols : 1,
	    sizeof(*cols))) == NULL || (per = calloc(s->ntables ?
	    s->ntables : 1, sizeof(*per))) == NULL ||
	    privacy_decide(o, s, &cf, cols) != 0) {
		rc = DGS_ENOMEM;
		goto done;
	}
	dgs_buf_adds(&b, "{\"columns\":[");
	for (ti = 0; ti < s->ntables; ti++) {
		t = &s->tables[ti];
		for (ci = t->first; ci != DGS_SNAPSHOT_NONE; ci = c->next) {
			c = &s->cols[ci];
			pc = &cols[ci];
			all.n[pc->status]++;
			per[ti].n[pc->status]++;
			dgs_buf_adds(&b, n++ ? ",\n{" : "\n{");
			add_str(&b, "schema", dgs_snapshot_str(s, t->schema));
			dgs_buf_addc(&b, ',');
			add_str(&b, "table", dgs_snapshot_str(s, t->name));
			dgs_buf_addc(&b, ',');
			add_str(&b, "column", dgs_snapshot_str(s, c->name));
			dgs_buf_addc(&b, ',');
			add_str(&b, "dataType", dgs_snapshot_str(s, c->type));
			dgs_buf_addf(&b, ",\"status\":\"%s\",",
			    status_names[pc->status]);
			add_str(&b, "sensitivityType", pc->type >= 0 ?
			    privacy_type(pc->type, &pc->mark, &tmp)->name :
			    NULL);
			dgs_buf_addc(&b, ',');
			add_str(&b, "generator", pc->generator);
			dgs_buf_addc(&b, ',');
			add_str(&b, "recommendedGenerator", pc->status ==
			    PRIV_AT_RISK && pc->from == DGS_SNAPSHOT_NONE ?
			    privacy_type(pc->type, &pc->mark, &tmp)->generator :
			    NULL);
			dgs_buf_addc(&b, ',');
			reason(&r, s, c, pc);
			add_str(&b, "reason", r.len > 0 ? r.s : NULL);
			if (s->json_rows)
				dgs_buf_adds(&b, ",\"line\":null}");
			else
				dgs_buf_addf(&b, ",\"line\":%lu}",
				    (unsigned long)c->line);
		}
	}
	dgs_buf_adds(&b, n ? "\n],\"summary\":{" : "],\"summary\":{");
	add_counts(&b, n, &all);
	dgs_buf_adds(&b, ",\"tables\":[");
	for (ti = 0; ti < s->ntables; ti++) {
		t = &s->tables[ti];
		dgs_buf_adds(&b, ti ? ",\n{" : "\n{");
		add_str(&b, "schema", dgs_snapshot_str(s, t->schema));
		dgs_buf_addc(&b, ',');
		add_str(&b, "table", dgs_snapshot_str(s, t->name));
		dgs_buf_addc(&b, ',');
		add_counts(&b, t->ncols, &per[ti]);
		dgs_buf_addc(&b, '}');
	}
	dgs_buf_adds(&b, s->ntables ? "\n]}}\n" : "]}}\n");
	if (b.oom || r.oom)
		rc = DGS_ENOMEM;
done:
	db_configured_free(&cf);
	free(cols);
	free(per);
	dgs_buf_free(&r);
	if (rc != 0) {
		dgs_buf_free(&b);
		return rc;
	}
	if (at_risk != NULL)
		*at_risk = all.n[PRIV_AT_RISK];
	*out = b.s;
	*outlen = b.len;
	return 0;
}

/*
 * The rules (privacy.def): each replacement's table, once per document,
 * judged by what the document configures.
 */

/* The generators made for one kind of value (DGS823). */
static const char *const typed_generators[] = {
	"AddressGenerator", "CompanyNameGenerator", "EmailGenerator",
	"HipaaAddressGenerator", "IPAddressGenerator", "IbanGenerator",
	"InternationalAddressGenerator", "MACAddressGenerator",
	"NameGenerator", "SsnGenerator", "USPhoneNumberGenerator",
	"UniqueEmailGenerator"
};

static int
typed(const char *gid)
{
	size_t i;

	for (i = 0; i < sizeof(typed_generators) / sizeof(*typed_generators);
	    i++)
		if (strcmp(gid, typed_generators[i]) == 0)
			return 1;
	return 0;
}

/*
 * The document's state: for each table it configures (found once), its
 * first replacement; for each column of those tables, its type (TYPE_*
 * or DGS_ST_* + TYPE_BASE) and whether a link names it.  Arrays of the
 * snapshot's size, allocated at the first table (calloc(): pages never
 * touched cost nothing).
 */
#define TYPE_UNKNOWN	0	/* its table not configured */
#define TYPE_NONE	1	/* not sensitive */
#define TYPE_BASE	2
#define NAMED		0x80u	/* a link names it */

struct doc_state {
	unsigned char	*ctype;		/* per column */
	size_t		*first;		/* per table: first replacement + 1 */
	size_t		*tables;	/* the tables found, in order */
	char		**tkeys;	/* their `table` members, as spelt
					 * when not "table" (else NULL) */
	size_t		 ntables;
	pcre2_match_data *md;
	struct name_cache *nc;		/* or NULL: no memory for it */
};

static void
doc_state_free(void *p)
{
	struct doc_state *d = p;
	size_t i;

	for (i = 0; i < d->ntables; i++)
		free(d->tkeys[i]);
	free(d->tkeys);
	free(d->ctype);
	free(d->first);
	free(d->tables);
	if (d->md != NULL)
		pcre2_match_data_free(d->md);
	free(d->nc);
}

/* The types of table t's columns (foreign keys not sensitive: they
 * inherit), as decide_table() gives them. */
static int
decide_types(const struct dgs_options *o, const struct dgs_snapshot *s,
    const struct dgs_snapshot_table *t, struct doc_state *d)
{
	static const struct db_configured none;
	const struct dgs_snapshot_col *c;
	struct privacy_col *pc;
	uint32_t ci;
	size_t k;

	if ((pc = calloc(t->ncols, sizeof(*pc))) == NULL)
		return -1;
	decide_table(o, s, t, &none, pc, d->md, d->nc);
	for (ci = t->first, k = 0; ci != DGS_SNAPSHOT_NONE; ci = c->next, k++) {
		c = &s->cols[ci];
		d->ctype[ci] = (unsigned char)(pc[k].type < 0 ||
		    c->fk == DGS_TRI_YES ? TYPE_NONE : TYPE_BASE + pc[k].type);
	}
	free(pc);
	return 0;
}

/* What a replacement's link says of a sensitive column (DGS822, DGS823),
 * at its place below the replacement: the array lkey, the link li. */
static void
check_link(struct dgs_ctx *ctx, const struct dgs_snapshot_table *t,
    const struct dgs_snapshot_col *c, const char *col, int type,
    struct json_object *l, const char *lkey, size_t li)
{
	const struct dgs_sensitivity_info *st;
	struct dgs_sensitivity_info tmp;
	struct dgs_column_mark mark = { NULL, NULL };
	struct json_object *m;
	const char *mkey, *gid;
	char suffix[160], why[512];
	const char *prefix = "";

	/* A marked type's name and generator are the user's: asked again
	 * (ctype keeps only the type). */
	if (type == DGS_ST_MARKED)
		(void)mark_of(ctx->opts, ctx->opts->snapshot, t, c, &mark);
	st = privacy_type(type, &mark, &tmp);
	m = dgs_get_anycase(l, "metadata", &mkey);
	gid = dgs_is(m, json_type_object) ? dgs_get_str(m, "generatorId") :
	    NULL;
	if (gid == NULL || strcmp(gid, "PassthroughGenerator") == 0) {
		if (gid != NULL)
			snprintf(suffix, sizeof(suffix), "%s/%s/%zu/%s/"
			    "generatorId", prefix, lkey, li, mkey);
		else
			snprintf(suffix, sizeof(suffix), "%s/%s/%zu/column",
			    prefix, lkey, li);
		why_type(why, sizeof(why), st, type == DGS_ST_MARKED ? &mark :
		    NULL);
		dgs_report_suffix(ctx, DGS_R_PRIVACY_PASSTHROUGH,
		    DGS_AT_VALUE, suffix, -1, "column \"%s\" of table \"%s\" "
		    "is %s, and %s: the "
		    "service copies its real values into the output%s%s%s",
		    col, dgs_snapshot_str(ctx->opts->snapshot, t->name),
		    why, gid != NULL ? "this link assigns "
		    "Passthrough" : "this link assigns no generator",
		    st->generator != NULL ? recommends(type) : "",
		    st->generator != NULL ? st->generator : "",
		    st->generator != NULL ? " for it" : "");
	} else if (st->generator != NULL && strcmp(gid, st->generator) != 0 &&
	    typed(gid)) {
		snprintf(suffix, sizeof(suffix), "%s/%s/%zu/%s/generatorId",
		    prefix, lkey, li, mkey);
		dgs_report_suffix(ctx, DGS_R_PRIVACY_GENERATOR_TYPE,
		    DGS_AT_VALUE, suffix, -1, "column \"%s\" is %s by its name, "
		    "and %s makes another kind of value%s%s for it", col,
		    st->name, gid, recommends(type), st->generator);
	}
}

/* The replacement obj (the ri-th): its table found, decided the first
 * time, and each link that names a sensitive column checked and
 * marked.  0, or -1 when out of memory. */
static int
add_replacement(struct dgs_ctx *ctx, struct doc_state *d,
    struct json_object *obj, size_t ri)
{
	const struct dgs_snapshot *s = ctx->opts->snapshot;
	const struct dgs_snapshot_table *t;
	const struct dgs_snapshot_col *c;
	struct json_object *v, *l;
	const char *schema, *table, *lkey, *col, *tk;
	size_t ti, i, n;
	int exact;

	if ((table = dgs_get_str(obj, "table")) == NULL)
		return 0;
	schema = dgs_get_str(obj, "schema");
	if ((t = dgs_snapshot_find_table(s, schema ? schema : "", table,
	    &exact)) == NULL || !exact || t->ncols == 0)
		return 0;
	ti = dgs_snapshot_table_index(s, t);
	if (d->ctype == NULL && ((d->ctype = calloc(s->ncols, 1)) == NULL ||
	    (d->first = calloc(s->ntables, sizeof(*d->first))) == NULL ||
	    (d->tables = calloc(s->ntables, sizeof(*d->tables))) == NULL ||
	    (d->tkeys = calloc(s->ntables, sizeof(*d->tkeys))) == NULL))
		return -1;
	if (d->first[ti] == 0) {
		(void)dgs_get_anycase(obj, "table", &tk);
		d->first[ti] = ri + 1;
		/* Its spelling kept for the pointers, when not "table" (a
		 * large document has a replacement a table). */
		if (strcmp(tk, "table") != 0 &&
		    (d->tkeys[d->ntables] = strdup(tk)) == NULL)
			return -1;
		d->tables[d->ntables++] = ti;
		if (decide_types(ctx->opts, s, t, d) != 0)
			return -1;
	}
	if (!dgs_is(v = dgs_get_anycase(obj, "links", &lkey), json_type_array))
		return 0;
	n = json_object_array_length(v);
	for (i = 0; i < n; i++) {
		l = json_object_array_get_idx(v, i);
		/* A link of another table (link-table-mismatch) is left. */
		if (!dgs_is(l, json_type_object) ||
		    (col = dgs_get_str(l, "column")) == NULL ||
		    (c = dgs_snapshot_find_col(s, t, col, &exact)) == NULL ||
		    !exact)
			continue;
		if ((d->ctype[c - s->cols] & ~NAMED) >= TYPE_BASE)
			check_link(ctx, t, c, col, (d->ctype[c - s->cols] &
			    ~NAMED) - TYPE_BASE, l, lkey, i);
		d->ctype[c - s->cols] |= NAMED;
	}
	return 0;
}

/* The sensitive columns no link of the document names (DGS821), at
 * their table's first replacement: once the last replacement is
 * checked, at pointers from the root. */
static void
report_unnamed(struct dgs_ctx *ctx, struct doc_state *d, int single)
{
	const struct dgs_snapshot *s = ctx->opts->snapshot;
	const struct dgs_snapshot_table *t;
	const struct dgs_snapshot_col *c;
	const struct dgs_sensitivity_info *st;
	struct dgs_sensitivity_info tmp;
	struct dgs_column_mark mark = { NULL, NULL };
	char suffix[64], why[512];
	int type;
	size_t j, old = ctx->ptr.len;
	uint32_t ci;

	ctx->ptr.len = 0;
	for (j = 0; j < d->ntables; j++) {
		t = &s->tables[d->tables[j]];
		if (single)
			snprintf(suffix, sizeof(suffix), "/%s", d->tkeys[j] ?
			    d->tkeys[j] : "table");
		else
			snprintf(suffix, sizeof(suffix), "/%zu/%s",
			    d->first[d->tables[j]] - 1, d->tkeys[j] ?
			    d->tkeys[j] : "table");
		for (ci = t->first; ci != DGS_SNAPSHOT_NONE; ci = c->next) {
			c = &s->cols[ci];
			if (d->ctype[ci] < TYPE_BASE || (d->ctype[ci] & NAMED))
				continue;
			type = d->ctype[ci] - TYPE_BASE;
			if (type == DGS_ST_MARKED)
				(void)mark_of(ctx->opts, s, t, c, &mark);
			st = privacy_type(type, &mark, &tmp);
			why_type(why, sizeof(why), st, type == DGS_ST_MARKED ?
			    &mark : NULL);
			/* The fix names what Tonic recommends: not for a type
			 * of the configuration's. */
			if (type != DGS_ST_MARKED)
				privacy_fix_at_risk(ctx, single, s, t, c, st);
			dgs_report_suffix(ctx, DGS_R_PRIVACY_AT_RISK,
			    DGS_AT_VALUE, suffix, -1, "column \"%s\" (%s) of "
			    "table \"%s\" is %s, and no link assigns it a "
			    "generator: the service copies its real values into "
			    "the output%s%s"
			    "%s", dgs_snapshot_str(s, c->name),
			    dgs_snapshot_str(s, c->type), dgs_snapshot_str(s,
			    t->name), why, st->generator !=
			    NULL ? recommends(type) : "", st->generator !=
			    NULL ? st->generator : "", st->generator != NULL ?
			    " for it" : "");
		}
	}
	ctx->ptr.len = old;
}

/*
 * Each replacement, as the walk visits it (a large document's elements
 * are freed as it goes): its table's columns decided at its first
 * replacement, its links checked (DGS822, DGS823) and the columns they
 * name marked; at the root array's last element, the columns no link
 * named (DGS821).  The replacement's index is its pointer's token.
 */
void
dgs_chk_privacy(struct dgs_ctx *ctx, struct json_object *obj)
{
	const struct dgs_snapshot *s = ctx->opts->snapshot;
	struct doc_state *d;
	size_t ri = 0, n = 1;
	int single = ctx->ptr.len == 0;

	if (s == NULL || s->document || !dgs_is(obj, json_type_object) ||
	    (!single && (ctx->ptr.len < 2 || ctx->ptr.s[0] != '/' ||
	    strchr(ctx->ptr.s + 1, '/') != NULL)))
		return;
	if (!single) {
		ri = (size_t)strtoul(ctx->ptr.s + 1, NULL, 10);
		/* The root array's length as the walk of its elements as
		 * they are built knows it (lint.c, begin_walk()), streamed or
		 * not: the array itself holds only those built so far. */
		n = ctx->nelems > 0 ? ctx->nelems :
		    dgs_is(ctx->root, json_type_array) ?
		    json_object_array_length(ctx->root) : 0;
	}
	if ((d = dgs_state(ctx, DGS_NODE_REPLACEMENT, sizeof(*d),
	    doc_state_free)) == NULL)
		return;
	if (d->md == NULL && (d->md = match_data()) != NULL)
		d->nc = calloc(1, sizeof(*d->nc));
	if (d->md == NULL ||
	    add_replacement(ctx, d, obj, ri) != 0) {
		ctx->res->oom = 1;
		return;
	}
	if (ri + 1 == n && dgs_rule_planned(ctx, DGS_R_PRIVACY_AT_RISK))
		report_unnamed(ctx, d, single);
}
