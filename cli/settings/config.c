/*
 * config.c: the settings of one file: whether its configuration excludes
 * it, and its options from the configuration, its overrides and the
 * command line (which overrides every configuration); --print-config
 * says where each setting comes from.  See dgslint.json(5).
 *
 * Problems in a configuration stop the run with exit status 2 and a
 * message located at the line and column of the value at fault
 * (read.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../cli.h"
#include "config_int.h"
#include "../format/output.h"

/* The path of abs relative to dir (both absolute), or abs itself. */
static const char *
relative_to(const char *abs, const char *dir)
{
	size_t n = strlen(dir);

	if (strcmp(dir, "/") == 0)
		return abs + 1;
	if (strncmp(abs, dir, n) == 0 && abs[n] == '/')
		return abs + n + 1;
	return abs;
}

int
config_excluded(const struct config *c, const char *abs)
{
	const char *rel;
	size_t i;

	if (c == NULL)
		return 0;
	rel = relative_to(abs, c->dir);
	for (i = 0; i < c->nexclude; i++)
		if (glob_match(c->exclude[i], rel))
			return 1;
	return 0;
}

int
config_service(const struct config *c, const char *abs)
{
	const char *rel;
	size_t i;

	if (c == NULL || c->ninclude == 0)
		return 0;
	rel = relative_to(abs, c->dir);
	for (i = 0; i < c->ninclude; i++)
		if (glob_match(c->include[i], rel))
			return 1;
	return -1;
}

/*
 * Rule lists, as --select and "rules" take them: RULE[,RULE]..., each an
 * id (any case), a name, or the beginning of ids ("DGS2": every DGS2xx
 * rule; "dgs88": DGS881 to DGS884).
 */
int
rule_prefix(const char *w)
{
	size_t i, n = strlen(w);

	if (n < 4 || n > 5 || strncasecmp(w, "DGS", 3) != 0)
		return 0;
	for (i = 3; i < n; i++)
		if (w[i] < '0' || w[i] > '9')
			return 0;
	return 1;
}

int
rule_words(const char *list, unsigned char *in, char **bad)
{
	const struct dgs_rule_info *r;
	const char *p = list, *e;
	char *w;
	size_t i, n;

	*bad = NULL;
	do {
		e = p + strcspn(p, ",");
		w = xcalloc(1, (size_t)(e - p) + 1);
		memcpy(w, p, (size_t)(e - p));
		n = 0;
		if ((r = dgs_rule_find(w)) != NULL) {
			for (i = 0; dgs_rule_get(i) != r; i++)
				continue;
			in[i] = 1;
			n = 1;
		} else if (rule_prefix(w))
			for (i = 0; (r = dgs_rule_get(i)) != NULL; i++)
				if (strncasecmp(r->id, w, strlen(w)) == 0) {
					in[i] = 1;
					n++;
				}
		if (n == 0) {
			*bad = w;
			return -1;
		}
		free(w);
		p = *e == ',' ? e + 1 : e;
	} while (*e != '\0');
	return 0;
}

const char *
rule_suggest(const char *word)
{
	const char *cands[512];
	const struct dgs_rule_info *r;
	size_t i, n = 0;

	for (i = 0; (r = dgs_rule_get(i)) != NULL && n + 2 <= 512; i++) {
		cands[n++] = r->id;
		cands[n++] = r->name;
	}
	return dgs_suggest(word, cands, n);
}

/*
 * Effective settings for one file.
 */
static int
override_applies(const struct override *ov, const char *rel)
{
	size_t i;

	for (i = 0; i < ov->nfiles; i++)
		if (glob_match(ov->files[i], rel))
			return 1;
	return 0;
}

static int
cli_sets(const struct settings *cli, const struct dgs_rule_info *r)
{
	size_t i;

	for (i = 0; i < cli->nrules; i++)
		if (cli->rules[i].rule == r)
			return 1;
	return 0;
}

/* Why --select or --ignore leaves r out (DROP_*), or 0. */
static int
cli_drops(const struct settings *cli, const struct dgs_rule_info *r)
{
	size_t i;

	if (cli->dropped == NULL)
		return 0;
	for (i = 0; dgs_rule_get(i) != NULL; i++)
		if (dgs_rule_get(i) == r)
			return cli->dropped[i];
	return 0;
}

/* Why the configuration's "select" or "ignore" leaves the i-th rule out
 * (DROP_*), or 0; --select on the command line takes the place of its
 * "select". */
static int
config_drops(const struct config *c, const struct settings *cli, size_t i)
{
	if (c == NULL)
		return 0;
	if (c->ignore != NULL && c->ignore[i])
		return DROP_IGNORED;
	if (c->select != NULL && !c->select[i] && !cli->selected)
		return DROP_UNSELECTED;
	return 0;
}

