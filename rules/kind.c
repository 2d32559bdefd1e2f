/*
 * kind.c: tells a document's kind from its shape, and names the kinds of
 * a rule in words (dgs_kinds_words()).  Member names are compared
 * without regard to case, so that a document with a misspelt case is
 * still recognised and its names reported by member-case.
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"

static int
has(struct json_object *o, const char *name)
{
	struct lh_entry *e;

	for (e = json_object_get_object(o)->head; e != NULL; e = e->next)
		if (dgs_strcasecmp((const char *)lh_entry_k(e), name) == 0)
			return 1;
	return 0;
}

/* The kind of one object, or DGS_KIND_UNKNOWN. */
static enum dgs_kind
classify(struct json_object *o)
{
	if (!json_object_is_type(o, json_type_object))
		return DGS_KIND_UNKNOWN;
	/* A preset names its generator at the top; a replacement never
	 * does (it has schema and table there). */
	if (has(o, "generatorId") && !has(o, "schema") && !has(o, "table") &&
	    !has(o, "column"))
		return DGS_KIND_PRESET;
	if (has(o, "links") || has(o, "fallBackLinks") ||
	    has(o, "partitions"))
		return DGS_KIND_REPLACEMENTS;
	if (has(o, "Percent") || has(o, "WhereClause") ||
	    has(o, "IgnoreUpstreamTables"))
		return DGS_KIND_SUBSETTING;
	if (dgs_has(o, "Schema") || dgs_has(o, "Table"))
		return DGS_KIND_SUBSETTING;
	if (has(o, "resolutionOption"))
		return DGS_KIND_RESOLUTION;
	if (has(o, "issueCode"))
		return has(o, "workspaceId") || has(o, "dataType") ?
		    DGS_KIND_RESOLUTION : DGS_KIND_SCHEMA_CHANGES;

	if (has(o, "strictMode") || has(o, "diagnosticLogging"))
		return DGS_KIND_JOB_START;
	if (has(o, "generatorId") && !has(o, "column") && !has(o, "links"))
		return DGS_KIND_PRESET;
	if (has(o, "workspaceId"))
		return DGS_KIND_JOB_START;
	return DGS_KIND_UNKNOWN;
}

/* An object whose values are all replacements: keyed by id. */
static int
keyed_replacements(struct json_object *o)
{
	struct lh_entry *e;
	int n = 0;

	for (e = json_object_get_object(o)->head; e != NULL; e = e->next) {
		if (classify((struct json_object *)lh_entry_v(e)) !=
		    DGS_KIND_REPLACEMENTS)
			return 0;
		n++;
	}
	return n > 0;
}

enum dgs_kind
dgs_detect_kind_element(struct json_object *e)
{
	return classify(e);
}

enum dgs_kind
dgs_detect_kind(struct json_object *root, const char **why)
{
	enum dgs_kind k;
	size_t i, n;

	*why = NULL;
	switch (json_object_get_type(root)) {
	case json_type_array:
		n = json_object_array_length(root);
		for (i = 0; i < n; i++) {
			k = classify(json_object_array_get_idx(root, i));
			if (k != DGS_KIND_UNKNOWN)
				return k;
		}
		*why = n == 0 ? NULL : "no element of this array looks like "
		    "a replacement, a subsetting configuration, a schema "
		    "change or a resolution item";
		return DGS_KIND_UNKNOWN;
	case json_type_object:
		if (has(root, "replacements"))
			return DGS_KIND_REPLACEMENTS;
		/* GET /api/SchemaDiff returns an array: one object with an
		 * issueCode is a resolve request. */
		if (has(root, "issueCode"))
			return DGS_KIND_RESOLUTION;
		if ((k = classify(root)) != DGS_KIND_UNKNOWN)
			return k;
		if (keyed_replacements(root))
			return DGS_KIND_REPLACEMENTS;
		*why = json_object_object_length(root) == 0 ?
		    "the document is an empty object" : "the document's "
		    "members match no kind of service document";
		return DGS_KIND_UNKNOWN;
	default:
		*why = "the document is not an object or an array";
		return DGS_KIND_UNKNOWN;
	}
}

const char *
dgs_kinds_words(unsigned kinds, char *buf, size_t n)
{
	size_t len = 0;
	int k, m = 0;

	if (n == 0)
		return buf;
	snprintf(buf, n, "%s", kinds == 0 ? "every document" : "");
	for (k = 1; kinds != 0 && k < DGS_KIND_MAX && len < n; k++)
		if (kinds & (1u << k))
			len += (size_t)snprintf(buf + len, n - len, "%s%s",
			    m++ ? ", " : "", dgs_kind_name(k));
	return buf;
}

