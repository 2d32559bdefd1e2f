/*
 * catalog.c: the generator catalogue.  The built-in table holds every
 * generator of domain.md section 2.2 whose id is known, with the
 * capabilities and metadata members the research confirmed; what it does
 * not know is DGS_UNSURE, which every rule treats as allowed.  A saved
 * GET /api/GeneratorMetadata response (dgs_options_load_generators())
 * overrides the capabilities of the ids it lists and adds new ones; a
 * saved preset list (dgs_options_load_presets()) lets custom preset ids
 * be checked.  Everything here is read-only once loaded, so options may
 * be shared by threads.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "catalog.h"

#define N	DGS_NO
#define Y	DGS_YES
#define U	DGS_UNSURE

static const struct dgs_gen_member address_m[] = {
	{ "addressType", DGS_T_STRING, NULL },	/* City, Zip, ...: incomplete */
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member ascii_m[] = {
	{ "excludeLowercaseAlphabet", DGS_T_BOOL, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member categorical_m[] = {
	{ "epsilon", DGS_T_NUM, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member conditional_m[] = {
	{ "defaultGenerator", DGS_T_OBJECT, NULL },
	{ "conditionalGenerators", DGS_T_ARRAY, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member constant_m[] = {
	{ "constant", DGS_T_STRING, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member csv_m[] = {
	{ "delimiter", DGS_T_STRING, NULL },
	{ "isDefaultGenerator", DGS_T_BOOL, NULL },
	{ NULL, 0, NULL }
};
static const char *const date_parts[] = {
	"year", "month", "day", "hour", "minute", "second", NULL
};
static const struct dgs_gen_member datetrunc_m[] = {
	{ "datePart", DGS_T_STRING, date_parts },
	{ "isBirthDate", DGS_T_BOOL, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member email_m[] = {
	{ "domain", DGS_T_STRING, NULL },
	{ "excludedDomain", 0, NULL },
	{ "replaceInvalidEmails", DGS_T_BOOL, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member event_m[] = {
	{ "eventOrder", DGS_T_INT, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member findreplace_m[] = {
	{ "find", DGS_T_STRING, NULL },
	{ "useRegex", DGS_T_BOOL, NULL },
	{ "replace", DGS_T_STRING, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member intpk_m[] = {
	{ "min", DGS_T_NUM, NULL },
	{ "max", DGS_T_NUM, NULL },
	{ "rangeOption", DGS_T_STRING, NULL },	/* "Int64", ...: incomplete */
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member intladdress_m[] = {
	{ "internationalAddressCountry", DGS_T_STRING, NULL },
	{ "internationalAddressComponent", DGS_T_STRING, NULL },
	{ "addressComponentFallback", 0, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member json_m[] = {
	{ "jsonFilterTypes", DGS_T_ARRAY, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member name_m[] = {
	{ "nameType", DGS_T_STRING, NULL },	/* LastCommaFirstName, ... */
	{ "preserveCapitalization", DGS_T_BOOL, NULL },
	{ NULL, 0, NULL }
};
static const char *const noise_strategies[] = {
	"additive", "multiplicative", NULL
};
static const struct dgs_gen_member noise_m[] = {
	{ "noiseStrategy", DGS_T_STRING, noise_strategies },
	{ "min", DGS_T_NUM, NULL },
	{ "max", DGS_T_NUM, NULL },
	{ "ratio", DGS_T_NUM, NULL },
	{ "decimalPlaces", DGS_T_NUM, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member randint_m[] = {
	{ "min", DGS_T_NUM, NULL },
	{ "max", DGS_T_NUM, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member randts_m[] = {
	{ "minDate", DGS_T_STRING, NULL },
	{ "maxDate", DGS_T_STRING, NULL },
	{ "minTime", DGS_T_STRING, NULL },
	{ "maxTime", DGS_T_STRING, NULL },
	{ "dateTimeFormat", DGS_T_STRING, NULL },
	{ "unixTimestampFormat", DGS_T_STRING, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member regex_m[] = {
	{ "pattern", DGS_T_STRING, NULL },
	{ "replaceAllMatches", DGS_T_BOOL, NULL },
	{ "captureGroupMetadata", DGS_T_ARRAY, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member arrayregex_m[] = {
	{ "pattern", DGS_T_STRING, NULL },
	{ "replaceAllMatches", DGS_T_BOOL, NULL },
	{ "captureGroupMetadata", DGS_T_ARRAY, NULL },
	{ "captureGroupSubGenerators", 0, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member tshift_m[] = {
	{ "dateFormat", DGS_T_STRING, NULL },
	{ "unixTimestampFormat", DGS_T_STRING, NULL },
	{ "datePart", DGS_T_STRING, NULL },	/* "Day", ...: incomplete */
	{ "minShiftValue", DGS_T_NUM, NULL },
	{ "maxShiftValue", DGS_T_NUM, NULL },
	{ NULL, 0, NULL }
};
static const struct dgs_gen_member uemail_m[] = {
	{ "domain", DGS_T_STRING, NULL },
	{ "replaceInvalidEmails", DGS_T_BOOL, NULL },
	{ NULL, 0, NULL }
};

static const char *const tshift_fallbacks[] = {
	"NoFallbackGenerator", "PassthroughGenerator", "ConstantGenerator",
	"NullGenerator", NULL
};

/*
 * Sorted by id (strcmp).  Columns: composite kind; partition, partition
 * by, link; consistency self, other, implicit; differential privacy;
 * fallback; members open; fallback only; id inferred.  The spec allows
 * partitioning on Continuous and Event Timestamps only; domain.md: only
 * Passthrough and Categorical columns can be partitioned by, and only
 * Categorical and Continuous have a DP setting.
 */
static const struct dgs_generator builtin[] = {
	{ "AddressGenerator", "Address", DGS_COMP_NONE,
	    N, N, Y,  Y, Y, N,  N,  N,  N, N, N, NULL, address_m },
	{ "AlphaNumericPkGenerator", "Alphanumeric String Key", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  Y, N, N, NULL, NULL },
	{ "ArrayJsonMaskGenerator", "Array JSON Mask", DGS_COMP_JSONPATH,
	    N, N, U,  U, U, N,  N,  U,  N, N, N, NULL, json_m },
	{ "ArrayRegexMaskGenerator", "Array Regex Mask", DGS_COMP_REGEX,
	    N, N, U,  U, U, N,  N,  U,  N, N, N, NULL, arrayregex_m },
	{ "ArrayTextMaskGenerator", "Array Character Scramble", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  Y, N, N, NULL, NULL },
	{ "AsciiPkGenerator", "ASCII Key", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, ascii_m },
	{ "BusinessNameGenerator", "Business Name", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  N,  Y, N, N, NULL, NULL },
	{ "CategoricalGenerator", "Categorical", DGS_COMP_NONE,
	    N, Y, Y,  N, N, N,  Y,  N,  N, N, N, NULL, categorical_m },
	{ "ConditionalGenerator", "Conditional", DGS_COMP_CONDITIONAL,
	    N, N, U,  U, U, N,  N,  U,  N, N, N, NULL, conditional_m },
	{ "ConstantGenerator", "Constant", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  N,  N, N, N, NULL, constant_m },
	{ "CsvMaskGenerator", "CSV Mask", DGS_COMP_CSV,
	    N, N, U,  U, U, N,  N,  U,  N, N, N, NULL, csv_m },
	{ "CustomCategoricalGenerator", "Custom Categorical", DGS_COMP_NONE,
	    N, N, Y,  Y, Y, N,  N,  N,  Y, N, Y, NULL, NULL },
	{ "DateTruncationGenerator", "Date Truncation", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  N,  N, N, N, NULL, datetrunc_m },
	{ "EmailGenerator", "Email", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, email_m },
	{ "EventGenerator", "Event Timestamps", DGS_COMP_NONE,
	    Y, N, Y,  N, N, N,  N,  N,  N, N, N, NULL, event_m },
	{ "FindAndReplaceGenerator", "Find and Replace", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  N,  N, N, N, NULL, findreplace_m },
	{ "GaussianGenerator", "Continuous", DGS_COMP_NONE,
	    Y, N, Y,  N, N, N,  Y,  N,  N, N, N, NULL, NULL },
	{ "GeoGenerator", "Geo", DGS_COMP_NONE,
	    N, N, U,  U, U, N,  U,  U,  Y, N, N, NULL, NULL },
	{ "HtmlMaskGenerator", "HTML Mask", DGS_COMP_XPATH,
	    N, N, U,  U, U, N,  N,  Y,  N, N, N, NULL, NULL },
	{ "IntegerPkGenerator", "Integer Key", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, intpk_m },
	{ "InternationalAddressGenerator", "International Address",
	    DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, intladdress_m },
	{ "JsonMaskGenerator", "JSON Mask", DGS_COMP_JSONPATH,
	    N, N, U,  U, U, N,  N,  Y,  N, N, N, NULL, json_m },
	{ "NameGenerator", "Name", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, name_m },
	{ "NoFallbackGenerator", "No fallback (fail)", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  N,  Y, Y, N, NULL, NULL },
	{ "NoiseGenerator", "Noise Generator", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  N,  N, N, N, NULL, noise_m },
	{ "NullGenerator", "Null", DGS_COMP_NONE,
	    N, N, U,  U, U, N,  U,  U,  Y, N, N, NULL, NULL },
	{ "PassthroughGenerator", "Passthrough", DGS_COMP_NONE,
	    N, Y, N,  N, N, N,  N,  N,  N, N, N, NULL, NULL },
	{ "RandomIntegerGenerator", "Random Integer", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  U,  N,  N, N, N, NULL, randint_m },
	{ "RandomTimestampGenerator", "Random Timestamp", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  N,  N, N, N, NULL, randts_m },
	{ "RegexMaskGenerator", "Regex Mask", DGS_COMP_REGEX,
	    N, N, U,  U, U, N,  N,  U,  N, N, N, NULL, regex_m },
	{ "StringMaskGenerator", "Character Substitution", DGS_COMP_NONE,
	    N, N, N,  N, N, Y,  N,  N,  N, N, N, NULL, NULL },
	{ "StructMaskGenerator", "Struct Mask", DGS_COMP_JSONPATH,
	    N, N, U,  U, U, N,  N,  U,  N, N, N, NULL, json_m },
	{ "TextMaskGenerator", "Character Scramble", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, NULL },
	{ "TimestampShiftGenerator", "Timestamp Shift", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  Y,  N, N, N, tshift_fallbacks, tshift_m },
	{ "UniqueEmailGenerator", "Unique Email", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, uemail_m },
	{ "UrlGenerator", "URL", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  N,  N, N, N, NULL, NULL },
	{ "XmlMaskGenerator", "XML Mask", DGS_COMP_XPATH,
	    N, N, U,  U, U, N,  N,  Y,  N, N, N, NULL, NULL },
};

#define NBUILTIN	(sizeof(builtin) / sizeof(builtin[0]))

/* What a loaded generator owns besides its entry. */
struct loaded_gen {
	struct dgs_generator	 g;
	char			*id;
	char			*label;
	char			**fallbacks;	/* NULL-terminated, or NULL */
	size_t			 idx;		/* element index in the file */
};

struct dgs_gen_table {
	struct loaded_gen	*v;
	size_t			 n;
	const char		**ids;	/* for did-you-mean */
};

struct dgs_preset_table {
	struct dgs_preset	*v;
	size_t			 n;
};

size_t
dgs_gen_builtin_count(void)
{
	return NBUILTIN;
}

const struct dgs_generator *
dgs_gen_builtin(size_t i)
{
	return i < NBUILTIN ? &builtin[i] : NULL;
}

static const struct dgs_generator *
find_builtin(const char *id)
{
	size_t lo = 0, hi = NBUILTIN, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strcmp(id, builtin[mid].id)) == 0)
			return &builtin[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

static const struct dgs_generator *
find_loaded(const struct dgs_gen_table *t, const char *id)
{
	size_t lo = 0, hi, mid;
	int c;

	if (t == NULL)
		return NULL;
	hi = t->n;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strcmp(id, t->v[mid].id)) == 0)
			return &t->v[mid].g;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

const struct dgs_generator *
dgs_gen_find(const struct dgs_options *o, const char *id)
{
	const struct dgs_generator *g;

	if (id == NULL)
		return NULL;
	if ((g = find_loaded(o->generators, id)) != NULL)
		return g;
	return find_builtin(id);
}

const char *
dgs_gen_closest(const struct dgs_options *o, const char *id)
{
	const char *cands[NBUILTIN], *best;
	size_t i;

	for (i = 0; i < NBUILTIN; i++)
		cands[i] = builtin[i].fallback_only ? NULL : builtin[i].id;
	if ((best = dgs_closest(id, cands, NBUILTIN)) != NULL)
		return best;
	if (o->generators != NULL)
		return dgs_closest(id, o->generators->ids, o->generators->n);
	return NULL;
}

static int
lower_ascii(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Copies s lowered into buf (size 65); 0 when s is too long. */
static int
lower_copy(char *buf, const char *s)
{
	size_t i;

	for (i = 0; s[i] != '\0'; i++) {
		if (i == 64)
			return 0;
		buf[i] = (char)lower_ascii((unsigned char)s[i]);
	}
	buf[i] = '\0';
	return 1;
}

const char *
dgs_gen_misspelt(const struct dgs_options *o, const char *id)
{
	const char *best = dgs_gen_closest(o, id), *k;
	char a[65], b[65];
	size_t i, j, len = strlen(id);

	if (best != NULL && lower_copy(a, id) && lower_copy(b, best) &&
	    a[0] == b[0] && dgs_edit_distance(a, b, 2) <= 2)
		return best;
	if (len < 4)
		return NULL;
	for (i = 0; i < NBUILTIN; i++) {
		k = builtin[i].id;
		if (builtin[i].fallback_only || strlen(k) <= len)
			continue;
		for (j = 0; j < len && lower_ascii((unsigned char)k[j]) ==
		    lower_ascii((unsigned char)id[j]); j++)
			continue;
		if (j == len)
			return k;
	}
	return NULL;
}

const struct dgs_gen_member *
dgs_gen_member(const struct dgs_generator *g, const char *name)
{
	const struct dgs_gen_member *m;

	if (g == NULL || g->members == NULL)
		return NULL;
	for (m = g->members; m->name != NULL; m++)
		if (dgs_name_eq(m->name, name))
			return m;
	return NULL;
}

int
dgs_gen_value_ok(const struct dgs_gen_member *m, const char *value)
{
	const char *const *v;

	if (m->values == NULL)
		return 1;
	for (v = m->values; *v != NULL; v++)
		if (dgs_strcasecmp(*v, value) == 0)
			return 1;
	return 0;
}

int
dgs_gen_composite(const struct dgs_generator *g)
{
	if (g == NULL || g->comp == DGS_COMP_UNSURE)
		return DGS_UNSURE;
	return g->comp != DGS_COMP_NONE;
}

int
dgs_gen_fallback_ok(const struct dgs_generator *g, const char *id)
{
	const char *const *f;

	if (g->fallback_ids == NULL)
		return 1;
	for (f = g->fallback_ids; *f != NULL; f++)
		if (strcmp(*f, id) == 0)
			return 1;
	return 0;
}

/*
 * Loading.
 */
static void
loaded_free(struct loaded_gen *lg)
{
	size_t k;

	free(lg->id);
	free(lg->label);
	if (lg->fallbacks != NULL)
		for (k = 0; lg->fallbacks[k] != NULL; k++)
			free(lg->fallbacks[k]);
	free(lg->fallbacks);
}

static void
gen_table_free(struct dgs_gen_table *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->n; i++)
		loaded_free(&t->v[i]);
	free(t->v);
	free(t->ids);
	free(t);
}

static void
preset_table_free(struct dgs_preset_table *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->n; i++) {
		free(t->v[i].id);
		free(t->v[i].name);
		free(t->v[i].generator_id);
	}
	free(t->v);
	free(t);
}

/* Frees what the loaders attached to the options: their catalog_free,
 * called by dgs_options_free(). */
static void
dgs_catalog_free(struct dgs_options *o)
{
	gen_table_free(o->generators);
	preset_table_free(o->presets);
	o->generators = NULL;
	o->presets = NULL;
}

/* Sets the options' last error message and returns rc.  The message
 * quotes ids from the file: callers print it as it is, so the file's
 * control characters and bytes that are not UTF-8 are made visible. */
static int
fail(struct dgs_options *o, const char **why, int rc, const char *fmt, ...)
    DGS_PRINTF(4, 5);

static int
fail(struct dgs_options *o, const char **why, int rc, const char *fmt, ...)
{
	struct dgs_buf raw = { 0 }, b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	dgs_buf_vaddf(&raw, fmt, ap);
	va_end(ap);
	if (raw.oom)
		b.oom = 1;
	else
		dgs_buf_add_clean(&b, raw.s, 1);
	dgs_buf_free(&raw);
	free(o->why);
	o->why = b.oom ? NULL : b.s;
	if (b.oom)
		dgs_buf_free(&b);
	if (why != NULL)
		*why = o->why != NULL ? o->why : "out of memory";
	return rc;
}

/* Parses buf as one JSON array, strictly. */
static struct json_object *
parse_array(struct dgs_options *o, const char *buf, size_t len,
    const char *what, const char **why, int *rc)
{
	struct json_tokener *tok;
	struct json_object *root;
	enum json_tokener_error jerr;
	size_t start = 0, end, i;
	unsigned long line = 1, col = 1;

	*rc = 0;
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	for (i = start; i < len; i++)
		if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\n' &&
		    buf[i] != '\r')
			break;
	if (i == len) {
		*rc = fail(o, why, DGS_ECONFIG, "the file is empty; expected "
		    "an array of %s", what);
		return NULL;
	}
	if (len - start > 0x7fffffff) {
		*rc = fail(o, why, DGS_ECONFIG, "the file is too large");
		return NULL;
	}
	if ((tok = json_tokener_new()) == NULL) {
		*rc = fail(o, why, DGS_ENOMEM, "out of memory");
		return NULL;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	root = json_tokener_parse_ex(tok, buf + start, (int)(len - start));
	jerr = json_tokener_get_error(tok);
	end = start + json_tokener_get_parse_end(tok);
	if (root == NULL && jerr == json_tokener_continue)
		jerr = json_tokener_error_parse_eof;
	else if (root != NULL && jerr == json_tokener_success) {
		/* Only white space may follow. */
		for (i = end; i < len; i++)
			if (buf[i] != ' ' && buf[i] != '\t' &&
			    buf[i] != '\n' && buf[i] != '\r')
				break;
		if (i < len) {
			json_object_put(root);
			root = NULL;
			end = i;
			jerr = json_tokener_error_parse_unexpected;
		}
	}
	json_tokener_free(tok);
	if (root == NULL) {
		for (i = start; i < end && i < len; i++) {
			if (buf[i] == '\n') {
				line++;
				col = 1;
			} else if (((unsigned char)buf[i] & 0xc0) != 0x80)
				col++;
		}
		*rc = fail(o, why, DGS_ECONFIG, "not valid JSON: %s at line "
		    "%lu, column %lu", json_tokener_error_desc(jerr), line,
		    col);
		return NULL;
	}
	if (!json_object_is_type(root, json_type_array)) {
		*rc = fail(o, why, DGS_ECONFIG, "expected an array of %s, "
		    "not %s", what, dgs_type_words(root));
		json_object_put(root);
		return NULL;
	}
	return root;
}

/* Reads an optional boolean member into *out (left alone when absent or
 * null).  Returns 0, or -1 when it has another type. */
static int
opt_bool(struct json_object *e, const char *key, unsigned char *out)
{
	struct json_object *v;

	if (!json_object_object_get_ex(e, key, &v) || v == NULL)
		return 0;
	if (!json_object_is_type(v, json_type_boolean))
		return -1;
	*out = json_object_get_boolean(v) ? DGS_YES : DGS_NO;
	return 0;
}

static int
id_cmp(const void *a, const void *b)
{
	const struct loaded_gen *x = a, *y = b;
	int c = strcmp(x->id, y->id);

	/* Equal ids: the later element first, so that it wins. */
	if (c == 0)
		return x->idx < y->idx ? 1 : -1;
	return c;
}

/* Fills one loaded entry from element e (index i).  Returns 0, or an
 * error code after setting the message. */
static int
load_one(struct dgs_options *o, struct json_object *e, size_t i,
    struct loaded_gen *lg, const char **why)
{
	static const struct {
		const char	*key;
		size_t		 off;
	} bools[] = {
		{ "canPartition", offsetof(struct dgs_generator, partition) },
		{ "canPartitionBy",
		    offsetof(struct dgs_generator, partition_by) },
		{ "canLink", offsetof(struct dgs_generator, link) },
		{ "canBeConsistent", offsetof(struct dgs_generator, cons_self) },
		{ "canBeConsistentOn",
		    offsetof(struct dgs_generator, cons_other) },
		{ "isImplicitlyConsistent",
		    offsetof(struct dgs_generator, implicit) },
		{ "canBeDifferentiallyPrivate",
		    offsetof(struct dgs_generator, dp) },
		{ "hasFallback", offsetof(struct dgs_generator, fallback) },
	};
	const struct dgs_generator *base;
	struct json_object *v, *f;
	const char *id, *label;
	size_t k, n;

	if (!json_object_is_type(e, json_type_object))
		return fail(o, why, DGS_ECONFIG, "element %zu: expected a "
		    "generator object, not %s", i, dgs_type_words(e));
	if ((id = dgs_get_str(e, "generatorId")) == NULL || *id == '\0')
		return fail(o, why, DGS_ECONFIG, "element %zu: `generatorId` "
		    "must be a non-empty string", i);
	label = dgs_get_str(e, "generatorLabel");
	if (json_object_object_get_ex(e, "generatorLabel", &v) && v != NULL &&
	    label == NULL)
		return fail(o, why, DGS_ECONFIG, "element %zu (%s): "
		    "`generatorLabel` must be a string", i, id);
	if ((base = find_builtin(id)) != NULL)
		lg->g = *base;
	else {
		/* A generator this version does not know: allow all. */
		memset(&lg->g, 0, sizeof(lg->g));
		lg->g.comp = DGS_COMP_UNSURE;
		lg->g.partition = lg->g.partition_by = lg->g.link = DGS_UNSURE;
		lg->g.cons_self = lg->g.cons_other = DGS_UNSURE;
		lg->g.dp = lg->g.fallback = DGS_UNSURE;
		lg->g.implicit = DGS_NO;
		lg->g.open = 1;
	}
	for (k = 0; k < sizeof(bools) / sizeof(bools[0]); k++)
		if (opt_bool(e, bools[k].key,
		    (unsigned char *)&lg->g + bools[k].off) != 0)
			return fail(o, why, DGS_ECONFIG, "element %zu (%s): "
			    "`%s` must be true or false", i, id,
			    bools[k].key);
	if ((lg->id = dgs_strdup(id)) == NULL ||
	    (label != NULL && (lg->label = dgs_strdup(label)) == NULL))
		return fail(o, why, DGS_ENOMEM, "out of memory");
	lg->g.id = lg->id;
	lg->g.label = lg->label != NULL ? lg->label :
	    base != NULL ? base->label : lg->id;
	lg->g.inferred = 0;
	if (json_object_object_get_ex(e, "fallbackGeneratorIds", &v) &&
	    v != NULL) {
		if (!json_object_is_type(v, json_type_array))
			return fail(o, why, DGS_ECONFIG, "element %zu (%s): "
			    "`fallbackGeneratorIds` must be an array of "
			    "strings", i, id);
		n = json_object_array_length(v);
		/* An empty list restricts nothing. */
		lg->g.fallback_ids = NULL;
		if (n > 0) {
			if ((lg->fallbacks = calloc(n + 1,
			    sizeof(*lg->fallbacks))) == NULL)
				return fail(o, why, DGS_ENOMEM,
				    "out of memory");
			for (k = 0; k < n; k++) {
				f = json_object_array_get_idx(v, k);
				if (!json_object_is_type(f, json_type_string))
					return fail(o, why, DGS_ECONFIG,
					    "element %zu (%s): "
					    "`fallbackGeneratorIds` must be "
					    "an array of strings", i, id);
				if ((lg->fallbacks[k] = dgs_strdup(
				    json_object_get_string(f))) == NULL)
					return fail(o, why, DGS_ENOMEM,
					    "out of memory");
			}
			lg->g.fallback_ids =
			    (const char *const *)lg->fallbacks;
		}
	}
	return 0;
}

/* What both loaders do first: check the arguments, refuse options that
 * share their catalogues, and parse the array.  NULL with *rc set. */
static struct json_object *
load_start(struct dgs_options *o, const char *buf, size_t len,
    const char *what, const char **why, int *rc)
{
	if (why != NULL)
		*why = NULL;
	if (o == NULL || (buf == NULL && len > 0)) {
		*rc = DGS_EINVAL;
		return NULL;
	}
	if (o->shared) {
		*rc = fail(o, why, DGS_EINVAL, "these options share the "
		    "catalogues of the ones they were copied from; load into "
		    "those");
		return NULL;
	}
	o->catalog_free = dgs_catalog_free;
	return parse_array(o, buf, len, what, why, rc);
}

int
dgs_options_load_generators(struct dgs_options *o, const char *buf,
    size_t len, const char **why)
{
	struct json_object *root;
	struct dgs_gen_table *t;
	size_t i, j, n;
	int rc;

	if ((root = load_start(o, buf, len, "generator metadata objects "
	    "(the GET /api/GeneratorMetadata response)", why, &rc)) == NULL)
		return rc;
	n = json_object_array_length(root);
	if ((t = calloc(1, sizeof(*t))) == NULL ||
	    (n > 0 && (t->v = calloc(n, sizeof(*t->v))) == NULL)) {
		free(t);
		json_object_put(root);
		return fail(o, why, DGS_ENOMEM, "out of memory");
	}
	for (i = 0; i < n; i++) {
		t->n = i + 1;
		t->v[i].idx = i;
		if ((rc = load_one(o, json_object_array_get_idx(root, i), i,
		    &t->v[i], why)) != 0) {
			gen_table_free(t);
			json_object_put(root);
			return rc;
		}
	}
	json_object_put(root);
	/* By id, the latest of equal ids first; keep the first of each. */
	if (n > 1)
		qsort(t->v, n, sizeof(*t->v), id_cmp);
	for (i = j = 0; i < n; i++) {
		if (j > 0 && strcmp(t->v[j - 1].id, t->v[i].id) == 0)
			loaded_free(&t->v[i]);
		else
			t->v[j++] = t->v[i];
	}
	t->n = j;
	if (j > 0 && (t->ids = calloc(j, sizeof(*t->ids))) == NULL) {
		gen_table_free(t);
		return fail(o, why, DGS_ENOMEM, "out of memory");
	}
	for (i = 0; i < j; i++)
		t->ids[i] = t->v[i].id;
	gen_table_free(o->generators);
	o->generators = t;
	return 0;
}

static int
preset_cmp(const void *a, const void *b)
{
	const struct dgs_preset *x = a, *y = b;

	return strcmp(x->id, y->id);
}

int
dgs_options_load_presets(struct dgs_options *o, const char *buf,
    size_t len, const char **why)
{
	struct json_object *root, *e, *v;
	struct dgs_preset_table *t;
	const char *id = NULL, *gid = NULL, *name;
	size_t i, n;
	int rc;

	if ((root = load_start(o, buf, len, "generator presets (objects "
	    "with `id` and `generatorId`)", why, &rc)) == NULL)
		return rc;
	n = json_object_array_length(root);
	if ((t = calloc(1, sizeof(*t))) == NULL ||
	    (n > 0 && (t->v = calloc(n, sizeof(*t->v))) == NULL)) {
		free(t);
		json_object_put(root);
		return fail(o, why, DGS_ENOMEM, "out of memory");
	}
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(root, i);
		rc = 0;
		if (!json_object_is_type(e, json_type_object))
			rc = fail(o, why, DGS_ECONFIG, "element %zu: expected "
			    "a preset object, not %s", i, dgs_type_words(e));
		else if ((id = dgs_get_str(e, "id")) == NULL || *id == '\0')
			rc = fail(o, why, DGS_ECONFIG, "element %zu: `id` "
			    "must be a non-empty string", i);
		else if ((gid = dgs_get_str(e, "generatorId")) == NULL ||
		    *gid == '\0')
			rc = fail(o, why, DGS_ECONFIG, "element %zu (%s): "
			    "`generatorId` must be a non-empty string", i, id);
		else if (json_object_object_get_ex(e, "name", &v) &&
		    v != NULL && !json_object_is_type(v, json_type_string))
			rc = fail(o, why, DGS_ECONFIG, "element %zu (%s): "
			    "`name` must be a string", i, id);
		if (rc == 0) {
			name = dgs_get_str(e, "name");
			t->n = i + 1;
			if ((t->v[i].id = dgs_strdup(id)) == NULL ||
			    (t->v[i].generator_id = dgs_strdup(gid)) == NULL ||
			    (name != NULL &&
			    (t->v[i].name = dgs_strdup(name)) == NULL))
				rc = fail(o, why, DGS_ENOMEM, "out of memory");
		}
		if (rc != 0) {
			t->n = i + 1;
			preset_table_free(t);
			json_object_put(root);
			return rc;
		}
	}
	json_object_put(root);
	if (n > 1)
		qsort(t->v, n, sizeof(*t->v), preset_cmp);
	preset_table_free(o->presets);
	o->presets = t;
	return 0;
}

const struct dgs_preset *
dgs_preset_find(const struct dgs_options *o, const char *id)
{
	const struct dgs_preset_table *t = o->presets;
	size_t lo = 0, hi, mid;
	int c;

	if (t == NULL || id == NULL)
		return NULL;
	hi = t->n;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if ((c = strcmp(id, t->v[mid].id)) == 0)
			return &t->v[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

int
dgs_presets_loaded(const struct dgs_options *o)
{
	return o->presets != NULL;
}
