/*
 * dgslint.h: the one public header of libdgslint, a validator and linter
 * for the JSON documents of the Data Generation Service API
 * (replacements, subsetting, schema changes, resolutions, job start,
 * generator presets).
 *
 * Ownership, stated once and applied everywhere:
 *  1. dgs_*_new() and dgs_lint() hand the caller an object that the caller
 *     releases with the matching dgs_*_free(); every free accepts NULL.
 *  2. Accessors return borrowed pointers that stay valid as long as the
 *     object they were read from.
 *  3. The library never prints and never exits.  Failures are returned as
 *     a negative DGS_E* code; dgs_strerror() describes it.
 *
 * Thread safety: a struct dgs_options may be shared by any number of
 * threads calling dgs_lint() at once, as long as nobody changes it
 * meanwhile.  Results belong to the thread that made them.
 */
#ifndef DGSLINT_H
#define DGSLINT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DGS_VERSION "0.1.0"

/* Error codes returned by library calls (0 is success). */
#define DGS_ENOMEM	(-1)	/* out of memory */
#define DGS_EINVAL	(-2)	/* bad argument, unknown name or value */
#define DGS_ECONFIG	(-3)	/* a catalogue or option file is unusable */
#define DGS_EAGAIN	(-4)	/* dgs_docset_add(): the document's own
				 * result is needed (DGS_KEYS_HASHES) */

/* Severities, ordered: a higher value is more severe. */
enum dgs_severity {
	DGS_SEV_OFF = 0,	/* rule disabled; never on a finding */
	DGS_SEV_INFO,
	DGS_SEV_WARNING,
	DGS_SEV_ERROR
};

/* Document kinds.  DGS_KIND_UNKNOWN asks dgs_lint() to tell the kind from
 * the document's shape. */
enum dgs_kind {
	DGS_KIND_UNKNOWN = 0,
	DGS_KIND_REPLACEMENTS,	/* generator assignments */
	DGS_KIND_SUBSETTING,	/* POST body, GET list, or PUT body */
	DGS_KIND_SUBSETTING_PUT,	/* PUT body: Schema/Table are in the path */
	DGS_KIND_SCHEMA_CHANGES,	/* GET /api/SchemaDiff response */
	DGS_KIND_RESOLUTION,	/* resolve, resolve_multiple, resolve_all */
	DGS_KIND_JOB_START,	/* generateData/start parameters */
	DGS_KIND_PRESET,	/* a generator preset */
	DGS_KIND_MAX
};

/* License tiers; presets and subsetting need Enterprise. */
enum dgs_license {
	DGS_LICENSE_ENTERPRISE = 0,
	DGS_LICENSE_PROFESSIONAL,
	DGS_LICENSE_BASIC
};

/* A rule, as listed by dgs_rule_get(). */
struct dgs_rule_info {
	const char *id;		/* stable id, "DGS301" */
	const char *name;	/* stable kebab-case name */
	enum dgs_severity severity;	/* default severity */
	unsigned kinds;		/* bit (1u << kind) per kind; 0: every kind */
	const char *summary;	/* one line */
	const char *explain;	/* what, why, and a bad and a good example */
	const char *fix;	/* what its fixes do, or NULL (dgs_rule_fixes()
				   says how safely) */
};

/* One finding.  line, column, end_line and end_column are 1-based and
 * count characters (Unicode code points); end_column is the column just
 * past the last character.  0 means unknown (never for a finding on a
 * document that was read).  pointer is an RFC 6901 JSON Pointer ("" for
 * the whole document), in which a member name that holds U+0000 has it
 * as the two bytes C0 80 (a C string cannot hold a NUL), as pointers
 * given to this library may; messages write it as the text \u0000. */
struct dgs_finding {
	const char *file;
	unsigned long line;
	unsigned long column;
	unsigned long end_line;
	unsigned long end_column;
	const char *pointer;
	const struct dgs_rule_info *rule;
	enum dgs_severity severity;	/* after options are applied */
	const char *message;
	const struct dgs_fix *fix;	/* the edit that fixes it, or NULL */
};

/*
 * Fixes.  A finding whose rule knows the edit carries a fix: one or more
 * text edits of the document as it was linted, which do not overlap and
 * are sorted by offset, and a one-line description.  A safe fix keeps
 * the document's meaning (a misspelt name with one candidate, a
 * documented spelling, a redundant keyword); an unsafe one may change it
 * (a choice between candidates, a changed value).
 */
enum dgs_fix_safety {
	DGS_FIX_SAFE = 1,
	DGS_FIX_UNSAFE = 2
};

/* Replace the bytes [offset, end) of the text with text[0..text_len).
 * line, column, end_line and end_column locate offset and end as a
 * finding's are (1-based, in characters). */
struct dgs_edit {
	size_t offset;
	size_t end;
	const char *text;
	size_t text_len;
	unsigned long line, column, end_line, end_column;
};

