/*
 * service.c: the state of a workspace read from the service
 * (dgs_service_*()), for the rules of rules/service.c: the tables that
 * have a subsetting configuration (GET /api/workspace/{id}/subsetting)
 * and the schema changes listed (GET /api/SchemaDiff).
 *
 * The spec shows neither the subsetting list's shape (4.3 rule 1) nor
 * whether a version wraps its lists: an array is read, or an object of
 * which one member is such an array.  Member names are matched without
 * regard to letter case, as the service's own JSON binding does (.NET,
 * domain.md 1.1); a body that is not that is refused with a message
 * naming the element at fault, and the part is then not known.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_json.h"
#include "dgs_service.h"

static void
subsets_free(struct dgs_service_subset *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].schema);
		free(v[i].table);
	}
	free(v);
}

static void
changes_free(struct dgs_service_change *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].schema);
		free(v[i].table);
		free(v[i].column);
		free(v[i].code);
		free(v[i].old_type);
		free(v[i].new_type);
	}
	free(v);
}

struct dgs_service *
dgs_service_new(const char *workspace_id, const char *workspace_name)
{
	struct dgs_service *s;

	if ((s = calloc(1, sizeof(*s))) == NULL)
		return NULL;
	if ((workspace_id != NULL &&
	    (s->workspace_id = dgs_strdup(workspace_id)) == NULL) ||
	    (workspace_name != NULL &&
	    (s->workspace_name = dgs_strdup(workspace_name)) == NULL)) {
		dgs_service_free(s);
		return NULL;
	}
	return s;
}

void
dgs_service_free(struct dgs_service *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < DGS_SERVICE_PARTS; i++)
		free(s->why[i]);
	subsets_free(s->subsets, s->nsubsets);
	changes_free(s->changes, s->nchanges);
	free(s->workspace_id);
	free(s->workspace_name);
	free(s);
}

int
dgs_service_skip(struct dgs_service *s, enum dgs_service_part part,
    const char *why)
{
	char *w;

	if (s == NULL || (unsigned)part >= DGS_SERVICE_PARTS || why == NULL)
		return DGS_EINVAL;
	if ((w = dgs_strdup(why)) == NULL)
		return DGS_ENOMEM;
	free(s->why[part]);
	s->why[part] = w;
	s->known[part] = 0;
	if (part == DGS_SERVICE_SUBSETTING) {
		subsets_free(s->subsets, s->nsubsets);
		s->subsets = NULL;
		s->nsubsets = 0;
	} else {
		changes_free(s->changes, s->nchanges);
		s->changes = NULL;
		s->nchanges = 0;
	}
	return 0;
}

void
dgs_options_set_service(struct dgs_options *o, const struct dgs_service *s)
{
	o->service = s;
}

/*
 * Loading.
 */

/* Sets *why (when why is not NULL) to the message, its quoted text made
 * printable, and returns rc. */
static int
fail(char **why, int rc, const char *fmt, ...) DGS_PRINTF(3, 4);

static int
fail(char **why, int rc, const char *fmt, ...)
{
	struct dgs_buf raw = { 0 }, b = { 0 };
	va_list ap;

	if (why == NULL)
		return rc;
	*why = NULL;
	va_start(ap, fmt);
	dgs_buf_vaddf(&raw, fmt, ap);
	va_end(ap);
	if (!raw.oom)
		dgs_buf_add_clean(&b, raw.s, 1);
	dgs_buf_free(&raw);
	if (raw.oom || b.oom)
		dgs_buf_free(&b);
	else
		*why = b.s;
	return rc;
}

/* The body as one JSON value, strictly; NULL after fail(). */
static struct json_object *
parse(const char *buf, size_t len, char **why, int *rc)
{
	struct json_object *root;
	const char *what = NULL;
	unsigned long line = 0, col = 0;

	switch (dgs_json_parse_text(buf, len, &root, &what, &line, &col)) {
	case 0:
		return root;
	case DGS_JSON_EMPTY:
		*rc = fail(why, DGS_ECONFIG, "the answer is empty, not JSON");
		return NULL;
	case DGS_JSON_TOO_LARGE:
		*rc = fail(why, DGS_ECONFIG, "the answer is too large");
		return NULL;
	case DGS_JSON_SYNTAX:
		*rc = fail(why, DGS_ECONFIG, "the answer is not JSON: %s at "
		    "line %lu, column %lu", what, line, col);
		return NULL;
	default:
		*rc = DGS_ENOMEM;
		return NULL;
	}
}

