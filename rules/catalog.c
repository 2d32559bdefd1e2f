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
 * does, that sentence (cap_src[] of each entry, CAN() below).  A cell no
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

/* The cells a "Link object structure" sentence states: linking,
 * consistency (self, with another column, implicit) and differential
 * privacy. */
#define CAN(src)	[DGS_CAP_LINK] = src, [DGS_CAP_CONS_SELF] = src, \
	[DGS_CAP_CONS_OTHER] = src, [DGS_CAP_IMPLICIT] = src, \
	[DGS_CAP_DP] = src
/* The same without linking, for the composites, whose linking is their
 * sub-generators' (and for a page that does not state linking). */
#define CAN_NOLINK(src)	[DGS_CAP_CONS_SELF] = src, \
	[DGS_CAP_CONS_OTHER] = src, [DGS_CAP_IMPLICIT] = src, \
	[DGS_CAP_DP] = src
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

/* The sources of the cells, generator by generator. */
static const char address_can[] = SAYS(API_REF("address"), "The Address "
    "generator can be self-consistent or consistent with another column. "
    "You cannot configure differential privacy. It can be linked to other "
    "columns.");
static const char alnum_can[] = SAYS(API_REF("alphanumeric-string-key"),
    "The Alphanumeric String Key generator can be self-consistent, but not "
    "consistent with another column. You cannot configure differential "
    "privacy.");
static const char alnum_link[] = SAYS(GEN_REF("alphanumeric-string-key"),
    "Linking: No, cannot be linked.");
static const char arrayjson_can[] = SAYS(API_REF("array-json-mask"),
    "The generator does not itself support consistency or differential "
    "privacy.");
static const char arrayregex_order[] = SAYS(API_REF("array-regex-mask"), "The "
    "sequence of the entries in `captureGroupMetadata` must match the "
    "sequence of the generators in `captureGroupSubGenerators`.");
static const char arrayregex_can[] = SAYS(API_REF("array-regex-mask"),
    "The generator does not in itself support consistency or allow you to "
    "configure differential privacy.");
static const char arraytext_can[] = GEN_REF("array-character-scramble")
    " (Characteristics) \"Consistency: Yes, can be made self-consistent.\" "
    "\"Linking: No, cannot be linked.\" \"Differential privacy: No\"";
static const char ascii_can[] = SAYS(API_REF("ascii-key"), "The ASCII Key "
    "generator can be configured to be self-consistent, but not consistent "
    "with another column. You cannot configure differential privacy.");
static const char ascii_link[] = SAYS(GEN_REF("ascii-key"), "Linking: No, "
    "cannot be linked.");
static const char business_can[] = SAYS(API_REF_BUSINESS, "The Business "
    "Name generator does not support linking. It can be self-consistent or "
    "consistent with another column. You cannot configure differential "
    "privacy.");
static const char categorical_can[] = SAYS(API_REF("categorical"), "The "
    "Categorical generator does not support consistency. You can configure "
    "differential privacy. You can link columns.");
static const char company_can[] = SAYS(API_REF("company-name"), "The "
    "Company Name generator does not support linking. It can be "
    "self-consistent or consistent with another column. You cannot "
    "configure differential privacy.");
static const char conditional_can[] = SAYS(API_REF("conditional"), "You do "
    "not configure consistency or differential privacy for the Conditional "
    "generator.");
static const char constant_can[] = SAYS(API_REF("constant"), "The Constant "
    "generator does not support linking or consistency. You cannot "
    "configure differential privacy.");
static const char csv_can[] = SAYS(API_REF("csv-mask"), "The generator does "
    "not itself support consistency or differential privacy.");
static const char custcat_can[] = SAYS(API_REF("custom-categorical"), "The "
    "Custom Categorical generator supports linking. It can be made "
    "self-consistent or consistent with another column. You cannot "
    "configure differential privacy.");
/* Its generator reference's Characteristics row "Differential privacy:
 * Yes, if consistency is not enabled." says what its output is (the
 * "Data-free" row says the same), not that it has a setting: only the
 * Categorical and Continuous generators have one (DP_PAGE).  "You cannot
 * configure differential privacy" is the setting, read as for Address,
 * Hostname, SSN and Shipping Container. */
static const char custcat_req[] = SAYS(GEN_REF("custom-categorical"), "In "
    "the Custom Categories text area, provide the list of values that the "
    "generator can choose from.");
static const char datetrunc_can[] = SAYS(API_REF("date-truncation"), "The "
    "Date Truncation generator does not support linking or consistency. "
    "You cannot configure differential privacy.");
static const char datetrunc_fb[] = SAYS(API_REF("date-truncation"), "If the "
    "generator cannot process the value, then it uses the fallback "
    "generator provided in `fallbacklinks`.");
static const char email_can[] = SAYS(API_REF("email"), "The Email generator "
    "does not support linking. It can be self-consistent, but not "
    "consistent with another column. You cannot configure differential "
    "privacy.");
static const char event_can[] = SAYS(API_REF("event-timestamps"), "The "
    "Event Timestamps generator does not support consistency. You cannot "
    "configure differential privacy.");
static const char event_link[] = SAYS(API_REF("event-timestamps"), "You can "
    "link columns to create a sequence of events across multiple "
    "columns.");
static const char event_order[] = SAYS(API_REF("event-timestamps"), "You "
    "use `eventOrder` to specify the sequence of the generated datetime "
    "values in the linked columns.");
static const char event_part[] = SAYS(API_REF("event-timestamps"), "The "
    "Event Timestamps generator does support partitioning, which is "
    "configured in the `partitions` object outside of the `links` "
    "object.");
static const char findrepl_can[] = SAYS(API_REF("find-and-replace"), "The "
    "Find and Replace generator does not support linking or consistency. "
    "You cannot configure differential privacy.");
static const char gauss_can[] = SAYS(API_REF("continuous"), "The Continuous "
    "generator supports linking. It cannot be made consistent, but you can "
    "configure differential privacy.");
