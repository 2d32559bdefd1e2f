/*
 * service.h: the workspace on a running service (--service URL with
 * --workspace NAME or --workspace-id ID, and the configuration's
 * "service" keys): service.c reads its state once a run,
 * service_trust.c says whom the key may be sent to, http.c speaks HTTP
 * through libcurl, loaded when first needed.
 */
#ifndef DGSLINT_SERVICE_H
#define DGSLINT_SERVICE_H

#include <pthread.h>
#include <stddef.h>

#include "dgslint.h"

/* The default bound of a workspace's reading (all its requests), and the
 * largest one accepted. */
#define SERVICE_TIMEOUT_MS	10000L
#define SERVICE_TIMEOUT_MAX	600	/* seconds */
/* The query parameter of GET /api/SchemaDiff that names the workspace
 * (the documentation names none: this is the name the workspace's id
 * has in the other requests). */
#define SERVICE_DIFF_PARAM	"workspaceId"

/* Where and what to read.  The strings are borrowed. */
struct service_conf {
	const char	*url;		/* the service's base URL */
	const char	*workspace;	/* its name, or NULL */
	const char	*workspace_id;	/* or its id, or NULL */
	long		 timeout_ms;	/* 0: SERVICE_TIMEOUT_MS */
	const char	*ca_file;	/* CA certificates, or NULL: the
					   system's */
	const char	*diff_param;	/* NULL: SERVICE_DIFF_PARAM */
	const char	*named_at;	/* NULL: the user named url (the
					   command line); else where a
					   repository's configuration does
					   ("path:line:col"), and url gets
					   the key only when trusted */
	const char	*checkout;	/* with named_at: the repository's
					   directory (its work tree's root,
					   or the configuration's), whose
					   files are not the user's */
};

/* The environment variable that holds the API key, never printed. */
#define SERVICE_KEY_ENV		"DGSLINT_API_KEY"
/* The environment variable and the user's file (under $XDG_CONFIG_HOME,
 * or ~/.config) that list the services a repository's configuration may
 * name: their base URLs, "*" for any. */
#define SERVICE_TRUST_ENV	"DGSLINT_TRUSTED_SERVICES"
#define SERVICE_TRUST_FILE	"dgslint/trusted-services"
/* The CA file of the user's, as --service-ca-file: a repository's
 * configuration names none (what authenticates a service given the key
 * is the user's choice). */
#define SERVICE_CA_ENV		"DGSLINT_SERVICE_CA_FILE"

/* Whether the user allows url (a base URL) to get the key when the
 * configuration of the repository at checkout (or NULL) names it: 1 or
 * 0.  The user's file is read only when it is a regular file under an
 * absolute $XDG_CONFIG_HOME or $HOME, outside checkout; when it is not
 * read for another reason than its absence, note (size bytes) says why,
 * else it is "". */
int	service_trusted(const char *url, const char *checkout, char *note,
	    size_t size);

/* What was read: the state the rules check against, and the instance's
 * GET /api/GeneratorMetadata body when it is usable (else NULL). */
struct service_state {
	struct dgs_service	*svc;
	char			*generators;
	size_t			 generators_len;
};

/* What service_get() does. */
enum service_mode {
	SERVICE_FETCH = 0,	/* read; a fault ends the run */
	SERVICE_LENIENT,	/* read; a fault makes every check skipped
				   (the language server) */
	SERVICE_NONE,		/* contact nothing (--print-config) */
	SERVICE_BACKGROUND	/* lenient, and read on the reader thread
				   (the language server): a state not
				   read yet has no svc */
};
void	service_set_mode(enum service_mode);

/* url as a message may show it: without user, password, query and
 * fragment (each "..."); to free. */
char	*service_url_shown(const char *url);
/* Adds the API key (DGSLINT_API_KEY) to the run's secrets: called
 * once, before any thread starts. */
void	service_secrets_init(void);
/* Appends s[0..n) percent-encoded for a URL's path segment or query
 * value (RFC 3986's unreserved characters as they are), its hex digits
 * in lower case when lower is set. */
struct str;
void	url_escape(struct str *, const char *s, size_t n, int lower);

/* Whether url is a base URL the key may be sent to: 0, or -1 with the
 * reason in why. */
int	service_url_check(const char *url, char *why, size_t whysize);