struct dgs_fix {
	const char *description;
	enum dgs_fix_safety safety;
	const struct dgs_edit *edits;
	size_t nedits;
};

struct dgs_options;
struct dgs_result;

/*
 * Options.
 */

/* Returns new default options (every rule at its default severity, kind
 * detected, Enterprise license, the built-in catalogue), or NULL when out
 * of memory. */
struct dgs_options *dgs_options_new(void);
void dgs_options_free(struct dgs_options *);

/* Returns a copy of the options (NULL when out of memory) that shares the
 * loaded generator and preset catalogues with the original: the original
 * must outlive the copy, and no catalogue may be loaded into the copy. */
struct dgs_options *dgs_options_dup(const struct dgs_options *);

/* Forces the document kind; DGS_KIND_UNKNOWN restores detection. */
void dgs_options_set_kind(struct dgs_options *, enum dgs_kind);
void dgs_options_set_license(struct dgs_options *, enum dgs_license);
/* Whether every document is taken for the service's (on: a document that
 * tells no kind raises kind-unknown, DGS201), or (off, the default) one
 * whose members have nothing of the service's kinds is other JSON
 * (package.json, tsconfig.json, GeoJSON...): no finding, not even of its
 * syntax when a lenient parse (comments, trailing commas) reads it, and
 * dgs_result_other() says so. */
void dgs_options_set_presume(struct dgs_options *, int on);

/* Lets dgs_lint() use n threads for one document (1, the default, starts
 * none; at most 2 are used).  With 2, the elements of a large document
 * that is an array (a megabyte or more) are built on a second thread
 * while the calling thread checks those already built.  The findings are
 * the same whatever n is. */
void dgs_options_set_threads(struct dgs_options *, unsigned n);

/* Sets the severity of the rule named by id or name; DGS_SEV_OFF disables
 * it.  Returns 0, or DGS_EINVAL for an unknown rule. */
int dgs_options_set_severity(struct dgs_options *, const char *rule,
    enum dgs_severity);

/* Sets the severity of a rule for findings whose JSON Pointer is prefix
 * or lies below it ("" is the whole document; "/0/links" covers
 * "/0/links/3/metadata" but not "/0/linksx").  Later calls win over
 * earlier ones and over dgs_options_set_severity() for those findings.
 * Returns 0, DGS_EINVAL for an unknown rule, or DGS_ENOMEM. */
int dgs_options_set_severity_at(struct dgs_options *, const char *rule,
    const char *prefix, enum dgs_severity);

/* The severity dgs_options_set_severity() gave the rule named by id or
 * name (its default if none did), whatever the scopes say; DGS_SEV_OFF
 * for an unknown rule. */
enum dgs_severity dgs_options_get_severity(const struct dgs_options *,
    const char *rule);

/* Loads a saved copy of the service's GET /api/GeneratorMetadata
 * response: an array of objects with generatorId and the capabilities
 * canPartition, canPartitionBy, canLink, canBeConsistent,
 * canBeConsistentOn, isImplicitlyConsistent, canBeDifferentiallyPrivate,
 * hasFallback and fallbackGeneratorIds (other members are ignored).  The
 * capabilities it gives override the built-in catalogue's for the ids it
 * lists, and ids the catalogue lacks become known, so a newer service's
 * generators are never reported as unknown.  A second call replaces the
 * first.  Returns 0; DGS_ECONFIG for an unusable file, with *why (if why
 * is not NULL) set to a message naming the element at fault, valid until
 * the next load or dgs_options_free(); DGS_EINVAL for options made by
 * dgs_options_dup(); or DGS_ENOMEM. */
int dgs_options_load_generators(struct dgs_options *, const char *buf,
    size_t len, const char **why);

/* Loads a saved list of generator presets: an array of objects with id,
 * generatorId and optionally name (other members are ignored), so that a
 * custom presetId can be checked against its generatorId.  Returns and
 * reports errors as dgs_options_load_generators() does. */
int dgs_options_load_presets(struct dgs_options *, const char *buf,
    size_t len, const char **why);

/*
 * Schema snapshots: the source database's columns, for the rules of
 * dgslint-rules(7) that check a configuration against its database
 * (DGS8xx).  The format is in dgslint-schema(5): CSV with a header line
 * or a JSON array of row objects, with the columns of
 * information_schema.columns.
 */
struct dgs_snapshot;

/* Loads the snapshot buf[0..len); name names it in messages.  Returns 0
 * and sets *out (free it with dgs_snapshot_free()); DGS_ECONFIG for an
 * unusable snapshot, with *why (if why is not NULL) set to a message
 * "name:line: what is wrong" to free(); or DGS_ENOMEM.  Nothing is kept
 * of a snapshot with a problem. */
