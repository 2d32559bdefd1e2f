/*
 * lsp.c: dgslint --lsp, a language server: JSON-RPC 2.0 on standard input
 * and output with Content-Length framing, messages read and built with
 * json-c.
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
 * text on the main thread.
 *
 * Each document's options are made as the command line makes a file's:
 * configs_find() and config_options() of config.c, then the baseline.
 * A configuration that cannot be used is shown to the user (a diagnostic
 * at the document's start, and window/showMessage once), as the command
 * line's messages say it; the document is linted without it.
 *
 * A document whose file URI is invalid is not linted, and one whose
 * change cannot be applied (its range does not fit the text) is not
 * linted again until the client sends its whole text (didOpen, or a
 * change without a range): either is told with window/showMessage, and
 * the second's diagnostics are cleared, as clangd drops such a document.
 *
 * A document whose file URI is invalid is not linted, and one whose
 * change cannot be applied (its range does not fit the text) is not
 * linted again until the client sends its whole text (didOpen, or a
 * change without a range): either is told with window/showMessage, and
 * the second's diagnostics are cleared, as clangd drops such a document.
 *
 * DGSLINT_TEST_LSP_SERIAL (for the golden tests of testdata/lsp) makes
 * the main thread wait for the worker after each message, so that the
 * output is in a fixed order.
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "baseline.h"
#include "cli.h"
#include "lsp.h"
#include "output.h"
#include "run.h"

#define MAX_HEADER	8192
#define MAX_BODY	((size_t)1 << 30)

/* JSON-RPC and LSP error codes. */
#define E_PARSE		(-32700)
#define E_INVALID	(-32600)
#define E_METHOD	(-32601)
#define E_PARAMS	(-32602)
#define E_NOT_INIT	(-32002)
#define E_FAILED	(-32803)
#define E_CANCELLED	(-32800)

/* window/showMessage's types. */
#define MSG_ERROR	1
#define MSG_WARNING	2

struct doc {
	struct doc	*next;
	char		*uri;
	char		*abs;		/* for configuration and baseline;
					 * NULL: the URI is invalid */
	const char	*bad_uri;	/* why it is */
	char		*text;
	size_t		 len;
	json_object	*version;	/* the client's, or NULL */
	enum dgs_kind	 kind;		/* of the last lint that told one */
	unsigned long	 gen;		/* ours: one more each change */
	int		 dirty;		/* to lint */
	/* A change could not be applied: the text is not the client's
	 * until it sends it whole. */
	int		 lost;
};

struct qmsg {
	json_object	*msg;
	int		 bad;		/* the body is not one JSON value */
};

struct server {
	const struct lsp_env	*env;
	/* Input. */
	char		*in;
	size_t		 inlen, inoff, incap;
	int		 eof;
	struct qmsg	*q;
	size_t		 qhead, qlen, qcap;
	/* State. */
	int		 initialized;
	int		 shutdown;
	int		 exited;
	int		 utf8;
	int		 watch;		/* the client registers file watchers */
	int		 serial;
	/* Shared with the worker, under mu. */
	pthread_mutex_t	 mu;
	pthread_cond_t	 cv;		/* work to do, or the worker idle */
	struct doc	*docs;
	int		 busy;
	int		 quit;
	/* Configurations: read-locked during a lint (its options share
	 * their configuration's catalogues), write-locked to reload. */
	pthread_rwlock_t cfg_lock;
	pthread_mutex_t	 cfg_mu;	/* configs_find()'s cache */
	struct configs	*cfgs;
	/* Why --config's file could not be used when it was read again
	 * (then no configuration is), or NULL; under cfg_lock. */
	char		*forced_error;
	/* The configuration messages shown with window/showMessage since
	 * the configurations were last read, each once; under mu. */
	char		**shown;
	size_t		 nshown;
};

/* Held by every writer of standard error, which capture_begin() may
 * point elsewhere for a while. */
static pthread_mutex_t log_mu = PTHREAD_MUTEX_INITIALIZER;

static void
logmsg(const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&log_mu);
	fputs("dgslint: lsp: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	pthread_mutex_unlock(&log_mu);
}

/*
 * The messages the configuration code writes on standard error (as the
 * command line shows them), kept to be shown to the user: standard
 * error points at a temporary file meanwhile.
 */
struct capture {
	FILE	*f;
	int	 saved;
};

static void
capture_begin(struct capture *c)
{
	pthread_mutex_lock(&log_mu);
	fflush(stderr);
	c->saved = -1;
	if ((c->f = tmpfile()) == NULL)
		return;
	if ((c->saved = dup(2)) < 0 || dup2(fileno(c->f), 2) < 0) {
		if (c->saved >= 0)
			close(c->saved);
		fclose(c->f);
		c->f = NULL;
	}
}

