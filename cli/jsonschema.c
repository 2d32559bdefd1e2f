/*
 * jsonschema.c: dgslint --print-schema KIND, a JSON Schema (draft
 * 2020-12) of a kind of document, for editors without a language-server
 * client (VS Code's json.schemas, for one).  It is made from what
 * dgs_kind_root() gives, which the library reads from the shapes its
 * rules check documents with, and from the generator catalogue of the
 * options (--generators included): never from a copy kept by hand.
 *
 * What it says: the objects of the document, their members' types,
 * which are required, the values of enumerations (strictMode, issueCode,
 * resolutionOption; generatorId as examples), strings that must not be
 * empty, the settings of each generator in a link's metadata.  A member
 * the shapes do not know is rejected, as
 * unknown-member reports it, except in metadata, where a generator's own
 * settings may be more than the catalogue lists.  The other rules (ids,
 * consistency, capabilities...) are dgslint's, not the schema's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cli.h"
#include "settings/config.h"
#include "format/output.h"

#define SCHEMA_DIALECT	"https://json-schema.org/draft/2020-12/schema"

struct defs {
	const struct dgs_object_info	*v[32];
	size_t				 n;
};

static size_t
def_index(struct defs *d, const struct dgs_object_info *o)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		if (d->v[i] == o)
			return i;
	if (d->n == sizeof(d->v) / sizeof(d->v[0]))
		return 0;
	d->v[d->n] = o;
	return d->n++;
}

/* The name of an object's definition: its what, in camel case. */
static char *
def_name(const struct dgs_object_info *o)
{
	const char *w = o->what;
	char *s = xmalloc(strlen(w) + 1), *q = s;
	int up = 0;

	if (strncmp(w, "a ", 2) == 0)
		w += 2;
	else if (strncmp(w, "the ", 4) == 0)
		w += 4;
	for (; *w != '\0'; w++) {
		if ((*w >= 'a' && *w <= 'z') || (*w >= 'A' && *w <= 'Z') ||
		    (*w >= '0' && *w <= '9')) {
			*q++ = up && *w >= 'a' && *w <= 'z' ? (char)(*w - 32) :
			    *w;
			up = 0;
		} else
			up = q != s;
	}
	*q = '\0';
	return s;
}

static json_object *
ref(struct defs *d, const struct dgs_object_info *o)
{
	json_object *r = json_object_new_object();
	char *name = def_name(o), buf[128];

	(void)def_index(d, o);
	snprintf(buf, sizeof(buf), "#/$defs/%s", name);
	free(name);
	json_object_object_add(r, "$ref", json_object_new_string(buf));
	return r;
}

static json_object *
type_of(unsigned types)
{
	json_object *a = json_object_new_array();

	if (types & DGS_JSON_NULL)
		json_object_array_add(a, json_object_new_string("null"));
	if (types & DGS_JSON_BOOLEAN)
		json_object_array_add(a, json_object_new_string("boolean"));
	if (types & DGS_JSON_DOUBLE)
		json_object_array_add(a, json_object_new_string("number"));
	else if (types & DGS_JSON_INTEGER)
		json_object_array_add(a, json_object_new_string("integer"));
	if (types & DGS_JSON_OBJECT)
		json_object_array_add(a, json_object_new_string("object"));
	if (types & DGS_JSON_ARRAY)
		json_object_array_add(a, json_object_new_string("array"));
	if (types & DGS_JSON_STRING)
		json_object_array_add(a, json_object_new_string("string"));
	return a;
}

static json_object *
values_of(const char *const *values, int null)
{
	json_object *e = json_object_new_array();
	size_t i;

	for (i = 0; values[i] != NULL; i++)
		json_object_array_add(e, json_object_new_string(values[i]));
	if (null)
		json_object_array_add(e, NULL);
	return e;
}

