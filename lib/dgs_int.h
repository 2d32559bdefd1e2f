/*
 * dgs_int.h: internals shared by lib/ and rules/.  Not installed.
 */
#ifndef DGS_INT_H
#define DGS_INT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <json-c/json.h>

#include "dgslint.h"

/* Deepest nesting accepted; deeper documents get json-too-deep. */
#define DGS_MAX_DEPTH	512

#if defined(__GNUC__)
#define DGS_PRINTF(a, b)	__attribute__((__format__(__printf__, a, b)))
#else
#define DGS_PRINTF(a, b)
#endif

/*
 * The rule table's types.  The engine runs what the families register
 * in the tables of rules/table.c: the rules (listed once, in rules.def,
 * one .def file per family), the node types' shapes and children
 * walkers, and each kind's walker.  It knows rules by index only, and
 * reports those of the JSON layer and of shapes itself.
 */
struct dgs_ctx;
struct dgs_shape;
struct dgs_spans;

/* Node types: the places a family walker visits and a rule can check. */
enum dgs_node {
	DGS_NODE_NONE = 0,	/* rules reported by the engine itself */
	DGS_NODE_DOC,		/* the whole document, after the walk */
	DGS_NODE_REPLACEMENT,
	DGS_NODE_LINK,		/* in links */
	DGS_NODE_FALLBACK_LINK,	/* in fallBackLinks */
	DGS_NODE_METADATA,	/* a link's metadata */
	DGS_NODE_SUBMETADATA,	/* subGeneratorMetadata and the like */
	DGS_NODE_SUBSET,	/* one subsetting configuration */
	DGS_NODE_SCHEMA_CHANGE,	/* one GET /api/SchemaDiff item */
	DGS_NODE_RESOLUTION,	/* one resolve item */
	DGS_NODE_RESOLVE_ALL,	/* resolve_all parameters */
	DGS_NODE_JOB_START,
	DGS_NODE_PRESET,
	DGS_NODE_MAX
};

/* Kind masks for the rule table. */
#define K_ALL		0u
#define K_REPL		(1u << 1)	/* DGS_KIND_REPLACEMENTS */
#define K_SUBSET	((1u << 2) | (1u << 3))	/* both subsetting kinds */
#define K_SCHEMA	(1u << 4)
#define K_RESOLVE	(1u << 5)
#define K_JOB		(1u << 6)
#define K_PRESET	(1u << 7)

typedef void (*dgs_check_fn)(struct dgs_ctx *, struct json_object *);

/* Rule indexes: DGS_R_<NAME>, from the table. */
enum dgs_rule_index {
#define DGS_RULE(e, ...) DGS_R_##e,
#include "rules.def"
#undef DGS_RULE
	DGS_R_MAX
};

/* How a rule is run: on which node type, by which function. */
struct dgs_rule_def {
	enum dgs_node	node;
	dgs_check_fn	check;
};

/* A node type's shape and the walker of its children. */
struct dgs_node_def {
	const struct dgs_shape	*shape;
	void			(*children)(struct dgs_ctx *,
				    struct json_object *);
};

/* A document kind's walker, which visits its nodes from ctx->root.
 * element is the node type of the elements of a document that is an
 * array when visiting each of them, in order, is all the walk does for
 * such a document: the engine then walks the elements of a large
 * document as they are built.  DGS_NODE_NONE: the walk needs the whole
 * document. */
struct dgs_kind_def {
	void		(*walk)(struct dgs_ctx *);
	enum dgs_node	  element;
	/* The walk of element i of such a document when it is more than
	 * the visit (the walker calls it too, for the same order), or NULL.
	 * What it keeps across elements is in ctx->state, as copies. */
	void		(*each)(struct dgs_ctx *, struct json_object *,
			    size_t);
};

/* How a document's kind is told from its shape (rules/kind.c): doc
 * gives the kind of a whole document, or DGS_KIND_UNKNOWN with *why
 * saying why (NULL for an empty array); element the kind that an element
 * of a root array tells, or DGS_KIND_UNKNOWN (doc gives the first
 * element's that tells one). */
struct dgs_detect_def {
	enum dgs_kind	(*doc)(struct json_object *root, const char **why);
	enum dgs_kind	(*element)(struct json_object *);
};

/*
 * rules/table.c: the arrays the preprocessor makes of the rule records
 * (rules/rules.def), indexed by DGS_R_*.
 */
extern const struct dgs_detect_def dgs_detect;
extern const struct dgs_rule_info dgs_rules[];
extern const struct dgs_rule_def dgs_rule_defs[];
/* Which fixes each rule can offer (dgs_rule_fixes()), and what they do,
 * in words (NULL: none). */
extern const unsigned char dgs_rule_fix[DGS_R_MAX];
extern const char *const dgs_rule_fix_text[DGS_R_MAX];
/* What each rule needs and how it runs (a record's NEEDS).  A rule
 * without what it needs is not planned, so that (say) a whole-document
 * check of the database rules does not keep a streamed document's tree
 * when no snapshot is given. */
#define DGS_NEEDS_SNAPSHOT	(1u << 0)	/* --schema */
#define DGS_NEEDS_BEFORE	(1u << 1)	/* --schema-before too */
#define DGS_NEEDS_STREAMS	(1u << 2)	/* its whole-document check
						   reads no element: the
						   elements of a streamed
						   document may go first */
