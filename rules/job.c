/*
 * job.c: job-start requests (spec 2.7, 4.4) and generator presets.
 */
#include "dgs_int.h"

static const struct dgs_member job_members[] = {
	{ "workspaceId", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the workspace's id" },
	{ "strictMode", DGS_T_STRING, 0,
	    "write \"NotStrict\", \"RejectOnSchemaActions\", "
	    "\"RejectOnAllSchemaItems\" or \"NotApplicable\" in quotes" },
	{ "diagnosticLogging", DGS_T_BOOL, 0, "write true or false" },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_job_start = {
	"a job-start request", job_members, NULL, NULL
};

static const struct dgs_member preset_members[] = {
	{ "name", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the preset's name" },
	{ "generatorId", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the id of the generator the preset configures" },
	{ "id", DGS_T_STRING, 0, NULL },
	{ "description", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "metadata", DGS_T_OBJECT, 0, NULL },
	{ "isBuiltIn", DGS_T_BOOL, 0, NULL },
	{ "lastModifiedByUser", DGS_T_OBJECT | DGS_T_NULL, 0, NULL },
	{ "createdDate", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "lastModifiedDate", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_preset = {
	"a generator preset", preset_members, NULL, NULL
};

void
dgs_walk_job_start(struct dgs_ctx *ctx)
{
	dgs_visit(ctx, DGS_NODE_JOB_START, ctx->root, NULL, -1);
}

void
dgs_walk_preset(struct dgs_ctx *ctx)
{
	size_t i, n;

	if (dgs_is(ctx->root, json_type_array)) {
		n = json_object_array_length(ctx->root);
		for (i = 0; i < n; i++)
			dgs_visit(ctx, DGS_NODE_PRESET,
			    json_object_array_get_idx(ctx->root, i), NULL,
			    (long)i);
		return;
	}
	dgs_visit(ctx, DGS_NODE_PRESET, ctx->root, NULL, -1);
}