/* One member's value. */
static json_object *
member_schema(struct defs *d, const struct dgs_member_info *m)
{
	json_object *s = json_object_new_object(), *any, *a, *o;

	if (m->hint != NULL)
		json_object_object_add(s, "description",
		    json_object_new_string(m->hint));
	if (m->ignored || m->types == 0)
		return s;
	if (m->object == NULL) {
		json_object_object_add(s, "type", type_of(m->types));
		if (m->nonempty && (m->types & DGS_JSON_STRING))
			json_object_object_add(s, "minLength",
			    json_object_new_int(1));
		if (m->values != NULL)
			json_object_object_add(s, "enum", values_of(m->values,
			    (m->types & DGS_JSON_NULL) != 0));
		return s;
	}
	any = json_object_new_array();
	if (m->array) {
		a = json_object_new_object();
		json_object_object_add(a, "type",
		    json_object_new_string("array"));
		json_object_object_add(a, "items", ref(d, m->object));
		json_object_array_add(any, a);
	}
	if (m->keyed) {
		o = json_object_new_object();
		json_object_object_add(o, "type",
		    json_object_new_string("object"));
		json_object_object_add(o, "additionalProperties",
		    ref(d, m->object));
		json_object_array_add(any, o);
	}
	if (!m->array && !m->keyed)
		json_object_array_add(any, ref(d, m->object));
	if (m->types & DGS_JSON_NULL) {
		a = json_object_new_object();
		json_object_object_add(a, "type",
		    json_object_new_string("null"));
		json_object_array_add(any, a);
	}
	json_object_object_add(s, "anyOf", any);
	return s;
}

/* generatorId's values and each generator's settings: an if/then a
 * generator. */
static void
generator_parts(const struct dgs_options *opts, json_object *props,
    json_object *def)
{
	struct dgs_generator_info g;
	struct dgs_member_info m;
	json_object *ids, *all, *cond, *iff, *ip, *c, *then, *tp, *req, *gid;
	size_t i, k;

	ids = json_object_new_array();
	all = json_object_new_array();
	for (i = 0; dgs_generator_get(opts, i, &g) == 0; i++) {
		json_object_array_add(ids, json_object_new_string(g.id));
		tp = NULL;
		for (k = 0; dgs_generator_setting(opts, g.id, k, &m) == 0;
		    k++) {
			if (tp == NULL)
				tp = json_object_new_object();
			c = json_object_new_object();
			if (m.types != 0)
				json_object_object_add(c, "type",
				    type_of(m.types | DGS_JSON_NULL));
			/* dgslint compares these without regard to
			 * case: examples, not an enumeration. */
			if (m.values != NULL)
				json_object_object_add(c, "examples",
				    values_of(m.values, 0));
			json_object_object_add(tp, m.name, c);
		}
		if (tp == NULL)
			continue;
		cond = json_object_new_object();
		iff = json_object_new_object();
		ip = json_object_new_object();
		c = json_object_new_object();
		json_object_object_add(c, "const", json_object_new_string(g.id));
		json_object_object_add(ip, "generatorId", c);
		json_object_object_add(iff, "properties", ip);
		req = json_object_new_array();
		json_object_array_add(req,
		    json_object_new_string("generatorId"));
		json_object_object_add(iff, "required", req);
		then = json_object_new_object();
		json_object_object_add(then, "properties", tp);
		json_object_object_add(cond, "if", iff);
		json_object_object_add(cond, "then", then);
		json_object_array_add(all, cond);
	}
	/* A generator the catalogue lacks is generator-unlisted's, which is
	 * not at warning level: any id is a string here, and the known ones
	 * are offered as examples. */
	if (json_object_object_get_ex(props, "generatorId", &gid))
		json_object_object_add(gid, "examples", ids);
	else
		json_object_put(ids);
	if (json_object_array_length(all) > 0)
		json_object_object_add(def, "allOf", all);
	else
		json_object_put(all);
}

