/*
 * replacement.c: generator assignments (spec 2.3-2.5).  The walker
 * accepts every container the service and its clients use: one
 * replacement, an array of them, {"replacements": [...] or {...}}, or an
 * object keyed by replacement id.
 */
#include <string.h>

#include "dgs_int.h"

static const struct dgs_member replacement_members[] = {
	{ "name", DGS_T_STRING, 0, NULL },
	{ "schema", DGS_T_STRING, DGS_M_REQUIRED,
	    "write \"\" when the source has no schemas" },
	{ "table", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the table name" },
	{ "links", DGS_T_ARRAY, DGS_M_REQUIRED,
	    "write an array of link objects, one per column" },
	{ "fallBackLinks", DGS_T_ARRAY, 0, "write an array of link objects" },
	{ "fallbackLinks", DGS_T_ARRAY, 0, "write an array of link objects" },
	{ "partitions", DGS_T_STRING | DGS_T_ARRAY, 0,
	    "write the partition-by columns as \"col1,col2\"" },
	{ "nnModelConfig", DGS_T_OBJECT | DGS_T_NULL, 0, NULL },
	{ "id", DGS_T_STRING, 0, NULL },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_replacement = {
	"a replacement", replacement_members, NULL, NULL
};

static const struct dgs_member link_members[] = {
	{ "schema", DGS_T_STRING, DGS_M_REQUIRED,
	    "write the replacement's schema, or \"\" when the source has "
	    "no schemas" },
	{ "table", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the replacement's table" },
	{ "column", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the name of the column this link configures" },
	{ "path", DGS_T_STRING, 0, NULL },
	{ "dataType", DGS_T_STRING, 0, NULL },
	{ "metadata", DGS_T_OBJECT, DGS_M_REQUIRED,
	    "write {\"generatorId\": \"...\"} with the generator's settings" },
	/* The legacy shape: see the legacy-link-shape rule. */
	{ "presetId", DGS_T_STRING, 0, NULL },
	{ "generatorId", DGS_T_STRING, 0, NULL },
	{ "pathExpression", DGS_T_STRING, 0, NULL },
	{ "subPresetId", DGS_T_STRING, 0, NULL },
	{ "subGeneratorId", DGS_T_STRING, 0, NULL },
	{ "encryptionProcessor", DGS_T_STRING, 0, NULL },
	{ "customValueProcessor", DGS_T_STRING, 0, NULL },
	{ "customSubGeneratorValueProcessor", DGS_T_STRING, 0, NULL },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_link = {
	"a link", link_members, NULL, NULL
};

static void
visit_array(struct dgs_ctx *ctx, enum dgs_node node,
    struct json_object *arr)
{
	size_t i, n = json_object_array_length(arr);

	for (i = 0; i < n; i++)
		dgs_visit(ctx, node, json_object_array_get_idx(arr, i), NULL,
		    (long)i);
}

/* Each member of an object keyed by id. */
static void
visit_keyed(struct dgs_ctx *ctx, enum dgs_node node, struct json_object *o)
{
	struct lh_entry *e;

	for (e = json_object_get_object(o)->head; e != NULL; e = e->next)
		dgs_visit(ctx, node, (struct json_object *)lh_entry_v(e),
		    (const char *)lh_entry_k(e), -1);
}

void
dgs_walk_replacements(struct dgs_ctx *ctx)
{
	struct json_object *root = ctx->root, *r;
	size_t old = ctx->ptr.len;

	if (dgs_is(root, json_type_array)) {
		visit_array(ctx, DGS_NODE_REPLACEMENT, root);
		return;
	}
	if (dgs_is(root, json_type_object) &&
	    (r = dgs_get(root, "replacements")) != NULL &&
	    !dgs_has(root, "links")) {
		dgs_ptr_push_key(ctx, "replacements");
		if (dgs_is(r, json_type_array))
			visit_array(ctx, DGS_NODE_REPLACEMENT, r);
		else if (dgs_is(r, json_type_object))
			visit_keyed(ctx, DGS_NODE_REPLACEMENT, r);
		else
			dgs_report(ctx, DGS_R_WRONG_TYPE, "`replacements` must "
			    "be an array of replacements or an object keyed "
			    "by replacement id, not %s", dgs_type_words(r));
		dgs_ptr_pop(ctx, old);
		return;
	}
	if (dgs_is(root, json_type_object) && !dgs_has(root, "links") &&
	    !dgs_has(root, "schema") && !dgs_has(root, "table") &&
	    json_object_object_length(root) > 0) {
		struct lh_entry *e = json_object_get_object(root)->head;

		if (dgs_is((struct json_object *)lh_entry_v(e),
		    json_type_object)) {
			visit_keyed(ctx, DGS_NODE_REPLACEMENT, root);
			return;
		}
	}
	dgs_visit(ctx, DGS_NODE_REPLACEMENT, root, NULL, -1);
}

void
dgs_children_replacement(struct dgs_ctx *ctx, struct json_object *r)
{
	struct json_object *a;
	size_t old = ctx->ptr.len;
	static const char *const fb[] = { "fallBackLinks", "fallbackLinks" };
	size_t i;

	if (dgs_is(a = dgs_get(r, "links"), json_type_array)) {
		dgs_ptr_push_key(ctx, "links");
		visit_array(ctx, DGS_NODE_LINK, a);
		dgs_ptr_pop(ctx, old);
	}
	for (i = 0; i < 2; i++)
		if (dgs_is(a = dgs_get(r, fb[i]), json_type_array)) {
			dgs_ptr_push_key(ctx, fb[i]);
			visit_array(ctx, DGS_NODE_FALLBACK_LINK, a);
			dgs_ptr_pop(ctx, old);
		}
}

void
dgs_children_link(struct dgs_ctx *ctx, struct json_object *link)
{
	struct json_object *m = dgs_get(link, "metadata");

	if (m != NULL && dgs_is(m, json_type_object))
		dgs_visit(ctx, DGS_NODE_METADATA, m, "metadata", -1);
}
