/*
 * lsp_int.h: inside the language server, what its files share: the
 * server's state and the documents open.
 *
 * server.c is the loop and the methods; it calls the three others.
 * rpc.c is the transport (JSON-RPC messages framed on standard input
 * and output, and the log on standard error) and calls none of them.
 * store.c holds the documents and applies their changes; lint.c lints
 * them (the worker thread) and publishes the diagnostics.  The store
 * asks the worker for a lint (doc_schedule() wakes it through the
 * server's state) and publishes the empty diagnostics of a document
 * closed or lost; the worker finds the documents in the store.  So the
 * calls go one way: server.c, lint.c, store.c, rpc.c.
 */
#ifndef DGSLINT_LSP_INT_H
#define DGSLINT_LSP_INT_H

#include <pthread.h>
#include <stdio.h>

#include "lsp.h"

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
	/* The text of each configuration read whole, kept from one
	 * reading of the configurations to the next (configs_new()), for
	 * one that becomes unusable; under cfg_lock, and cfg_mu with the
	 * read lock. */
	struct config_texts *texts;
	/* The configurations met unusable, whose problems are published
	 * on their own URI until they are fixed or gone; under mu. */
	struct bad_config {
		char	*path;		/* absolute */
		char	*uri;
		int	 published;	/* diagnostics there, not cleared */
		int	 said;		/* in the log since the last reading */
	}		*bad;
	size_t		 nbad;
};

/*
 * rpc.c: the transport.
 */
/* Held by the writers of standard error that are not the configuration
 * code's (which its callers serialise: sv->cfg_mu, sv->cfg_lock). */
extern pthread_mutex_t rpc_log_mu;
/* "dgslint: lsp: " and the message, a line on standard error. */
void	rpc_log(const char *fmt, ...)
	    __attribute__((__format__(__printf__, 1, 2)));

/* Output: one message, framed, which is freed.  The callers of
 * rpc_send_locked() and rpc_show_locked() hold sv->mu, so that messages
 * of both threads never mix and a document closed is never published
 * after its clearing; rpc_send() takes it. */
void	rpc_send_locked(json_object *);
void	rpc_send(struct server *, json_object *);
/* A new message, "jsonrpc" first. */
json_object *rpc_new_msg(void);
/* A copy of a request's id (or of a document's version), or NULL. */
json_object *rpc_copy_id(json_object *id);
/* A textDocument/publishDiagnostics notification (diags taken). */
json_object *rpc_publish_msg(const char *uri, json_object *version,
	    json_object *diags);
void	rpc_reply(struct server *, json_object *id, json_object *result);
void	rpc_reply_error(struct server *, json_object *id, int code,
	    const char *text);
/* window/showMessage, "dgslint: " and the text, which also goes to the
 * log with log. */
void	rpc_show_locked(int type, int log, const char *fmt, ...)
	    __attribute__((__format__(__printf__, 3, 4)));

/* Reads what is there into the queue (all of it, or once, blocking,
 * with block). */
void	rpc_fill(struct server *, int block);
/* Member key of an object (NULL when o is not one), and a string
 * member's value. */
json_object *rpc_member(json_object *o, const char *key);
const char *rpc_str_member(json_object *o, const char *key);
/* Whether a notification waiting in the queue changes or closes uri
 * before any request (a request wants the document as it is then). */
int	rpc_queued_change(const struct server *, const char *uri);
/* Whether a $/cancelRequest for id waits in the queue. */
int	rpc_queued_cancel(const struct server *, json_object *id);

/*
 * store.c: the documents; the callers of doc_find() and
 * doc_schedule() hold sv->mu, and the doc_open(), doc_change() and
 * doc_close() of the methods of the same names take it.
 */
struct doc *doc_find(struct server *, const char *uri);
void	doc_free(struct doc *);
/* Lints d when nothing behind it in the queue changes it again (and
 * its text is known). */
void	doc_schedule(struct server *, struct doc *d);
/* The same from another thread than the main one (the service's
 * reader): whatever the queue holds (a change queued is linted again
 * anyway). */
void	doc_schedule_any(struct server *, struct doc *d);
void	doc_open(struct server *, json_object *params);
void	doc_change(struct server *, json_object *params);
void	doc_close(struct server *, json_object *params);

/*
 * lint.c: linting, on either thread, and the worker.
 */
/* Lints text as the document abs, with the configuration and baseline
 * that apply, into *l; 0, or -1 (out of memory, said in the log).
 * Until lint_end(), the configurations are read-locked. */
int	lint_begin(struct server *, const char *abs, const char *text,
	    size_t len, struct lsp_lint *l);
void	lint_end(struct server *, struct lsp_lint *l);
/* Publishes again the problems of the configurations met unusable, as
 * their files hold them now: cleared, and forgotten, for those fixed or
 * gone (after a reading of the configurations, or a .dgslint.json
 * closed, whose diagnostics store.c cleared). */
void	lint_recheck_configs(struct server *);
/* Forgets them all (at the end). */
void	lint_forget_configs(struct server *);
/* The worker thread: lints the documents made dirty, and publishes
 * their diagnostics, until sv->quit. */
void	*lint_worker(void *arg);
/* Waits until no document is to be linted and the worker is idle. */
void	lint_wait_idle(struct server *);
/* Reads the configurations again (and, with reread, the service's
 * states: a configuration changed, on the main thread), and lints every
 * open document.  Without reread, on the service's reader: the states
 * read are taken, and the main thread's queue is not looked at. */
void	lint_reload(struct server *, int reread);

#endif /* DGSLINT_LSP_INT_H */
