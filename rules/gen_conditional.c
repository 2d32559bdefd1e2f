/*
 * gen_conditional.c: Conditional generators
 * (https://docs.tonic.ai/app/generation/generators/generator-reference/
 * conditional): the shapes
 * of their default and conditional generators, groups and conditions,
 * the walk into them (from dgs_children_metadata()), and DGS423
 * conditional-operator.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_int.h"

/* A Conditional generator's default and conditional generators. */
static const struct dgs_member default_members[] = {
	{ "metadata", DGS_T_OBJECT, DGS_M_REQUIRED,
	    "write {\"generatorId\": \"...\"} for the generator applied when "
	    "no condition matches" },
	{ "condition", DGS_T_OBJECT, 0,
	    "write {\"op\": \"AND\", \"conditions\": []}" },
	{ NULL, 0, 0, NULL }
};

static const struct dgs_shape shape_default = {
	"the default generator", default_members, NULL, NULL, NULL
};

static const struct dgs_member condgen_members[] = {
	{ "metadata", DGS_T_OBJECT, DGS_M_REQUIRED,
	    "write {\"generatorId\": \"...\"} for the generator applied when "
	    "the condition matches" },
	{ "condition", DGS_T_OBJECT, DGS_M_REQUIRED,
	    "write {\"op\": \"AND\", \"conditions\": [{\"col\": ..., \"op\": "
	    "..., \"val\": ...}]}" },
	{ NULL, 0, 0, NULL }
};

static const struct dgs_shape shape_condgen = {
	"a conditional generator", condgen_members, NULL, NULL, NULL
};

static const struct dgs_member group_members[] = {
	{ "op", DGS_T_STRING, 0, "write \"AND\" or \"OR\"" },
	{ "conditions", DGS_T_ARRAY, DGS_M_REQUIRED,
	    "write an array of conditions, [] for none" },
	{ NULL, 0, 0, NULL }
};

static const struct dgs_shape shape_group = {
	"a condition group", group_members, NULL, NULL, NULL
};

