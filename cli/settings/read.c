/*
 * read.c: reading one .dgslint.json and checking it against the
 * configuration's own schema (see dgslint.json(5)).  The library's JSON
 * layer checks the syntax first; every problem is reported on stderr,
 * located at the line and column of the value at fault, and the
 * configuration is then refused.  This is the walk of its keys, a
 * reader each (config_keys[]); loader.c locates and says the faults,
 * sensitivity.c reads the keys of the columns' sensitivity.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <json-c/json.h>

#include "../cli.h"
#include "loader.h"
#include "../format/output.h"

/* An unknown key of a configuration (in_override 0) or of an override. */
static void
unknown_key(struct loader *ld, const char *ptr, const char *key,
    int in_override, const char *where)
{
	const char *names[32], *best;
	size_t n;

	for (n = 0; n < 32 && config_key(in_override, n) != NULL; n++)
		names[n] = config_key(in_override, n)->name;
	best = dgs_suggest(key, names, n);

	if (best != NULL)
		config_error(ld, ptr, 1, "unknown key \"%s\"%s; did you "
		    "mean \"%s\"?", key, where, best);
	else
		config_error(ld, ptr, 1, "unknown key \"%s\"%s", key, where);
}

static const char *
level_words(void)
{
	return "\"off\", \"info\", \"warning\" or \"error\"";
}


static const char *const level_names[] = { "off", "info", "warning",
    "error" };

/* "; did you mean \"WORD\"?" with the closest of cands to word
 * (dgs_suggest()), into buf, or "". */
static const char *
suggest(char *buf, size_t size, const char *word, const char *const *cands,
    size_t n)
{
	const char *best = word != NULL ? dgs_suggest(word, cands, n) : NULL;

	if (best == NULL)
		return "";
	snprintf(buf, size, "; did you mean \"%s\"?", best);
	return buf;
}

/* A rule list's word that is no rule, at the member ptr names (at its
 * name when at_key). */
static void
no_rule(struct loader *ld, const char *ptr, int at_key, const char *key,
    const char *bad)
{
	const char *best = rule_prefix(bad) ? NULL : rule_suggest(bad);

	if (*bad == '\0')
		config_error(ld, ptr, at_key, "\"%s\": rules are separated by "
		    "commas, each an id, a name or the beginning of ids", key);
	else if (best != NULL)
		config_error(ld, ptr, at_key, "no rule \"%s\"; did you mean "
		    "\"%s\"? "
		    "(see dgslint --list-rules)", bad, best);
	else
		config_error(ld, ptr, at_key, "no rule \"%s\" (see dgslint "
		    "--list-rules)", bad);
}

/* "rules": each member's name a rule list (rule_words(), as --select
 * takes it), its value a level; each rule it names is set, in order. */
static void
read_rules(struct loader *ld, struct json_object *o, const char *ptr,
    struct rule_setting **out, size_t *nout, struct config_place **at)
{
	const struct dgs_rule_info *r;
	struct json_object *lv;
	struct lh_entry *e;
	enum dgs_severity sev;
	unsigned char *in;
	const char *key;
	char *p, *bad, buf[96], **keyp = NULL;
	size_t n = 0, i;

	if (!json_object_is_type(o, json_type_object)) {
		config_error(ld, ptr, 0, "\"rules\" must be an object of rule "
		    "ids or names and levels");
		return;
	}
	in = xcalloc(dgs_rule_count(), 1);
	for (e = json_object_get_object(o)->head; e != NULL; e = e->next) {
		key = (const char *)lh_entry_k(e);
		lv = (struct json_object *)lh_entry_v(e);
		p = ptr_join(ptr, key);
		memset(in, 0, dgs_rule_count());
		if (rule_words(key, in, &bad) != 0) {
			no_rule(ld, p, 1, key, bad);
			free(bad);
		} else if (!json_object_is_type(lv, json_type_string) ||
		    dgs_severity_from_name(json_object_get_string(lv),
		    &sev) != 0)
			config_error(ld, p, 0, "the level of %s must be %s%s",
			    key, level_words(), suggest(buf, sizeof(buf),
			    json_object_is_type(lv, json_type_string) ?
			    json_object_get_string(lv) : NULL, level_names, 4));
		else
			for (i = 0; (r = dgs_rule_get(i)) != NULL; i++) {
				if (!in[i])
					continue;
				*out = xrealloc(*out, (n + 1) * sizeof(**out));
				if (at != NULL) {
					keyp = xrealloc(keyp, (n + 1) *
					    sizeof(*keyp));
					keyp[n] = xstrdup(p);
				}
				(*out)[n].rule = r;
				(*out)[n++].sev = sev;
			}
		free(p);
	}
	free(in);
	/* The places once the array is whole: locate_all() fills them
	 * where they lie then (a key may name several rules). */
	if (at != NULL && n > 0) {
		*at = xcalloc(n, sizeof(**at));
		for (i = 0; i < n; i++) {
			place_of(ld, keyp[i], 1, &(*at)[i]);
			free(keyp[i]);
		}
	}
	free(keyp);
	*nout = n;
}

