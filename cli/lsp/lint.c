/*
 * lint.c: linting the language server's documents, on the worker
 * thread for diagnostics (lint_worker(), which publishes them) or on the
 * main thread for a request (lint_begin(), lint_end()), and reading the
 * configurations again.
 *
 * Each document's options are made as the command line makes a file's:
 * configs_find() and config_options() of settings/config.c, then the baseline.
 * A configuration that cannot be used is shown to the user once, on
 * itself: its problems, as a .dgslint.json opened is checked, are the
 * diagnostics of its own URI (open in the editor or not) until it is
 * fixed or gone, with window/showMessage when it breaks; the documents
 * under it are linted with its last good version (find.c keeps the text
 * of each configuration read whole), or with none when it had none.
 */
#include <sys/stat.h>

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../baseline.h"
#include "../cli.h"
#include "lsp_int.h"

/*
 * Linting, on either thread.
 */
int
lint_begin(struct server *sv, const char *abs, const char *text,
    size_t len, struct lsp_lint *l)
{
	struct config *cfg = NULL;
	struct baseline *b = NULL;
	const struct dgs_finding *f;
	const char *bad_path;
	int fail_on, excluded, bad;
	size_t i, n;

	memset(l, 0, sizeof(*l));
	l->kind = DGS_KIND_UNKNOWN;
	pthread_rwlock_rdlock(&sv->cfg_lock);
	if (config_named(abs)) {
		/* dgslint's configuration, as the command line checks one
		 * it meets (config-invalid, DGS002). */
		l->config = 1;
		l->cf.file = abs;
		l->opts = config_options(NULL, sv->env->cli, sv->env->base,
		    abs, &fail_on);
		pthread_mutex_lock(&rpc_log_mu);
		config_check(abs, text, len, &l->cf);
		pthread_mutex_unlock(&rpc_log_mu);
		l->v = xcalloc(l->cf.n ? l->cf.n : 1, sizeof(*l->v));
		for (i = 0; i < l->cf.n; i++)
			if (strcmp(l->cf.v[i].rule->id, "DGS002") != 0 ||
			    (l->cf.v[i].severity = dgs_options_get_severity(
			    l->opts, "DGS002")) != DGS_SEV_OFF)
				l->v[l->n++] = &l->cf.v[i];
		return 0;
	}
	pthread_mutex_lock(&sv->cfg_mu);
	/* Its messages are in the log; an unusable configuration is
	 * published on itself (config_broken()), its last good version
	 * used in its place. */
	bad = configs_find_kept(sv->cfgs, abs, &cfg, &bad_path) != 0;
	if (bad && bad_path != NULL) {
		l->config_bad = xstrdup(bad_path);
		l->config_kept = cfg != NULL;
		bad = 0;
	} else if (bad)
		cfg = NULL;
	l->opts = config_options(cfg, sv->env->cli, sv->env->base, abs,
	    &fail_on);
	if (sv->env->cli->rule_url != NULL)
		l->rule_base = xstrdup(sv->env->cli->rule_url);
	else if (config_rule_base(cfg) != NULL)
		l->rule_base = xstrdup(config_rule_base(cfg));
	/* What a directory search would not lint: as under
	 * --force-exclude, which no editor's setup passes. */
	excluded = config_excluded(cfg, abs) || config_service(cfg, abs) < 0;
	pthread_mutex_unlock(&sv->cfg_mu);
	if (bad)
		rpc_log("%s: the configuration above is unusable; linting "
		    "with none", abs);
	if (excluded) {
		/* Not linted, no findings (res stays NULL). */
		l->v = xcalloc(1, sizeof(*l->v));
		return 0;
	}
	if (dgs_lint(l->opts, abs, text, len, &l->res) != 0) {
		rpc_log("%s: out of memory", abs);
		dgs_options_free(l->opts);
		free(l->config_bad);
		free(l->rule_base);
		pthread_rwlock_unlock(&sv->cfg_lock);
		return -1;
	}
	if (sv->env->baseline_file != NULL) {
		pthread_mutex_lock(&rpc_log_mu);
		b = baseline_load(sv->env->baseline_file);
		pthread_mutex_unlock(&rpc_log_mu);
		if (b == NULL)
			rpc_log("%s: baseline not applied",
			    sv->env->baseline_file);
	}
	n = dgs_result_count(l->res);
	l->v = xcalloc(n ? n : 1, sizeof(*l->v));
	for (i = 0; i < n; i++) {
		f = dgs_result_get(l->res, i);
		if (b != NULL && baseline_match(b, abs, f))
			continue;
		l->v[l->n++] = f;
	}
	baseline_free(b);
	l->kind = dgs_result_kind(l->res);
	return 0;
}

