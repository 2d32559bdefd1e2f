/*
 * catalog_describe.c: the generator catalogue described, as the rules
 * read it.  dgs_gen_describe() is the one walk of a generator's columns:
 * it hands each fact (a word, a flag, a capability cell, a list, a
 * setting) with its source, or what was searched when none settles it,
 * to a renderer.  The renderers here write --explain GENERATOR (text),
 * --list-generators (a table) and both as JSON (dgs_generator_describe());
 * man/mkman.c writes the catalogue section of dgslint-rules(7) from the
 * same walk.  A new column of the table is one fact more in the walk, and
 * every description shows it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "catalog.h"
#include "database.h"

/* The capabilities as GET /api/GeneratorMetadata names them (the
 * members a --generators file holds), in words, and their headings in
 * --list-generators' table.  settingsKnown is dgslint's own. */
static const struct {
	const char	*key, *words, *abbr;
} cap_cols[DGS_CAP_COUNT] = {
	[DGS_CAP_PARTITION] = { "canPartition", "partitioning", "PART" },
	[DGS_CAP_PARTITION_BY] = { "canPartitionBy", "partition-by column",
	    "BY" },
	[DGS_CAP_LINK] = { "canLink", "linking", "LINK" },
	[DGS_CAP_CONS_SELF] = { "canBeConsistent", "consistency", "SELF" },
	[DGS_CAP_CONS_OTHER] = { "canBeConsistentOn",
	    "consistency with another column", "OTHER" },
	[DGS_CAP_IMPLICIT] = { "isImplicitlyConsistent",
	    "implicit consistency", "IMPL" },
	[DGS_CAP_DP] = { "canBeDifferentiallyPrivate",
	    "differential privacy setting", "DP" },
	[DGS_CAP_FALLBACK] = { "hasFallback", "fallback", "FB" },
	[DGS_CAP_SETTINGS] = { "settingsKnown", "settings complete", "SET" },
};

/* The composite kinds: the JSON word, and in words. */
static const struct {
	const char	*word, *text;
} comp_cols[] = {
	[DGS_COMP_NONE] = { "none", "no" },
	[DGS_COMP_JSONPATH] = { "jsonpath", "yes, its paths are JSONPath "
	    "expressions" },
	[DGS_COMP_XPATH] = { "xpath", "yes, its paths are XPath expressions" },
	[DGS_COMP_CSV] = { "csv", "yes, its paths are CSV column indexes" },
	[DGS_COMP_REGEX] = { "regex", "yes, its sub-generators take a regular "
	    "expression's capture groups" },
	[DGS_COMP_CONDITIONAL] = { "conditional", "yes, conditions choose its "
	    "generators" },
	[DGS_COMP_UNSURE] = { "unknown", "not known" },
	[DGS_COMP_KEY] = { "key", "yes, its paths are keys of the HStore "
	    "value" },
};

/* The data type families (enum db_family) as JSON names them. */
static const char *const family_names[] = {
	[DB_OTHER] = "other", [DB_INT] = "integer", [DB_NUMERIC] = "numeric",
	[DB_FLOAT] = "float", [DB_TEXT] = "text", [DB_DATE] = "date",
	[DB_TIME] = "time", [DB_TIMESTAMP] = "timestamp",
	[DB_BOOL] = "boolean", [DB_JSON] = "json", [DB_XML] = "xml",
	[DB_ARRAY] = "array", [DB_BINARY] = "binary", [DB_UUID] = "uuid",
};

/* What a composite forbids its sub-generators (DGS_SUB_* bits). */
static const char *const sub_names[] = {
	"consistencyWithAnotherColumn", "linking", "composite", "consistency"
};
_Static_assert(DGS_SUB_CONS_OTHER == 1u << 0 && DGS_SUB_LINK == 1u << 1 &&
    DGS_SUB_COMPOSITE == 1u << 2 && DGS_SUB_CONS_SELF == 1u << 3,
    "sub_names[] follows the DGS_SUB_* bits");

const char *
dgs_gen_cap_key(enum dgs_cap cap)
{
	return (size_t)cap < DGS_CAP_COUNT ? cap_cols[cap].key : NULL;
}

static void
fact(dgs_fact_fn fn, void *arg, enum dgs_fact_kind kind, const char *key,
    const char *words, const char *abbr, const char *source,
    struct dgs_gen_fact *f)
{
	f->kind = kind;
	f->key = key;
	f->words = words;
	f->abbr = abbr;
	f->source = source;
	fn(f, arg);
}

/* A fact that is a word (kind DGS_FACT_WORD or DGS_FACT_ATTR), or
 * none: word, from source. */
static void
word_fact(dgs_fact_fn fn, void *arg, enum dgs_fact_kind kind,
    const char *key, const char *words, const char *word, const char *source)
{
	struct dgs_gen_fact f;

	memset(&f, 0, sizeof(f));
	f.word = word;
	fact(fn, arg, kind, key, words, NULL, source, &f);
}