#define DGS_NEEDS_KEYS_ALONE	(1u << 3)	/* takes its workspace keys
						   with one document too */
#define DGS_NEEDS_CATALOGUE	(1u << 4)	/* rests on the generator
						   catalogue's facts */
#define DGS_NEEDS_SERVICE	(1u << 5)	/* a state read from the
						   service (dgs_service.h) */
extern const unsigned char dgs_rule_needs[DGS_R_MAX];
/* Who raises a rule that no check of its own reports (the JSON layer,
 * a walker), for the manual; NULL for a rule with a check. */
extern const char *const dgs_rule_by[DGS_R_MAX];
extern const struct dgs_node_def dgs_nodes[DGS_NODE_MAX];
extern const struct dgs_kind_def dgs_kinds[DGS_KIND_MAX];

/*
 * util.c: growable byte buffer, hashing, edit distance.
 */
struct dgs_buf {
	char	*s;	/* NUL-terminated when len > 0 or after _cstr */
	size_t	 len;
	size_t	 cap;
	int	 oom;	/* an append failed; contents are truncated */
};

void	 dgs_buf_add(struct dgs_buf *, const char *, size_t);
/* Room for n more bytes (and a NUL) at b->s + b->len: 0, or -1 when out
 * of memory. */
int	 dgs_buf_reserve(struct dgs_buf *, size_t n);
void	 dgs_buf_adds(struct dgs_buf *, const char *);
void	 dgs_buf_addc(struct dgs_buf *, char);
void	 dgs_buf_addf(struct dgs_buf *, const char *, ...) DGS_PRINTF(2, 3);
void	 dgs_buf_vaddf(struct dgs_buf *, const char *, va_list)
	    DGS_PRINTF(2, 0);
void	 dgs_buf_free(struct dgs_buf *);
/* Appends key escaped as one RFC 6901 reference token ("~0", "~1"). */
void	 dgs_buf_add_ptr_token(struct dgs_buf *, const char *, size_t);
/* Sets b to s as a JSON string literal, for messages, and returns it. */
const char *dgs_lit(struct dgs_buf *b, const char *s);
/* Appends s as a JSON string literal, quotes included (dgs_json_quote()
 * in dgslint.h says how; U+0000, held as C0 80, as \u0000). */
void	 dgs_buf_add_json_str(struct dgs_buf *, const char *, size_t);
/* A string value as a JSON string literal, anything else as null (the
 * workspace keys). */
void	dgs_buf_add_lit(struct dgs_buf *, struct json_object *);
/* Appends s with each byte that is not UTF-8 as U+FFFD (but C0 80,
 * U+0000 as a document's strings hold it, as the text \u0000) and, when
 * controls is not 0, each control character (C0, DEL, C1) as the text
 * \uXXXX: for messages that quote what a file holds. */
void	 dgs_buf_add_clean(struct dgs_buf *, const char *s, int controls);

/* A 64-bit hash of the bytes, eight at a time with the tail in
 * overlapping loads: a byte loop costs 3.4% more instructions on the
 * benchmark's 2,000 files (callgrind).  Keyed by random bits taken once
 * per process (util.c says why), so that a hash never leaves the process
 * and its forked children, nor is written anywhere, and no output
 * depends on one: nothing is listed in the order of a hash table. */
uint64_t dgs_hash(const void *, size_t);
void	 dgs_hash2(const void *, size_t, uint64_t *, uint64_t *);
/* A value that is the same in two processes exactly when their hashes
 * are (the same key): sent with hashes that leave a process. */
uint64_t dgs_hash_tag(void);
char	*dgs_strdup(const char *);
char	*dgs_strndup(const char *, size_t);
/* Optimal string alignment distance, capped: returns max + 1 when the
 * distance is larger than max. */
size_t	 dgs_edit_distance(const char *, const char *, size_t max);
int	 dgs_strcasecmp(const char *, const char *);
/* Returns the candidate closest to word (edit distance at most about a
 * third of its length, case ignored), or NULL. */
const char *dgs_closest(const char *word, const char *const *cands,
    size_t n);

/* Simple open-addressing set of strings; keys are borrowed. */
struct dgs_strset {
	const char	**keys;
	size_t		  cap;
	size_t		  n;
};
int	 dgs_strset_add(struct dgs_strset *, const char *);	/* 1 new, 0 seen, <0 oom */
int	 dgs_strset_has(const struct dgs_strset *, const char *);
void	 dgs_strset_free(struct dgs_strset *);

/*
 * An index by hash for per-document sets and maps that may grow to
 * hundreds of thousands of entries: the caller keeps its entries in an
 * array of its own, in the order they came, and the index maps a hash to
 * their positions.  A slot is 8 bytes (32 bits of the hash and the
 * position), the table at most half full, so a lookup touches one or two
 * cache lines of a compact table and an entry only when the hash
 * matches.
 */
struct dgs_index {
	uint64_t	*slots;	/* hash32 << 32 | (position + 1); 0 empty */
	size_t		 cap, n;
};
#define DGS_INDEX_NONE	((size_t)-1)
/* The position of the first entry with hash h for which eq(arg, pos)
 * returns 1, or DGS_INDEX_NONE. */
size_t	 dgs_index_find(const struct dgs_index *, uint64_t h,
	    int (*eq)(void *arg, size_t pos), void *arg);