/* The state of conf's workspace, read once and kept for the run (the
 * same conf gives the same state).  NULL with SERVICE_NONE, or after a
 * fault that ends the run: then *why (to free) says what, in a message
 * that starts with the URL and holds no secret. */
const struct service_state *service_get(const struct service_conf *,
	    char **why);
/* Reads every kept state again (the language server, when a
 * configuration changes): each state stays where it is, its svc a new
 * one (the old is freed: no options may hold it).  In the background,
 * queues them: each is replaced by service_adopt(). */
void	service_refresh(void);
/*
 * SERVICE_BACKGROUND (the language server, which never waits for the
 * network): service_get() returns a state not read yet and queues its
 * reading; the reader thread reads it into a state of its own, stages
 * it, and calls ready(arg) (on its thread; nothing held), whose caller
 * makes service_adopt() replace each state by the one staged, when no
 * options hold the old svc.
 */
/* Starts the reader (log_mu, when not NULL, held while it writes on
 * standard error): 0, or -1.  With serial (the golden tests, whose
 * output has a fixed order), it reads only in service_wait_idle(). */
int	service_start(pthread_mutex_t *log_mu, void (*ready)(void *),
	    void *arg, int serial);
/* Serial: reads one entry queued, and returns when ready() is done with
 * it: 1; 0 when none is queued. */
int	service_wait_idle(void);
/* Ends the reading under way (within a fifth of a second: http_stop())
 * and joins the reader; what it read is dropped.  Called with nothing
 * held that ready() takes. */
void	service_stop(void);
/* Replaces each state read since by the one staged: the number. */
int	service_adopt(void);
/* For the fuzzing harness: reads a workspace by name and by id, each
 * request answered status and body[0..len) with no network, the key
 * that of DGSLINT_API_KEY; returns what the reading said (the fatal
 * reason, the reason of each part not known), to free. */
char	*service_answer(long status, const char *body, size_t len);
/* Stops the reader, and frees every kept state. */
void	service_cleanup(void);

/*
 * http.c: GET through libcurl, loaded with dlopen(3) when first used.
 */
struct http_answer {
	long	 status;	/* the HTTP status */
	char	*body;		/* NUL-terminated, to free */
	size_t	 len;
};

/* Loads libcurl, once: 0, or -1 with the reason in why (also when
 * dgslint was built without it). */
int	http_load(char *why, size_t whysize);
/* The certificates TLS is verified against besides the system's: a CA
 * file libcurl reads at each request (file), or the contents of a pipe
 * or FIFO read once by http_ca_read() (pem, len); NULL for neither. */
struct http_ca {
	const char	*file;
	const char	*pem;
	size_t		 len;
};
/* Reads the CA file path for ca when it is a pipe or FIFO (--service-ca-file
 * <(cat ca.pem)), which libcurl's reading at every request would find
 * empty at the second or wait on without a bound: whole, once, within
 * timeout_ms, at most 4 MB, into *pem (to free; *len its size).  A
 * regular file is left to libcurl (*pem NULL).  0, or -1 with the reason
 * in why. */
int	http_ca_read(const char *path, long timeout_ms, char **pem,
	    size_t *len, char *why, size_t whysize);
/* The address an http:// URL's connection is pinned to, in addr: its
 * host when a literal loopback address (127.A.B.C in four decimal parts,
 * [::1]), 127.0.0.1 for "localhost"; 0, or -1 when the URL is not plain
 * http to this machine. */
int	http_local_addr(const char *url, char *addr, size_t size);
/* Several GETs at once (curl multi; over one connection where HTTP/2
 * allows), each with the header lines of headers (NULL-terminated),
 * each within timeout_ms, TLS verified (against ca too when not NULL):
 * each v[i].url, its answer, whatever its status, in v[i].a (rc 0), or
 * why there is none (rc -1, v[i].why: libcurl's words, and what to
 * do). */
struct http_req {
	const char		*url;
	struct http_answer	 a;
	int			 rc;
	int			 timed_out;	/* why: out of time */
	char			 why[1024];
};
void	http_get_many(struct http_req *v, size_t n,
	    const char *const *headers, long timeout_ms,
	    const struct http_ca *ca);
/* Ends the requests under way and refuses new ones, from any thread
 * (the language server exiting). */
void	http_stop(void);
/* "404 Not Found": the status with its reason phrase (RFC 9110). */
const char *http_status_text(long status, char *buf, size_t size);

#endif /* DGSLINT_SERVICE_H */
