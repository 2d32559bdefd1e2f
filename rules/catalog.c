/*
 * catalog.c: the generator catalogue.  The built-in table holds every
 * generator whose id the public documentation gives (each generator's
 * page in the Generator API reference, and the generator reference's
 * "Generator ID (for the API)"), with the capabilities and metadata
 * members it states, each with its source; what it does not settle is
 * DGS_UNSURE, which every rule treats as allowed.  Generators named
 * elsewhere whose ids no page gives (Numeric String Key, Credit
 * Card, Random Hash, Random UUID: see ID_NF) are not in it.  The
 * lookups here find an id in the catalogue a saved GET
 * /api/GeneratorMetadata response loaded (catalog_load.c) first, which
 * overrides the capabilities of the ids it lists and adds new ones, then
 * in the built-in table; and a custom preset in a loaded preset list.
 * Everything here is read-only once loaded, so options may be shared by
 * threads.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "catalog.h"
#include "database.h"

/*
 * Where each fact comes from.  Every cell of the table that says yes or
 * no carries its source: the page that states it and, where one sentence
 * does, that sentence (each cell of a record of generators.def).  A cell no
 * public source settles is DGS_UNSURE, and may carry a note of what was
 * searched for (NOT_FOUND()); rules never flag what rests on it above
 * info.  A generator's own source gives its id and name, and the settings
 * whose source is GEN_PAGE.  The pages are those of docs.tonic.ai;
 * "API ref" is the Generator API reference, whose "Link object structure" section
 * states linking, consistency and differential privacy in a sentence or
 * two, and whose link template lists the generator's settings; "the
 * generator reference" is the user guide, whose Characteristics table
 * gives them too.  INFERRED marks a setting's type no public source
 * states: a finding that rests on one alone is at most a warning and says
 * so (DGS429); none is left.
 */
#define API_REF(slug)	"https://docs.tonic.ai/app/api/quick-start-guide/" \
	"tonic-api-generator-assignment/generator-api-reference/" \
	"generator-api-ref-" slug
/* API reference pages whose addresses do not follow the pattern. */
#define API_REF_BUSINESS "https://docs.tonic.ai/app/api/quick-start-guide/" \
	"tonic-api-generator-assignment/generator-api-reference/" \
	"generator-api-businessnamegenerator"
#define API_REF_INTL	"https://docs.tonic.ai/app/api/quick-start-guide/" \
	"tonic-api-generator-assignment/generator-api-reference/" \
	"international-address-internationaladdressgenerator"
#define API_REF_IBAN	"https://docs.tonic.ai/app/api/quick-start-guide/" \
	"tonic-api-generator-assignment/generator-api-reference/" \
	"iban-ibangenerator"
#define API_REF_TEXTCOMP "https://docs.tonic.ai/app/api/quick-start-guide/" \
	"tonic-api-generator-assignment/generator-api-reference/" \
	"text-composition-textcompositiongenerator"
#define GEN_REF(slug)	"https://docs.tonic.ai/app/generation/generators/" \
	"generator-reference/" slug
#define ADAPTER		"github.com/agile-lab-dev/TonicAI-Adapter " \
	"specific-provisioner/src/models/tonic.py"
#define GEN_PAGE	NULL		/* the generator's own source */
#define CHARACTERISTICS	"https://docs.tonic.ai/app/generation/generators/" \
	"generator-characteristics/"
#define DP_PAGE		CHARACTERISTICS "differential-privacy"
#define PRESETS_PAGE	"https://docs.tonic.ai/app/generation/generators/" \
	"generator-presets"
#define INFERRED	DGS_SRC_INFERRED
/* A page and the sentence of it that states a fact. */
#define SAYS(page, quote)	page " \"" quote "\""
#define NOT_FOUND(what)	DGS_SRC_NOT_FOUND what

/* What states partitioning for every generator: the replacement's
 * columns to partition by, which only two generators' pages say their
 * generator supports; and the sentence of the partition-by columns. */
