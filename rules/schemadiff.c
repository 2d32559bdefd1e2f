/*
 * schemadiff.c: schema-change items (spec 2.1) and resolution requests
 * (spec 2.2, 4.1): resolve, resolve_multiple and resolve_all.
 */
#include "dgs_int.h"

static const struct dgs_member change_members[] = {
	{ "schemaName", DGS_T_STRING, DGS_M_REQUIRED, NULL },
	{ "tableName", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the table (or collection) name" },
	{ "issueCode", DGS_T_STRING, DGS_M_REQUIRED,
	    "write one of the issue codes, such as \"new_column\"" },
	{ "columnName", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "pathName", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "oldDataType", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "newDataType", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_schema_change = {
	"a schema change", change_members, NULL, NULL
};

static const struct dgs_member resolution_members[] = {
	{ "workspaceId", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the workspace's id" },
	{ "issueCode", DGS_T_STRING, DGS_M_REQUIRED,
	    "write the issue code of the change to resolve" },
	{ "schemaName", DGS_T_STRING, DGS_M_REQUIRED, NULL },
	{ "tableName", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the table name" },
	{ "columnName", DGS_T_STRING, 0, NULL },
	{ "dataType", DGS_T_STRING, 0, NULL },
	{ "pathName", DGS_T_STRING, 0, NULL },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_resolution = {
	"a resolution item", resolution_members, NULL, NULL
};

static const struct dgs_member resolve_all_members[] = {
	{ "workspaceId", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the workspace's id" },
	{ "resolutionOption", DGS_T_STRING, DGS_M_REQUIRED,
	    "write \"All\", \"Actions\" or \"Notifications\"" },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_resolve_all = {
	"resolve_all parameters", resolve_all_members, NULL, NULL
};

static void
visit_list(struct dgs_ctx *ctx, enum dgs_node node)
{
	size_t i, n;

	if (dgs_is(ctx->root, json_type_array)) {
		n = json_object_array_length(ctx->root);
		for (i = 0; i < n; i++)
			dgs_visit(ctx, node,
			    json_object_array_get_idx(ctx->root, i), NULL,
			    (long)i);
		return;
	}
	dgs_visit(ctx, node, ctx->root, NULL, -1);
}

void
dgs_walk_schema_changes(struct dgs_ctx *ctx)
{
	visit_list(ctx, DGS_NODE_SCHEMA_CHANGE);
}

void
dgs_walk_resolution(struct dgs_ctx *ctx)
{
	if (dgs_is(ctx->root, json_type_object) &&
	    dgs_get(ctx->root, "resolutionOption") != NULL) {
		dgs_visit(ctx, DGS_NODE_RESOLVE_ALL, ctx->root, NULL, -1);
		return;
	}
	visit_list(ctx, DGS_NODE_RESOLUTION);
}