static const char gauss_part[] = SAYS(API_REF("continuous"), "The "
    "Continuous generator does support partitioning, which is configured in "
    "the `partitions` object outside of the `links` object.");
static const char gauss_set[] = SAYS(API_REF("continuous"), "There is no "
    "generator-specific configuration.");
static const char geo_can[] = API_REF("geo") " \"The Geo generator supports "
    "linking.\" \"The Geo generator does not support consistency. You "
    "cannot configure differential privacy.\"";
static const char html_can[] = SAYS(API_REF("html-mask"), "The generator "
    "does not itself support consistency or differential privacy.");
static const char html_fb[] = SAYS(API_REF("html-mask"), "If a sub-generator "
    "application fails because of an error, then Structural applies the "
    "fallback generator instead.");
static const char intpk_can[] = SAYS(API_REF("integer-key"), "The Integer "
    "Key generator does not support linking. It can be self-consistent, but "
    "not consistent with another column. You cannot configure differential "
    "privacy.");
static const char intl_can[] = SAYS(API_REF_INTL, "The International "
    "Address generator can be self-consistent. You cannot configure "
    "differential privacy. It cannot be linked to other columns.");
static const char json_can[] = SAYS(API_REF("json-mask"), "The generator "
    "does not itself support consistency or differential privacy.");
static const char json_fb[] = SAYS(API_REF("json-mask"), "If there is an "
    "error applying those generators, then the fallback generator is the "
    "Null generator.");
static const char name_can[] = SAYS(API_REF("name"), "The Name generator "
    "cannot be linked. It can be self-consistent, but not consistent with "
    "another column. You cannot configure differential privacy.");
/* The API reference and the generator reference disagree. */
#define NAME_CONTRA	"consistency with another column: " \
	SAYS(API_REF("name"), "It can be self-consistent, but not " \
	"consistent with another column.") ", but " SAYS(GEN_REF("name"), \
	"Consistency: Yes, can be made self-consistent or consistent with " \
	"another column.")
static const char name_other[] = NOT_FOUND("the pages disagree: "
    SAYS(API_REF("name"), "It can be self-consistent, but not consistent "
    "with another column.") ", but " SAYS(GEN_REF("name"), "Consistency: "
    "Yes, can be made self-consistent or consistent with another column."));
static const char noise_types[] = SAYS(GEN_REF("noise-generator"), "Masks "
    "values in numeric columns.");
static const char noise_add[] = SAYS(GEN_REF("noise-generator"), "The "
    "additive noise generator draws noise from an interval around 0 scaled "
    "to the magnitude of original value.");
static const char noise_mult[] = SAYS(GEN_REF("noise-generator"), "The "
    "multiplicative noise generator multiplies the original value by a "
    "random scaling factor that falls within a specified range.");
static const char noise_can[] = SAYS(API_REF("noise-generator"), "The Noise "
    "Generator does not support linking. It can be either self-consistent "
    "or consistent with another column. You cannot configure differential "
    "privacy.");
/* The Null generator has no page of its own on docs.tonic.ai. */
static const char null_nf[] = NOT_FOUND("the Null generator's own pages "
    "(searched \"Null (NullGenerator) link object structure\", "
    "\"generator-api-ref-null\", \"Null generator characteristics "
    "consistency linking\"): only the fallback lists and the presets page "
    "name it");
static const char null_set[] = SAYS(PRESETS_PAGE, "For example, the Null "
    "generator does not have any configuration options.");
static const char pass_can[] = GEN_REF("passthrough") " (Characteristics) "
    "\"Consistency: No, cannot be made consistent.\" \"Linking: No, cannot "
    "be linked.\" \"Differential privacy: No\"";
static const char pass_set[] = SAYS(GEN_REF("passthrough"), "Passthrough "
    "has no configuration options.");
/* A generator reference's Characteristics that say a generator cannot
 * be consistent or linked; and that it is data-free, so differentially
 * private without the setting only two generators have. */
#define NO_CONS_LINK(page)	page " (Characteristics) \"Consistency: No, " \
	"cannot be made consistent.\" \"Linking: No, cannot be linked.\""
#define DATA_FREE_DP(page)	DP_PAGE " (only the Categorical and " \
	"Continuous generators have the setting); " page " (Characteristics) " \
	"\"Data-free: Yes\": a data-free generator is differentially private " \
	"without the setting"
static const char randint_can[] = NO_CONS_LINK(GEN_REF("random-integer"));
static const char randint_dp[] = DATA_FREE_DP(GEN_REF("random-integer"));
static const char randint_set[] = GEN_REF("random-integer") " (How to "
    "configure: the minimum and the maximum, and data encryption)";
static const char randts_can[] = SAYS(API_REF("random-timestamp"), "The "
    "Random Timestamp generator does not support linking or consistency. "
    "You cannot configure differential privacy.");
static const char regex_can[] = SAYS(API_REF("regex-mask"), "The Regex Mask "
    "generator does not in itself support linking or consistency or allow "
    "you to configure differential privacy.");
static const char strmask_can[] = SAYS(API_REF("character-substitution"),
    "The Character Substitution generator is implicitly consistent. You "
    "cannot configure consistency or differential privacy. There is no "
    "generator-specific configuration.");
static const char strmask_link[] = SAYS(GEN_REF("character-substitution"),
    "Linking: No, cannot be linked.");
static const char struct_can[] = SAYS(API_REF("struct-mask"), "The "
    "generator does not itself support consistency or differential "
    "privacy.");
static const char textcomp_can[] = SAYS(API_REF_TEXTCOMP, "The Text "
    "Composition generator does not support configuration of linking or "
    "consistency. You cannot configure differential privacy.");
/* Its values follow the columns it includes: no consistency of its own
 * to configure, and whether that is "implicit" consistency is not said. */