static json_object *
object_schema(struct defs *d, const struct dgs_object_info *o,
    const struct dgs_options *opts)
{
	json_object *s = json_object_new_object(), *props, *req;
	size_t i;

	json_object_object_add(s, "description",
	    json_object_new_string(o->what));
	json_object_object_add(s, "type", json_object_new_string("object"));
	props = json_object_new_object();
	req = json_object_new_array();
	for (i = 0; o->members[i].name != NULL; i++) {
		json_object_object_add(props, o->members[i].name,
		    member_schema(d, &o->members[i]));
		if (o->members[i].required)
			json_object_array_add(req,
			    json_object_new_string(o->members[i].name));
	}
	json_object_object_add(s, "properties", props);
	if (json_object_array_length(req) > 0)
		json_object_object_add(s, "required", req);
	else
		json_object_put(req);
	if (o->generator_members)
		generator_parts(opts, props, s);
	else
		json_object_object_add(s, "additionalProperties",
		    json_object_new_boolean(0));
	return s;
}

/*
 * --print-schema config: a JSON Schema of .dgslint.json, made from the
 * table of keys that settings/read.c checks configurations with: their
 * types, the values of enumerations (levels, kinds, licenses), rule ids
 * and names as the keys of "rules", the shape of an override, what a
 * key needs.  What only reading can tell (a glob's syntax, a catalogue
 * or snapshot that cannot be read, http:// to another machine) is
 * dgslint's alone.
 */

/* A pattern that matches s in any case: each letter as [Xx]. */
static void
any_case(struct str *b, const char *s)
{
	char c[5] = "[xX]";

	for (; *s != '\0'; s++)
		if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')) {
			c[1] = (char)(*s | 0x20);
			c[2] = (char)(*s & ~0x20);
			str_addn(b, c, 4);
		} else
			str_addn(b, s, 1);
}

static json_object *
jstr(const char *s)
{
	return json_object_new_string(s);
}

static json_object *
typed(const char *type)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "type", jstr(type));
	return o;
}

/* A string, not empty. */
static json_object *
nonempty(void)
{
	json_object *s = typed("string");

	json_object_object_add(s, "minLength", json_object_new_int(1));
	return s;
}

/* A string that matches pat. */
static json_object *
patterned(const char *pat)
{
	json_object *s = typed("string");

	json_object_object_add(s, "pattern", jstr(pat));
	return s;
}

/* An array of items. */
static json_object *
items_of(json_object *items)
{
	json_object *s = typed("array");

	json_object_object_add(s, "items", items);
	return s;
}

/* A reference to #/$defs/name. */
static json_object *
def_ref(const char *name)
{
	json_object *s = json_object_new_object();
	char buf[128];

	snprintf(buf, sizeof(buf), "#/$defs/%s", name);
	json_object_object_add(s, "$ref", jstr(buf));
	return s;
}

/* $defs/level, $defs/rules: every rule's id and name (any case, as
 * dgs_rule_find() takes them), each with its summary, and rule lists as
 * names (rule_words()); $defs/ruleList: "select" and "ignore". */
