/*
 * shape.c: the declarative half of every family.  A shape lists an
 * object's members with their types; dgs_check_shape() reports missing
 * required members, wrong types, empty names, names in the wrong case and
 * unknown names (with the closest known one), so that rules can assume
 * well-typed members and read like the documentation of the shape.
 */
#include <stdlib.h>
#include <string.h>

#include "dgs_util.h"
#include "dgs_table.h"
#include "dgs_report.h"
#include "dgs_engine.h"

const char *
dgs_type_words(struct json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_null:
		return "null";
	case json_type_boolean:
		return "a boolean";
	case json_type_double:
		return "a number";
	case json_type_int:
		return "an integer";
	case json_type_object:
		return "an object";
	case json_type_array:
		return "an array";
	case json_type_string:
		return "a string";
	}
	return "a value";
}

void
dgs_types_words(struct dgs_buf *b, unsigned types)
{
	static const struct {
		unsigned	 t;
		const char	*w;
	} words[] = {
		{ DGS_T_STRING, "a string" },
		{ DGS_T_BOOL, "a boolean" },
		{ DGS_T_NUM, "a number" },
		{ DGS_T_INT, "an integer" },
		{ DGS_T_OBJECT, "an object" },
		{ DGS_T_ARRAY, "an array" },
		{ DGS_T_NULL, "null" },
	};
	const char *pick[8];
	size_t i, n = 0;

	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if ((types & words[i].t) == words[i].t) {
			types &= ~words[i].t;
			pick[n++] = words[i].w;
		}
	for (i = 0; i < n; i++) {
		if (i > 0)
			dgs_buf_adds(b, i + 1 == n ? " or " : ", ");
		dgs_buf_adds(b, pick[i]);
	}
}

static const struct dgs_member *
find_member(const struct dgs_shape *shape, const char *key, int anycase)
{
	const struct dgs_member *m;

	if (anycase) {
		for (m = shape->members; m->name != NULL; m++)
			if (dgs_strcasecmp(m->name, key) == 0)
				return m;
		return NULL;
	}
	/* Once per member of every object checked.  The builder interns
	 * a shape's member names as the shape's own strings: the address
	 * first, then the first byte, then the text. */
	for (m = shape->members; m->name != NULL; m++)
		if (m->name == key)
			return m;
	for (m = shape->members; m->name != NULL; m++)
		if (m->name[0] == key[0] && strcmp(m->name, key) == 0)
			return m;
	return NULL;
}

/* What the node is, in messages. */
static const char *
what(struct dgs_ctx *ctx, const struct dgs_shape *shape)
{
	return shape->what_here != NULL ? shape->what_here(ctx) : shape->what;
}

/* Whether best is the only candidate as close to key as it is. */
static int
unique(const char *key, const char *best, const char *const *cands,
    size_t n, const char *const *extra, size_t nextra)
{
	return dgs_closest_safety(key, best, cands, n) == DGS_FIX_SAFE &&
	    dgs_closest_safety(key, best, extra, nextra) == DGS_FIX_SAFE;
}

static void
unknown(struct dgs_ctx *ctx, const struct dgs_shape *shape,
    struct json_object *obj, const char *key)
{
	const char *cands[64], *const *extra = NULL, *best;
	const struct dgs_member *m;
	size_t n = 0, nextra = 0, i;

	for (m = shape->members; m->name != NULL && n < 64; m++)
		cands[n++] = m->name;
	best = dgs_closest(key, cands, n);
	if (shape->suggest != NULL)
		extra = shape->suggest(ctx, obj, &nextra);
	if (best == NULL && extra != NULL) {
		for (i = 0; i < nextra; i += 64) {
			best = dgs_closest(key, extra + i,
			    nextra - i > 64 ? 64 : nextra - i);
			if (best != NULL)
				break;
		}
	}
	if (best != NULL && !json_object_object_get_ex(obj, best, NULL)) {
		/* Safe when no other candidate is as close. */
		dgs_fix_rename(ctx, unique(key, best, cands, n, extra, nextra) ?
		    DGS_FIX_SAFE : DGS_FIX_UNSAFE, key, best);
		dgs_fix_describe(ctx, "rename `%s` to `%s`", key, best);
	}
	if (best != NULL)
		dgs_report_key(ctx, DGS_R_UNKNOWN_MEMBER, key,
		    "unknown member `%s` in %s; did you mean `%s`?", key,
		    what(ctx, shape), best);
	else
		dgs_report_key(ctx, DGS_R_UNKNOWN_MEMBER, key,
		    "unknown member `%s` in %s; the service ignores it", key,
		    what(ctx, shape));
}