/* Calls fn(arg, pos) on every entry with hash h, until it returns 1. */
void	 dgs_index_each(const struct dgs_index *, uint64_t h,
	    int (*fn)(void *arg, size_t pos), void *arg);
/* Indexes position pos under hash h.  Returns 0, or -1 when out of
 * memory (or past 2^32 - 2 positions). */
int	 dgs_index_add(struct dgs_index *, uint64_t h, size_t pos);
/* Makes an empty index room for n entries at once: no growing, whose
 * old and new tables would both be held meanwhile.  -1 when out of
 * memory. */
int	 dgs_index_reserve(struct dgs_index *, size_t n);
void	 dgs_index_free(struct dgs_index *);

/*
 * Findings as collected, before locations are resolved.
 */
enum dgs_at {
	DGS_AT_VALUE = 0,	/* the value the pointer names */
	DGS_AT_KEY,		/* the member name of that value */
	DGS_AT_OFFSET		/* a byte offset found by the scanner */
};

/* An edit as a rule states it: the span of the member name (at
 * DGS_AT_KEY) or of the value (DGS_AT_VALUE) the pointer names, or of
 * the code points [cp, cp_end) inside that string value when cp is not
 * -1, is replaced by text. */
struct dgs_edit_req {
	char		*pointer;
	char		*text;
	long		 cp, cp_end;
	enum dgs_at	 at;		/* DGS_AT_OFFSET: the bytes [off, end) */
	size_t		 off, end;
};

/* A fix as collected (fix.c), then resolved against the text. */
struct dgs_item_fix {
	char			*description;
	enum dgs_fix_safety	 safety;
	struct dgs_edit_req	*reqs;
	size_t			 nreqs;
	struct dgs_fix		 fix;		/* resolved */
	struct dgs_edit		*edits;
	int			 ok;		/* resolved, exactly */
};

struct dgs_item {
	struct dgs_item_fix *fix;	/* or NULL */
	char		*pointer;
	char		*message;
	size_t		 offset;	/* DGS_AT_OFFSET; else filled by locate */
	size_t		 end;		/* byte just past the span */
	long		 str_index;	/* code point inside a string value, or -1 */
	enum dgs_at	 at;
	int		 rule;		/* enum dgs_rule_index */
	enum dgs_severity severity;
};

/* A workspace key (rules/workspace.c): what a document holds that another
 * document of the run may clash with, taken by a walker with dgs_ws_key().
 * Its bytes, in the result's wstext, are KEY (klen bytes) then CODE (clen
 * bytes): KEY the identity, an optional tag byte then per field 'n' (a
 * null) or 's', a length of four bytes and the string's bytes, as they
 * are (no escaping: a key is compared, and only quoted in a message);
 * CODE what two entries with one KEY may differ in (an issue code; may
 * be empty).  A key is placed at the element of the root array that
 * holds it (or the root), whose span gives its place without the
 * locator: a key in each link, placed by the locator, cost 70% more
 * time on the benchmark's 2,000 files. */
struct dgs_wskey {
	int		 rule;		/* the rule that compares it */
	size_t		 text;		/* offset in wstext */
	uint32_t	 klen, clen;
	uint64_t	 h1, h2;	/* KEY's, dgs_hash2() */
	long		 elem;		/* root array element, or -1 */
	unsigned long	 line, column, end_line, end_column;
};
/* A field of a workspace key: len bytes at s, or a null (s NULL). */
struct dgs_wsfield {
	const char	*s;
	size_t		 len;
};

struct dgs_result {
	struct dgs_item_fix	*pending;	/* for the next report */
	struct dgs_wskey	*wskeys;	/* dgs_ws_key() */
	size_t			 nwskeys, wscap;
	struct dgs_buf		 wstext;		/* their texts */
	char			*file;
	struct dgs_item		*items;
	size_t			 nitems;
	size_t			 cap;
	struct dgs_finding	*findings;
	size_t			 nfindings;
	enum dgs_kind		 kind;
	int			 oom;
};

/*
 * options.c
 */
struct dgs_options {
	enum dgs_kind		 kind;
	enum dgs_license	 license;
	enum dgs_severity	 severity[DGS_R_MAX];	/* one per rule */
	/* rules/catalog.c: loaded generators and presets, or NULL; the
	 * message of the last failed load.  A loader sets catalog_free,
	 * which frees the catalogues (not why) when the options are. */
	struct dgs_gen_table	*generators;
	struct dgs_preset_table	*presets;
	void			(*catalog_free)(struct dgs_options *);
	char			*why;
	int			 shared;	/* catalogues belong to another */
	/* Severities under a pointer prefix (dgs_options_set_severity_at),
	 * in the order given: the last that matches wins. */
	struct dgs_scope	*scopes;
	size_t			 nscopes;
	unsigned char		 scoped[DGS_R_MAX];	/* a scope enables it */
	unsigned		 threads;	/* per document, from 1 */
	int			 workspace;	/* walkers take workspace keys */
	/* Snapshots of the database (dgs_options_set_snapshots()),
	 * borrowed: the database rules run only with one. */
	const struct dgs_snapshot	*snapshot;
	const struct dgs_snapshot	*snapshot_before;
	/* The workspace on the service (dgs_options_set_service), borrowed:
	 * the DGS9xx rules run only with it. */
	const struct dgs_service *service;
	/* Whether the walked elements of a root array are freed as the
	 * walk goes (lint.c, parse_array()): DGS_STREAM_AUTO for a large
	 * document, DGS_STREAM_ON for any (each element a batch of its
	 * own, the builder thread too when threads allow: the fuzzer's),
	 * DGS_STREAM_OFF never (the whole tree, which the fuzzer compares
	 * with the streamed walk). */
	int			 stream;
};