int dgs_snapshot_load(const char *buf, size_t len, const char *name,
    struct dgs_snapshot **out, char **why);
void dgs_snapshot_free(struct dgs_snapshot *);
/* Loads a snapshot on a thread of its own, for a program that lints one
 * document while it loads: *out is the snapshot at once, for
 * dgs_options_set_snapshots(), and dgs_lint() waits for it where the rules
 * first need it, after the scan of the text, which overlaps the load.
 * buf must stay as it is until dgs_snapshot_wait() has returned.
 * dgs_snapshot_wait() waits for the load (any number of times) and returns
 * what dgs_snapshot_load() would, with *why (if not NULL) a copy of its
 * message.  Every function that reads a snapshot waits for it first:
 * dgs_lint() returns DGS_ECONFIG for a document whose rules needed a
 * snapshot that could not be loaded, dgs_snapshot_diff() likewise, and
 * dgs_snapshot_count() counts none in it.  A process must not fork
 * while a load runs.  Returns 0, or DGS_ENOMEM (no thread: nothing
 * started). */
int dgs_snapshot_load_start(const char *buf, size_t len, const char *name,
    struct dgs_snapshot **out);
int dgs_snapshot_wait(struct dgs_snapshot *, char **why);
/* The number of columns (rows; for a document database, path types),
 * and of tables (collections) in *ntables if not NULL. */
size_t dgs_snapshot_count(const struct dgs_snapshot *, size_t *ntables);

/* Lints against now, the database as it is, and before (or NULL), the
 * database as the workspace was configured against: with before, the
 * rules of new columns and changed types run too.  NULL for now turns
 * the database rules off.  The snapshots are borrowed: they must outlive
 * the options and every copy made of them with dgs_options_dup(). */
void dgs_options_set_snapshots(struct dgs_options *,
    const struct dgs_snapshot *now, const struct dgs_snapshot *before);

/* The user's word on a column, as marking it by hand in Tonic
 * Structural's Privacy Hub, or as its custom sensitivity rules:
 * mark(arg, schema, table, column, data_type, out) returns
 * DGS_MARK_SENSITIVE (sensitive, whatever its name), DGS_MARK_NOT_SENSITIVE
 * (not sensitive, whatever its name: this wins) or DGS_MARK_NONE.  For
 * DGS_MARK_SENSITIVE it may set out->type, the sensitivity type of a
 * column no built-in type names (NULL: "Marked sensitive"), and
 * out->generator, the generator it recommends (NULL: none); both live as
 * long as the options.  The privacy rules and dgs_privacy_report() ask it
 * for each column they judge; it must answer from any thread.  NULL: no
 * marks. */
#define DGS_MARK_NONE		0
#define DGS_MARK_SENSITIVE	1
#define DGS_MARK_NOT_SENSITIVE	2
struct dgs_column_mark {
	const char	*type;
	const char	*generator;
};
typedef int (*dgs_column_mark_fn)(void *arg, const char *schema,
    const char *table, const char *column, const char *data_type,
    struct dgs_column_mark *out);
void dgs_options_set_column_mark(struct dgs_options *, dgs_column_mark_fn,
    void *arg);

/* The list of schema changes GET /api/SchemaDiff would return between
 * before and now for a workspace that the documents docs[i] (of lens[i]
 * bytes: replacements and subsetting configurations; others are
 * ignored) configure: a JSON array of items as GET /api/SchemaDiff
 * lists them (schemaName, tableName, issueCode, columnName,
 * oldDataType, newDataType), with null for the members an item does not
 * have.  New tables and
 * columns are always listed, missing ones and changed types and
 * nullability only when they conflict with the configuration.  *out
 * (NUL-terminated, to free()) and *outlen receive it.  Returns 0,
 * DGS_EINVAL when a snapshot is NULL, DGS_ECONFIG when one could not be
 * loaded (dgs_snapshot_load_start()), or DGS_ENOMEM. */
int dgs_snapshot_diff(const struct dgs_snapshot *before,
    const struct dgs_snapshot *now, const char *const *docs,
    const size_t *lens, size_t ndocs, char **out, size_t *outlen);

/* Privacy coverage: the protection status of every column of snapshot s
 * for the documents docs[i] (of lens[i] bytes; replacements are read,
 * other kinds ignored), as Tonic Structural's Privacy Hub shows it:
 * "protected" (a generator other than Passthrough is assigned, or
 * inherited by a foreign key from the column it references), "at-risk"
 * (of a built-in sensitivity type by its name and data type, and no
 * generator or Passthrough) or "not-sensitive".  *out (NUL-terminated,
 * to free()) and *outlen receive the report, a JSON object:
 * {"columns": [{"schema", "table", "column", "dataType", "status",
 * "sensitivityType", "generator", "recommendedGenerator", "reason",
 * "line"}...], "summary": {"columns", "protected", "notSensitive",
 * "atRisk", "tables": [{"schema", "table", "columns", "protected",
 * "notSensitive", "atRisk"}...]}} (null for a member a column lacks;
 * "line" is the snapshot's line of the column, null for a JSON
 * snapshot), and *at_risk (when not NULL) the number of columns at
 * risk.  The column marks of o (dgs_options_set_column_mark()) apply; o
 * may be NULL.  Returns 0, DGS_EINVAL when s is NULL, DGS_ECONFIG when it
 * could not be loaded, or DGS_ENOMEM. */
