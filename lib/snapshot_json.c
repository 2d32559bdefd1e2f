/*
 * snapshot_json.c: reading a JSON snapshot, an array of row objects,
 * with json-c, a row at a time into the loader (snap_add_row()).
 */
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "dgs_json.h"
#include "dgs_lex.h"
#include "snapshot_int.h"

/* A member's value as a string: strings as they are, booleans as
 * true/false, null as absent; anything else is a problem. */
static const char *
json_value(struct loader *ld, struct json_object *v, const char *key,
    size_t i)
{
	switch (json_object_get_type(v)) {
	case json_type_null:
		return NULL;
	case json_type_string:
		return json_object_get_string(v);
	case json_type_boolean:
		return json_object_get_boolean(v) ? "true" : "false";
	default:
		snap_fail(ld, i, "\"%s\" is %s; write a string",
		    key, json_type_to_name(json_object_get_type(v)));
		return NULL;
	}
}

/* One row of a JSON snapshot, element i. */
static void
json_row(struct loader *ld, struct json_object *row, size_t i)
{
	struct lh_entry *e;
	const char *v[R_MAX], *names[R_MAX], *key;
	size_t k;
	int r, seen[R_MAX];

	if (!json_object_is_type(row, json_type_object)) {
		snap_fail(ld, i, "a row is an object");
		return;
	}
	if (i == 0) {
		/* The first row's names stand for the header. */
		k = 0;
		for (e = json_object_get_object(row)->head;
		    e != NULL && k < R_MAX; e = e->next) {
			key = (const char *)lh_entry_k(e);
			for (r = 0; r < R_MAX; r++)
				if (snap_caseeq(key, snap_role_names[r]))
					names[k++] = key;
		}
		snap_map_header(ld, names, k, 0, "first row");
		if (snap_stopped(ld))
			return;
	}
	for (r = 0; r < R_MAX; r++) {
		v[r] = NULL;
		seen[r] = 0;
	}
	for (e = json_object_get_object(row)->head; e != NULL; e = e->next) {
		key = (const char *)lh_entry_k(e);
		for (r = 0; r < R_MAX; r++)
			if (!seen[r] && snap_caseeq(key, snap_role_names[r])) {
				seen[r] = 1;
				v[r] = json_value(ld, (struct json_object *)
				    lh_entry_v(e), key, i);
			}
	}
	if (snap_stopped(ld))
		return;
	for (r = 0; r < R_MAX; r++) {
		if (ld->field[r] < 0 || seen[r] || r >= R_NULLABLE)
			continue;
		snap_fail(ld, i, "the row has no \"%s\"", snap_role_names[r]);
		return;
	}
	snap_add_row(ld, v, i, NULL);
}

/* The end of the JSON value at p: past its closing bracket, or at the
 * first comma or closing bracket outside it.  Strings are skipped with
 * their escapes; json-c parses what is between. */
static const char *
value_end(const char *p, const char *end)
{
	int depth = 0;

	for (; p < end; p++) {
		if (*p == '"') {
			for (p++; p < end && *p != '"'; p++)
				if (*p == '\\')
					p++;
			continue;
		}
		if (*p == '{' || *p == '[')
			depth++;
		else if (*p == '}' || *p == ']') {
			if (depth == 0)
				return p;	/* the array's own */
			if (--depth == 0)
				return p + 1;
		} else if (*p == ',' && depth == 0)
			return p;
	}
	return end;
}

static const char *
skip_ws(const char *p, const char *end)
{
	while (p < end && dgs_lex_is_ws((unsigned char)*p))
		p++;
	return p;
}

/*
 * A JSON snapshot is read a row at a time: each element of the array is
 * given to json-c on its own, so that a large snapshot never becomes one
 * tree (json-c's tree takes about ten times the text).
 */
void
snap_load_json(struct loader *ld)
{
	struct json_tokener *tok;
	struct json_object *row;
	const char *p, *q, *end = ld->buf + ld->len;
	size_t i = 0;

	if ((tok = json_tokener_new_ex(DGS_MAX_DEPTH)) == NULL) {
		ld->oom = 1;
		return;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	ld->s->json_rows = 1;
	p = skip_ws(ld->buf, end) + 1;	/* the '[' */
	p = skip_ws(p, end);
	if (p < end && *p == ']')
		p++;
	else
		for (;;) {
			if (p < end && *p != '{' && *p != ',' && *p != ']') {
				/* Not a row: json-c would wait for more of a
				 * number at the end of the slice. */
				ld->json = 1;
				snap_fail(ld, i, "a row is an object");
				ld->json = 0;
				break;
			}
			q = value_end(p, end);
			json_tokener_reset(tok);
			row = q > p && q - p <= INT32_MAX ?
			    json_tokener_parse_ex(tok, p, (int)(q - p)) : NULL;
			if (row == NULL || json_tokener_get_error(tok) !=
			    json_tokener_success || tok->char_offset < q - p) {
				snap_fail(ld, snap_line_at(ld->buf,
				    (size_t)(p - ld->buf) + (q > p ?
				    (size_t)tok->char_offset : 0)),
				    "not JSON: %s", q == p ? "a value is "
				    "missing" : json_tokener_get_error(tok) ==
				    json_tokener_success ? "unexpected "
				    "character" : json_tokener_get_error(tok) ==
				    json_tokener_continue ? "the text ends inside "
				    "a row" : json_tokener_error_desc(
				    json_tokener_get_error(tok)));
				json_object_put(row);
				break;
			}
			ld->json = 1;
			json_row(ld, row, i++);
			ld->json = 0;
			json_object_put(row);
			if (snap_stopped(ld))
				break;
			p = skip_ws(q, end);
			if (p < end && *p == ',') {
				p = skip_ws(p + 1, end);
				continue;
			}
			if (p < end && *p == ']') {
				p++;
				break;
			}
			snap_fail(ld, snap_line_at(ld->buf,
			    (size_t)(p - ld->buf)), "not JSON: %s", p < end ?
			    "expected , or ] after a row" : "the array is not "
			    "closed");
			break;
		}
	json_tokener_free(tok);
	if (!snap_stopped(ld) && (p = skip_ws(p, end)) < end)
		snap_fail(ld, snap_line_at(ld->buf, (size_t)(p - ld->buf)),
		    "text after the snapshot's array");
}