static char *
config_path_value(struct loader *ld, struct json_object *o, const char *ptr,
    const char *dir, const char *what)
{
	const char *s;
	size_t n;
	char *p;

	if (!json_object_is_type(o, json_type_string) ||
	    *(s = json_object_get_string(o)) == '\0') {
		config_error(ld, ptr, 0, "\"%s\" must be the path of a file "
		    "(relative to this configuration)", what);
		return NULL;
	}
	if (s[0] == '/')
		return xstrdup(s);
	n = strlen(dir) + strlen(s) + 2;
	p = xcalloc(1, n);
	snprintf(p, n, "%s/%s", dir, s);
	return p;
}

static void
load_catalogue(struct loader *ld, struct dgs_options *opts,
    const char *file, const char *ptr, int presets)
{
	char *buf, why[256];
	const char *lwhy = NULL;
	size_t len;
	int rc;

	if (read_document(file, &buf, &len, why, sizeof(why)) != 0) {
		char *shown = path_display(file);

		config_error(ld, ptr, 0, "cannot read %s: %s", shown, why);
		free(shown);
		return;
	}
	rc = presets ? dgs_options_load_presets(opts, buf, len, &lwhy) :
	    dgs_options_load_generators(opts, buf, len, &lwhy);
	if (rc != 0) {
		char *shown = path_display(file);

		config_error(ld, ptr, 0, "%s: %s", shown, lwhy ? lwhy :
		    dgs_strerror(rc));
		free(shown);
	}
	free(buf);
}

/* "schema" and "schemaBefore": a snapshot's path, relative to the
 * configuration, loaded now: a bad snapshot is a bad configuration. */
static void
load_snapshot(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const char *key)
{
	int before = strcmp(key, "schemaBefore") == 0;
	char **file = before ? &c->snapshot_before_file : &c->snapshot_file;
	struct dgs_snapshot **s = before ? &c->snapshot_before : &c->snapshot;
	char why[1024], *shown;

	if ((*file = config_path_value(ld, v, ptr, c->dir, key)) == NULL)
		return;
	shown = path_display(*file);
	if ((*s = snapshot_read(*file, shown, why, sizeof(why))) == NULL)
		config_error(ld, ptr, 0, "%s", why);
	free(shown);
}

/*
 * The workspace on the service (service.h): read when the configuration
 * is used (settings_apply_service()), not here.
 */
static char *
service_string(struct loader *ld, struct json_object *v, const char *ptr,
    const char *key, const char *what)
{
	if (!json_object_is_type(v, json_type_string) ||
	    json_object_get_string_len(v) == 0) {
		config_error(ld, ptr, 0, "\"%s\" must be %s", key, what);
		return NULL;
	}
	return xstrdup(json_object_get_string(v));
}

static void
read_service_key(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const char *key)
{
	char why[256], *s;
	const char *p;
	double d;

	if (strcmp(key, "service") == 0) {
		if ((s = service_string(ld, v, ptr, key, "the service's base "
		    "URL, such as \"https://structural.example.com\"")) ==
		    NULL)
			return;
		if (service_url_check(s, why, sizeof(why)) != 0) {
			config_error(ld, ptr, 0, "%s", why);
			free(s);
			return;
		}
		c->service_url = s;
		want(ld, WANT_AT, ptr, 0)->where = &c->service_at;
	} else if (strcmp(key, "workspace") == 0)
		c->workspace = service_string(ld, v, ptr, key, "the name of "
		    "the workspace on the service");
	else if (strcmp(key, "workspaceId") == 0)
		c->workspace_id = service_string(ld, v, ptr, key, "the id of "
		    "the workspace on the service");
	else if (strcmp(key, "serviceTimeout") == 0) {
		d = json_object_get_double(v);
		if ((!json_object_is_type(v, json_type_int) &&
		    !json_object_is_type(v, json_type_double)) || !(d > 0) ||
		    d > SERVICE_TIMEOUT_MAX)
			config_error(ld, ptr, 0, "\"serviceTimeout\" must be "
			    "the seconds a request to the service may take: "
			    "a number above 0, at most %d", SERVICE_TIMEOUT_MAX);
		else
			c->service_timeout_ms = d * 1000 < 1 ? 1 :
			    (long)(d * 1000);
	} else if (strcmp(key, "serviceCaFile") == 0)
		/* Who can read the key is the user's choice, never a
		 * repository's: a CA it ships would let whoever holds a
		 * certificate of it receive the key. */
		config_notice(ld, ptr, "\"serviceCaFile\" is not used: the CA "
		    "that authenticates a service given the API key is "
		    "chosen by you, not by a repository's configuration: "
		    "give it with --service-ca-file or "
		    SERVICE_CA_ENV);
	else if ((s = service_string(ld, v, ptr, key, "the name of the query "
	    "parameter of GET /api/SchemaDiff that names the workspace, "
	    "such as \"workspaceId\"")) != NULL) {
		for (p = s; *p != '\0'; p++)
			if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' &&
			    *p <= 'z') || (*p >= '0' && *p <= '9') ||
			    strchr("-._~[]", *p) != NULL))
				break;
		if (*p != '\0') {
			config_error(ld, ptr, 0, "\"schemaDiffParameter\" is "
			    "a parameter name: letters, digits and -._~[] "
			    "only");
			free(s);
		} else
			c->diff_param = s;
	}
}