static const struct dgs_member cond_members[] = {
	{ "col", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the column the condition tests (\"field_self\" for the "
	    "column itself)" },
	{ "op", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the comparison" },
	{ "val", DGS_T_ANY, DGS_M_REQUIRED,
	    "write the value compared with" },
	{ "colDataType", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ NULL, 0, 0, NULL }
};

static const struct dgs_shape shape_cond = {
	"a condition", cond_members, NULL, NULL, NULL
};

/* Condition groups are read this deep (the condition itself is depth 0);
 * a group nested deeper is reported as not checked (dgslint(1), LIMITS). */
#define COND_NEST_LIMIT	64

/*
 * The walk of a condition group c (a condition is one, depth 0) and of
 * the groups nested in it, at their pointers, as deep as COND_NEST_LIMIT,
 * for the shapes' walk and DGS423: group() on each group, which returns 0
 * to go no further into it; cond(), when not NULL, on each condition of a
 * group that is no group itself; a group past the limit reported as not
 * checked when deep is set (by the shapes' walk only, whatever rules are
 * on).
 */
static void
cond_walk(struct dgs_ctx *ctx, struct json_object *c, int depth,
    int (*group)(struct dgs_ctx *, struct json_object *),
    void (*cond)(struct dgs_ctx *, struct json_object *), int deep)
{
	struct json_object *a, *e;
	size_t old = ctx->ptr.len, mid, i, n;

	if (!group(ctx, c) || !dgs_is(a = dgs_get(c, "conditions"),
	    json_type_array))
		return;
	dgs_ptr_push_name(ctx, "conditions");
	mid = ctx->ptr.len;
	n = json_object_array_length(a);
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(a, i);
		gen_push_index(ctx, i);
		/* A nested group, if the service has them. */
		if (dgs_has(e, "conditions") && depth < COND_NEST_LIMIT)
			cond_walk(ctx, e, depth + 1, group, cond, deep);
		else if (dgs_has(e, "conditions") && deep)
			dgs_report(ctx, DGS_R_CHECK_SKIPPED, "this condition "
			    "group is not checked: condition groups nest "
			    "deeper than %d levels, the most dgslint reads",
			    COND_NEST_LIMIT);
		else if (!dgs_has(e, "conditions") && cond != NULL)
			cond(ctx, e);
		dgs_ptr_pop(ctx, mid);
	}
	dgs_ptr_pop(ctx, old);
}

static int
group_shape(struct dgs_ctx *ctx, struct json_object *c)
{
	return dgs_check_shape(ctx, &shape_group, c);
}

static void
cond_shape(struct dgs_ctx *ctx, struct json_object *e)
{
	dgs_check_shape(ctx, &shape_cond, e);
}

static void
cond_generator(struct dgs_ctx *ctx, struct json_object *o,
    const struct dgs_shape *shape)
{
	struct json_object *m, *c;
	size_t old = ctx->ptr.len;

	if (!dgs_check_shape(ctx, shape, o))
		return;
	if (dgs_is(m = dgs_get(o, "metadata"), json_type_object))
		dgs_visit(ctx, DGS_NODE_METADATA, m, "metadata", -1);
	if (dgs_is(c = dgs_get(o, "condition"), json_type_object)) {
		dgs_ptr_push_name(ctx, "condition");
		cond_walk(ctx, c, 0, group_shape, cond_shape, 1);
		dgs_ptr_pop(ctx, old);
	}
}

/* Calls fn on each generator of a Conditional's metadata md, at its
 * pointer: the defaultGenerator (dflt 1), then each element of
 * conditionalGenerators. */
static void
cond_each(struct dgs_ctx *ctx, struct json_object *md,
    void (*fn)(struct dgs_ctx *, struct json_object *, int dflt))
{
	struct json_object *o;
	size_t old = ctx->ptr.len, mid, i, n;

	if (dgs_is(o = dgs_get(md, "defaultGenerator"), json_type_object)) {
		dgs_ptr_push_name(ctx, "defaultGenerator");
		fn(ctx, o, 1);
		dgs_ptr_pop(ctx, old);
	}
	if (dgs_is(o = dgs_get(md, "conditionalGenerators"),
	    json_type_array)) {
		dgs_ptr_push_name(ctx, "conditionalGenerators");
		mid = ctx->ptr.len;
		n = json_object_array_length(o);
		for (i = 0; i < n; i++) {
			gen_push_index(ctx, i);
			fn(ctx, json_object_array_get_idx(o, i), 0);
			dgs_ptr_pop(ctx, mid);
		}
		dgs_ptr_pop(ctx, old);
	}
}

static void
walk_generator(struct dgs_ctx *ctx, struct json_object *o, int dflt)
{
	cond_generator(ctx, o, dflt ? &shape_default : &shape_condgen);
}

void
gen_walk_conditional(struct dgs_ctx *ctx, struct json_object *md)
{
	cond_each(ctx, md, walk_generator);
}

/*
 * DGS423 conditional-operator.
 */
static int
group_op(struct dgs_ctx *ctx, struct json_object *c)
{
	const char *op = dgs_get_str(c, "op");

	if (op != NULL && dgs_strcasecmp(op, "AND") != 0 &&
	    dgs_strcasecmp(op, "OR") != 0)
		dgs_report_member(ctx, DGS_R_CONDITIONAL_OPERATOR, "op",
		    "a condition group's `op` is \"AND\" or \"OR\", not "
		    "\"%s\"; write \"AND\" when every condition must hold, "
		    "\"OR\" when one is enough", op);
	return 1;
}

static void
gen_condition_op(struct dgs_ctx *ctx, struct json_object *o, int dflt)
{
	struct json_object *c = dgs_get(o, "condition");
	size_t old = ctx->ptr.len;

	if (!dgs_is(c, json_type_object))
		return;
	dgs_ptr_push_name(ctx, "condition");
	cond_walk(ctx, c, 0, group_op, NULL, 0);
	dgs_ptr_pop(ctx, old);
}

void
dgs_chk_conditional_operator(struct dgs_ctx *ctx, struct json_object *md)
{
	struct md_info tmp;
	const struct dgs_generator *g = gen_md_info(ctx, md, &tmp)->g;

	if (g != NULL && g->comp == DGS_COMP_CONDITIONAL)
		cond_each(ctx, md, gen_condition_op);
}

/*
 * DGS433 conditional-default-condition: the Conditional's API reference,
 * "The `defaultGenerator` object specifies the generator to apply if none
 * of the conditions are met.  It includes a `condition` object with an
 * empty list of conditions."
 */
void
dgs_chk_conditional_default(struct dgs_ctx *ctx, struct json_object *md)
{
	struct md_info tmp;
	const struct dgs_generator *g = gen_md_info(ctx, md, &tmp)->g;
	struct json_object *c, *a;
	size_t old = ctx->ptr.len, n;

	if (g == NULL || g->comp != DGS_COMP_CONDITIONAL ||
	    !dgs_is(c = dgs_get(dgs_get(md, "defaultGenerator"), "condition"),
	    json_type_object) || !dgs_is(a = dgs_get(c, "conditions"),
	    json_type_array) || (n = json_object_array_length(a)) == 0)
		return;
	dgs_ptr_push_name(ctx, "defaultGenerator");
	dgs_ptr_push_name(ctx, "condition");
	dgs_report_member(ctx, DGS_R_CONDITIONAL_DEFAULT_CONDITION,
	    "conditions", "the `defaultGenerator` applies when none of the "
	    "`conditionalGenerators`' conditions hold, and its `condition` "
	    "has an empty list of conditions, not %zu; move %s to an entry "
	    "of `conditionalGenerators`, or write \"conditions\": []", n,
	    n == 1 ? "it" : "them");
	dgs_ptr_pop(ctx, old);
}