#define STRUCTURE_PAGE	"https://docs.tonic.ai/app/api/quick-start-guide/" \
	"tonic-api-generator-assignment/" \
	"tonic-api-generator-assignment-structure"
#define PARTITION_SRC	STRUCTURE_PAGE " (a replacement's \"Columns to use " \
	"for partitioning\"): of the generators' pages, only Continuous's " \
	"and Event Timestamps' say their generator \"does support " \
	"partitioning\""
#define PARTITION_BY_SRC SAYS(GEN_REF("event-timestamps"), "The selected " \
	"columns must have their generator set to either Passthrough or " \
	"Categorical.")

/* The note of a composite's linking cell (UNSURE): its linking is its
 * sub-generators'. */
#define SUBS_LINK(page)	NOT_FOUND("linking is not the generator's own: " \
	SAYS(page, "Linking: Determined by the selected sub-generators."))

/* What was searched for the fallback of the generators whose pages name
 * none, said once by --explain (their cells carry no note).  A page that
 * names no fallback does not say the generator has none, so the cell
 * stays unknown.  The public repositories hold no generator catalogue but
 * the third-party adapter's model, which has no fallbacks per generator. */
#define FALLBACK_NF	"Timestamp Shift, Date Truncation and the JSON, XML " \
	"and HTML Masks name a fallback in `fallBackLinks`; the Conditional " \
	"generator's page mentions one without saying how it is given (\"If " \
	"a fallback generator is selected, then the lower of either 5 or the " \
	"fallback generator.\"), and Algebraic \"defaults to the Categorical " \
	"generator\" when it finds no relationship; the others' is not known " \
	"(each generator's API reference and generator reference page " \
	"searched for \"fallback generator\", \"fallbacklinks\", " \
	"\"hasFallback\")"

/* Generators named elsewhere whose ids no page gives, so that the
 * table lacks them, and what was searched for their ids. */
#define ID_NF		"Numeric String Key, Credit Card, Random Hash and " \
	"Random UUID: no page of Tonic's documentation (docs.tonic.ai) gives " \
	"their ids (searched " \
	"\"Numeric String Key generator Generator ID for the API\", \"Credit " \
	"Card generator Characteristics Generator ID for the API\", \"Random " \
	"UUID generator ... Characteristics Consistency Linking\", \"Random " \
	"Hash generator\")"

/* Sources that the settings and the lookups below name too (the
 * records' own are in generators.def). */
static const char arrayregex_order[] = SAYS(API_REF("array-regex-mask"), "The "
    "sequence of the entries in `captureGroupMetadata` must match the "
    "sequence of the generators in `captureGroupSubGenerators`.");
static const char custcat_req[] = SAYS(GEN_REF("custom-categorical"), "In "
    "the Custom Categories text area, provide the list of values that the "
    "generator can choose from.");
static const char event_order[] = SAYS(API_REF("event-timestamps"), "You "
    "use `eventOrder` to specify the sequence of the generated datetime "
    "values in the linked columns.");
/* The API reference and the generator reference disagree. */
#define NAME_CONTRA	"consistency with another column: " \
	SAYS(API_REF("name"), "It can be self-consistent, but not " \
	"consistent with another column.") ", but " SAYS(GEN_REF("name"), \
	"Consistency: Yes, can be made self-consistent or consistent with " \
	"another column.")
static const char noise_add[] = SAYS(GEN_REF("noise-generator"), "The "
    "additive noise generator draws noise from an interval around 0 scaled "
    "to the magnitude of original value.");
static const char noise_mult[] = SAYS(GEN_REF("noise-generator"), "The "
    "multiplicative noise generator multiplies the original value by a "
    "random scaling factor that falls within a specified range.");
/* A generator reference's Characteristics that say a generator cannot
 * be consistent or linked; and that it is data-free, so differentially
 * private without the setting only two generators have. */
#define NO_CONS_LINK(page)	page " (Characteristics) \"Consistency: No, " \
	"cannot be made consistent.\" \"Linking: No, cannot be linked.\""