/* Who g is: its id, name and source, whether it is composite, only a
 * fallback, its id inferred. */
static void
describe_identity(const struct dgs_generator *g,
    const struct dgs_generator *base, const char *own, dgs_fact_fn fn,
    void *arg)
{
	struct dgs_gen_fact f;
	size_t i;

	memset(&f, 0, sizeof(f));
	f.word = f.text = g->id;
	fact(fn, arg, DGS_FACT_WORD, "id", "id", "ID", own, &f);
	memset(&f, 0, sizeof(f));
	f.word = f.text = g->label;
	fact(fn, arg, DGS_FACT_WORD, "name", "name", "NAME", own, &f);
	memset(&f, 0, sizeof(f));
	f.word = own;
	f.text = "";
	fact(fn, arg, DGS_FACT_WORD, "source", "id, name and settings", NULL,
	    own, &f);
	memset(&f, 0, sizeof(f));
	i = g->comp < sizeof(comp_cols) / sizeof(comp_cols[0]) &&
	    comp_cols[g->comp].word != NULL ? g->comp : DGS_COMP_UNSURE;
	f.word = comp_cols[i].word;
	f.text = comp_cols[i].text;
	if (base == NULL)
		f.note = "a generator the built-in catalogue does not know";
	fact(fn, arg, DGS_FACT_WORD, "composite", "composite", "COMPOSITE",
	    base != NULL ? base->source : NULL, &f);
	memset(&f, 0, sizeof(f));
	f.value = g->fallback_only ? DGS_YES : DGS_NO;
	fact(fn, arg, DGS_FACT_FLAG, "fallbackOnly", "only a fallback", NULL,
	    own, &f);
	memset(&f, 0, sizeof(f));
	f.value = g->inferred ? DGS_YES : DGS_NO;
	fact(fn, arg, DGS_FACT_FLAG, "idInferred", "id inferred", NULL,
	    g->inferred ? DGS_SRC_INFERRED : own, &f);
}

/* g's capabilities, a cell each, and the fallbacks it allows. */
static void
describe_caps(const struct dgs_generator *g,
    const struct dgs_generator *base, int builtin, dgs_fact_fn fn,
    void *arg)
{
	struct dgs_gen_fact f;
	const char *s;
	size_t i;

	for (i = 0; i < DGS_CAP_COUNT; i++) {
		memset(&f, 0, sizeof(f));
		f.value = dgs_gen_cap(g, (enum dgs_cap)i);
		s = dgs_gen_cap_source(g, (enum dgs_cap)i);
		/* A file does not list settings: whether they are all known
		 * is the built-in entry's word. */
		if (!builtin && i == DGS_CAP_SETTINGS)
			s = base != NULL ? dgs_gen_cap_source(base,
			    DGS_CAP_SETTINGS) : DGS_SRC_NOT_FOUND "a generator "
			    "the built-in catalogue does not know";
		if (s != NULL && strncmp(s, DGS_SRC_NOT_FOUND,
		    sizeof(DGS_SRC_NOT_FOUND) - 1) == 0)
			f.note = s + sizeof(DGS_SRC_NOT_FOUND) - 1;
		else if (s == NULL && builtin && i == DGS_CAP_FALLBACK &&
		    f.value == DGS_UNSURE)
			f.note = dgs_gen_fallback_searched();
		/* Said once for every generator: the sentences of
		 * partitioning, and what was searched for a fallback. */
		f.common = builtin && g->cap_src[i] == NULL &&
		    (s != NULL || f.note != NULL);
		fact(fn, arg, DGS_FACT_CELL, cap_cols[i].key, cap_cols[i].words,
		    cap_cols[i].abbr, dgs_src_found(s) ? s : NULL, &f);
	}
	memset(&f, 0, sizeof(f));
	f.list = g->fallback_ids;
	f.text = g->fallback == DGS_NO ? "none" : "any";
	s = dgs_gen_cap_source(g, DGS_CAP_FALLBACK);
	fact(fn, arg, DGS_FACT_LIST, "fallbackGeneratorIds", "fallback ids allowed",
	    NULL, g->fallback_ids != NULL && dgs_src_found(s) ? s : NULL, &f);
}

/* The data types g applies to and the settings that widen them; what
 * replaces it; what it forbids its sub-generators; whether pages
 * disagree about it. */