int
dgs_check_shape(struct dgs_ctx *ctx, const struct dgs_shape *shape,
    struct json_object *obj)
{
	const struct dgs_member *m;
	struct lh_entry *e;
	struct json_object *v;
	struct dgs_buf want = { 0 };
	const char *key;
	uint64_t present = 0;	/* bit i: members[i] is there */
	size_t i;

	if (!json_object_is_type(obj, json_type_object)) {
		dgs_report(ctx, DGS_R_WRONG_TYPE, "%s must be an object, not %s",
		    what(ctx, shape), dgs_type_words(obj));
		return 0;
	}
	for (e = json_object_get_object(obj)->head; e != NULL; e = e->next) {
		key = (const char *)lh_entry_k(e);
		v = (struct json_object *)lh_entry_v(e);
		if ((m = find_member(shape, key, 0)) != NULL) {
			if ((i = (size_t)(m - shape->members)) < 64)
				present |= (uint64_t)1 << i;
			if (m->types != 0 &&
			    !(m->types & (1u << json_object_get_type(v)))) {
				want.len = 0;
				dgs_types_words(&want, m->types);
				dgs_report_member(ctx, DGS_R_WRONG_TYPE, key,
				    "`%s` must be %s, not %s%s%s", key,
				    want.s ? want.s : "?", dgs_type_words(v),
				    m->hint ? "; " : "", m->hint ? m->hint : "");
			} else if ((m->flags & DGS_M_NONEMPTY) &&
			    json_object_is_type(v, json_type_string) &&
			    json_object_get_string_len(v) == 0)
				dgs_report_member(ctx, DGS_R_EMPTY_VALUE, key,
				    "`%s` is empty%s%s", key, m->hint ? "; " :
				    "; write the name it stands for",
				    m->hint ? m->hint : "");
			continue;
		}
		if (shape->known != NULL && shape->known(ctx, obj, key))
			continue;
		if ((m = find_member(shape, key, 1)) != NULL &&
		    !json_object_object_get_ex(obj, m->name, NULL)) {
			dgs_fix_rename(ctx, DGS_FIX_SAFE, key, m->name);
			dgs_fix_describe(ctx, "rename `%s` to `%s`", key,
			    m->name);
			dgs_report_key(ctx, DGS_R_MEMBER_CASE, key,
			    "`%s` is spelt `%s` in the API; names are "
			    "case-sensitive", key, m->name);
		} else
			unknown(ctx, shape, obj, key);
	}
	for (m = shape->members, i = 0; m->name != NULL; m++, i++) {
		const struct dgs_member *cm;
		int casevariant = 0;

		if (!(m->flags & DGS_M_REQUIRED) ||
		    (i < 64 && (present & ((uint64_t)1 << i))) ||
		    dgs_member_entry(obj, m->name) != NULL)
			continue;
		/* Reported as member-case already. */
		for (e = json_object_get_object(obj)->head; e != NULL;
		    e = e->next)
			if (dgs_strcasecmp((const char *)lh_entry_k(e),
			    m->name) == 0 && ((cm = find_member(shape,
			    (const char *)lh_entry_k(e), 0)) == NULL ||
			    cm == m))
				casevariant = 1;
		if (!casevariant)
			dgs_report(ctx, DGS_R_REQUIRED_MEMBER,
			    "%s lacks the required member `%s`%s%s",
			    what(ctx, shape), m->name, m->hint ? "; " : "",
			    m->hint ? m->hint : "");
	}
	dgs_buf_free(&want);
	return 1;
}