static const char textcomp_implicit[] = NOT_FOUND(SAYS(GEN_REF(
    "text-composition"), "Consistency: Automatically consistent with the "
    "other columns that are included in the value.") ", which the API "
    "reference does not call implicit consistency");
static const char textcomp_req[] = SAYS(API_REF_TEXTCOMP, "The "
    "generator-specific configuration is the template to use to populate "
    "the value. The template uses the Liquid template syntax.");
static const char textmask_can[] = SAYS(API_REF("character-scramble"), "You "
    "can configure the Character Scramble generator to be self-consistent, "
    "but not consistent to another column. You cannot configure "
    "differential privacy.");
static const char textmask_link[] = SAYS(GEN_REF("character-scramble"),
    "Linking: No, cannot be linked");
static const char tshift_can[] = SAYS(API_REF("timestamp-shift"), "The "
    "Timestamp Shift generator does not support linking. It can be "
    "self-consistent or consistent with another column. You cannot "
    "configure differential privacy.");
static const char tshift_fb[] = SAYS(API_REF("timestamp-shift"), "If the "
    "generator cannot process the value, then it uses the fallback "
    "generator provided in `fallbacklinks`.");
static const char uemail_can[] = SAYS(API_REF("unique-email"), "The Unique "
    "Email generator does not support linking. It can be self-consistent, "
    "but not consistent with another column. You cannot configure "
    "differential privacy.");
static const char url_can[] = SAYS(API_REF("url"), "The URL generator does "
    "not support linking or consistency. You cannot configure differential "
    "privacy.");
static const char phone_can[] = SAYS(API_REF("phone"), "The Phone generator "
    "does not support linking. It can be made self-consistent, but not "
    "consistent with another column. You cannot configure differential "
    "privacy.");
static const char uuid_can[] = GEN_REF("uuid-key") " (Characteristics) "
    "\"Consistency: Yes, can be made self-consistent.\" \"Linking: No, "
    "cannot be linked.\" \"Differential privacy: No\"";
static const char xml_can[] = SAYS(API_REF("xml-mask"), "The generator does "
    "not itself support consistency or differential privacy.");
static const char xml_fb[] = SAYS(GEN_REF("xml-mask"), "You can also select "
    "a fallback generator to run on the entire XML value if there is any "
    "error during data generation.");

static const char algebraic_can[] = SAYS(API_REF("algebraic"), "The "
    "Algebraic generator does not support consistency. You cannot configure "
    "differential privacy.");
static const char algebraic_link[] = SAYS(API_REF("algebraic"), "The "
    "Algebraic generator must be linked to at least two other columns.");
static const char algebraic_fb[] = NOT_FOUND("no fallback generator is "
    "given, but " SAYS(GEN_REF("algebraic"), "If a relationship cannot be "
    "found, then the generator defaults to the Categorical generator."));
static const char algebraic_set[] = SAYS(API_REF("algebraic"), "There is no "
    "generator-specific configuration.");
static const char crosstab_can[] = SAYS(API_REF("cross-table-sum"), "The "
    "Cross Table Sum generator does not support linking or consistency. You "
    "cannot configure differential privacy.");
static const char filename_can[] = SAYS(API_REF("file-name"), "The File Name "
    "generator does not support linking. It can be self-consistent, but not "
    "consistent with another column. You cannot configure differential "
    "privacy.");
static const char filename_set[] = SAYS(API_REF("file-name"), "There is no "
    "generator-specific configuration.");
/* The FNR's API reference states no capability: its generator
 * reference does. */
static const char fnr_can[] = GEN_REF("fnr") " (Characteristics) "
    "\"Consistency: Yes, can be made self-consistent or consistent with "
    "another column.\" \"Linking: No, cannot be linked\" \"Differential "
    "privacy: No\"";
static const char hipaa_can[] = SAYS(API_REF("hipaa-address"), "The HIPAA "
    "Address generator can be linked. It can be self-consistent, but not "
    "consistent with another column. You cannot configure differential "
    "privacy.");
static const char hostname_can[] = SAYS(API_REF("hostname"), "The Hostname "
    "generator does not support linking. It can be either self-consistent "
    "or consistent with another column. You cannot configure differential "
    "privacy.");
static const char hostname_set[] = SAYS(API_REF("hostname"), "There is no "
    "generator-specific configuration.");
static const char hstore_can[] = SAYS(API_REF("hstore-mask"), "The generator "
    "does not itself support consistency or differential privacy.");
/* The IBAN's API reference states no capability either. */
static const char iban_can[] = GEN_REF("iban") " (Characteristics) "
    "\"Consistency: Yes, can be made self-consistent.\" \"Linking: No\" "
    "\"Differential privacy: No\"";
static const char ip_can[] = SAYS(API_REF("ip-address"), "The IP Address "
    "generator does not support linking. It can be self-consistent or "
    "consistent with another column. You cannot configure differential "
    "privacy.");
static const char mac_can[] = SAYS(API_REF("mac-address"), "The MAC Address "
    "generator does not support linking. It can be self-consistent, but not "
    "consistent with another column. You cannot configure differential "
    "privacy.");
static const char objectid_can[] = SAYS(API_REF("objectid-key"), "The "
    "ObjectId Key generator does not support linking. It can be "
    "self-consistent, but not consistent with another column. You cannot "
    "configure differential privacy.");
/* The page says there is no configuration, yet its link template and its
 * prose give one setting (the prose spells it "preserveTimetampAndCounter";
 * the template's spelling is kept). */
static const char objectid_contra[] = SAYS(API_REF("objectid-key"), "There "
    "is no generator-specific configuration.") ", but the same page's link "
    "template lists \"preserveTimestampAndCounter\": false, and "
    SAYS(API_REF("objectid-key"), "`preserveTimetampAndCounter` indicates "
    "whether to only change the random value portion of the identifier, but "
    "keep the timestamp and incremented counter portions.");