/*
 * Whether a document that tells no kind is still one of the service's,
 * damaged (DGS201), or other JSON (package.json, tsconfig.json, GeoJSON)
 * that dgslint leaves alone.  What every kind has in common is its
 * vocabulary: the member names of the shapes (dgs_nodes[]).  A member
 * tells when its name is one of them, in any case or one edit away, but
 * for the words any JSON may carry (name, id, type...); of those, two of
 * schema, table, column and percent together tell (in any case, or one
 * edit away).  The members looked at are the
 * document's own, its elements' when it is an array, and its values'
 * when they are objects (replacements keyed by id).
 */
static const char *const common_words[] = {
	"id", "name", "description", "metadata", "path", "type", "schema",
	"table", "column", "dataType", "Percent", "createdDate",
	"lastModifiedDate", NULL
};

static int
common(const char *name)
{
	size_t i;

	for (i = 0; common_words[i] != NULL; i++)
		if (dgs_strcasecmp(common_words[i], name) == 0)
			return 1;
	return 0;
}

static void
lower_copy(char *dst, const char *src)
{
	while ((*dst++ = (char)(*src >= 'A' && *src <= 'Z' ? *src + 32 :
	    *src)) != '\0')
		src++;
}

/* Whether key is one of the service's telling names, in any case or one
 * edit away (a name of four letters or more). */
static int
telling(const char *key)
{
	const struct dgs_member *m;
	size_t n, klen = strlen(key), mlen;
	char lk[65], lm[65];

	if (klen > 64)
		return 0;
	lower_copy(lk, key);
	for (n = 0; n < DGS_NODE_MAX; n++) {
		if (dgs_nodes[n].shape == NULL)
			continue;
		for (m = dgs_nodes[n].shape->members; m->name != NULL; m++) {
			if (common(m->name) || (mlen = strlen(m->name)) > 64)
				continue;
			lower_copy(lm, m->name);
			if (strcmp(lk, lm) == 0)
				return 1;
			if (klen >= 4 && mlen >= 4 && !common(key) &&
			    (klen > mlen ? klen - mlen : mlen - klen) <= 1 &&
			    dgs_edit_distance(lk, lm, 1) <= 1)
				return 1;
		}
	}
	return 0;
}

/* Whether key is, in any case or one edit away (five letters or more),
 * one of the words of tables that the kinds share. */
static int
table_word(const char *key)
{
	static const char *const words[] = { "schema", "table", "column",
	    "percent", NULL };
	size_t i, klen = strlen(key), wlen;
	char lk[65];

	if (klen > 64)
		return 0;
	lower_copy(lk, key);
	for (i = 0; words[i] != NULL; i++) {
		wlen = strlen(words[i]);
		if (strcmp(lk, words[i]) == 0 || (klen >= 5 &&
		    (klen > wlen ? klen - wlen : wlen - klen) <= 1 &&
		    dgs_edit_distance(lk, words[i], 1) <= 1))
			return 1;
	}
	return 0;
}

/* Whether the members of o tell a service document. */
static int
object_tells(struct json_object *o)
{
	struct lh_entry *e;
	const char *key;
	int pair = 0;

	if (!json_object_is_type(o, json_type_object))
		return 0;
	if (has(o, "replacements") || has(o, "issueCode"))
		return 1;
	for (e = json_object_get_object(o)->head; e != NULL; e = e->next) {
		key = (const char *)lh_entry_k(e);
		if (telling(key))
			return 1;
		pair += table_word(key);
	}
	return pair >= 2;
}

int
dgs_detect_service_like(struct json_object *root)
{
	struct lh_entry *e;
	size_t i, n;

	switch (json_object_get_type(root)) {
	case json_type_array:
		n = json_object_array_length(root);
		for (i = 0; i < n; i++)
			if (object_tells(json_object_array_get_idx(root, i)))
				return 1;
		return 0;
	case json_type_object:
		if (object_tells(root))
			return 1;
		for (e = json_object_get_object(root)->head; e != NULL;
		    e = e->next)
			if (object_tells((struct json_object *)lh_entry_v(e)))
				return 1;
		return 0;
	default:
		return 0;
	}
}