/* The service keys together: a workspace for a service, and the other
 * way round. */
static void
check_service_keys(struct loader *ld, struct config *c,
    struct json_object *root)
{
	const char *alone = NULL;

	if (c->service_url != NULL && c->workspace == NULL &&
	    c->workspace_id == NULL)
		config_error(ld, "/service", 1, "\"service\" needs the "
		    "workspace: \"workspace\" (its name) or \"workspaceId\"");
	if (c->workspace != NULL && c->workspace_id != NULL)
		config_error(ld, "/workspaceId", 1, "give \"workspace\" or "
		    "\"workspaceId\", not both");
	if (c->service_url != NULL ||
	    json_object_object_get_ex(root, "service", NULL))
		return;
	if (c->workspace != NULL)
		alone = "workspace";
	else if (c->workspace_id != NULL)
		alone = "workspaceId";
	else if (c->service_timeout_ms != 0)
		alone = "serviceTimeout";
	else if (c->diff_param != NULL)
		alone = "schemaDiffParameter";
	if (alone != NULL) {
		char *p = ptr_join("", alone);

		config_error(ld, p, 1, "\"%s\" needs \"service\", the "
		    "service's base URL", alone);
		free(p);
	}
}

/* The keys of an override. */
static const struct config_key override_keys[] = {
	{ "files", CV_GLOBS, NULL, 1, NULL, "Glob patterns of the documents "
	    "the override applies to" },
	{ "pointers", CV_POINTERS, NULL, 0, NULL, "JSON Pointers (RFC 6901): "
	    "the levels apply only to findings at one of them or below it; "
	    "JSON has no comments, so this is how a finding is suppressed at "
	    "one place" },
	{ "rules", CV_RULES, NULL, 1, NULL, "Rule levels, as the top-level "
	    "rules" },
};
#define NOVERRIDE_KEYS	(sizeof(override_keys) / sizeof(override_keys[0]))

/* An override's "pointers" (a, at q): JSON Pointers, each kept with
 * its place. */
static void
read_pointers(struct loader *ld, struct json_object *a, const char *q,
    struct override *ov)
{
	struct json_object *s;
	const char *t;
	char *r;
	size_t j, n;

	if (!json_object_is_type(a, json_type_array)) {
		config_error(ld, q, 0, "\"pointers\" must be an array of JSON "
		    "Pointers");
		return;
	}
	n = json_object_array_length(a);
	ov->npointers = 0;
	ov->pointers = xcalloc(n, sizeof(char *));
	ov->pointer_at = xcalloc(n, sizeof(*ov->pointer_at));
	place_of(ld, q, 1, &ov->pointers_at);
	for (j = 0; j < n; j++) {
		s = json_object_array_get_idx(a, j);
		t = json_object_get_string(s);
		r = ptr_index(q, j);
		if (!json_object_is_type(s, json_type_string) ||
		    (t[0] != '\0' && t[0] != '/'))
			config_error(ld, r, 0, "a pointer must be a string: "
			    "\"\" or one starting with '/', such as "
			    "\"/0/links\"");
		else {
			place_of(ld, r, 0, &ov->pointer_at[ov->npointers]);
			ov->pointers[ov->npointers++] = json_held(s);
		}
		free(r);
	}
}