static void
config_rules_defs(json_object *defs)
{
	const struct dgs_rule_info *r;
	json_object *level, *rules, *props, *p, *list, *a;
	struct str pat = { NULL, 0, 0 }, alt = { NULL, 0, 0 };
	size_t i;
	int sev;

	level = json_object_new_object();
	json_object_object_add(level, "description", jstr("A rule's level: "
	    "off, or the severity of its findings"));
	p = json_object_new_array();
	for (sev = DGS_SEV_OFF; sev <= DGS_SEV_ERROR; sev++)
		json_object_array_add(p, jstr(dgs_severity_name(
		    (enum dgs_severity)sev)));
	json_object_object_add(level, "enum", p);
	json_object_object_add(defs, "level", level);

	rules = typed("object");
	json_object_object_add(rules, "description", jstr("Rule ids (any "
	    "case) or names, and their levels (dgslint --list-rules)"));
	props = json_object_new_object();
	for (i = 0; (r = dgs_rule_get(i)) != NULL; i++) {
		const char *key[2] = { r->id, r->name };
		int k;

		for (k = 0; k < 2; k++) {
			p = def_ref("level");
			json_object_object_add(p, "description",
			    jstr(r->summary));
			json_object_object_add(props, key[k], p);
			if (i > 0 || k > 0)
				str_add(&alt, "|");
			any_case(&alt, key[k]);
		}
	}
	/* A rule list (rule_words()): ids, names or the beginnings of
	 * ids ("DGS3"), separated by commas. */
	str_add(&alt, "|[Dd][Gg][Ss][0-9]{1,2}");
	str_add(&pat, "^(?:");
	str_add(&pat, alt.s);
	str_add(&pat, ")(?:,(?:");
	str_add(&pat, alt.s);
	str_add(&pat, "))*$");
	json_object_object_add(rules, "properties", props);
	json_object_object_add(rules, "propertyNames", patterned(pat.s));
	json_object_object_add(rules, "additionalProperties",
	    def_ref("level"));
	json_object_object_add(defs, "rules", rules);

	/* $defs/ruleList: "select" and "ignore". */
	list = json_object_new_object();
	json_object_object_add(list, "description", jstr("Rule ids (any "
	    "case), names or the beginnings of ids, separated by commas, as "
	    "--select takes them; or an array of such lists"));
	a = json_object_new_array();
	json_object_array_add(a, patterned(pat.s));
	json_object_array_add(a, items_of(patterned(pat.s)));
	json_object_object_add(list, "anyOf", a);
	json_object_object_add(defs, "ruleList", list);
	free(pat.s);
	free(alt.s);
}

/* One of the strings of values (NULL-ended). */
static json_object *
enum_of(const char *const *values)
{
	json_object *s = json_object_new_object(), *a;
	size_t i;

	a = json_object_new_array();
	for (i = 0; values[i] != NULL; i++)
		json_object_array_add(a, jstr(values[i]));
	json_object_object_add(s, "enum", a);
	return s;
}

/* "kinds": glob patterns, and the kind each names. */
static json_object *
kinds_value(void)
{
	json_object *s = typed("object"), *o, *a;
	int kind;

	o = json_object_new_object();
	a = json_object_new_array();
	for (kind = 1; kind < DGS_KIND_MAX; kind++)
		json_object_array_add(a, jstr(dgs_kind_name(
		    (enum dgs_kind)kind)));
	json_object_object_add(o, "enum", a);
	json_object_object_add(s, "additionalProperties", o);
	return s;
}

/* A custom sensitivity rule, as read_sens_rule() (settings/
 * sensitivity.c) reads it. */
static json_object *
sens_rule_value(void)
{
	json_object *o = typed("object"), *a;

	a = json_object_new_object();
	json_object_object_add(a, "name", nonempty());
	json_object_object_add(a, "columnName", nonempty());
	json_object_object_add(a, "generator", nonempty());
	json_object_object_add(a, "dataTypes", items_of(nonempty()));
	json_object_object_add(o, "properties", a);
	a = json_object_new_array();
	json_object_array_add(a, jstr("name"));
	json_object_array_add(a, jstr("columnName"));
	json_object_object_add(o, "required", a);
	json_object_object_add(o, "additionalProperties",
	    json_object_new_boolean(0));
	return o;
}