/* What was written since capture_begin(), its lines without "dgslint: "
 * and the last newline (to free; NULL when nothing could be kept); also
 * written on standard error with echo. */
static char *
capture_end(struct capture *c, int echo)
{
	struct str b, out;
	char chunk[4096], *line, *nl;
	size_t n;

	fflush(stderr);
	if (c->f == NULL) {
		pthread_mutex_unlock(&log_mu);
		return NULL;
	}
	dup2(c->saved, 2);
	close(c->saved);
	memset(&b, 0, sizeof(b));
	memset(&out, 0, sizeof(out));
	rewind(c->f);
	while ((n = fread(chunk, 1, sizeof(chunk), c->f)) > 0)
		str_addn(&b, chunk, n);
	fclose(c->f);
	if (b.len > 0 && echo)
		fwrite(b.s, 1, b.len, stderr);
	pthread_mutex_unlock(&log_mu);
	for (line = b.s; line != NULL && *line != '\0'; line = nl) {
		if ((nl = strchr(line, '\n')) != NULL)
			*nl++ = '\0';
		if (strncmp(line, "dgslint: ", 9) == 0)
			line += 9;
		if (out.len > 0)
			str_addn(&out, "\n", 1);
		str_addn(&out, line, strlen(line));
	}
	free(b.s);
	return out.s;
}

/*
 * Output: one message, framed.  Callers hold sv->mu, so that messages of
 * both threads never mix and a document closed is never published after
 * its clearing.
 */
static void
send_locked(json_object *m)
{
	struct str body = { NULL, 0, 0 };
	char head[64];
	int n;

	/* The program's one JSON writer: valid UTF-8 whatever a path or a
	 * document's text holds (json-c's own passes bytes through). */
	json_tree(&body, m, JSON_C_TO_STRING_PLAIN |
	    JSON_C_TO_STRING_NOSLASHESCAPE);
	n = snprintf(head, sizeof(head), "Content-Length: %zu\r\n\r\n",
	    body.len);
	if (write_all(1, head, (size_t)n) != 0 ||
	    write_all(1, body.s, body.len) != 0) {
		logmsg("standard output: %s", strerror(errno));
		exit(1);
	}
	free(body.s);
	json_object_put(m);
}

static void
send_msg(struct server *sv, json_object *m)
{
	pthread_mutex_lock(&sv->mu);
	send_locked(m);
	pthread_mutex_unlock(&sv->mu);
}

/* A new message, "jsonrpc" first. */
static json_object *
new_msg(void)
{
	json_object *m = json_object_new_object();

	json_object_object_add(m, "jsonrpc", json_object_new_string("2.0"));
	return m;
}

static json_object *
copy_id(json_object *id)
{
	json_object *c = NULL;

	if (id == NULL)
		return NULL;
	if (json_object_deep_copy(id, &c, NULL) != 0)
		return NULL;
	return c;
}

static void
reply(struct server *sv, json_object *id, json_object *result)
{
	json_object *m = new_msg();

	json_object_object_add(m, "id", copy_id(id));
	json_object_object_add(m, "result", result);
	send_msg(sv, m);
}

static void
reply_error(struct server *sv, json_object *id, int code, const char *text)
{
	json_object *m = new_msg(), *e;

	e = json_object_new_object();
	json_object_object_add(e, "code", json_object_new_int(code));
	json_object_object_add(e, "message", json_object_new_string(text));
	json_object_object_add(m, "id", copy_id(id));
	json_object_object_add(m, "error", e);
	send_msg(sv, m);
}

/* window/showMessage, "dgslint: " and the text, which also goes to the
 * log with log; the caller holds sv->mu. */
static void
show_locked(int type, int log, const char *fmt, ...)
{
	json_object *m = new_msg(), *p;
	va_list ap;
	char *text;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	text = xmalloc(n > 0 ? (size_t)n + 10 : 10);
	memcpy(text, "dgslint: ", 10);
	va_start(ap, fmt);
	if (n > 0)
		vsnprintf(text + 9, (size_t)n + 1, fmt, ap);
	va_end(ap);
	if (log)
		logmsg("%s", text + 9);
	p = json_object_new_object();
	json_object_object_add(p, "type", json_object_new_int(type));
	json_object_object_add(p, "message", json_object_new_string(text));
	json_object_object_add(m, "method",
	    json_object_new_string("window/showMessage"));
	json_object_object_add(m, "params", p);
	free(text);
	send_locked(m);
}

/*
 * Input.
 */
