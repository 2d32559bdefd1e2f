/*
 * server.c: dgslint --lsp, a language server: JSON-RPC 2.0 on standard input
 * and output with Content-Length framing, messages read and built with
 * json-c.  Here are the loop and the methods; the transport is
 * rpc.c, the documents store.c, their linting lint.c (lsp_int.h says
 * how they depend).
 *
 * The main thread reads, and answers requests in order.  Before it
 * handles a message it reads whatever else is already there, so that a
 * request cancelled by a $/cancelRequest behind it is answered
 * RequestCancelled, and a document changed again behind a didChange is
 * linted once, in its last version.  Linting for diagnostics runs on a
 * worker thread: it lints a copy of the text, and publishes only when
 * the document is still at the version it linted (a change arriving
 * meanwhile supersedes the result, and the worker lints again).
 * Requests that need findings (code actions, hover) lint the current
 * text on the main thread.  Neither thread waits for the network: the
 * service is read on a third, service.c's reader, and when a state is
 * read, service_ready() reads the configurations again with it
 * (lint_reload(), under the write lock) and every document is linted
 * again.
 *
 * DGSLINT_TEST_LSP_SERIAL (for the golden tests of testdata/lsp) makes
 * the main thread wait for the worker after each message, so that the
 * output is in a fixed order.
 *
 * What each thread owns (make sanitize-thread runs the cases of
 * testdata/lsp, stress.cmd among them, under ThreadSanitizer):
 *  - the main thread alone: the input and its queue (sv->in, sv->q), the
 *    state of the protocol (initialized, shutdown, exited, utf8, watch),
 *    and the json-c trees of the messages it reads and answers;
 *  - under sv->mu: the documents (sv->docs and every field of each),
 *    sv->busy, sv->quit, the configurations met unusable (sv->bad,
 *    whose problems are checked then, a lint of each under
 *    sv->cfg_lock's read lock taken inside sv->mu), and standard output
 *    (rpc_send_locked()); the worker copies a document's text under it
 *    and lints the copy, and hands its diagnostics (a json-c tree of
 *    its own) to rpc_send_locked();
 *  - under sv->cfg_lock: sv->cfgs, the configurations and everything they
 *    hold (catalogues, compiled patterns, snapshots), and sv->texts,
 *    the last good text of each, read-locked by a lint and
 *    write-locked by lint_reload() (from the main thread, or the
 *    service's reader); under sv->cfg_mu as well, configs_find()'s
 *    cache of directories, the configurations it loads on the way and
 *    the texts it keeps; no thread holding either waits for sv->mu;
 *  - under rpc_log_mu: the lines of rpc_log() and service.c's say() on
 *    standard error (the configurations' messages are written under
 *    sv->cfg_mu or the write lock);
 *  - service.c, under its bg_mu: its entries, the queue of readings and
 *    the states read; an entry's adopted state is replaced only by
 *    service_adopt(), under sv->cfg_lock's write lock;
 *  - shared by every thread, and safe in itself: repo/path.c's last
 *    directory (a mutex) and working directory (pthread_once());
 *    repo/mapfile.c's list of mapped files (a mutex); the library's tables built once
 *    (pthread_once(): rule lookup, first checks, keys, catalogue sources,
 *    object descriptions), its hash key (once) and page size (atomic);
 *    the near-name memo of rules/gen_metadata.c; json-c, which parses
 *    numbers under a locale of its thread (uselocale()) and seeds its
 *    hash once, at the first message read, before any document reaches
 *    the worker; PCRE2 match data, made for each lint
 *    (rules/subsetting.c).  dgslint never calls setlocale(), and errno is
 *    each thread's;
 *  - set before the threads start, then only read: the settings of the
 *    command line (sv->env; but its base options, which the service's
 *    state read changes, under sv->cfg_lock's write lock), service.c's
 *    mode and the secrets that redact.c masks (service_secrets_init(),
 *    from read_service()).
 * gitignore.c keeps its state in each walk's own, and the server walks
 * no directory.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../baseline.h"
#include "../cli.h"
#include "lsp_int.h"

static int
ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), t = strlen(tail);

	return n >= t && strcmp(s + n - t, tail) == 0;
}

/*
 * Methods.
 */

