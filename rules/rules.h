/*
 * rules.h: the rule table's types.  The rules themselves are listed once,
 * in rules.def (which includes one .def file per family); this header and
 * table.c expand that list into the enum below, the prototypes of the
 * check functions, and the tables.
 */
#ifndef DGS_RULES_H
#define DGS_RULES_H

struct dgs_ctx;
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

/* Kind masks for the table. */
#define K_ALL		0u
#define K_REPL		(1u << 1)	/* DGS_KIND_REPLACEMENTS */
#define K_SUBSET	((1u << 2) | (1u << 3))	/* both subsetting kinds */
#define K_SCHEMA	(1u << 4)
#define K_RESOLVE	(1u << 5)
#define K_JOB		(1u << 6)
#define K_PRESET	(1u << 7)

typedef void (*dgs_check_fn)(struct dgs_ctx *, struct json_object *);

/* How a rule is run: on which node type, by which function. */
struct dgs_rule_def {
	enum dgs_node	node;
	dgs_check_fn	check;
};

/* Rule indexes: DGS_R_<NAME>. */
enum dgs_rule_index {
#define DGS_RULE(e, id, name, sev, kinds, node, check, sum, exp) DGS_R_##e,
#include "rules.def"
#undef DGS_RULE
	DGS_R_MAX
};

/* Prototypes of the check functions (dgs_nocheck for rules that the
 * engine or a walker reports directly). */
#define DGS_RULE(e, id, name, sev, kinds, node, check, sum, exp) \
	void check(struct dgs_ctx *, struct json_object *);
#include "rules.def"
#undef DGS_RULE

/* A node type's shape and the walker of its children. */
struct dgs_shape;
struct dgs_node_def {
	const struct dgs_shape	*shape;
	void			(*children)(struct dgs_ctx *,
				    struct json_object *);
};
extern const struct dgs_node_def dgs_nodes[DGS_NODE_MAX];

/* Shapes and children walkers, defined by the families. */
extern const struct dgs_shape dgs_shape_replacement;
extern const struct dgs_shape dgs_shape_link;
extern const struct dgs_shape dgs_shape_metadata;
extern const struct dgs_shape dgs_shape_submetadata;
extern const struct dgs_shape dgs_shape_subset;
extern const struct dgs_shape dgs_shape_schema_change;
extern const struct dgs_shape dgs_shape_resolution;
extern const struct dgs_shape dgs_shape_resolve_all;
extern const struct dgs_shape dgs_shape_job_start;
extern const struct dgs_shape dgs_shape_preset;
void	dgs_children_replacement(struct dgs_ctx *, struct json_object *);
void	dgs_children_link(struct dgs_ctx *, struct json_object *);
void	dgs_children_metadata(struct dgs_ctx *, struct json_object *);

#endif /* DGS_RULES_H */