static void
read_overrides(struct loader *ld, struct config *c, struct json_object *o)
{
	struct lh_entry *e;
	struct override *ov;
	struct json_object *v;
	const char *key;
	char *p, *q;
	size_t i, n;

	if (!json_object_is_type(o, json_type_array)) {
		config_error(ld, "/overrides", 0, "\"overrides\" must be an "
		    "array of {\"files\": [...], \"pointers\": [...], "
		    "\"rules\": {...}}");
		return;
	}
	n = json_object_array_length(o);
	c->overrides = xcalloc(n, sizeof(*c->overrides));
	for (i = 0; i < n; i++) {
		v = json_object_array_get_idx(o, i);
		p = ptr_index("/overrides", i);
		ov = &c->overrides[c->noverrides];
		if (!json_object_is_type(v, json_type_object)) {
			config_error(ld, p, 0, "an override must be an object "
			    "with \"files\" and \"rules\"");
			free(p);
			continue;
		}
		for (e = json_object_get_object(v)->head; e != NULL;
		    e = e->next) {
			key = (const char *)lh_entry_k(e);
			q = ptr_join(p, key);
			if (strcmp(key, "files") == 0) {
				ov->files = read_globs(ld, lh_entry_v(e), q,
				    "files", &ov->nfiles);
				place_of(ld, q, 1, &ov->files_at);
			} else if (strcmp(key, "pointers") == 0)
				read_pointers(ld, lh_entry_v(e), q, ov);
			else if (strcmp(key, "rules") == 0)
				read_rules(ld, lh_entry_v(e), q, &ov->rules,
				    &ov->nrules, &ov->rule_at);
			else
				unknown_key(ld, q, key, 1, " in an override");
			free(q);
		}
		if (!json_object_object_get_ex(v, "files", NULL))
			config_error(ld, p, 0, "an override needs \"files\": "
			    "the glob patterns of the files it applies to");
		if (!json_object_object_get_ex(v, "rules", NULL))
			config_error(ld, p, 0, "an override needs \"rules\": "
			    "the rules it sets");
		if (ov->npointers > 0 && ov->nrules > 0) {
			ov->use = xcalloc(1, sizeof(*ov->use) +
			    ov->nrules * ov->npointers);
			c->nscoped++;
		}
		ov->matched = xcalloc(1, sizeof(*ov->matched));
		want(ld, WANT_LINE, p, 0)->where = &ov->where;
		c->noverrides++;
		free(p);
	}
}

/*
 * The keys of a configuration: each with its reader, which checks its
 * value and keeps it in the configuration.
 */
struct key_def {
	struct config_key	 key;
	void			(*read)(struct loader *, struct config *,
				    struct json_object *, const char *ptr,
				    const struct config_key *);
};

static void
read_any_string(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const struct config_key *k)
{
	(void)c;
	if (!json_object_is_type(v, json_type_string))
		config_error(ld, ptr, 0, "\"%s\" must be a string: the "
		    "address of the configuration's JSON Schema, for editors "
		    "(dgslint --print-schema config writes it)", k->name);
}

static void
read_rules_key(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const struct config_key *k)
{
	(void)k;
	read_rules(ld, v, ptr, &c->rules, &c->nrules, NULL);
}

/* One of k->values: its index, or -1 after saying what it must be. */
static int
read_enum(struct loader *ld, struct json_object *v, const char *ptr,
    const struct config_key *k)
{
	struct str msg = { NULL, 0, 0 };
	char buf[96];
	size_t i;

	for (i = 0; json_object_is_type(v, json_type_string) &&
	    k->values[i] != NULL; i++)
		if (strcmp(json_object_get_string(v), k->values[i]) == 0)
			return (int)i;
	str_add(&msg, "\"");
	str_add(&msg, k->name);
	str_add(&msg, "\" must be ");
	for (i = 0; k->values[i] != NULL; i++) {
		str_add(&msg, i == 0 ? "\"" : k->values[i + 1] == NULL ?
		    " or \"" : ", \"");
		str_add(&msg, k->values[i]);
		str_add(&msg, "\"");
	}
	for (i = 0; k->values[i] != NULL; i++)
		continue;
	config_error(ld, ptr, 0, "%s%s", msg.s, suggest(buf, sizeof(buf),
	    json_object_is_type(v, json_type_string) ?
	    json_object_get_string(v) : NULL, k->values, i));
	free(msg.s);
	return -1;
}

static void
read_fail_on(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const struct config_key *k)
{
	enum dgs_severity sev;
	int i = read_enum(ld, v, ptr, k);

	if (i >= 0 && strcmp(k->values[i], "none") == 0)
		c->fail_on = FAIL_NONE;
	else if (i >= 0 && dgs_severity_from_name(k->values[i], &sev) == 0)
		c->fail_on = (int)sev;
}

static void
read_license(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const struct config_key *k)
{
	int i = read_enum(ld, v, ptr, k);

	if (i >= 0)
		c->license = i;		/* license_names[] is in enum order */
}

static void
read_catalogue(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const struct config_key *k)
{
	int presets = strcmp(k->name, "presets") == 0;
	char **file = presets ? &c->presets : &c->generators;

	if ((*file = config_path_value(ld, v, ptr, c->dir, k->name)) != NULL)
		load_catalogue(ld, c->base, *file, ptr, presets);
}

