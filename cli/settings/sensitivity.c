/*
 * sensitivity.c: the keys of a configuration that mark columns
 * sensitive or not, by hand ("notSensitive", "sensitive", as Tonic's
 * Privacy Hub does:
 * https://docs.tonic.ai/app/generation/identify-sensitive-data/sensitivity-set-manually)
 * or by custom sensitivity rules ("sensitivityRules":
 * https://docs.tonic.ai/app/generation/identify-sensitive-data/custom-sensitivity-rules).
 */
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../cli.h"
#include "loader.h"

/* "notSensitive" and "sensitive": globs on schema.table.column. */
void
read_marks(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const struct config_key *k)
{
	if (strcmp(k->name, "sensitive") == 0)
		c->sensitive = read_globs(ld, v, ptr, k->name,
		    &c->nsensitive);
	else
		c->not_sensitive = read_globs(ld, v, ptr, k->name,
		    &c->nnot_sensitive);
}

/* The n strings of v, and v. */
void
strings_free(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void
sens_rule_free(struct sens_rule *r)
{
	strings_free(r->types, r->ntypes);
	free(r->name);
	free(r->generator);
	free(r->at);
	pcre2_code_free(r->re);
	memset(r, 0, sizeof(*r));
}

/* One member of a custom sensitivity rule, as Tonic's rule has it
 * (https://docs.tonic.ai/app/generation/identify-sensitive-data/custom-sensitivity-rules). */
static const char *const sens_rule_members[] = {
	"name", "columnName", "dataTypes", "generator"
};
#define NSENS_MEMBERS	(sizeof(sens_rule_members) / \
	sizeof(sens_rule_members[0]))

/* A custom rule's "dataTypes" (v, at q) into r: strings, not empty; 0,
 * or -1 after saying what is wrong. */
static int
read_data_types(struct loader *ld, struct json_object *v, const char *q,
    struct sens_rule *r)
{
	struct json_object *t;
	char *qi;

	if (!json_object_is_type(v, json_type_array)) {
		config_error(ld, q, 0, "\"dataTypes\" must be an array of data "
		    "types, as the snapshot spells them");
		return -1;
	}
	r->types = xcalloc(json_object_array_length(v) + 1,
	    sizeof(*r->types));
	for (r->ntypes = 0; r->ntypes < json_object_array_length(v);
	    r->ntypes++) {
		t = json_object_array_get_idx(v, r->ntypes);
		if (json_object_is_type(t, json_type_string) &&
		    json_object_get_string_len(t) > 0) {
			r->types[r->ntypes] = xstrdup(json_object_get_string(t));
			continue;
		}
		qi = ptr_index(q, r->ntypes);
		config_error(ld, qi, 0, "a data type must be a string, not "
		    "empty");
		free(qi);
		return -1;
	}
	return 0;
}

/* Member key of a custom rule (v, at q) into r; 0, or -1 after saying
 * what is wrong. */
static int
read_sens_member(struct loader *ld, const char *key, struct json_object *v,
    const char *q, struct sens_rule *r)
{
	const char *best;
	char msg[256];
	PCRE2_SIZE off;
	size_t i;
	int err;

	for (i = 0; i < NSENS_MEMBERS && strcmp(key, sens_rule_members[i]) !=
	    0; i++)
		continue;
	if (i == NSENS_MEMBERS) {
		best = dgs_suggest(key, sens_rule_members, NSENS_MEMBERS);
		config_error(ld, q, 1, "unknown member \"%s\" of a sensitivity "
		    "rule%s%s%s", key, best != NULL ? "; did you mean \"" : "",
		    best != NULL ? best : "", best != NULL ? "\"?" : "");
		return -1;
	}
	if (i == 2)
		return read_data_types(ld, v, q, r);
	if (!json_object_is_type(v, json_type_string) ||
	    json_object_get_string_len(v) == 0) {
		config_error(ld, q, 0, "\"%s\" must be a string, not empty",
		    key);
		return -1;
	}
	if (i == 0)
		r->name = xstrdup(json_object_get_string(v));
	else if (i == 1 && (r->re = pcre2_compile((PCRE2_SPTR)
	    json_object_get_string(v), PCRE2_ZERO_TERMINATED, 0, &err, &off,
	    NULL)) == NULL) {
		(void)pcre2_get_error_message(err, (PCRE2_UCHAR *)msg,
		    sizeof(msg));
		config_error(ld, q, 0, "\"columnName\" is no PCRE2 pattern: %s "
		    "at offset %zu", msg, (size_t)off);
		return -1;
	} else if (i == 3) {
		r->generator = xstrdup(json_object_get_string(v));
		r->at = xstrdup(q);
	}
	return 0;
}