#define DATA_FREE_DP(page)	DP_PAGE " (only the Categorical and " \
	"Continuous generators have the setting); " page " (Characteristics) " \
	"\"Data-free: Yes\": a data-free generator is differentially private " \
	"without the setting"
static const char textcomp_req[] = SAYS(API_REF_TEXTCOMP, "The "
    "generator-specific configuration is the template to use to populate "
    "the value. The template uses the Liquid template syntax.");
static const char algebraic_link[] = SAYS(API_REF("algebraic"), "The "
    "Algebraic generator must be linked to at least two other columns.");
/*
 * The data types a generator works on (families of rules/database.h),
 * for db-generator-data-type (DGS806).  A family the page does not rule
 * out stays allowed: text is never flagged for a generator whose page
 * does not say whether it parses text.  TYPES() gives the page and the
 * sentence that names the data types, which DGS806 may warn on;
 * TYPES_IMPLIED() the page alone, where no sentence names them and the
 * data types are what its purpose implies, which is never reported above
 * info (db-generator-data-type-implied, DGS814).
 */
#define FAM_PAGE(page)	page " (the data types its purpose implies: no " \
	"sentence names them)"
#define F_NUMBERS	(DGS_FAM(DB_INT) | DGS_FAM(DB_NUMERIC) | \
	DGS_FAM(DB_FLOAT))
#define F_TIMES		(DGS_FAM(DB_DATE) | DGS_FAM(DB_TIME) | \
	DGS_FAM(DB_TIMESTAMP))
#define F_ARRAYS	(DGS_FAM(DB_ARRAY) | DGS_FAM(DB_JSON) | \
	DGS_FAM(DB_TEXT))
#define TYPES(mask, words, src)	.families = (mask), \
	.families_words = (words), .families_src = (src)
#define TYPES_IMPLIED(mask, words, page)	TYPES(mask, words, \
	FAM_PAGE(page)), .families_implied = 1

/* An enumeration no page lists in full: the pages give an example
 * value; the values are then not checked. */
#define ENUM_NF(member, example)	NOT_FOUND("the pages give \"" example \
	"\" and list no others (searched the generator's API reference and " \
	"generator reference pages)")