static void
read_snapshot_key(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const struct config_key *k)
{
	load_snapshot(ld, c, v, ptr, k->name);
}

static void
read_service_entry(struct loader *ld, struct config *c,
    struct json_object *v, const char *ptr, const struct config_key *k)
{
	read_service_key(ld, c, v, ptr, k->name);
}

/* An http:// or https:// URL with a host (the scheme in any case). */
static int
url_is_http(const char *s)
{
	size_t n = strncasecmp(s, "http://", 7) == 0 ? 7 :
	    strncasecmp(s, "https://", 8) == 0 ? 8 : 0;

	return n > 0 && s[n] != '\0' && s[n] != '/' && s[n] != '?' &&
	    s[n] != '#';
}

static void
read_rule_url(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const struct config_key *k)
{
	const char *s = json_object_get_string(v);

	(void)k;
	/* A repository's configuration names only an http(s) address: a
	 * javascript:, file: or mailto: one would land in SARIF's helpUri,
	 * rdjson and the editor's links (issue 38). */
	if (!json_object_is_type(v, json_type_string) ||
	    strlen(s) != (size_t)json_object_get_string_len(v) ||
	    !rule_url_valid(s) || !url_is_http(s))
		config_error(ld, ptr, 0, "\"ruleUrl\" must be the http or "
		    "https URL where the rule pages of make html are "
		    "published, such as \"https://example.org/dgslint/rules/\"");
	else {
		free(c->rule_url);
		c->rule_url = xstrdup(s);
	}
}

static void
read_kinds(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const struct config_key *k)
{
	struct words kinds;
	struct lh_entry *e;
	const char *why;
	char buf[96], list[256];

	(void)k;
	(void)words_of("kind", &kinds);
	if (!json_object_is_type(v, json_type_object)) {
		config_error(ld, ptr, 0, "\"kinds\" must be an object of "
		    "glob patterns and kinds");
		return;
	}
	c->kinds = xcalloc(json_object_object_length(v), sizeof(*c->kinds));
	for (e = json_object_get_object(v)->head; e != NULL; e = e->next) {
		struct json_object *kv = lh_entry_v(e);
		const char *glob = (const char *)lh_entry_k(e);
		char *q = ptr_join(ptr, glob);
		enum dgs_kind kind = DGS_KIND_UNKNOWN;

		if (!glob_valid(glob, &why))
			config_error(ld, q, 1, "bad pattern \"%s\": %s", glob,
			    why);
		else if (!json_object_is_type(kv, json_type_string) ||
		    (kind = dgs_kind_from_name(json_object_get_string(kv))) ==
		    DGS_KIND_UNKNOWN)
			config_error(ld, q, 0, "the kind must be %s%s",
			    words_list(list, sizeof(list), "kind", " or ", -1),
			    suggest(buf, sizeof(buf), json_object_is_type(kv,
			    json_type_string) ? json_object_get_string(kv) :
			    NULL, kinds.v, kinds.n));
		else {
			c->kinds[c->nkinds].glob = xstrdup(glob);
			c->kinds[c->nkinds++].kind = kind;
		}
		free(q);
	}
}

static void
read_exclude(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const struct config_key *k)
{
	c->exclude = read_globs(ld, v, ptr, k->name, &c->nexclude);
}

static void
read_include(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const struct config_key *k)
{
	c->include = read_globs(ld, v, ptr, k->name, &c->ninclude);
}

/* "select" and "ignore": a rule list, as --select and --ignore take it,
 * or an array of them. */
static void
read_rule_list(struct loader *ld, struct config *c, struct json_object *v,
    const char *ptr, const struct config_key *k)
{
	int sel = strcmp(k->name, "select") == 0;
	unsigned char **in = sel ? &c->select : &c->ignore;
	struct json_object *w;
	size_t i, n = 1;
	char *p, *bad;

	if (!json_object_is_type(v, json_type_string) &&
	    !json_object_is_type(v, json_type_array)) {
		config_error(ld, ptr, 0, "\"%s\" must be a list of rules as "
		    "--%s takes it, such as \"DGS3,DGS401\", or an array of "
		    "them", k->name, k->name);
		return;
	}
	*in = xcalloc(dgs_rule_count(), 1);
	if (json_object_is_type(v, json_type_array))
		n = json_object_array_length(v);
	for (i = 0; i < n; i++) {
		w = json_object_is_type(v, json_type_array) ?
		    json_object_array_get_idx(v, i) : v;
		p = json_object_is_type(v, json_type_array) ?
		    ptr_index(ptr, i) : xstrdup(ptr);
		if (!json_object_is_type(w, json_type_string))
			config_error(ld, p, 0, "a rule list must be a string, "
			    "such as \"DGS3,DGS401\"");
		else if (rule_words(json_object_get_string(w), *in,
		    &bad) != 0) {
			no_rule(ld, p, 0, json_object_get_string(w), bad);
			free(bad);
		}
		free(p);
	}
	want(ld, WANT_LINE, ptr, 1)->where = sel ? &c->select_at :
	    &c->ignore_at;
}