/* The index of r (dgs_rule_get()). */
static size_t
rule_index(const struct dgs_rule_info *r)
{
	size_t i;

	for (i = 0; dgs_rule_get(i) != NULL && dgs_rule_get(i) != r; i++)
		continue;
	return i;
}

/* Calls fn(ov, j, k, arg) for each scope (override ov's rule j under its
 * pointer k) that config_options() gives the file at rel, in the order
 * it gives them: a rule the command line sets, or that --select or
 * --ignore (or the configuration's "select" or "ignore") leaves out, has
 * none. */
static void
each_scope(const struct config *c, const struct settings *cli,
    const char *rel, void (*fn)(const struct override *, size_t, size_t,
    void *), void *arg)
{
	const struct override *ov;
	size_t i, j, k;

	for (i = 0; i < c->noverrides; i++) {
		ov = &c->overrides[i];
		if (ov->npointers == 0 || !override_applies(ov, rel))
			continue;
		for (j = 0; j < ov->nrules; j++) {
			if (cli_sets(cli, ov->rules[j].rule) ||
			    cli_drops(cli, ov->rules[j].rule) ||
			    config_drops(c, cli,
			    rule_index(ov->rules[j].rule)))
				continue;
			for (k = 0; k < ov->npointers; k++)
				fn(ov, j, k, arg);
		}
	}
}

static void
set_scope(const struct override *ov, size_t j, size_t k, void *arg)
{
	dgs_options_set_severity_at(arg, ov->rules[j].rule->id,
	    ov->pointers[k], ov->rules[j].sev);
}

struct noting {
	const unsigned char	*state;
	size_t			 n, i;
	const struct override	*last;
};

static void
note_scope(const struct override *ov, size_t j, size_t k, void *arg)
{
	struct noting *nt = arg;
	unsigned char s = nt->i < nt->n ? nt->state[nt->i] : DGS_SCOPE_IDLE;
	unsigned char *u;

	nt->i++;
	if (ov->use == NULL)
		return;
	if (ov != nt->last) {
		ov->use->ndocs++;
		nt->last = ov;
	}
	u = &ov->use->state[j * ov->npointers + k];
	if (s > *u)
		*u = s;
}

static void
count_scope(const struct override *ov, size_t j, size_t k, void *arg)
{
	(void)ov;
	(void)j;
	(void)k;
	++*(size_t *)arg;
}

size_t
config_scopes(const struct config *c, const struct settings *cli,
    const char *abs)
{
	size_t n = 0;

	if (c != NULL && c->nscoped > 0)
		each_scope(c, cli, relative_to(abs, c->dir), count_scope, &n);
	return n;
}

void
config_note_scopes(const struct config *c, const struct settings *cli,
    const char *abs, const unsigned char *state, size_t n)
{
	struct noting nt = { state, n, 0, NULL };

	if (c != NULL && c->nscoped > 0)
		each_scope(c, cli, relative_to(abs, c->dir), note_scope, &nt);
}

void
config_note_file(const struct config *c, const char *abs)
{
	const char *rel;
	size_t i;

	if (c == NULL)
		return;
	rel = relative_to(abs, c->dir);
	for (i = 0; i < c->noverrides; i++)
		if (c->overrides[i].matched != NULL &&
		    override_applies(&c->overrides[i], rel))
			++*c->overrides[i].matched;
}

/* Whether every state of ov's rules that it turns off (rule j alone when
 * j >= 0), under its pointer k (every pointer when k < 0), is
 * DGS_SCOPE_UNUSED: the rule ran on a document of the override and the
 * scope suppressed no finding, nor did it where its rule did not run.
 * Levels other than off are a policy for findings to come, not a
 * suppression, and are not judged. */
static int
all_unused(const struct override *ov, long j, long k)
{
	size_t a, b, n = 0;

	for (a = 0; a < ov->nrules; a++) {
		if ((j >= 0 && (size_t)j != a) ||
		    ov->rules[a].sev != DGS_SEV_OFF)
			continue;
		for (b = 0; b < ov->npointers; b++) {
			if (k >= 0 && (size_t)k != b)
				continue;
			if (ov->use->state[a * ov->npointers + b] !=
			    DGS_SCOPE_UNUSED)
				return 0;
			n++;
		}
	}
	return n > 0;
}

/* "name (ID)" of ov's rules that it turns off (rule j alone when j >=
 * 0), into b; the number of them. */
