/*
 * run.h: linting the inputs, in parallel, reporting in input order.
 * run.c schedules the jobs, job.c lints and reports one; job.c calls
 * fix.c (fix.h) for --fix and --diff; fix.c knows nothing of a run.
 */
#ifndef DGSLINT_RUN_H
#define DGSLINT_RUN_H

#include <stdint.h>

#include "baseline.h"
#include "cli.h"
#include "settings/config.h"
#include "fix.h"

/* One document to lint. */
#define SKIP_OTHER	2	/* job.skipped: other JSON, left alone */

struct job {
	const struct input	*in;
	const struct config	*cfg;
	char			*abs;		/* absolute path, for globs */
	/* Filled by the worker: res when this process linted the
	 * document, else the findings another process sent (one block). */
	struct dgs_result	*res;
	struct dgs_finding	*found;
	size_t			 nfound;
	int			 fail_on;
	int			 unreadable;
	int			 skipped;	/* not a document: why says;
						 * SKIP_OTHER: other JSON */
	char			 why[256];
	/* --fix, --diff: the texts, and what fix_prepare() made of them. */
	struct fix_doc		 fix;
	/* --fix, --diff (run_fix_guard()): why the file must not be
	 * written, or the earlier job of the same file, which fixes it. */
	char			*nofix;
	const struct job	*twin;
	/* The fixes of findings another process sent. */
	void			**fixmem;
	size_t			 nfixmem;
	/* The document-set keys another process sent, and the result made
	 * of them, which holds the findings across documents. */
	const char		*keys;		/* in found's block */
	size_t			 keys_len;
	struct dgs_result	*dsres;
	/* What the scopes of its options did, as another process sent it
	 * (a byte each, dgs_result_scope()): in found's block. */
	const unsigned char	*scopes;
	size_t			 nscopes;
	/* Its file's stat(2), taken once (job_stat() of run.c): its size
	 * sizes the batches of -j, its device and inode name it in the
	 * document set.  stat: 0 not yet, 1 taken, -1 failed. */
	int			 stat;
	uintmax_t		 dev, ino;
	size_t			 size;
};

struct run {
	struct job		*jobs;
	size_t			 njobs;
	size_t			 threads;	/* -j: processes; 1: none */
	int			 threads_auto;	/* -j not given: the CPUs, as
						 * many as the work is worth */
	unsigned		 doc_threads;	/* per document (set by run_jobs) */
	struct settings		*cli;
	const struct dgs_options *base;		/* without a configuration */
	/* The configurations of the jobs (main() frees them): held here,
	 * where a child, which _exits without freeing, still points to
	 * them, so that memory checkers do not call them lost. */
	struct configs		*cfgs;
	struct output		*out;
	size_t			 nout;
	int			 quiet;
	int			 verbose;	/* -v: name other JSON */
	struct baseline		*baseline;	/* --baseline, or NULL */
	struct baseline		*record;	/* --write-baseline, or NULL */
	/* Results. */
	struct summary		 sum;
	size_t			 baselined;
	int			 failed;	/* a finding at its failure level */
	enum fix_mode		 fix;
	int			 unsafe_fixes;	/* --unsafe-fixes */
	size_t			 fixed;		/* findings fixed */
	size_t			 fixed_files;	/* files that changed */
	size_t			 fixable;	/* shown, with a fix --fix applies */
	size_t			 unsafe_fixable;	/* with an unsafe fix */
	int			 write_failed;	/* a fix not written: exit 2 */
	/* The documents of the run as one document set (rules across
	 * documents), when there are two or more; set by run_jobs. */
	struct dgs_docset	*docset;
	/* The absolute paths added to it, hashed: a file given twice is
	 * added once. */
	const char		**docset_seen;
	size_t			 docset_cap, docset_n;
};

/* Before the run, with --fix or --diff: fix_guard() of fix.c over the
 * jobs, which sets their nofix and twin (a job with a twin is skipped,
 * its file fixed once). */
void	run_fix_guard(struct run *);

/* Lints every job, in up to r->threads processes, and writes the outputs
 * in job order; returns 0.  A worker process that cannot be started or
 * that dies leaves its documents to the calling process. */
int	run_jobs(struct run *);
/* Writes p[0..n) to fd, again after EINTR.  Returns 0 or -1 (errno). */
int	write_all(int fd, const char *p, size_t n);

/*
 * job.c: one job, for run.c's scheduling.
 */
/* Lints job j in this process: its findings in j->res (or, for a
 * configuration, j->found), or why it was skipped or not read. */
void	lint_one(const struct run *, struct job *);
/* In the calling process, in job order: checks j against the documents
 * before it, writes its outputs and frees what it held. */
void	job_finish(struct run *, struct job *);
/* After the last job: the unused suppressions (DGS001); then the
 * document set freed. */
void	unused_report(struct run *);
void	docset_done(struct run *);
/* j's i-th finding, whichever process linted it; NULL past the last. */
const struct dgs_finding *job_get(const struct job *, size_t);
/* stat(2) of j's file, taken once into j: 0, or -1 when it failed. */
int	job_stat(struct job *);
/* The states of the scopes of j's options in res, raised to res2's (or
 * NULL); *n receives how many; the array (or NULL) is to free. */
unsigned char *scope_states(const struct run *, const struct job *,
	    const struct dgs_result *, const struct dgs_result *, size_t *);

#endif /* DGSLINT_RUN_H */