static void
describe_scope(const struct dgs_generator *g, dgs_fact_fn fn, void *arg)
{
	struct dgs_gen_fact f;

	memset(&f, 0, sizeof(f));
	f.bits = g->families;
	f.bit_names = family_names;
	f.nbit_names = sizeof(family_names) / sizeof(family_names[0]);
	f.text = g->families_words;
	fact(fn, arg, DGS_FACT_SET, "dataTypes", "data types", NULL,
	    g->families != 0 ? g->families_src : NULL, &f);
	word_fact(fn, arg, DGS_FACT_WORD, "textWithSetting", "text too, with "
	    "the setting", g->text_with, g->text_with != NULL ?
	    g->families_src : NULL);
	word_fact(fn, arg, DGS_FACT_WORD, "numberWithSetting", "numbers and "
	    "text, with the setting", g->number_with, g->number_with != NULL ?
	    g->families_src : NULL);
	word_fact(fn, arg, DGS_FACT_WORD, "replacedBy", "deprecated, replaced "
	    "by", g->replaced_by, g->replaced_by != NULL ? g->replaced_src :
	    NULL);
	memset(&f, 0, sizeof(f));
	f.bits = g->sub_forbid;
	f.bit_names = sub_names;
	f.nbit_names = sizeof(sub_names) / sizeof(sub_names[0]);
	fact(fn, arg, DGS_FACT_SET, "subGeneratorsForbidden", "forbidden to "
	    "its sub-generators", NULL, g->sub_forbid != 0 ?
	    g->sub_forbid_src : NULL, &f);
	memset(&f, 0, sizeof(f));
	f.word = g->contra_src;
	f.text = g->contra_src != NULL ? "yes" : NULL;
	fact(fn, arg, DGS_FACT_WORD, "pagesDisagree", "pages disagree", NULL,
	    g->contra_src, &f);
}

/* Setting m of mg and its own columns: required, where its values come
 * from (or, when they are not all known, what was searched for them),
 * what it depends on. */
static void
describe_member(const struct dgs_generator *mg, const struct dgs_gen_member *m,
    dgs_fact_fn fn, void *arg)
{
	struct dgs_gen_fact f;
	const char *s = m->values_src;

	memset(&f, 0, sizeof(f));
	f.member = m;
	fact(fn, arg, DGS_FACT_SETTING, m->name, m->name, NULL,
	    dgs_gen_member_source(mg, m), &f);
	memset(&f, 0, sizeof(f));
	f.word = m->required == DGS_YES ? "always" :
	    m->required == DGS_REQ_LINKED ? "linked" : NULL;
	f.text = m->required == DGS_REQ_LINKED ? "on each linked column" :
	    f.word != NULL ? "" : NULL;
	fact(fn, arg, DGS_FACT_ATTR, "required", "required", NULL,
	    f.word != NULL ? m->required_src : NULL, &f);
	memset(&f, 0, sizeof(f));
	f.word = dgs_src_found(s) ? s : NULL;
	f.text = "";
	fact(fn, arg, DGS_FACT_ATTR, "valuesSource", "values from", NULL,
	    f.word, &f);
	memset(&f, 0, sizeof(f));
	if (m->values == NULL && s != NULL && strncmp(s, DGS_SRC_NOT_FOUND,
	    sizeof(DGS_SRC_NOT_FOUND) - 1) == 0)
		f.word = f.note = s + sizeof(DGS_SRC_NOT_FOUND) - 1;
	f.text = "";
	fact(fn, arg, DGS_FACT_ATTR, "valuesNotKnown", "values not all known",
	    NULL, NULL, &f);
	word_fact(fn, arg, DGS_FACT_ATTR, "requires", "used only with",
	    m->requires, m->requires != NULL ? m->dep_src : NULL);
	word_fact(fn, arg, DGS_FACT_ATTR, "requiresValue", "when that is",
	    m->requires_value, m->requires_value != NULL ? m->dep_src : NULL);
	word_fact(fn, arg, DGS_FACT_ATTR, "notAbove", "not above",
	    m->not_above, m->not_above != NULL ? m->dep_src : NULL);
}

void
dgs_gen_describe(const struct dgs_generator *g, dgs_fact_fn fn, void *arg)
{
	const struct dgs_generator *base = dgs_gen_builtin_find(g->id), *mg;
	const struct dgs_gen_member *m;
	struct dgs_gen_fact f;
	size_t n;
	int builtin = dgs_gen_is_builtin(g);

	/* A loaded generator's id and name are the file's; what the file
	 * does not state (composite, settings) is the built-in entry's. */
	describe_identity(g, base, builtin ? g->source : DGS_SRC_LOADED, fn,
	    arg);
	describe_caps(g, base, builtin, fn, arg);
	describe_scope(g, fn, arg);
	/* A loaded generator's settings are the built-in one's. */
	mg = g->members != NULL || base == NULL ? g : base;
	for (n = 0, m = mg->members; m != NULL && m->name != NULL; m++)
		n++;
	memset(&f, 0, sizeof(f));
	f.value = (int)n;
	fact(fn, arg, DGS_FACT_SETTINGS, "settings", "settings", NULL,
	    mg->source, &f);
	for (m = mg->members; m != NULL && m->name != NULL; m++)
		describe_member(mg, m, fn, arg);
}

/* The generators a description covers: the one with id, or all of them,
 * sorted by id.  Returns the count (0 for an unknown id), or -1. */
