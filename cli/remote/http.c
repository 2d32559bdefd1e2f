/*
 * http.c: HTTP GET through libcurl, for --service (service.c).
 *
 * Built when libcurl's header is found (DGS_HAVE_LIBCURL, see the
 * Makefile); without it --service says so.  libcurl is loaded when the
 * first request is made (dlopen), not linked, as libpq is for
 * --snapshot: a run without --service loads nothing of it, nor the TLS,
 * Kerberos, LDAP and other libraries it needs.
 *
 * Requests that nothing orders are made at once (curl multi): over https,
 * over one connection where HTTP/2 multiplexes (CURLOPT_PIPEWAIT: the
 * others wait for the first connection's ALPN to say whether they can
 * share it); over http://, which is HTTP/1.1 and cannot, each on a
 * connection of its own at once (no PIPEWAIT, CURLMOPT_PIPELINING off):
 * waiting for the first connection, they were read one after another.
 * Each request is bounded (CURLOPT_TIMEOUT_MS, CURLOPT_CONNECTTIMEOUT_MS),
 * uses no signals (CURLOPT_NOSIGNAL: the language server has threads),
 * speaks only HTTP and HTTPS (CURLOPT_PROTOCOLS_STR), follows no
 * redirection (the key goes to the URL given, nowhere else), and
 * verifies TLS (libcurl's default) against the system's CA store and
 * CURLOPT_CAINFO, or CURLOPT_CAINFO_BLOB for a CA file that is a pipe
 * (read once, http_ca_read()).  An answer is kept up to HTTP_MAX_BODY
 * bytes.
 *
 * Plain http carries the key in clear, so it is spoken only to this
 * machine, and checked where the connection is made, not only in the
 * URL's letters: the host must be a literal loopback address (127.A.B.C
 * in four decimal parts, [::1]) or "localhost", and the connection is
 * pinned to that address (CURLOPT_CONNECT_TO: "localhost" is 127.0.0.1,
 * whatever a resolver or a hosts file says), never through a proxy
 * (CURLOPT_PROXY "" and CURLOPT_NOPROXY "*": http_proxy, all_proxy,
 * ALL_PROXY are not used for it).  https follows libcurl's proxy
 * variables (https_proxy, HTTPS_PROXY, all_proxy, ALL_PROXY, no_proxy,
 * NO_PROXY): a proxy then sees the host name of a tunnel (CONNECT), and
 * the key only encrypted, for the service's verified certificate.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "remote.h"

/* Set by http_stop(): no request starts, and those under way end. */
static atomic_int	stopped;
#define STOPPED		"the request was abandoned: dgslint is ending"

void
http_stop(void)
{
	atomic_store(&stopped, 1);
}

/* The bound of an answer: a workspace's schema changes or subsetting
 * configurations of thousands of tables are a few MB; parsed, an answer
 * takes about ten times its size (json-c's tree). */
#define HTTP_MAX_BODY	((size_t)32 << 20)

/* The bound of a CA file read from a pipe: Mozilla's whole bundle, as
 * Debian's ca-certificates ships it, is about 200 KB. */
#define HTTP_MAX_CA	((size_t)4 << 20)

static long
mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Reads the pipe or FIFO fd (the CA file path) to its end into b, by
 * deadline (mono_ms()), at most HTTP_MAX_CA bytes; 0, or -1 with the
 * reason in why. */
static int
pipe_read(int fd, const char *path, long deadline, struct str *b,
    char *why, size_t whysize)
{
	struct pollfd p;
	char buf[65536];
	long left;
	ssize_t n;

	for (;;) {
		if ((left = deadline - mono_ms()) <= 0) {
			snprintf(why, whysize, "the CA file %s: a pipe %s "
			    "within the service's timeout "
			    "(--service-timeout): is anything writing to "
			    "it?", path, b->len > 0 ? "not read to its end" :
			    "with nothing to read");
			return -1;
		}
		p.fd = fd;
		p.events = POLLIN;
		p.revents = 0;
		if (poll(&p, 1, left > 200 ? 200 : (int)left) < 0) {
			if (errno == EINTR)
				continue;
			snprintf(why, whysize, "the CA file %s: %s", path,
			    strerror(errno));
			return -1;
		}
		if (atomic_load(&stopped)) {
			snprintf(why, whysize, "%s", STOPPED);
			return -1;
		}
		/* Linux reports no POLLHUP on a FIFO no writer has opened
		 * yet: a read is tried only once there is something. */
		if ((p.revents & (POLLIN | POLLHUP | POLLERR)) == 0)
			continue;
		if ((n = read(fd, buf, sizeof(buf))) < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			snprintf(why, whysize, "the CA file %s: %s", path,
			    strerror(errno));
			return -1;
		}
		if (n == 0)
			return 0;
		if (b->len + (size_t)n > HTTP_MAX_CA) {
			snprintf(why, whysize, "the CA file %s: over 4 MB, "
			    "not a file of certificates", path);
			return -1;
		}
		str_addn(b, buf, (size_t)n);
	}
}