#define DGS_STREAM_AUTO	0
#define DGS_STREAM_ON	1
#define DGS_STREAM_OFF	(-1)

struct dgs_scope {
	int			 rule;
	char			*prefix;
	enum dgs_severity	 sev;
};

/* Whether a rule can report at all under these options. */
int	dgs_opts_enabled(const struct dgs_options *, int rule);
/* The severity of a finding of rule at pointer (DGS_SEV_OFF: drop it). */
enum dgs_severity dgs_opts_severity(const struct dgs_options *, int rule,
	    const char *pointer);

/*
 * The lint context handed to every check.
 */
#define DGS_MAX_FRAMES	16

struct dgs_frame {
	enum dgs_node		 node;
	struct json_object	*obj;
	size_t			 ptrlen;	/* pointer length at this node */
	size_t			 serial;	/* the node's, in visiting order */
};

struct dgs_ctx {
	const struct dgs_options *opts;
	struct dgs_result	*res;
	const char		*buf;	/* the document text */
	size_t			 len;
	struct json_object	*root;
	struct dgs_keys		*keys;	/* root's member names */
	enum dgs_kind		 kind;
	struct dgs_buf		 ptr;	/* pointer of the node being checked */
	struct dgs_frame	 frames[DGS_MAX_FRAMES];
	size_t			 nframes;
	void			*state[DGS_NODE_MAX];	/* per-lint family state */
	void			(*state_free[DGS_NODE_MAX])(void *);
	/* Called when the walked elements of a streamed root array are
	 * freed (lint.c): a state drops what it keeps by a node's
	 * address, which a later element's node may then take. */
	void			(*state_forget[DGS_NODE_MAX])(void *);
	size_t			 serial;	/* nodes visited so far */
	/* The root array's walked elements are freed as the walk goes
	 * (lint.c): what is compared across them is kept as copies.
	 * Otherwise the elements stay until the walk ends. */
	int			 streamed;
	size_t			 nelems;	/* then, the root array's */
	/* The checks to call per node type, for this document's kind: a
	 * rule each, one for the rules that share a check function. */
	unsigned short		 byn[DGS_NODE_MAX][DGS_R_MAX + 1];
	size_t			 nbyn[DGS_NODE_MAX];
	/* Every rule that runs on this document, sharers included. */
	unsigned char		 planned[DGS_R_MAX];
};

/*
 * Reporting.  Every finding goes through one of these; they do nothing
 * for a rule that is turned off.  The pointer is the current node's,
 * extended by the member name or array index given.
 */
void	dgs_report(struct dgs_ctx *, int rule, const char *fmt, ...)
	    DGS_PRINTF(3, 4);
/* At the value of member key of the current node. */
void	dgs_report_member(struct dgs_ctx *, int rule, const char *key,
	    const char *fmt, ...) DGS_PRINTF(4, 5);
/* At the name of member key of the current node. */
void	dgs_report_key(struct dgs_ctx *, int rule, const char *key,
	    const char *fmt, ...) DGS_PRINTF(4, 5);
/* At character index (code point) inside the string value of member key
 * of the current node; key NULL means the current node itself. */
void	dgs_report_in_string(struct dgs_ctx *, int rule, const char *key,
	    long index, const char *fmt, ...) DGS_PRINTF(5, 6);
/* The general form: pointer suffix tokens already escaped. */
void	dgs_report_at(struct dgs_ctx *, int rule, enum dgs_at,
	    const char *suffix, long index, const char *fmt, va_list);
/* A finding at a byte offset (the JSON layer). */
void	dgs_report_offset(struct dgs_result *, const struct dgs_options *,
	    int rule, const char *pointer, size_t off, size_t end,
	    const char *fmt, ...) DGS_PRINTF(7, 8);
int	dgs_rule_enabled(const struct dgs_ctx *, int rule);
/* Records a workspace key for rule at the root array's element that the
 * walk is in (or the root), when the options ask for them and the rule
 * is enabled: tag (a byte, or 0 for none), the n fields and code (NULL
 * for none), as struct dgs_wskey says.  Not a finding. */
void	dgs_ws_key(struct dgs_ctx *, int rule, int tag,
	    const struct dgs_wsfield *, size_t n, const char *code);
/* The field of a JSON value: a string's bytes, or a null for another. */
static inline struct dgs_wsfield
dgs_ws_field(struct json_object *v)
{
	struct dgs_wsfield f = { NULL, 0 };

	if (v != NULL && json_object_is_type(v, json_type_string)) {
		f.s = json_object_get_string(v);
		f.len = (size_t)json_object_get_string_len(v);
	}
	return f;
}
/* Whether dgs_ws_key() records keys of rule (to skip building them). */
int	dgs_ws_wanted(const struct dgs_ctx *, int rule);
/* Places the workspace keys of res: their elements' spans (NULL when
 * the root is not an array) in buf[0..len), whose value starts at
 * start.  One pass, forward. */