static int
str_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static long
gens_of(const struct dgs_options *o, const char *id,
    const struct dgs_generator ***out)
{
	const struct dgs_generator **v;
	const char **ids;
	size_t nb = dgs_gen_builtin_count(), nl, i, n = 0;

	*out = NULL;
	if (id != NULL) {
		if (dgs_gen_find(o, id) == NULL)
			return 0;
		if ((v = malloc(sizeof(*v))) == NULL)
			return -1;
		v[0] = dgs_gen_find(o, id);
		*out = v;
		return 1;
	}
	nl = o->generators != NULL ? o->generators->n : 0;
	ids = malloc((nb + nl + 1) * sizeof(*ids));
	v = malloc((nb + nl + 1) * sizeof(*v));
	if (ids == NULL || v == NULL) {
		free(ids);
		free(v);
		return -1;
	}
	for (i = 0; i < nb; i++)
		ids[n++] = dgs_gen_builtin(i)->id;
	for (i = 0; i < nl; i++)
		ids[n++] = o->generators->v[i].id;
	qsort(ids, n, sizeof(*ids), str_cmp);
	for (nl = 0, i = 0; i < n; i++)
		if (i == 0 || strcmp(ids[i], ids[i - 1]) != 0)
			v[nl++] = dgs_gen_find(o, ids[i]);
	free(ids);
	*out = v;
	return (long)nl;
}

/*
 * JSON: one object per generator.  Its words and flags are members; its
 * cells members of "capabilities", each {"value", "source", "note"}; its
 * lists and sets arrays (null when none is given); its settings the array
 * "settings", each {"name", "types", "values", "source"} and the
 * setting's own words (null when not stated).
 */
struct json_r {
	struct dgs_buf	*b;
	int		 n, in_caps, in_settings, nset, in_setting;
};

static void
json_strn(struct dgs_buf *b, const char *s)
{
	if (s == NULL)
		dgs_buf_adds(b, "null");
	else
		dgs_buf_add_json_str(b, s, strlen(s));
}

static void
json_list(struct dgs_buf *b, const char *const *v)
{
	size_t i;

	if (v == NULL) {
		dgs_buf_adds(b, "null");
		return;
	}
	dgs_buf_addc(b, '[');
	for (i = 0; v[i] != NULL; i++) {
		if (i > 0)
			dgs_buf_addc(b, ',');
		json_strn(b, v[i]);
	}
	dgs_buf_addc(b, ']');
}

static const char *
value_word(int v)
{
	return v == DGS_YES ? "yes" : v == DGS_NO ? "no" : "unknown";
}

/* A setting's JSON types, as JSON Schema names them; NULL: any. */
static void
json_types(struct dgs_buf *b, unsigned t)
{
	static const struct {
		unsigned	 t;
		const char	*w;
	} names[] = {
		{ DGS_T_STRING, "string" }, { DGS_T_BOOL, "boolean" },
		{ DGS_T_NUM, "number" }, { DGS_T_INT, "integer" },
		{ DGS_T_OBJECT, "object" }, { DGS_T_ARRAY, "array" },
		{ DGS_T_NULL, "null" },
	};
	size_t i;
	int n = 0;

	if (t == 0) {
		dgs_buf_adds(b, "null");
		return;
	}
	dgs_buf_addc(b, '[');
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if ((t & names[i].t) == names[i].t) {
			t &= ~names[i].t;
			dgs_buf_addf(b, "%s\"%s\"", n++ ? "," : "", names[i].w);
		}
	dgs_buf_addc(b, ']');
}

/* A set's names, as an array. */
static void
json_set(struct dgs_buf *b, const struct dgs_gen_fact *f)
{
	size_t i;
	int n = 0;

	if (f->bits == 0) {
		dgs_buf_adds(b, "null");
		return;
	}
	dgs_buf_addc(b, '[');
	for (i = 0; i < f->nbit_names; i++)
		if (f->bits & (1u << i)) {
			dgs_buf_adds(b, n++ ? "," : "");
			json_strn(b, f->bit_names[i]);
		}
	dgs_buf_addc(b, ']');
}

