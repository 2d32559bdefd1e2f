/*
 * rpc.c: the language server's transport: JSON-RPC 2.0 messages on
 * standard input and output with Content-Length framing, read into a
 * queue and built with json-c, and the log on standard error.  It knows
 * no method but to look ahead in the queue (rpc_queued_change(),
 * rpc_queued_cancel()), and calls nothing of the other files of the
 * server (lsp_int.h).
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cli.h"
#include "lsp_int.h"
#include "../format/output.h"
#include "../run.h"

#define MAX_HEADER	8192
#define MAX_BODY	((size_t)1 << 30)

/*
 * The log.
 */
pthread_mutex_t rpc_log_mu = PTHREAD_MUTEX_INITIALIZER;

void
rpc_log(const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&rpc_log_mu);
	fputs("dgslint: lsp: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	pthread_mutex_unlock(&rpc_log_mu);
}

/*
 * Output: one message, framed.  Callers hold sv->mu, so that messages of
 * both threads never mix and a document closed is never published after
 * its clearing.
 */
void
rpc_send_locked(json_object *m)
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
		rpc_log("standard output: %s", strerror(errno));
		exit(1);
	}
	free(body.s);
	json_object_put(m);
}

void
rpc_send(struct server *sv, json_object *m)
{
	pthread_mutex_lock(&sv->mu);
	rpc_send_locked(m);
	pthread_mutex_unlock(&sv->mu);
}

/* A new message, "jsonrpc" first. */
json_object *
rpc_new_msg(void)
{
	json_object *m = json_object_new_object();

	json_object_object_add(m, "jsonrpc", json_object_new_string("2.0"));
	return m;
}

json_object *
rpc_copy_id(json_object *id)
{
	json_object *c = NULL;

	if (id == NULL)
		return NULL;
	if (json_object_deep_copy(id, &c, NULL) != 0)
		return NULL;
	return c;
}

json_object *
rpc_publish_msg(const char *uri, json_object *version, json_object *diags)
{
	json_object *m = rpc_new_msg(), *p;

	p = json_object_new_object();
	json_object_object_add(p, "uri", json_object_new_string(uri));
	if (version != NULL)
		json_object_object_add(p, "version", rpc_copy_id(version));
	json_object_object_add(p, "diagnostics", diags);
	json_object_object_add(m, "method",
	    json_object_new_string("textDocument/publishDiagnostics"));
	json_object_object_add(m, "params", p);
	return m;
}

void
rpc_reply(struct server *sv, json_object *id, json_object *result)
{
	json_object *m = rpc_new_msg();

	json_object_object_add(m, "id", rpc_copy_id(id));
	json_object_object_add(m, "result", result);
	rpc_send(sv, m);
}

void
rpc_reply_error(struct server *sv, json_object *id, int code, const char *text)
{
	json_object *m = rpc_new_msg(), *e;

	e = json_object_new_object();
	json_object_object_add(e, "code", json_object_new_int(code));
	json_object_object_add(e, "message", json_object_new_string(text));
	json_object_object_add(m, "id", rpc_copy_id(id));
	json_object_object_add(m, "error", e);
	rpc_send(sv, m);
}

/* window/showMessage, "dgslint: " and the text, which also goes to the
 * log with log; the caller holds sv->mu. */
void
rpc_show_locked(int type, int log, const char *fmt, ...)
{
	json_object *m = rpc_new_msg(), *p;
	va_list ap;
	char *said, *text;
	size_t len;

	va_start(ap, fmt);
	said = xvasprintf(fmt, ap);
	va_end(ap);
	if (log)
		rpc_log("%s", said);
	len = strlen(said);
	text = xmalloc(len + 10);
	memcpy(text, "dgslint: ", 9);
	memcpy(text + 9, said, len + 1);
	free(said);
	p = json_object_new_object();
	json_object_object_add(p, "type", json_object_new_int(type));
	json_object_object_add(p, "message", json_object_new_string(text));
	json_object_object_add(m, "method",
	    json_object_new_string("window/showMessage"));
	json_object_object_add(m, "params", p);
	free(text);
	rpc_send_locked(m);
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
			rpc_log("header longer than %d bytes without its end; "
			    "skipped", MAX_HEADER);
			resync(sv, sv->inoff + 1);
			return 1;
		}
		if (sv->eof) {
			rpc_log("incomplete header at the end of input; "
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
		rpc_log("bad header (%s); skipped to the next Content-Length",
		    !have ? "no Content-Length" : "unreadable header");
		resync(sv, sv->inoff + hlen);
		return 1;
	}
	need = hlen + clen;
	if (n < need) {
		if (sv->eof) {
			rpc_log("message cut short at the end of input: %zu of "
			    "%zu bytes", n - hlen, clen);
			sv->inoff = sv->inlen;
		}
		return 0;
	}
	tok = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH);
	if (tok == NULL) {
		rpc_log("out of memory");
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
void
rpc_fill(struct server *sv, int block)
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
				rpc_log("standard input: %s", strerror(errno));
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

const char *
rpc_str_member(json_object *o, const char *key)
{
	json_object *v;

	if (!json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return NULL;
	return json_object_get_string(v);
}

json_object *
rpc_member(json_object *o, const char *key)
{
	json_object *v;

	if (o == NULL || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v))
		return NULL;
	return v;
}

/* Whether a notification waiting in the queue changes or closes uri
 * before any request (a request wants the document as it is then). */
int
rpc_queued_change(const struct server *sv, const char *uri)
{
	const char *m, *u;
	size_t i;

	for (i = sv->qhead + 1; i < sv->qlen; i++) {
		if (sv->q[i].msg == NULL ||
		    (m = rpc_str_member(sv->q[i].msg, "method")) == NULL)
			continue;
		if (rpc_member(sv->q[i].msg, "id") != NULL)
			return 0;
		if (strcmp(m, "textDocument/didChange") != 0 &&
		    strcmp(m, "textDocument/didClose") != 0 &&
		    strcmp(m, "textDocument/didOpen") != 0)
			continue;
		u = rpc_str_member(rpc_member(rpc_member(sv->q[i].msg,
		    "params"), "textDocument"), "uri");
		if (u != NULL && strcmp(u, uri) == 0)
			return 1;
	}
	return 0;
}

/* Whether a $/cancelRequest for id waits in the queue. */
int
rpc_queued_cancel(const struct server *sv, json_object *id)
{
	json_object *cid;
	const char *m;
	size_t i;

	for (i = sv->qhead; i < sv->qlen; i++) {
		if (sv->q[i].msg == NULL ||
		    (m = rpc_str_member(sv->q[i].msg, "method")) == NULL ||
		    strcmp(m, "$/cancelRequest") != 0)
			continue;
		cid = rpc_member(rpc_member(sv->q[i].msg, "params"), "id");
		if (cid != NULL && json_object_equal(cid, id))
			return 1;
	}
	return 0;
}