int dgs_privacy_report(const struct dgs_options *o,
    const struct dgs_snapshot *s, const char *const *docs,
    const size_t *lens, size_t ndocs, char **out, size_t *outlen,
    size_t *at_risk);

/*
 * Sampled values (rules/values.c): what a few values of a column look
 * like, for --sample.  Tonic's sensitivity scan "looks at the data type,
 * column name, and column values" with "regex matching and dictionary
 * lookups" (https://docs.tonic.ai/app/generation/identify-sensitive-data)
 * and does not publish its patterns: these are dgslint's own, one or
 * more per type of that page's list that a value shows by its form.
 * Nothing here keeps, copies or writes a value: a tally holds counts.
 */
enum dgs_value_type {
	DGS_VALUE_EMAIL,	/* an email address */
	DGS_VALUE_SSN,		/* a US Social Security number */
	DGS_VALUE_CARD,		/* a credit card number (Luhn) */
	DGS_VALUE_PHONE,	/* a phone number */
	DGS_VALUE_IPV4,		/* an IPv4 address */
	DGS_VALUE_IPV6,		/* an IPv6 address */
	DGS_VALUE_MAC,		/* a MAC address */
	DGS_VALUE_IBAN,		/* an IBAN (ISO 13616 check digits) */
	DGS_VALUE_SWIFT,	/* a SWIFT (BIC) code */
	DGS_VALUE_BTC,		/* a Bitcoin address */
	DGS_VALUE_IMEI,		/* an IMEI (Luhn) */
	DGS_VALUE_VIN,		/* a vehicle identification number */
	DGS_VALUE_ZIP,		/* a US ZIP code */
	DGS_VALUE_ICD,		/* an ICD-10 code */
	DGS_VALUE_GENDER,	/* a gender, as a word or a letter */
	DGS_VALUE_NTYPES
};
/* The type's name, as Tonic's list spells it and the privacy report's
 * sensitivityType holds it ("Email Address", "Credit Card Number"...);
 * its plural as a reason says it ("email addresses"); the type of a
 * name, or -1. */
const char *dgs_value_type_name(enum dgs_value_type);
const char *dgs_value_type_what(enum dgs_value_type);
int dgs_value_type_from_name(const char *);

/* The compiled patterns: one for a thread, made once (JIT-compiled where
 * PCRE2 has it).  NULL when out of memory. */
struct dgs_values *dgs_values_new(void);
void dgs_values_free(struct dgs_values *);

/* Counts of a column's sampled values: n values seen, hits[t] that look
 * like type t, and sure[t] of them in a form that shows the type
 * without the column's name (an SSN with its dashes, a card number
 * whose Luhn digit holds). */
struct dgs_value_tally {
	unsigned long	n;
	unsigned long	hits[DGS_VALUE_NTYPES];
	unsigned long	sure[DGS_VALUE_NTYPES];
};

/* Adds the value s[0..len) (blanks around it ignored) to the tally. */
void dgs_values_add(struct dgs_values *, struct dgs_value_tally *,
    const char *s, size_t len);

/* What the tally says of a column whose name suggested the value type
 * named (or -1 for none):
 *	DGS_VALUES_CONFIRM	named: most values look like it
 *	DGS_VALUES_FOUND	no name, or another: most values are surely
 *				of *type
 *	DGS_VALUES_DOUBT	named: almost no value looks like it, and
 *				the type's patterns cover its usual forms
 *	DGS_VALUES_NONE		too few values, or nothing clear
 * *type and *hits (when not NULL) get the type decided and its count. */
enum dgs_value_verdict {
	DGS_VALUES_NONE,
	DGS_VALUES_CONFIRM,
	DGS_VALUES_FOUND,
	DGS_VALUES_DOUBT
};
/* At least DGS_VALUES_MIN values to say anything; DGS_VALUES_HIGH
 * percent to confirm or find; below DGS_VALUES_LOW percent of at least
 * DGS_VALUES_MIN_DOUBT values to doubt. */
#define DGS_VALUES_MIN		5
#define DGS_VALUES_MIN_DOUBT	10
#define DGS_VALUES_HIGH		80
#define DGS_VALUES_LOW		10
enum dgs_value_verdict dgs_values_decide(const struct dgs_value_tally *,
    int named, int *type, unsigned long *hits);

