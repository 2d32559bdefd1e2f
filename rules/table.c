/*
 * table.c: what the engine runs.  The arrays of the rule table, each
 * made by the preprocessor from the records of rules.def (a rule is its
 * record: nothing about it is written here); the node table (each node
 * type's shape and children walker); the kind table (each document
 * kind's walker).  A new kind is its walker in a file of its own, one
 * line here and its signs in kind.c.
 */
#include <stddef.h>

#include "rules.h"

/* How a record's fields expand in the arrays below. */
#define CHECK(fn)	fn
#define BY(who)		NULL
#define GMD(fn, subs)	dgs_chk_generator_metadata
#define FIXES_SAFE	(1u << DGS_FIX_SAFE)
#define FIXES_UNSAFE	(1u << DGS_FIX_UNSAFE)
#define FIXES_BOTH	(FIXES_SAFE | FIXES_UNSAFE)
#define N_SNAPSHOT	DGS_NEEDS_SNAPSHOT
#define N_BEFORE	(DGS_NEEDS_SNAPSHOT | DGS_NEEDS_BEFORE)
#define N_STREAMS	DGS_NEEDS_STREAMS
#define N_KEYS_ALONE	DGS_NEEDS_KEYS_ALONE
#define N_CATALOGUE	DGS_NEEDS_CATALOGUE
#define N_SERVICE	DGS_NEEDS_SERVICE
#define NEEDS(f)	f

/* What --explain prints is the explanation with its examples. */
#define FIX(k, text)	text
#define NOFIX		NULL
const struct dgs_rule_info dgs_rules[] = {
#define DGS_RULE(e, id, name, sev, kinds, node, check, needs, fix, sum, \
    exp, bad, good) \
	{ id, name, DGS_SEV_##sev, kinds, sum, \
	  exp "\n\nBad:   " bad "\nGood:  " good, fix },
#include "rules.def"
#undef DGS_RULE
	{ NULL, NULL, DGS_SEV_OFF, 0, NULL, NULL, NULL }
};
#undef FIX
#undef NOFIX

const struct dgs_rule_def dgs_rule_defs[] = {
#define DGS_RULE(e, id, name, sev, kinds, node, check, ...) \
	{ DGS_NODE_##node, check },
#include "rules.def"
#undef DGS_RULE
	{ DGS_NODE_NONE, NULL }
};

const unsigned char dgs_rule_needs[DGS_R_MAX] = {
#define DGS_RULE(e, id, name, sev, kinds, node, check, needs, ...) needs,
#include "rules.def"
#undef DGS_RULE
};

#define FIX(k, text)	FIXES_##k
#define NOFIX		0
const unsigned char dgs_rule_fix[DGS_R_MAX] = {
#define DGS_RULE(e, id, name, sev, kinds, node, check, needs, fix, ...) fix,
#include "rules.def"
#undef DGS_RULE
};
#undef FIX
#undef NOFIX

#define FIX(k, text)	text
#define NOFIX		NULL
const char *const dgs_rule_fix_text[DGS_R_MAX] = {
#define DGS_RULE(e, id, name, sev, kinds, node, check, needs, fix, ...) fix,
#include "rules.def"
#undef DGS_RULE
};
#undef FIX
#undef NOFIX

#undef BY
#define BY(who)		who
#undef CHECK
#define CHECK(fn)	NULL
#undef GMD
#define GMD(fn, subs)	NULL
const char *const dgs_rule_by[DGS_R_MAX] = {
#define DGS_RULE(e, id, name, sev, kinds, node, check, ...) check,
#include "rules.def"
#undef DGS_RULE
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

const struct dgs_detect_def dgs_detect = {
	dgs_detect_kind, dgs_detect_kind_element, dgs_detect_service_like
};
