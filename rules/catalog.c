/*
 * catalog.c: the generator catalogue.  The built-in table holds every
 * generator of domain.md section 2.2 whose id is known, with the
 * capabilities and metadata members the research confirmed; what it does
 * not know is DGS_UNSURE, which every rule treats as allowed.  The
 * lookups here find an id in the catalogue a saved GET
 * /api/GeneratorMetadata response loaded (catalog_load.c) first, which
 * overrides the capabilities of the ids it lists and adds new ones, then
 * in the built-in table; and a custom preset in a loaded preset list.
 * Everything here is read-only once loaded, so options may be shared by
 * threads.
 */
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "catalog.h"

/*
 * Where each fact comes from.  A generator's source is the page its row
 * of domain.md 2.2 was read from (id, name, consistency, linking, and the
 * settings marked GEN_PAGE); the other capabilities have their own
 * (partitioning: spec 2.3; partition-by columns, differential privacy:
 * the generator-characteristics pages; fallbacks: see fallback_src()).
 * INFERRED marks a fact no public source states: a finding that rests on
 * one alone is at most a warning and says so (DGS429).
 */
#define API_REF(slug)	"https://docs.tonic.ai/app/api/quick-start-guide/" \
	"tonic-api-generator-assignment/generator-api-reference/" \
	"generator-api-ref-" slug
#define GEN_REF(slug)	"https://docs.tonic.ai/app/generation/generators/" \
	"generator-reference/" slug
/* The generator's page in the generator reference, whose address
 * domain.md does not record. */
#define GEN_INDEX	"https://docs.tonic.ai/app/generation/generators/" \
	"generator-reference (its page)"
/* The API reference, for a generator seen only in another's example. */
#define API_EXAMPLE(name)	"https://docs.tonic.ai/app/api/" \
	"quick-start-guide/tonic-api-generator-assignment/" \
	"generator-api-reference (the " name " example)"
#define ADAPTER		"github.com/agile-lab-dev/TonicAI-Adapter " \
	"specific-provisioner/src/models/tonic.py"
#define GEN_PAGE	NULL		/* the generator's own source */
#define CHARACTERISTICS	"https://docs.tonic.ai/app/generation/generators/" \
	"generator-characteristics/"
#define PARTITIONING	CHARACTERISTICS "partitioning"
#define DP_PAGE		CHARACTERISTICS "differential-privacy"
#define CONSISTENCY	CHARACTERISTICS "consistency"
#define LINKING		CHARACTERISTICS "linking-generators"
#define INFERRED	DGS_SRC_INFERRED

#define N	DGS_NO
#define Y	DGS_YES
#define U	DGS_UNSURE

