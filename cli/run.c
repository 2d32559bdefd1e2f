/*
 * run.c: lints the documents in a team of processes and writes the
 * outputs in the calling process in the order of the inputs, so that
 * -j N prints exactly what -j 1 prints.  What is done to one document
 * (linted, then counted and written) is job.c's; this is the
 * scheduling, and the messages that carry a job's outcome between the
 * processes.
 *
 * Processes, not threads: a process that has never started a thread
 * allocates without the atomic operations and arena locks that glibc's
 * malloc takes once there are threads, and json-c's trees are nothing but
 * allocations: on many small files, threads cost a tenth more processor
 * time than processes, and they shared nothing the processes cannot have
 * from fork(2).
 *
 * The workers (N - 1 forked children, and the calling process, which is
 * one of the N) take the documents in batches, from a counter in shared
 * memory, so the work balances itself whatever the sizes.  A batch is
 * sized by bytes, not files (a file counts its size and FILE_COST): a
 * share of the bytes not yet taken (guided self-scheduling), so that the
 * batches are large while much is left, and shrink to one document at
 * the end, where one large document taken last would otherwise leave
 * the other CPUs idle.  A file's size is taken (stat(2)) by the worker
 * that takes it, so that the workers start at once: the 2,000 stat(2)
 * calls of the benchmark's tree took 4 ms before the first fork.  A
 * child sends each document's findings as one message, a batch of them
 * in one write down its own pipe; the caller reads a pipe as much at a
 * time as it holds, and takes the message of the document whose output
 * is due from the pipe of the child that took it, which is always the
 * first message unread in that pipe, because each child takes its
 * documents in increasing order.  While that
 * message is not ready, the caller lints documents itself, at most
 * WINDOW ahead of the output.  A full pipe (of a megabyte) holds its
 * child back, which bounds what is held in memory.  A child that cannot
 * be started, or that dies, leaves its documents to the caller, which
 * lints them itself.
 */
#define _GNU_SOURCE		/* MAP_ANONYMOUS, F_SETPIPE_SZ */
#include <sys/mman.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run.h"

#define WINDOW		256	/* documents linted ahead of the output */
/* The batches of -j (take_batch()): a file costs its bytes and FILE_COST
 * (its opening, its options, its message); a batch is the bytes not yet
 * taken (as take_batch() reckons them) over BATCH_SHARE times the
 * workers, at most BATCH_MAX bytes and BATCH_DOCS documents, so that the
 * output and the pipes keep flowing. */
#define FILE_COST	4096
#define BATCH_SHARE	4
#define BATCH_MAX	(1024 * 1024)
#define BATCH_DOCS	64
#define FLUSH		(256 * 1024)	/* bytes a child sends at once, at
					 * most: a quarter of its pipe */
/* Without -j, a process more for each PROC_COST of the documents' cost
 * only: a fork, its child's start and the messages cost about a
 * millisecond of CPU, what a child's share must be well above to be
 * worth it (a few small files are linted in this process alone). */
#define PROC_COST	(512 * 1024)
#define MAX_PROCS	256	/* a pipe each: well under the fd limit */
#define SELF		UINT_MAX	/* owner: the calling process */

/* Shared by the processes (MAP_SHARED): which worker took each document
 * (0: none yet; k + 1: child k; SELF), a hint to the first not taken
 * (see take()), and the cost of the documents taken so far and their
 * number (take_batch()). */
struct shared {
	atomic_size_t	 next;
	atomic_size_t	 cost, ncost;
	atomic_uint	 owner[];
};

/* One child: the read end of its pipe, its pid; fd -1 once it is dead
 * or done; what was read from the pipe and not yet taken, buf[off..len). */
struct child {
	pid_t	 pid;
	int	 fd;
	char	*buf;
	size_t	 off, len, cap;
};

/* How many workers take the documents. */
struct sched {
	size_t	 nworkers;
};

/* A worker's batch: the documents it took, v[pos..n) not yet linted. */
struct batch {
	size_t	 v[BATCH_DOCS];
	size_t	 n, pos;
};

/* A message, in the child's byte order: a header, then for each finding
 * a record and its three strings (file, pointer, message), each with its
 * NUL. */