/* Asks a client that can watch files to tell of every .dgslint.json
 * changed (workspace/didChangeWatchedFiles).  Its answer is not waited
 * for: a response is dropped as it arrives. */
static void
register_watchers(struct server *sv)
{
	json_object *m, *p, *regs, *reg, *opts, *ws, *w;

	if (!sv->watch)
		return;
	m = rpc_new_msg();
	json_object_object_add(m, "id",
	    json_object_new_string("dgslint-watch"));
	json_object_object_add(m, "method",
	    json_object_new_string("client/registerCapability"));
	w = json_object_new_object();
	json_object_object_add(w, "globPattern",
	    json_object_new_string("**/.dgslint.json"));
	ws = json_object_new_array();
	json_object_array_add(ws, w);
	opts = json_object_new_object();
	json_object_object_add(opts, "watchers", ws);
	reg = json_object_new_object();
	json_object_object_add(reg, "id",
	    json_object_new_string("dgslint-config"));
	json_object_object_add(reg, "method",
	    json_object_new_string("workspace/didChangeWatchedFiles"));
	json_object_object_add(reg, "registerOptions", opts);
	regs = json_object_new_array();
	json_object_array_add(regs, reg);
	p = json_object_new_object();
	json_object_object_add(p, "registrations", regs);
	json_object_object_add(m, "params", p);
	rpc_send(sv, m);
}

static json_object *
initialize_result(struct server *sv, json_object *params)
{
	json_object *r, *caps, *sync, *save, *ca, *kinds, *comp, *trig, *info;
	json_object *encs;
	size_t i;

	encs = rpc_member(rpc_member(rpc_member(params, "capabilities"),
	    "general"), "positionEncodings");
	if (encs != NULL && json_object_is_type(encs, json_type_array))
		for (i = 0; i < json_object_array_length(encs); i++)
			if (json_object_is_type(json_object_array_get_idx(encs,
			    i), json_type_string) &&
			    strcmp(json_object_get_string(
			    json_object_array_get_idx(encs, i)), "utf-8") == 0)
				sv->utf8 = 1;
	encs = rpc_member(rpc_member(rpc_member(params, "capabilities"),
	    "workspace"), "didChangeWatchedFiles");
	sv->watch = json_object_get_boolean(rpc_member(encs,
	    "dynamicRegistration"));
	r = json_object_new_object();
	caps = json_object_new_object();
	json_object_object_add(caps, "positionEncoding",
	    json_object_new_string(sv->utf8 ? "utf-8" : "utf-16"));
	sync = json_object_new_object();
	json_object_object_add(sync, "openClose", json_object_new_boolean(1));
	json_object_object_add(sync, "change", json_object_new_int(2));
	save = json_object_new_object();
	json_object_object_add(save, "includeText",
	    json_object_new_boolean(0));
	json_object_object_add(sync, "save", save);
	json_object_object_add(caps, "textDocumentSync", sync);
	ca = json_object_new_object();
	kinds = json_object_new_array();
	json_object_array_add(kinds, json_object_new_string("quickfix"));
	json_object_array_add(kinds, json_object_new_string("source.fixAll"));
	json_object_object_add(ca, "codeActionKinds", kinds);
	json_object_object_add(caps, "codeActionProvider", ca);
	json_object_object_add(caps, "hoverProvider",
	    json_object_new_boolean(1));
	comp = json_object_new_object();
	trig = json_object_new_array();
	json_object_array_add(trig, json_object_new_string("\""));
	json_object_object_add(comp, "triggerCharacters", trig);
	json_object_object_add(caps, "completionProvider", comp);
	json_object_object_add(r, "capabilities", caps);
	info = json_object_new_object();
	json_object_object_add(info, "name", json_object_new_string("dgslint"));
	json_object_object_add(info, "version",
	    json_object_new_string(dgs_version()));
	json_object_object_add(r, "serverInfo", info);
	return r;
}