static const struct dgs_gen_member address_m[] = {
	{ "addressType", DGS_T_STRING, NULL,
	    API_REF("address") },	/* City, Zip, ...: incomplete */
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member ascii_m[] = {
	{ "excludeLowercaseAlphabet", DGS_T_BOOL, NULL, INFERRED },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member categorical_m[] = {
	{ "epsilon", DGS_T_NUM, NULL, API_REF("categorical") },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member conditional_m[] = {
	{ "defaultGenerator", DGS_T_OBJECT, NULL, GEN_REF("conditional") },
	{ "conditionalGenerators", DGS_T_ARRAY, NULL, GEN_REF("conditional") },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member constant_m[] = {
	{ "constant", DGS_T_STRING, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member csv_m[] = {
	{ "delimiter", DGS_T_STRING, NULL, INFERRED },
	{ "isDefaultGenerator", DGS_T_BOOL, NULL, INFERRED },
	{ NULL, 0, NULL, NULL }
};
static const char *const date_parts[] = {
	"year", "month", "day", "hour", "minute", "second", NULL
};
static const struct dgs_gen_member datetrunc_m[] = {
	{ "datePart", DGS_T_STRING, date_parts, GEN_PAGE },
	{ "isBirthDate", DGS_T_BOOL, NULL, INFERRED },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member email_m[] = {
	{ "domain", DGS_T_STRING, NULL, INFERRED },
	{ "excludedDomain", 0, NULL, GEN_PAGE },
	{ "replaceInvalidEmails", DGS_T_BOOL, NULL, ADAPTER },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member event_m[] = {
	{ "eventOrder", DGS_T_INT, NULL, API_REF("event-timestamps") },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member findreplace_m[] = {
	{ "find", DGS_T_STRING, NULL, INFERRED },
	{ "useRegex", DGS_T_BOOL, NULL, INFERRED },
	{ "replace", DGS_T_STRING, NULL, INFERRED },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member intpk_m[] = {
	{ "min", DGS_T_NUM, NULL, INFERRED },
	{ "max", DGS_T_NUM, NULL, INFERRED },
	{ "rangeOption", DGS_T_STRING, NULL,
	    GEN_PAGE },	/* "Int64", ...: incomplete */
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member intladdress_m[] = {
	{ "internationalAddressCountry", DGS_T_STRING, NULL, GEN_PAGE },
	{ "internationalAddressComponent", DGS_T_STRING, NULL, GEN_PAGE },
	{ "addressComponentFallback", 0, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member json_m[] = {
	{ "jsonFilterTypes", DGS_T_ARRAY, NULL, API_REF("json-mask") },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member name_m[] = {
	{ "nameType", DGS_T_STRING, NULL,
	    ADAPTER },	/* LastCommaFirstName, ... */
	{ "preserveCapitalization", DGS_T_BOOL, NULL, ADAPTER },
	{ NULL, 0, NULL, NULL }
};
static const char *const noise_strategies[] = {
	"additive", "multiplicative", NULL
};
static const struct dgs_gen_member noise_m[] = {
	{ "noiseStrategy", DGS_T_STRING, noise_strategies, GEN_PAGE },
	{ "min", DGS_T_NUM, NULL, INFERRED },
	{ "max", DGS_T_NUM, NULL, INFERRED },
	{ "ratio", DGS_T_NUM, NULL, INFERRED },
	{ "decimalPlaces", DGS_T_NUM, NULL, INFERRED },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member randint_m[] = {
	{ "min", DGS_T_NUM, NULL, ADAPTER },
	{ "max", DGS_T_NUM, NULL, ADAPTER },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member randts_m[] = {
	{ "minDate", DGS_T_STRING, NULL, API_REF("random-timestamp") },
	{ "maxDate", DGS_T_STRING, NULL, API_REF("random-timestamp") },
	{ "minTime", DGS_T_STRING, NULL, API_REF("random-timestamp") },
	{ "maxTime", DGS_T_STRING, NULL, API_REF("random-timestamp") },
	{ "dateTimeFormat", DGS_T_STRING, NULL, API_REF("random-timestamp") },
	{ "unixTimestampFormat", DGS_T_STRING, NULL,
	    API_REF("random-timestamp") },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member regex_m[] = {
	{ "pattern", DGS_T_STRING, NULL, GEN_REF("regex-mask") },
	{ "replaceAllMatches", DGS_T_BOOL, NULL, INFERRED },
	{ "captureGroupMetadata", DGS_T_ARRAY, NULL, GEN_REF("regex-mask") },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member arrayregex_m[] = {
	{ "pattern", DGS_T_STRING, NULL, GEN_REF("regex-mask") },
	{ "replaceAllMatches", DGS_T_BOOL, NULL, INFERRED },
	{ "captureGroupMetadata", DGS_T_ARRAY, NULL, GEN_REF("regex-mask") },
	{ "captureGroupSubGenerators", 0, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member tshift_m[] = {
	{ "dateFormat", DGS_T_STRING, NULL,
	    GEN_REF("timestamp-shift-generator") },
	{ "unixTimestampFormat", DGS_T_STRING, NULL,
	    API_REF("timestamp-shift") },
	{ "datePart", DGS_T_STRING, NULL,
	    API_REF("timestamp-shift") },	/* "Day", ...: incomplete */
	{ "minShiftValue", DGS_T_NUM, NULL, API_REF("timestamp-shift") },
	{ "maxShiftValue", DGS_T_NUM, NULL, API_REF("timestamp-shift") },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member uemail_m[] = {
	{ "domain", DGS_T_STRING, NULL, INFERRED },
	{ "replaceInvalidEmails", DGS_T_BOOL, NULL, INFERRED },
	{ NULL, 0, NULL, NULL }
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
	    N, N, Y,  Y, Y, N,  N,  N,  N, N, N, NULL, address_m,
	    API_REF("address") },
	{ "AlphaNumericPkGenerator", "Alphanumeric String Key", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  Y, N, N, NULL, NULL,
	    GEN_INDEX },
	{ "ArrayJsonMaskGenerator", "Array JSON Mask", DGS_COMP_JSONPATH,
	    N, N, U,  U, U, N,  N,  U,  N, N, N, NULL, json_m,
	    GEN_INDEX },
	{ "ArrayRegexMaskGenerator", "Array Regex Mask", DGS_COMP_REGEX,
	    N, N, U,  U, U, N,  N,  U,  N, N, N, NULL, arrayregex_m,
	    GEN_REF("regex-mask") },
	{ "ArrayTextMaskGenerator", "Array Character Scramble", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  Y, N, N, NULL, NULL,
	    GEN_INDEX },
	{ "AsciiPkGenerator", "ASCII Key", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, ascii_m,
	    GEN_INDEX },
	{ "BusinessNameGenerator", "Business Name", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  N,  Y, N, N, NULL, NULL,
	    GEN_INDEX },
	{ "CategoricalGenerator", "Categorical", DGS_COMP_NONE,
	    N, Y, Y,  N, N, N,  Y,  N,  N, N, N, NULL, categorical_m,
	    API_REF("categorical") },
	{ "ConditionalGenerator", "Conditional", DGS_COMP_CONDITIONAL,
	    N, N, U,  U, U, N,  N,  U,  N, N, N, NULL, conditional_m,
	    GEN_REF("conditional") },
	{ "ConstantGenerator", "Constant", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  N,  N, N, N, NULL, constant_m,
	    GEN_INDEX },
	{ "CsvMaskGenerator", "CSV Mask", DGS_COMP_CSV,
	    N, N, U,  U, U, N,  N,  U,  N, N, N, NULL, csv_m,
	    GEN_INDEX },
	{ "CustomCategoricalGenerator", "Custom Categorical", DGS_COMP_NONE,
	    N, N, Y,  Y, Y, N,  N,  N,  Y, N, Y, NULL, NULL,
	    GEN_INDEX },
	{ "DateTruncationGenerator", "Date Truncation", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  N,  N, N, N, NULL, datetrunc_m,
	    GEN_INDEX },
	{ "EmailGenerator", "Email", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, email_m,
	    GEN_INDEX },
	{ "EventGenerator", "Event Timestamps", DGS_COMP_NONE,
	    Y, N, Y,  N, N, N,  N,  N,  N, N, N, NULL, event_m,
	    API_REF("event-timestamps") },
	{ "FindAndReplaceGenerator", "Find and Replace", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  N,  N, N, N, NULL, findreplace_m,
	    GEN_INDEX },
	{ "GaussianGenerator", "Continuous", DGS_COMP_NONE,
	    Y, N, Y,  N, N, N,  Y,  N,  N, N, N, NULL, NULL,
	    API_REF("continuous") },
	{ "GeoGenerator", "Geo", DGS_COMP_NONE,
	    N, N, U,  U, U, N,  U,  U,  Y, N, N, NULL, NULL,
	    API_EXAMPLE("Array JSON Mask") },
	{ "HtmlMaskGenerator", "HTML Mask", DGS_COMP_XPATH,
	    N, N, U,  U, U, N,  N,  Y,  N, N, N, NULL, NULL,
	    API_REF("html-mask") },
	{ "IntegerPkGenerator", "Integer Key", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, intpk_m,
	    GEN_INDEX },
	{ "InternationalAddressGenerator", "International Address",
	    DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, intladdress_m,
	    GEN_INDEX },
	{ "JsonMaskGenerator", "JSON Mask", DGS_COMP_JSONPATH,
	    N, N, U,  U, U, N,  N,  Y,  N, N, N, NULL, json_m,
	    API_REF("json-mask") },
	{ "NameGenerator", "Name", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, name_m,
	    GEN_INDEX },
	{ "NoFallbackGenerator", "No fallback (fail)", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  N,  Y, Y, N, NULL, NULL,
	    API_REF("timestamp-shift") },
	{ "NoiseGenerator", "Noise Generator", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  N,  N, N, N, NULL, noise_m,
	    GEN_INDEX },
	{ "NullGenerator", "Null", DGS_COMP_NONE,
	    N, N, U,  U, U, N,  U,  U,  Y, N, N, NULL, NULL,
	    API_REF("timestamp-shift") },
	{ "PassthroughGenerator", "Passthrough", DGS_COMP_NONE,
	    N, Y, N,  N, N, N,  N,  N,  N, N, N, NULL, NULL,
	    API_REF("passthrough") },
	{ "RandomIntegerGenerator", "Random Integer", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  U,  N,  N, N, N, NULL, randint_m,
	    GEN_INDEX },
	{ "RandomTimestampGenerator", "Random Timestamp", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  N,  N, N, N, NULL, randts_m,
	    API_REF("random-timestamp") },
	{ "RegexMaskGenerator", "Regex Mask", DGS_COMP_REGEX,
	    N, N, U,  U, U, N,  N,  U,  N, N, N, NULL, regex_m,
	    GEN_REF("regex-mask") },
	{ "StringMaskGenerator", "Character Substitution", DGS_COMP_NONE,
	    N, N, N,  N, N, Y,  N,  N,  N, N, N, NULL, NULL,
	    GEN_INDEX },
	{ "StructMaskGenerator", "Struct Mask", DGS_COMP_JSONPATH,
	    N, N, U,  U, U, N,  N,  U,  N, N, N, NULL, json_m,
	    GEN_INDEX },
	{ "TextMaskGenerator", "Character Scramble", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, NULL,
	    API_REF("character-scramble") },
	{ "TimestampShiftGenerator", "Timestamp Shift", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  Y,  N, N, N, tshift_fallbacks, tshift_m,
	    API_REF("timestamp-shift") },
	{ "UniqueEmailGenerator", "Unique Email", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  N,  N, N, N, NULL, uemail_m,
	    GEN_INDEX },
	{ "UrlGenerator", "URL", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  N,  N, N, N, NULL, NULL,
	    GEN_INDEX },
	{ "XmlMaskGenerator", "XML Mask", DGS_COMP_XPATH,
	    N, N, U,  U, U, N,  N,  Y,  N, N, N, NULL, NULL,
	    GEN_REF("xml-mask") },
};

#define NBUILTIN	(sizeof(builtin) / sizeof(builtin[0]))

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

int
dgs_src_inferred(const char *source)
{
	return source != NULL && strcmp(source, DGS_SRC_INFERRED) == 0;
}

int
dgs_gen_is_builtin(const struct dgs_generator *g)
{
	size_t i;

	/* Equality only: g may point into a loaded table. */
	for (i = 0; i < NBUILTIN; i++)
		if (g == &builtin[i])
			return 1;
	return 0;
}

const char *
dgs_gen_member_source(const struct dgs_generator *g,
    const struct dgs_gen_member *m)
{
	return m->source != NULL ? m->source : g->source;
}

const char *
dgs_gen_fallback_source(const struct dgs_generator *g)
{
	if (!dgs_gen_is_builtin(g))
		return DGS_SRC_LOADED;
	/* The documentation names the generators that have a fallback; that
	 * the others have none is our reading. */
	return g->fallback == DGS_NO ? DGS_SRC_INFERRED : g->source;
}

const struct dgs_generator *
dgs_gen_builtin_find(const char *id)
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
	return dgs_gen_builtin_find(id);
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

int
dgs_gen_misspelt_unique(const struct dgs_options *o, const char *id,
    const char *best)
{
	const char *ids[NBUILTIN];
	size_t i, n = 0;

	/* A known id cut short may be the start of several. */
	if (strlen(best) > strlen(id) + 2)
		return 0;
	for (i = 0; i < NBUILTIN; i++)
		if (!builtin[i].fallback_only)
			ids[n++] = builtin[i].id;
	return dgs_closest_safety(id, best, ids, n) == DGS_FIX_SAFE &&
	    (o->generators == NULL || dgs_closest_safety(id, best,
	    o->generators->ids, o->generators->n) == DGS_FIX_SAFE);
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

/*
 * The catalogue's sources, for --explain and dgslint-rules(7).
 */
static void
src_line(struct dgs_buf *b, const struct dgs_generator *g)
{
	const struct dgs_gen_member *m;
	const char *ms;
	int inferred = 0, other = 0;

	dgs_buf_addf(b, "  %s (%s): %s%s\n", g->id, g->label, g->source,
	    g->inferred ? "; the id itself: inferred" : "");
	for (m = g->members; m != NULL && m->name != NULL; m++) {
		ms = dgs_gen_member_source(g, m);
		if (dgs_src_inferred(ms))
			inferred = 1;
		else if (ms != g->source)
			other = 1;
	}
	if (other) {
		dgs_buf_adds(b, "    settings:");
		for (m = g->members; m->name != NULL; m++)
			if ((ms = dgs_gen_member_source(g, m)) != g->source &&
			    !dgs_src_inferred(ms))
				dgs_buf_addf(b, " %s (%s)", m->name, ms);
		dgs_buf_addc(b, '\n');
	}
	if (inferred) {
		dgs_buf_adds(b, "    inferred types:");
		for (m = g->members; m->name != NULL; m++)
			if (dgs_src_inferred(dgs_gen_member_source(g, m)))
				dgs_buf_addf(b, " %s", m->name);
		dgs_buf_addc(b, '\n');
	}
}

char *
dgs_rule_sources(const struct dgs_rule_info *r)
{
	struct dgs_buf b = { 0 };
	size_t i;

	if (r == NULL || (strncmp(r->id, "DGS4", 4) != 0 &&
	    strcmp(r->id, "DGS706") != 0 && strcmp(r->id, "DGS708") != 0))
		return NULL;
	dgs_buf_adds(&b, "Sources of the built-in catalogue (--generators FILE "
	    "overrides the capabilities; see GENERATOR CATALOGUE in "
	    "dgslint-rules(7)).  Partitioning: spec 2.3.  Partition-by "
	    "columns: " PARTITIONING ".  Differential privacy: " DP_PAGE
	    ".  Consistency: " CONSISTENCY " and each generator's page.  "
	    "Linking: " LINKING " and each generator's page.  Fallbacks: "
	    "the pages of Timestamp Shift and the XML, HTML and JSON Masks; "
	    "that other generators have none is inferred.  Each generator, "
	    "its id, name, consistency, linking and settings:\n");
	for (i = 0; i < NBUILTIN; i++)
		src_line(&b, &builtin[i]);
	if (b.oom) {
		dgs_buf_free(&b);
		return NULL;
	}
	return b.s;
}