/* Rule o (at ptr) into *r; 0, or -1 after saying what is wrong. */
static int
read_sens_rule(struct loader *ld, struct json_object *o, const char *ptr,
    struct sens_rule *r)
{
	struct lh_entry *e;
	char *q;
	int bad = 0;

	if (!json_object_is_type(o, json_type_object)) {
		config_error(ld, ptr, 0, "a sensitivity rule is an object with "
		    "\"name\", \"columnName\" (a PCRE2 pattern), and "
		    "optionally \"dataTypes\" and \"generator\"");
		return -1;
	}
	for (e = json_object_get_object(o)->head; e != NULL; e = e->next) {
		q = ptr_join(ptr, (const char *)lh_entry_k(e));
		if (read_sens_member(ld, (const char *)lh_entry_k(e),
		    (struct json_object *)lh_entry_v(e), q, r) != 0)
			bad = 1;
		free(q);
	}
	if (!bad && (r->name == NULL || r->re == NULL)) {
		config_error(ld, ptr, 0, "a sensitivity rule needs \"%s\"",
		    r->name == NULL ? "name" : "columnName");
		bad = 1;
	}
	/* No JIT: a few patterns on a column's name each, which the
	 * interpreter matches as fast, and whose JIT code valgrind's
	 * memcheck reads as uninitialised (rules/privacy.c). */
	return bad ? -1 : 0;
}

/* "sensitivityRules": Tonic's custom sensitivity rules, in the order
 * they apply (the first that matches a column wins). */
void
read_sens_rules(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const struct config_key *k)
{
	struct sens_rule *r;
	size_t i, n;
	char *p;

	(void)k;
	if (!json_object_is_type(v, json_type_array)) {
		config_error(ld, ptr, 0, "\"sensitivityRules\" must be an "
		    "array of sensitivity rules");
		return;
	}
	n = json_object_array_length(v);
	c->sens_rules = xcalloc(n ? n : 1, sizeof(*c->sens_rules));
	for (i = 0; i < n; i++) {
		r = &c->sens_rules[c->nsens_rules];
		p = ptr_index(ptr, i);
		if (read_sens_rule(ld, json_object_array_get_idx(v, i), p,
		    r) == 0)
			c->nsens_rules++;
		else
			sens_rule_free(r);
		free(p);
	}
}

/* Each custom rule's generator, once the catalogues are read: an id the
 * catalogue knows. */
void
check_sens_generators(struct loader *ld, struct config *c)
{
	struct dgs_generator_info g;
	const char **ids = NULL, *best;
	size_t i, n = 0;

	for (i = 0; i < c->nsens_rules; i++) {
		if (c->sens_rules[i].generator == NULL ||
		    dgs_generator_find(c->base, c->sens_rules[i].generator,
		    &g) == 0)
			continue;
		if (ids == NULL)
			for (; dgs_generator_get(c->base, n, &g) == 0; n++) {
				ids = xrealloc(ids, (n + 1) * sizeof(*ids));
				ids[n] = g.id;
			}
		best = dgs_suggest(c->sens_rules[i].generator, ids, n);
		config_error(ld, c->sens_rules[i].at, 0, "unknown generator "
		    "\"%s\"%s%s%s", c->sens_rules[i].generator, best != NULL ?
		    "; did you mean \"" : "", best != NULL ? best : "",
		    best != NULL ? "\"?" : "");
	}
	free(ids);
}

