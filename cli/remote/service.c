/*
 * service.c: the state of a workspace on a running service, read once
 * a run (--service URL with --workspace NAME or --workspace-id ID, or a
 * configuration's "service"), before any document is linted and before
 * the processes of -j are forked, so that every process checks against
 * the same state.
 *
 * The requests, each with the header "Authorization: Apikey KEY"
 * (https://docs.tonic.ai/app/api/quick-start-guide), the search first,
 * then the three parts at once (nothing orders them), their answers read
 * in this order; --service-timeout bounds them all together:
 *  1. GET /api/Workspace/search?filters[name]=NAME, for --workspace:
 *     the search returns near names too, so the workspace is the one
 *     record whose workspaceName is NAME exactly (none, or more than
 *     one, is an error);
 *  2. GET /api/SchemaDiff?workspaceId=ID (the documentation names no
 *     parameter that selects the workspace: "schemaDiffParameter" in
 *     the configuration names another);
 *  3. GET /api/GeneratorMetadata, used as --generators would be;
 *  4. GET /api/workspace/{ID}/subsetting (the Advanced API, last).
 *
 * A fault that leaves nothing to check ends the run (exit status 2): no
 * API key, the service unreachable or too slow, the key refused (401,
 * or 403 before any request was answered), a workspace that cannot be
 * found.  A part that cannot be read (404: the endpoints and their
 * parameters depend on the version of the instance; another error
 * status, whose body, the error text, is quoted; a body that is not the
 * JSON expected) is marked not known, and the documents its checks
 * would judge are reported as not checked (DGS909).  The
 * language server (SERVICE_BACKGROUND) turns every fault into that, and
 * reads on a thread of its own (service_start()): a state not read yet
 * has no checks, and is replaced when read (service_adopt()).
 *
 * A service that only a repository's configuration names is contacted
 * only when the user allows it (service_trusted(), in service_trust.c
 * with the checks of a URL and the key's forms); otherwise its parts
 * are not known, with the reason, and nothing is sent.
 *
 * The API key is read from DGSLINT_API_KEY only, and never printed: the
 * answers are parsed as they came (a short key masked in them would
 * change names and ids), and what is printed is masked at output
 * (redact.c), in every form the key may be echoed in.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "../repo/repo.h"
#include "remote.h"

#define EXCERPT		240	/* bytes of an error body quoted */

struct entry {
	char			*url, *workspace, *workspace_id, *ca_file;
	/* ca_file's contents when it is a pipe, read at the first reading
	 * (http_ca_read()): a pipe is read once. */
	char			*ca_pem;
	size_t			 ca_len;
	char			*diff_param;
	char			*named_at;	/* a repository's, or NULL */
	char			*checkout;	/* its directory, or NULL */
	int			 untrusted;	/* not contacted: named by a
						   repository only */
	long			 timeout_ms;
	struct service_state	 st;
	int			 gen_read;	/* GeneratorMetadata asked */
	/* SERVICE_BACKGROUND, under bg_mu: to read; read, staged for
	 * service_adopt(). */
	int			 queued;
	int			 staged_ready, staged_untrusted;
	struct service_state	 staged;
};

static struct entry	**cache;
static size_t		  ncache;
static enum service_mode  mode;
/* service_answer(): the answer of every request, no network. */
static const struct http_answer *canned;
static struct str		*canned_said;	/* what it said */

/* SERVICE_BACKGROUND: the reader thread, which reads the entries queued
 * into private states and stages them (the cache and each entry's
 * queued and staged under bg_mu; an entry's st is not touched but by
 * service_adopt()). */
static pthread_mutex_t	bg_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t	bg_cv = PTHREAD_COND_INITIALIZER; /* an entry
					   queued, stop, or idle */
static struct {
	pthread_t	 th;
	int		 started, stop;
	/* Serial (the golden tests): an entry read only when
	 * service_wait_idle() lets it (go), one at a time. */
	int		 serial, go;
	atomic_int	 ending;	/* service_stop(): say nothing */
	pthread_mutex_t	*log_mu;	/* held to write on stderr */
	void		(*ready)(void *);
	void		*arg;
} bg;

/* A line on standard error, "dgslint: " and fmt, under bg.log_mu. */
static void
say(const char *fmt, ...) __attribute__((__format__(__printf__, 1, 2)));