/* The settings' rows below are positional and give the columns added at
 * the end of struct dgs_gen_member (catalog.h) only where a page states
 * them: the others are zero, "not stated", on purpose. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

static const struct dgs_gen_member address_m[] = {
	{ "addressType", DGS_T_STRING, NULL, API_REF("address"),
	    .values_src = ENUM_NF("addressType", "City") },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member ascii_m[] = {
	{ "excludeLowercaseAlphabet", DGS_T_BOOL, NULL, API_REF("ascii-key") },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member categorical_m[] = {
	{ "epsilon", DGS_T_NUM, NULL, API_REF("categorical") },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member conditional_m[] = {
	{ "defaultGenerator", DGS_T_OBJECT, NULL, GEN_PAGE },
	{ "conditionalGenerators", DGS_T_ARRAY, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member constant_m[] = {
	{ "constant", DGS_T_STRING, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member csv_m[] = {
	{ "delimiter", DGS_T_STRING, NULL, GEN_PAGE },
	{ "isDefaultGenerator", DGS_T_BOOL, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member custcat_m[] = {
	/* "Small\nMedium\nLarge": one value a line. */
	{ "customCategories", DGS_T_STRING, NULL, GEN_PAGE,
	    .required = DGS_YES, .required_src = custcat_req },
	{ NULL, 0, NULL, NULL }
};
static const char *const date_parts[] = {
	"year", "month", "day", "hour", "minute", "second", NULL
};
static const struct dgs_gen_member datetrunc_m[] = {
	{ "datePart", DGS_T_STRING, date_parts, GEN_REF("date-truncation") },
	{ "isBirthDate", DGS_T_BOOL, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member email_m[] = {
	{ "domain", DGS_T_STRING, NULL, GEN_PAGE },
	{ "excludedDomain", 0, NULL, GEN_PAGE },
	{ "replaceInvalidEmails", DGS_T_BOOL, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member event_m[] = {
	{ "eventOrder", DGS_T_INT, NULL, GEN_PAGE,
	    .required = DGS_REQ_LINKED, .required_src = event_order },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member findreplace_m[] = {
	{ "find", DGS_T_STRING, NULL, GEN_PAGE },
	{ "useRegex", DGS_T_BOOL, NULL, GEN_PAGE },
	{ "replace", DGS_T_STRING, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member geo_m[] = {
	{ "geoType", DGS_T_STRING, NULL, GEN_PAGE,
	    .values_src = ENUM_NF("geoType", "Latitude") },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member intpk_m[] = {
	{ "min", DGS_T_NUM, NULL, GEN_PAGE },
	{ "max", DGS_T_NUM, NULL, GEN_PAGE },
	{ "rangeOption", DGS_T_STRING, NULL, GEN_PAGE,
	    .values_src = ENUM_NF("rangeOption", "Int64") },
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
	{ "nameType", DGS_T_STRING, NULL, GEN_PAGE,
	    .values_src = ENUM_NF("nameType", "LastCommaFirstName") },
	{ "preserveCapitalization", DGS_T_BOOL, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const char *const noise_strategies[] = {
	"additive", "multiplicative", NULL
};
static const struct dgs_gen_member noise_m[] = {
	{ "noiseStrategy", DGS_T_STRING, noise_strategies,
	    GEN_REF("noise-generator") },
	/* The range of the multiplicative factor, the scale of the
	 * additive noise. */
	{ "min", DGS_T_NUM, NULL, GEN_PAGE, .requires = "noiseStrategy",
	    .requires_value = "multiplicative", .dep_src = noise_mult },
	{ "max", DGS_T_NUM, NULL, GEN_PAGE, .requires = "noiseStrategy",
	    .requires_value = "multiplicative", .dep_src = noise_mult },
	{ "ratio", DGS_T_NUM, NULL, GEN_PAGE, .requires = "noiseStrategy",
	    .requires_value = "additive", .dep_src = noise_add },
	{ "decimalPlaces", DGS_T_NUM, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member phone_m[] = {
	{ "replaceInvalidNumbers", DGS_T_BOOL, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member randint_m[] = {
	{ "min", DGS_T_NUM, NULL, ADAPTER },
	{ "max", DGS_T_NUM, NULL, ADAPTER },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member randts_m[] = {
	{ "minDate", DGS_T_STRING, NULL, GEN_PAGE },
	{ "maxDate", DGS_T_STRING, NULL, GEN_PAGE },
	{ "minTime", DGS_T_STRING, NULL, GEN_PAGE },
	{ "maxTime", DGS_T_STRING, NULL, GEN_PAGE },
	{ "dateTimeFormat", DGS_T_STRING, NULL, GEN_PAGE },
	{ "unixTimestampFormat", DGS_T_STRING, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member regex_m[] = {
	{ "pattern", DGS_T_STRING, NULL, GEN_PAGE },
	{ "replaceAllMatches", DGS_T_BOOL, NULL, GEN_PAGE },
	{ "captureGroupMetadata", DGS_T_ARRAY, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member arrayregex_m[] = {
	{ "pattern", DGS_T_STRING, NULL, GEN_PAGE },
	{ "replaceAllMatches", DGS_T_BOOL, NULL, GEN_PAGE },
	{ "captureGroupMetadata", DGS_T_ARRAY, NULL, GEN_PAGE },
	/* Its entries in the order of captureGroupMetadata's (DGS410). */
	{ "captureGroupSubGenerators", 0, NULL, GEN_PAGE,
	    .requires = "captureGroupMetadata", .dep_src = arrayregex_order },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member tshift_m[] = {
	{ "dateFormat", DGS_T_STRING, NULL,
	    GEN_REF("timestamp-shift-generator") },
	{ "unixTimestampFormat", DGS_T_STRING, NULL, GEN_PAGE },
	{ "datePart", DGS_T_STRING, NULL, GEN_PAGE,
	    .values_src = ENUM_NF("datePart", "Day") },
	{ "minShiftValue", DGS_T_NUM, NULL, GEN_PAGE },
	{ "maxShiftValue", DGS_T_NUM, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member textcomp_m[] = {
	{ "template", DGS_T_STRING, NULL, GEN_PAGE,
	    .required = DGS_YES, .required_src = textcomp_req },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member uemail_m[] = {
	{ "domain", DGS_T_STRING, NULL, GEN_PAGE },
	/* Not in the page's template, but in its list: "Domains for which
	 * to keep the email addresses as is"; as Email's. */
	{ "excludedDomain", 0, NULL, GEN_PAGE },
	{ "replaceInvalidEmails", DGS_T_BOOL, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};

/* "The generator-specific configuration includes:" these, a bullet
 * each; the other bullets, the foreign key and primary key columns, may
 * well be the table's keys when not given, and are not required. */
static const char crosstab_table[] = SAYS(API_REF("cross-table-sum"), "The "
    "generator-specific configuration includes: The schema and table that "
    "contain the column to sum against.");
static const char crosstab_sum[] = SAYS(API_REF("cross-table-sum"), "The "
    "generator-specific configuration includes: ... The column that "
    "contains the values to sum.");
static const struct dgs_gen_member crosstab_m[] = {
	{ "foreignSchema", DGS_T_STRING, NULL, GEN_PAGE },
	{ "foreignTable", DGS_T_STRING, NULL, GEN_PAGE,
	    .required = DGS_YES, .required_src = crosstab_table },
	{ "foreignKeyColumns", DGS_T_ARRAY, NULL, GEN_PAGE },
	{ "sumColumn", DGS_T_STRING, NULL, GEN_PAGE,
	    .required = DGS_YES, .required_src = crosstab_sum },
	{ "primaryKeyColumns", DGS_T_ARRAY, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member fnr_m[] = {
	{ "preserveDate", DGS_T_BOOL, NULL, GEN_PAGE },
	{ "preserveGender", DGS_T_BOOL, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member hipaa_m[] = {
	{ "replaceTruncatedZerosInZipCode", DGS_T_BOOL, NULL, GEN_PAGE },
	{ "addressType", DGS_T_STRING, NULL,
	    GEN_PAGE },	/* "enum": the values are not listed */
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member iban_m[] = {
	{ "preserveCountryCode", DGS_T_BOOL, NULL, GEN_PAGE },
	{ "preserveBankCode", DGS_T_BOOL, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member mac_m[] = {
	{ "bytesPreserved", DGS_T_INT, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
/* RatioMetadata: SSN, IP Address. */
static const struct dgs_gen_member ratio_m[] = {
	{ "ratio", DGS_T_NUM, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member objectid_m[] = {
	{ "preserveTimestampAndCounter", DGS_T_BOOL, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member randdouble_m[] = {
	{ "min", DGS_T_NUM, NULL, GEN_PAGE },
	{ "max", DGS_T_NUM, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};
static const struct dgs_gen_member seqint_m[] = {
	{ "startingPoint", DGS_T_INT, NULL, GEN_PAGE },
	{ NULL, 0, NULL, NULL }
};

/* What the composite generators page forbids the sub-generators of all
 * composites but two.  Array Regex Mask is not named either way: it is
 * left unstated. */
#define COMPOSITE_PAGE	"https://docs.tonic.ai/app/generation/generators/" \
	"generator-types/generators-composite"
static const char sub_cons_other[] = SAYS(COMPOSITE_PAGE, "For composite "
    "generators other than the Conditional or Regex Mask generators, you "
    "cannot configure a sub-generator to be consistent with another "
    "column");
#define SUBS_NOT_OTHER	.sub_forbid = DGS_SUB_CONS_OTHER, \
	.sub_forbid_src = sub_cons_other

/* Timestamp Shift's and Date Truncation's: "The available options for
 * the fallback `generatorId` are" these. */
static const char *const tshift_fallbacks[] = {
	"NoFallbackGenerator", "PassthroughGenerator", "ConstantGenerator",
	"NullGenerator", NULL
};

/*
 * The table, made from the records of generators.def (one a generator,
 * sorted by id), which say what each field is: the sources they name
 * first, then the entries.  Each capability is a named field beside its
 * source; a cell given twice does not compile (-Woverride-init).
 */
/* A partition cell the sentence stated for every generator settles
 * (dgs_gen_cap_source(): PARTITION_SRC, PARTITION_BY_SRC). */
#define ALL_GENERATORS	NULL
#define CELL(field, cap, v, src)	.field = DGS_##v, .cap_src[cap] = (src)
#define PARTITION(v, src)	CELL(partition, DGS_CAP_PARTITION, v, src)
#define PARTITION_BY(v, src)	CELL(partition_by, DGS_CAP_PARTITION_BY, v, \
	src)
#define LINK(v, src)		CELL(link, DGS_CAP_LINK, v, src)
#define CONS_SELF(v, src)	CELL(cons_self, DGS_CAP_CONS_SELF, v, src)
#define CONS_OTHER(v, src)	CELL(cons_other, DGS_CAP_CONS_OTHER, v, src)
#define IMPLICIT(v, src)	CELL(implicit, DGS_CAP_IMPLICIT, v, src)
#define DP(v, src)		CELL(dp, DGS_CAP_DP, v, src)
#define FALLBACK(v, src)	CELL(fallback, DGS_CAP_FALLBACK, v, src)
/* The settings cell is the members' openness: YES when they are not all
 * known (dgs_gen_cap()). */
#define SETTINGS_OPEN(v, src)	CELL(open, DGS_CAP_SETTINGS, v, src)

#define SOURCE(name, text)	static const char name[] = text;
#define GENERATOR(id, label, src, ...)
#include "generators.def"
#undef SOURCE
#undef GENERATOR

#define SOURCE(name, text)
#define GENERATOR(gid, name, src, ...)	\
	{ .id = (gid), .label = (name), .source = (src), __VA_ARGS__ },
static const struct dgs_generator builtin[] = {
#include "generators.def"
};
#undef SOURCE
#undef GENERATOR
#pragma GCC diagnostic pop

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

int
dgs_gen_cap(const struct dgs_generator *g, enum dgs_cap cap)
{
	switch (cap) {
	case DGS_CAP_PARTITION:
		return g->partition;
	case DGS_CAP_PARTITION_BY:
		return g->partition_by;
	case DGS_CAP_LINK:
		return g->link;
	case DGS_CAP_CONS_SELF:
		return g->cons_self;
	case DGS_CAP_CONS_OTHER:
		return g->cons_other;
	case DGS_CAP_IMPLICIT:
		return g->implicit;
	case DGS_CAP_DP:
		return g->dp;
	case DGS_CAP_FALLBACK:
		return g->fallback;
	default:
		return g->open ? DGS_UNSURE : DGS_YES;
	}
}

const char *
dgs_gen_cap_source(const struct dgs_generator *g, enum dgs_cap cap)
{
	if (!dgs_gen_is_builtin(g))
		return DGS_SRC_LOADED;
	if (g->cap_src[cap] != NULL)
		return g->cap_src[cap];
	/* One sentence states these for every generator. */
	if (cap == DGS_CAP_PARTITION)
		return PARTITION_SRC;
	if (cap == DGS_CAP_PARTITION_BY)
		return PARTITION_BY_SRC;
	return NULL;
}

int
dgs_src_found(const char *source)
{
	return source != NULL && !dgs_src_inferred(source) &&
	    strncmp(source, DGS_SRC_NOT_FOUND,
	    sizeof(DGS_SRC_NOT_FOUND) - 1) != 0;
}

const char *
dgs_gen_fallback_searched(void)
{
	return FALLBACK_NF;
}

/* Ids a page spells two ways: the other spelling, the entry's id, and
 * where the page gives both. */
static const struct {
	const char	*id, *entry;
} aliases[] = {
	/* SAYS(API_REF("sin"), "# SIN (SINGenerator)"), whose JSON writes
	 * "generatorId": "SinGenerator"; the Generator API reference: "each
	 * generator is identified by its name and, in parenthesis, its
	 * generator ID." */
	{ "SINGenerator", "SinGenerator" },
};

const struct dgs_generator *
dgs_gen_builtin_find(const char *id)
{
	size_t lo = 0, hi = NBUILTIN, mid, i;
	int c;

	for (i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++)
		if (strcmp(id, aliases[i].id) == 0)
			id = aliases[i].entry;
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

/* The generators whose pages set a minimum of linked columns. */
static const struct {
	const char	*id;
	unsigned	 min;
	const char	*src;
} link_mins[] = {
	{ "AlgebraicGenerator", 3, algebraic_link },
};

unsigned
dgs_gen_min_links(const char *id, const char **src)
{
	size_t i;

	for (i = 0; id != NULL && i < sizeof(link_mins) /
	    sizeof(link_mins[0]); i++)
		if (strcmp(id, link_mins[i].id) == 0) {
			if (src != NULL)
				*src = link_mins[i].src;
			return link_mins[i].min;
		}
	return 0;
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
 * The catalogue's sources, for the rules' --explain and pages and the
 * language server's hover, in lines from the one walk of the columns
 * (dgs_gen_sources_lines(), catalog_describe.c).
 */
/* The texts of dgs_gen_sources_text(), made once. */
static char *sources_text[NBUILTIN];
static pthread_once_t sources_once = PTHREAD_ONCE_INIT;

static void
sources_build(void)
{
	struct dgs_buf b;
	size_t i;

	for (i = 0; i < NBUILTIN; i++) {
		memset(&b, 0, sizeof(b));
		dgs_buf_addf(&b, "%s (id, name, settings)\n",
		    builtin[i].source);
		dgs_gen_sources_lines(&b, &builtin[i], "", 1, 1);
		if (b.oom) {
			dgs_buf_free(&b);
			continue;
		}
		b.s[--b.len] = '\0';	/* the last newline */
		sources_text[i] = b.s;
	}
}

const char *
dgs_gen_sources_text(const struct dgs_generator *g)
{
	size_t i;

	if (!dgs_gen_is_builtin(g))
		return DGS_SRC_LOADED;
	if (pthread_once(&sources_once, sources_build) != 0)
		return g->source;
	i = (size_t)(g - builtin);
	return sources_text[i] != NULL ? sources_text[i] : g->source;
}

static void
src_line(struct dgs_buf *b, const struct dgs_generator *g)
{
	dgs_buf_addf(b, "  %s (%s): %s%s\n", g->id, g->label, g->source,
	    g->inferred ? "; the id itself: inferred" : "");
	dgs_gen_sources_lines(b, g, "    ", 0, 0);
}

char *
dgs_rule_sources(const struct dgs_rule_info *r)
{
	struct dgs_buf b = { 0 };
	size_t i;

	if (r == NULL || r < dgs_rules || r >= dgs_rules + DGS_R_MAX ||
	    !(dgs_rule_needs[r - dgs_rules] & DGS_NEEDS_CATALOGUE))
		return NULL;
	dgs_buf_adds(&b, "Sources of the built-in catalogue (--generators FILE "
	    "overrides the capabilities; see \"The generator catalogue\" in "
	    "dgslint-rules(7)).  Each cell that says yes or no gives the page "
	    "that states it and, where one sentence does, the sentence; a cell "
	    "no public source settles is not known, which no rule reports "
	    "above info, with what was searched for.  Partitioning, for every "
	    "generator but where noted: " PARTITION_SRC "; partition-by "
	    "column, for every generator: " PARTITION_BY_SRC "; fallback: "
	    FALLBACK_NF "; the other spelling of an id: \"SINGenerator\" (the "
	    "heading of " API_REF("sin") ") for \"SinGenerator\" (its JSON); "
	    "not in the catalogue: " ID_NF ".  Each "
	    "generator, the page of its id, name and settings, then its "
	    "cells:\n");
	for (i = 0; i < NBUILTIN; i++)
		src_line(&b, &builtin[i]);
	if (b.oom) {
		dgs_buf_free(&b);
		return NULL;
	}
	return b.s;
}