void
lint_end(struct server *sv, struct lsp_lint *l)
{
	free(l->config_bad);
	free(l->rule_base);
	free(l->v);
	dgs_result_free(l->res);
	dgs_options_free(l->opts);
	config_findings_free(&l->cf);
	pthread_rwlock_unlock(&sv->cfg_lock);
}

/*
 * Configurations that cannot be used, each published on its own URI;
 * the callers hold sv->mu.
 */

/* The problems of the configuration at path as its file holds them now:
 * its diagnostics (*diags: NULL when it cannot be read) and the lines of
 * its messages, "PATH:LINE:COLUMN: MESSAGE" (*lines, to free).  1 when
 * it has some, 0 when it is fixed or gone. */
static int
config_problems(struct server *sv, const struct bad_config *e,
    json_object **diags, char **lines)
{
	struct lsp_lint l;
	struct lsp_text t;
	struct str m;
	struct stat st;
	const char *why;
	char *buf, *shown, *line, err[256];
	size_t len, i;
	int rc;

	*diags = NULL;
	*lines = NULL;
	if (lstat(e->path, &st) != 0 && errno == ENOENT)
		return 0;
	shown = path_display(e->path);
	if ((why = config_unreadable(e->path)) != NULL ||
	    read_document(e->path, &buf, &len, err, sizeof(err)) != 0) {
		*lines = xasprintf("%s: cannot read the configuration: %s",
		    shown, why != NULL ? why : err);
		free(shown);
		return 1;
	}
	if (lint_begin(sv, e->path, buf, len, &l) != 0) {
		free(shown);
		free(buf);
		return 1;
	}
	lsp_text_init(&t, buf, len, sv->utf8);
	t.uri = e->uri;
	*diags = lsp_diagnostics(&t, &l);
	lsp_text_free(&t);
	memset(&m, 0, sizeof(m));
	for (i = 0; i < l.cf.n; i++) {
		line = xasprintf("%s%s:%lu:%lu: %s", i > 0 ? "\n" : "", shown,
		    l.cf.v[i].line, l.cf.v[i].column, l.cf.v[i].message);
		str_addn(&m, line, strlen(line));
		free(line);
	}
	*lines = m.s;
	rc = l.cf.n > 0;
	lint_end(sv, &l);
	free(shown);
	free(buf);
	return rc;
}

/* Publishes the problems of e, unless it is open in the editor (its
 * lint does), and when it has none, clears what was published; returns
 * whether it has some, and their lines in *lines (to free; NULL). */
static int
config_publish(struct server *sv, struct bad_config *e, char **lines)
{
	json_object *diags;
	struct doc *d;
	int rc;

	rc = config_problems(sv, e, &diags, lines);
	for (d = sv->docs; d != NULL; d = d->next)
		if (d->abs != NULL && strcmp(d->abs, e->path) == 0)
			break;
	if (diags == NULL)
		diags = json_object_new_array();
	if (d != NULL)
		e->published = 0;
	else if (json_object_array_length(diags) > 0 || e->published) {
		e->published = json_object_array_length(diags) > 0;
		rpc_send_locked(rpc_publish_msg(e->uri, NULL, diags));
		return rc;
	}
	json_object_put(diags);
	return rc;
}

/* A lint met the configuration at path unusable: said in the log once a
 * reading of the configurations, and, when it has just broken, shown to
 * the user and published. */
static void
config_broken(struct server *sv, const char *path, int kept)
{
	struct bad_config *e;
	char *lines, *masked;
	size_t i;

	for (i = 0; i < sv->nbad && strcmp(sv->bad[i].path, path) != 0; i++)
		;
	if (i == sv->nbad) {
		sv->bad = xrealloc(sv->bad, (sv->nbad + 1) * sizeof(*sv->bad));
		e = &sv->bad[sv->nbad++];
		e->path = xstrdup(path);
		e->uri = lsp_file_uri(path);
		e->published = e->said = 0;
		config_publish(sv, e, &lines);
		masked = lines != NULL ? redact_run(lines) : NULL;
		rpc_show_locked(MSG_ERROR, 0, "a configuration cannot be "
		    "used; the documents under it are linted %s: %s",
		    kept ? "with its last good version" : "without it",
		    masked != NULL ? masked : lines != NULL ? lines :
		    "(the messages are in the server's log)");
		free(masked);
		free(lines);
	}
	e = &sv->bad[i];
	if (!e->said)
		rpc_log("%s: unusable; the documents under it are linted %s",
		    path, kept ? "with its last good version" :
		    "with no configuration");
	e->said = 1;
}