/* Member name of obj in any letter case: as spelt first. */
static struct json_object *
member(struct json_object *obj, const char *name)
{
	const char *k;

	return dgs_get_anycase(obj, name, &k);
}

/* Whether e is an object with the members that name an element of the
 * list: a string (or null) first, and a non-empty string second. */
static int
element_like(struct json_object *e, const char *first, const char *second)
{
	struct json_object *a = member(e, first), *b = member(e, second);

	return dgs_is(e, json_type_object) && (a == NULL ||
	    dgs_is(a, json_type_string)) && dgs_is(b, json_type_string);
}

/* The array of the list: the root, or the one member of an object that
 * is an array of such elements (empty ones are taken only when no other
 * is).  NULL after fail(). */
static struct json_object *
the_list(struct json_object *root, const char *what, const char *first,
    const char *second, char **why, int *rc)
{
	struct json_object *found = NULL, *empty = NULL, *v;
	struct lh_entry *e;
	const char *name = NULL, *other = NULL;
	size_t i, n;

	if (dgs_is(root, json_type_array))
		return root;
	if (!dgs_is(root, json_type_object)) {
		*rc = fail(why, DGS_ECONFIG, "expected an array of %s, not %s",
		    what, dgs_type_words(root));
		return NULL;
	}
	for (e = json_object_get_object(root)->head; e != NULL; e = e->next) {
		v = (struct json_object *)lh_entry_v(e);
		if (!dgs_is(v, json_type_array))
			continue;
		n = json_object_array_length(v);
		for (i = 0; i < n; i++)
			if (!element_like(json_object_array_get_idx(v, i),
			    first, second))
				break;
		if (i < n)
			continue;
		if (n == 0) {
			empty = v;
			continue;
		}
		if (found != NULL) {
			other = (const char *)lh_entry_k(e);
			break;
		}
		found = v;
		name = (const char *)lh_entry_k(e);
	}
	if (other != NULL) {
		*rc = fail(why, DGS_ECONFIG, "expected an array of %s, or an "
		    "object that holds one, not an object with two (\"%s\" "
		    "and \"%s\")", what, name, other);
		return NULL;
	}
	if (found == NULL && (found = empty) == NULL)
		*rc = fail(why, DGS_ECONFIG, "expected an array of %s, or an "
		    "object that holds one, not an object without one", what);
	return found;
}

/* A string member, "" for null when nullable; 0 when neither. */
static int
get_str(struct json_object *e, const char *name, int nullable,
    const char **out)
{
	struct json_object *v = member(e, name);

	if (dgs_is(v, json_type_string)) {
		*out = json_object_get_string(v);
		return 1;
	}
	if (v == NULL && nullable) {
		*out = "";
		return 1;
	}
	return 0;
}

static int
subset_cmp(const void *a, const void *b)
{
	const struct dgs_service_subset *x = a, *y = b;
	int c = strcmp(x->schema, y->schema);

	return c != 0 ? c : strcmp(x->table, y->table);
}

static int
load_subsets(struct dgs_service *s, struct json_object *list, char **why)
{
	struct dgs_service_subset *v;
	struct json_object *e;
	const char *schema, *table;
	size_t i, n = json_object_array_length(list);

	if ((v = calloc(n ? n : 1, sizeof(*v))) == NULL)
		return DGS_ENOMEM;
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(list, i);
		if (!dgs_is(e, json_type_object) ||
		    !get_str(e, "Schema", 1, &schema) ||
		    !get_str(e, "Table", 0, &table) || *table == '\0') {
			subsets_free(v, i);
			return fail(why, DGS_ECONFIG, "configuration %zu is not "
			    "a subsetting configuration: expected an object "
			    "with \"Table\" (a non-empty string) and "
			    "\"Schema\" (a string), not %s", i,
			    dgs_is(e, json_type_object) ? "that object" :
			    dgs_type_words(e));
		}
		if ((v[i].schema = dgs_strdup(schema)) == NULL ||
		    (v[i].table = dgs_strdup(table)) == NULL) {
			subsets_free(v, i + 1);
			return DGS_ENOMEM;
		}
	}
	qsort(v, n, sizeof(*v), subset_cmp);
	subsets_free(s->subsets, s->nsubsets);
	s->subsets = v;
	s->nsubsets = n;
	return 0;
}

