/*
 * walk.c: walking a document: the pointer of the node being checked,
 * dgs_visit() (a node's shape, the checks registered for its type, its
 * children), per-lint family state, and member access for the checks.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_util.h"
#include "dgs_table.h"
#include "dgs_report.h"
#include "dgs_engine.h"

/*
 * Walking.
 */
void
dgs_ptr_push_key(struct dgs_ctx *ctx, const char *key)
{
	dgs_buf_add_ptr_token(&ctx->ptr, key, strlen(key));
}

void
dgs_ptr_push_index(struct dgs_ctx *ctx, size_t i)
{
	char tok[24], *p = tok + sizeof(tok);

	/* On the hot path of every walk: no printf. */
	do
		*--p = (char)('0' + i % 10);
	while ((i /= 10) > 0);
	*--p = '/';
	dgs_buf_add(&ctx->ptr, p, (size_t)(tok + sizeof(tok) - p));
}

void
dgs_ptr_pop(struct dgs_ctx *ctx, size_t oldlen)
{
	ctx->ptr.len = oldlen;
	if (ctx->ptr.s != NULL)
		ctx->ptr.s[oldlen] = '\0';
}

void
dgs_visit(struct dgs_ctx *ctx, enum dgs_node node, struct json_object *obj,
    const char *key, long index)
{
	const struct dgs_node_def *nd = &dgs_nodes[node];
	size_t old = ctx->ptr.len, i;
	int pushed = 0, isobj = 1;

	if (key != NULL)
		dgs_ptr_push_key(ctx, key);
	else if (index >= 0)
		dgs_ptr_push_index(ctx, (size_t)index);
	if (ctx->nframes < DGS_MAX_FRAMES) {
		ctx->frames[ctx->nframes].node = node;
		ctx->frames[ctx->nframes].obj = obj;
		ctx->frames[ctx->nframes].ptrlen = ctx->ptr.len;
		ctx->frames[ctx->nframes].serial = ctx->serial;
		ctx->nframes++;
		pushed = 1;
	}
	ctx->serial++;
	if (nd->shape != NULL)
		isobj = dgs_check_shape(ctx, nd->shape, obj);
	if (isobj) {
		for (i = 0; i < ctx->nbyn[node]; i++)
			dgs_rule_defs[ctx->byn[node][i]].check(ctx, obj);
		if (nd->children != NULL)
			nd->children(ctx, obj);
	}
	if (pushed)
		ctx->nframes--;
	dgs_ptr_pop(ctx, old);
}

struct json_object *
dgs_parent(const struct dgs_ctx *ctx, enum dgs_node node)
{
	size_t i;

	for (i = ctx->nframes; i > 0; i--)
		if (ctx->frames[i - 1].node == node)
			return ctx->frames[i - 1].obj;
	return NULL;
}

size_t
dgs_parent_serial(const struct dgs_ctx *ctx, enum dgs_node node)
{
	size_t i;

	for (i = ctx->nframes; i > 0; i--)
		if (ctx->frames[i - 1].node == node)
			return ctx->frames[i - 1].serial;
	return (size_t)-1;
}

void *
dgs_state(struct dgs_ctx *ctx, enum dgs_node slot, size_t size,
    void (*fn)(void *))
{
	if (ctx->state[slot] == NULL) {
		if ((ctx->state[slot] = calloc(1, size)) == NULL) {
			ctx->res->oom = 1;
			return NULL;
		}
		ctx->state_free[slot] = fn;
	}
	return ctx->state[slot];
}

/*
 * Member access.
 */
/*
 * The entry of member key of object obj, or NULL.  Rules look members up
 * millions of times in a large document, nearly always in objects of a
 * few members: those are searched in order, comparing the first byte
 * before the rest, which costs less than hashing the key as json-c does.
 */
struct lh_entry *
dgs_member_entry(struct json_object *obj, const char *key)
{
	/* NULL when obj is NULL or not an object. */
	struct lh_table *t = json_object_get_object(obj);
	struct lh_entry *e;
	const char *k;

	if (t == NULL)
		return NULL;
	if (t->count > DGS_SMALL_OBJECT)
		return lh_table_lookup_entry(t, key);
	/* A shape's member name is the same string as a rule's literal
	 * (build.c interns it so): found by address.  Otherwise the first
	 * byte inline, the rest in the C library's strcmp(), which compares
	 * words, not bytes.  Hashing every lookup instead, as json-c does,
	 * costs 22% more instructions on the benchmark's 2,000 files and 25%
	 * on its 16 MB document (callgrind). */
	for (e = t->head; e != NULL; e = e->next) {
		k = (const char *)lh_entry_k(e);
		if (k == key || (k[0] == key[0] && (k[0] == '\0' ||
		    strcmp(k + 1, key + 1) == 0)))
			return e;
	}
	return NULL;
}

struct json_object *
dgs_get(struct json_object *obj, const char *key)
{
	struct lh_entry *e = dgs_member_entry(obj, key);

	return e != NULL ? (struct json_object *)lh_entry_v(e) : NULL;
}

struct json_object *
dgs_get_anycase(struct json_object *obj, const char *name, const char **key)
{
	struct lh_entry *e;

	*key = name;
	if (!dgs_is(obj, json_type_object))
		return NULL;
	if ((e = dgs_member_entry(obj, name)) != NULL)
		return (struct json_object *)lh_entry_v(e);
	for (e = json_object_get_object(obj)->head; e != NULL; e = e->next)
		if (dgs_strcasecmp((const char *)lh_entry_k(e), name) == 0) {
			*key = (const char *)lh_entry_k(e);
			return (struct json_object *)lh_entry_v(e);
		}
	return NULL;
}

int
dgs_has(struct json_object *obj, const char *key)
{
	return dgs_member_entry(obj, key) != NULL;
}

int
dgs_is(struct json_object *v, enum json_type t)
{
	return v != NULL && json_object_is_type(v, t);
}

const char *
dgs_get_str(struct json_object *obj, const char *key)
{
	struct json_object *v = dgs_get(obj, key);

	return dgs_is(v, json_type_string) ? json_object_get_string(v) : NULL;
}

int
dgs_get_bool(struct json_object *obj, const char *key, int *out)
{
	struct json_object *v = dgs_get(obj, key);

	if (!dgs_is(v, json_type_boolean))
		return 0;
	*out = json_object_get_boolean(v);
	return 1;
}

int
dgs_get_num(struct json_object *obj, const char *key, double *out)
{
	struct json_object *v = dgs_get(obj, key);

	if (!dgs_is(v, json_type_int) && !dgs_is(v, json_type_double))
		return 0;
	*out = json_object_get_double(v);
	return 1;
}