int
http_ca_read(const char *path, long timeout_ms, char **pem, size_t *len,
    char *why, size_t whysize)
{
	struct str b = { NULL, 0, 0 };
	struct stat st;
	int fd, rc = -1;

	*pem = NULL;
	*len = 0;
	/* Not blocking in open(2) for a FIFO no writer has opened yet. */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
		snprintf(why, whysize, "the CA file %s: %s", path,
		    strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) != 0 || S_ISREG(st.st_mode)) {
		close(fd);
		return 0;	/* libcurl reads it, and says what fails */
	}
	if (!S_ISFIFO(st.st_mode))
		snprintf(why, whysize, "the CA file %s: not a regular file, "
		    "a pipe or a FIFO", path);
	else if ((rc = pipe_read(fd, path, mono_ms() + timeout_ms, &b, why,
	    whysize)) == 0 && b.len == 0) {
		snprintf(why, whysize, "the CA file %s: the pipe was empty",
		    path);
		rc = -1;
	}
	if (rc == 0) {
		*pem = b.s;
		*len = b.len;
		b.s = NULL;
	}
	free(b.s);
	close(fd);
	return rc;
}

/* Whether s[0..n) is a decimal number of 1 to 3 digits, at most 255,
 * without a leading zero (which inet_aton(3) would read as octal). */
static int
octet(const char *s, size_t n)
{
	size_t i;
	int v = 0;

	if (n == 0 || n > 3 || (n > 1 && s[0] == '0'))
		return 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		v = v * 10 + (s[i] - '0');
	}
	return v <= 255;
}

int
http_local_addr(const char *url, char *addr, size_t size)
{
	const char *host, *p, *dot;
	size_t n, k;
	int parts;

	if (strncasecmp(url, "http://", 7) != 0)
		return -1;
	host = url + 7;
	n = strcspn(host, "/?#");
	if (memchr(host, '@', n) != NULL)
		return -1;
	if (n >= 5 && memcmp(host, "[::1]", 5) == 0 && (n == 5 ||
	    host[5] == ':')) {
		snprintf(addr, size, "[::1]");
		return 0;
	}
	if ((p = memchr(host, ':', n)) != NULL)
		n = (size_t)(p - host);
	if (n == 9 && strncasecmp(host, "localhost", 9) == 0) {
		snprintf(addr, size, "127.0.0.1");
		return 0;
	}
	/* 127.A.B.C: four decimal parts, no trailing dot. */
	if (n < 7 || memcmp(host, "127.", 4) != 0 || n >= size)
		return -1;
	for (p = host, parts = 0;; p = dot + 1) {
		dot = memchr(p, '.', (size_t)(host + n - p));
		k = dot != NULL ? (size_t)(dot - p) : (size_t)(host + n - p);
		if (!octet(p, k) || ++parts > 4)
			return -1;
		if (dot == NULL)
			break;
	}
	if (parts != 4)
		return -1;
	memcpy(addr, host, n);
	addr[n] = '\0';
	return 0;
}

