/*
 * dgs_engine.h: the engine (lint.c) as the rule families see it: the
 * options (options.c), the lint context handed to every check, the walk
 * (walk.c), member access and the shapes (shape.c).  Not installed.
 */
#ifndef DGS_ENGINE_H
#define DGS_ENGINE_H

#include <stddef.h>
#include <string.h>

#include <json-c/json.h>

#include "dgslint.h"
#include "dgs_table.h"
#include "dgs_util.h"

struct dgs_keys;
struct dgs_result;

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
	int			 docset;	/* walkers take the keys of
						   dgs_docset.h */
	int			 presume;	/* every document is the service's */
	/* Snapshots of the database (dgs_options_set_snapshots()),
	 * borrowed: the database rules run only with one. */
	const struct dgs_snapshot	*snapshot;
	const struct dgs_snapshot	*snapshot_before;
	/* The workspace on the service (dgs_options_set_service), borrowed:
	 * the DGS9xx rules run only with it. */
	const struct dgs_service *service;
	/* The user's marks of columns (dgs_options_set_column_mark()). */
	dgs_column_mark_fn	 mark;
	void			*mark_arg;
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

/* These two take the rule's number (DGS_R_*), for the engine and the
 * rules; the public dgs_options_*severity() functions take its name. */
/* Whether a rule can report at all under these options. */
int	dgs_options_enabled(const struct dgs_options *, int rule);
/* The severity of a finding of rule at pointer (DGS_SEV_OFF: drop it);
 * *scope (when scope is not NULL) receives the index of the scope that
 * decided it, or -1 when none did. */
enum dgs_severity dgs_options_severity_at(const struct dgs_options *,
	    int rule, const char *pointer, long *scope);

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

#endif /* DGS_ENGINE_H */
