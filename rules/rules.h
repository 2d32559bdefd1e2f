/*
 * rules.h: what the rule families share with the rule table.  The
 * table's types are the engine's (lib/dgs_table.h); this header declares
 * what the families define for the table: the check functions, the
 * shapes and children walkers of the node types, and the kinds'
 * walkers.  It includes the library's headers that a check uses: the
 * engine's context, walk and shapes, reporting (fixes as a rule states
 * them among it), the document-set keys, text and utilities.  Only rules/
 * includes it.
 */
#ifndef DGS_RULES_H
#define DGS_RULES_H

#include <json-c/json.h>

#include "dgslint.h"
#include "dgs_util.h"
#include "dgs_text.h"
#include "dgs_table.h"
#include "dgs_report.h"
#include "dgs_docset.h"
#include "dgs_engine.h"

/* Prototypes of the check functions named by the records' CHECK(); a
 * rule raised elsewhere (BY()) or by the metadata check (GMD()) has none
 * of its own. */
#define CHECK(fn)	void fn(struct dgs_ctx *, struct json_object *);
#define BY(who)
#define GMD(fn, subs)
#define DGS_RULE(e, id, name, sev, kinds, node, check, ...) check
#include "rules.def"
#undef DGS_RULE
#undef CHECK
#undef BY
#undef GMD
void	dgs_chk_generator_metadata(struct dgs_ctx *, struct json_object *);

/* Shapes and children walkers of the node types (dgs_nodes[]). */
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
/* {"replacements": ...} around a replacements document. */
extern const struct dgs_shape dgs_shape_replacements_wrapper;
/* Enumerations the rules check, NULL-terminated (describe.c gives them
 * to editors): strictMode, resolutionOption; the issue codes by index
 * (NULL past the end). */
extern const char *const dgs_strict_modes[];
extern const char *const dgs_resolution_options[];
const char *dgs_issue_code_name(size_t i);
void	dgs_children_replacement(struct dgs_ctx *, struct json_object *);
void	dgs_children_link(struct dgs_ctx *, struct json_object *);
void	dgs_children_metadata(struct dgs_ctx *, struct json_object *);
void	dgs_children_preset(struct dgs_ctx *, struct json_object *);

/* The kinds' walkers (dgs_kinds[]): each walks a document of its kind
 * from ctx->root. */
void	dgs_walk_replacements(struct dgs_ctx *);
void	dgs_walk_subsetting(struct dgs_ctx *);
void	dgs_walk_schema_changes(struct dgs_ctx *);
void	dgs_walk_resolution(struct dgs_ctx *);
void	dgs_walk_job_start(struct dgs_ctx *);
void	dgs_walk_preset(struct dgs_ctx *);
/* The walk of element i of a root array (dgs_kinds[].each). */
void	dgs_each_subset(struct dgs_ctx *, struct json_object *, size_t);
void	dgs_each_schema_change(struct dgs_ctx *, struct json_object *,
	    size_t);
void	dgs_each_resolution(struct dgs_ctx *, struct json_object *, size_t);

/*
 * rules/replacement.c: the links of a replacement, one by one, each an
 * object of its array key ("links", "fallBackLinks"):
 *
 *	struct dgs_links it;
 *
 *	for (link = dgs_links_first(ctx, &it, r, "links", DGS_LINKS_COLUMN,
 *	    id); link != NULL; link = dgs_links_next(&it))
 *		... it.i, it.column, it.gen ...
 *
 * it.n is the array's length (0 when r has no such array).  Flags:
 * DGS_LINKS_ANYCASE, the array and the column found as spelt, else in
 * another letter case (dgs_get_anycase()); DGS_LINKS_COLUMN, only the
 * links with a column (a string); DGS_LINKS_GEN, only the links with a
 * generator (not ""); DGS_LINKS_NO_GEN, it.gen not looked up (NULL), for
 * the callers that read only the columns: the snapshot rules go through
 * every link of a document, and the lookup cost them 19% of a 64 MB run
 * with --schema; and gen, when not NULL, only the links of that
 * generator.
 *
 * ctx (or NULL): when r is the replacement being visited, the columns
 * and generators of its "links" are looked up once for the rules that
 * go through them, about five a replacement (rather than each rule
 * looking them up again: 5.2% of the instructions of a lint of the
 * benchmark's 2,000 files).
 */
struct dgs_link_memo;
struct dgs_links {
	struct json_object	*a;		/* the array, or NULL */
	size_t			 i, n;		/* the link's index; length */
	unsigned		 flags;
	const char		*want;		/* gen */
	const char		*column;	/* the link's, or NULL */
	const char		*gen;		/* dgs_link_gen(), or NULL */
	const struct dgs_link_memo *memo;	/* the links looked up, or
						 * NULL */
};
#define DGS_LINKS_ANYCASE	1u
#define DGS_LINKS_COLUMN	2u
#define DGS_LINKS_GEN		4u
#define DGS_LINKS_NO_GEN	8u
struct json_object *dgs_links_first(struct dgs_ctx *, struct dgs_links *,
	    struct json_object *r, const char *key, unsigned flags,
	    const char *gen);
struct json_object *dgs_links_next(struct dgs_links *);
/* A link's generator: its metadata's generatorId, or the legacy
 * link-level one; NULL when it has none. */
const char *dgs_link_gen(struct json_object *link);

/* rules/kind.c: the kinds of a rule (dgs_rule_info's kinds) in words,
 * "every document" for 0, else their names separated by commas, in buf
 * (cut at n - 1 bytes); returns buf.  For the manual and the rule pages
 * (mkman.c, mkhtml.c). */
const char *dgs_kinds_words(unsigned kinds, char *buf, size_t n);

/* rules/kind.c: dgs_detect's functions. */
enum dgs_kind dgs_detect_kind(struct json_object *root, const char **why);
enum dgs_kind dgs_detect_kind_element(struct json_object *);
int	dgs_detect_service_like(struct json_object *root);

#endif /* DGS_RULES_H */