void	dgs_ws_locate(struct dgs_result *, const char *buf, size_t len,
	    size_t start, const struct dgs_spans *);
/* The order of findings in a result. */
int	dgs_finding_cmp(const void *, const void *);

/*
 * Fixes (fix.c).  A rule that knows the edit states it before reporting:
 * the next dgs_report*() takes the fix for its finding (or drops it
 * with a finding that is not kept).  key names a member of the current
 * node (NULL: the current node itself).  Several calls before one report
 * make one fix of several edits; the description is a format.
 */
/* Renames member key to name (a JSON string literal of it). */
void	dgs_fix_rename(struct dgs_ctx *, enum dgs_fix_safety,
	    const char *key, const char *name);
/* Replaces the value of member key by json, a JSON text. */
void	dgs_fix_value(struct dgs_ctx *, enum dgs_fix_safety, const char *key,
	    const char *json);
/* Replaces the code points [cp, cp_end) of the string value of member
 * key by raw, text already escaped for inside a JSON string. */
void	dgs_fix_in_string(struct dgs_ctx *, enum dgs_fix_safety,
	    const char *key, long cp, long cp_end, const char *raw);
void	dgs_fix_describe(struct dgs_ctx *, const char *fmt, ...)
	    DGS_PRINTF(2, 3);
/* The safety of replacing word by best, dgs_closest()'s pick among
 * cands: safe when no other candidate is as close (case ignored). */
enum dgs_fix_safety dgs_closest_safety(const char *word, const char *best,
	    const char *const *cands, size_t n);
/* The pending fix, taken by a report; frees. */
struct dgs_item_fix *dgs_fix_take(struct dgs_result *);
void	dgs_item_fix_free(struct dgs_item_fix *);
/* The fix of the JSON layer's next finding (the scanner's, at byte
 * offsets): replace buf[off..end) with text.  Safe: a byte-order mark, a
 * trailing comma, a comma missing between two members on separate
 * lines. */
void	dgs_fix_offset(struct dgs_result *, size_t off, size_t end,
	    const char *text, const char *what);
struct dgs_spans;
/* Resolves the fixes of res's items against the text, after
 * dgs_locate_spans() with the same spans (NULL when none), and points
 * each finding (findings[i] of items[i]) at its fix.  Returns 0 or
 * DGS_ENOMEM. */
int	dgs_fix_resolve(struct dgs_result *, const char *buf, size_t len,
	    size_t start, const struct dgs_spans *);
/* Whether rule runs on this document: enabled, and of its kind.  A
 * check function that several rules share is called once per node, and
 * does the work of those of its rules that are planned. */
static inline int
dgs_rule_planned(const struct dgs_ctx *ctx, int rule)
{
	return ctx->planned[rule];
}

/*
 * Walking: the family walkers visit nodes; dgs_visit() pushes the pointer
 * token, checks the node's shape, runs every rule registered for the
 * node type, and calls the node's children walker.
 */
void	dgs_ptr_push_key(struct dgs_ctx *, const char *key);
/* dgs_ptr_push_key() of a string literal that holds no '~' nor '/':
 * one append of a length known when compiling. */
#define dgs_ptr_push_name(ctx, lit) \
	dgs_buf_add(&(ctx)->ptr, "/" lit, sizeof(lit))
void	dgs_ptr_push_index(struct dgs_ctx *, size_t);
void	dgs_ptr_pop(struct dgs_ctx *, size_t oldlen);
/* Visits obj as a node of the given type; token is the member name
 * (index < 0) or index (key NULL) that leads to it from the current
 * node, or neither (key NULL, index < 0) for the current position. */
void	dgs_visit(struct dgs_ctx *, enum dgs_node, struct json_object *obj,
	    const char *key, long index);
/* Nearest enclosing node of that type (the current one included). */
struct json_object *dgs_parent(const struct dgs_ctx *, enum dgs_node);
/* The serial number of the nearest enclosing node of that type (unique
 * in a lint, unlike an address once elements are freed), or -1. */
size_t	 dgs_parent_serial(const struct dgs_ctx *, enum dgs_node);
/* The current node's pointer as a new string. */
char	*dgs_ptr_dup(const struct dgs_ctx *);
/* Per-lint state for a family, created on first use (zeroed, size bytes)
 * and freed with fn (may be NULL) when the lint ends. */
void	*dgs_state(struct dgs_ctx *, enum dgs_node slot, size_t size,
	    void (*fn)(void *));

/*
 * Member access.  Getters never report: shapes do (shape.c).
 */
struct json_object *dgs_get(struct json_object *obj, const char *key);
/* The entry of member key of obj, or NULL (also when obj is NULL or not
 * an object); objects of up to DGS_SMALL_OBJECT members are searched
 * without hashing. */
#define DGS_SMALL_OBJECT	12
struct lh_entry *dgs_member_entry(struct json_object *obj, const char *key);
/* Whether the name s is name: by address first (the builder interns
 * the shapes' member names as the shapes' own strings, the built-in
 * catalogue's ids are literals, and the linker keeps one copy of equal
 * string literals), then by the first byte, then by text.  For loops
 * over an object's members and for generator ids: strcmp() alone costs
 * 3.6% more instructions on the benchmark's 2,000 files and 5.2% on its
 * 16 MB document (callgrind). */
