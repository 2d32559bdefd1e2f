/*
 * subsetting.c: subsetting configurations (spec 2.6, 4.3): a POST body,
 * a PUT body (Schema and Table are path parameters), or the list a GET
 * returns.
 */
#include "dgs_int.h"

static const struct dgs_member subset_members[] = {
	{ "Schema", DGS_T_STRING, 0, "write the schema name" },
	{ "Table", DGS_T_STRING, DGS_M_NONEMPTY, "write the table name" },
	{ "IgnoreUpstreamTables", DGS_T_BOOL, 0,
	    "write true (a lookup table) or false (a target table)" },
	{ "Percent", DGS_T_NUM, 0, "write a number in (0, 100], unquoted" },
	{ "WhereClause", DGS_T_STRING, 0,
	    "write the condition as a string, without WHERE" },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_subset = {
	"a subsetting configuration", subset_members, NULL, NULL
};

void
dgs_walk_subsetting(struct dgs_ctx *ctx)
{
	size_t i, n;

	if (dgs_is(ctx->root, json_type_array)) {
		n = json_object_array_length(ctx->root);
		for (i = 0; i < n; i++)
			dgs_visit(ctx, DGS_NODE_SUBSET,
			    json_object_array_get_idx(ctx->root, i), NULL,
			    (long)i);
		return;
	}
	dgs_visit(ctx, DGS_NODE_SUBSET, ctx->root, NULL, -1);
}