static void
read_overrides_key(struct loader *ld, struct config *c,
    struct json_object *v, const char *ptr, const struct config_key *k)
{
	(void)ptr;
	(void)k;
	read_overrides(ld, c, v);
}

/* fail_on_names and license_names (in the order of enum dgs_license):
 * cli/names.c's. */

/* In the order "did you mean" prefers among equals. */
static const struct key_def config_keys[] = {
	{ { "rules", CV_RULES, NULL, 0, NULL, "Rules, and the level each "
	    "reports at: off, info, warning or error; each name a rule id, "
	    "a rule name or the beginning of ids (\"DGS3\"), or several "
	    "separated by commas, as --select takes them; later names win; "
	    "rules not named keep their default level" }, read_rules_key },
	{ { "select", CV_RULE_LIST, NULL, 0, NULL, "The rules to run, as "
	    "for --select: a list of rule ids, names or the beginnings of "
	    "ids (\"DGS3\": every DGS3xx rule), separated by commas, or an "
	    "array of them; every other rule is off, whatever \"rules\" "
	    "and the overrides say.  --select on the command line takes its "
	    "place" }, read_rule_list },
	{ { "ignore", CV_RULE_LIST, NULL, 0, NULL, "The rules not to run, "
	    "as for --ignore: a list as \"select\" takes it; they are off, "
	    "whatever \"rules\" and the overrides say.  --ignore on the "
	    "command line adds to it" }, read_rule_list },
	{ { "failOn", CV_ENUM, fail_on_names, 0, NULL, "The lowest level "
	    "that makes dgslint exit with status 1 (default: warning)" },
	    read_fail_on },
	{ { "license", CV_ENUM, license_names, 0, NULL, "The service's "
	    "license (default: enterprise); presets and subsetting need "
	    "enterprise" }, read_license },
	{ { "generators", CV_PATH, NULL, 0, NULL, "A saved "
	    "GET /api/GeneratorMetadata response, as for --generators: its "
	    "path, relative to this file" }, read_catalogue },
	{ { "presets", CV_PATH, NULL, 0, NULL, "A saved list of generator "
	    "presets, as for --presets: its path, relative to this file" },
	    read_catalogue },
	{ { "kinds", CV_KINDS, NULL, 0, NULL, "Glob patterns, and the kind "
	    "of the documents they match (the last that matches wins)" },
	    read_kinds },
	{ { "exclude", CV_GLOBS, NULL, 0, NULL, "Glob patterns of files not "
	    "to lint when a directory is searched, nor in the language "
	    "server" }, read_exclude },
	{ { "include", CV_GLOBS, NULL, 0, NULL, "Glob patterns of where the "
	    "service's documents are: a file they match is one (a document "
	    "whose kind cannot be told raises kind-unknown); a file they do "
	    "not match is left alone when a directory is searched, in the "
	    "language server and under --force-exclude, and judged by its "
	    "members when named" }, read_include },
	{ { "notSensitive", CV_GLOBS, NULL, 0, NULL, "Glob patterns on "
	    "schema.table.column (table.column without a schema) of columns "
	    "that are not sensitive, whatever their names say, as marking "
	    "a column Not Sensitive in Tonic Structural: the privacy report "
	    "and rules leave them; this wins over \"sensitive\"" },
	    read_marks },
	{ { "sensitive", CV_GLOBS, NULL, 0, NULL, "Glob patterns on "
	    "schema.table.column of columns that are sensitive, whatever "
	    "their names say, as marking a column Sensitive in Tonic "
	    "Structural: one no built-in type names is \"Marked sensitive\", "
	    "at risk without a generator" }, read_marks },
	{ { "sensitivityRules", CV_SENS_RULES, NULL, 0, NULL, "Custom "
	    "sensitivity rules, as Tonic Structural's: each an object with "
	    "\"name\" (the sensitivity type), \"columnName\" (a PCRE2 "
	    "pattern on the column's name), optionally \"dataTypes\" (the "
	    "data types it applies to, as the snapshot spells them) and "
	    "\"generator\" (the generator id to recommend); the first that "
	    "matches a column no built-in type names gives its type" },
	    read_sens_rules },
	{ { "overrides", CV_OVERRIDES, NULL, 0, NULL, "Rule levels for the "
	    "files an override names, or only at its JSON Pointers there; "
	    "later ones win" }, read_overrides_key },
	{ { "schema", CV_PATH, NULL, 0, NULL, "A schema snapshot of the "
	    "source database (dgslint-schema(5)), as for --schema: its "
	    "path, relative to this file" }, read_snapshot_key },
	{ { "schemaBefore", CV_PATH, NULL, 0, NULL, "The snapshot the "
	    "workspace was configured against, as for --schema-before: its "
	    "path, relative to this file" }, read_snapshot_key },
	{ { "service", CV_SERVICE, NULL, 0, NULL, "The base URL of the "
	    "service whose workspace the documents are checked against, as "
	    "for --service (https://, or http:// on this machine); the API "
	    "key is read from DGSLINT_API_KEY" }, read_service_entry },
	{ { "workspace", CV_NAME, NULL, 0, "service", "The workspace's name "
	    "on the service, compared exactly" }, read_service_entry },
	{ { "workspaceId", CV_NAME, NULL, 0, "service", "The workspace's id, "
	    "instead of its name" }, read_service_entry },
	{ { "serviceTimeout", CV_SECONDS, NULL, 0, "service", "The seconds "
	    "the reading of the workspace may take, all its requests "
	    "together (default 10)" },
	    read_service_entry },
	{ { "serviceCaFile", CV_PATH, NULL, 0, "service", "Not used: the "
	    "CA that authenticates a service given the API key is the "
	    "user's choice (--service-ca-file or " SERVICE_CA_ENV "), not "
	    "a repository's; dgslint says so at this key" },
	    read_service_entry },
	{ { "schemaDiffParameter", CV_PARAM, NULL, 0, "service", "The query "
	    "parameter of GET /api/SchemaDiff that names the workspace "
	    "(default: workspaceId)" }, read_service_entry },
	{ { "ruleUrl", CV_URL, NULL, 0, NULL, "The http(s) URL where the "
	    "rule pages of make html are published; each rule links to "
	    "ID.html there" }, read_rule_url },
	{ { "$schema", CV_STRING, NULL, 0, NULL, "The address of this "
	    "file's JSON Schema, for editors (dgslint --print-schema config "
	    "writes it); dgslint ignores it" }, read_any_string },
};
#define NKEYS	(sizeof(config_keys) / sizeof(config_keys[0]))