static void
queue_push(struct server *sv, json_object *msg, int bad)
{
	if (sv->qhead > 0 && sv->qhead == sv->qlen)
		sv->qhead = sv->qlen = 0;
	if (sv->qlen == sv->qcap) {
		if (sv->qhead > 0) {
			memmove(sv->q, sv->q + sv->qhead,
			    (sv->qlen - sv->qhead) * sizeof(*sv->q));
			sv->qlen -= sv->qhead;
			sv->qhead = 0;
		}
		if (sv->qlen == sv->qcap) {
			sv->qcap = sv->qcap ? sv->qcap * 2 : 16;
			sv->q = xrealloc(sv->q, sv->qcap * sizeof(*sv->q));
		}
	}
	sv->q[sv->qlen].bad = bad;
	sv->q[sv->qlen++].msg = msg;
}

static const char *
find_bytes(const char *s, size_t n, const char *what)
{
	size_t w = strlen(what), i;

	for (i = 0; i + w <= n; i++)
		if (s[i] == what[0] && memcmp(s + i, what, w) == 0)
			return s + i;
	return NULL;
}

/* After a header that cannot be read: on at the next Content-Length. */
static void
resync(struct server *sv, size_t from)
{
	const char *p;

	p = find_bytes(sv->in + from, sv->inlen - from, "Content-Length:");
	sv->inoff = p != NULL ? (size_t)(p - sv->in) : sv->inlen;
}

static int
header_is(const char *line, size_t n, const char *name)
{
	size_t w = strlen(name), i;

	if (n < w + 1 || line[w] != ':')
		return 0;
	for (i = 0; i < w; i++)
		if ((line[i] | 0x20) != (name[i] | 0x20))
			return 0;
	return 1;
}

/* One message from the input buffer into the queue: 1 when one was taken
 * (or a bad one skipped), 0 when more input is needed. */
static int
take_message(struct server *sv)
{
	const char *s = sv->in + sv->inoff, *end, *line, *eol, *p;
	size_t n = sv->inlen - sv->inoff, hlen, clen = 0, need;
	int have = 0, bad = 0, ok, ended;
	json_tokener *tok;
	json_object *msg;

	if (n == 0)
		return 0;
	if ((end = find_bytes(s, n > MAX_HEADER ? MAX_HEADER : n,
	    "\r\n\r\n")) == NULL) {
		if (n >= MAX_HEADER) {
			logmsg("header longer than %d bytes without its end; "
			    "skipped", MAX_HEADER);
			resync(sv, sv->inoff + 1);
			return 1;
		}
		if (sv->eof) {
			logmsg("incomplete header at the end of input; "
			    "ignored");
			sv->inoff = sv->inlen;
		}
		return 0;
	}
	hlen = (size_t)(end - s) + 4;
	for (line = s; line < end; line = eol + 2) {
		if ((eol = find_bytes(line, (size_t)(end - line) + 2,
		    "\r\n")) == NULL)
			eol = end;
		if (header_is(line, (size_t)(eol - line), "Content-Length")) {
			p = line + sizeof("Content-Length");
			while (p < eol && *p == ' ')
				p++;
			clen = 0;
			if (p == eol)
				bad = 1;
			for (; p < eol; p++) {
				if (*p < '0' || *p > '9' || clen > MAX_BODY) {
					bad = 1;
					break;
				}
				clen = clen * 10 + (size_t)(*p - '0');
			}
			have = 1;
		} else if (memchr(line, ':', (size_t)(eol - line)) == NULL)
			bad = 1;
	}
	if (bad || !have || clen > MAX_BODY) {
		logmsg("bad header (%s); skipped to the next Content-Length",
		    !have ? "no Content-Length" : "unreadable header");
		resync(sv, sv->inoff + hlen);
		return 1;
	}
	need = hlen + clen;
	if (n < need) {
		if (sv->eof) {
			logmsg("message cut short at the end of input: %zu of "
			    "%zu bytes", n - hlen, clen);
			sv->inoff = sv->inlen;
		}
		return 0;
	}
	tok = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH);
	if (tok == NULL) {
		logmsg("out of memory");
		exit(1);
	}
	/* One JSON value (null is one, and is NULL), then only white
	 * space: json_tokener_continue is a value cut short. */
	msg = json_tokener_parse_ex(tok, s + hlen, (int)clen);
	ended = 0;
	if (msg == NULL && json_tokener_get_error(tok) ==
	    json_tokener_continue) {
		/* A literal or number ends at the end of the body. */
		msg = json_tokener_parse_ex(tok, "", 1);
		ended = 1;
	}
	ok = json_tokener_get_error(tok) == json_tokener_success;
	if (ok && !ended) {
		for (p = s + hlen + json_tokener_get_parse_end(tok);
		    p < s + need && (*p == ' ' || *p == '\t' || *p == '\r' ||
		    *p == '\n'); p++)
			;
		ok = p == s + need;
	}
	if (!ok) {
		json_object_put(msg);
		msg = NULL;
	}
	json_tokener_free(tok);
	sv->inoff += need;
	queue_push(sv, msg, !ok);
	return 1;
}

