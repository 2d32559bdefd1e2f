/*
 * catalog_load.c: the loaders of a saved GET /api/GeneratorMetadata
 * response (dgs_options_load_generators()) and of a saved preset list
 * (dgs_options_load_presets()), strict about their shape: an unusable
 * file is refused with a message naming the element at fault, and the
 * options keep what they had.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "catalog.h"
#include "dgs_json.h"

static void
loaded_free(struct loaded_gen *lg)
{
	size_t k;

	free(lg->id);
	free(lg->label);
	if (lg->fallbacks != NULL)
		for (k = 0; lg->fallbacks[k] != NULL; k++)
			free(lg->fallbacks[k]);
	free(lg->fallbacks);
}

static void
gen_table_free(struct dgs_gen_table *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->n; i++)
		loaded_free(&t->v[i]);
	free(t->ids);
	free(t);
}

static void
preset_table_free(struct dgs_preset_table *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->n; i++) {
		free(t->v[i].id);
		free(t->v[i].name);
		free(t->v[i].generator_id);
	}
	free(t);
}

/* Frees what the loaders attached to the options: their catalog_free,
 * called by dgs_options_free(). */
static void
dgs_catalog_free(struct dgs_options *o)
{
	gen_table_free(o->generators);
	preset_table_free(o->presets);
	o->generators = NULL;
	o->presets = NULL;
}

/* Sets the options' last error message and returns rc.  The message
 * quotes ids from the file: callers print it as it is, so the file's
 * control characters and bytes that are not UTF-8 are made visible. */
static int
fail(struct dgs_options *o, const char **why, int rc, const char *fmt, ...)
    DGS_PRINTF(4, 5);

static int
fail(struct dgs_options *o, const char **why, int rc, const char *fmt, ...)
{
	struct dgs_buf raw = { 0 }, b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	dgs_buf_vaddf(&raw, fmt, ap);
	va_end(ap);
	if (raw.oom)
		b.oom = 1;
	else
		dgs_buf_add_clean(&b, raw.s, 1);
	dgs_buf_free(&raw);
	free(o->why);
	o->why = b.oom ? NULL : b.s;
	if (b.oom)
		dgs_buf_free(&b);
	if (why != NULL)
		*why = o->why != NULL ? o->why : "out of memory";
	return rc;
}

/* Parses buf as one JSON array, strictly. */
static struct json_object *
parse_array(struct dgs_options *o, const char *buf, size_t len,
    const char *what, const char **why, int *rc)
{
	struct json_object *root;
	const char *fault = NULL;
	unsigned long line = 0, col = 0;

	*rc = 0;
	switch (dgs_json_parse_text(buf, len, &root, &fault, &line, &col)) {
	case 0:
		break;
	case DGS_JSON_EMPTY:
		*rc = fail(o, why, DGS_ECONFIG, "the file is empty; expected "
		    "an array of %s", what);
		return NULL;
	case DGS_JSON_TOO_LARGE:
		*rc = fail(o, why, DGS_ECONFIG, "the file is too large");
		return NULL;
	case DGS_JSON_SYNTAX:
		*rc = fail(o, why, DGS_ECONFIG, "not valid JSON: %s at line "
		    "%lu, column %lu", fault, line, col);
		return NULL;
	default:
		*rc = fail(o, why, DGS_ENOMEM, "out of memory");
		return NULL;
	}
	if (!json_object_is_type(root, json_type_array)) {
		*rc = fail(o, why, DGS_ECONFIG, "expected an array of %s, "
		    "not %s", what, dgs_type_words(root));
		json_object_put(root);
		return NULL;
	}
	return root;
}

/* Reads an optional boolean member into *out (left alone when absent or
 * null).  Returns 0, or -1 when it has another type. */
static int
opt_bool(struct json_object *e, const char *key, unsigned char *out)
{
	struct json_object *v;

	if (!json_object_object_get_ex(e, key, &v) || v == NULL)
		return 0;
	if (!json_object_is_type(v, json_type_boolean))
		return -1;
	*out = json_object_get_boolean(v) ? DGS_YES : DGS_NO;
	return 0;
}

static int
id_cmp(const void *a, const void *b)
{
	const struct loaded_gen *x = a, *y = b;
	int c = strcmp(x->id, y->id);

	/* Equal ids: the later element first, so that it wins. */
	if (c == 0)
		return x->idx < y->idx ? 1 : -1;
	return c;
}

/* Fills one loaded entry from element e (index i).  Returns 0, or an
 * error code after setting the message. */