static void
json_fact(const struct dgs_gen_fact *f, void *arg)
{
	struct json_r *r = arg;
	struct dgs_buf *b = r->b;

	if (f->kind == DGS_FACT_ATTR) {
		dgs_buf_addc(b, ',');
		json_strn(b, f->key);
		dgs_buf_addc(b, ':');
		json_strn(b, f->word);
		return;
	}
	if (r->in_setting) {
		dgs_buf_addc(b, '}');
		r->in_setting = 0;
	}
	if (r->in_caps && f->kind != DGS_FACT_CELL) {
		dgs_buf_addc(b, '}');
		r->in_caps = 0;
	}
	if (r->in_settings && f->kind != DGS_FACT_SETTING) {
		dgs_buf_addc(b, ']');
		r->in_settings = 0;
	}
	if (f->kind == DGS_FACT_CELL) {
		if (!r->in_caps)
			dgs_buf_adds(b, r->n++ ? ",\"capabilities\":{" :
			    "\"capabilities\":{");
		else
			dgs_buf_addc(b, ',');
		r->in_caps = 1;
		json_strn(b, f->key);
		dgs_buf_addf(b, ":{\"value\":\"%s\",\"source\":",
		    value_word(f->value));
		json_strn(b, f->source);
		dgs_buf_adds(b, ",\"note\":");
		json_strn(b, f->note);
		dgs_buf_addc(b, '}');
		return;
	}
	if (f->kind == DGS_FACT_SETTING) {
		dgs_buf_adds(b, r->nset++ ? ",{\"name\":" : "{\"name\":");
		json_strn(b, f->member->name);
		dgs_buf_adds(b, ",\"types\":");
		json_types(b, f->member->types);
		dgs_buf_adds(b, ",\"values\":");
		json_list(b, f->member->values);
		dgs_buf_adds(b, ",\"source\":");
		json_strn(b, f->source);
		r->in_setting = 1;
		return;
	}
	if (r->n++)
		dgs_buf_addc(b, ',');
	json_strn(b, f->key);
	dgs_buf_addc(b, ':');
	switch (f->kind) {
	case DGS_FACT_WORD:
		json_strn(b, f->word);
		break;
	case DGS_FACT_FLAG:
		dgs_buf_adds(b, f->value == DGS_YES ? "true" :
		    f->value == DGS_NO ? "false" : "null");
		break;
	case DGS_FACT_LIST:
		json_list(b, f->list);
		break;
	case DGS_FACT_SET:
		json_set(b, f);
		break;
	default:	/* DGS_FACT_SETTINGS */
		dgs_buf_addc(b, '[');
		r->in_settings = 1;
		r->nset = 0;
		break;
	}
}

static void
json_gen(struct dgs_buf *b, const struct dgs_generator *g)
{
	struct json_r r = { b, 0, 0, 0, 0, 0 };

	dgs_buf_addc(b, '{');
	dgs_gen_describe(g, json_fact, &r);
	if (r.in_setting)
		dgs_buf_addc(b, '}');
	if (r.in_caps)
		dgs_buf_addc(b, '}');
	if (r.in_settings)
		dgs_buf_addc(b, ']');
	dgs_buf_addc(b, '}');
}

/*
 * Text, one generator: a line a fact, "Words: value [n]", the sources
 * numbered at the end (a note of what was searched is one too).
 */
#define TEXT_NSRC	64
#define TEXT_WIDTH	34

struct text_r {
	struct dgs_buf	*b;
	const char	*src[TEXT_NSRC];
	int		 is_note[TEXT_NSRC];
	size_t		 nsrc;
	int		 in_setting;	/* a setting's line is open */
};

/* Appends " [n]" for s (a source, or a note when note is set). */
static void
text_ref(struct text_r *r, const char *s, int note)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < r->nsrc; i++)
		if (r->is_note[i] == note && strcmp(r->src[i], s) == 0)
			break;
	if (i == r->nsrc) {
		if (i == TEXT_NSRC) {
			dgs_buf_addf(r->b, " (%s%s)", note ?
			    DGS_SRC_NOT_FOUND : "", s);
			return;
		}
		r->src[i] = s;
		r->is_note[i] = note;
		r->nsrc++;
	}
	dgs_buf_addf(r->b, " [%zu]", i + 1);
}

static void
text_words(struct dgs_buf *b, const char *words, const char *indent)
{
	size_t start, len;

	dgs_buf_adds(b, indent);
	start = b->len;
	dgs_buf_adds(b, words);
	dgs_buf_addc(b, ':');
	if (b->oom)
		return;
	if (b->s[start] >= 'a' && b->s[start] <= 'z')
		b->s[start] = (char)(b->s[start] - 'a' + 'A');
	for (len = b->len - start; len < TEXT_WIDTH; len++)
		dgs_buf_addc(b, ' ');
	dgs_buf_addc(b, ' ');
}