const struct config_key *
config_key(int in_override, size_t i)
{
	if (in_override)
		return i < NOVERRIDE_KEYS ? &override_keys[i] : NULL;
	return i < NKEYS ? &config_keys[i].key : NULL;
}

/* The JSON of buf (len bytes, already found strict), or NULL. */
static struct json_object *
parse_len(const char *buf, size_t len)
{
	struct json_tokener *tok;
	struct json_object *root;

	if (len > 0x7fffffff || (tok = json_tokener_new()) == NULL)
		return NULL;
	root = json_tokener_parse_ex(tok, buf, (int)len);
	json_tokener_free(tok);
	return root;
}

/* The configuration at path, of text buf; its faults on stderr, or in
 * out when it is not NULL. */
static struct config *
load(const char *path, const char *buf, size_t len,
    struct config_findings *out)
{
	struct loader ld;
	struct config *c;
	struct dgs_result *res = NULL;
	const struct dgs_finding *f;
	struct json_object *root = NULL, *v;
	struct lh_entry *e;
	const char *key;
	char *p;
	size_t i;

	memset(&ld, 0, sizeof(ld));
	ld.out = out;
	c = xcalloc(1, sizeof(*c));
	c->path = path_absolute(path);
	c->shown = path_display(c->path);
	c->dir = path_dir(c->path);
	c->fail_on = c->license = -1;
	ld.path = c->shown;
	ld.text = buf;
	ld.len = len;