/* Reads what is there (all of it, or once, blocking, with block). */
static void
fill(struct server *sv, int block)
{
	struct pollfd pfd;
	ssize_t r;

	while (!sv->eof) {
		if (!block) {
			pfd.fd = 0;
			pfd.events = POLLIN;
			if (poll(&pfd, 1, 0) <= 0)
				break;
		}
		if (sv->inoff > 0 && sv->inoff == sv->inlen)
			sv->inoff = sv->inlen = 0;
		if (sv->incap - sv->inlen < 65536) {
			if (sv->inoff > 0) {
				memmove(sv->in, sv->in + sv->inoff,
				    sv->inlen - sv->inoff);
				sv->inlen -= sv->inoff;
				sv->inoff = 0;
			}
			if (sv->incap - sv->inlen < 65536) {
				sv->incap = sv->incap ? sv->incap * 2 : 131072;
				sv->in = xrealloc(sv->in, sv->incap);
			}
		}
		r = read(0, sv->in + sv->inlen, sv->incap - sv->inlen);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (r < 0)
				logmsg("standard input: %s", strerror(errno));
			sv->eof = 1;
		} else
			sv->inlen += (size_t)r;
		while (take_message(sv))
			;
		if (block)
			break;
	}
	while (take_message(sv))
		;
}

/*
 * Documents.
 */
static int
hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ?
	    c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/*
 * The path of a file URI (file:///path; file://host/path, whose host is
 * left out as before; file:/path), decoded as RFC 3986 says: 0 and *path
 * to free, or NULL for a URI of another scheme (such as untitled:); -1
 * and why for an invalid one: a '%' not followed by two hexadecimal
 * digits, %00 (no path holds a NUL), %2F (no file name holds a '/'), a
 * query or fragment ('?' and '#' not encoded), no absolute path.  Other
 * characters are taken as they are.
 */
static int
uri_path(const char *uri, char **path, const char **why)
{
	const char *p;
	char *q;
	int hi, lo, c;

	*path = NULL;
	if (strncasecmp(uri, "file:", 5) != 0)
		return 0;
	p = uri + 5;
	if (p[0] == '/' && p[1] == '/') {
		/* An authority: a host (left out) or none. */
		p += 2;
		if (*p != '/' && (p = strchr(p, '/')) == NULL) {
			*why = "a file URI without a path";
			return -1;
		}
	}
	if (*p != '/') {
		*why = "a file URI whose path is not absolute";
		return -1;
	}
	if (strpbrk(p, "?#") != NULL) {
		*why = "a file URI with a query or fragment ('?' or '#' not "
		    "percent-encoded)";
		return -1;
	}
	*path = q = xmalloc(strlen(p) + 1);
	for (; *p != '\0'; p++) {
		if (*p != '%') {
			*q++ = *p;
			continue;
		}
		if ((hi = hex_digit(p[1])) < 0 || (lo = hex_digit(p[2])) < 0)
			*why = "'%' not followed by two hexadecimal digits";
		else if ((c = hi * 16 + lo) == 0)
			*why = "%00 in a file URI (a path holds no NUL byte)";
		else if (c == '/')
			*why = "%2F in a file URI (a file name holds no '/')";
		else {
			*q++ = (char)c;
			p += 2;
			continue;
		}
		free(*path);
		*path = NULL;
		return -1;
	}
	*q = '\0';
	return 0;
}

static struct doc *
doc_find(struct server *sv, const char *uri)
{
	struct doc *d;

	for (d = sv->docs; d != NULL; d = d->next)
		if (strcmp(d->uri, uri) == 0)
			return d;
	return NULL;
}

static void
doc_free(struct doc *d)
{
	free(d->uri);
	free(d->abs);
	free(d->text);
	json_object_put(d->version);
	free(d);
}

static const char *
str_member(json_object *o, const char *key)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

static json_object *
member(json_object *o, const char *key)
{
	json_object *v;

	if (o == NULL || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v))
		return NULL;
	return v;
}

/* Whether a notification waiting in the queue changes or closes uri
 * before any request (a request wants the document as it is then). */