static void
text_fact(const struct dgs_gen_fact *f, void *arg)
{
	struct text_r *r = arg;
	struct dgs_buf *b = r->b;
	const char *const *v;
	size_t i;
	int n = 0;

	if (f->kind == DGS_FACT_ATTR) {
		/* "; required: yes [2]" */
		if (f->word == NULL)
			return;
		dgs_buf_addf(b, "; %s", f->words);
		if (f->text == NULL || *f->text != '\0')
			dgs_buf_addf(b, " %s", f->text != NULL ? f->text :
			    f->word);
		text_ref(r, f->source, 0);
		text_ref(r, f->note, 1);
		return;
	}
	if (r->in_setting) {
		dgs_buf_addc(b, '\n');
		r->in_setting = 0;
	}
	if (f->kind == DGS_FACT_SETTING) {
		dgs_buf_adds(b, "  ");
		dgs_buf_adds(b, f->member->name);
		dgs_buf_adds(b, ": ");
		if (f->member->types == 0)
			dgs_buf_adds(b, "any type");
		else
			dgs_types_words(b, f->member->types);
		if (f->member->values != NULL) {
			dgs_buf_adds(b, ", one of");
			for (v = f->member->values; *v != NULL; v++)
				dgs_buf_addf(b, "%s %s", v ==
				    f->member->values ? "" : ",", *v);
		}
		text_ref(r, f->source, 0);
		if (dgs_src_inferred(f->source))
			dgs_buf_adds(b, " (type inferred)");
		r->in_setting = 1;
		return;
	}
	if (f->kind == DGS_FACT_SETTINGS) {
		dgs_buf_adds(b, f->value > 0 ? "Settings:\n" :
		    "Settings: none listed\n");
		return;
	}
	/* A word with no words (the source of the id and name, which the
	 * lines give) is for JSON alone. */
	if (f->kind == DGS_FACT_WORD && f->text != NULL && *f->text == '\0')
		return;
	/* What is not stated is not said. */
	if ((f->kind == DGS_FACT_WORD && f->word == NULL && f->text == NULL) ||
	    (f->kind == DGS_FACT_SET && f->bits == 0))
		return;
	text_words(b, f->words, "  ");
	switch (f->kind) {
	case DGS_FACT_WORD:
		dgs_buf_adds(b, f->text != NULL ? f->text :
		    f->word != NULL ? f->word : "none");
		break;
	case DGS_FACT_LIST:
		if (f->list == NULL)
			dgs_buf_adds(b, f->text);
		for (v = f->list; v != NULL && *v != NULL; v++)
			dgs_buf_addf(b, "%s%s", v == f->list ? "" : ", ", *v);
		break;
	case DGS_FACT_SET:
		if (f->text != NULL) {
			dgs_buf_adds(b, f->text);
			break;
		}
		for (i = 0; i < f->nbit_names; i++)
			if (f->bits & (1u << i))
				dgs_buf_addf(b, "%s%s", n++ ? ", " : "",
				    f->bit_names[i]);
		break;
	default:	/* DGS_FACT_FLAG, DGS_FACT_CELL */
		dgs_buf_adds(b, f->value == DGS_YES ? "yes" :
		    f->value == DGS_NO ? "no" : "not known");
		break;
	}
	text_ref(r, f->source, 0);
	text_ref(r, f->note, 1);
	dgs_buf_addc(b, '\n');
}

static void
text_gen(struct dgs_buf *b, const struct dgs_generator *g)
{
	struct text_r r;
	size_t i;

	memset(&r, 0, sizeof(r));
	r.b = b;
	dgs_gen_describe(g, text_fact, &r);
	if (r.in_setting)
		dgs_buf_addc(b, '\n');
	dgs_buf_adds(b, "Sources:\n");
	for (i = 0; i < r.nsrc; i++)
		dgs_buf_addf(b, "  [%zu] %s%s\n", i + 1, r.is_note[i] ?
		    DGS_SRC_NOT_FOUND : "", r.src[i]);
}

/*
 * Text, every generator: a table, a line each, of the facts that have a
 * heading (abbr): words as they are, cells yes, no or ?.  The name, which
 * may hold spaces, ends the line, so that the other columns split on
 * blanks (awk '$5 == "yes"').  Made in two walks: the widths of the
 * columns, then the lines.
 */
#define ROW_NCOL	32

struct row_r {
	struct dgs_buf	*b;	/* NULL: measuring */
	size_t		 width[ROW_NCOL];
	const char	*abbr[ROW_NCOL], *words[ROW_NCOL];
	size_t		 col, ncol;
	const char	*name, *name_abbr;	/* this line's, the heading */
};

static const char *
row_value(const struct dgs_gen_fact *f)
{
	if (f->kind == DGS_FACT_WORD)
		return f->word != NULL ? f->word : "-";
	return f->value == DGS_YES ? "yes" : f->value == DGS_NO ? "no" : "?";
}

static void
row_fact(const struct dgs_gen_fact *f, void *arg)
{
	struct row_r *r = arg;
	const char *v;
	size_t len;

	if (f->abbr == NULL || r->col == ROW_NCOL)
		return;
	v = row_value(f);
	if (strcmp(f->key, "name") == 0) {
		r->name = v;
		r->name_abbr = f->abbr;
		return;
	}
	if (r->b == NULL) {
		r->abbr[r->col] = f->abbr;
		r->words[r->col] = f->words;
		if (r->width[r->col] < strlen(f->abbr))
			r->width[r->col] = strlen(f->abbr);
		if (r->width[r->col] < strlen(v))
			r->width[r->col] = strlen(v);
		if (r->ncol < ++r->col)
			r->ncol = r->col;
		return;
	}
	dgs_buf_adds(r->b, v);
	for (len = strlen(v); len <= r->width[r->col]; len++)
		dgs_buf_addc(r->b, ' ');
	r->col++;
}