static inline int
dgs_name_eq(const char *s, const char *name)
{
	return s == name || (s[0] == name[0] && strcmp(s, name) == 0);
}
/* Returns the string value of member key, or NULL when absent or not a
 * string. */
const char *dgs_get_str(struct json_object *obj, const char *key);
/* Returns 1 and sets *out when member key is a boolean. */
int	dgs_get_bool(struct json_object *obj, const char *key, int *out);
/* Returns 1 and sets *out when member key is a number. */
int	dgs_get_num(struct json_object *obj, const char *key, double *out);
int	dgs_has(struct json_object *obj, const char *key);
/* Member name, or failing that the first member whose name differs from
 * it only in letter case, with *key set to the name as written; NULL when
 * absent or null, or when obj is not an object.  For rules that check a
 * value even when its name is in the wrong case (member-case reports the
 * name). */
struct json_object *dgs_get_anycase(struct json_object *obj,
	    const char *name, const char **key);
int	dgs_is(struct json_object *, enum json_type);

/* JSON type sets for shapes. */
#define DGS_T_NULL	(1u << json_type_null)
#define DGS_T_BOOL	(1u << json_type_boolean)
#define DGS_T_DOUBLE	(1u << json_type_double)
#define DGS_T_INT	(1u << json_type_int)
#define DGS_T_NUM	(DGS_T_DOUBLE | DGS_T_INT)
#define DGS_T_OBJECT	(1u << json_type_object)
#define DGS_T_ARRAY	(1u << json_type_array)
#define DGS_T_STRING	(1u << json_type_string)
#define DGS_T_ANY	0u

#define DGS_M_REQUIRED	0x1u	/* must be present */
#define DGS_M_NONEMPTY	0x2u	/* a string must not be "" */
#define DGS_M_IGNORED	0x4u	/* known, but not checked here */

struct dgs_member {
	const char	*name;
	unsigned	 types;	/* DGS_T_*; 0 accepts any */
	unsigned	 flags;	/* DGS_M_* */
	const char	*hint;	/* what to write instead, for type errors */
};

struct dgs_shape {
	const char		*what;	/* "replacement", "link", ... */
	const struct dgs_member	*members;	/* ends with a NULL name */
	/* Optional: 1 when an extra member is known (for example a
	 * generator's own metadata), so it is not reported as unknown. */
	int			(*known)(struct dgs_ctx *, struct json_object *obj,
				    const char *key);
	/* Optional: extra names offered for "did you mean". */
	const char *const	*(*suggest)(struct dgs_ctx *,
				    struct json_object *obj, size_t *n);
	/* Optional: what, when it depends on where the node is. */
	const char		*(*what_here)(struct dgs_ctx *);
};

/* Checks obj (the current node) against shape: object type, required
 * members, member types, members in the wrong case, unknown members.
 * Returns 1 when obj is an object. */
int	dgs_check_shape(struct dgs_ctx *, const struct dgs_shape *,
	    struct json_object *obj);
/* Describes a JSON value's type in words: "a string", "null"... */
const char *dgs_type_words(struct json_object *);
/* Describes a type set: "a string or null". */
void	dgs_types_words(struct dgs_buf *, unsigned types);

/*
 * lex.c: JSON's lexical grammar, written once for the scanner (scan.c,
 * which reports every problem at its offset and goes on where it can)
 * and the builder (build.c, which stops at the first): white space, the
 * literal words, string literals (UTF-8, escapes, surrogates) and
 * numbers (grammar and range).  The hot paths are inline here.
 */
static inline int
dgs_lex_is_ws(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The offset of the first byte from pos that is not white space. */
static inline size_t
dgs_lex_ws(const unsigned char *s, size_t pos, size_t len)
{
	while (pos < len && dgs_lex_is_ws(s[pos]))
		pos++;
	return pos;
}

/* The length of the word true, false or null at s[pos] (pos < len) when
 * no letter follows it (which would make another word), or 0. */
static inline size_t
dgs_lex_word(const unsigned char *s, size_t pos, size_t len)
{
	size_t n;

	switch (s[pos]) {
	case 't':
		n = len - pos >= 4 && memcmp(s + pos, "true", 4) == 0 ? 4 : 0;
		break;
	case 'n':
		n = len - pos >= 4 && memcmp(s + pos, "null", 4) == 0 ? 4 : 0;
		break;
	case 'f':
		n = len - pos >= 5 && memcmp(s + pos, "false", 5) == 0 ? 5 : 0;
		break;
	default:
		return 0;
	}
	if (n > 0 && pos + n < len && ((s[pos + n] >= 'a' &&
	    s[pos + n] <= 'z') || (s[pos + n] >= 'A' && s[pos + n] <= 'Z')))
		return 0;
	return n;
}

/* The end of the plain text at s[pos]: the offset of the first '"',
 * '\\', control character or byte from 0x80, or len.  Sixteen bytes at
 * a time where SSE2 is available: string bodies are most of a text
 * (callgrind, the 2,000 files at -j 1: a byte at a time took 8.0% more
 * instructions, 3,078 M against 2,849 M). */
static inline size_t
dgs_plain_run(const unsigned char *s, size_t pos, size_t len)
{
#if defined(__SSE2__)
	const __m128i q = _mm_set1_epi8('"'), bs = _mm_set1_epi8('\\');
	const __m128i sp = _mm_set1_epi8(0x20);
	__m128i v, m;
	unsigned bits;

	while (len - pos >= 16) {
		v = _mm_loadu_si128((const __m128i *)(const void *)(s + pos));
		/* Signed: bytes from 0x80 are negative, so below 0x20. */
		m = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, q),
		    _mm_cmpeq_epi8(v, bs)), _mm_cmplt_epi8(v, sp));
		if ((bits = (unsigned)_mm_movemask_epi8(m)) != 0)
			return pos + (size_t)__builtin_ctz(bits);
		pos += 16;
	}
