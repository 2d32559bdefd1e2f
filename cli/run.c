/*
 * run.c: lints the documents with a pool of threads and writes the
 * outputs on the main thread in the order of the inputs, so that -j N
 * prints exactly what -j 1 prints.  The main thread is one of the N: it
 * lints as the others do and writes each output once those before it are
 * written, so N threads keep N processors busy without waking each other
 * per document.  Jobs are taken at most WINDOW documents ahead of the
 * output, which bounds the results held in memory.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

#define WINDOW	256

struct pool {
	struct run	*run;
	pthread_mutex_t	 mu;
	pthread_cond_t	 cv;		/* workers: the window moved */
	pthread_cond_t	 main_cv;	/* main: the next output is ready */
	size_t		 next;		/* next job to take */
	size_t		 written;	/* jobs whose output is written */
};

static void
lint_one(const struct run *r, struct job *j)
{
	struct dgs_options *o;
	char *buf;
	size_t len;

	if (read_document(j->in->path, &buf, &len, j->why,
	    sizeof(j->why)) != 0) {
		j->unreadable = 1;
		return;
	}
	o = config_options(j->cfg, r->cli, r->base, j->abs, &j->fail_on);
	dgs_options_set_threads(o, r->doc_threads);
	if (dgs_lint(o, j->in->name, buf, len, &j->res) != 0) {
		snprintf(j->why, sizeof(j->why), "out of memory");
		j->unreadable = 1;
	}
	dgs_options_free(o);
	free(buf);
}

/* Writes one job's outputs; on the main thread, in job order. */
static void
emit(struct run *r, struct job *j)
{
	const struct dgs_finding *f, **v = NULL;
	struct findings view;
	enum dgs_severity min;
	size_t i, n;

	if (j->unreadable) {
		fprintf(stderr, "dgslint: %s: %s\n", strcmp(j->in->path, "-") ?
		    j->in->name : "standard input", j->why);
		r->sum.unreadable++;
		for (i = 0; i < r->nout; i++)
			output_unreadable(&r->out[i], j->in->name, j->why);
		return;
	}
	r->sum.files++;
	if (r->baseline != NULL)
		baseline_seen(r->baseline, j->abs);
	n = dgs_result_count(j->res);
	if (n > 0 && (v = calloc(n, sizeof(*v))) == NULL) {
		perror("dgslint");
		exit(2);
	}
	min = !r->quiet ? DGS_SEV_INFO : j->fail_on == FAIL_NONE ?
	    DGS_SEV_ERROR : (enum dgs_severity)j->fail_on;
	view.v = v;
	view.n = 0;
	for (i = 0; (f = dgs_result_get(j->res, i)) != NULL; i++) {
		if (r->record != NULL)
			baseline_add(r->record, j->abs, f);
		if (r->baseline != NULL &&
		    baseline_match(r->baseline, j->abs, f)) {
			r->baselined++;
			continue;
		}
		if (f->severity == DGS_SEV_ERROR)
			r->sum.errors++;
		else if (f->severity == DGS_SEV_WARNING)
			r->sum.warnings++;
		else
			r->sum.infos++;
		if (j->fail_on != FAIL_NONE &&
		    f->severity >= (enum dgs_severity)j->fail_on)
			r->failed = 1;
		if (f->severity >= min)
			v[view.n++] = f;
	}
	for (i = 0; i < r->nout; i++)
		output_file(&r->out[i], j->in->name, &view);
	free(v);
}

/* Takes the next job when the window allows; returns its index, or
 * njobs when there is none to take now.  Called with the lock held. */
static size_t
take(struct pool *p)
{
	if (p->next < p->run->njobs && p->next < p->written + WINDOW)
		return p->next++;
	return p->run->njobs;
}

/* Lints job i and marks it done; the main thread hears of it only when
 * it is the one the output waits for.  Called and returns with the lock
 * held. */
static void
lint_job(struct pool *p, size_t i)
{
	pthread_mutex_unlock(&p->mu);
	lint_one(p->run, &p->run->jobs[i]);
	pthread_mutex_lock(&p->mu);
	p->run->jobs[i].done = 1;
	if (i == p->written)
		pthread_cond_signal(&p->main_cv);
}

static void *
worker(void *arg)
{
	struct pool *p = arg;
	size_t i;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		if ((i = take(p)) < p->run->njobs) {
			lint_job(p, i);
			continue;
		}
		if (p->next >= p->run->njobs)
			break;
		pthread_cond_wait(&p->cv, &p->mu);	/* the window is full */
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

static void
finish(struct run *r, struct job *j)
{
	emit(r, j);
	dgs_result_free(j->res);
	j->res = NULL;
}

int
run_jobs(struct run *r)
{
	struct pool p;
	pthread_t *tids;
	size_t i, n = r->threads, started = 0;

	/* Threads left over when there are fewer documents than threads
	 * go to the documents (a large one uses two). */
	r->doc_threads = r->njobs > 0 && n > r->njobs ?
	    (unsigned)(n / r->njobs) : 1;
	if (n > r->njobs)
		n = r->njobs;
	if (n <= 1) {
		for (i = 0; i < r->njobs; i++) {
			lint_one(r, &r->jobs[i]);
			finish(r, &r->jobs[i]);
		}
		return 0;
	}
	memset(&p, 0, sizeof(p));
	p.run = r;
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.cv, NULL);
	pthread_cond_init(&p.main_cv, NULL);
	/* n threads in all: the main thread is one of them. */
	n--;
	if ((tids = calloc(n, sizeof(*tids))) == NULL) {
		perror("dgslint");
		exit(2);
	}
	for (i = 0; i < n; i++) {
		if (pthread_create(&tids[i], NULL, worker, &p) != 0)
			break;
		started++;
	}
	/* The main thread lints too, and writes each output as soon as
	 * the outputs before it are written. */
	pthread_mutex_lock(&p.mu);
	while (p.written < r->njobs) {
		if (r->jobs[p.written].done) {
			i = p.written;
			pthread_mutex_unlock(&p.mu);
			finish(r, &r->jobs[i]);
			pthread_mutex_lock(&p.mu);
			p.written = i + 1;
			pthread_cond_broadcast(&p.cv);
		} else if ((i = take(&p)) < r->njobs)
			lint_job(&p, i);
		else
			pthread_cond_wait(&p.main_cv, &p.mu);
	}
	pthread_mutex_unlock(&p.mu);
	for (i = 0; i < started; i++)
		pthread_join(tids[i], NULL);
	free(tids);
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.cv);
	pthread_cond_destroy(&p.main_cv);
	return 0;
}