const char *
http_status_text(long status, char *buf, size_t size)
{
	static const struct {
		long		 code;
		const char	*text;
	} reasons[] = {
		{ 301, "Moved Permanently" }, { 302, "Found" },
		{ 303, "See Other" }, { 307, "Temporary Redirect" },
		{ 308, "Permanent Redirect" }, { 400, "Bad Request" },
		{ 401, "Unauthorized" }, { 403, "Forbidden" },
		{ 404, "Not Found" }, { 405, "Method Not Allowed" },
		{ 406, "Not Acceptable" }, { 408, "Request Timeout" },
		{ 410, "Gone" }, { 429, "Too Many Requests" },
		{ 500, "Internal Server Error" }, { 501, "Not Implemented" },
		{ 502, "Bad Gateway" }, { 503, "Service Unavailable" },
		{ 504, "Gateway Timeout" },
	};
	size_t i;

	for (i = 0; i < sizeof(reasons) / sizeof(reasons[0]); i++)
		if (reasons[i].code == status) {
			snprintf(buf, size, "%ld %s", status, reasons[i].text);
			return buf;
		}
	snprintf(buf, size, "%ld", status);
	return buf;
}

#ifdef DGS_HAVE_LIBCURL
#define CURL_DISABLE_TYPECHECK
#include <curl/curl.h>
#include <pthread.h>

/* The libcurl calls used, from libcurl.so.4 (curl_load()). */
static struct {
	CURLcode	 (*global_init)(long);
	CURL		*(*easy_init)(void);
	CURLcode	 (*easy_setopt)(CURL *, CURLoption, ...);
	CURLcode	 (*easy_perform)(CURL *);
	CURLcode	 (*easy_getinfo)(CURL *, CURLINFO, ...);
	void		 (*easy_cleanup)(CURL *);
	const char	*(*easy_strerror)(CURLcode);
	struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
	void		 (*slist_free_all)(struct curl_slist *);
	CURLM		*(*multi_init)(void);
	CURLMcode	 (*multi_setopt)(CURLM *, CURLMoption, ...);
	CURLMcode	 (*multi_add_handle)(CURLM *, CURL *);
	CURLMcode	 (*multi_remove_handle)(CURLM *, CURL *);
	CURLMcode	 (*multi_perform)(CURLM *, int *);
	CURLMcode	 (*multi_wait)(CURLM *, struct curl_waitfd *,
			    unsigned int, int, int *);
	CURLMsg		*(*multi_info_read)(CURLM *, int *);
	CURLMcode	 (*multi_cleanup)(CURLM *);
} curl;

static pthread_once_t	 load_once = PTHREAD_ONCE_INIT;
static char		 load_why[512];	/* empty when loaded */

/* Loads libcurl (either flavour Debian ships: the ABI is one) and sets
 * up its global state; a failure is kept in load_why.  Once a process:
 * no other thread of dgslint uses libcurl or the TLS library, which is
 * what curl_global_init(3) asks of its callers. */
static void
curl_load(void)
{
	static const char *const files[] = { "libcurl.so.4",
		"libcurl-gnutls.so.4", NULL };
	static const struct dl_sym syms[] = {
		{ (void **)&curl.global_init, "curl_global_init" },
		{ (void **)&curl.easy_init, "curl_easy_init" },
		{ (void **)&curl.easy_setopt, "curl_easy_setopt" },
		{ (void **)&curl.easy_perform, "curl_easy_perform" },
		{ (void **)&curl.easy_getinfo, "curl_easy_getinfo" },
		{ (void **)&curl.easy_cleanup, "curl_easy_cleanup" },
		{ (void **)&curl.easy_strerror, "curl_easy_strerror" },
		{ (void **)&curl.slist_append, "curl_slist_append" },
		{ (void **)&curl.slist_free_all, "curl_slist_free_all" },
		{ (void **)&curl.multi_init, "curl_multi_init" },
		{ (void **)&curl.multi_setopt, "curl_multi_setopt" },
		{ (void **)&curl.multi_add_handle, "curl_multi_add_handle" },
		{ (void **)&curl.multi_remove_handle,
		    "curl_multi_remove_handle" },
		{ (void **)&curl.multi_perform, "curl_multi_perform" },
		{ (void **)&curl.multi_wait, "curl_multi_wait" },
		{ (void **)&curl.multi_info_read, "curl_multi_info_read" },
		{ (void **)&curl.multi_cleanup, "curl_multi_cleanup" },
	};

	if (dl_load(files, "libcurl", "libcurl4", syms, sizeof(syms) /
	    sizeof(syms[0]), load_why, sizeof(load_why)) != 0)
		return;
	if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
		snprintf(load_why, sizeof(load_why), "libcurl could not be "
		    "initialised");
}