#endif
	while (pos < len && s[pos] >= 0x20 && s[pos] != '"' &&
	    s[pos] != '\\' && s[pos] < 0x80)
		pos++;
	return pos;
}

/* What dgs_lex_string() found.  After the first three a string goes on
 * (at next); the others end it. */
enum dgs_lex_str {
	DGS_STR_END = 0,	/* the closing quote, at at */
	DGS_STR_LONE_HIGH,	/* \uD800-\uDBFF with no low half after it */
	DGS_STR_LONE_LOW,	/* \uDC00-\uDFFF with no high half before it */
	DGS_STR_BAD_UTF8,	/* the byte at at is not UTF-8 */
	DGS_STR_UNTERMINATED,	/* no closing quote (at is len) */
	DGS_STR_BAD_ESCAPE,	/* a backslash, at at, and no escape letter */
	DGS_STR_BAD_HEX,	/* a \u, at at, without four hex digits */
	DGS_STR_CONTROL		/* a control character, at at */
};

struct dgs_lexstr {
	size_t		 at;	/* where it is */
	size_t		 next;	/* just past it */
	unsigned long	 cp;	/* a lone surrogate's code unit */
	int		 esc;	/* set (never cleared) when a backslash passed */
};

enum dgs_lex_str dgs_lex_string_rest(const unsigned char *s, size_t pos,
	    size_t len, struct dgs_lexstr *);
/* Reads the body of a string literal from s[pos] (just after the opening
 * quote, or the last finding's next) to the closing quote or the next
 * finding. */
static inline enum dgs_lex_str
dgs_lex_string(const unsigned char *s, size_t pos, size_t len,
    struct dgs_lexstr *x)
{
	pos = dgs_plain_run(s, pos, len);
	if (pos < len && s[pos] == '"') {
		x->at = pos;
		x->next = pos + 1;
		return DGS_STR_END;
	}
	return dgs_lex_string_rest(s, pos, len, x);
}

/* What dgs_lex_number() found. */
enum dgs_lex_num {
	DGS_NUM_OK = 0,
	DGS_NUM_NO_DIGIT,	/* a '-' and no digit */
	DGS_NUM_HEX,		/* 0x */
	DGS_NUM_LEADING_ZERO,
	DGS_NUM_NO_FRACTION,	/* no digit after the '.' */
	DGS_NUM_NO_EXPONENT	/* no digit in the exponent */
};

struct dgs_lexnum {
	size_t		 end;	/* past the number, or past its bad part */
	size_t		 digits;	/* in the integer part */
	uint64_t	 u;	/* the integer part, unless over */
	int		 neg, isfloat, over;
};

/* Reads the number at s[pos] (pos < len) as JSON's grammar does. */
enum dgs_lex_num dgs_lex_number(const unsigned char *s, size_t pos,
	    size_t len, struct dgs_lexnum *);
/* Whether an integer read (no fraction, no exponent) does not fit in
 * 64 bits (json-number-range). */
static inline int
dgs_lex_int_big(const struct dgs_lexnum *n)
{
	return n->over || n->u > (uint64_t)INT64_MAX + (uint64_t)n->neg;
}
/* What the number with a fraction or an exponent at s[start..n->end)
 * becomes as a double, by its value (any number of digits may write one):
 * OVER, too large (strtod() gives infinity), or UNDER, not zero but too
 * close to zero (strtod() gives 0), are json-number-range. */
enum dgs_num_range {
	DGS_RANGE_OK = 0,
	DGS_RANGE_OVER,
	DGS_RANGE_UNDER
};
enum dgs_num_range dgs_lex_double_range(const unsigned char *s,
	    size_t start, const struct dgs_lexnum *n);

/* Length of the valid UTF-8 sequence at s[0..n), or 0. */
/* The value of the four hex digits at s, or -1. */
long	dgs_hex4(const char *s);
/*
 * U+0000 (\u0000) is held as the two bytes C0 80, the form Java's
 * "modified UTF-8" gives it, in every name and string value of a
 * document's tree, and so in pointers: a NUL cannot be in a C string,
 * such as json-c's member names, and a string cut there would be taken
 * for another (json-c reads "strictMode\u0000junk" as strictMode).
 * Held so, no name or value holds a NUL, and every comparison of one by
 * C string is of the whole of it.  C0 80 is never UTF-8, so it can stand
 * for nothing else but bytes that are not UTF-8 (json-invalid-utf8).
 * Messages show it as the text \u0000 (dgs_buf_add_clean()), JSON
 * literals and fixes write it as the escape (dgs_buf_add_json_str()), it
 * is one character in an index into a string (dgs_char_index()), and a
 * regular expression is compiled with the NUL (gen_regex.c).
 */
#define DGS_NUL_HELD	"\xc0\x80"