static void
row_table(struct dgs_buf *b, const struct dgs_generator *const *v,
    size_t n)
{
	struct row_r r;
	size_t i, len;

	memset(&r, 0, sizeof(r));
	for (i = 0; i < n; i++) {
		r.col = 0;
		dgs_gen_describe(v[i], row_fact, &r);
	}
	for (i = 0; i < r.ncol; i++) {
		dgs_buf_adds(b, r.abbr[i]);
		for (len = strlen(r.abbr[i]); len <= r.width[i]; len++)
			dgs_buf_addc(b, ' ');
	}
	dgs_buf_adds(b, r.name_abbr != NULL ? r.name_abbr : "");
	dgs_buf_addc(b, '\n');
	r.b = b;
	for (i = 0; i < n; i++) {
		r.col = 0;
		r.name = "";
		dgs_gen_describe(v[i], row_fact, &r);
		dgs_buf_adds(b, r.name);
		dgs_buf_addc(b, '\n');
	}
	/* The legend: what each heading stands for, in lines of at most
	 * 76 columns. */
	dgs_buf_addc(b, '\n');
	len = 0;
	for (i = 0; i <= r.ncol; i++) {
		char item[128];

		if (i < r.ncol && dgs_strcasecmp(r.abbr[i], r.words[i]) == 0)
			continue;
		if (i < r.ncol)
			snprintf(item, sizeof(item), "%s %s%s", r.abbr[i],
			    r.words[i], i + 1 < r.ncol ? "," : ";");
		else
			snprintf(item, sizeof(item), "?: not known.");
		if (len > 0 && len + 1 + strlen(item) > 76) {
			dgs_buf_addc(b, '\n');
			len = 0;
		}
		if (len > 0) {
			dgs_buf_addc(b, ' ');
			len++;
		}
		dgs_buf_adds(b, item);
		len += strlen(item);
	}
	dgs_buf_adds(b, "\n--explain ID: a generator's settings and the page "
	    "and sentence of each fact.\n");
}

/*
 * The sources in lines, for the rules' --explain, their pages and the
 * language server's hover (dgs_gen_sources_text(), dgs_rule_sources()):
 * the known cells of one source together ("linking yes, consistency no:
 * page \"sentence\""), the cells no source settles with what was
 * searched, then the later facts and the settings' words with theirs.
 */
#define SRC_NFACT	DGS_GEN_NFACT

struct src_facts {
	struct dgs_gen_fact	 v[SRC_NFACT];
	size_t			 n;
};

static void
src_gather(const struct dgs_gen_fact *f, void *arg)
{
	struct src_facts *s = arg;

	if (s->n < SRC_NFACT)
		s->v[s->n++] = *f;
}