	/* The JSON layer of the library: strict syntax, duplicate names,
	 * encoding; every such finding is a configuration error. */
	/* Not other JSON: every syntax fault is reported. */
	if ((c->base = dgs_options_new()) != NULL)
		dgs_options_set_presume(c->base, 1);
	if (c->base == NULL || dgs_lint(c->base, path, buf, len, &res) != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	for (i = 0; (f = dgs_result_get(res, i)) != NULL; i++)
		if (strncmp(f->rule->id, "DGS1", 4) == 0 &&
		    f->severity >= DGS_SEV_WARNING && out != NULL) {
			finding_add(out, f->line, f->column,
			    xstrdup(f->pointer), f->rule, DGS_SEV_ERROR,
			    xstrdup(f->message));
			ld.failed = 1;
		} else if (strncmp(f->rule->id, "DGS1", 4) == 0 &&
		    f->severity >= DGS_SEV_WARNING) {
			fprintf(stderr, "dgslint: %s:%lu:%lu: ", path,
			    f->line, f->column);
			err_puts(f->message);
			fprintf(stderr, " [%s]\n", f->rule->name);
			ld.failed = 1;
		}
	dgs_result_free(res);
	dgs_options_set_presume(c->base, 0);
	if (ld.failed)
		goto fail;
	root = parse_len(buf, len);
	if (!json_object_is_type(root, json_type_object)) {
		config_error(&ld, "", 0, "a configuration is a JSON object "
		    "such as {\"rules\": {\"unknown-member\": \"error\"}}");
		locate_all(&ld);
		goto fail;
	}
	for (e = json_object_get_object(root)->head; e != NULL; e = e->next) {
		key = (const char *)lh_entry_k(e);
		v = (struct json_object *)lh_entry_v(e);
		p = ptr_join("", key);
		for (i = 0; i < NKEYS && strcmp(key, config_keys[i].key.name);
		    i++)
			continue;
		if (i < NKEYS)
			config_keys[i].read(&ld, c, v, p, &config_keys[i].key);
		else
			unknown_key(&ld, p, key, 0, "");
		free(p);
	}
	check_service_keys(&ld, c, root);
	check_sens_generators(&ld, c);
	locate_all(&ld);
	if (ld.failed)
		goto fail;
	json_object_put(root);
	return c;
fail:
	json_object_put(root);
	config_free(c);
	return NULL;
}

struct config *
config_load(const char *path)
{
	return config_read(path, NULL, NULL);
}

struct config *
config_read(const char *path, char **text, size_t *textlen)
{
	struct config *c;
	char *buf, why[256];
	size_t len;

	if (read_document(path, &buf, &len, why, sizeof(why)) != 0) {
		char *abs = path_absolute(path), *shown = path_display(abs);

		fprintf(stderr, "dgslint: %s: cannot read the configuration: "
		    "%s\n", shown, why);
		free(shown);
		free(abs);
		return NULL;
	}
	c = load(path, buf, len, NULL);
	if (c != NULL && text != NULL) {
		*text = buf;
		*textlen = len;
	} else
		free(buf);
	return c;
}

struct config *
config_load_text(const char *path, const char *buf, size_t len)
{
	return load(path, buf, len, NULL);
}

void
config_check(const char *path, const char *buf, size_t len,
    struct config_findings *out)
{
	config_free(load(path, buf, len, out));
}

void
config_findings_free(struct config_findings *out)
{
	size_t i;

	for (i = 0; i < out->n; i++) {
		free((char *)out->v[i].pointer);
		free((char *)out->v[i].message);
	}
	free(out->v);
	out->v = NULL;
	out->n = 0;
}

void
config_free(struct config *c)
{
	size_t i, j;

	if (c == NULL)
		return;
	for (i = 0; i < c->nkinds; i++)
		free(c->kinds[i].glob);
	for (i = 0; i < c->nexclude; i++)
		free(c->exclude[i]);
	for (i = 0; i < c->noverrides; i++) {
		for (j = 0; j < c->overrides[i].nfiles; j++)
			free(c->overrides[i].files[j]);
		for (j = 0; j < c->overrides[i].npointers; j++)
			free(c->overrides[i].pointers[j]);
		free(c->overrides[i].files);
		free(c->overrides[i].pointers);
		for (j = 0; j < c->overrides[i].npointers; j++)
			free(c->overrides[i].pointer_at[j].ptr);
		for (j = 0; c->overrides[i].rule_at != NULL &&
		    j < c->overrides[i].nrules; j++)
			free(c->overrides[i].rule_at[j].ptr);
		free(c->overrides[i].pointer_at);
		free(c->overrides[i].rule_at);
		free(c->overrides[i].pointers_at.ptr);
		free(c->overrides[i].files_at.ptr);
		free(c->overrides[i].matched);
		free(c->overrides[i].use);
		free(c->overrides[i].rules);
		free(c->overrides[i].where);
	}
	free(c->overrides);
	free(c->select);
	free(c->ignore);
	free(c->select_at);
	free(c->ignore_at);
	free(c->kinds);
	free(c->exclude);
	strings_free(c->include, c->ninclude);
	strings_free(c->not_sensitive, c->nnot_sensitive);
	strings_free(c->sensitive, c->nsensitive);
	for (i = 0; i < c->nsens_rules; i++)
		sens_rule_free(&c->sens_rules[i]);
	free(c->sens_rules);
	free(c->rules);
	free(c->generators);
	free(c->presets);
	free(c->rule_url);
	free(c->snapshot_file);
	free(c->snapshot_before_file);
	dgs_snapshot_free(c->snapshot);
	dgs_snapshot_free(c->snapshot_before);
	free(c->service_url);
	free(c->workspace);
	free(c->workspace_id);
	free(c->diff_param);
	free(c->service_at);
	dgs_options_free(c->base);
	free(c->path);
	free(c->shown);
	free(c->dir);
	free(c);
}
