/*
 * run.h: linting the inputs, in parallel, reporting in input order.
 */
#ifndef DGSLINT_RUN_H
#define DGSLINT_RUN_H

#include "baseline.h"
#include "cli.h"
#include "config.h"

/* One document to lint. */
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
	int			 skipped;	/* not a document: why says */
	char			 why[256];
	/* --fix, --diff: the text as read and as fixed (fix.c). */
	char			*orig, *fixed;
	size_t			 orig_len, fixed_len, nfixed;
	/* What fix_prepare() made of them: the text for stdout (a diff,
	 * or the fixed document of "-"), whether the document changed,
	 * and why a file was not written. */
	char			*fix_out;
	size_t			 fix_out_len;
	int			 changed;
	int			 write_failed;
	char			 fix_why[256];
	/* --fix, --diff (fix_guard()): why the file must not be written,
	 * or the earlier job of the same file, which fixes it. */
	char			*nofix;
	const struct job	*twin;
	/* The fixes of findings another process sent. */
	void			**fixmem;
	size_t			 nfixmem;
	/* The workspace keys another process sent, and the result made
	 * of them, which holds the findings across documents. */
	const char		*keys;		/* in found's block */
	size_t			 keys_len;
	struct dgs_result	*wsres;
};

/* What --fix and --diff do with the fixes. */
enum fix_mode {
	FIX_NONE = 0,
	FIX_WRITE,	/* --fix: in place; the text on stdout for "-" */
	FIX_DIFF	/* --diff: a unified diff on stdout */
};

struct run {
	struct job		*jobs;
	size_t			 njobs;
	size_t			 threads;	/* -j: processes; 1: none */
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
	/* The documents of the run as one workspace (rules across
	 * documents), when there are two or more; set by run_jobs. */
	struct dgs_workspace	*ws;
	/* The absolute paths added to it, hashed: a file given twice is
	 * added once. */
	const char		**ws_seen;
	size_t			 ws_cap, ws_n;
};

/* fix.c: fix_prepare(), in whichever process linted job j, writes the
 * fixed file (--fix), or makes the diff (--diff) or the text for stdout
 * ("-"), and frees the texts; fix_emit(), in the calling process and in
 * job order, prints that, reports a file not written on stderr (setting
 * r->write_failed) and counts what was fixed. */
void	fix_prepare(const struct run *r, struct job *j);
/* Before the run: a file named twice, by any names, is fixed once (its
 * later jobs are skipped); --fix writes no file that a directory's walk
 * reached through a symbolic link to outside the directory. */
void	fix_guard(struct run *r);
void	fix_emit(struct run *r, struct job *j);

/* Lints every job, in up to r->threads processes, and writes the outputs
 * in job order; returns 0.  A worker process that cannot be started or
 * that dies leaves its documents to the calling process. */
int	run_jobs(struct run *);
/* Writes p[0..n) to fd, again after EINTR.  Returns 0 or -1 (errno). */
int	write_all(int fd, const char *p, size_t n);

#endif /* DGSLINT_RUN_H */