static int
load_one(struct dgs_options *o, struct json_object *e, size_t i,
    struct loaded_gen *lg, const char **why)
{
	static const struct {
		const char	*key;
		size_t		 off;
	} bools[] = {
		{ "canPartition", offsetof(struct dgs_generator, partition) },
		{ "canPartitionBy",
		    offsetof(struct dgs_generator, partition_by) },
		{ "canLink", offsetof(struct dgs_generator, link) },
		{ "canBeConsistent", offsetof(struct dgs_generator, cons_self) },
		{ "canBeConsistentOn",
		    offsetof(struct dgs_generator, cons_other) },
		{ "isImplicitlyConsistent",
		    offsetof(struct dgs_generator, implicit) },
		{ "canBeDifferentiallyPrivate",
		    offsetof(struct dgs_generator, dp) },
		{ "hasFallback", offsetof(struct dgs_generator, fallback) },
	};
	const struct dgs_generator *base;
	struct json_object *v, *f;
	const char *id, *label;
	size_t k, n;

	if (!json_object_is_type(e, json_type_object))
		return fail(o, why, DGS_ECONFIG, "element %zu: expected a "
		    "generator object, not %s", i, dgs_type_words(e));
	if ((id = dgs_get_str(e, "generatorId")) == NULL || *id == '\0')
		return fail(o, why, DGS_ECONFIG, "element %zu: `generatorId` "
		    "must be a non-empty string", i);
	label = dgs_get_str(e, "generatorLabel");
	if (json_object_object_get_ex(e, "generatorLabel", &v) && v != NULL &&
	    label == NULL)
		return fail(o, why, DGS_ECONFIG, "element %zu (%s): "
		    "`generatorLabel` must be a string", i, id);
	if ((base = dgs_gen_builtin_find(id)) != NULL)
		lg->g = *base;
	else {
		/* A generator this version does not know: allow all. */
		memset(&lg->g, 0, sizeof(lg->g));
		lg->g.comp = DGS_COMP_UNSURE;
		lg->g.partition = lg->g.partition_by = lg->g.link = DGS_UNSURE;
		lg->g.cons_self = lg->g.cons_other = DGS_UNSURE;
		lg->g.dp = lg->g.fallback = DGS_UNSURE;
		lg->g.implicit = DGS_NO;
		lg->g.open = 1;
		lg->g.source = DGS_SRC_LOADED;
	}
	for (k = 0; k < sizeof(bools) / sizeof(bools[0]); k++)
		if (opt_bool(e, bools[k].key,
		    (unsigned char *)&lg->g + bools[k].off) != 0)
			return fail(o, why, DGS_ECONFIG, "element %zu (%s): "
			    "`%s` must be true or false", i, id,
			    bools[k].key);
	if ((lg->id = dgs_strdup(id)) == NULL ||
	    (label != NULL && (lg->label = dgs_strdup(label)) == NULL))
		return fail(o, why, DGS_ENOMEM, "out of memory");
	lg->g.id = lg->id;
	lg->g.label = lg->label != NULL ? lg->label :
	    base != NULL ? base->label : lg->id;
	lg->g.inferred = 0;
	if (json_object_object_get_ex(e, "fallbackGeneratorIds", &v) &&
	    v != NULL) {
		if (!json_object_is_type(v, json_type_array))
			return fail(o, why, DGS_ECONFIG, "element %zu (%s): "
			    "`fallbackGeneratorIds` must be an array of "
			    "strings", i, id);
		n = json_object_array_length(v);
		/* An empty list restricts nothing. */
		lg->g.fallback_ids = NULL;
		if (n > 0) {
			if ((lg->fallbacks = calloc(n + 1,
			    sizeof(*lg->fallbacks))) == NULL)
				return fail(o, why, DGS_ENOMEM,
				    "out of memory");
			for (k = 0; k < n; k++) {
				f = json_object_array_get_idx(v, k);
				if (!json_object_is_type(f, json_type_string))
					return fail(o, why, DGS_ECONFIG,
					    "element %zu (%s): "
					    "`fallbackGeneratorIds` must be "
					    "an array of strings", i, id);
				if ((lg->fallbacks[k] = dgs_strdup(
				    json_object_get_string(f))) == NULL)
					return fail(o, why, DGS_ENOMEM,
					    "out of memory");
			}
			lg->g.fallback_ids =
			    (const char *const *)lg->fallbacks;
		}
	}
	return 0;
}

/* What both loaders do first: check the arguments, refuse options that
 * share their catalogues, parse the array into *root, and allocate the
 * table, zeroed: head bytes, then one element of size bytes for each of
 * the array's *n elements.  Returns the table, or NULL with *rc set. */