/* Sets b to the decoded body s[0..n) of a well-formed JSON string, as
 * json-c decodes it (lone surrogates become U+FFFD), but for U+0000,
 * which becomes C0 80. */
void	dgs_decode_string(struct dgs_buf *b, const char *s, size_t n);
/* The offset in s[0..n), the body of a well-formed JSON string, of its
 * first \u0000 escape, or n. */
size_t	dgs_nul_escape(const char *s, size_t n);

/*
 * scan.c: the strict scanner (syntax, UTF-8, duplicate names, depth,
 * number range).
 */
/* Validates buf strictly; reports JSON-layer findings into res.  Returns
 * 0 when the text is well-formed JSON that json-c may parse, 1 when it is
 * not (a syntax error or too deep), DGS_ENOMEM. */
int	dgs_scan(struct dgs_result *, const struct dgs_options *,
	    const char *buf, size_t len, size_t *start);
/* Where the elements of a document that is an array are: byte offsets of
 * the start and just past the end of element i in v[2 * i] and
 * v[2 * i + 1] (documents are under 2 GiB). */
struct dgs_spans {
	uint32_t	*v;
	size_t		 n, cap;	/* elements */
	/* The text, when it is a memory map whose pages may be given back
	 * once read (dgs_lint_mapped()), else NULL; the bytes before
	 * dropped are given back (dgs_text_drop()). */
	const char	*map;
	size_t		 dropped;
};
/* Gives back the pages of map (NULL: nothing to do) from *dropped to
 * to, when that is at least a megabyte, and moves *dropped on: for text
 * that has been read and may not be for a while.  Reading it again
 * reads it from the file. */
void	dgs_text_drop(const char *map, size_t *dropped, size_t to);
/* Records that an element starts at pos (end 0), or that the last one
 * ends there.  Returns 0, or -1 when out of memory. */
int	dgs_spans_add(struct dgs_spans *, size_t pos, int end);
/* dgs_scan(), recording the spans of the root array's elements in
 * *spans (which may be NULL) when the text is well-formed.  The caller
 * frees spans->v. */
int	dgs_scan_spans(struct dgs_result *, const struct dgs_options *,
	    const char *buf, size_t len, size_t *start, struct dgs_spans *);

/*
 * locate.c: the locator.
 */
/* Fills the offsets of every item that has a pointer, in one pass over
 * buf from start (after a byte-order mark), then line and column of
 * every finding (findings[i] belongs to items[i]).  Returns 0 or
 * DGS_ENOMEM. */
int	dgs_locate(struct dgs_result *, const char *buf, size_t len,
	    size_t start);
/* dgs_locate(), given the spans of the root array's elements from
 * dgs_scan_spans() (or NULL). */
int	dgs_locate_spans(struct dgs_result *, const char *buf, size_t len,
	    size_t start, const struct dgs_spans *);
/* Byte offset just past the code point at index cp of the JSON string
 * literal starting at buf[off] (its opening quote), i.e. where that
 * character starts.  Clamped to the closing quote. */
size_t	dgs_string_index_offset(const char *buf, size_t len, size_t off,
	    long cp, size_t *cend);
/* The character index of byte off of a decoded string value s, for
 * dgs_report_in_string() and fixes: characters counted as
 * dgs_string_index_offset() counts those of the literal, a UTF-8
 * sequence, C0 80 (\u0000) or a byte that is not UTF-8 being one each,
 * so that an index lands on the same character in the text. */
long	dgs_char_index(const char *s, size_t off);

/*
 * build.c: json-c's tree of a JSON text, without json-c's tokenizer.
 */
/* A document's interned member names, which its tree's objects point to
 * (JSON_C_OBJECT_ADD_CONSTANT_KEY): free them after the tree. */
struct dgs_keys;
struct dgs_keys *dgs_keys_new(void);
void	dgs_keys_free(struct dgs_keys *);
/* Builds the tree of the well-formed JSON value at buf[pos] (after any
 * whitespace) into *out (NULL for null).  Returns 0; 1 when the value
 * holds what json-c's tokenizer is to make instead (*out is NULL);
 * DGS_ENOMEM. */
int	dgs_build(struct dgs_keys *, const char *buf, size_t len, size_t pos,
	    struct json_object **out);
/* Builds the tree of the whole text into *out, checking as it goes all
 * that dgs_scan() checks, and records the spans of a root array's
 * elements as dgs_scan_spans() does.  Returns 0 when the text is JSON
 * on which dgs_scan() has nothing to report (no syntax error, duplicate
 * name, byte-order mark, invalid UTF-8, lone surrogate, out-of-range
 * number, nesting too deep, a name with U+0000) and the builder made all
 * of it; otherwise 1
 * (*out is NULL, spans->n is 0: the caller scans the text, which says
 * what is wrong, and builds it again); DGS_ENOMEM. */
int	dgs_build_doc(struct dgs_keys *, const char *buf, size_t len,
	    struct json_object **out, struct dgs_spans *spans);
/* 1 when a and b are the same tree: types, values (a double's text
 * too; U+0000 a NUL in one string and C0 80 in the other), member names
 * in the same order.  For the tests and the fuzzer, which hold
 * dgs_build() to json-c's tokenizer (on documents without a name that
 * holds U+0000, which json-c cuts). */
int	dgs_tree_same(struct json_object *a, struct json_object *b);


#endif /* DGS_INT_H */
