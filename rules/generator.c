/*
 * generator.c: link metadata, the generator catalogue, composites,
 * partitions (spec 2.5; domain.md section 2).
 */
#include "dgs_int.h"

static const struct dgs_member metadata_members[] = {
	{ "presetId", DGS_T_STRING, DGS_M_NONEMPTY, NULL },
	{ "generatorId", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the generator's id, such as \"NameGenerator\"" },
	{ "isConsistent", DGS_T_BOOL, 0, "write true or false" },
	{ "consistencyColumn", DGS_T_STRING, 0, NULL },
	{ "isDifferentiallyPrivate", DGS_T_BOOL, 0, "write true or false" },
	{ "encryptionProcessor", DGS_T_STRING, 0, "write \"x-on\"" },
	{ "customValueProcessor", DGS_T_STRING, 0, NULL },
	{ "pathExpression", DGS_T_STRING, 0, NULL },
	{ "subGeneratorMetadata", DGS_T_OBJECT, 0, NULL },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_metadata = {
	"link metadata", metadata_members, NULL, NULL
};

static const struct dgs_member submetadata_members[] = {
	{ "presetId", DGS_T_STRING, DGS_M_NONEMPTY, NULL },
	{ "generatorId", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the sub-generator's id" },
	{ "customValueProcessor", DGS_T_STRING, 0, NULL },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_submetadata = {
	"sub-generator metadata", submetadata_members, NULL, NULL
};

void
dgs_children_metadata(struct dgs_ctx *ctx, struct json_object *md)
{
	struct json_object *sub = dgs_get(md, "subGeneratorMetadata");

	if (sub != NULL && dgs_is(sub, json_type_object))
		dgs_visit(ctx, DGS_NODE_SUBMETADATA, sub,
		    "subGeneratorMetadata", -1);
}