/* One key's value. */
static json_object *
config_value(const struct config_key *k)
{
	json_object *s;

	switch (k->value) {
	case CV_STRING:
		s = typed("string");
		break;
	case CV_NAME:
	case CV_PATH:
		s = nonempty();
		break;
	case CV_ENUM:
		s = enum_of(k->values);
		break;
	case CV_RULES:
		s = def_ref("rules");
		break;
	case CV_RULE_LIST:
		s = def_ref("ruleList");
		break;
	case CV_KINDS:
		s = kinds_value();
		break;
	case CV_GLOBS:
		s = items_of(typed("string"));
		break;
	case CV_POINTERS:
		/* "" or from '/'; any character after it, newlines too. */
		s = items_of(patterned("^(?:/[\\s\\S]*)?$"));
		break;
	case CV_SENS_RULES:
		s = items_of(sens_rule_value());
		break;
	case CV_OVERRIDES:
		s = items_of(def_ref("override"));
		break;
	case CV_SERVICE:
		/* service_url_check(): http(s)://, a host (no user, no
		 * password), no query nor fragment, no space nor control. */
		s = patterned("^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@:\\u0000-\\u0020"
		    "\\u007f][^/?#@\\u0000-\\u0020\\u007f]*(?:/[^?#\\u0000-"
		    "\\u0020\\u007f]*)?$");
		break;
	case CV_SECONDS:
		s = typed("number");
		json_object_object_add(s, "exclusiveMinimum",
		    json_object_new_int(0));
		json_object_object_add(s, "maximum",
		    json_object_new_int(SERVICE_TIMEOUT_MAX));
		break;
	case CV_PARAM:
		s = patterned("^[A-Za-z0-9._~\\[\\]-]+$");
		break;
	case CV_URL:
		/* rule_url_valid() and http(s) (settings/read.c): the
		 * scheme, "//", a host, then printable ASCII but for
		 * "<>\^`{|}. */
		s = patterned("^[Hh][Tt][Tt][Pp][Ss]?://[!$-.0-;=@-\\[\\]_a-z~]"
		    "[!#-;=?-\\[\\]_a-z~]*$");
		break;
	default:
		s = json_object_new_object();
		break;
	}
	json_object_object_add(s, "description", jstr(k->what));
	return s;
}

/* The keys of a configuration (in_override 0) or of an override, as an
 * object's schema. */
static json_object *
config_object(json_object *s, int in_override, const char *what)
{
	const struct config_key *k;
	json_object *props, *req, *dep, *a, *any, *o;
	size_t i;

	json_object_object_add(s, "description", jstr(what));
	json_object_object_add(s, "type", jstr("object"));
	props = json_object_new_object();
	req = json_object_new_array();
	dep = json_object_new_object();
	for (i = 0; (k = config_key(in_override, i)) != NULL; i++) {
		json_object_object_add(props, k->name, config_value(k));
		if (k->required)
			json_object_array_add(req, jstr(k->name));
		if (k->needs != NULL) {
			a = json_object_new_array();
			json_object_array_add(a, jstr(k->needs));
			json_object_object_add(dep, k->name, a);
		}
	}
	json_object_object_add(s, "properties", props);
	json_object_object_add(s, "additionalProperties",
	    json_object_new_boolean(0));
	if (json_object_array_length(req) > 0)
		json_object_object_add(s, "required", req);
	else
		json_object_put(req);
	if (json_object_object_length(dep) == 0) {
		json_object_put(dep);
		return s;
	}
	json_object_object_add(s, "dependentRequired", dep);
	/* The service names its workspace, by name or by id, not both
	 * (settings/read.c, check_service_keys()). */
	dep = json_object_new_object();
	any = json_object_new_array();
	a = json_object_new_array();
	json_object_array_add(a, jstr("workspace"));
	o = json_object_new_object();
	json_object_object_add(o, "required", a);
	json_object_array_add(any, o);
	a = json_object_new_array();
	json_object_array_add(a, jstr("workspaceId"));
	o = json_object_new_object();
	json_object_object_add(o, "required", a);
	json_object_array_add(any, o);
	o = json_object_new_object();
	json_object_object_add(o, "anyOf", any);
	json_object_object_add(dep, "service", o);
	json_object_object_add(s, "dependentSchemas", dep);
	a = json_object_new_array();
	json_object_array_add(a, jstr("workspace"));
	json_object_array_add(a, jstr("workspaceId"));
	o = json_object_new_object();
	json_object_object_add(o, "required", a);
	json_object_object_add(s, "not", o);
	return s;
}

