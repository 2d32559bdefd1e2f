/*
 * config.c: the settings of one file: whether its configuration excludes
 * it, and its options from the configuration, its overrides and the
 * command line (which overrides every configuration); --print-config
 * says where each setting comes from.  See dgslint.json(5).
 *
 * Problems in a configuration stop the run with exit status 2 and a
 * message located at the line and column of the value at fault
 * (config_check.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "config_int.h"

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

struct dgs_options *
config_options(const struct config *c, const struct settings *cli,
    const struct dgs_options *cli_base, const char *abs, int *fail_on)
{
	struct dgs_options *o;
	const struct override *ov;
	const char *rel = c ? relative_to(abs, c->dir) : abs;
	enum dgs_kind kind = cli->kind;
	size_t i, j, k;

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
	*fail_on = cli->fail_on >= 0 ? cli->fail_on : c != NULL &&
	    c->fail_on >= 0 ? c->fail_on : DGS_SEV_WARNING;
	if (c != NULL) {
		for (i = 0; i < c->nrules; i++)
			dgs_options_set_severity(o, c->rules[i].rule->id,
			    c->rules[i].sev);
		for (i = 0; i < c->noverrides; i++) {
			ov = &c->overrides[i];
			if (!override_applies(ov, rel))
				continue;
			for (j = 0; j < ov->nrules; j++) {
				if (ov->npointers == 0) {
					dgs_options_set_severity(o,
					    ov->rules[j].rule->id,
					    ov->rules[j].sev);
					continue;
				}
				if (cli_sets(cli, ov->rules[j].rule) ||
				    cli_drops(cli, ov->rules[j].rule))
					continue;
				for (k = 0; k < ov->npointers; k++)
					dgs_options_set_severity_at(o,
					    ov->rules[j].rule->id,
					    ov->pointers[k], ov->rules[j].sev);
			}
		}
	}
	for (i = 0; i < cli->nrules; i++)
		dgs_options_set_severity(o, cli->rules[i].rule->id,
		    cli->rules[i].sev);
	/* --select and --ignore have the last word. */
	for (i = 0; cli->dropped != NULL && dgs_rule_get(i) != NULL; i++)
		if (cli->dropped[i])
			dgs_options_set_severity(o, dgs_rule_get(i)->id,
			    DGS_SEV_OFF);
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
	const struct dgs_snapshot *now = c->schema, *before = c->schema_before;

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
	char *msg;

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
	conf.ca_file = c->service_ca_file;
	conf.diff_param = c->diff_param;
	if (cli != NULL && cli->service.timeout_ms > 0)
		conf.timeout_ms = cli->service.timeout_ms;
	if (cli != NULL && cli->service.ca_file != NULL)
		conf.ca_file = cli->service.ca_file;
	if ((st = service_get(&conf, &msg)) == NULL) {
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

char *
config_rule_url(const struct config *c, const struct settings *cli,
    const struct dgs_rule_info *r)
{
	return rule_url(cli->rule_url != NULL ? cli->rule_url :
	    config_rule_base(c), r);
}

/*
 * --print-config.
 */
void
config_print(FILE *fp, const struct config *c, const struct settings *cli,
    const char *name, const char *abs)
{
	static const char *const lic[] = { "enterprise", "professional",
	    "basic" };
	const struct dgs_rule_info *r;
	const struct override *ov;
	const char *rel = c ? relative_to(abs, c->dir) : abs, *src, *kglob;
	enum dgs_severity sev;
	enum dgs_kind kind = DGS_KIND_UNKNOWN;
	size_t i, j, k;

	fprintf(fp, "file: %s\n", name);
	fprintf(fp, "configuration: %s\n", c ? c->shown : "none");
	kglob = NULL;
	if (c != NULL)
		for (i = 0; i < c->nkinds; i++)
			if (glob_match(c->kinds[i].glob, rel)) {
				kind = c->kinds[i].kind;
				kglob = c->kinds[i].glob;
			}
	if (cli->kind != DGS_KIND_UNKNOWN)
		fprintf(fp, "kind: %s (--kind)\n", dgs_kind_name(cli->kind));
	else if (kglob != NULL)
		fprintf(fp, "kind: %s (kinds \"%s\" in %s)\n",
		    dgs_kind_name(kind), kglob, c->shown);
	else
		fprintf(fp, "kind: told from the document's shape\n");
	if (cli->license >= 0)
		fprintf(fp, "license: %s (--license)\n", lic[cli->license]);
	else if (c != NULL && c->license >= 0)
		fprintf(fp, "license: %s (%s)\n", lic[c->license], c->shown);
	else
		fprintf(fp, "license: enterprise (default)\n");
	if (cli->fail_on >= 0)
		fprintf(fp, "failOn: %s (--fail-on)\n", cli->fail_on == 4 ?
		    "none" : dgs_severity_name(cli->fail_on));
	else if (c != NULL && c->fail_on >= 0)
		fprintf(fp, "failOn: %s (%s)\n", c->fail_on == 4 ? "none" :
		    dgs_severity_name(c->fail_on), c->shown);
	else
		fprintf(fp, "failOn: warning (default)\n");
	fprintf(fp, "generators: %s\n", cli->generators ? cli->generators :
	    c && c->generators ? "from the configuration" :
	    "built-in catalogue");
	fprintf(fp, "presets: %s\n", cli->presets ? cli->presets :
	    c && c->presets ? "from the configuration" : "none");
	if (cli->schema != NULL)
		fprintf(fp, "schema: %s (--schema)\n", cli->schema);
	else if (c != NULL && c->snapshot_file != NULL) {
		char *shown = path_display(c->snapshot_file);

		fprintf(fp, "schema: %s (%s)\n", shown, c->shown);
		free(shown);
	}
	if (cli->schema_before != NULL)
		fprintf(fp, "schemaBefore: %s (--schema-before)\n",
		    cli->schema_before);
	else if (cli->schema == NULL && c != NULL &&
	    c->snapshot_before_file != NULL) {
		char *shown = path_display(c->snapshot_before_file);

		fprintf(fp, "schemaBefore: %s (%s)\n", shown, c->shown);
		free(shown);
	}
	if (cli->service.url != NULL)
		fprintf(fp, "service: %s, workspace %s %s (--service)\n",
		    cli->service.url, cli->service.workspace != NULL ? "named" :
		    "id", cli->service.workspace != NULL ?
		    cli->service.workspace : cli->service.workspace_id);
	else if (c != NULL && c->service_url != NULL)
		fprintf(fp, "service: %s, workspace %s %s (%s)\n",
		    c->service_url, c->workspace != NULL ? "named" : "id",
		    c->workspace != NULL ? c->workspace : c->workspace_id,
		    c->shown);
	if (cli->rule_url != NULL)
		fprintf(fp, "ruleUrl: %s (--rule-url)\n", cli->rule_url);
	else if (c != NULL && c->rule_url != NULL)
		fprintf(fp, "ruleUrl: %s (%s)\n", c->rule_url, c->shown);
	fprintf(fp, "excluded: %s\n", config_excluded(c, abs) ? "yes" : "no");
	fprintf(fp, "rules:\n");
	for (i = 0; (r = dgs_rule_get(i)) != NULL; i++) {
		sev = r->severity;
		src = "default";
		if (c != NULL)
			for (j = 0; j < c->nrules; j++)
				if (c->rules[j].rule == r) {
					sev = c->rules[j].sev;
					src = c->shown;
				}
		if (c != NULL)
			for (j = 0; j < c->noverrides; j++) {
				ov = &c->overrides[j];
				if (ov->npointers > 0 ||
				    !override_applies(ov, rel))
					continue;
				for (k = 0; k < ov->nrules; k++)
					if (ov->rules[k].rule == r) {
						sev = ov->rules[k].sev;
						src = ov->where;
					}
			}
		for (j = 0; j < cli->nrules; j++)
			if (cli->rules[j].rule == r) {
				sev = cli->rules[j].sev;
				src = "command line";
			}
		if (cli->dropped != NULL && cli->dropped[i]) {
			sev = DGS_SEV_OFF;
			src = cli->dropped[i] == DROP_IGNORED ? "--ignore" :
			    "--select";
		}
		fprintf(fp, "  %-7s %-32s %-8s %s\n", r->id, r->name,
		    dgs_severity_name(sev), src);
		if (c == NULL || strcmp(src, "command line") == 0 ||
		    (cli->dropped != NULL && cli->dropped[i]))
			continue;
		for (j = 0; j < c->noverrides; j++) {
			ov = &c->overrides[j];
			if (ov->npointers == 0 || !override_applies(ov, rel))
				continue;
			for (k = 0; k < ov->nrules; k++) {
				size_t p;

				if (ov->rules[k].rule != r)
					continue;
				for (p = 0; p < ov->npointers; p++)
					fprintf(fp, "  %-7s %-32s %-8s %s, "
					    "under \"%s\"\n", r->id, r->name,
					    dgs_severity_name(ov->rules[k].sev),
					    ov->where, ov->pointers[p]);
			}
		}
	}
}