static size_t
rule_list(struct str *b, const struct override *ov, long j)
{
	size_t a, n = 0;

	b->len = 0;
	for (a = 0; a < ov->nrules; a++) {
		if ((j >= 0 && (size_t)j != a) ||
		    ov->rules[a].sev != DGS_SEV_OFF)
			continue;
		if (n++ > 0)
			str_addn(b, ", ", 2);
		str_addn(b, ov->rules[a].rule->name,
		    strlen(ov->rules[a].rule->name));
		str_addn(b, " (", 2);
		str_addn(b, ov->rules[a].rule->id,
		    strlen(ov->rules[a].rule->id));
		str_addn(b, ")", 1);
	}
	return n;
}

/* Hands fn the message that fmt makes, for the suppression at at. */
static void
say_unused(void (*fn)(void *, const struct config_place *, const char *),
    void *arg, const struct config_place *at, const char *fmt, ...)
    __attribute__((__format__(__printf__, 4, 5)));

static void
say_unused(void (*fn)(void *, const struct config_place *, const char *),
    void *arg, const struct config_place *at, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	fn(arg, at, msg);
	free(msg);
}

/* An override whose "files" match no file of the run is said once, at
 * its "files", whatever its levels: it decides nothing.  An override
 * whose every rule is off and suppresses nothing is said once, at its
 * "pointers"; else each pointer that suppresses nothing (when every
 * rule is off: otherwise the pointer serves the others), and each rule
 * off that suppresses nothing under any pointer. */
void
config_unused(const struct config *c,
    void (*fn)(void *, const struct config_place *, const char *), void *arg)
{
	const struct override *ov;
	struct str all = { NULL, 0, 0 }, one = { NULL, 0, 0 };
	char docs[64];
	size_t i, j, k, noff;

	for (i = 0; i < c->noverrides; i++) {
		ov = &c->overrides[i];
		if (ov->matched != NULL && *ov->matched == 0) {
			say_unused(fn, arg, &ov->files_at, "this override "
			    "applies to nothing: its \"files\" match no file "
			    "that this configuration governs; remove it, or "
			    "correct its patterns");
			continue;
		}
		if (ov->use == NULL || ov->use->ndocs == 0 ||
		    (noff = rule_list(&all, ov, -1)) == 0)
			continue;
		snprintf(docs, sizeof(docs), ov->use->ndocs == 1 ?
		    "the document" : "the %zu documents", ov->use->ndocs);
		if (noff == ov->nrules && all_unused(ov, -1, -1)) {
			say_unused(fn, arg, &ov->pointers_at, "this override "
			    "suppresses nothing: no finding of %s lies at or "
			    "below its pointers in %s it applies to; remove it, "
			    "or correct its pointers", all.s, docs);
			continue;
		}
		for (k = 0; noff == ov->nrules && k < ov->npointers; k++)
			if (all_unused(ov, -1, (long)k))
				say_unused(fn, arg, &ov->pointer_at[k], "pointer "
				    "\"%s\" suppresses nothing: no finding of %s "
				    "lies at or below it in %s the override applies "
				    "to; remove it, or correct it", ov->pointers[k],
				    all.s, docs);
		for (j = 0; j < ov->nrules; j++)
			if (all_unused(ov, (long)j, -1) &&
			    rule_list(&one, ov, (long)j) > 0)
				say_unused(fn, arg, &ov->rule_at[j], "%s is "
				    "turned off under the override's pointers, but "
				    "none of its findings lies there in %s the "
				    "override applies to; remove it from the "
				    "override", one.s, docs);
	}
	free(all.s);
	free(one.s);
}

const char *
config_shown(const struct config *c)
{
	return c->shown;
}

const char *
config_dir(const struct config *c)
{
	return c->dir;
}

/* The rules that say a document could not be read as JSON, and so was
 * not checked: json-syntax, json-invalid-utf8 (UTF-16 text among
 * others), json-empty, json-too-deep. */
static const char *const not_json[] = { "DGS101", "DGS103", "DGS105",
    "DGS106" };

static int
is_not_json(const char *id)
{
	size_t i;

	for (i = 0; i < sizeof(not_json) / sizeof(not_json[0]); i++)
		if (strcmp(id, not_json[i]) == 0)
			return 1;
	return 0;
}

/* Whether one of the n globs v matches name. */
static int
any_glob(char *const *v, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (glob_match(v[i], name))
			return 1;
	return 0;
}

/* The first custom rule of c that column (of data_type) matches, as
 * Tonic applies the first rule that matches, or NULL. */