static void *
load_start(struct dgs_options *o, const char *buf, size_t len,
    const char *what, size_t head, size_t size, struct json_object **root,
    size_t *n, const char **why, int *rc)
{
	void *t;

	if (why != NULL)
		*why = NULL;
	if (o == NULL || (buf == NULL && len > 0)) {
		*rc = DGS_EINVAL;
		return NULL;
	}
	if (o->shared) {
		*rc = fail(o, why, DGS_EINVAL, "these options share the "
		    "catalogues of the ones they were copied from; load into "
		    "those");
		return NULL;
	}
	o->catalog_free = dgs_catalog_free;
	if ((*root = parse_array(o, buf, len, what, why, rc)) == NULL)
		return NULL;
	*n = json_object_array_length(*root);
	if (*n > (SIZE_MAX - head) / size ||
	    (t = calloc(1, head + *n * size)) == NULL) {
		json_object_put(*root);
		*rc = fail(o, why, DGS_ENOMEM, "out of memory");
		return NULL;
	}
	return t;
}

int
dgs_options_load_generators(struct dgs_options *o, const char *buf,
    size_t len, const char **why)
{
	struct json_object *root;
	struct dgs_gen_table *t;
	size_t i, j, n;
	int rc;

	if ((t = load_start(o, buf, len, "generator metadata objects (the GET "
	    "/api/GeneratorMetadata response)", offsetof(struct dgs_gen_table,
	    v), sizeof(t->v[0]), &root, &n, why, &rc)) == NULL)
		return rc;
	for (i = 0; i < n; i++) {
		t->n = i + 1;
		t->v[i].idx = i;
		if ((rc = load_one(o, json_object_array_get_idx(root, i), i,
		    &t->v[i], why)) != 0) {
			gen_table_free(t);
			json_object_put(root);
			return rc;
		}
	}
	json_object_put(root);
	/* By id, the latest of equal ids first; keep the first of each. */
	if (n > 1)
		qsort(t->v, n, sizeof(*t->v), id_cmp);
	for (i = j = 0; i < n; i++) {
		if (j > 0 && strcmp(t->v[j - 1].id, t->v[i].id) == 0)
			loaded_free(&t->v[i]);
		else
			t->v[j++] = t->v[i];
	}
	t->n = j;
	if (j > 0 && (t->ids = calloc(j, sizeof(*t->ids))) == NULL) {
		gen_table_free(t);
		return fail(o, why, DGS_ENOMEM, "out of memory");
	}
	for (i = 0; i < j; i++)
		t->ids[i] = t->v[i].id;
	gen_table_free(o->generators);
	o->generators = t;
	return 0;
}

static int
preset_cmp(const void *a, const void *b)
{
	const struct dgs_preset *x = a, *y = b;

	return strcmp(x->id, y->id);
}

int
dgs_options_load_presets(struct dgs_options *o, const char *buf,
    size_t len, const char **why)
{
	struct json_object *root, *e, *v;
	struct dgs_preset_table *t;
	const char *id = NULL, *gid = NULL, *name;
	size_t i, n;
	int rc;

	if ((t = load_start(o, buf, len, "generator presets (objects with `id` "
	    "and `generatorId`)", offsetof(struct dgs_preset_table, v),
	    sizeof(t->v[0]), &root, &n, why, &rc)) == NULL)
		return rc;
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(root, i);
		rc = 0;
		if (!json_object_is_type(e, json_type_object))
			rc = fail(o, why, DGS_ECONFIG, "element %zu: expected "
			    "a preset object, not %s", i, dgs_type_words(e));
		else if ((id = dgs_get_str(e, "id")) == NULL || *id == '\0')
			rc = fail(o, why, DGS_ECONFIG, "element %zu: `id` "
			    "must be a non-empty string", i);
		else if ((gid = dgs_get_str(e, "generatorId")) == NULL ||
		    *gid == '\0')
			rc = fail(o, why, DGS_ECONFIG, "element %zu (%s): "
			    "`generatorId` must be a non-empty string", i, id);
		else if (json_object_object_get_ex(e, "name", &v) &&
		    v != NULL && !json_object_is_type(v, json_type_string))
			rc = fail(o, why, DGS_ECONFIG, "element %zu (%s): "
			    "`name` must be a string", i, id);
		if (rc == 0) {
			name = dgs_get_str(e, "name");
			t->n = i + 1;
			if ((t->v[i].id = dgs_strdup(id)) == NULL ||
			    (t->v[i].generator_id = dgs_strdup(gid)) == NULL ||
			    (name != NULL &&
			    (t->v[i].name = dgs_strdup(name)) == NULL))
				rc = fail(o, why, DGS_ENOMEM, "out of memory");
		}
		if (rc != 0) {
			t->n = i + 1;
			preset_table_free(t);
			json_object_put(root);
			return rc;
		}
	}
	json_object_put(root);
	if (n > 1)
		qsort(t->v, n, sizeof(*t->v), preset_cmp);
	preset_table_free(o->presets);
	o->presets = t;
	return 0;
}