int
http_load(char *why, size_t whysize)
{
	(void)pthread_once(&load_once, curl_load);
	if (load_why[0] == '\0')
		return 0;
	snprintf(why, whysize, "%s", load_why);
	return -1;
}

struct sink {
	struct str	 b;
	int		 over;		/* past HTTP_MAX_BODY */
};

static size_t
sink_write(char *p, size_t size, size_t n, void *arg)
{
	struct sink *s = arg;

	if (s->b.len + size * n > HTTP_MAX_BODY) {
		s->over = 1;
		return 0;	/* CURLE_WRITE_ERROR */
	}
	str_addn(&s->b, p, size * n);
	return size * n;
}

/* One request of http_get_many(). */
struct one {
	CURL			*c;
	struct curl_slist	*pin;
	struct sink		 s;
	char			 err[CURL_ERROR_SIZE];
	int			 done;
};

/* Sets up o's handle for r; 0, or -1 with r->why. */
static int
one_setup(struct one *o, struct http_req *r, struct curl_slist *hl,
    long timeout_ms, const struct http_ca *ca)
{
	char local[64], to[80];
	int plain = strncasecmp(r->url, "http://", 7) == 0;

	if ((o->c = curl.easy_init()) == NULL) {
		snprintf(r->why, sizeof(r->why), "libcurl could not start a "
		    "request");
		return -1;
	}
	if (plain) {
		/* In clear: this machine only, pinned, no proxy. */
		if (http_local_addr(r->url, local, sizeof(local)) != 0) {
			snprintf(r->why, sizeof(r->why), "http:// is for a "
			    "literal address of this machine only");
			return -1;
		}
		snprintf(to, sizeof(to), "::%s:", local);
		if ((o->pin = curl.slist_append(NULL, to)) == NULL) {
			snprintf(r->why, sizeof(r->why), "out of memory");
			return -1;
		}
		curl.easy_setopt(o->c, CURLOPT_PROXY, "");
		curl.easy_setopt(o->c, CURLOPT_NOPROXY, "*");
		curl.easy_setopt(o->c, CURLOPT_CONNECT_TO, o->pin);
	}
	o->err[0] = '\0';
	curl.easy_setopt(o->c, CURLOPT_URL, r->url);
	curl.easy_setopt(o->c, CURLOPT_HTTPGET, 1L);
	curl.easy_setopt(o->c, CURLOPT_HTTPHEADER, hl);
	curl.easy_setopt(o->c, CURLOPT_USERAGENT, "dgslint/" DGS_VERSION);
	curl.easy_setopt(o->c, CURLOPT_NOSIGNAL, 1L);
	curl.easy_setopt(o->c, CURLOPT_FOLLOWLOCATION, 0L);
#if LIBCURL_VERSION_NUM >= 0x075500
	curl.easy_setopt(o->c, CURLOPT_PROTOCOLS_STR, "http,https");
#endif
	curl.easy_setopt(o->c, CURLOPT_TIMEOUT_MS, timeout_ms);
	curl.easy_setopt(o->c, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
	curl.easy_setopt(o->c, CURLOPT_MAXFILESIZE_LARGE,
	    (curl_off_t)HTTP_MAX_BODY);
	curl.easy_setopt(o->c, CURLOPT_ERRORBUFFER, o->err);
	curl.easy_setopt(o->c, CURLOPT_WRITEFUNCTION, sink_write);
	curl.easy_setopt(o->c, CURLOPT_WRITEDATA, &o->s);
	/* Over https, wait for the first connection rather than open
	 * others: over HTTP/2 the requests share it. */
	curl.easy_setopt(o->c, CURLOPT_PIPEWAIT, plain ? 0L : 1L);
	if (ca != NULL && ca->pem != NULL) {
#if LIBCURL_VERSION_NUM >= 0x074d00
		struct curl_blob blob;

		blob.data = (void *)(uintptr_t)ca->pem;
		blob.len = ca->len;
		blob.flags = CURL_BLOB_COPY;
		if (curl.easy_setopt(o->c, CURLOPT_CAINFO_BLOB, &blob) ==
		    CURLE_OK)
			return 0;
#endif
		snprintf(r->why, sizeof(r->why), "this libcurl cannot take "
		    "certificates from a pipe (CURLOPT_CAINFO_BLOB: libcurl "
		    "7.77 with OpenSSL): name the CA file itself");
		return -1;
	}
	if (ca != NULL && ca->file != NULL)
		curl.easy_setopt(o->c, CURLOPT_CAINFO, ca->file);
	return 0;
}

/* r's answer or failure, from o's result rc. */
static void
one_finish(struct one *o, struct http_req *r, CURLcode rc, long timeout_ms)
{
	const char *detail;
	long status = 0;
	size_t n;

	if (rc == CURLE_OK) {
		curl.easy_getinfo(o->c, CURLINFO_RESPONSE_CODE, &status);
		if (o->s.b.s == NULL)
			str_addn(&o->s.b, "", 0);
		r->a.status = status;
		r->a.body = o->s.b.s;
		r->a.len = o->s.b.len;
		o->s.b.s = NULL;
		r->rc = 0;
		return;
	}
	detail = o->err[0] != '\0' ? o->err : curl.easy_strerror(rc);
	n = strlen(detail);
	while (n > 0 && (detail[n - 1] == '\n' || detail[n - 1] == ' '))
		n--;
	r->rc = -1;
	switch (rc) {
	case CURLE_OPERATION_TIMEDOUT:
		r->timed_out = 1;
		snprintf(r->why, sizeof(r->why), "no answer within %g s",
		    (double)timeout_ms / 1000);
		break;
	case CURLE_COULDNT_RESOLVE_HOST:
	case CURLE_COULDNT_CONNECT:
		snprintf(r->why, sizeof(r->why), "the service cannot be "
		    "reached: %.*s", (int)n, detail);
		break;
	case CURLE_PEER_FAILED_VERIFICATION:
	case CURLE_SSL_CACERT_BADFILE:
	case CURLE_SSL_CONNECT_ERROR:
		snprintf(r->why, sizeof(r->why), "TLS failed: %.*s (the "
		    "certificate is verified against the system's CA store, "
		    "or the file of --service-ca-file or "
		    SERVICE_CA_ENV ")", (int)n, detail);
		break;
	case CURLE_WRITE_ERROR:
	case CURLE_FILESIZE_EXCEEDED:
		if (o->s.over || rc == CURLE_FILESIZE_EXCEEDED) {
			snprintf(r->why, sizeof(r->why), "the answer is larger "
			    "than %zu MB, the bound of an answer",
			    HTTP_MAX_BODY >> 20);
			break;
		}
		/* FALLTHROUGH */
	default:
		snprintf(r->why, sizeof(r->why), "the request failed: %.*s",
		    (int)n, detail);
	}
}

/* Every request of v[0..n) fails, with why. */
static void
all_fail(struct http_req *v, size_t n, const char *why)
{
	size_t i;

	for (i = 0; i < n; i++)
		snprintf(v[i].why, sizeof(v[i].why), "%s", why);
}

/* Adds the requests v[0..n) to m, each its o[i] (a request that cannot
 * start is done, and says why): multiplexed over https (HTTP/2); over
 * http://, a connection a request. */
static void
multi_add(CURLM *m, struct one *o, struct http_req *v, size_t n,
    struct curl_slist *hl, long timeout_ms, const struct http_ca *ca)
{
	size_t i, k;

	for (i = 0, k = 0; i < n; i++)
		k += strncasecmp(v[i].url, "http://", 7) == 0;
#ifdef CURLPIPE_MULTIPLEX
	curl.multi_setopt(m, CURLMOPT_PIPELINING, k == n ? (long)CURLPIPE_NOTHING :
	    (long)CURLPIPE_MULTIPLEX);
#endif
	for (i = 0; i < n; i++) {
		if (one_setup(&o[i], &v[i], hl, timeout_ms, ca) != 0 ||
		    curl.multi_add_handle(m, o[i].c) != CURLM_OK) {
			if (v[i].why[0] == '\0')
				snprintf(v[i].why, sizeof(v[i].why), "libcurl "
				    "could not start a request");
			o[i].done = 1;
			if (o[i].c != NULL) {
				curl.easy_cleanup(o[i].c);
				o[i].c = NULL;
			}
		}
	}
}

/* Runs m's requests until each is done, each answer into its v[k]:
 * every request is bounded (CURLOPT_TIMEOUT_MS), so the loop ends; or
 * until http_stop(). */
static void
multi_run(CURLM *m, struct one *o, struct http_req *v, size_t n,
    long timeout_ms)
{
	CURLMsg *msg;
	size_t k;
	int running, left;

	do {
		if (curl.multi_perform(m, &running) != CURLM_OK)
			break;
		while ((msg = curl.multi_info_read(m, &left)) != NULL) {
			if (msg->msg != CURLMSG_DONE)
				continue;
			for (k = 0; k < n; k++)
				if (o[k].c == msg->easy_handle && !o[k].done) {
					o[k].done = 1;
					one_finish(&o[k], &v[k],
					    msg->data.result, timeout_ms);
				}
		}
		/* A wait a fifth of a second at most: http_stop() is seen. */
		if (running > 0 && curl.multi_wait(m, NULL, 0, 200, NULL) !=
		    CURLM_OK)
			break;
	} while (running > 0 && !atomic_load(&stopped));
}

void
http_get_many(struct http_req *v, size_t n, const char *const *headers,
    long timeout_ms, const struct http_ca *ca)
{
	struct curl_slist *hl = NULL, *t;
	struct one *o;
	CURLM *m = NULL;
	char why[512];
	size_t i;
	int fail = 0;

	for (i = 0; i < n; i++) {
		memset(&v[i].a, 0, sizeof(v[i].a));
		v[i].rc = -1;
		v[i].timed_out = 0;
		v[i].why[0] = '\0';
	}
	if (atomic_load(&stopped)) {
		all_fail(v, n, STOPPED);
		return;
	}
	if (http_load(why, sizeof(why)) != 0) {
		all_fail(v, n, why);
		return;
	}
	for (i = 0; headers != NULL && headers[i] != NULL; i++) {
		if ((t = curl.slist_append(hl, headers[i])) == NULL) {
			fail = 1;
			break;
		}
		hl = t;
	}
	o = xcalloc(n ? n : 1, sizeof(*o));
	if (!fail && (m = curl.multi_init()) == NULL)
		fail = 1;
	if (fail) {
		all_fail(v, n, "libcurl could not start a request");
		goto out;
	}
	multi_add(m, o, v, n, hl, timeout_ms, ca);
	multi_run(m, o, v, n, timeout_ms);
	for (i = 0; i < n; i++) {
		if (!o[i].done)
			snprintf(v[i].why, sizeof(v[i].why), "%s",
			    atomic_load(&stopped) ? STOPPED : "the request "
			    "failed: libcurl stopped");
		if (o[i].c != NULL) {
			curl.multi_remove_handle(m, o[i].c);
			curl.easy_cleanup(o[i].c);
		}
	}
out:
	for (i = 0; i < n; i++) {
		if (o[i].pin != NULL)
			curl.slist_free_all(o[i].pin);
		free(o[i].s.b.s);
	}
	free(o);
	if (m != NULL)
		curl.multi_cleanup(m);
	if (hl != NULL)
		curl.slist_free_all(hl);
}

#else /* !DGS_HAVE_LIBCURL */

int
http_load(char *why, size_t whysize)
{
#ifdef DGS_STATIC
	snprintf(why, whysize, "--service is not in the static build: it loads "
	    "libcurl when it runs, which a program linked with no shared "
	    "library cannot; use a build of 'make' or the package");
#else
	snprintf(why, whysize, "--service is not built in: this dgslint was "
	    "built without libcurl (install libcurl4-openssl-dev, the "
	    "package 'make deps' installs, and rebuild)");
#endif
	return -1;
}

void
http_get_many(struct http_req *v, size_t n, const char *const *headers,
    long timeout_ms, const struct http_ca *ca)
{
	size_t i;

	(void)headers;
	(void)timeout_ms;
	(void)ca;
	for (i = 0; i < n; i++) {
		memset(&v[i].a, 0, sizeof(v[i].a));
		v[i].rc = -1;
		http_load(v[i].why, sizeof(v[i].why));
	}
}

#endif