static const struct sens_rule *
sens_rule_of(const struct config *c, const char *column,
    const char *data_type)
{
	const struct sens_rule *r;
	pcre2_match_data *md;
	size_t i, j;
	int hit;

	if (c->nsens_rules == 0)
		return NULL;
	if ((md = pcre2_match_data_create(1, NULL)) == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	for (i = 0; i < c->nsens_rules; i++) {
		r = &c->sens_rules[i];
		for (j = 0, hit = r->ntypes == 0; !hit && j < r->ntypes; j++)
			hit = strcasecmp(r->types[j], data_type) == 0;
		if (hit && pcre2_match(r->re, (PCRE2_SPTR)column,
		    PCRE2_ZERO_TERMINATED, 0, 0, md, NULL) >= 0)
			break;
	}
	pcre2_match_data_free(md);
	return i < c->nsens_rules ? &c->sens_rules[i] : NULL;
}

int
config_mark(void *arg, const char *schema, const char *table,
    const char *column, const char *data_type, struct dgs_column_mark *out)
{
	const struct config *c = arg;
	const struct sens_rule *r;
	char *name;
	int mark = DGS_MARK_NONE;

	if (c == NULL || !config_marks(c))
		return DGS_MARK_NONE;
	name = xasprintf("%s%s%s.%s", schema, *schema != '\0' ? "." : "",
	    table, column);
	if (any_glob(c->not_sensitive, c->nnot_sensitive, name))
		mark = DGS_MARK_NOT_SENSITIVE;
	else if ((r = sens_rule_of(c, column, data_type)) != NULL) {
		mark = DGS_MARK_SENSITIVE;
		out->type = r->name;
		out->generator = r->generator;
	} else if (any_glob(c->sensitive, c->nsensitive, name))
		mark = DGS_MARK_SENSITIVE;
	free(name);
	return mark;
}

int
config_marks(const struct config *c)
{
	return c != NULL && (c->nnot_sensitive > 0 || c->nsensitive > 0 ||
	    c->nsens_rules > 0);
}

struct dgs_options *
config_options(const struct config *c, const struct settings *cli,
    const struct dgs_options *cli_base, const char *abs, int *fail_on)
{
	struct dgs_options *o;
	const struct override *ov;
	const char *rel = c ? relative_to(abs, c->dir) : abs;
	enum dgs_kind kind = cli->kind;
	size_t i, j;

	o = dgs_options_dup(c != NULL ? c->base : cli_base);
	if (o == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	if (c != NULL && c->license >= 0)
		dgs_options_set_license(o, (enum dgs_license)c->license);
	if (cli->license >= 0)
		dgs_options_set_license(o, (enum dgs_license)cli->license);
	if (kind == DGS_KIND_UNKNOWN && c != NULL)
		for (i = 0; i < c->nkinds; i++)
			if (glob_match(c->kinds[i].glob, rel))
				kind = c->kinds[i].kind;
	dgs_options_set_kind(o, kind);
	dgs_options_set_presume(o, config_service(c, abs) > 0);
	if (config_marks(c))
		dgs_options_set_column_mark(o, config_mark, (void *)c);
	*fail_on = cli->fail_on >= 0 ? cli->fail_on : c != NULL &&
	    c->fail_on >= 0 ? c->fail_on : DGS_SEV_WARNING;
	if (c != NULL) {
		for (i = 0; i < c->nrules; i++)
			dgs_options_set_severity(o, c->rules[i].rule->id,
			    c->rules[i].sev);
		for (i = 0; i < c->noverrides; i++) {
			ov = &c->overrides[i];
			if (ov->npointers > 0 || !override_applies(ov, rel))
				continue;
			for (j = 0; j < ov->nrules; j++)
				dgs_options_set_severity(o,
				    ov->rules[j].rule->id, ov->rules[j].sev);
		}
		/* "select" and "ignore" have the configuration's last
		 * word. */
		for (i = 0; dgs_rule_get(i) != NULL; i++)
			if (config_drops(c, cli, i))
				dgs_options_set_severity(o,
				    dgs_rule_get(i)->id, DGS_SEV_OFF);
		each_scope(c, cli, rel, set_scope, o);
	}
	for (i = 0; i < cli->nrules; i++)
		dgs_options_set_severity(o, cli->rules[i].rule->id,
		    cli->rules[i].sev);
	/* --select and --ignore have the last word, but on a document
	 * that is not JSON: that is reported whatever is selected, ignored
	 * or set (at its level, an error unless a configuration lowers
	 * it), as ruff reports syntax errors; nothing else of it is
	 * checked, and it would pass in silence (issue 38). */
	for (i = 0; cli->dropped != NULL && dgs_rule_get(i) != NULL; i++)
		if (cli->dropped[i] && !is_not_json(dgs_rule_get(i)->id))
			dgs_options_set_severity(o, dgs_rule_get(i)->id,
			    DGS_SEV_OFF);
	for (i = 0; i < sizeof(not_json) / sizeof(not_json[0]); i++)
		if (dgs_options_get_severity(o, not_json[i]) == DGS_SEV_OFF)
			dgs_options_set_severity(o, not_json[i],
			    DGS_SEV_ERROR);
	return o;
}

/* Loads the command line's catalogues into a configuration's options,
 * replacing the configuration's own. */
int
settings_apply_catalogues(const struct settings *cli, struct dgs_options *o)
{
	const char *why = NULL;
	int rc;

	if (cli == NULL)
		return 0;
	if (cli->generators_text != NULL && (rc = dgs_options_load_generators(
	    o, cli->generators_text, cli->generators_len, &why)) != 0) {
		fprintf(stderr, "dgslint: %s: %s\n", cli->generators,
		    why ? why : dgs_strerror(rc));
		return -1;
	}
	/* --service's generators, as --generators would be. */
	if (cli->generators_text == NULL && cli->service_state != NULL &&
	    cli->service_state->generators != NULL &&
	    dgs_options_load_generators(o, cli->service_state->generators,
	    cli->service_state->generators_len, &why) != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	if (cli->presets_text != NULL && (rc = dgs_options_load_presets(o,
	    cli->presets_text, cli->presets_len, &why)) != 0) {
		fprintf(stderr, "dgslint: %s: %s\n", cli->presets,
		    why ? why : dgs_strerror(rc));
		return -1;
	}
	return 0;
}

void
settings_apply_snapshots(const struct settings *cli, struct config *c)
{
	const struct dgs_snapshot *now = c->snapshot;
	const struct dgs_snapshot *before = c->snapshot_before;

	if (cli != NULL && cli->snapshot_now != NULL)
		now = cli->snapshot_now;
	if (cli != NULL && cli->snapshot_old != NULL)
		before = cli->snapshot_old;
	else if (cli != NULL && cli->snapshot_now != NULL)
		before = NULL;
	dgs_options_set_snapshots(c->base, now, before);
}

int
settings_apply_service(const struct settings *cli, struct config *c)
{
	const struct service_state *st;
	struct service_conf conf;
	const char *why = NULL;
	char *msg, *checkout;

	if (cli != NULL && cli->service.url != NULL) {
		/* The command line's, read already (its generators with the
		 * catalogues). */
		dgs_options_set_service(c->base, cli->service_state != NULL ?
		    cli->service_state->svc : NULL);
		return 0;
	}
	if (c->service_url == NULL)
		return 0;
	memset(&conf, 0, sizeof(conf));
	conf.url = c->service_url;
	conf.workspace = c->workspace;
	conf.workspace_id = c->workspace_id;
	conf.timeout_ms = c->service_timeout_ms;
	conf.diff_param = c->diff_param;
	conf.named_at = c->service_at;	/* a repository's: trusted? */
	/* Its files are not the user's: a HOME within it is not. */
	if ((checkout = path_work_tree(c->dir)) == NULL)
		checkout = xstrdup(c->dir);
	conf.checkout = checkout;
	if (cli != NULL && cli->service.timeout_ms > 0)
		conf.timeout_ms = cli->service.timeout_ms;
	if (cli != NULL && cli->service.ca_file != NULL)
		conf.ca_file = cli->service.ca_file;
	st = service_get(&conf, &msg);
	free(checkout);
	if (st == NULL) {
		if (msg == NULL)	/* nothing is read (--print-config) */
			return 0;
		fprintf(stderr, "dgslint: %s: %s\n", c->service_at, msg);
		free(msg);
		return -1;
	}
	dgs_options_set_service(c->base, st->svc);
	/* Its generators, unless a file names them. */
	if (st->generators != NULL && c->generators == NULL &&
	    (cli == NULL || cli->generators_text == NULL) &&
	    dgs_options_load_generators(c->base, st->generators,
	    st->generators_len, &why) != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	return 0;
}

/*
 * Rule pages.
 */
const char *
config_rule_base(const struct config *c)
{
	return c != NULL ? c->rule_url : NULL;
}

/*
 * --print-config: each setting of a file, its value and where it comes
 * from, written as text lines or as one JSON object; the same
 * computation gives both.
 */
struct shown {
	FILE	*fp;
	int	 json;
	int	 n;		/* JSON members written */
};

/* A JSON member's name, after a comma when one was written before. */
static void
member(struct shown *o, const char *name)
{
	fprintf(o->fp, "%s\n", o->n++ ? "," : "");
	json_str(o->fp, name);
	fputc(':', o->fp);
}

/* A string, or null. */
static void
json_or_null(FILE *fp, const char *s)
{
	if (s != NULL)
		json_str(fp, s);
	else
		fputs("null", fp);
}

/* One setting: name, its value (NULL: none) and where it comes from
 * ("default", an option, the configuration).  text is its line, or NULL
 * for "name: value (from)", or "" for no line; extra, extra_value add a
 * member to its JSON object. */
static void
setting(struct shown *o, const char *name, const char *value,
    const char *from, const char *text, const char *extra,
    const char *extra_value)
{
	if (o->json) {
		member(o, name);
		fputs("{\"value\":", o->fp);
		json_or_null(o->fp, value);
		fputs(",\"from\":", o->fp);
		json_str(o->fp, from);
		if (extra != NULL) {
			fprintf(o->fp, ",\"%s\":", extra);
			json_or_null(o->fp, extra_value);
		}
		fputc('}', o->fp);
	} else if (text == NULL)
		fprintf(o->fp, "%s: %s (%s)\n", name, value, from);
	else if (*text != '\0')
		fprintf(o->fp, "%s\n", text);
}

/* The level of rule r (the i-th) for the file at rel, and where it comes
 * from: its default, the configuration, an override for the whole file,
 * the command line, --select or --ignore. */
static enum dgs_severity
rule_level(const struct config *c, const struct settings *cli,
    const char *rel, const struct dgs_rule_info *r, size_t i,
    const char **src)
{
	const struct override *ov;
	enum dgs_severity sev = r->severity;
	size_t j, k;

	*src = "default";
	for (j = 0; c != NULL && j < c->nrules; j++)
		if (c->rules[j].rule == r) {
			sev = c->rules[j].sev;
			*src = c->shown;
		}
	for (j = 0; c != NULL && j < c->noverrides; j++) {
		ov = &c->overrides[j];
		if (ov->npointers > 0 || !override_applies(ov, rel))
			continue;
		for (k = 0; k < ov->nrules; k++)
			if (ov->rules[k].rule == r) {
				sev = ov->rules[k].sev;
				*src = ov->where;
			}
	}
	if (config_drops(c, cli, i)) {
		sev = DGS_SEV_OFF;
		*src = config_drops(c, cli, i) == DROP_IGNORED ?
		    c->ignore_at : c->select_at;
	}
	for (j = 0; j < cli->nrules; j++)
		if (cli->rules[j].rule == r) {
			sev = cli->rules[j].sev;
			*src = "command line";
		}
	if (cli->dropped != NULL && cli->dropped[i]) {
		sev = DGS_SEV_OFF;
		*src = cli->dropped[i] == DROP_IGNORED ? "--ignore" :
		    "--select";
	}
	return sev;
}

/* The rules' levels, then those under the pointers of the overrides
 * that apply. */
static void
print_rules(struct shown *o, const struct config *c,
    const struct settings *cli, const char *rel)
{
	const struct dgs_rule_info *r;
	const struct override *ov;
	const char *src;
	enum dgs_severity sev;
	size_t i, j, k, p, np;

	if (o->json) {
		member(o, "rules");
		fputc('[', o->fp);
	} else
		fprintf(o->fp, "rules:\n");
	for (i = 0; (r = dgs_rule_get(i)) != NULL; i++) {
		sev = rule_level(c, cli, rel, r, i, &src);
		if (o->json) {
			fprintf(o->fp, "%s\n{\"id\":", i ? "," : "");
			json_str(o->fp, r->id);
			fputs(",\"name\":", o->fp);
			json_str(o->fp, r->name);
			fprintf(o->fp, ",\"level\":\"%s\",\"from\":",
			    dgs_severity_name(sev));
			json_str(o->fp, src);
			fputs(",\"pointers\":[", o->fp);
		} else
			fprintf(o->fp, "  %-7s %-32s %-8s %s\n", r->id,
			    r->name, dgs_severity_name(sev), src);
		np = 0;
		/* The command line's levels hold everywhere. */
		for (j = 0; c != NULL && strcmp(src, "command line") != 0 &&
		    src[0] != '-' && !config_drops(c, cli, i) &&
		    j < c->noverrides; j++) {
			ov = &c->overrides[j];
			if (ov->npointers == 0 || !override_applies(ov, rel))
				continue;
			for (k = 0; k < ov->nrules; k++) {
				if (ov->rules[k].rule != r)
					continue;
				for (p = 0; p < ov->npointers; p++) {
					const char *lv = dgs_severity_name(
					    ov->rules[k].sev);

					if (!o->json) {
						fprintf(o->fp, "  %-7s %-32s "
						    "%-8s %s, under \"%s\"\n",
						    r->id, r->name, lv,
						    ov->where, ov->pointers[p]);
						continue;
					}
					fprintf(o->fp, "%s{\"pointer\":",
					    np++ ? "," : "");
					json_str(o->fp, ov->pointers[p]);
					fprintf(o->fp, ",\"level\":\"%s\","
					    "\"from\":", lv);
					json_str(o->fp, ov->where);
					fputc('}', o->fp);
				}
			}
		}
		if (o->json)
			fputs("]}", o->fp);
	}
	if (o->json)
		fputs("\n]", o->fp);
}

/* -f json: the overrides that apply, each with its files, pointers and
 * rules. */
static void
print_overrides(struct shown *o, const struct config *c, const char *rel)
{
	const struct override *ov;
	size_t j, k, n = 0;

	member(o, "overrides");
	fputc('[', o->fp);
	for (j = 0; c != NULL && j < c->noverrides; j++) {
		ov = &c->overrides[j];
		if (!override_applies(ov, rel))
			continue;
		fprintf(o->fp, "%s\n{\"at\":", n++ ? "," : "");
		json_str(o->fp, ov->where);
		fputs(",\"files\":[", o->fp);
		for (k = 0; k < ov->nfiles; k++) {
			fputs(k ? "," : "", o->fp);
			json_str(o->fp, ov->files[k]);
		}
		fputs("],\"pointers\":", o->fp);
		if (ov->npointers == 0)
			fputs("null", o->fp);
		for (k = 0; k < ov->npointers; k++) {
			fputs(k ? "," : "[", o->fp);
			json_str(o->fp, ov->pointers[k]);
		}
		fputs(ov->npointers > 0 ? "],\"rules\":[" : ",\"rules\":[",
		    o->fp);
		for (k = 0; k < ov->nrules; k++) {
			fprintf(o->fp, "%s{\"id\":", k ? "," : "");
			json_str(o->fp, ov->rules[k].rule->id);
			fputs(",\"name\":", o->fp);
			json_str(o->fp, ov->rules[k].rule->name);
			fprintf(o->fp, ",\"level\":\"%s\"}",
			    dgs_severity_name(ov->rules[k].sev));
		}
		fputs("]}", o->fp);
	}
	fputs(n ? "\n]" : "]", o->fp);
}

/* The kind of the file rel: --kind, else the configuration's last
 * "kinds" pattern that matches, else told from the document. */
static void
print_kind(struct shown *o, const struct config *c,
    const struct settings *cli, const char *rel)
{
	enum dgs_kind kind = DGS_KIND_UNKNOWN;
	const char *kglob = NULL;
	char *text;
	size_t i, n;

	for (i = 0; c != NULL && i < c->nkinds; i++)
		if (glob_match(c->kinds[i].glob, rel)) {
			kind = c->kinds[i].kind;
			kglob = c->kinds[i].glob;
		}
	n = strlen(c ? c->shown : "") + (kglob ? strlen(kglob) : 0) + 64;
	text = xcalloc(1, n);
	if (cli->kind != DGS_KIND_UNKNOWN)
		setting(o, "kind", dgs_kind_name(cli->kind), "--kind", NULL,
		    NULL, NULL);
	else if (kglob != NULL) {
		snprintf(text, n, "kind: %s (kinds \"%s\" in %s)",
		    dgs_kind_name(kind), kglob, c->shown);
		setting(o, "kind", dgs_kind_name(kind), c->shown, text,
		    "pattern", kglob);
	} else
		setting(o, "kind", NULL, "default", "kind: told from the "
		    "document's shape", NULL, NULL);
	free(text);
}

/* A file's setting: given by option, else the configuration's file
 * (shown as the user names it), else from the default; text as
 * setting() takes it. */
static void
path_setting(struct shown *o, const char *name, const char *given,
    const char *option, const char *file, const struct config *c,
    const char *text, const char *from_default)
{
	char *shown;

	if (given != NULL)
		setting(o, name, given, option, text, NULL, NULL);
	else if (file != NULL) {
		shown = path_display(file);
		setting(o, name, shown, c->shown, text, NULL, NULL);
		free(shown);
	} else
		setting(o, name, NULL, from_default, "", NULL, NULL);
}

/* The service and its workspace, by name or by id: the command line's,
 * else the configuration's. */
static void
print_service(struct shown *o, const struct config *c,
    const struct settings *cli)
{
	const char *v = NULL, *ws = NULL, *how = NULL;
	char *text;
	size_t n;

	if (cli->service.url != NULL) {
		v = cli->service.url;
		ws = cli->service.workspace;
		how = cli->service.workspace_id;
	} else if (c != NULL && c->service_url != NULL) {
		v = c->service_url;
		ws = c->workspace;
		how = c->workspace_id;
	}
	n = (v ? strlen(v) : 0) + strlen(ws ? ws : how ? how : "") +
	    strlen(c ? c->shown : "") + 64;
	text = xcalloc(1, n);
	if (v != NULL)
		snprintf(text, n, "service: %s, workspace %s %s (%s)", v,
		    ws != NULL ? "named" : "id", ws != NULL ? ws : how,
		    cli->service.url != NULL ? "--service" : c->shown);
	if (o->json) {
		/* Its workspace beside it, by name or by id. */
		member(o, "service");
		fputs("{\"value\":", o->fp);
		json_or_null(o->fp, v);
		fputs(",\"from\":", o->fp);
		json_str(o->fp, cli->service.url != NULL ? "--service" :
		    v != NULL ? c->shown : "default");
		fputs(",\"workspace\":", o->fp);
		json_or_null(o->fp, ws);
		fputs(",\"workspaceId\":", o->fp);
		json_or_null(o->fp, ws == NULL ? how : NULL);
		fputc('}', o->fp);
	} else
		setting(o, "service", v, "default", text, NULL, NULL);
	free(text);
}

void
config_print(FILE *fp, const struct config *c, const struct settings *cli,
    const char *name, const char *abs, int json)
{
	struct shown o = { fp, json, 0 };
	const char *rel = c ? relative_to(abs, c->dir) : abs;
	int lv;

	if (json) {
		fputc('{', fp);
		member(&o, "file");
		json_str(fp, name);
		member(&o, "configuration");
		json_or_null(fp, c ? c->shown : NULL);
	} else {
		fprintf(fp, "file: %s\n", name);
		fprintf(fp, "configuration: %s\n", c ? c->shown : "none");
	}
	print_kind(&o, c, cli, rel);
	if (cli->license >= 0)
		setting(&o, "license", license_names[cli->license], "--license", NULL,
		    NULL, NULL);
	else if (c != NULL && c->license >= 0)
		setting(&o, "license", license_names[c->license], c->shown, NULL, NULL,
		    NULL);
	else
		setting(&o, "license", "enterprise", "default", NULL, NULL,
		    NULL);
	lv = cli->fail_on >= 0 ? cli->fail_on : c != NULL && c->fail_on >= 0 ?
	    c->fail_on : DGS_SEV_WARNING;
	setting(&o, "failOn", lv == FAIL_NONE ? "none" :
	    dgs_severity_name((enum dgs_severity)lv), cli->fail_on >= 0 ?
	    "--fail-on" : c != NULL && c->fail_on >= 0 ? c->shown : "default",
	    NULL, NULL, NULL);
	path_setting(&o, "generators", cli->generators, "--generators",
	    c ? c->generators : NULL, c, "", "default");
	if (!json)
		fprintf(fp, "generators: %s\n", cli->generators ?
		    cli->generators : c && c->generators ?
		    "from the configuration" : "built-in catalogue");
	path_setting(&o, "presets", cli->presets, "--presets",
	    c ? c->presets : NULL, c, "", "default");
	if (!json)
		fprintf(fp, "presets: %s\n", cli->presets ? cli->presets :
		    c && c->presets ? "from the configuration" : "none");
	path_setting(&o, "schema", cli->snapshot_file, "--schema",
	    c ? c->snapshot_file : NULL, c, NULL, "default");
	path_setting(&o, "schemaBefore", cli->snapshot_before_file,
	    "--schema-before", cli->snapshot_file == NULL && c != NULL ?
	    c->snapshot_before_file : NULL, c, NULL, cli->snapshot_file !=
	    NULL ? "--schema" : "default");
	print_service(&o, c, cli);
	if (cli->rule_url != NULL)
		setting(&o, "ruleUrl", cli->rule_url, "--rule-url", NULL, NULL,
		    NULL);
	else if (c != NULL && c->rule_url != NULL)
		setting(&o, "ruleUrl", c->rule_url, c->shown, NULL, NULL, NULL);
	else
		setting(&o, "ruleUrl", NULL, "default", "", NULL, NULL);
	if (json) {
		member(&o, "excluded");
		fputs(config_excluded(c, abs) ? "true" : "false", fp);
	} else
		fprintf(fp, "excluded: %s\n", config_excluded(c, abs) ? "yes" :
		    "no");
	print_rules(&o, c, cli, rel);
	if (json) {
		print_overrides(&o, c, rel);
		fputs("\n}\n", fp);
	}
}