/* Overwrites n bytes at p with zeros in a way the compiler keeps: a
 * sampled value's buffer once classified. */
void dgs_wipe(void *p, size_t n);

/*
 * The workspace on the service: what a program read from a running
 * service (dgslint's --service), for the rules of dgslint-rules(7) that
 * predict what the service itself would refuse (DGS9xx).  The library
 * fetches nothing: the program loads the answers' bodies.
 */
struct dgs_service;

/* The parts of a workspace's state, each the answer of one endpoint. */
enum dgs_service_part {
	DGS_SERVICE_SUBSETTING = 0,	/* GET /api/workspace/{id}/subsetting */
	DGS_SERVICE_SCHEMA_DIFF,	/* GET /api/SchemaDiff */
	DGS_SERVICE_PARTS
};

/* A new state of the workspace with that id and name (copied; either
 * may be NULL when not known), whose parts are not known yet: the rules
 * that need one report each document they could not check, with the
 * reason dgs_service_skip() gave ("not read" without one).  NULL when
 * out of memory. */
struct dgs_service *dgs_service_new(const char *workspace_id,
    const char *workspace_name);
void dgs_service_free(struct dgs_service *);

/* Loads a part from the body buf[0..len) of its answer: the subsetting
 * configurations (an array of objects with Schema and Table, or an
 * object that wraps one such array), or the schema changes (an array of
 * items with schemaName, tableName, issueCode and columnName, or an
 * object that wraps one).  Member names are matched without regard to
 * letter case.  Returns 0; DGS_ECONFIG for a body that is not that,
 * with *why (if not NULL) a message naming the element at fault, to
 * free(), and the part as it was; or DGS_ENOMEM. */
int dgs_service_load(struct dgs_service *, enum dgs_service_part,
    const char *buf, size_t len, char **why);

/* Marks a part as not known, for the reason why (copied; a phrase such
 * as "GET /api/SchemaDiff answered 404 Not Found"), which the rules
 * quote.  Returns 0, DGS_EINVAL for a bad part, or DGS_ENOMEM. */
int dgs_service_skip(struct dgs_service *, enum dgs_service_part,
    const char *why);

/* Lints against s, borrowed: it must outlive the options and every copy
 * of them, and not change while dgs_lint() runs.  NULL (the default)
 * turns the DGS9xx rules off. */
void dgs_options_set_service(struct dgs_options *,
    const struct dgs_service *s);

/*
 * Linting.
 */

/* Lints one document held in buf[0..len).  file names the document in
 * findings (it is copied).  On success *out receives the result, which
 * the caller frees with dgs_result_free().  Returns 0 or DGS_ENOMEM. */
int dgs_lint(const struct dgs_options *, const char *file, const char *buf,
    size_t len, struct dgs_result **out);

/* As dgs_lint(), for a buf that is a private, read-only memory map of a
 * whole regular file (mmap(2): page-aligned) that nothing changes while
 * this runs.  The pages of a large document are given back
 * (madvise(2) MADV_DONTNEED) once read, and read again from the file if
 * they are needed again, so that memory holds little of the text beyond
 * the part being checked. */
int dgs_lint_mapped(const struct dgs_options *, const char *file,
    const char *buf, size_t len, struct dgs_result **out);

/* Findings, sorted by line, column, then rule id; rules turned off are
 * absent. */
size_t dgs_result_count(const struct dgs_result *);
const struct dgs_finding *dgs_result_get(const struct dgs_result *,
    size_t i);
/* The order of the findings of a result: <0, 0 or >0 as a comes before,
 * with or after b (line, column, rule id, pointer, message).  For a
 * program that merges findings of several results. */
int dgs_finding_compare(const struct dgs_finding *a,
    const struct dgs_finding *b);
/* The kind the document was linted as (DGS_KIND_UNKNOWN if none). */
enum dgs_kind dgs_result_kind(const struct dgs_result *);
/* Whether the document is other JSON, not the service's: it has no
 * findings (dgs_options_set_presume()). */
int dgs_result_other(const struct dgs_result *);
/* What scope i of the options the result was made with did on its
 * document (the scopes of dgs_options_set_severity_at(), numbered from 0
 * in the order of the calls): DGS_SCOPE_USED, it decided the severity of
 * a finding (DGS_SEV_OFF included: a finding it suppressed);
 * DGS_SCOPE_UNUSED, its rule ran and it decided none; DGS_SCOPE_IDLE, its
 * rule did not run (turned off, of another kind, without the snapshot or
 * service it needs, or a document whose JSON or kind was not read).  A
 * front end tells with it a suppression that matches nothing. */
#define DGS_SCOPE_IDLE		0
#define DGS_SCOPE_UNUSED	1
#define DGS_SCOPE_USED		2
int dgs_result_scope(const struct dgs_result *, size_t i);
void dgs_result_free(struct dgs_result *);