static void
did_save(struct server *sv, json_object *params)
{
	const char *uri = rpc_str_member(rpc_member(params, "textDocument"),
	    "uri");
	struct doc *d;

	if (uri == NULL)
		return;
	if (ends_with(uri, "/.dgslint.json")) {
		lint_reload(sv, 1);
		return;
	}
	pthread_mutex_lock(&sv->mu);
	if ((d = doc_find(sv, uri)) != NULL)
		doc_schedule(sv, d);
	pthread_mutex_unlock(&sv->mu);
}

/* A .dgslint.json closed: its diagnostics, cleared, are its file's
 * problems again when it cannot be used. */
static void
did_close(struct server *sv, json_object *params)
{
	const char *uri = rpc_str_member(rpc_member(params, "textDocument"),
	    "uri");

	doc_close(sv, params);
	if (uri != NULL && ends_with(uri, "/.dgslint.json")) {
		pthread_mutex_lock(&sv->mu);
		lint_recheck_configs(sv);
		pthread_mutex_unlock(&sv->mu);
	}
}

static void
watched_files(struct server *sv, json_object *params)
{
	json_object *chs = rpc_member(params, "changes");
	const char *uri;
	size_t i;

	if (chs == NULL || !json_object_is_type(chs, json_type_array))
		return;
	for (i = 0; i < json_object_array_length(chs); i++) {
		uri = rpc_str_member(json_object_array_get_idx(chs, i), "uri");
		if (uri != NULL && ends_with(uri, "/.dgslint.json")) {
			lint_reload(sv, 1);
			return;
		}
	}
}

/* A request about a document: its text linted, and the byte offset of
 * params.position (-1 when absent).  Returns -1 (after answering) when
 * the document is not open. */
static int
doc_request(struct server *sv, json_object *id, json_object *params,
    struct lsp_lint *l, struct lsp_text *t, long *off, char **uri)
{
	const char *u = rpc_str_member(rpc_member(params, "textDocument"),
	    "uri");
	const char *why;
	struct doc *d;
	char *abs, *text;
	size_t len;
	enum dgs_kind kind;

	pthread_mutex_lock(&sv->mu);
	if (u == NULL || (d = doc_find(sv, u)) == NULL) {
		pthread_mutex_unlock(&sv->mu);
		rpc_reply_error(sv, id, E_PARAMS, "the document is not open");
		return -1;
	}
	if (d->abs == NULL || d->lost) {
		why = d->abs == NULL ? "the document is not linted: its URI "
		    "is invalid" : "the document is not linted: a change "
		    "could not be applied; open it again";
		pthread_mutex_unlock(&sv->mu);
		rpc_reply_error(sv, id, E_FAILED, why);
		return -1;
	}
	*uri = xstrdup(u);
	abs = xstrdup(d->abs);
	len = d->len;
	text = xmalloc(len + 1);
	memcpy(text, d->text, len + 1);
	kind = d->kind;
	pthread_mutex_unlock(&sv->mu);
	if (lint_begin(sv, abs, text, len, l) != 0) {
		free(abs);
		free(text);
		free(*uri);
		rpc_reply_error(sv, id, -32603, "out of memory");
		return -1;
	}
	free(abs);
	if (l->kind == DGS_KIND_UNKNOWN)
		l->kind = kind;
	lsp_text_init(t, text, len, sv->utf8);
	t->uri = *uri;
	*off = rpc_member(params, "position") != NULL ?
	    lsp_offset_pos(t, rpc_member(params, "position")) : -1;
	return 0;
}

