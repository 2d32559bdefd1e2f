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