/*
 * Document sets: the documents of one run, checked against one another
 * (the rules DGS881 to DGS899: a column configured in two replacement
 * files, a table in two subsetting files, a resolution request that
 * disagrees with a schema-change list).  Lint each document with options
 * on which dgs_options_set_docset() was called, then hand the results
 * to dgs_docset_add() in the order the documents are to be reported:
 * each finding goes on the later document and names the earlier one's
 * file and line, so the findings are the same whatever order the
 * documents were linted in, and a document can be printed as soon as it
 * is added.  (A document set is not the workspace on the service, above:
 * the documents of one run usually configure one such workspace.)
 */
struct dgs_docset;

/* Makes dgs_lint() (and dgs_fix()) take, as it lints, the few keys that
 * dgs_docset_add() compares: a column configured, a subsetting
 * table, a change listed or resolved.  Off by default (a document linted
 * alone pays nothing). */
void dgs_options_set_docset(struct dgs_options *, int on);

/* Returns a new, empty document set, or NULL when out of memory. */
struct dgs_docset *dgs_docset_new(void);
void dgs_docset_free(struct dgs_docset *);

/* Checks the document of res against the documents added before it,
 * appends the findings to res (which stays sorted; severities and rules
 * turned off as opts says, the options res was linted with), then adds
 * the document to the set.  res keeps nothing of the set.
 * Returns 0, DGS_EINVAL for a NULL argument, DGS_ENOMEM, or DGS_EAGAIN
 * for a res loaded from keys saved with DGS_KEYS_HASHES when it has a
 * finding to make (or when another process hashed the keys): then
 * nothing is added, and the caller adds the document's own result. */
int dgs_docset_add(struct dgs_docset *, const struct dgs_options *opts,
    struct dgs_result *res);

/* For a program that lints in one process and adds to the document set
 * in another: the keys of res as bytes (*out to free(), *len their
 * length), and a result made from such bytes, with the kind and keys of
 * the original and no findings, named file, for dgs_docset_add().
 * The bytes are for the same build of the library on the same machine.
 * With DGS_KEYS_HASHES in flags, a key's bytes are only its hashes, its
 * line and its code (about a quarter): enough to add a document that
 * meets no other, the usual case, and dgs_docset_add() asks for the
 * document's own result (DGS_EAGAIN) when it does.  Without, the keys
 * are whole.  The library's hashes are keyed per process: keys saved by
 * a process forked from the one that loads them (after it started) are
 * loaded as they are; whole keys from any other process are hashed
 * again as they load.  Return 0, DGS_EINVAL for bytes that are not such
 * keys, or DGS_ENOMEM. */
#define DGS_KEYS_HASHES	1
int dgs_result_keys_save(const struct dgs_result *res, int flags,
    char **out, size_t *len);
int dgs_result_keys_load(const char *file, const char *buf, size_t len,
    struct dgs_result **out);

/*
 * Applying fixes.
 */

/* Which fixes a rule can offer: an or of (1u << DGS_FIX_SAFE) and
 * (1u << DGS_FIX_UNSAFE); 0 for a rule without fixes. */
unsigned dgs_rule_fixes(const struct dgs_rule_info *);

/* Applies to buf[0..len) the fixes of res (a result of dgs_lint() on that
 * text) that are safe, and the unsafe ones too when unsafe is not 0: a
 * fix whose edits overlap those of a fix earlier in the text is left for
 * another round.  On success *out receives the new text (NUL-terminated,
 * to free()), *outlen its length and *napplied (if not NULL) the number
 * of findings fixed.  Returns 0 or DGS_ENOMEM. */
int dgs_fix_apply(const struct dgs_result *res, const char *buf, size_t len,
    int unsafe, char **out, size_t *outlen, size_t *napplied);

/* Lints and fixes buf[0..len) as dgs_lint() and dgs_fix_apply() do, then
 * lints the fixed text and fixes it again, until nothing changes or for
 * at most 8 rounds; a round that would add a JSON-layer finding (a
 * syntax error, a duplicate name) is undone and ends the rounds.  *out,
 * *outlen and *napplied as for dgs_fix_apply(); *res (if not NULL)
 * receives the result of linting the final text.  Returns 0 or
 * DGS_ENOMEM. */
int dgs_fix(const struct dgs_options *, const char *file, const char *buf,
    size_t len, int unsafe, char **out, size_t *outlen, size_t *napplied,
    struct dgs_result **res);

/* A unified diff from a[0..alen) to b[0..blen) with three lines of
 * context, naming both sides name (what patch -p0 and git apply -p0
 * take); empty when they are the same.  *out (NUL-terminated, to free())
 * and *outlen receive it.  Returns 0 or DGS_ENOMEM. */
int dgs_diff(const char *name, const char *a, size_t alen, const char *b,
    size_t blen, char **out, size_t *outlen);

