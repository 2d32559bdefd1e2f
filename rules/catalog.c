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