static int
same_str(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* Starts a line: indent, and the first letter capital when upper. */
static size_t
src_start(struct dgs_buf *b, const char *indent)
{
	dgs_buf_adds(b, indent);
	return b->len;
}

static void
src_end(struct dgs_buf *b, size_t start, int upper, const char *source)
{
	if (source != NULL)
		dgs_buf_addf(b, ": %s", source);
	if (upper && !b->oom && b->len > start && b->s[start] >= 'a' &&
	    b->s[start] <= 'z')
		b->s[start] = (char)(b->s[start] - 'a' + 'A');
	dgs_buf_addc(b, '\n');
}

void
dgs_gen_sources_lines(struct dgs_buf *b, const struct dgs_generator *g,
    const char *indent, int all, int upper)
{
	struct src_facts *sp;
	const struct dgs_gen_fact *a, *c;
	unsigned char done[SRC_NFACT] = { 0 };
	const char *own = NULL, *val;
	size_t i, j, k, start;
	int unsure, other = 0, inferred = 0;

	/* On the heap: a thread's stack may be small. */
	if ((sp = malloc(sizeof(*sp))) == NULL) {
		b->oom = 1;
		return;
	}
	sp->n = 0;
	dgs_gen_describe(g, src_gather, sp);
	for (i = 0; i < sp->n; i++)
		if (sp->v[i].kind == DGS_FACT_WORD &&
		    strcmp(sp->v[i].key, "source") == 0)
			own = sp->v[i].source;
	for (i = 0; i < sp->n; i++) {
		a = &sp->v[i];
		if (a->kind != DGS_FACT_CELL || done[i] ||
		    (!all && a->common && a->value != DGS_UNSURE))
			continue;
		unsure = a->value == DGS_UNSURE;
		start = src_start(b, indent);
		dgs_buf_adds(b, unsure ? "not known: " : "");
		for (k = 0, j = i; j < sp->n; j++) {
			c = &sp->v[j];
			if (c->kind != DGS_FACT_CELL || done[j] ||
			    (!all && c->common && c->value != DGS_UNSURE) ||
			    (c->value == DGS_UNSURE) != unsure ||
			    !same_str(c->source, a->source) ||
			    !same_str(c->common ? NULL : c->note,
			    a->common ? NULL : a->note))
				continue;
			dgs_buf_addf(b, "%s%s%s", k++ ? ", " : "", c->words,
			    unsure ? "" : c->value == DGS_YES ? " yes" :
			    " no");
			done[j] = 1;
		}
		if (unsure && a->note != NULL && !a->common)
			dgs_buf_addf(b, " (" DGS_SRC_NOT_FOUND "%s)", a->note);
		src_end(b, start, upper, unsure ? NULL : a->source != NULL ?
		    a->source : "no source");
	}
	for (i = 0; i < sp->n; i++) {
		a = &sp->v[i];
		switch (a->kind) {
		case DGS_FACT_WORD:
			val = a->text != NULL ? a->text : a->word;
			if (a->source == NULL || val == NULL || *val == '\0' ||
			    same_str(a->source, own))
				break;
			/* A yes is said by the words alone. */
			start = src_start(b, indent);
			dgs_buf_adds(b, a->words);
			if (strcmp(val, "yes") != 0)
				dgs_buf_addf(b, " %s", val);
			src_end(b, start, upper, a->source);
			break;
		case DGS_FACT_SET:
			if (a->bits == 0 || a->source == NULL)
				break;
			start = src_start(b, indent);
			dgs_buf_adds(b, a->words);
			if (a->text != NULL)
				dgs_buf_addf(b, " %s", a->text);
			else
				for (j = 0, k = 0; j < a->nbit_names; j++)
					if (a->bits & (1u << j))
						dgs_buf_addf(b, "%s%s", k++ ?
						    ", " : " ", a->bit_names[j]);
			src_end(b, start, upper, a->source);
			break;
		case DGS_FACT_SETTING:
			if (dgs_src_inferred(a->source))
				inferred = 1;
			else if (!same_str(a->source, own))
				other = 1;
			break;
		case DGS_FACT_ATTR:
			if (a->word == NULL || (a->source == NULL &&
			    a->note == NULL))
				break;
			/* The setting is the last one before. */
			for (j = i; j > 0 && sp->v[j].kind != DGS_FACT_SETTING;
			    j--)
				continue;
			start = src_start(b, indent);
			dgs_buf_addf(b, "`%s` %s", sp->v[j].key, a->words);
			if (a->text == NULL || *a->text != '\0')
				dgs_buf_addf(b, " %s", a->text != NULL ?
				    a->text : a->word);
			if (a->source == NULL)
				dgs_buf_addf(b, " (" DGS_SRC_NOT_FOUND "%s)",
				    a->note);
			src_end(b, start, upper, a->source);
			break;
		default:
			break;
		}
	}
	if (other) {
		start = src_start(b, indent);
		dgs_buf_adds(b, "settings from other pages:");
		for (i = 0; i < sp->n; i++)
			if (sp->v[i].kind == DGS_FACT_SETTING &&
			    !dgs_src_inferred(sp->v[i].source) &&
			    !same_str(sp->v[i].source, own))
				dgs_buf_addf(b, " %s (%s)", sp->v[i].key,
				    sp->v[i].source);
		src_end(b, start, upper, NULL);
	}
	if (inferred) {
		start = src_start(b, indent);
		dgs_buf_adds(b, "inferred types:");
		for (i = 0; i < sp->n; i++)
			if (sp->v[i].kind == DGS_FACT_SETTING &&
			    dgs_src_inferred(sp->v[i].source))
				dgs_buf_addf(b, " %s", sp->v[i].key);
		src_end(b, start, upper, NULL);
	}
	free(sp);
}

int
dgs_generator_describe(const struct dgs_options *o, const char *id,
    int format, char **out)
{
	const struct dgs_generator **v;
	struct dgs_buf b;
	long n;
	size_t i;

	*out = NULL;
	if (o == NULL)
		return DGS_EINVAL;
	if ((n = gens_of(o, id, &v)) <= 0)
		return n < 0 ? DGS_ENOMEM : DGS_EINVAL;
	memset(&b, 0, sizeof(b));
	if (format == DGS_DESCRIBE_JSON && id != NULL) {
		json_gen(&b, v[0]);
		dgs_buf_addc(&b, '\n');
	} else if (format == DGS_DESCRIBE_JSON) {
		dgs_buf_addc(&b, '[');
		for (i = 0; i < (size_t)n; i++) {
			dgs_buf_adds(&b, i ? ",\n" : "\n");
			json_gen(&b, v[i]);
		}
		dgs_buf_adds(&b, "\n]\n");
	} else if (id != NULL)
		text_gen(&b, v[0]);
	else
		row_table(&b, v, (size_t)n);
	free(v);
	if (b.oom || b.s == NULL) {
		dgs_buf_free(&b);
		return DGS_ENOMEM;
	}
	*out = b.s;
	return 0;
}