/* Finds the line and column (1-based, in characters) of the value that
 * the RFC 6901 pointer names in the JSON text buf[0..len), or of its
 * member name when at_key is not 0.  A pointer to something absent gives
 * its nearest existing ancestor.  The text should be valid JSON.
 * Returns 0 or DGS_ENOMEM. */
int dgs_json_position(const char *buf, size_t len, const char *pointer,
    int at_key, unsigned long *line, unsigned long *column);
/* dgs_json_position() for n pointers at once, in one pass over the text
 * (time linear in len and n log n, where a call each is len times n):
 * pointers[i] (of its member name when at_key[i] is not 0; at_key may be
 * NULL) to line[i] and column[i], and to the byte offset[i] where that
 * token starts (offset may be NULL).  Returns 0 or DGS_ENOMEM. */
int dgs_json_positions(const char *buf, size_t len, size_t n,
    const char *const *pointers, const int *at_key, unsigned long *line,
    unsigned long *column, size_t *offset);

/*
 * Rules, kinds, names.
 */

size_t dgs_rule_count(void);
/* Rules in id order; NULL past the end. */
const struct dgs_rule_info *dgs_rule_get(size_t i);
/* Finds a rule by id ("DGS301", any case) or name; NULL if none. */
const struct dgs_rule_info *dgs_rule_find(const char *id_or_name);
/* The built-in generator catalogue's facts that rule rests on, each with
 * its source (a public documentation page and the sentence of it that
 * states the fact, a public source file, "inferred", or for a fact no
 * public source settles, what was searched for), as text for --explain;
 * NULL when the rule rests on none, or when out of memory.  free() it. */
char *dgs_rule_sources(const struct dgs_rule_info *rule);

/* "replacements", "subsetting", ...; NULL for an out-of-range value. */
const char *dgs_kind_name(enum dgs_kind);
/* Returns the kind with that name, or DGS_KIND_UNKNOWN. */
enum dgs_kind dgs_kind_from_name(const char *);
/* "off", "info", "warning", "error". */
const char *dgs_severity_name(enum dgs_severity);
/* Returns 0 and sets *out, or DGS_EINVAL. */
int dgs_severity_from_name(const char *, enum dgs_severity *out);

const char *dgs_strerror(int);
const char *dgs_version(void);

/* The candidate (one of cands[0..n), NULL entries skipped) that word most
 * likely misspells, for a "did you mean" of a program's own: the nearest
 * by edit distance (letters, missing, extra and swapped neighbours
 * counting one each; case ignored), if at most 1 for a word of up to 3
 * characters, 2 up to 8 and 3 beyond; the first of equals.  NULL when
 * none is that near, or for an empty word or one of more than 64 bytes.
 * What the rules' own suggestions use (unknown members, generator ids). */
const char *dgs_suggest(const char *word, const char *const *cands,
    size_t n);

/*
 * s[0..n) as a JSON string literal, quotes included, as every JSON text
 * dgslint writes has its strings: valid UTF-8 whatever the bytes (a byte
 * that is not UTF-8 becomes U+FFFD), control characters (C0, DEL and
 * C1) as \uXXXX or their short escapes, '/' as it is; the bytes C0 80,
 * U+0000 as findings' pointers hold it, as \u0000.  Returns it,
 * NUL-terminated, with its length in *len (when len is not NULL);
 * free() it.  NULL when out of memory.
 */
char *dgs_json_quote(const char *s, size_t n, size_t *len);

/*
 * Text, as every output format of the program writes it (lib/text.c).
 * dgs_utf8_decode(): the length (1 to 4) of the UTF-8 character at
 * s[0..n), and its code point in *cp (when cp is not NULL); 0 when the
 * bytes there are no character (overlong, a surrogate, past U+10FFFF, cut
 * short).
 */
size_t dgs_utf8_decode(const char *s, size_t n, unsigned long *cp);
/* What dgs_text_escape() hands an escaper for a byte b that is no UTF-8
 * character: DGS_TEXT_NOT_UTF8 + b. */
#define DGS_TEXT_NOT_UTF8	0x110000ul
/* An escaper: what to write for the character cp (a string, which may
 * be written in buf), or NULL for the character as it is; for a byte
 * that is no character, NULL writes U+FFFD, and dgs_text_byte() the byte
 * as it is (a file name an editor must find). */
typedef const char *(*dgs_escape_fn)(unsigned long cp, char buf[16],
    void *arg);
/* Hands put the text s[0..n), character by character through esc, in as
 * few pieces as it can.  U+0000 as the library holds it (C0 80) is a
 * character of its own (cp 0; written \u0000 when esc says nothing). */
void dgs_text_escape(const char *s, size_t n, dgs_escape_fn esc,
    void (*put)(const char *p, size_t n, void *arg), void *arg);