/* The text of the schema root, laid out, into text; frees root. */
static void
schema_text(json_object *root, struct str *text)
{
	json_tree(text, root, JSON_C_TO_STRING_PRETTY |
	    JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
	str_addn(text, "\n", 1);
	json_object_put(root);
}

/* Writes the schema root on standard output, and frees it; a failed
 * write is exit status 2 at exit (stdout_failed()). */
static int
print_schema(json_object *root)
{
	struct str text = { NULL, 0, 0 };

	schema_text(root, &text);
	errno = 0;
	if (fwrite(text.s, 1, text.len, stdout) != text.len ||
	    fflush(stdout) != 0)
		stdout_failed(errno);
	free(text.s);
	return 0;
}

static json_object *
config_schema(void)
{
	json_object *root, *defs;
	char title[128];

	root = json_object_new_object();
	json_object_object_add(root, "$schema", jstr(SCHEMA_DIALECT));
	snprintf(title, sizeof(title), ".dgslint.json (dgslint %s)",
	    dgs_version());
	json_object_object_add(root, "title", jstr(title));
	defs = json_object_new_object();
	config_rules_defs(defs);
	json_object_object_add(defs, "override", config_object(
	    json_object_new_object(), 1, "An override: rule levels for the "
	    "files it names, or only at its pointers there"));
	(void)config_object(root, 0, "A dgslint configuration, "
	    "dgslint.json(5)");
	json_object_object_add(root, "$defs", defs);
	return root;
}

int
jsonschema_config_text(struct str *text)
{
	schema_text(config_schema(), text);
	return 0;
}

int
jsonschema_print(const char *kind_name, const struct dgs_options *opts)
{
	const struct dgs_object_info *o;
	struct defs d;
	enum dgs_kind k = dgs_kind_from_name(kind_name);
	json_object *root, *any, *a, *defs;
	size_t i, done;
	char *name, id[128];
	int array;

	if (strcmp(kind_name, "config") == 0)
		return print_schema(config_schema());
	if (k == DGS_KIND_UNKNOWN) {
		char list[256], why[96];

		fprintf(stderr, "dgslint: --print-schema: unknown kind '%s' "
		    "(%s; config for .dgslint.json)%s\n", kind_name,
		    words_list(list, sizeof(list), "kind", ", ", -1),
		    words_did_you_mean(why, sizeof(why), kind_name,
		    "print-schema"));
		return 2;
	}
	memset(&d, 0, sizeof(d));
	root = json_object_new_object();
	json_object_object_add(root, "$schema",
	    json_object_new_string(SCHEMA_DIALECT));
	/* No $id: the schema has no address of its own (its references
	 * are within it), and dgslint invents none. */
	snprintf(id, sizeof(id), "%s document (dgslint %s)", dgs_kind_name(k),
	    dgs_version());
	json_object_object_add(root, "title", json_object_new_string(id));
	any = json_object_new_array();
	for (i = 0; (o = dgs_kind_root(k, i, &array)) != NULL; i++) {
		if (array) {
			a = json_object_new_object();
			json_object_object_add(a, "type", json_object_new_string(
			    array == 1 ? "array" : "object"));
			json_object_object_add(a, array == 1 ? "items" :
			    "additionalProperties", ref(&d, o));
			json_object_array_add(any, a);
		} else
			json_object_array_add(any, ref(&d, o));
	}
	json_object_object_add(root, "anyOf", any);
	defs = json_object_new_object();
	/* Definitions found while writing others are written too. */
	for (done = 0; done < d.n; done++) {
		name = def_name(d.v[done]);
		json_object_object_add(defs, name,
		    object_schema(&d, d.v[done], opts));
		free(name);
	}
	json_object_object_add(root, "$defs", defs);
	return print_schema(root);
}
