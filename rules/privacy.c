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
 * The patterns are compiled once for the process, with PCRE2's JIT where
 * it is built, and matched against a column's name as words (words()).
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "privacy.h"
#include "dgs_text.h"

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
static pcre2_code	*not_personal_re, *person_table_re;
static int		 re_failed;

static pcre2_code *
compile(const char *pattern)
{
	pcre2_code *re;
	PCRE2_SIZE off;
	int err;

	re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, 0, &err,
	    &off, NULL);
	if (re == NULL) {
		/* The patterns are this file's: testdata says so at once. */
		re_failed = 1;
		return NULL;
	}
	/* JIT is optional: without it the interpreter gives the same
	 * answers. */
	(void)pcre2_jit_compile(re, PCRE2_JIT_COMPLETE);
	return re;
}

static void
re_init(void)
{
	size_t i;

	for (i = 0; i < DGS_ST_MAX; i++)
		type_re[i] = compile(dgs_sensitivity[i].pattern);
	not_personal_re = compile(NOT_PERSONAL);
	person_table_re = compile(PERSON_TABLE);
}

static int
matches(const pcre2_code *re, const char *s, size_t len,
    pcre2_match_data *md)
{
	return re != NULL && pcre2_match(re, (PCRE2_SPTR)s, len, 0, 0, md,
	    NULL) >= 0;
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

/* The sensitivity type of column col of type family f in table (words
 * tw, tl; person: a table of people), or -1.  WITH types are given, and
 * dropped by the caller when the table has no location column. */
static int
classify(const char *col, enum db_family f, const char *tw, size_t tl,
    int person, pcre2_match_data *md)
{
	char w[256];
	size_t wl, i;

	if ((wl = words(w, sizeof(w), col)) == 0 ||
	    matches(not_personal_re, w, wl, md))
		return -1;
	if (wl == 4 && memcmp(w, "name", 4) == 0)
		return person && (F_TEXT & (1u << f)) ? DGS_ST_FULL_NAME : -1;
	for (i = 0; i < DGS_ST_MAX; i++)
		if ((dgs_sensitivity[i].families & (1u << f)) &&
		    matches(type_re[i], w, wl, md))
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
	int exact;

	if (c->fk != DGS_TRI_YES || c->ref == DGS_SNAPSHOT_NONE)
		return NULL;
	schema = dgs_snapshot_str(s, c->ref);
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

int
privacy_decide(const struct dgs_snapshot *s, const struct db_configured *cf,
    struct privacy_col *cols)
{
	const struct dgs_snapshot_table *t;
	const struct dgs_snapshot_col *c, *r;
	struct privacy_col *pc;
	pcre2_match_data *md;
	char tw[256];
	size_t ti, tl, i, depth;
	uint32_t ci, ri;
	int person, loc;

	(void)pthread_once(&re_once, re_init);
	if (re_failed || (md = pcre2_match_data_create(4, NULL)) == NULL)
		return DGS_ENOMEM;
	for (ti = 0; ti < s->ntables; ti++) {
		t = &s->tables[ti];
		tl = words(tw, sizeof(tw), dgs_snapshot_str(s, t->name));
		person = tl > 0 && matches(person_table_re, tw, tl, md);
		loc = 0;
		for (ci = t->first; ci != DGS_SNAPSHOT_NONE; ci = c->next) {
			c = &s->cols[ci];
			pc = &cols[ci];
			memset(pc, 0, sizeof(*pc));
			pc->from = DGS_SNAPSHOT_NONE;
			pc->type = classify(dgs_snapshot_str(s, c->name),
			    db_type_family(dgs_snapshot_str(s, c->type)), tw, tl,
			    person, md);
			loc |= is_location(pc->type);
			pc->named = db_configured_get(cf, dgs_snapshot_str(s,
			    t->schema), dgs_snapshot_str(s, t->name),
			    dgs_snapshot_str(s, c->name), &pc->generator) != 0;
		}
		for (ci = t->first; ci != DGS_SNAPSHOT_NONE; ci = c->next) {
			c = &s->cols[ci];
			pc = &cols[ci];
			if (pc->type >= 0 && dgs_sensitivity[pc->type].with && !loc)
				pc->type = -1;
			pc->status = protects(pc->generator) ? PRIV_PROTECTED :
			    pc->type >= 0 ? PRIV_AT_RISK : PRIV_NOT_SENSITIVE;
		}
	}
	pcre2_match_data_free(md);
	/* A foreign key is what the column it references is, through a
	 * chain of them (at most 16: a cycle stops there). */
	for (i = 0; i < s->ncols; i++) {
		c = &s->cols[i];
		if (c->fk != DGS_TRI_YES)
			continue;
		pc = &cols[i];
		for (r = c, depth = 0; depth < 16 && (r = referenced(s, r)) !=
		    NULL && r->fk == DGS_TRI_YES && r->ref != DGS_SNAPSHOT_NONE;
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
		pc->status = cols[ri].status;
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
			    dgs_sensitivity[pc->type].name, pc->generator ?
			    "Passthrough" : "no generator");
		return;
	}
	if (pc->status == PRIV_PROTECTED)
		dgs_buf_addf(r, "%s is assigned", pc->generator);
	else if (pc->status == PRIV_AT_RISK)
		dgs_buf_addf(r, "the name \"%s\" matches dgslint's pattern of "
		    "%s /%s/ and the data type is \"%s\"; %s",
		    dgs_snapshot_str(s, c->name), dgs_sensitivity[pc->type].name,
		    dgs_sensitivity[pc->type].pattern, dgs_snapshot_str(s,
		    c->type), pc->generator != NULL ? "Passthrough is assigned, "
		    "which copies the real value" : "no generator is assigned, "
		    "so the real value is copied");
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
dgs_privacy_report(const struct dgs_snapshot *s, const char *const *docs,
    const size_t *lens, size_t ndocs, char **out, size_t *outlen,
    size_t *at_risk)
{
	struct db_configured cf;
	struct privacy_col *cols = NULL;
	struct dgs_buf b = { 0 }, r = { 0 };
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
	    privacy_decide(s, &cf, cols) != 0) {
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
			    dgs_sensitivity[pc->type].name : NULL);
			dgs_buf_addc(&b, ',');
			add_str(&b, "generator", pc->generator);
			dgs_buf_addc(&b, ',');
			add_str(&b, "recommendedGenerator", pc->status ==
			    PRIV_AT_RISK && pc->from == DGS_SNAPSHOT_NONE ?
			    dgs_sensitivity[pc->type].generator : NULL);
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
