/*
 * table.c: the rule table and the node table, expanded from rules.def.
 */
#include <stddef.h>

#include "dgs_int.h"

const struct dgs_rule_info dgs_rules[] = {
#define DGS_RULE(e, id, name, sev, kinds, node, check, sum, exp) \
	{ id, name, DGS_SEV_##sev, kinds, sum, exp },
#include "rules.def"
#undef DGS_RULE
	{ NULL, NULL, DGS_SEV_OFF, 0, NULL, NULL }
};

const struct dgs_rule_def dgs_rule_defs[] = {
#define DGS_RULE(e, id, name, sev, kinds, node, check, sum, exp) \
	{ DGS_NODE_##node, check },
#include "rules.def"
#undef DGS_RULE
	{ DGS_NODE_NONE, NULL }
};

const struct dgs_node_def dgs_nodes[DGS_NODE_MAX] = {
	[DGS_NODE_NONE] =		{ NULL, NULL },
	[DGS_NODE_DOC] =		{ NULL, NULL },
	[DGS_NODE_REPLACEMENT] =	{ &dgs_shape_replacement,
					  dgs_children_replacement },
	[DGS_NODE_LINK] =		{ &dgs_shape_link, dgs_children_link },
	[DGS_NODE_FALLBACK_LINK] =	{ &dgs_shape_link, dgs_children_link },
	[DGS_NODE_METADATA] =		{ &dgs_shape_metadata,
					  dgs_children_metadata },
	[DGS_NODE_SUBMETADATA] =	{ &dgs_shape_submetadata, NULL },
	[DGS_NODE_SUBSET] =		{ &dgs_shape_subset, NULL },
	[DGS_NODE_SCHEMA_CHANGE] =	{ &dgs_shape_schema_change, NULL },
	[DGS_NODE_RESOLUTION] =		{ &dgs_shape_resolution, NULL },
	[DGS_NODE_RESOLVE_ALL] =	{ &dgs_shape_resolve_all, NULL },
	[DGS_NODE_JOB_START] =		{ &dgs_shape_job_start, NULL },
	[DGS_NODE_PRESET] =		{ &dgs_shape_preset, NULL },
};

/* The check of rules that the engine or a walker reports directly. */
void
dgs_nocheck(struct dgs_ctx *ctx, struct json_object *obj)
{
	(void)ctx;
	(void)obj;
}

size_t
dgs_rule_count(void)
{
	return DGS_R_MAX;
}

const struct dgs_rule_info *
dgs_rule_get(size_t i)
{
	return i < DGS_R_MAX ? &dgs_rules[i] : NULL;
}

const struct dgs_rule_info *
dgs_rule_find(const char *s)
{
	size_t i;

	if (s == NULL)
		return NULL;
	for (i = 0; i < DGS_R_MAX; i++)
		if (dgs_strcasecmp(dgs_rules[i].id, s) == 0 ||
		    dgs_strcasecmp(dgs_rules[i].name, s) == 0)
			return &dgs_rules[i];
	return NULL;
}
