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
};

/* One finding.  line, column, end_line and end_column are 1-based and
 * count characters (Unicode code points); end_column is the column just
 * past the last character.  0 means unknown (never for a finding on a
 * document that was read).  pointer is an RFC 6901 JSON Pointer ("" for
 * the whole document). */
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
/* The kind the document was linted as (DGS_KIND_UNKNOWN if none). */
enum dgs_kind dgs_result_kind(const struct dgs_result *);
void dgs_result_free(struct dgs_result *);

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

/*
 * Rules, kinds, names.
 */

size_t dgs_rule_count(void);
/* Rules in id order; NULL past the end. */
const struct dgs_rule_info *dgs_rule_get(size_t i);
/* Finds a rule by id ("DGS301", any case) or name; NULL if none. */
const struct dgs_rule_info *dgs_rule_find(const char *id_or_name);
/* The built-in generator catalogue's facts that rule rests on, each with
 * its source (a spec section, a documentation page, or "inferred"), as
 * text for --explain; NULL when the rule rests on none, or when out of
 * memory.  free() it. */
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

#ifdef __cplusplus
}
#endif

#endif /* DGSLINT_H */