/* \uXXXX for cp, in buf. */
const char *dgs_text_uescape(unsigned long cp, char buf[16]);
/* Whether cp is a control character: C0, DEL or C1. */
int dgs_text_control(unsigned long cp);
/* The byte of a cp of DGS_TEXT_NOT_UTF8 + b, as a string in buf. */
const char *dgs_text_byte(unsigned long cp, char buf[16]);

/*
 * Document structure, for editors (hover, completion, JSON Schema): the
 * objects of each kind of document and their members, as the tables the
 * rules check documents with hold them, and the generators a catalogue
 * knows.
 */

/* JSON types, as bits. */
#define DGS_JSON_NULL		(1u << 0)
#define DGS_JSON_BOOLEAN	(1u << 1)
#define DGS_JSON_DOUBLE		(1u << 2)	/* a number with a fraction */
#define DGS_JSON_INTEGER	(1u << 3)
#define DGS_JSON_OBJECT		(1u << 4)
#define DGS_JSON_ARRAY		(1u << 5)
#define DGS_JSON_STRING		(1u << 6)

struct dgs_object_info;

struct dgs_member_info {
	const char *name;
	unsigned types;		/* DGS_JSON_* bits; 0 for any value */
	int required;		/* must be present */
	int ignored;		/* known, but not checked */
	const char *hint;	/* what to write, or NULL */
	/* The values a string member takes (NULL-terminated), or NULL
	 * when any is accepted. */
	const char *const *values;
	/* What its value is (an object), or what the elements of its array
	 * or the members of its object are, when dgslint knows: else
	 * NULL. */
	const struct dgs_object_info *object;
	/* 1 when its value is an array of that object, or an object whose
	 * members are (keyed by id); 0 when it is that object. */
	int array, keyed;
	int nonempty;		/* a string value must not be "" */
};

struct dgs_object_info {
	const char *what;	/* "a replacement", "a link", ... */
	const struct dgs_member_info *members;	/* ends with a NULL name */
	/* 1 when the members of the generator its generatorId names
	 * (dgs_generator_setting()) belong here too. */
	int generator_members;
};

/* What a document of kind k may be at its root, the i-th way: the object,
 * with *array set to 0 when the document is one, 1 when it is an array of
 * them, 2 when it is an object whose members are (keyed by id); NULL
 * past the last way (or for DGS_KIND_UNKNOWN), or when out of memory. */
const struct dgs_object_info *dgs_kind_root(enum dgs_kind k, size_t i,
    int *array);

/* A generator as the options' catalogue knows it (a --generators file
 * first, then the built-in one).  Capabilities are 1 (yes), 0 (no) or -1
 * (not known). */
struct dgs_generator_info {
	const char *id;
	const char *name;	/* the display name, or NULL */
	int can_partition, can_partition_by, can_link, can_be_consistent,
	    can_be_consistent_on, implicitly_consistent,
	    can_be_differentially_private, has_fallback;
	const char *const *fallback_ids;	/* NULL-terminated; NULL: any */
	const char *source;	/* where the facts come from */
};

/* The i-th generator the options know (those of a --generators file, then
 * the built-in ones it does not list), or the one with that id.  Return 0
 * and fill *out (pointers valid as long as the options), or DGS_EINVAL
 * past the last one or for an id nobody knows. */
int dgs_generator_get(const struct dgs_options *, size_t i,
    struct dgs_generator_info *out);
int dgs_generator_find(const struct dgs_options *, const char *id,
    struct dgs_generator_info *out);
/* The i-th setting (a member of a link's metadata of its own) of the
 * generator with that id: returns 0 and fills *out (object NULL; hint is
 * where the setting is documented, or "inferred"), or DGS_EINVAL past
 * the last one. */
int dgs_generator_setting(const struct dgs_options *, const char *id,
    size_t i, struct dgs_member_info *out);
/* The generators the options know, described as the catalogue holds them
 * (every fact, setting and source; see --list-generators and --explain
 * in dgslint(1)): id NULL for all of them, sorted by id (text: a table, a
 * line each; DGS_DESCRIBE_JSON: an array of objects, one a line), or the
 * one with that id (text: its facts, settings and sources; JSON: one
 * object).  Returns 0 and sets *out to a text ending with a newline, to
 * free; DGS_EINVAL for an id nobody knows; DGS_ENOMEM. */
#define DGS_DESCRIBE_TEXT	0
#define DGS_DESCRIBE_JSON	1
int dgs_generator_describe(const struct dgs_options *, const char *id,
    int format, char **out);
/* A preset of a --presets file: returns 0 and sets *name (may be NULL)
 * and *generator_id, or DGS_EINVAL when none has that id. */
int dgs_preset_get(const struct dgs_options *, const char *id,
    const char **name, const char **generator_id);

#ifdef __cplusplus
}
#endif

#endif /* DGSLINT_H */