struct msg_head {
	uint64_t	 job;
	uint64_t	 nfound;
	uint64_t	 size;		/* bytes after the header */
	int32_t		 fail_on;
	int32_t		 unreadable;
	int32_t		 skipped;
	char		 why[256];
	/* --fix, --diff: after the findings, the text for stdout and a
	 * NUL. */
	uint64_t	 nfixed;
	uint64_t	 fix_out_len;
	int32_t		 changed;
	int32_t		 write_failed;
	char		 fix_why[256];
	/* The document-set keys (dgs_result_keys_save()), after the text for
	 * stdout. */
	uint64_t	 keys_len;
	/* What the scopes of the overrides' pointers did (a byte each,
	 * dgs_result_scope()), after the keys. */
	uint64_t	 nscopes;
	/* The file's stat(2) as the child took it (job_stat()): the
	 * caller's docset_id() then takes none.  stat: as struct job's. */
	uint64_t	 dev, ino, fsize;
	int32_t		 stat;
};

struct msg_finding {
	unsigned long	 line, column, end_line, end_column;
	const struct dgs_rule_info *rule;	/* same address after fork() */
	int32_t		 severity;
	uint32_t	 len[3];
	uint32_t	 nedits;	/* a fix follows the strings: 0 none */
	int32_t		 safety;
};

/* After a fix's description (with its NUL), each edit: this, then its
 * text and a NUL. */
struct msg_edit {
	uint64_t	 offset, end;
	unsigned long	 line, column, end_line, end_column;
	uint64_t	 len;
};

/* Takes the first document not taken, for worker who; returns its index,
 * or njobs when none is left.  A document is taken by setting its owner,
 * so that an owner is never missing for a document taken, even when its
 * worker dies at once; next, which may lag behind, is moved on by
 * whichever worker sees it lag. */
static size_t
take(struct shared *sh, size_t njobs, unsigned who)
{
	size_t i, seen;
	unsigned none;

	while ((i = atomic_load(&sh->next)) < njobs) {
		none = 0;
		/* A failed exchange writes the current value into its second
		 * argument: seen, never i, which is the document taken (i was
		 * once overwritten here, when another worker had moved next
		 * on, and the document taken was never linted). */
		seen = i;
		if (atomic_compare_exchange_strong(&sh->owner[i], &none, who)) {
			atomic_compare_exchange_strong(&sh->next, &seen, i + 1);
			return i;
		}
		atomic_compare_exchange_strong(&sh->next, &seen, i + 1);
	}
	return njobs;
}

/* What job j costs a worker, for the batches: its bytes (stat(2)) and
 * FILE_COST. */
static size_t
job_cost(struct job *j)
{
	if (j->in->text != NULL)
		return j->in->len + FILE_COST;
	if (j->in->error != NULL || j->in->skip != NULL ||
	    strcmp(j->in->path, "-") == 0 || job_stat(j) != 0)
		return FILE_COST;
	return j->size + FILE_COST;
}

/* Counts job j's cost among those taken (take_batch()); returns it. */
static size_t
count_cost(struct shared *sh, struct job *j)
{
	size_t c = job_cost(j);

	atomic_fetch_add(&sh->cost, c);
	atomic_fetch_add(&sh->ncost, 1);
	return c;
}

/* Takes a batch of documents for worker who into b, sized as FILE_COST's
 * comment says, and at most max of them; returns how many, 0 when none
 * is left.  A document's cost is learnt as it is taken, by the worker
 * that takes it (job_cost(), a stat(2)), not by the caller before the
 * workers start: the cost of the documents not yet taken is their number
 * times the mean cost of those taken so far, by all the workers. */
static size_t
take_batch(struct shared *sh, struct run *r, const struct sched *s,
    unsigned who, size_t max, struct batch *b)
{
	size_t i, cost, want;

	b->n = b->pos = 0;
	if (max == 0 || (i = take(sh, r->njobs, who)) >= r->njobs)
		return 0;
	if (max > BATCH_DOCS)
		max = BATCH_DOCS;
	b->v[b->n++] = i;
	cost = count_cost(sh, &r->jobs[i]);
	want = atomic_load(&sh->cost) / atomic_load(&sh->ncost) *
	    (r->njobs - i) / (BATCH_SHARE * s->nworkers);
	if (want > BATCH_MAX)
		want = BATCH_MAX;
	while (cost < want && b->n < max &&
	    (i = take(sh, r->njobs, who)) < r->njobs) {
		b->v[b->n++] = i;
		cost += count_cost(sh, &r->jobs[i]);
	}
	return b->n;
}

/*
 * The child's side.
 */
