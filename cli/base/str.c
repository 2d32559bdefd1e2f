/*
 * str.c: the growing string of cli/ (struct str), and the JSON text of a
 * json-c tree written into one, as the reports write their strings.
 */
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "base.h"

void
str_addn(struct str *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void
str_add(struct str *b, const char *s)
{
	str_addn(b, s, strlen(s));
}

static void
str_json(struct str *b, const char *s, size_t n)
{
	char *q;
	size_t len;

	if ((q = dgs_json_quote(s, n, &len)) == NULL)
		die_errno();
	str_addn(b, q, len);
	free(q);
}

static void
indent(struct str *b, int level, int flags)
{
	if (flags & JSON_C_TO_STRING_PRETTY)
		while (level-- > 0)
			str_addn(b, "  ", 2);
}

/* json-c's layout (json_object.c of json-c 0.16), with dgslint's
 * strings. */
static void
tree(struct str *b, struct json_object *o, int level, int flags)
{
	int pretty = flags & JSON_C_TO_STRING_PRETTY;
	int spaced = (flags & JSON_C_TO_STRING_SPACED) && !pretty;
	const char *t;
	size_t i, n;
	int any = 0;

	switch (json_object_get_type(o)) {
	case json_type_string:
		str_json(b, json_object_get_string(o),
		    (size_t)json_object_get_string_len(o));
		return;
	case json_type_object:
		str_addn(b, "{", 1);
		json_object_object_foreach(o, key, val) {
			if (any)
				str_addn(b, ",", 1);
			if (pretty)
				str_addn(b, "\n", 1);
			any = 1;
			if (spaced)
				str_addn(b, " ", 1);
			indent(b, level + 1, flags);
			str_json(b, key, strlen(key));
			if (flags & JSON_C_TO_STRING_SPACED)
				str_addn(b, ": ", 2);
			else
				str_addn(b, ":", 1);
			tree(b, val, level + 1, flags);
		}
		if (pretty) {
			str_addn(b, "\n", 1);
			indent(b, level, flags);
		}
		str_add(b, spaced ? " }" : "}");
		return;
	case json_type_array:
		str_addn(b, "[", 1);
		n = json_object_array_length(o);
		for (i = 0; i < n; i++) {
			if (i > 0)
				str_addn(b, ",", 1);
			if (pretty)
				str_addn(b, "\n", 1);
			if (spaced)
				str_addn(b, " ", 1);
			indent(b, level + 1, flags);
			tree(b, json_object_array_get_idx(o, i), level + 1,
			    flags);
		}
		if (pretty) {
			str_addn(b, "\n", 1);
			indent(b, level, flags);
		}
		str_add(b, spaced ? " ]" : "]");
		return;
	default:
		/* null, booleans and numbers: json-c's own text, ASCII. */
		t = o == NULL ? "null" : json_object_to_json_string_ext(o, flags);
		str_add(b, t);
		return;
	}
}

void
json_tree(struct str *b, struct json_object *o, int flags)
{
	tree(b, o, 0, flags);
}

const char *
mstr(struct json_object *o, const char *name)
{
	struct json_object *v;

	return json_object_object_get_ex(o, name, &v) &&
	    json_object_is_type(v, json_type_string) ?
	    json_object_get_string(v) : NULL;
}

size_t
mnum(struct json_object *o, const char *name)
{
	struct json_object *v;

	return json_object_object_get_ex(o, name, &v) ?
	    (size_t)json_object_get_int64(v) : 0;
}

struct json_object *
marr(struct json_object *o, const char *name)
{
	struct json_object *v;

	return json_object_object_get_ex(o, name, &v) &&
	    json_object_is_type(v, json_type_array) ? v : NULL;
}
