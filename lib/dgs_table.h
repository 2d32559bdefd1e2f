/*
 * dgs_table.h: the rule table's types.  The engine runs what the
 * families register in the tables of rules/table.c: the rules (listed
 * once, in rules.def, one .def file per family), the node types' shapes
 * and children walkers, and each kind's walker.  It knows rules by index
 * only, and reports those of the JSON layer and of shapes itself.  Not
 * installed; of rules/, the library includes rules.def alone.
 */
#ifndef DGS_TABLE_H
#define DGS_TABLE_H

#include "dgslint.h"

struct dgs_ctx;
struct dgs_shape;
struct json_object;

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
	/* Whether a document that tells no kind has the members of one,
	 * damaged (DGS201), rather than being other JSON. */
	int		(*service_like)(struct json_object *root);
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
#define DGS_NEEDS_KEYS_ALONE	(1u << 3)	/* takes its keys
						   (dgs_docset.h) with one
						   document too */
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

#endif /* DGS_TABLE_H */