void
lint_recheck_configs(struct server *sv)
{
	char *lines;
	size_t i = 0;

	while (i < sv->nbad) {
		if (config_publish(sv, &sv->bad[i], &lines)) {
			free(lines);
			i++;
			continue;
		}
		free(lines);
		free(sv->bad[i].path);
		free(sv->bad[i].uri);
		sv->bad[i] = sv->bad[--sv->nbad];
	}
}

void
lint_forget_configs(struct server *sv)
{
	while (sv->nbad > 0) {
		free(sv->bad[--sv->nbad].path);
		free(sv->bad[sv->nbad].uri);
	}
	free(sv->bad);
	sv->bad = NULL;
}

void *
lint_worker(void *arg)
{
	struct server *sv = arg;
	struct lsp_lint l;
	struct lsp_text t;
	struct doc *d;
	json_object *diags;
	char *uri, *abs, *text, *cfg_bad;
	size_t len;
	int cfg_kept;
	unsigned long gen;

	pthread_mutex_lock(&sv->mu);
	for (;;) {
		for (d = sv->docs; d != NULL && !d->dirty; d = d->next)
			;
		if (d == NULL) {
			if (sv->quit)
				break;
			sv->busy = 0;
			pthread_cond_broadcast(&sv->cv);
			pthread_cond_wait(&sv->cv, &sv->mu);
			continue;
		}
		sv->busy = 1;
		d->dirty = 0;
		uri = xstrdup(d->uri);
		abs = xstrdup(d->abs);
		len = d->len;
		text = xmalloc(len + 1);
		memcpy(text, d->text, len + 1);
		gen = d->gen;
		pthread_mutex_unlock(&sv->mu);

		diags = NULL;
		cfg_bad = NULL;
		cfg_kept = 0;
		if (lint_begin(sv, abs, text, len, &l) == 0) {
			lsp_text_init(&t, text, len, sv->utf8);
			t.uri = uri;
			diags = lsp_diagnostics(&t, &l);
			lsp_text_free(&t);
			cfg_bad = l.config_bad;
			cfg_kept = l.config_kept;
			l.config_bad = NULL;
			lint_end(sv, &l);
		}

		pthread_mutex_lock(&sv->mu);
		if (cfg_bad != NULL && !sv->quit)
			config_broken(sv, cfg_bad, cfg_kept);
		free(cfg_bad);
		/* Published only when nothing changed it meanwhile. */
		if (diags != NULL && (d = doc_find(sv, uri)) != NULL &&
		    l.kind != DGS_KIND_UNKNOWN)
			d->kind = l.kind;
		if (diags != NULL && !sv->quit &&
		    (d = doc_find(sv, uri)) != NULL && d->gen == gen)
			rpc_send_locked(rpc_publish_msg(uri, d->version,
			    diags));
		else
			json_object_put(diags);
		free(uri);
		free(abs);
		free(text);
	}
	sv->busy = 0;
	pthread_cond_broadcast(&sv->cv);
	pthread_mutex_unlock(&sv->mu);
	return NULL;
}

void
lint_wait_idle(struct server *sv)
{
	struct doc *d;

	pthread_mutex_lock(&sv->mu);
	for (;;) {
		for (d = sv->docs; d != NULL && !d->dirty; d = d->next)
			;
		if (d == NULL && !sv->busy)
			break;
		pthread_cond_wait(&sv->cv, &sv->mu);
	}
	pthread_mutex_unlock(&sv->mu);
}

/* Reads the configurations again, and lints every open document. */
void
lint_reload(struct server *sv, int reread)
{
	struct doc *d;
	size_t i;
	int err = 0;

	pthread_rwlock_wrlock(&sv->cfg_lock);
	configs_free(sv->cfgs);
	/* The workspaces on the service: those read since taken, and
	 * all read again in the background with reread (service.c). */
	if (sv->env->refresh != NULL)
		sv->env->refresh(sv->env->refresh_arg, reread);
	/* --config's file unusable is read from its last good text, or
	 * none is used: never those that discovery would find. */
	sv->cfgs = configs_new(sv->env->config_file, sv->env->no_config,
	    sv->texts, sv->env->cli, &err);
	pthread_rwlock_unlock(&sv->cfg_lock);
	pthread_mutex_lock(&sv->mu);
	for (i = 0; i < sv->nbad; i++)
		sv->bad[i].said = 0;
	lint_recheck_configs(sv);
	for (d = sv->docs; d != NULL; d = d->next)
		if (reread)
			doc_schedule(sv, d);
		else
			doc_schedule_any(sv, d);
	pthread_mutex_unlock(&sv->mu);
}