int
write_all(int fd, const char *p, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(fd, p, n)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

static void
encode_fix(struct str *b, const struct dgs_fix *fx)
{
	struct msg_edit e;
	size_t k;

	str_addn(b, fx->description, strlen(fx->description) + 1);
	for (k = 0; k < fx->nedits; k++) {
		memset(&e, 0, sizeof(e));
		e.offset = fx->edits[k].offset;
		e.end = fx->edits[k].end;
		e.line = fx->edits[k].line;
		e.column = fx->edits[k].column;
		e.end_line = fx->edits[k].end_line;
		e.end_column = fx->edits[k].end_column;
		e.len = fx->edits[k].text_len;
		str_addn(b, (const char *)&e, sizeof(e));
		str_addn(b, fx->edits[k].text, fx->edits[k].text_len);
		str_addn(b, "", 1);
	}
}

/* Encodes job i's outcome at the end of b, with the document-set keys
 * when keys is not NULL, and the states of its scopes. */
static void
encode(struct str *b, size_t i, const struct job *j, const char *keys,
    size_t keys_len, const unsigned char *scopes, size_t nscopes)
{
	struct msg_head h;
	struct msg_finding m;
	const struct dgs_finding *f;
	const char *s[3];
	size_t k, n, at = b->len;

	memset(&h, 0, sizeof(h));
	h.job = i;
	h.fail_on = j->fail_on;
	h.unreadable = j->unreadable;
	h.skipped = j->skipped;
	memcpy(h.why, j->why, sizeof(h.why));
	h.nfixed = j->fix.nfixed;
	h.fix_out_len = j->fix.out != NULL ? j->fix.out_len : 0;
	h.changed = j->fix.changed;
	h.write_failed = j->fix.write_failed;
	memcpy(h.fix_why, j->fix.why, sizeof(h.fix_why));
	h.stat = j->stat;
	h.dev = j->dev;
	h.ino = j->ino;
	h.fsize = j->size;
	str_addn(b, (const char *)&h, sizeof(h));
	for (n = 0; (f = job_get(j, n)) != NULL; n++) {
		memset(&m, 0, sizeof(m));
		m.line = f->line;
		m.column = f->column;
		m.end_line = f->end_line;
		m.end_column = f->end_column;
		m.rule = f->rule;
		m.severity = (int32_t)f->severity;
		s[0] = f->file;
		s[1] = f->pointer;
		s[2] = f->message;
		for (k = 0; k < 3; k++)
			m.len[k] = (uint32_t)strlen(s[k] ? s[k] : "");
		if (f->fix != NULL) {
			m.nedits = (uint32_t)f->fix->nedits;
			m.safety = (int32_t)f->fix->safety;
		}
		str_addn(b, (const char *)&m, sizeof(m));
		for (k = 0; k < 3; k++)
			str_addn(b, s[k] ? s[k] : "", m.len[k] + 1);
		if (f->fix != NULL)
			encode_fix(b, f->fix);
	}
	if (j->fix.out != NULL)
		str_addn(b, j->fix.out, j->fix.out_len);
	if (keys != NULL) {
		h.keys_len = keys_len;
		str_addn(b, keys, keys_len);
	}
	if (nscopes > 0) {
		h.nscopes = nscopes;
		str_addn(b, (const char *)scopes, nscopes);
	}
	str_addn(b, "", 1);
	h.nfound = n;
	h.size = b->len - at - sizeof(h);
	memcpy(b->s + at, &h, sizeof(h));
}

/* How job j's document-set keys are sent: their hashes alone
 * (DGS_KEYS_HASHES) when the caller can lint the document again, should
 * one of them meet another document's (add_to_docset()): not standard
 * input, which is read once, nor a document --fix or --diff has
 * changed. */
static int
keys_flags(const struct run *r, const struct job *j)
{
	if (r->fix != FIX_NONE || (j->in->text == NULL &&
	    strcmp(j->in->path, "-") == 0))
		return 0;
	return DGS_KEYS_HASHES;
}

/* Child k: lints the documents it takes, a batch at a time, and sends
 * their findings down fd, a batch (at most FLUSH bytes) in one write;
 * never returns.  For the tests, DGSLINT_TEST_WORKER_EXIT=N makes it
 * exit as it takes its document N + 1, leaving that document taken and
 * not sent. */
static void
child_main(struct run *r, struct shared *sh, const struct sched *s,
    unsigned k, int fd)
{
	struct str b = { NULL, 0, 0 };
	struct batch bt;
	struct job *j;
	const char *e = getenv("DGSLINT_TEST_WORKER_EXIT");
	long quit = e != NULL && *e != '\0' ? strtol(e, NULL, 10) : -1;
	char *keys;
	unsigned char *scopes;
	size_t i, keys_len, nscopes;
	int bad = 0;

	while (!bad && take_batch(sh, r, s, k + 1, BATCH_DOCS, &bt) > 0) {
		for (bt.pos = 0; bt.pos < bt.n; bt.pos++) {
			if (quit-- == 0) {
				bad = 1;
				break;
			}
			i = bt.v[bt.pos];
			j = &r->jobs[i];
			lint_one(r, j);
			keys = NULL;
			keys_len = 0;
			if (r->docset != NULL && j->res != NULL &&
			    dgs_result_keys_save(j->res, keys_flags(r, j),
			    &keys, &keys_len) != 0) {
				bad = 1;	/* the caller lints what is left */
				break;
			}
			scopes = scope_states(r, j, j->res, NULL, &nscopes);
			encode(&b, i, j, keys, keys_len, scopes, nscopes);
			free(scopes);
			free(keys);
			dgs_result_free(j->res);
			j->res = NULL;
			free(j->fix.out);
			j->fix.out = NULL;
			if (b.len >= FLUSH) {
				if (write_all(fd, b.s, b.len) != 0)
					_exit(1);	/* the caller lints
							 * what is left */
				b.len = 0;
			}
		}
		if (b.len > 0 && write_all(fd, b.s, b.len) != 0)
			_exit(1);
		b.len = 0;
	}
	free(b.s);
	_exit(bad);
}

/*
 * The caller's side.
 */
/* Makes c's buffer hold n bytes from c->off, reading the pipe as much at
 * a time as it holds; -1 when the child is gone first. */
static int
child_fill(struct child *c, size_t n)
{
	ssize_t got;

	if (c->off > 0) {
		memmove(c->buf, c->buf + c->off, c->len - c->off);
		c->len -= c->off;
		c->off = 0;
	}
	if (c->cap < n || c->cap < FLUSH) {
		c->cap = n > FLUSH ? n : FLUSH;
		c->buf = xrealloc(c->buf, c->cap);
	}
	while (c->len < n) {
		if ((got = read(c->fd, c->buf + c->len, c->cap - c->len)) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (got == 0)
			return -1;
		c->len += (size_t)got;
	}
	return 0;
}

/* Takes the next n bytes from c into p. */
static int
child_read(struct child *c, void *p, size_t n)
{
	if (c->len - c->off < n && child_fill(c, n) != 0)
		return -1;
	memcpy(p, c->buf + c->off, n);
	c->off += n;
	return 0;
}

/* Decodes the fix of finding f at *pp, into memory that j keeps. */
static int
decode_fix(struct job *j, struct dgs_finding *f, char **pp, char *end,
    const struct msg_finding *m)
{
	struct dgs_fix *fx;
	struct dgs_edit *ed;
	struct msg_edit e;
	char *p = *pp, *nul;
	size_t k;

	if (m->nedits > (size_t)(end - p) / sizeof(e) ||
	    (nul = memchr(p, '\0', (size_t)(end - p))) == NULL)
		return -1;
	fx = xcalloc(1, sizeof(*fx) + m->nedits * sizeof(*ed));
	ed = (struct dgs_edit *)(void *)(fx + 1);
	j->fixmem = xrealloc(j->fixmem, (j->nfixmem + 1) *
	    sizeof(*j->fixmem));
	j->fixmem[j->nfixmem++] = fx;
	fx->description = p;
	fx->safety = (enum dgs_fix_safety)m->safety;
	fx->edits = ed;
	fx->nedits = m->nedits;
	p = nul + 1;
	for (k = 0; k < m->nedits; k++) {
		if ((size_t)(end - p) < sizeof(e))
			return -1;
		memcpy(&e, p, sizeof(e));
		p += sizeof(e);
		if (e.len >= (size_t)(end - p))
			return -1;
		ed[k].offset = (size_t)e.offset;
		ed[k].end = (size_t)e.end;
		ed[k].line = e.line;
		ed[k].column = e.column;
		ed[k].end_line = e.end_line;
		ed[k].end_column = e.end_column;
		ed[k].text = p;
		ed[k].text_len = (size_t)e.len;
		p += e.len + 1;
	}
	f->fix = fx;
	*pp = p;
	return 0;
}

/* Reads job i's message from c into j; -1 when the child is gone or the
 * message is not job i's (the child is then taken for dead). */
static int
receive(struct child *c, size_t i, struct job *j)
{
	struct msg_head h;
	struct msg_finding m;
	struct dgs_finding *f;
	char *block = NULL, *p, *end, *str;
	size_t n, k;

	if (child_read(c, &h, sizeof(h)) != 0 || h.job != i ||
	    h.nfound > h.size / sizeof(m))
		return -1;
	n = (size_t)h.nfound;
	/* One block: the findings, then the message as it came, whose
	 * strings the findings point into. */
	block = xmalloc(n * sizeof(*f) + (size_t)h.size + 1);
	f = (struct dgs_finding *)(void *)block;
	p = block + n * sizeof(*f);
	if (child_read(c, p, (size_t)h.size) != 0)
		goto bad;
	end = p + h.size;
	for (k = 0; k < n; k++) {
		if ((size_t)(end - p) < sizeof(m))
			goto bad;
		memcpy(&m, p, sizeof(m));
		p += sizeof(m);
		f[k].line = m.line;
		f[k].column = m.column;
		f[k].end_line = m.end_line;
		f[k].end_column = m.end_column;
		f[k].rule = m.rule;
		f[k].severity = (enum dgs_severity)m.severity;
		f[k].fix = NULL;
		str = p;
		if ((size_t)(end - p) < (size_t)m.len[0] + m.len[1] +
		    m.len[2] + 3)
			goto bad;
		f[k].file = str;
		f[k].pointer = str + m.len[0] + 1;
		f[k].message = str + m.len[0] + m.len[1] + 2;
		p += (size_t)m.len[0] + m.len[1] + m.len[2] + 3;
		if (m.nedits > 0 && decode_fix(j, &f[k], &p, end, &m) != 0)
			goto bad;
	}
	if (h.fix_out_len > (size_t)(end - p) || h.keys_len >
	    (size_t)(end - p) - h.fix_out_len || h.nscopes >
	    (size_t)(end - p) - h.fix_out_len - h.keys_len ||
	    (size_t)(end - p) - h.fix_out_len - h.keys_len - h.nscopes < 1)
		goto bad;
	if (h.fix_out_len > 0) {
		j->fix.out = xmalloc((size_t)h.fix_out_len + 1);
		memcpy(j->fix.out, p, (size_t)h.fix_out_len);
		j->fix.out[h.fix_out_len] = '\0';
		j->fix.out_len = (size_t)h.fix_out_len;
	}
	if (h.keys_len > 0) {	/* read where they are, in the block */
		j->keys = p + h.fix_out_len;
		j->keys_len = (size_t)h.keys_len;
	}
	if (h.nscopes > 0) {	/* so are these */
		j->scopes = (const unsigned char *)p + h.fix_out_len +
		    h.keys_len;
		j->nscopes = (size_t)h.nscopes;
	}
	j->fix.nfixed = (size_t)h.nfixed;
	j->fix.changed = h.changed;
	j->fix.write_failed = h.write_failed;
	memcpy(j->fix.why, h.fix_why, sizeof(j->fix.why));
	j->fix.why[sizeof(j->fix.why) - 1] = '\0';
	j->found = f;
	j->nfound = n;
	j->fail_on = h.fail_on;
	j->unreadable = h.unreadable;
	j->skipped = h.skipped;
	memcpy(j->why, h.why, sizeof(j->why));
	j->why[sizeof(j->why) - 1] = '\0';
	if (j->stat == 0 && h.stat == 1) {
		j->stat = 1;
		j->dev = (uintmax_t)h.dev;
		j->ino = (uintmax_t)h.ino;
		j->size = (size_t)h.fsize;
	}
	return 0;
bad:
	free(block);
	return -1;
}

/* Whether c's next message can be read without waiting for it: whole
 * in the buffer, or the pipe holds something. */
static int
ready(const struct child *c)
{
	struct msg_head h;
	struct pollfd p;

	if (c->len - c->off >= sizeof(h)) {
		memcpy(&h, c->buf + c->off, sizeof(h));
		if (c->len - c->off - sizeof(h) >= h.size)
			return 1;
	}
	p.fd = c->fd;
	p.events = POLLIN;
	return poll(&p, 1, 0) > 0;
}

static void
child_gone(struct child *c)
{
	if (c->fd != -1) {
		close(c->fd);
		c->fd = -1;
	}
	free(c->buf);
	c->buf = NULL;
	c->off = c->len = c->cap = 0;
}

/* Lints the next document of this process's batch, taking a batch when
 * it has none and the window allows; returns 0 when there was none. */
static int
lint_ahead(struct run *r, struct shared *sh, const struct sched *s,
    struct batch *b, size_t written)
{
	size_t next;

	if (b->pos == b->n) {
		next = atomic_load(&sh->next);
		if (next >= written + WINDOW || take_batch(sh, r, s, SELF,
		    written + WINDOW - next, b) == 0)
			return 0;
	}
	lint_one(r, &r->jobs[b->v[b->pos++]]);
	return 1;
}

/* In a child: what the outputs hold in their buffers is the caller's to
 * write, so an exit() here (out of memory) must not write it too; their
 * descriptors go to /dev/null.  stderr has no buffer. */
static void
quiet_outputs(const struct run *r)
{
	size_t i;
	int fd;

	if ((fd = open("/dev/null", O_WRONLY)) == -1)
		_exit(1);	/* the caller lints what is left */
	if (dup2(fd, STDOUT_FILENO) == -1)
		_exit(1);
	for (i = 0; i < r->nout; i++)
		if (r->out[i].fp != NULL &&
		    dup2(fd, fileno(r->out[i].fp)) == -1)
			_exit(1);
	close(fd);
}

/* Starts up to n - 1 children; returns how many started. */
static size_t
start_children(struct run *r, struct shared *sh, const struct sched *s,
    struct child *ch, size_t n)
{
	size_t k, m, started = 0;
	int fds[2];
	pid_t pid;

	for (k = 0; k + 1 < n; k++) {
		if (pipe(fds) != 0)
			break;
#ifdef F_SETPIPE_SZ
		/* A megabyte, not the 64 KB a pipe has: a message carries
		 * the keys of its document (kilobytes), and a child
		 * whose pipe is full waits while this process lints one of
		 * its own.  Where it is refused, the default. */
		(void)fcntl(fds[1], F_SETPIPE_SZ, 1 << 20);
#endif
		if ((pid = fork()) == -1) {
			close(fds[0]);
			close(fds[1]);
			break;
		}
		if (pid == 0) {
			close(fds[0]);
			for (m = 0; m < started; m++)
				close(ch[m].fd);
			free(ch);	/* the caller's */
			quiet_outputs(r);
			child_main(r, sh, s, (unsigned)k, fds[1]);
		}
		close(fds[1]);
		ch[k].pid = pid;
		ch[k].fd = fds[0];
		started++;
	}
	return started;
}

/* The snapshots loaded (a failed one ends the run here, with nothing
 * written), then the outputs' beginnings: before the first output. */
static void
begin(struct run *r)
{
	size_t i;

	snapshots_wait(r->cli);
	for (i = 0; i < r->nout; i++)
		output_begin(&r->out[i]);
}

void
run_fix_guard(struct run *r)
{
	struct fix_target *t;
	size_t i;

	t = xcalloc(r->njobs ? r->njobs : 1, sizeof(*t));
	for (i = 0; i < r->njobs; i++) {
		t[i].in = r->jobs[i].in;
		t[i].abs = r->jobs[i].abs;
	}
	fix_guard(r->fix, t, r->njobs);
	for (i = 0; i < r->njobs; i++) {
		r->jobs[i].nofix = t[i].nofix;
		r->jobs[i].twin = t[i].twin > 0 ? &r->jobs[t[i].twin - 1] :
		    NULL;
	}
	free(t);
}

/* How many workers r's jobs are worth, at most r->threads; the threads
 * left over go to the documents (r->doc_threads: a large one uses two).
 * Without -j, a process for each PROC_COST of the documents' cost: a
 * document costs FILE_COST at least, so that only a few documents are
 * looked at (stat(2)) before the workers start. */
static size_t
plan(struct run *r)
{
	size_t i, n = r->threads, cost;

	r->doc_threads = r->njobs > 0 && n > r->njobs ?
	    (unsigned)(n / r->njobs) : 1;
	if (n > r->njobs)
		n = r->njobs;
	if (n > MAX_PROCS)
		n = MAX_PROCS;
	if (n > 1 && r->threads_auto &&
	    n > 1 + r->njobs * FILE_COST / PROC_COST) {
		for (i = cost = 0; i < r->njobs; i++)
			cost += job_cost(&r->jobs[i]);
		if (n > 1 + cost / PROC_COST)
			n = 1 + cost / PROC_COST;
	}
	return n;
}

/* Every job in this process, the first linted while the snapshots
 * load. */
static void
run_alone(struct run *r)
{
	size_t i;

	for (i = 0; i < r->njobs; i++) {
		lint_one(r, &r->jobs[i]);
		if (i == 0)
			begin(r);
		job_finish(r, &r->jobs[i]);
	}
	if (r->njobs == 0)
		begin(r);
}

/* Starts the children with SIGPIPE ignored, as it is set while they are
 * forked: one whose pipe this process closed gets EPIPE and exits.
 * sigaction(), not signal(): signal() would put back the handler of
 * cli/repo/wfile.c without its SA_RESETHAND, and that handler, which raises
 * the signal again to end the process, would then run forever when
 * standard output closes early (dgslint -j 2 | head). */
static size_t
start_team(struct run *r, struct shared *sh, const struct sched *s,
    struct child *ch, size_t n)
{
	struct sigaction ign, oldpipe;
	size_t nch;

	memset(&ign, 0, sizeof(ign));
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	(void)sigaction(SIGPIPE, &ign, &oldpipe);
	nch = start_children(r, sh, s, ch, n);
	(void)sigaction(SIGPIPE, &oldpipe, NULL);
	return nch;
}

/* Finishes the jobs in order: each linted here, or received from the
 * child that took it, linting ahead while the one due is not ready. */
static void
collect(struct run *r, struct shared *sh, const struct sched *s,
    struct child *ch)
{
	struct batch self;
	struct job *j;
	struct child *c;
	size_t i;
	unsigned o;

	self.n = self.pos = 0;
	for (i = 0; i < r->njobs; ) {
		j = &r->jobs[i];
		o = atomic_load(&sh->owner[i]);
		if (o == 0) {
			/* Not taken yet: this one or a later one is linted
			 * here (none is WINDOW ahead while i is not taken). */
			lint_ahead(r, sh, s, &self, i);
			continue;
		}
		if (o == SELF && self.pos < self.n && self.v[self.pos] == i) {
			/* Taken here in a batch, and due: linted now. */
			lint_one(r, j);
			self.pos++;
		} else if (o != SELF) {
			c = &ch[o - 1];
			/* Lint ahead while the child is busy with it. */
			if (c->fd != -1 && !ready(c) &&
			    lint_ahead(r, sh, s, &self, i))
				continue;
			if (c->fd == -1 || receive(c, i, j) != 0) {
				/* The child is gone: its documents are
				 * linted here. */
				child_gone(c);
				lint_one(r, j);
			}
		}
		job_finish(r, j);
		i++;
	}
}

int
run_jobs(struct run *r)
{
	struct shared *sh;
	struct child *ch;
	struct sched s = { 0 };
	size_t i, n, nch, size;

	n = plan(r);
	/* With one document too: the rules of the run as one (DGS813). */
	if ((r->docset = dgs_docset_new()) == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	size = sizeof(*sh) + r->njobs * sizeof(sh->owner[0]);
	if (n <= 1 || (sh = mmap(NULL, size, PROT_READ | PROT_WRITE,
	    MAP_SHARED | MAP_ANONYMOUS, -1, 0)) == MAP_FAILED) {
		run_alone(r);
		unused_report(r);
		docset_done(r);
		return 0;
	}
	begin(r);	/* no fork while a snapshot loads on a thread */
	atomic_init(&sh->next, 0);
	atomic_init(&sh->cost, 0);
	atomic_init(&sh->ncost, 0);
	for (i = 0; i < r->njobs; i++)
		atomic_init(&sh->owner[i], 0);
	s.nworkers = n;
	ch = xcalloc(n, sizeof(*ch));
	nch = start_team(r, sh, &s, ch, n);
	collect(r, sh, &s, ch);
	for (i = 0; i < nch; i++) {
		child_gone(&ch[i]);
		while (waitpid(ch[i].pid, NULL, 0) == -1 && errno == EINTR)
			continue;
	}
	free(ch);
	munmap(sh, size);
	unused_report(r);
	docset_done(r);
	return 0;
}