static int
queued_change(const struct server *sv, const char *uri)
{
	const char *m, *u;
	size_t i;

	for (i = sv->qhead + 1; i < sv->qlen; i++) {
		if (sv->q[i].msg == NULL ||
		    (m = str_member(sv->q[i].msg, "method")) == NULL)
			continue;
		if (member(sv->q[i].msg, "id") != NULL)
			return 0;
		if (strcmp(m, "textDocument/didChange") != 0 &&
		    strcmp(m, "textDocument/didClose") != 0 &&
		    strcmp(m, "textDocument/didOpen") != 0)
			continue;
		u = str_member(member(member(sv->q[i].msg, "params"),
		    "textDocument"), "uri");
		if (u != NULL && strcmp(u, uri) == 0)
			return 1;
	}
	return 0;
}

/* Lints d when nothing behind it in the queue changes it again (and
 * its text is known). */
static void
schedule(struct server *sv, struct doc *d)
{
	if (d->abs == NULL || d->lost || queued_change(sv, d->uri))
		return;
	d->dirty = 1;
	pthread_cond_broadcast(&sv->cv);
}

/*
 * Linting, on either thread.
 */
static int
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
	pthread_mutex_lock(&sv->cfg_mu);
	if ((bad = configs_find(sv->cfgs, abs, &cfg) != 0)) {
		/* Its messages are in the log; read once more (a
		 * configuration that could not be used is not kept) for
		 * the user to see them. */
		capture_begin(&cap);
		bad = configs_find(sv->cfgs, abs, &cfg) != 0;
		l->config_error = capture_end(&cap, 0);
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
	excluded = sv->env->force_exclude && config_excluded(cfg, abs);
	pthread_mutex_unlock(&sv->cfg_mu);
	if (bad)
		logmsg("%s: the configuration above is unusable; linting "
		    "with none", abs);
	if (excluded) {
		/* As on the command line with --force-exclude: not linted,
		 * no findings (res stays NULL). */
		l->v = xcalloc(1, sizeof(*l->v));
		return 0;
	}
	if (dgs_lint(l->opts, abs, text, len, &l->res) != 0) {
		logmsg("%s: out of memory", abs);
		dgs_options_free(l->opts);
		free(l->config_error);
		pthread_rwlock_unlock(&sv->cfg_lock);
		return -1;
	}
	if (sv->env->baseline_file != NULL) {
		pthread_mutex_lock(&log_mu);
		b = baseline_load(sv->env->baseline_file);
		pthread_mutex_unlock(&log_mu);
		if (b == NULL)
			logmsg("%s: baseline not applied",
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

static void
lint_end(struct server *sv, struct lsp_lint *l)
{
	free(l->config_error);
	free(l->v);
	dgs_result_free(l->res);
	dgs_options_free(l->opts);
	pthread_rwlock_unlock(&sv->cfg_lock);
}

static json_object *
publish_msg(const char *uri, json_object *version, json_object *diags)
{
	json_object *m = new_msg(), *p;

	p = json_object_new_object();
	json_object_object_add(p, "uri", json_object_new_string(uri));
	if (version != NULL)
		json_object_object_add(p, "version", copy_id(version));
	json_object_object_add(p, "diagnostics", diags);
	json_object_object_add(m, "method",
	    json_object_new_string("textDocument/publishDiagnostics"));
	json_object_object_add(m, "params", p);
	return m;
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
	show_locked(MSG_ERROR, 0, "a configuration cannot be used; "
	    "the documents under it are linted without it: %s", why);
}

static void
forget_shown(struct server *sv)
{
	while (sv->nshown > 0)
		free(sv->shown[--sv->nshown]);
}

static void *
worker(void *arg)
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
			send_locked(publish_msg(uri, d->version, diags));
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

static void
wait_idle(struct server *sv)
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
static void
reload(struct server *sv)
{
	struct capture cap;
	struct doc *d;
	char *why;
	int err = 0;

	pthread_rwlock_wrlock(&sv->cfg_lock);
	configs_free(sv->cfgs);
	/* The workspaces on the service, read again (service.c). */
	if (sv->env->refresh != NULL)
		sv->env->refresh(sv->env->refresh_arg);
	capture_begin(&cap);
	sv->cfgs = configs_new(sv->env->config_file, sv->env->no_config,
	    sv->env->cli, &err);
	why = capture_end(&cap, 1);
	free(sv->forced_error);
	sv->forced_error = NULL;
	if (err) {
		/* Without it: with no configuration, not with those that
		 * discovery would find. */
		logmsg("%s: unusable; linting without it",
		    sv->env->config_file);
		configs_free(sv->cfgs);
		sv->cfgs = configs_new(NULL, 1, sv->env->cli, &err);
		sv->forced_error = why != NULL ? why : xstrdup("(the "
		    "messages are in the server's log)");
	} else
		free(why);
	pthread_rwlock_unlock(&sv->cfg_lock);
	pthread_mutex_lock(&sv->mu);
	forget_shown(sv);
	for (d = sv->docs; d != NULL; d = d->next)
		schedule(sv, d);
	pthread_mutex_unlock(&sv->mu);
}

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
	m = new_msg();
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
	send_msg(sv, m);
}
static json_object *
initialize_result(struct server *sv, json_object *params)
{
	json_object *r, *caps, *sync, *save, *ca, *kinds, *comp, *trig, *info;
	json_object *encs;
	size_t i;

	encs = member(member(member(params, "capabilities"), "general"),
	    "positionEncodings");
	if (encs != NULL && json_object_is_type(encs, json_type_array))
		for (i = 0; i < json_object_array_length(encs); i++)
			if (json_object_is_type(json_object_array_get_idx(encs,
			    i), json_type_string) &&
			    strcmp(json_object_get_string(
			    json_object_array_get_idx(encs, i)), "utf-8") == 0)
				sv->utf8 = 1;
	encs = member(member(member(params, "capabilities"), "workspace"),
	    "didChangeWatchedFiles");
	sv->watch = json_object_get_boolean(member(encs, "dynamicRegistration"));
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
did_open(struct server *sv, json_object *params)
{
	json_object *td = member(params, "textDocument");
	const char *uri = str_member(td, "uri"), *text = str_member(td, "text");
	struct doc *d;
	const char *why = NULL;
	char *path;

	if (uri == NULL || text == NULL) {
		logmsg("didOpen without uri or text; ignored");
		return;
	}
	pthread_mutex_lock(&sv->mu);
	if ((d = doc_find(sv, uri)) == NULL) {
		d = xcalloc(1, sizeof(*d));
		d->uri = xstrdup(uri);
		if (uri_path(uri, &path, &why) == 0)
			d->abs = path_absolute(path != NULL ? path :
			    "untitled.json");
		else
			d->bad_uri = why;
		free(path);
		d->next = sv->docs;
		sv->docs = d;
	}
	if (d->bad_uri != NULL)
		show_locked(MSG_ERROR, 1, "%s: not linted: the URI is "
		    "invalid: %s", uri, d->bad_uri);
	d->lost = 0;
	free(d->text);
	d->len = (size_t)json_object_get_string_len(member(td, "text"));
	d->text = xmalloc(d->len + 1);
	memcpy(d->text, text, d->len + 1);
	json_object_put(d->version);
	d->version = copy_id(member(td, "version"));
	d->gen++;
	schedule(sv, d);
	pthread_mutex_unlock(&sv->mu);
}

/* Applies one change of contentChanges: 0, or -1 and why it cannot be
 * applied.  A change without a range is the whole text, and makes it
 * the client's again after a change that could not be applied; others
 * are then left out. */
static int
apply_change(struct server *sv, struct doc *d, json_object *ch,
    const char **why)
{
	json_object *range = member(ch, "range"), *tv = member(ch, "text");
	struct lsp_text t;
	const char *text;
	size_t tlen, nlen;
	long a, b;
	char *n;

	if (tv == NULL || !json_object_is_type(tv, json_type_string)) {
		*why = "a change without its text";
		return -1;
	}
	text = json_object_get_string(tv);
	tlen = (size_t)json_object_get_string_len(tv);
	if (range == NULL) {
		free(d->text);
		d->text = xmalloc(tlen + 1);
		memcpy(d->text, text, tlen + 1);
		d->len = tlen;
		d->lost = 0;
		return 0;
	}
	if (d->lost)
		return 0;
	lsp_text_init(&t, d->text, d->len, sv->utf8);
	a = lsp_offset_pos_within(&t, member(range, "start"));
	b = lsp_offset_pos_within(&t, member(range, "end"));
	if (a < 0 || b < 0)
		*why = lsp_offset_pos(&t, member(range, "start")) < 0 ||
		    lsp_offset_pos(&t, member(range, "end")) < 0 ?
		    "a range that is not one" :
		    "a range past the end of the text";
	else if (b < a)
		*why = "a range that ends before it starts";
	lsp_text_free(&t);
	if (a < 0 || b < 0 || b < a)
		return -1;
	nlen = d->len - (size_t)(b - a) + tlen;
	n = xmalloc(nlen + 1);
	memcpy(n, d->text, (size_t)a);
	memcpy(n + a, text, tlen);
	memcpy(n + a + tlen, d->text + b, d->len - (size_t)b);
	n[nlen] = '\0';
	free(d->text);
	d->text = n;
	d->len = nlen;
	return 0;
}

static void
did_change(struct server *sv, json_object *params)
{
	json_object *td = member(params, "textDocument");
	json_object *chs = member(params, "contentChanges");
	const char *uri = str_member(td, "uri"), *why = NULL;
	struct doc *d;
	size_t i;
	int was_lost;

	pthread_mutex_lock(&sv->mu);
	if (uri == NULL || (d = doc_find(sv, uri)) == NULL) {
		pthread_mutex_unlock(&sv->mu);
		logmsg("didChange of a document not open; ignored");
		return;
	}
	if (d->abs == NULL) {
		/* Said at didOpen. */
		pthread_mutex_unlock(&sv->mu);
		return;
	}
	was_lost = d->lost;
	if (chs == NULL || !json_object_is_type(chs, json_type_array)) {
		why = "contentChanges is not an array";
		d->lost = 1;
	} else
		for (i = 0; i < json_object_array_length(chs); i++)
			if (apply_change(sv, d, json_object_array_get_idx(chs,
			    i), &why) != 0)
				d->lost = 1;
	d->gen++;
	if (d->lost) {
		/* Nothing is said of a text that is not the client's: the
		 * lint under way is dropped (gen), the diagnostics
		 * cleared. */
		d->dirty = 0;
		if (!was_lost) {
			show_locked(MSG_WARNING, 1, "%s: a change could not "
			    "be applied (%s), so the text here is no longer "
			    "the editor's: the document is not linted until it "
			    "is opened again", uri, why);
			send_locked(publish_msg(uri, NULL,
			    json_object_new_array()));
		}
		pthread_mutex_unlock(&sv->mu);
		return;
	}
	json_object_put(d->version);
	d->version = copy_id(member(td, "version"));
	schedule(sv, d);
	pthread_mutex_unlock(&sv->mu);
}

static void
did_close(struct server *sv, json_object *params)
{
	const char *uri = str_member(member(params, "textDocument"), "uri");
	struct doc **pp, *d;

	if (uri == NULL)
		return;
	pthread_mutex_lock(&sv->mu);
	for (pp = &sv->docs; (d = *pp) != NULL; pp = &d->next)
		if (strcmp(d->uri, uri) == 0) {
			*pp = d->next;
			doc_free(d);
			break;
		}
	send_locked(publish_msg(uri, NULL, json_object_new_array()));
	pthread_mutex_unlock(&sv->mu);
}

static void
did_save(struct server *sv, json_object *params)
{
	const char *uri = str_member(member(params, "textDocument"), "uri");
	struct doc *d;

	if (uri == NULL)
		return;
	if (ends_with(uri, "/.dgslint.json")) {
		reload(sv);
		return;
	}
	pthread_mutex_lock(&sv->mu);
	if ((d = doc_find(sv, uri)) != NULL)
		schedule(sv, d);
	pthread_mutex_unlock(&sv->mu);
}

static void
watched_files(struct server *sv, json_object *params)
{
	json_object *chs = member(params, "changes");
	const char *uri;
	size_t i;

	if (chs == NULL || !json_object_is_type(chs, json_type_array))
		return;
	for (i = 0; i < json_object_array_length(chs); i++) {
		uri = str_member(json_object_array_get_idx(chs, i), "uri");
		if (uri != NULL && ends_with(uri, "/.dgslint.json")) {
			reload(sv);
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
	const char *u = str_member(member(params, "textDocument"), "uri");
	const char *why;
	struct doc *d;
	char *abs, *text;
	size_t len;
	enum dgs_kind kind;

	pthread_mutex_lock(&sv->mu);
	if (u == NULL || (d = doc_find(sv, u)) == NULL) {
		pthread_mutex_unlock(&sv->mu);
		reply_error(sv, id, E_PARAMS, "the document is not open");
		return -1;
	}
	if (d->abs == NULL || d->lost) {
		why = d->abs == NULL ? "the document is not linted: its URI "
		    "is invalid" : "the document is not linted: a change "
		    "could not be applied; open it again";
		pthread_mutex_unlock(&sv->mu);
		reply_error(sv, id, E_FAILED, why);
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
		reply_error(sv, id, -32603, "out of memory");
		return -1;
	}
	free(abs);
	if (l->kind == DGS_KIND_UNKNOWN)
		l->kind = kind;
	lsp_text_init(t, text, len, sv->utf8);
	t->uri = *uri;
	*off = member(params, "position") != NULL ?
	    lsp_offset_pos(t, member(params, "position")) : -1;
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
		reply_error(sv, id, E_PARAMS, "no position");
		return;
	} else if (strcmp(method, "textDocument/hover") == 0)
		r = lsp_hover(&t, &l, (size_t)off);
	else
		r = lsp_completion(&t, &l, (size_t)off);
	doc_request_end(sv, &l, &t, uri);
	reply(sv, id, r);
}

/* Whether a $/cancelRequest for id waits in the queue. */
static int
queued_cancel(const struct server *sv, json_object *id)
{
	json_object *cid;
	const char *m;
	size_t i;

	for (i = sv->qhead; i < sv->qlen; i++) {
		if (sv->q[i].msg == NULL ||
		    (m = str_member(sv->q[i].msg, "method")) == NULL ||
		    strcmp(m, "$/cancelRequest") != 0)
			continue;
		cid = member(member(sv->q[i].msg, "params"), "id");
		if (cid != NULL && json_object_equal(cid, id))
			return 1;
	}
	return 0;
}

static void
dispatch(struct server *sv, json_object *msg, int bad)
{
	json_object *id = NULL, *params;
	const char *method;
	int has_id;

	if (bad) {
		reply_error(sv, NULL, E_PARSE, "parse error: the body is not "
		    "one JSON value");
		return;
	}
	has_id = json_object_is_type(msg, json_type_object) &&
	    json_object_object_get_ex(msg, "id", &id);
	if (has_id && id != NULL && !json_object_is_type(id, json_type_int) &&
	    !json_object_is_type(id, json_type_string)) {
		reply_error(sv, NULL, E_INVALID, "invalid request: id is not "
		    "a number or a string");
		return;
	}
	if (!json_object_is_type(msg, json_type_object) ||
	    (method = str_member(msg, "method")) == NULL) {
		/* A response to a request of ours (we send none), or not a
		 * message at all. */
		if (has_id && json_object_is_type(msg, json_type_object) &&
		    (json_object_object_get_ex(msg, "result", NULL) ||
		    json_object_object_get_ex(msg, "error", NULL)))
			return;
		reply_error(sv, has_id ? id : NULL, E_INVALID,
		    "invalid request: no method");
		return;
	}
	params = member(msg, "params");
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
			did_open(sv, params);
		else if (strcmp(method, "textDocument/didChange") == 0)
			did_change(sv, params);
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
	if (queued_cancel(sv, id)) {
		reply_error(sv, id, E_CANCELLED, "request cancelled");
		return;
	}
	if (strcmp(method, "initialize") == 0) {
		if (sv->initialized) {
			reply_error(sv, id, E_INVALID, "initialize twice");
			return;
		}
		sv->initialized = 1;
		reply(sv, id, initialize_result(sv, params));
	} else if (!sv->initialized)
		reply_error(sv, id, E_NOT_INIT, "not initialized");
	else if (sv->shutdown)
		reply_error(sv, id, E_INVALID, "shut down: only exit is "
		    "left");
	else if (strcmp(method, "shutdown") == 0) {
		sv->shutdown = 1;
		reply(sv, id, NULL);
	} else if (strcmp(method, "textDocument/codeAction") == 0 ||
	    strcmp(method, "textDocument/hover") == 0 ||
	    strcmp(method, "textDocument/completion") == 0)
		text_request(sv, method, id, params);
	else
		reply_error(sv, id, E_METHOD, "method not found");
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
	sv.cfgs = configs_new(env->config_file, env->no_config, env->cli,
	    &err);
	if (err) {
		configs_free(sv.cfgs);
		return 2;
	}
	pthread_mutex_init(&sv.mu, NULL);
	pthread_mutex_init(&sv.cfg_mu, NULL);
	pthread_cond_init(&sv.cv, NULL);
	pthread_rwlock_init(&sv.cfg_lock, NULL);
	if (pthread_create(&th, NULL, worker, &sv) != 0) {
		logmsg("cannot start the lint thread");
		configs_free(sv.cfgs);
		return 2;
	}
	while (!sv.exited) {
		if (sv.qhead == sv.qlen) {
			if (sv.eof)
				break;
			fill(&sv, 1);
			continue;
		}
		fill(&sv, 0);
		d = NULL;
		dispatch(&sv, sv.q[sv.qhead].msg, sv.q[sv.qhead].bad);
		json_object_put(sv.q[sv.qhead].msg);
		sv.qhead++;
		if (sv.serial)
			wait_idle(&sv);
	}
	if (!sv.exited)
		wait_idle(&sv);
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
	forget_shown(&sv);
	free(sv.shown);
	free(sv.forced_error);
	configs_free(sv.cfgs);
	pthread_mutex_destroy(&sv.mu);
	pthread_mutex_destroy(&sv.cfg_mu);
	pthread_cond_destroy(&sv.cv);
	pthread_rwlock_destroy(&sv.cfg_lock);
	return sv.exited && sv.shutdown ? 0 : 1;
}