static const char objectid_types[] = SAYS(GEN_REF("mongo-objectid-key"), "Can "
    "be assigned to text columns that contain MongoDB `ObjectId` values.");
/* Random Boolean's API reference page, which its generator reference
 * links to, is not one a search of docs.tonic.ai finds: its generator
 * reference states the cells, and names its one setting "Percent True"
 * only, whose name in the API is then not known. */
static const char randbool_can[] = NO_CONS_LINK(GEN_REF("random-boolean"));
static const char randbool_dp[] = DATA_FREE_DP(GEN_REF("random-boolean"));
static const char randbool_open[] = NOT_FOUND(GEN_REF("random-boolean")
    " offers \"Percent True\" (\"enter the percentage of values to set to "
    "`True` in the output\"); no page of Tonic's documentation "
    "(docs.tonic.ai) gives its name in the API (searched \"Random Boolean "
    "(RandomBooleanGenerator) link object structure\", \"Random Boolean "
    "generator Percent True\")");
static const char randdouble_can[] = SAYS(API_REF("random-double"), "The "
    "Random Double generator does not support linking or consistency. You "
    "cannot configure differential privacy.");
static const char seqint_can[] = SAYS(API_REF("sequential-integer"), "The "
    "Sequential Integer generator can be linked. You provide a link object "
    "for each linked column. The generator does not support consistency. "
    "You cannot configure differential privacy.");
static const char shipping_can[] = SAYS(API_REF("shipping-container"), "The "
    "Shipping Container generator does not support linking. It can be "
    "self-consistent or consistent with another column. You cannot "
    "configure differential privacy.");
static const char shipping_set[] = SAYS(API_REF("shipping-container"), "There "
    "is no generator-specific configuration.");
static const char sin_can[] = SAYS(API_REF("sin"), "The SIN generator does "
    "not support linking. It can be self-consistent, but not consistent "
    "with another column. You cannot configure differential privacy.");
static const char sin_set[] = SAYS(API_REF("sin"), "There is no "
    "generator-specific configuration.");
static const char ssn_can[] = SAYS(API_REF("ssn"), "The SSN generator does "
    "not support linking. It can be self-consistent or consistent with "
    "another column. You cannot configure differential privacy.");
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
static const char event_types[] = SAYS(API_REF("event-timestamps"), "The "
    "source timestamp must include a date. It cannot be a time-only "
    "value.");
static const char arrayjson_types[] = SAYS(API_REF("array-json-mask"), "It "
    "is a version of the JSON Mask generator that can be used for array "
    "values.");
static const char arraytext_types[] = SAYS(API_REF(
    "array-character-scramble"), "The Array Character Scramble generator "
    "is intended for array values.");
static const char algebraic_types[] = SAYS(API_REF("algebraic"), "The "
    "Algebraic generator identifies the algebraic relationship among three "
    "or more numeric values and generates new values to match.");
static const char csv_types[] = SAYS(GEN_REF("csv-mask"), "Masks text "
    "columns by parsing the values as rows whose columns are delimited by a "
    "specified character.");
static const char hstore_types[] = SAYS(API_REF("hstore-mask"), "The HStore "
    "Mask generator runs selected generators on specified key values in an "
    "HStore column in a PostgreSQL database.");
static const char randdouble_types[] = SAYS(API_REF("random-double"), "The "
    "Random Double generator generates a random double number between the "
    "specified minimum (inclusive) and maximum (exclusive).");
static const char seqint_types[] = SAYS(API_REF("sequential-integer"), "The "
    "Sequential Integer generator returns integer values that increment by 1 "
    "for each row in the destination database.");
static const char company_deprecated[] = SAYS(API_REF("company-name"), "The "
    "Company Name generator is deprecated. Use the Business Name generator "
    "instead.");

/* Settings the user interface offers whose names in the API no page
 * gives: the generator's settings are then not all known (open). */
static const char alnum_open[] = NOT_FOUND(GEN_REF("alphanumeric-string-key")
    " offers \"Preserve prefix\" and replacing numbers only; the API "
    "reference names no setting for them");
static const char uuid_open[] = NOT_FOUND(GEN_REF("uuid-key") " offers "
    "\"Preserve Version and Variant\"; no page of Tonic's documentation "
    "(docs.tonic.ai) is its API reference, to name the setting (searched "
    "\"UUID Key (UuidPkGenerator) link object structure\", "
    "\"generator-api-ref-uuid-key\")");
static const char conditional_fb[] = NOT_FOUND("only the privacy ranking "
    "of " GEN_REF("conditional") " hints at one: \"If a fallback generator "
    "is selected, then the lower of either 5 or the fallback generator.\"; "
    "the API reference names none (searched \"Conditional generator "
    "fallback generator ... fallBackLinks\")");

#define N	DGS_NO
#define Y	DGS_YES
#define U	DGS_UNSURE

/* An enumeration no page lists in full: the pages give an example
 * value; the values are then not checked. */
#define ENUM_NF(member, example)	NOT_FOUND("the pages give \"" example \
	"\" and list no others (searched the generator's API reference and " \
	"generator reference pages)")

/* The rows below are positional and give the columns added at the end
 * of the structures (catalog.h) only where a page states them: the
 * others are zero, "not stated", on purpose. */
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
 * Sorted by id (strcmp).  Columns: composite kind; partition, partition
 * by, link; consistency self, other, implicit; differential privacy;
 * fallback; members open; fallback only; id inferred; fallback ids;
 * members; source; the cells' sources; then, by name where a page states
 * them, the later columns of catalog.h (TYPES() the data types,
 * .replaced_by, .sub_forbid, .contra_src).  A composite's linking is its
 * sub-generators' (U).  Only Continuous and Event Timestamps allow
 * partitioning (PARTITION_SRC); only Passthrough and Categorical columns
 * can be partitioned by.
 */