static void
doc_request_end(struct server *sv, struct lsp_lint *l, struct lsp_text *t,
    char *uri)
{
	char *text = (char *)t->s;

	lint_end(sv, l);
	lsp_text_free(t);
	free(text);
	free(uri);
}

static void
text_request(struct server *sv, const char *method, json_object *id,
    json_object *params)
{
	struct lsp_lint l;
	struct lsp_text t;
	json_object *r = NULL;
	char *uri;
	long off;

	if (doc_request(sv, id, params, &l, &t, &off, &uri) != 0)
		return;
	if (strcmp(method, "textDocument/codeAction") == 0)
		r = lsp_code_actions(&t, &l, uri, params);
	else if (off < 0) {
		doc_request_end(sv, &l, &t, uri);
		rpc_reply_error(sv, id, E_PARAMS, "no position");
		return;
	} else if (strcmp(method, "textDocument/hover") == 0)
		r = lsp_hover(&t, &l, (size_t)off);
	else
		r = lsp_completion(&t, &l, (size_t)off);
	doc_request_end(sv, &l, &t, uri);
	rpc_reply(sv, id, r);
}

static void
dispatch(struct server *sv, json_object *msg, int bad)
{
	json_object *id = NULL, *params;
	const char *method;
	int has_id;

	if (bad) {
		rpc_reply_error(sv, NULL, E_PARSE, "parse error: the body is "
		    "not one JSON value");
		return;
	}
	has_id = json_object_is_type(msg, json_type_object) &&
	    json_object_object_get_ex(msg, "id", &id);
	if (has_id && id != NULL && !json_object_is_type(id, json_type_int) &&
	    !json_object_is_type(id, json_type_string)) {
		rpc_reply_error(sv, NULL, E_INVALID, "invalid request: id is "
		    "not a number or a string");
		return;
	}
	if (!json_object_is_type(msg, json_type_object) ||
	    (method = rpc_str_member(msg, "method")) == NULL) {
		/* A response to a request of ours (we send none), or not a
		 * message at all. */
		if (has_id && json_object_is_type(msg, json_type_object) &&
		    (json_object_object_get_ex(msg, "result", NULL) ||
		    json_object_object_get_ex(msg, "error", NULL)))
			return;
		rpc_reply_error(sv, has_id ? id : NULL, E_INVALID,
		    "invalid request: no method");
		return;
	}
	params = rpc_member(msg, "params");
	if (!has_id) {
		/* Notifications. */
		if (strcmp(method, "exit") == 0) {
			sv->exited = 1;
			return;
		}
		if (!sv->initialized)
			return;
		if (strcmp(method, "initialized") == 0)
			register_watchers(sv);
		else if (strcmp(method, "textDocument/didOpen") == 0)
			doc_open(sv, params);
		else if (strcmp(method, "textDocument/didChange") == 0)
			doc_change(sv, params);
		else if (strcmp(method, "textDocument/didClose") == 0)
			did_close(sv, params);
		else if (strcmp(method, "textDocument/didSave") == 0)
			did_save(sv, params);
		else if (strcmp(method,
		    "workspace/didChangeWatchedFiles") == 0)
			watched_files(sv, params);
		/* initialized, $/cancelRequest (handled ahead), and others
		 * unknown: nothing to do. */
		return;
	}
	if (rpc_queued_cancel(sv, id)) {
		rpc_reply_error(sv, id, E_CANCELLED, "request cancelled");
		return;
	}
	if (strcmp(method, "initialize") == 0) {
		if (sv->initialized) {
			rpc_reply_error(sv, id, E_INVALID, "initialize twice");
			return;
		}
		sv->initialized = 1;
		rpc_reply(sv, id, initialize_result(sv, params));
	} else if (!sv->initialized)
		rpc_reply_error(sv, id, E_NOT_INIT, "not initialized");
	else if (sv->shutdown)
		rpc_reply_error(sv, id, E_INVALID, "shut down: only exit is "
		    "left");
	else if (strcmp(method, "shutdown") == 0) {
		sv->shutdown = 1;
		rpc_reply(sv, id, NULL);
	} else if (strcmp(method, "textDocument/codeAction") == 0 ||
	    strcmp(method, "textDocument/hover") == 0 ||
	    strcmp(method, "textDocument/completion") == 0)
		text_request(sv, method, id, params);
	else
		rpc_reply_error(sv, id, E_METHOD, "method not found");
}

