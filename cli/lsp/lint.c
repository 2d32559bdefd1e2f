/*
 * lint.c: linting the language server's documents, on the worker
 * thread for diagnostics (lint_worker(), which publishes them) or on the
 * main thread for a request (lint_begin(), lint_end()), and reading the
 * configurations again.
 *
 * Each document's options are made as the command line makes a file's:
 * configs_find() and config_options() of settings/config.c, then the baseline.
 * A configuration that cannot be used is shown to the user (a diagnostic
 * at the document's start, and window/showMessage once), as the command
 * line's messages say it; the document is linted without it.
 */
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
	struct capture cap;
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
	if ((bad = configs_find(sv->cfgs, abs, &cfg) != 0)) {
		/* Its messages are in the log; read once more (a
		 * configuration that could not be used is not kept) for
		 * the user to see them. */
		rpc_capture_begin(&cap);
		bad = configs_find(sv->cfgs, abs, &cfg) != 0;
		l->config_error = rpc_capture_end(&cap, 0);
		if (!bad) {
			free(l->config_error);
			l->config_error = NULL;
		} else if (l->config_error == NULL)
			l->config_error = xstrdup("(the messages are in the "
			    "server's log)");
	}
	if (bad)
		cfg = NULL;
	else if (sv->forced_error != NULL)
		l->config_error = xstrdup(sv->forced_error);
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
		free(l->config_error);
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
	free(l->config_error);
	free(l->rule_base);
	free(l->v);
	dgs_result_free(l->res);
	dgs_options_free(l->opts);
	config_findings_free(&l->cf);
	pthread_rwlock_unlock(&sv->cfg_lock);
}

/* Shows why a configuration could not be used (its messages are in the
 * log already), once until the configurations are read again; the
 * caller holds sv->mu. */
static void
show_config_error(struct server *sv, const char *why)
{
	size_t i;

	for (i = 0; i < sv->nshown; i++)
		if (strcmp(sv->shown[i], why) == 0)
			return;
	sv->shown = xrealloc(sv->shown, (sv->nshown + 1) *
	    sizeof(*sv->shown));
	sv->shown[sv->nshown++] = xstrdup(why);
	rpc_show_locked(MSG_ERROR, 0, "a configuration cannot be used; "
	    "the documents under it are linted without it: %s", why);
}

void
lint_forget_shown(struct server *sv)
{
	while (sv->nshown > 0)
		free(sv->shown[--sv->nshown]);
}

void *
lint_worker(void *arg)
{
	struct server *sv = arg;
	struct lsp_lint l;
	struct lsp_text t;
	struct doc *d;
	json_object *diags;
	char *uri, *abs, *text, *cfg_error;
	size_t len;
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
		cfg_error = NULL;
		if (lint_begin(sv, abs, text, len, &l) == 0) {
			lsp_text_init(&t, text, len, sv->utf8);
			t.uri = uri;
			diags = lsp_diagnostics(&t, &l);
			lsp_text_free(&t);
			cfg_error = l.config_error;
			l.config_error = NULL;
			lint_end(sv, &l);
		}

		pthread_mutex_lock(&sv->mu);
		if (cfg_error != NULL && !sv->quit)
			show_config_error(sv, cfg_error);
		free(cfg_error);
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
	struct capture cap;
	struct doc *d;
	char *why;
	int err = 0;

	pthread_rwlock_wrlock(&sv->cfg_lock);
	configs_free(sv->cfgs);
	/* The workspaces on the service: those read since taken, and
	 * all read again in the background with reread (service.c). */
	if (sv->env->refresh != NULL)
		sv->env->refresh(sv->env->refresh_arg, reread);
	rpc_capture_begin(&cap);
	sv->cfgs = configs_new(sv->env->config_file, sv->env->no_config,
	    sv->env->cli, &err);
	why = rpc_capture_end(&cap, 1);
	free(sv->forced_error);
	sv->forced_error = NULL;
	if (err) {
		/* Without it: with no configuration, not with those that
		 * discovery would find. */
		rpc_log("%s: unusable; linting without it",
		    sv->env->config_file);
		configs_free(sv->cfgs);
		sv->cfgs = configs_new(NULL, 1, sv->env->cli, &err);
		sv->forced_error = why != NULL ? why : xstrdup("(the "
		    "messages are in the server's log)");
	} else
		free(why);
	pthread_rwlock_unlock(&sv->cfg_lock);
	pthread_mutex_lock(&sv->mu);
	lint_forget_shown(sv);
	for (d = sv->docs; d != NULL; d = d->next)
		if (reread)
			doc_schedule(sv, d);
		else
			doc_schedule_any(sv, d);
	pthread_mutex_unlock(&sv->mu);
}
