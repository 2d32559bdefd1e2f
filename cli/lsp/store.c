/*
 * store.c: the documents the client has open, by URI: their text as
 * the client's didOpen and didChange make it, and their file's path.
 *
 * A document whose file URI is invalid is not linted, and one whose
 * change cannot be applied (its range does not fit the text) is not
 * linted again until the client sends its whole text (didOpen, or a
 * change without a range): either is told with window/showMessage, and
 * the second's diagnostics are cleared, as clangd drops such a document.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../cli.h"
#include "lsp_int.h"

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

struct doc *
doc_find(struct server *sv, const char *uri)
{
	struct doc *d;

	for (d = sv->docs; d != NULL; d = d->next)
		if (strcmp(d->uri, uri) == 0)
			return d;
	return NULL;
}

void
doc_free(struct doc *d)
{
	free(d->uri);
	free(d->abs);
	free(d->text);
	json_object_put(d->version);
	free(d);
}

/* Lints d when nothing behind it in the queue changes it again (and
 * its text is known); the queue is the main thread's, looked at only
 * with queue. */
static void
schedule(struct server *sv, struct doc *d, int queue)
{
	if (d->abs == NULL || d->lost || (queue &&
	    rpc_queued_change(sv, d->uri)))
		return;
	d->dirty = 1;
	pthread_cond_broadcast(&sv->cv);
}

void
doc_schedule(struct server *sv, struct doc *d)
{
	schedule(sv, d, 1);
}

void
doc_schedule_any(struct server *sv, struct doc *d)
{
	schedule(sv, d, 0);
}

void
doc_open(struct server *sv, json_object *params)
{
	json_object *td = rpc_member(params, "textDocument");
	const char *uri = rpc_str_member(td, "uri");
	const char *text = rpc_str_member(td, "text");
	struct doc *d;
	const char *why = NULL;
	char *path;

	if (uri == NULL || text == NULL) {
		rpc_log("didOpen without uri or text; ignored");
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
		rpc_show_locked(MSG_ERROR, 1, "%s: not linted: the URI is "
		    "invalid: %s", uri, d->bad_uri);
	d->lost = 0;
	free(d->text);
	d->len = (size_t)json_object_get_string_len(rpc_member(td, "text"));
	d->text = xmalloc(d->len + 1);
	memcpy(d->text, text, d->len + 1);
	json_object_put(d->version);
	d->version = rpc_copy_id(rpc_member(td, "version"));
	d->gen++;
	doc_schedule(sv, d);
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
	json_object *range = rpc_member(ch, "range");
	json_object *tv = rpc_member(ch, "text");
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
	a = lsp_offset_pos_within(&t, rpc_member(range, "start"));
	b = lsp_offset_pos_within(&t, rpc_member(range, "end"));
	if (a < 0 || b < 0)
		*why = lsp_offset_pos(&t, rpc_member(range, "start")) < 0 ||
		    lsp_offset_pos(&t, rpc_member(range, "end")) < 0 ?
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

void
doc_change(struct server *sv, json_object *params)
{
	json_object *td = rpc_member(params, "textDocument");
	json_object *chs = rpc_member(params, "contentChanges");
	const char *uri = rpc_str_member(td, "uri"), *why = NULL;
	struct doc *d;
	size_t i;
	int was_lost;

	pthread_mutex_lock(&sv->mu);
	if (uri == NULL || (d = doc_find(sv, uri)) == NULL) {
		pthread_mutex_unlock(&sv->mu);
		rpc_log("didChange of a document not open; ignored");
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
			rpc_show_locked(MSG_WARNING, 1, "%s: a change could "
			    "not be applied (%s), so the text here is no "
			    "longer the editor's: the document is not linted "
			    "until it is opened again", uri, why);
			rpc_send_locked(rpc_publish_msg(uri, NULL,
			    json_object_new_array()));
		}
		pthread_mutex_unlock(&sv->mu);
		return;
	}
	json_object_put(d->version);
	d->version = rpc_copy_id(rpc_member(td, "version"));
	doc_schedule(sv, d);
	pthread_mutex_unlock(&sv->mu);
}

void
doc_close(struct server *sv, json_object *params)
{
	const char *uri = rpc_str_member(rpc_member(params, "textDocument"),
	    "uri");
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
	rpc_send_locked(rpc_publish_msg(uri, NULL, json_object_new_array()));
	pthread_mutex_unlock(&sv->mu);
}