/* Copies member key of e to *out when it is a non-empty string (a data
 * type of a listed change); 0 when memory runs out. */
static int
copy_type(struct json_object *e, const char *key, char **out)
{
	struct json_object *t = member(e, key);

	if (!dgs_is(t, json_type_string) || json_object_get_string_len(t) == 0)
		return 1;
	return (*out = dgs_strdup(json_object_get_string(t))) != NULL;
}

static int
load_changes(struct dgs_service *s, struct json_object *list, char **why)
{
	struct dgs_service_change *v;
	struct json_object *e, *c;
	const char *schema, *table, *code;
	size_t i, n = json_object_array_length(list);

	if ((v = calloc(n ? n : 1, sizeof(*v))) == NULL)
		return DGS_ENOMEM;
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(list, i);
		c = member(e, "columnName");
		if (!dgs_is(e, json_type_object) ||
		    !get_str(e, "schemaName", 1, &schema) ||
		    !get_str(e, "tableName", 0, &table) ||
		    !get_str(e, "issueCode", 0, &code) || *code == '\0' ||
		    (c != NULL && !dgs_is(c, json_type_string))) {
			changes_free(v, i);
			return fail(why, DGS_ECONFIG, "change %zu is not a "
			    "schema change: expected an object with "
			    "\"schemaName\", \"tableName\" and \"issueCode\" "
			    "(strings) and \"columnName\" (a string or null), "
			    "not %s", i, dgs_is(e, json_type_object) ?
			    "that object" : dgs_type_words(e));
		}
		if ((v[i].schema = dgs_strdup(schema)) == NULL ||
		    (v[i].table = dgs_strdup(table)) == NULL ||
		    (v[i].code = dgs_strdup(code)) == NULL ||
		    (c != NULL && json_object_get_string_len(c) > 0 &&
		    (v[i].column = dgs_strdup(json_object_get_string(c))) ==
		    NULL) || !copy_type(e, "oldDataType", &v[i].old_type) ||
		    !copy_type(e, "newDataType", &v[i].new_type)) {
			changes_free(v, i + 1);
			return DGS_ENOMEM;
		}
	}
	changes_free(s->changes, s->nchanges);
	s->changes = v;
	s->nchanges = n;
	return 0;
}

int
dgs_service_load(struct dgs_service *s, enum dgs_service_part part,
    const char *buf, size_t len, char **why)
{
	struct json_object *root, *list;
	int rc = 0;

	if (why != NULL)
		*why = NULL;
	if (s == NULL || (unsigned)part >= DGS_SERVICE_PARTS || buf == NULL)
		return DGS_EINVAL;
	if ((root = parse(buf, len, why, &rc)) == NULL && rc != 0)
		return rc;
	if (part == DGS_SERVICE_SUBSETTING) {
		if ((list = the_list(root, "subsetting configurations",
		    "Schema", "Table", why, &rc)) != NULL)
			rc = load_subsets(s, list, why);
	} else if ((list = the_list(root, "schema changes", "schemaName",
	    "tableName", why, &rc)) != NULL)
		rc = load_changes(s, list, why);
	json_object_put(root);
	if (rc == 0) {
		s->known[part] = 1;
		free(s->why[part]);
		s->why[part] = NULL;
	}
	return rc;
}

/*
 * Lookups.
 */
const struct dgs_service_subset *
dgs_service_subset_find(const struct dgs_service *s, const char *schema,
    const char *table, const struct dgs_service_subset **near)
{
	struct dgs_service_subset key;
	const struct dgs_service_subset *hit;
	size_t i;

	if (near != NULL)
		*near = NULL;
	key.schema = (char *)(uintptr_t)schema;
	key.table = (char *)(uintptr_t)table;
	if (s->nsubsets > 0 && (hit = bsearch(&key, s->subsets, s->nsubsets,
	    sizeof(*s->subsets), subset_cmp)) != NULL)
		return hit;
	if (near != NULL)
		for (i = 0; i < s->nsubsets; i++)
			if (dgs_strcasecmp(s->subsets[i].schema, schema) == 0 &&
			    dgs_strcasecmp(s->subsets[i].table, table) == 0) {
				*near = &s->subsets[i];
				break;
			}
	return NULL;
}
