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

/*
 * JSON that is plainly not the service's, told by its whole shape, not
 * by its member names alone (a schema of a team's own tooling may well
 * describe "schema", "table" and "column"): a JSON Schema, whose members
 * are all JSON Schema keywords, "$schema" a string among them, and one
 * that describes a value; and what dgslint --print-config -f json writes
 * (its members all among its settings, "file" a string, "rules" an array,
 * "excluded" a boolean).  --print-schema's output is a JSON Schema.
 */
static const char *const schema_keywords[] = {
	"$schema", "$id", "$ref", "$defs", "$anchor", "$dynamicRef",
	"$dynamicAnchor", "$vocabulary", "$comment", "definitions", "title",
	"description", "default", "examples", "deprecated", "readOnly",
	"writeOnly", "type", "enum", "const", "properties",
	"patternProperties", "additionalProperties", "required", "items",
	"prefixItems", "additionalItems", "contains", "minContains",
	"maxContains", "minItems", "maxItems", "uniqueItems", "minProperties",
	"maxProperties", "propertyNames", "dependentRequired",
	"dependentSchemas", "dependencies", "allOf", "anyOf", "oneOf", "not",
	"if", "then", "else", "format", "minimum", "maximum",
	"exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength",
	"maxLength", "pattern", "contentEncoding", "contentMediaType",
	"contentSchema", "unevaluatedItems", "unevaluatedProperties", NULL
};
/* The keywords of those that describe a value. */
static const char *const schema_describes[] = {
	"$ref", "$defs", "definitions", "type", "enum", "const", "properties",
	"items", "allOf", "anyOf", "oneOf", NULL
};
static const char *const print_config_members[] = {
	"file", "configuration", "kind", "license", "failOn", "generators",
	"presets", "schema", "schemaBefore", "service", "ruleUrl", "excluded",
	"rules", "overrides", NULL
};

/* Whether every member of o is one of words (exactly), and one of
 * describes is there. */
static int
members_all(struct json_object *o, const char *const *words,
    const char *const *describes)
{
	struct lh_entry *e;
	const char *key;
	size_t i;
	int found = 0;

	for (e = json_object_get_object(o)->head; e != NULL; e = e->next) {
		key = (const char *)lh_entry_k(e);
		for (i = 0; words[i] != NULL && strcmp(words[i], key) != 0; i++)
			continue;
		if (words[i] == NULL)
			return 0;
		for (i = 0; describes[i] != NULL; i++)
			found |= strcmp(describes[i], key) == 0;
	}
	return found;
}

static int
member_is_type(struct json_object *o, const char *name, json_type t)
{
	struct json_object *v;

	return json_object_object_get_ex(o, name, &v) &&
	    json_object_is_type(v, t);
}

static int
plainly_other(struct json_object *root)
{
	static const char *const config_describes[] = { "rules", NULL };

	if (!json_object_is_type(root, json_type_object))
		return 0;
	if (member_is_type(root, "$schema", json_type_string) &&
	    members_all(root, schema_keywords, schema_describes))
		return 1;
	return member_is_type(root, "file", json_type_string) &&
	    member_is_type(root, "rules", json_type_array) &&
	    member_is_type(root, "excluded", json_type_boolean) &&
	    members_all(root, print_config_members, config_describes);
}

int
dgs_detect_service_like(struct json_object *root)
{
	struct lh_entry *e;
	size_t i, n;

	if (plainly_other(root))
		return 0;
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