static const struct dgs_generator builtin[] = {
	{ "AddressGenerator", "Address", DGS_COMP_NONE,
	    N, N, Y,  Y, Y, N,  N,  U,  N, N, N, NULL, address_m,
	    API_REF("address"),
	    { CAN(address_can), [DGS_CAP_SETTINGS] = API_REF("address") } },
	{ "AlgebraicGenerator", "Algebraic", DGS_COMP_NONE,
	    N, N, Y,  N, N, N,  N,  U,  N, N, N, NULL, NULL,
	    API_REF("algebraic"),
	    { CAN_NOLINK(algebraic_can), [DGS_CAP_LINK] = algebraic_link,
	    [DGS_CAP_FALLBACK] = algebraic_fb,
	    [DGS_CAP_SETTINGS] = algebraic_set },
	    TYPES(F_NUMBERS, "a number", algebraic_types) },
	{ "AlphaNumericPkGenerator", "Alphanumeric String Key", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  Y, N, N, NULL, NULL,
	    API_REF("alphanumeric-string-key"),
	    { CAN_NOLINK(alnum_can), [DGS_CAP_LINK] = alnum_link,
	    [DGS_CAP_SETTINGS] = alnum_open } },
	{ "ArrayJsonMaskGenerator", "Array JSON Mask", DGS_COMP_JSONPATH,
	    N, N, U,  N, N, N,  N,  U,  N, N, N, NULL, json_m,
	    API_REF("array-json-mask"),
	    { CAN_NOLINK(arrayjson_can),
	    [DGS_CAP_LINK] = SUBS_LINK(GEN_REF("array-json-mask")),
	    [DGS_CAP_SETTINGS] = API_REF("array-json-mask") },
	    TYPES(F_ARRAYS, "an array", arrayjson_types),
	    SUBS_NOT_OTHER },
	{ "ArrayRegexMaskGenerator", "Array Regex Mask", DGS_COMP_REGEX,
	    N, N, U,  N, N, N,  N,  U,  N, N, N, NULL, arrayregex_m,
	    API_REF("array-regex-mask"),
	    { CAN_NOLINK(arrayregex_can),
	    [DGS_CAP_LINK] = SUBS_LINK(GEN_REF("array-regex-mask")),
	    [DGS_CAP_SETTINGS] = API_REF("array-regex-mask") },
	    TYPES_IMPLIED(F_ARRAYS, "an array", GEN_REF("array-regex-mask")) },
	{ "ArrayTextMaskGenerator", "Array Character Scramble", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  N, N, N, NULL, NULL,
	    API_REF("array-character-scramble"),
	    { CAN(arraytext_can), [DGS_CAP_SETTINGS] =
	    SAYS(API_REF("array-character-scramble"), "There is no "
	    "generator-specific configuration.") },
	    TYPES(F_ARRAYS, "an array", arraytext_types) },
	{ "AsciiPkGenerator", "ASCII Key", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  N, N, N, NULL, ascii_m,
	    API_REF("ascii-key"),
	    { CAN_NOLINK(ascii_can), [DGS_CAP_LINK] = ascii_link,
	    [DGS_CAP_SETTINGS] = API_REF("ascii-key") } },
	{ "BusinessNameGenerator", "Business Name", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  U,  N, N, N, NULL, NULL,
	    API_REF_BUSINESS,
	    { CAN(business_can), [DGS_CAP_SETTINGS] = SAYS(API_REF_BUSINESS, "There is no "
	    "generator-specific configuration.") } },
	{ "CategoricalGenerator", "Categorical", DGS_COMP_NONE,
	    N, Y, Y,  N, N, N,  Y,  U,  N, N, N, NULL, categorical_m,
	    API_REF("categorical"),
	    { CAN(categorical_can), [DGS_CAP_SETTINGS] = API_REF("categorical") } },
	/* Deprecated: "Use the Business Name generator instead." */
	{ "CompanyNameGenerator", "Company Name", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  U,  N, N, N, NULL, NULL,
	    API_REF("company-name"),
	    { CAN(company_can), [DGS_CAP_SETTINGS] = SAYS(API_REF("company-name"), "There is no "
	    "generator-specific configuration.") },
	    .replaced_by = "BusinessNameGenerator",
	    .replaced_src = company_deprecated },
	{ "ConditionalGenerator", "Conditional", DGS_COMP_CONDITIONAL,
	    N, N, U,  N, N, N,  N,  U,  N, N, N, NULL, conditional_m,
	    API_REF("conditional"),
	    { CAN_NOLINK(conditional_can),
	    [DGS_CAP_LINK] = NOT_FOUND("linking is not the generator's own: "
	    SAYS(GEN_REF("conditional"), "Linking: Determined by the "
	    "selected generators.")),
	    [DGS_CAP_FALLBACK] = conditional_fb,
	    [DGS_CAP_SETTINGS] = API_REF("conditional") } },
	{ "ConstantGenerator", "Constant", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  U,  N, N, N, NULL, constant_m,
	    API_REF("constant"),
	    { CAN(constant_can), [DGS_CAP_SETTINGS] = API_REF("constant") } },
	{ "CrossTableAggregateGenerator", "Cross Table Sum", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  U,  N, N, N, NULL, crosstab_m,
	    API_REF("cross-table-sum"),
	    { CAN(crosstab_can),
	    [DGS_CAP_SETTINGS] = API_REF("cross-table-sum") },
	    TYPES_IMPLIED(F_NUMBERS, "a number (a sum)",
	    API_REF("cross-table-sum")) },
	{ "CsvMaskGenerator", "CSV Mask", DGS_COMP_CSV,
	    N, N, U,  N, N, N,  N,  U,  N, N, N, NULL, csv_m,
	    API_REF("csv-mask"),
	    { CAN_NOLINK(csv_can),
	    [DGS_CAP_LINK] = SUBS_LINK(GEN_REF("csv-mask")),
	    [DGS_CAP_SETTINGS] = API_REF("csv-mask") },
	    TYPES(DGS_FAM(DB_TEXT), "text", csv_types),
	    SUBS_NOT_OTHER },
	{ "CustomCategoricalGenerator", "Custom Categorical", DGS_COMP_NONE,
	    N, N, Y,  Y, Y, N,  N,  U,  N, N, N, NULL, custcat_m,
	    API_REF("custom-categorical"),
	    { CAN(custcat_can),
	    [DGS_CAP_SETTINGS] = API_REF("custom-categorical") } },
	{ "DateTruncationGenerator", "Date Truncation", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  Y,  N, N, N, tshift_fallbacks, datetrunc_m,
	    API_REF("date-truncation"),
	    { CAN(datetrunc_can), [DGS_CAP_FALLBACK] = datetrunc_fb,
	    [DGS_CAP_SETTINGS] = API_REF("date-truncation") },
	    TYPES_IMPLIED(F_TIMES | DGS_FAM(DB_TEXT), "a date or time",
	    API_REF("date-truncation")) },
	{ "EmailGenerator", "Email", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  N, N, N, NULL, email_m,
	    API_REF("email"),
	    { CAN(email_can), [DGS_CAP_SETTINGS] = API_REF("email") } },
	{ "EventGenerator", "Event Timestamps", DGS_COMP_NONE,
	    Y, N, Y,  N, N, N,  N,  U,  N, N, N, NULL, event_m,
	    API_REF("event-timestamps"),
	    { CAN_NOLINK(event_can), [DGS_CAP_LINK] = event_link,
	    [DGS_CAP_PARTITION] = event_part,
	    [DGS_CAP_SETTINGS] = API_REF("event-timestamps") },
	    TYPES(DGS_FAM(DB_DATE) | DGS_FAM(DB_TIMESTAMP) | DGS_FAM(DB_TEXT),
	    "a date or a timestamp, not a time alone", event_types) },
	{ "FileNameGenerator", "File Name", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  N, N, N, NULL, NULL,
	    API_REF("file-name"),
	    { CAN(filename_can), [DGS_CAP_SETTINGS] = filename_set } },
	{ "FindAndReplaceGenerator", "Find and Replace", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  U,  N, N, N, NULL, findreplace_m,
	    API_REF("find-and-replace"),
	    { CAN(findrepl_can), [DGS_CAP_SETTINGS] = API_REF("find-and-replace") } },
	{ "FnrGenerator", "FNR", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  U,  N, N, N, NULL, fnr_m,
	    API_REF("fnr"),
	    { CAN(fnr_can), [DGS_CAP_SETTINGS] = API_REF("fnr") } },
	{ "GaussianGenerator", "Continuous", DGS_COMP_NONE,
	    Y, N, Y,  N, N, N,  Y,  U,  N, N, N, NULL, NULL,
	    API_REF("continuous"),
	    { CAN(gauss_can), [DGS_CAP_PARTITION] = gauss_part,
	    [DGS_CAP_SETTINGS] = gauss_set },
	    TYPES_IMPLIED(F_NUMBERS, "a number", API_REF("continuous")) },
	{ "GeoGenerator", "Geo", DGS_COMP_NONE,
	    N, N, Y,  N, N, N,  N,  U,  N, N, N, NULL, geo_m,
	    API_REF("geo"),
	    { CAN(geo_can), [DGS_CAP_SETTINGS] = API_REF("geo") } },
	{ "HStoreMaskGenerator", "HStore Mask", DGS_COMP_KEY,
	    N, N, U,  N, N, N,  N,  U,  N, N, N, NULL, NULL,
	    API_REF("hstore-mask"),
	    { CAN_NOLINK(hstore_can),
	    [DGS_CAP_LINK] = SUBS_LINK(GEN_REF("hstore-mask")),
	    [DGS_CAP_SETTINGS] = API_REF("hstore-mask") },
	    /* hstore is of no family here (DB_OTHER): any other is not an
	     * HStore column. */
	    TYPES(DGS_FAM(DB_OTHER), "an HStore column (PostgreSQL hstore)",
	    hstore_types),
	    SUBS_NOT_OTHER },
	{ "HipaaAddressGenerator", "HIPAA Address", DGS_COMP_NONE,
	    N, N, Y,  Y, N, N,  N,  U,  N, N, N, NULL, hipaa_m,
	    API_REF("hipaa-address"),
	    { CAN(hipaa_can), [DGS_CAP_SETTINGS] = API_REF("hipaa-address") } },
	{ "HostnameGenerator", "Hostname", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  U,  N, N, N, NULL, NULL,
	    API_REF("hostname"),
	    { CAN(hostname_can), [DGS_CAP_SETTINGS] = hostname_set } },
	{ "HtmlMaskGenerator", "HTML Mask", DGS_COMP_XPATH,
	    N, N, U,  N, N, N,  N,  Y,  N, N, N, NULL, NULL,
	    API_REF("html-mask"),
	    { CAN_NOLINK(html_can),
	    [DGS_CAP_LINK] = SUBS_LINK(GEN_REF("html-mask")),
	    [DGS_CAP_FALLBACK] = html_fb,
	    [DGS_CAP_SETTINGS] = API_REF("html-mask") },
	    SUBS_NOT_OTHER },
	{ "IPAddressGenerator", "IP Address", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  U,  N, N, N, NULL, ratio_m,
	    API_REF("ip-address"),
	    { CAN(ip_can), [DGS_CAP_SETTINGS] = API_REF("ip-address") } },
	{ "IbanGenerator", "IBAN", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  N, N, N, NULL, iban_m,
	    API_REF_IBAN,
	    { CAN(iban_can), [DGS_CAP_SETTINGS] = API_REF_IBAN } },
	{ "IntegerPkGenerator", "Integer Key", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  N, N, N, NULL, intpk_m,
	    API_REF("integer-key"),
	    { CAN(intpk_can), [DGS_CAP_SETTINGS] = API_REF("integer-key") },
	    TYPES_IMPLIED(DGS_FAM(DB_INT) | DGS_FAM(DB_NUMERIC), "an integer",
	    API_REF("integer-key")) },
	{ "InternationalAddressGenerator", "International Address",
	    DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  N, N, N, NULL, intladdress_m,
	    API_REF_INTL,
	    { CAN(intl_can), [DGS_CAP_SETTINGS] = API_REF_INTL } },
	{ "JsonMaskGenerator", "JSON Mask", DGS_COMP_JSONPATH,
	    N, N, U,  N, N, N,  N,  Y,  N, N, N, NULL, json_m,
	    API_REF("json-mask"),
	    { CAN_NOLINK(json_can),
	    [DGS_CAP_LINK] = SUBS_LINK(GEN_REF("json-mask")),
	    [DGS_CAP_FALLBACK] = json_fb,
	    [DGS_CAP_SETTINGS] = API_REF("json-mask") },
	    TYPES_IMPLIED(DGS_FAM(DB_JSON) | DGS_FAM(DB_TEXT),
	    "JSON (json, jsonb) or text", GEN_REF("json-mask")),
	    SUBS_NOT_OTHER },
	{ "MACAddressGenerator", "MAC Address", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  N, N, N, NULL, mac_m,
	    API_REF("mac-address"),
	    { CAN(mac_can), [DGS_CAP_SETTINGS] = API_REF("mac-address") } },
	{ "NameGenerator", "Name", DGS_COMP_NONE,
	    N, N, N,  Y, U, N,  N,  U,  N, N, N, NULL, name_m,
	    API_REF("name"),
	    { [DGS_CAP_LINK] = name_can, [DGS_CAP_CONS_SELF] = name_can,
	    [DGS_CAP_CONS_OTHER] = name_other, [DGS_CAP_IMPLICIT] = name_can,
	    [DGS_CAP_DP] = name_can, [DGS_CAP_SETTINGS] = API_REF("name") },
	    .contra_src = NAME_CONTRA },
	/* Only a fallback: "NoFallbackGenerator - Return an error.  This is
	 * the default fallback option." */
	{ "NoFallbackGenerator", "No fallback (fail)", DGS_COMP_NONE,
	    N, N, U,  U, U, U,  U,  U,  Y, Y, N, NULL, NULL,
	    API_REF("timestamp-shift"),
	    { NULL } },
	{ "NoiseGenerator", "Noise Generator", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  U,  N, N, N, NULL, noise_m,
	    API_REF("noise-generator"),
	    { CAN(noise_can), [DGS_CAP_SETTINGS] = API_REF("noise-generator") },
	    TYPES(F_NUMBERS, "a number", noise_types) },
	{ "NullGenerator", "Null", DGS_COMP_NONE,
	    N, N, U,  U, U, U,  U,  U,  N, N, N, NULL, NULL,
	    API_REF("timestamp-shift"),
	    { CAN(null_nf), [DGS_CAP_SETTINGS] = null_set } },
	{ "ObjectIdPkGenerator", "Mongo ObjectId Key", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  N, N, N, NULL, objectid_m,
	    API_REF("objectid-key"),
	    { CAN(objectid_can), [DGS_CAP_SETTINGS] = API_REF("objectid-key") },
	    /* MongoDB's ObjectId is of no family here (DB_OTHER). */
	    TYPES(DGS_FAM(DB_TEXT), "text holding MongoDB ObjectId values",
	    objectid_types), .contra_src = objectid_contra },
	{ "PassthroughGenerator", "Passthrough", DGS_COMP_NONE,
	    N, Y, N,  N, N, N,  N,  U,  N, N, N, NULL, NULL,
	    API_REF("passthrough"),
	    { CAN(pass_can), [DGS_CAP_SETTINGS] = pass_set } },
	{ "RandomBooleanGenerator", "Random Boolean", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  U,  Y, N, N, NULL, NULL,
	    GEN_REF("random-boolean"),
	    { [DGS_CAP_LINK] = randbool_can, [DGS_CAP_CONS_SELF] = randbool_can,
	    [DGS_CAP_CONS_OTHER] = randbool_can,
	    [DGS_CAP_IMPLICIT] = randbool_can, [DGS_CAP_DP] = randbool_dp,
	    [DGS_CAP_SETTINGS] = randbool_open } },
	{ "RandomDoubleGenerator", "Random Double", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  U,  N, N, N, NULL, randdouble_m,
	    API_REF("random-double"),
	    { CAN(randdouble_can),
	    [DGS_CAP_SETTINGS] = API_REF("random-double") },
	    TYPES(F_NUMBERS, "a number", randdouble_types) },
	{ "RandomIntegerGenerator", "Random Integer", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  U,  N, N, N, NULL, randint_m,
	    GEN_REF("random-integer"),
	    { [DGS_CAP_LINK] = randint_can, [DGS_CAP_CONS_SELF] = randint_can,
	    [DGS_CAP_CONS_OTHER] = randint_can,
	    [DGS_CAP_IMPLICIT] = randint_can, [DGS_CAP_DP] = randint_dp,
	    [DGS_CAP_SETTINGS] = randint_set },
	    TYPES_IMPLIED(F_NUMBERS, "a number", GEN_REF("random-integer")) },
	{ "RandomTimestampGenerator", "Random Timestamp", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  U,  N, N, N, NULL, randts_m,
	    API_REF("random-timestamp"),
	    { CAN(randts_can), [DGS_CAP_SETTINGS] = API_REF("random-timestamp") },
	    TYPES_IMPLIED(F_TIMES, "a date or time, or text with "
	    "`dateTimeFormat` in its metadata", API_REF("random-timestamp")),
	    .text_with = "dateTimeFormat", .number_with = "unixTimestampFormat"  },
	{ "RegexMaskGenerator", "Regex Mask", DGS_COMP_REGEX,
	    N, N, N,  N, N, N,  N,  U,  N, N, N, NULL, regex_m,
	    API_REF("regex-mask"),
	    { CAN(regex_can), [DGS_CAP_SETTINGS] = API_REF("regex-mask") } },
	{ "ShippingContainerGenerator", "Shipping Container", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  U,  N, N, N, NULL, NULL,
	    API_REF("shipping-container"),
	    { CAN(shipping_can), [DGS_CAP_SETTINGS] = shipping_set } },
	/* The page's heading spells the id "SINGenerator", its JSON
	 * "SinGenerator": both find this entry (builtin_find()). */
	{ "SinGenerator", "SIN", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  N, N, N, NULL, NULL,
	    API_REF("sin"),
	    { CAN(sin_can), [DGS_CAP_SETTINGS] = sin_set } },
	{ "SsnGenerator", "SSN", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  U,  N, N, N, NULL, ratio_m,
	    API_REF("ssn"),
	    { CAN(ssn_can), [DGS_CAP_SETTINGS] = API_REF("ssn") } },
	{ "StringMaskGenerator", "Character Substitution", DGS_COMP_NONE,
	    N, N, N,  N, N, Y,  N,  U,  N, N, N, NULL, NULL,
	    API_REF("character-substitution"),
	    { CAN_NOLINK(strmask_can), [DGS_CAP_LINK] = strmask_link,
	    [DGS_CAP_SETTINGS] = strmask_can } },
	{ "StructMaskGenerator", "Struct Mask", DGS_COMP_JSONPATH,
	    N, N, U,  N, N, N,  N,  U,  N, N, N, NULL, json_m,
	    API_REF("struct-mask"),
	    { CAN_NOLINK(struct_can),
	    [DGS_CAP_LINK] = SUBS_LINK(GEN_REF("struct-mask")),
	    [DGS_CAP_SETTINGS] = API_REF("struct-mask") },
	    SUBS_NOT_OTHER },
	{ "TextCompositionGenerator", "Text Composition", DGS_COMP_NONE,
	    N, N, N,  N, N, U,  N,  U,  N, N, N, NULL, textcomp_m,
	    API_REF_TEXTCOMP,
	    { [DGS_CAP_LINK] = textcomp_can, [DGS_CAP_CONS_SELF] = textcomp_can,
	    [DGS_CAP_CONS_OTHER] = textcomp_can,
	    [DGS_CAP_IMPLICIT] = textcomp_implicit, [DGS_CAP_DP] = textcomp_can,
	    [DGS_CAP_SETTINGS] = API_REF_TEXTCOMP } },
	{ "TextMaskGenerator", "Character Scramble", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  N, N, N, NULL, NULL,
	    API_REF("character-scramble"),
	    { CAN_NOLINK(textmask_can), [DGS_CAP_LINK] = textmask_link,
	    [DGS_CAP_SETTINGS] = SAYS(API_REF("character-scramble"), "There "
	    "is no generator-specific configuration.") } },
	{ "TimestampShiftGenerator", "Timestamp Shift", DGS_COMP_NONE,
	    N, N, N,  Y, Y, N,  N,  Y,  N, N, N, tshift_fallbacks, tshift_m,
	    API_REF("timestamp-shift"),
	    { CAN(tshift_can), [DGS_CAP_FALLBACK] = tshift_fb,
	    [DGS_CAP_SETTINGS] = API_REF("timestamp-shift") },
	    TYPES_IMPLIED(F_TIMES, "a date or time, or text with `dateFormat` "
	    "in its metadata", API_REF("timestamp-shift")),
	    .text_with = "dateFormat", .number_with = "unixTimestampFormat"  },
	{ "USPhoneNumberGenerator", "Phone", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  N, N, N, NULL, phone_m,
	    API_REF("phone"),
	    { CAN(phone_can), [DGS_CAP_SETTINGS] = API_REF("phone") } },
	{ "UniqueEmailGenerator", "Unique Email", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  N, N, N, NULL, uemail_m,
	    API_REF("unique-email"),
	    { CAN(uemail_can), [DGS_CAP_SETTINGS] = API_REF("unique-email") } },
	{ "UniqueIntegerGenerator", "Sequential Integer", DGS_COMP_NONE,
	    N, N, Y,  N, N, N,  N,  U,  N, N, N, NULL, seqint_m,
	    API_REF("sequential-integer"),
	    { CAN(seqint_can),
	    [DGS_CAP_SETTINGS] = API_REF("sequential-integer") },
	    TYPES(DGS_FAM(DB_INT) | DGS_FAM(DB_NUMERIC), "an integer",
	    seqint_types) },
	{ "UrlGenerator", "URL", DGS_COMP_NONE,
	    N, N, N,  N, N, N,  N,  U,  N, N, N, NULL, NULL,
	    API_REF("url"),
	    { CAN(url_can), [DGS_CAP_SETTINGS] = SAYS(API_REF("url"), "There is no "
	    "generator-specific configuration.") } },
	{ "UuidPkGenerator", "UUID Key", DGS_COMP_NONE,
	    N, N, N,  Y, N, N,  N,  U,  Y, N, N, NULL, NULL,
	    GEN_REF("uuid-key"),
	    { CAN(uuid_can), [DGS_CAP_SETTINGS] = uuid_open } },
	{ "XmlMaskGenerator", "XML Mask", DGS_COMP_XPATH,
	    N, N, U,  N, N, N,  N,  Y,  N, N, N, NULL, NULL,
	    API_REF("xml-mask"),
	    { CAN_NOLINK(xml_can),
	    [DGS_CAP_LINK] = SUBS_LINK(GEN_REF("xml-mask")),
	    [DGS_CAP_FALLBACK] = xml_fb,
	    [DGS_CAP_SETTINGS] = API_REF("xml-mask") },
	    TYPES_IMPLIED(DGS_FAM(DB_XML) | DGS_FAM(DB_TEXT), "XML or text",
	    GEN_REF("xml-mask")),
	    SUBS_NOT_OTHER },
};
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
