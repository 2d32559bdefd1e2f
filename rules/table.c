/*
 * table.c: what the engine runs.  The rule table, expanded from
 * rules.def, and which of the rules fix; the node table (each node
 * type's shape and children walker); the kind table (each document
 * kind's walker).  A new kind is
 * its walker in a file of its own, one line here and its signs in kind.c.
 */
#include <stddef.h>

#include "rules.h"

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
	[DGS_NODE_PRESET] =		{ &dgs_shape_preset,
					  dgs_children_preset },
};

/* What the rules need to run (lib/lint.c, plan_rules()): the database
 * rules a snapshot, those that compare two snapshots both, the service's
 * a state read from the service. */
#define N	DGS_NEEDS_SCHEMA
#define B	(DGS_NEEDS_SCHEMA | DGS_NEEDS_BEFORE)
const unsigned char dgs_rule_needs[DGS_R_MAX] = {
	[DGS_R_DB_MISSING_TABLE] =		N,
	[DGS_R_DB_SUBSET_MISSING_TABLE] =	N,
	[DGS_R_DB_MISSING_COLUMN] =		N,
	[DGS_R_DB_PATH_DATA_TYPE] =		N,
	[DGS_R_DB_FOREIGN_KEY_GENERATOR] =	N,
	[DGS_R_DB_GENERATOR_DATA_TYPE] =	N,
	[DGS_R_DB_NULL_NOT_NULL] =		N,
	[DGS_R_DB_COLUMN_REFERENCE] =		N,
	[DGS_R_DB_RESOLUTION_CONTRADICTED] =	N,
	[DGS_R_DB_SCHEMA_CHANGE_CONTRADICTED] =	N,
	[DGS_R_DB_NEW_COLUMN] =			B,
	[DGS_R_DB_CHANGED_COLUMN_TYPE] =	B,
	[DGS_R_DB_NEW_TABLE] =			B,
	/* The rules against the workspace on the service (service.def). */
	[DGS_R_SVC_SUBSET_POST] =		DGS_NEEDS_SERVICE,
	[DGS_R_SVC_RESOLUTION_UNLISTED] =	DGS_NEEDS_SERVICE,
	[DGS_R_SVC_STRICT_MODE_REJECTS] =	DGS_NEEDS_SERVICE,
};
#undef N
#undef B

/* The rules that fix, and how safely: S, a fix that keeps the meaning
 * (a documented spelling, a redundant keyword); U, one that may change it
 * (a number, a choice between values); S | U, safe when one candidate is
 * the closest and unsafe when several are. */
#define S	(1u << DGS_FIX_SAFE)
#define U	(1u << DGS_FIX_UNSAFE)
const unsigned char dgs_rule_fix[DGS_R_MAX] = {
	[DGS_R_JSON_SYNTAX] =			S,
	[DGS_R_JSON_BOM] =			S,
	[DGS_R_UNKNOWN_MEMBER] =		S | U,
	[DGS_R_MEMBER_CASE] =			S,
	[DGS_R_FALLBACK_LINKS_SPELLING] =	S,
	[DGS_R_WHERE_KEYWORD] =			S,
	[DGS_R_LOOKUP_PERCENT] =		U,
	[DGS_R_LINK_TABLE_MISMATCH] =		U,
	[DGS_R_GENERATOR_UNKNOWN] =		S | U,
	[DGS_R_STRICT_MODE] =			S | U,
	[DGS_R_WHERE_SEMICOLON] =		S,
	[DGS_R_ISSUE_CODE] =			S | U,
	[DGS_R_RESOLUTION_OPTION] =		S | U,
};
#undef S
#undef U

const struct dgs_kind_def dgs_kinds[DGS_KIND_MAX] = {
	[DGS_KIND_UNKNOWN] =		{ NULL, DGS_NODE_NONE, NULL },
	[DGS_KIND_REPLACEMENTS] =	{ dgs_walk_replacements,
					  DGS_NODE_REPLACEMENT, NULL },
	[DGS_KIND_SUBSETTING] =		{ dgs_walk_subsetting, DGS_NODE_SUBSET,
					  dgs_each_subset },
	[DGS_KIND_SUBSETTING_PUT] =	{ dgs_walk_subsetting, DGS_NODE_SUBSET,
					  dgs_each_subset },
	[DGS_KIND_SCHEMA_CHANGES] =	{ dgs_walk_schema_changes,
					  DGS_NODE_SCHEMA_CHANGE,
					  dgs_each_schema_change },
	[DGS_KIND_RESOLUTION] =		{ dgs_walk_resolution,
					  DGS_NODE_RESOLUTION,
					  dgs_each_resolution },
	[DGS_KIND_JOB_START] =		{ dgs_walk_job_start, DGS_NODE_NONE,
					  NULL },
	[DGS_KIND_PRESET] =		{ dgs_walk_preset, DGS_NODE_NONE, NULL },
};

/* DGS501 says what the license is, whatever the document holds. */
const unsigned char dgs_rule_doc_streams[DGS_R_MAX] = {
	[DGS_R_SUBSET_LICENSE] =	1,
};

const struct dgs_detect_def dgs_detect = {
	dgs_detect_kind, dgs_detect_kind_element
};

/* The check of rules that the engine or a walker reports directly. */
void
dgs_nocheck(struct dgs_ctx *ctx, struct json_object *obj)
{
	(void)ctx;
	(void)obj;
}