/* The service's reader has read a state (on its thread): the
 * configurations are made again with it, and every document linted. */
static void
service_ready(void *arg)
{
	lint_reload(arg, 0);
}

int
lsp_main(const struct lsp_env *env)
{
	struct server sv;
	pthread_t th;
	struct doc *d;
	const char *s;
	int err = 0;

	memset(&sv, 0, sizeof(sv));
	sv.env = env;
	s = getenv("DGSLINT_TEST_LSP_SERIAL");
	sv.serial = s != NULL && s[0] != '\0';
	/* As on the command line, an unusable baseline stops at once. */
	if (env->baseline_file != NULL) {
		struct baseline *b = baseline_load(env->baseline_file);

		if (b == NULL)
			return 2;
		baseline_free(b);
	}
	sv.texts = config_texts_new();
	sv.cfgs = configs_new(env->config_file, env->no_config, sv.texts,
	    env->cli, &err);
	if (err) {
		configs_free(sv.cfgs);
		config_texts_free(sv.texts);
		return 2;
	}
	pthread_mutex_init(&sv.mu, NULL);
	pthread_mutex_init(&sv.cfg_mu, NULL);
	pthread_cond_init(&sv.cv, NULL);
	pthread_rwlock_init(&sv.cfg_lock, NULL);
	if (pthread_create(&th, NULL, lint_worker, &sv) != 0) {
		rpc_log("cannot start the lint thread");
		configs_free(sv.cfgs);
		config_texts_free(sv.texts);
		return 2;
	}
	/* The service is read on its own thread: no answer waits for it. */
	if (service_start(&rpc_log_mu, service_ready, &sv, sv.serial) != 0)
		rpc_log("cannot start the service's reader: the checks "
		    "against the service are not made");
	while (!sv.exited) {
		if (sv.qhead == sv.qlen) {
			if (sv.eof)
				break;
			rpc_fill(&sv, 1);
			continue;
		}
		rpc_fill(&sv, 0);
		d = NULL;
		dispatch(&sv, sv.q[sv.qhead].msg, sv.q[sv.qhead].bad);
		json_object_put(sv.q[sv.qhead].msg);
		sv.qhead++;
		if (sv.serial)
			do
				lint_wait_idle(&sv);
			while (service_wait_idle());
	}
	/* A reading under way is abandoned: exit never waits for it. */
	service_stop();
	if (!sv.exited)
		lint_wait_idle(&sv);
	pthread_mutex_lock(&sv.mu);
	sv.quit = 1;
	/* What is left to lint is not wanted any more. */
	for (d = sv.docs; d != NULL; d = d->next)
		d->dirty = 0;
	pthread_cond_broadcast(&sv.cv);
	pthread_mutex_unlock(&sv.mu);
	pthread_join(th, NULL);
	while (sv.qhead < sv.qlen)
		json_object_put(sv.q[sv.qhead++].msg);
	while ((d = sv.docs) != NULL) {
		sv.docs = d->next;
		doc_free(d);
	}
	free(sv.q);
	free(sv.in);
	lint_forget_configs(&sv);
	configs_free(sv.cfgs);
	config_texts_free(sv.texts);
	pthread_mutex_destroy(&sv.mu);
	pthread_mutex_destroy(&sv.cfg_mu);
	pthread_cond_destroy(&sv.cv);
	pthread_rwlock_destroy(&sv.cfg_lock);
	return sv.exited && sv.shutdown ? 0 : 1;
}