static void
say(const char *fmt, ...)
{
	va_list ap;

	if (bg.log_mu != NULL)
		pthread_mutex_lock(bg.log_mu);
	fputs("dgslint: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (bg.log_mu != NULL)
		pthread_mutex_unlock(bg.log_mu);
}

void
service_set_mode(enum service_mode m)
{
	mode = m;
}

/* Why a repository's service is not contacted, and how to allow it
 * (with note, why the user's file was not read, when not ""); to free. */
static char *
untrusted_reason(const struct entry *e, const char *note)
{
#define UNTRUSTED "%s: not contacted: %s names it, and a repository's " \
	    "configuration sends the API key only to a service you allow: " \
	    "add the line %s to ~/.config/" SERVICE_TRUST_FILE \
	    " ($XDG_CONFIG_HOME), or to " SERVICE_TRUST_ENV ", or give it " \
	    "with --service%s%s%s"
	size_t n = sizeof(UNTRUSTED) + 2 * strlen(e->url) +
	    strlen(e->named_at) + strlen(note) + 3;
	char *m = xmalloc(n);

	snprintf(m, n, UNTRUSTED, e->url, e->named_at, e->url,
	    *note != '\0' ? " (" : "", note, *note != '\0' ? ")" : "");
#undef UNTRUSTED
	return m;
}

/*
 * One reading of a workspace's state.
 */
struct reading {
	const struct entry	*e;
	struct http_req		*pre;		/* answers asked at once */
	size_t			 npre;
	long long		 deadline;	/* ms, CLOCK_MONOTONIC */
	char			*auth;		/* the Authorization header */
	int			 answered;	/* a request had a 2xx answer */
	struct http_ca		 ca;		/* the entry's CA file */
};

/* Formats a message, with every secret masked; to free. */
static char *
msg(const struct reading *r, const char *fmt, ...)
    __attribute__((__format__(__printf__, 2, 3)));

static char *
msg(const struct reading *r, const char *fmt, ...)
{
	va_list ap;
	char *raw, *safe;

	va_start(ap, fmt);
	raw = xvasprintf(fmt, ap);
	va_end(ap);
	if ((safe = redact_run(raw)) == NULL)
		return raw;
	free(raw);
	return safe;
}

/* What an answer's body says, for a message ("; it says: TEXT"): its
 * text with every secret masked, white space and control characters (C0,
 * DEL, C1) as one space, at most EXCERPT bytes (whole UTF-8 sequences).  "" for an
 * empty body. */
static char *
excerpt(const struct reading *r, const char *body)
{
	struct str b = { NULL, 0, 0 };
	char *safe = redact(secrets_run(), body), *p;
	size_t n;
	int space = 0, cut = 0;

	str_add(&b, "");
	for (p = safe; *p != '\0'; p++) {
		unsigned char c = (unsigned char)*p;

		if (c <= 0x20 || c == 0x7f || (c == 0xc2 &&
		    (unsigned char)p[1] >= 0x80 && (unsigned char)p[1] < 0xa0)) {
			/* A C1 control (a terminal's CSI) is two bytes. */
			p += c == 0xc2;
			space = b.len > 0;
			continue;
		}
		if (b.len >= EXCERPT && (c & 0xc0) != 0x80) {
			cut = 1;
			break;
		}
		if (space)
			str_addn(&b, " ", 1);
		space = 0;
		str_addn(&b, p, 1);
	}
	free(safe);
	if (b.len == 0) {
		free(b.s);
		return xstrdup("");
	}
	n = b.len;
	p = xmalloc(n + 32);
	snprintf(p, n + 32, "; it says: %s%s", b.s, cut ? "..." : "");
	free(b.s);
	return p;
}

static int
same(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

enum { GOT, PART, FATAL };

/* GET path.  GOT: a 2xx answer, its body redacted in a.  PART: this part
 * cannot be read, FATAL: nothing can; *reason (to free) says why. */
static long long
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The time left of r's reading, in ms (at least 1). */
static long
left_ms(const struct reading *r)
{
	long long left = r->deadline - now_ms();

	return left < 1 ? 1 : (long)left;
}

/* GET each of paths[0..n) at once, before ask() looks at their answers
 * (the requests nothing orders). */
static void
ask_ahead(struct reading *r, const char *const *paths, size_t n)
{
	const char *headers[3];
	struct str url;
	size_t i;

	if (canned != NULL)
		return;
	r->pre = xcalloc(n, sizeof(*r->pre));
	r->npre = n;
	for (i = 0; i < n; i++) {
		memset(&url, 0, sizeof(url));
		str_add(&url, r->e->url);
		str_add(&url, paths[i]);
		r->pre[i].url = url.s;
	}
	headers[0] = r->auth;
	headers[1] = "Accept: application/json";
	headers[2] = NULL;
	http_get_many(r->pre, n, headers, left_ms(r), &r->ca);
}

static void
ahead_free(struct reading *r)
{
	size_t i;

	for (i = 0; i < r->npre; i++) {
		free((char *)r->pre[i].url);
		free(r->pre[i].a.body);
	}
	free(r->pre);
	r->pre = NULL;
	r->npre = 0;
}

/* GET path (or its answer asked ahead).  GOT: a 2xx answer, its body in
 * a.  PART: this part cannot be read, FATAL: nothing can; *reason (to
 * free) says why. */
static int
ask(struct reading *r, const char *path, const char *part_hint,
    struct http_answer *a, char **reason)
{
	struct str url = { NULL, 0, 0 };
	struct http_req one, *q = NULL;
	const char *headers[3];
	char st[64], *ex;
	size_t i, n = strlen(r->e->url);

	*reason = NULL;
	for (i = 0; i < r->npre; i++)
		if (strncmp(r->pre[i].url, r->e->url, n) == 0 &&
		    strcmp(r->pre[i].url + n, path) == 0)
			q = &r->pre[i];
	str_add(&url, r->e->url);
	str_add(&url, path);
	if (q == NULL && canned != NULL) {
		memset(&one, 0, sizeof(one));
		one.a.status = canned->status;
		one.a.body = xmalloc(canned->len + 1);
		memcpy(one.a.body, canned->body, canned->len);
		one.a.body[canned->len] = '\0';
		one.a.len = canned->len;
		q = &one;
	} else if (q == NULL) {
		headers[0] = r->auth;
		headers[1] = "Accept: application/json";
		headers[2] = NULL;
		memset(&one, 0, sizeof(one));
		one.url = url.s;
		http_get_many(&one, 1, headers, left_ms(r), &r->ca);
		q = &one;
	}
	*a = q->a;
	memset(&q->a, 0, sizeof(q->a));
	if (q->rc != 0) {
		free(url.s);
		if (q->timed_out || now_ms() >= r->deadline)
			*reason = msg(r, "GET %s: no answer within %g s, the "
			    "bound of the service's reading "
			    "(--service-timeout, \"serviceTimeout\")", path,
			    (double)r->e->timeout_ms / 1000);
		else
			*reason = msg(r, "GET %s: %s", path, q->why);
		return FATAL;
	}
	free(url.s);
	/* The body is parsed as it came: what is printed of it is masked
	 * (msg(), excerpt(), and the findings at output). */
	http_status_text(a->status, st, sizeof(st));
	if (a->status >= 200 && a->status < 300) {
		r->answered = 1;
		return GOT;
	}
	ex = excerpt(r, a->body);
	if (a->status == 401 || (a->status == 403 && !r->answered)) {
		*reason = msg(r, "the API key was refused (the key is read "
		    "from %s): GET %s answered %s%s", SERVICE_KEY_ENV, path, st, ex);
		free(ex);
		return FATAL;
	}
	if (a->status == 403)
		*reason = msg(r, "GET %s answered %s: the key has no access "
		    "to it%s%s", path, st, part_hint, ex);
	else if (a->status == 404)
		*reason = msg(r, "GET %s answered %s; endpoints depend on "
		    "the service's version, and this one may not have it%s",
		    path, st, ex);
	else
		*reason = msg(r, "GET %s answered %s%s", path, st, ex);
	free(ex);
	return PART;
}

/* The member name of o (any letter case). */
static struct json_object *
member(struct json_object *o, const char *name)
{
	struct lh_entry *e;

	if (!json_object_is_type(o, json_type_object))
		return NULL;
	for (e = json_object_get_object(o)->head; e != NULL; e = e->next)
		if (strcasecmp((const char *)lh_entry_k(e), name) == 0)
			return (struct json_object *)lh_entry_v(e);
	return NULL;
}

/* s quoted as JSON, for a message; to free. */
static char *
quote(const char *s)
{
	char *q = dgs_json_quote(s, strlen(s), NULL);

	if (q == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	return q;
}

/* What the search's records say of a name: how many are named so
 * exactly, their ids (the first in id), and the first five near names
 * of how many. */
struct matches {
	struct str	 near, ids;
	size_t		 exact, nnear;
	char		*id;
};

/* Walks the search's records (recs, an array) for name, quoted qn in
 * messages, into m; -1 with *reason when a record so named has no id. */
static int
match_records(const struct reading *r, const char *path,
    struct json_object *recs, const char *name, const char *qn,
    struct matches *m, char **reason)
{
	struct json_object *rec, *v;
	const char *wn;
	char *q;
	size_t i, n = json_object_array_length(recs);

	for (i = 0; i < n; i++) {
		rec = json_object_array_get_idx(recs, i);
		v = member(rec, "workspaceName");
		if (!json_object_is_type(v, json_type_string))
			continue;
		wn = json_object_get_string(v);
		if (strcmp(wn, name) != 0) {
			if (m->nnear++ < 5) {
				q = quote(wn);
				str_add(&m->near, m->nnear > 1 ? ", " : "");
				str_add(&m->near, q);
				free(q);
			}
			continue;
		}
		v = member(rec, "id");
		if (!json_object_is_type(v, json_type_string) ||
		    json_object_get_string_len(v) == 0) {
			*reason = msg(r, "GET %s answered with a record named "
			    "%s that has no id (each record has \"id\", a "
			    "string)", path, qn);
			return -1;
		}
		if (m->exact++ == 0)
			m->id = xstrdup(json_object_get_string(v));
		q = quote(json_object_get_string(v));
		str_add(&m->ids, m->exact > 1 ? ", " : "");
		str_add(&m->ids, q);
		free(q);
	}
	return 0;
}

/* Why the records matched do not name one workspace qn, to free; NULL
 * when they do. */
static char *
match_reason(const struct reading *r, const struct matches *m,
    const char *qn)
{
	if (m->exact == 1)
		return NULL;
	if (m->exact > 1)
		return msg(r, "%zu workspaces are named %s exactly (ids %s): "
		    "name one by its id with --workspace-id (\"workspaceId\")",
		    m->exact, qn, m->ids.s);
	if (m->nnear > 0)
		return msg(r, "no workspace is named %s exactly: the search "
		    "found only %s%s (names are compared exactly)", qn,
		    m->near.s, m->nnear > 5 ? " and others" : "");
	return msg(r, "no workspace is named %s: the search found none", qn);
}

/* The id of the workspace named name: the one search record whose
 * workspaceName is name exactly.  0, or -1 with *reason (fatal). */
static int
find_workspace(struct reading *r, const char *name, char **id,
    char **reason)
{
	struct json_object *root, *recs;
	struct http_answer a;
	struct str path = { NULL, 0, 0 };
	struct matches m;
	enum json_tokener_error jerr;
	char *qn, *q;
	int rc = -1;

	*id = NULL;
	memset(&m, 0, sizeof(m));
	str_add(&path, "/api/Workspace/search?filters%5Bname%5D=");
	url_escape(&path, name, strlen(name), 0);
	if ((rc = ask(r, path.s, "", &a, reason)) != GOT) {
		if (rc == PART) {	/* no search: nothing is found */
			q = *reason;
			*reason = msg(r, "cannot find the workspace by its "
			    "name: %s; name it by its id with --workspace-id "
			    "(\"workspaceId\")", q);
			free(q);
		}
		free(a.body);
		free(path.s);
		return -1;
	}
	rc = -1;
	root = json_tokener_parse_verbose(a.body, &jerr);
	recs = member(root, "records");
	if (!json_object_is_type(recs, json_type_array)) {
		*reason = msg(r, "GET %s answered with a body that is not the "
		    "search result expected (an object with an array "
		    "\"records\")%s", path.s, root == NULL ?
		    ": it is not JSON" : "");
		goto out;
	}
	qn = quote(name);
	if (match_records(r, path.s, recs, name, qn, &m, reason) == 0 &&
	    (*reason = match_reason(r, &m, qn)) == NULL) {
		*id = m.id;
		m.id = NULL;
		rc = 0;
	}
	free(qn);
out:
	json_object_put(root);
	free(a.body);
	free(path.s);
	free(m.near.s);
	free(m.ids.s);
	free(m.id);
	return rc;
}

/* Reads a part into svc: loaded, or marked not known with the reason;
 * -1 with *reason on a fatal fault. */
static int
read_part(struct reading *r, struct dgs_service *svc,
    enum dgs_service_part part, const char *path, const char *hint,
    char **reason)
{
	struct http_answer a;
	char *why = NULL, *p;
	int rc;

	if ((rc = ask(r, path, hint, &a, reason)) == FATAL) {
		free(a.body);
		return -1;
	}
	if (rc == GOT) {
		rc = dgs_service_load(svc, part, a.body, a.len, &why);
		if (rc == DGS_ENOMEM) {
			fprintf(stderr, "dgslint: out of memory\n");
			exit(2);
		}
		if (rc == 0) {
			free(a.body);
			return 0;
		}
		*reason = msg(r, "GET %s answered with a body that is not the "
		    "JSON expected: %s", path, why != NULL ? why :
		    "unusable");
		free(why);
	}
	free(a.body);
	p = *reason;
	*reason = NULL;
	if (canned_said != NULL) {
		str_add(canned_said, p);
		str_add(canned_said, "\n");
	}
	if (dgs_service_skip(svc, part, p) != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	free(p);
	return 0;
}

/* The kept entry whose GET /api/GeneratorMetadata e has (the same
 * service), or SIZE_MAX.  In the background, each reading asks its own
 * (the reader touches no other entry's state). */
static size_t
gen_source(const struct entry *e)
{
	size_t i;

	if (mode == SERVICE_BACKGROUND)
		return SIZE_MAX;
	for (i = 0; i < ncache; i++)
		if (cache[i] != e && cache[i]->gen_read &&
		    strcmp(cache[i]->url, e->url) == 0 &&
		    same(cache[i]->ca_file, e->ca_file))
			return i;
	return SIZE_MAX;
}

/* GET /api/GeneratorMetadata into e's state, when usable; why it is not
 * is said on standard error (the built-in catalogue is then used).  The
 * instance's, asked once a run: another workspace of the same service
 * has its answer. */
static int
read_generators(struct reading *r, struct entry *e, char **reason)
{
	struct service_state *st = &e->st;
	struct dgs_options *o;
	struct http_answer a;
	const char *why = NULL;
	char *note = NULL;
	size_t i;
	int rc;

	if ((i = gen_source(e)) != SIZE_MAX) {
			if (cache[i]->st.generators != NULL) {
				st->generators_len = cache[i]->st.generators_len;
				st->generators = xmalloc(st->generators_len + 1);
				memcpy(st->generators, cache[i]->st.generators,
				    st->generators_len + 1);
			}
			e->gen_read = 1;
			return 0;
		}
	e->gen_read = 1;
	if ((rc = ask(r, "/api/GeneratorMetadata", "", &a, &note)) == FATAL) {
		*reason = note;
		free(a.body);
		return -1;
	}
	if (rc == GOT) {
		if ((o = dgs_options_new()) == NULL) {
			fprintf(stderr, "dgslint: out of memory\n");
			exit(2);
		}
		if (dgs_options_load_generators(o, a.body, a.len, &why) == 0) {
			st->generators = a.body;
			st->generators_len = a.len;
			a.body = NULL;
		} else
			note = msg(r, "GET /api/GeneratorMetadata answered "
			    "with a body that is not the JSON expected: %s",
			    why != NULL ? why : "unusable");
		dgs_options_free(o);
	}
	free(a.body);
	if (note != NULL && canned_said != NULL) {
		str_add(canned_said, note);
		str_add(canned_said, "\n");
		free(note);
	} else if (note != NULL) {
		if (!atomic_load(&bg.ending))
			say("%s: %s; the built-in generator catalogue is "
			    "used", r->e->url, note);
		free(note);
	}
	return 0;
}

/* Begins a reading of e's workspace: libcurl loaded, the key checked
 * and put in the Authorization header, the CA file read when it is a
 * pipe, the key's forms among the run's secrets.  0, or -1 with *reason
 * (fatal). */
static int
reading_open(struct reading *r, struct entry *e, char **reason)
{
	const char *key = getenv(SERVICE_KEY_ENV), *p;
	char why[512];

	memset(r, 0, sizeof(*r));
	r->e = e;
	/* One bound for the whole reading. */
	r->deadline = now_ms() + e->timeout_ms;
	if (canned == NULL && http_load(why, sizeof(why)) != 0) {
		*reason = xstrdup(why);
		return -1;
	}
	if (key == NULL || *key == '\0') {
		*reason = xstrdup("the API key is not set: put it in the "
		    "environment variable " SERVICE_KEY_ENV " (never on the "
		    "command line, which every user of the machine can "
		    "read)");
		return -1;
	}
	for (p = key; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f) {
			*reason = xstrdup("the API key in " SERVICE_KEY_ENV
			    " holds a control character (a line break?): it "
			    "cannot be sent in a header");
			return -1;
		}
	if (canned == NULL && e->ca_file != NULL && e->ca_pem == NULL &&
	    http_ca_read(e->ca_file, left_ms(r), &e->ca_pem, &e->ca_len, why,
	    sizeof(why)) != 0) {
		*reason = xstrdup(why);
		return -1;
	}
	r->ca.file = e->ca_file;
	r->ca.pem = e->ca_pem;
	r->ca.len = e->ca_len;
	service_secrets_init();
	r->auth = xmalloc(strlen(key) + 32);
	snprintf(r->auth, strlen(key) + 32, "Authorization: Apikey %s", key);
	return 0;
}

/* The three parts of the workspace id into e's state: asked at once,
 * their answers read in this order (the messages are those of one
 * request after another).  0, or -1 with *reason (fatal). */
static int
read_parts(struct reading *r, struct entry *e, const char *id,
    char **reason)
{
	struct str path = { NULL, 0, 0 }, sub = { NULL, 0, 0 };
	const char *paths[3];
	int rc = -1;

	str_add(&path, "/api/SchemaDiff?");
	url_escape(&path, e->diff_param, strlen(e->diff_param), 0);
	str_add(&path, "=");
	url_escape(&path, id, strlen(id), 0);
	str_add(&sub, "/api/workspace/");
	url_escape(&sub, id, strlen(id), 0);
	str_add(&sub, "/subsetting");
	paths[0] = path.s;
	paths[1] = sub.s;
	paths[2] = "/api/GeneratorMetadata";
	ask_ahead(r, paths, gen_source(e) != SIZE_MAX ? 2 : 3);
	if (read_part(r, e->st.svc, DGS_SERVICE_SCHEMA_DIFF, path.s, "",
	    reason) == 0 && read_generators(r, e, reason) == 0 &&
	    read_part(r, e->st.svc, DGS_SERVICE_SUBSETTING, sub.s, " "
	    "(subsetting needs the Advanced API: an Enterprise license)",
	    reason) == 0)
		rc = 0;
	free(path.s);
	free(sub.s);
	return rc;
}

/* Reads e's state into e->st.  0, or -1 with *reason (fatal; e->st as
 * far as it got). */
static int
fetch(struct entry *e, char **reason)
{
	struct reading r;
	char *id = NULL;
	int rc = -1;

	*reason = NULL;
	if (reading_open(&r, e, reason) != 0)
		goto out;
	if (e->workspace_id != NULL)
		id = xstrdup(e->workspace_id);
	else if (find_workspace(&r, e->workspace, &id, reason) != 0)
		goto out;
	if ((e->st.svc = dgs_service_new(id, e->workspace)) == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	rc = read_parts(&r, e, id, reason);
out:
	if (rc != 0 && *reason != NULL) {
		/* What the reading said, with the URL it is about. */
		char *m = msg(&r, "%s: %s", e->url, *reason);

		free(*reason);
		*reason = m;
	}
	free(id);
	free(r.auth);
	ahead_free(&r);
	return rc;
}

/* A state whose every part is not known, for reason (lenient mode). */
static void
unknown_state(struct entry *e, const char *reason)
{
	enum dgs_service_part part;

	if (e->st.svc == NULL && (e->st.svc = dgs_service_new(
	    e->workspace_id, e->workspace)) == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	for (part = 0; part < DGS_SERVICE_PARTS; part++)
		if (dgs_service_skip(e->st.svc, part, reason) != 0) {
			fprintf(stderr, "dgslint: out of memory\n");
			exit(2);
		}
	free(e->st.generators);
	e->st.generators = NULL;
	e->st.generators_len = 0;
}

static void
state_clear(struct service_state *st)
{
	dgs_service_free(st->svc);
	free(st->generators);
	memset(st, 0, sizeof(*st));
}

/* Reads e; in lenient mode a fault is logged and leaves every part not
 * known.  A service the user has not allowed is not contacted: every
 * part is not known, with the reason, in every mode. */
static int
fetch_entry(struct entry *e, char **why)
{
	char *m, note[1024];

	if (e->named_at != NULL && !service_trusted(e->url, e->checkout,
	    note, sizeof(note))) {
		e->untrusted = 1;
		m = untrusted_reason(e, note);
		say("%s; the checks against the service are reported as "
		    "skipped", m);
		unknown_state(e, m);
		free(m);
		return 0;
	}
	e->untrusted = 0;
	if (fetch(e, why) == 0)
		return 0;
	if (mode == SERVICE_FETCH) {
		state_clear(&e->st);
		return -1;
	}
	if (!atomic_load(&bg.ending))
		say("%s; the checks against the service are reported as "
		    "skipped", *why);
	unknown_state(e, *why);
	free(*why);
	*why = NULL;
	return 0;
}

static char *
dup_or_null(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

static void
entry_free(struct entry *e)
{
	state_clear(&e->st);
	state_clear(&e->staged);
	free(e->url);
	free(e->workspace);
	free(e->workspace_id);
	free(e->ca_file);
	free(e->ca_pem);
	free(e->diff_param);
	free(e->named_at);
	free(e->checkout);
	free(e);
}

const struct service_state *
service_get(const struct service_conf *c, char **why)
{
	struct entry *e;
	long timeout = c->timeout_ms > 0 ? c->timeout_ms : SERVICE_TIMEOUT_MS;
	const char *param = c->diff_param != NULL ? c->diff_param :
	    SERVICE_DIFF_PARAM;
	size_t i, n;

	*why = NULL;
	if (mode == SERVICE_NONE || c->url == NULL)
		return NULL;
	/* The base URL without its trailing slashes. */
	for (n = strlen(c->url); n > 0 && c->url[n - 1] == '/'; n--)
		continue;
	pthread_mutex_lock(&bg_mu);
	for (i = 0; i < ncache; i++) {
		e = cache[i];
		if (strlen(e->url) == n && strncmp(e->url, c->url, n) == 0 &&
		    same(e->workspace, c->workspace) &&
		    same(e->workspace_id, c->workspace_id) &&
		    same(e->ca_file, c->ca_file) &&
		    strcmp(e->diff_param, param) == 0 &&
		    e->timeout_ms == timeout &&
		    (e->named_at == NULL) == (c->named_at == NULL) &&
		    same(e->checkout, c->checkout)) {
			pthread_mutex_unlock(&bg_mu);
			return &e->st;
		}
	}
	e = xcalloc(1, sizeof(*e));
	e->url = xmalloc(n + 1);
	memcpy(e->url, c->url, n);
	e->url[n] = '\0';
	e->workspace = dup_or_null(c->workspace);
	e->workspace_id = dup_or_null(c->workspace_id);
	e->ca_file = dup_or_null(c->ca_file);
	e->diff_param = xstrdup(param);
	e->named_at = dup_or_null(c->named_at);
	e->checkout = dup_or_null(c->checkout);
	e->timeout_ms = timeout;
	if (mode == SERVICE_BACKGROUND) {
		/* Not read yet (no service checks) until the reader has
		 * read it and service_adopt() takes what it read. */
		e->queued = 1;
		pthread_cond_broadcast(&bg_cv);
	} else if (fetch_entry(e, why) != 0) {
		pthread_mutex_unlock(&bg_mu);
		entry_free(e);
		return NULL;
	}
	cache = xrealloc(cache, (ncache + 1) * sizeof(*cache));
	cache[ncache++] = e;
	pthread_mutex_unlock(&bg_mu);
	return &e->st;
}

/*
 * SERVICE_BACKGROUND: the reader thread.
 */
static void *
reader(void *arg)
{
	struct entry *e, copy;
	char *why;
	size_t i;

	(void)arg;
	pthread_mutex_lock(&bg_mu);
	while (!bg.stop) {
		for (i = 0, e = NULL; i < ncache && e == NULL; i++)
			if (cache[i]->queued && (!bg.serial || bg.go))
				e = cache[i];
		if (e == NULL) {
			pthread_cond_wait(&bg_cv, &bg_mu);
			continue;
		}
		e->queued = 0;
		/* Its strings are not changed while it is kept: the copy
		 * shares them, and fills a state of its own. */
		copy = *e;
		memset(&copy.st, 0, sizeof(copy.st));
		memset(&copy.staged, 0, sizeof(copy.staged));
		copy.gen_read = 0;
		pthread_mutex_unlock(&bg_mu);
		why = NULL;
		(void)fetch_entry(&copy, &why);	/* lenient: 0 */
		free(why);
		pthread_mutex_lock(&bg_mu);
		/* A pipe's certificates, read by this reading, are kept for
		 * the next (the pipe is read once). */
		if (e->ca_pem == NULL) {
			e->ca_pem = copy.ca_pem;
			e->ca_len = copy.ca_len;
		} else if (copy.ca_pem != e->ca_pem)
			free(copy.ca_pem);
		if (bg.stop) {
			state_clear(&copy.st);
			break;
		}
		state_clear(&e->staged);
		e->staged = copy.st;
		e->staged_untrusted = copy.untrusted;
		e->staged_ready = 1;
		if (bg.ready != NULL) {
			pthread_mutex_unlock(&bg_mu);
			bg.ready(bg.arg);
			pthread_mutex_lock(&bg_mu);
		}
		bg.go = 0;
		pthread_cond_broadcast(&bg_cv);
	}
	bg.go = 0;
	pthread_cond_broadcast(&bg_cv);
	pthread_mutex_unlock(&bg_mu);
	return NULL;
}

int
service_start(pthread_mutex_t *log_mu, void (*ready)(void *), void *arg,
    int serial)
{
	if (mode != SERVICE_BACKGROUND || bg.started)
		return 0;
	bg.log_mu = log_mu;
	bg.ready = ready;
	bg.arg = arg;
	bg.serial = serial;
	if (pthread_create(&bg.th, NULL, reader, NULL) != 0)
		return -1;
	bg.started = 1;
	return 0;
}

int
service_wait_idle(void)
{
	size_t i;
	int queued;

	if (!bg.started || !bg.serial)
		return 0;
	pthread_mutex_lock(&bg_mu);
	for (i = 0, queued = 0; i < ncache; i++)
		queued |= cache[i]->queued;
	if (queued) {
		/* One entry read, and ready() done with it. */
		bg.go = 1;
		pthread_cond_broadcast(&bg_cv);
		while (bg.go)
			pthread_cond_wait(&bg_cv, &bg_mu);
	}
	pthread_mutex_unlock(&bg_mu);
	return queued;
}

void
service_stop(void)
{
	if (!bg.started)
		return;
	/* A reading under way ends within a fifth of a second, and says
	 * nothing; what it read is not kept. */
	atomic_store(&bg.ending, 1);
	http_stop();
	pthread_mutex_lock(&bg_mu);
	bg.stop = 1;
	pthread_cond_broadcast(&bg_cv);
	pthread_mutex_unlock(&bg_mu);
	pthread_join(bg.th, NULL);
	bg.started = 0;
}

int
service_adopt(void)
{
	size_t i;
	int n = 0;

	pthread_mutex_lock(&bg_mu);
	for (i = 0; i < ncache; i++)
		if (cache[i]->staged_ready) {
			state_clear(&cache[i]->st);
			cache[i]->st = cache[i]->staged;
			cache[i]->untrusted = cache[i]->staged_untrusted;
			memset(&cache[i]->staged, 0,
			    sizeof(cache[i]->staged));
			cache[i]->staged_ready = 0;
			n++;
		}
	pthread_mutex_unlock(&bg_mu);
	return n;
}

char *
service_answer(long status, const char *body, size_t len)
{
	struct http_answer a;
	struct str out = { NULL, 0, 0 };
	static char url[] = "https://service.invalid", ws[] = "shop",
	    id[] = "2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c",
	    param[] = SERVICE_DIFF_PARAM;
	struct entry e;
	char *reason = NULL;
	int by_name;

	a.status = status;
	a.body = (char *)body;
	a.len = len;
	canned = &a;
	canned_said = &out;
	str_add(&out, "");
	/* By name (the search, then the parts), and by id. */
	for (by_name = 1; by_name >= 0; by_name--) {
		memset(&e, 0, sizeof(e));
		e.url = url;
		e.workspace = by_name ? ws : NULL;
		e.workspace_id = by_name ? NULL : id;
		e.diff_param = param;
		e.timeout_ms = SERVICE_TIMEOUT_MS;
		if (fetch(&e, &reason) != 0 && reason != NULL)
			str_add(&out, reason);
		free(reason);
		reason = NULL;
		str_add(&out, "\n");
		state_clear(&e.st);
	}
	canned = NULL;
	canned_said = NULL;
	return out.s;
}

void
service_refresh(void)
{
	char *why;
	size_t i;

	if (mode == SERVICE_BACKGROUND) {
		/* Each read again; its state stays until then. */
		pthread_mutex_lock(&bg_mu);
		for (i = 0; i < ncache; i++)
			cache[i]->queued = 1;
		pthread_cond_broadcast(&bg_cv);
		pthread_mutex_unlock(&bg_mu);
		return;
	}
	for (i = 0; i < ncache; i++)
		cache[i]->gen_read = 0;
	for (i = 0; i < ncache; i++) {
		state_clear(&cache[i]->st);
		if (fetch_entry(cache[i], &why) != 0) {
			/* Only in lenient mode are states read again. */
			unknown_state(cache[i], why);
			free(why);
		}
	}
}

void
service_cleanup(void)
{
	size_t i;

	service_stop();
	for (i = 0; i < ncache; i++)
		entry_free(cache[i]);
	free(cache);
	cache = NULL;
	ncache = 0;
}
