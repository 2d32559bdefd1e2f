/*
 * job.c: one document of a run (struct job): linted (lint_one(), in
 * whichever process took it), then, in the calling process and in the
 * order of the inputs (job_finish()), checked against the documents
 * before it (the rules across documents), counted against the baseline
 * and written to the outputs; after the documents, the suppressions
 * that suppressed nothing (unused_report()).  run.c schedules the jobs
 * over processes and carries their findings between them.
 */
#include <sys/stat.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

/* The findings of the text as it was, for a file left as it was. */
static void
relint(const struct run *r, struct job *j)
{
	struct dgs_options *o;
	struct dgs_result *res;

	o = config_options(j->cfg, r->cli, r->base, j->abs, &j->fail_on);
	if (dgs_lint(o, j->in->name, j->fix.orig, j->fix.orig_len, &res) != 0)
		die_errno();
	dgs_options_free(o);
	dgs_result_free(j->res);
	j->res = res;
}

/* The findings of the configuration j names (config_check()), as those
 * another process sends: found, with their strings in fixmem. */
static void
config_lint(const struct run *r, struct job *j, const char *buf, size_t len)
{
	struct config_findings cf = { NULL, NULL, 0 };
	struct dgs_options *o;
	enum dgs_severity sev;
	size_t i, n = 0;

	/* The command line's settings: its level, --select, --fail-on. */
	o = config_options(NULL, r->cli, r->base, j->abs, &j->fail_on);
	sev = dgs_options_get_severity(o, "DGS002");
	dgs_options_free(o);
	cf.file = j->in->name;
	config_check(j->abs, buf, len, &cf);
	j->fixmem = xcalloc(2 * cf.n + 1, sizeof(*j->fixmem));
	for (i = 0; i < cf.n; i++) {
		j->fixmem[j->nfixmem++] = (void *)cf.v[i].pointer;
		j->fixmem[j->nfixmem++] = (void *)cf.v[i].message;
		if (strcmp(cf.v[i].rule->id, "DGS002") == 0 &&
		    (cf.v[i].severity = sev) == DGS_SEV_OFF)
			continue;
		cf.v[n++] = cf.v[i];
	}
	j->found = cf.v;
	j->nfound = n;
}

/* Other JSON than the service's: left alone, said under -v, counted in
 * the summary. */
static void
other_json(struct job *j)
{
	snprintf(j->why, sizeof(j->why), "not a service document (its "
	    "members are none of the service's kinds'); left alone");
	j->skipped = SKIP_OTHER;
	dgs_result_free(j->res);
	j->res = NULL;
}

/* Whether j is said, not linted: a file named twice with --fix or
 * --diff (fixed once), or what the walk could not read or skipped. */
static int
not_linted(struct job *j)
{
	if (j->twin != NULL) {
		snprintf(j->why, sizeof(j->why), "the same file as %s, fixed "
		    "once", j->twin->in->name);
		j->skipped = 1;
		return 1;
	}
	if (j->in->error != NULL || j->in->skip != NULL) {
		snprintf(j->why, sizeof(j->why), "%s", j->in->error != NULL ?
		    j->in->error : j->in->skip);
		j->unreadable = j->in->error != NULL;
		j->skipped = j->in->error == NULL;
		return 1;
	}
	return 0;
}

/* Job j's file's stat(2) is st: kept, unless one was taken before. */
static void
job_keep_stat(struct job *j, const struct stat *st)
{
	if (j->stat != 0)
		return;
	j->stat = 1;
	j->dev = (uintmax_t)st->st_dev;
	j->ino = (uintmax_t)st->st_ino;
	j->size = S_ISREG(st->st_mode) ? (size_t)st->st_size : 0;
}

/* j's text into *buf (*len bytes): as committed (--context in a git
 * work tree), read whole for --fix, else mapped when large (*mapped),
 * its pages given back once checked (dgs_lint_mapped()), and the
 * fstat(2) of the file read kept (job_stat() needs no stat(2) of its
 * own); -1 when it cannot be read (j says why). */
static int
job_text(const struct run *r, struct job *j, char **buf, size_t *len,
    int *mapped)
{
	struct stat st;

	st.st_mode = 0;
	if (j->in->text != NULL) {
		*buf = xmalloc(j->in->len + 1);
		memcpy(*buf, j->in->text, j->in->len);
		(*buf)[j->in->len] = '\0';
		*len = j->in->len;
	} else if ((r->fix != FIX_NONE && !j->in->context ? read_document(
	    j->in->path, buf, len,
	    j->why, sizeof(j->why)) : map_document(j->in->path, j->in->plain,
	    buf, len, mapped, &st, j->why, sizeof(j->why))) != 0) {
		j->unreadable = 1;
		return -1;
	}
	if (st.st_mode != 0)
		job_keep_stat(j, &st);
	return 0;
}

/* --fix, --diff: the findings that remain of buf (read whole, which j
 * takes) once fixed, with options o. */
static void
fix_one(const struct run *r, struct job *j, struct dgs_options *o,
    char *buf, size_t len)
{
	if (dgs_fix(o, j->in->name, buf, len, r->unsafe_fixes,
	    &j->fix.fixed, &j->fix.fixed_len, &j->fix.nfixed,
	    &j->res) != 0) {
		snprintf(j->why, sizeof(j->why), "out of memory");
		j->unreadable = 1;
		free(buf);
		return;
	}
	if (dgs_result_other(j->res)) {
		/* Other JSON: left alone, as when linted. */
		other_json(j);
		free(buf);
		free(j->fix.fixed);
		j->fix.fixed = NULL;
		return;
	}
	j->fix.orig = buf;
	j->fix.orig_len = len;
	/* A file not written: its findings as it is. */
	if (fix_prepare(r->fix, j->in, j->nofix, &j->fix) != 0)
		relint(r, j);
	free(j->fix.orig);
	free(j->fix.fixed);
	j->fix.orig = j->fix.fixed = NULL;
}

void
lint_one(const struct run *r, struct job *j)
{
	struct dgs_options *o;
	const char *own;
	char *buf;
	size_t len;
	int mapped = 0, rc;

	if (not_linted(j) || job_text(r, j, &buf, &len, &mapped) != 0)
		return;
	/* dgslint's configuration, wherever met: checked as one, its
	 * faults findings at their places in it. */
	if (config_named(j->abs)) {
		config_lint(r, j, buf, len);
		unmap_document(buf, len, mapped);
		return;
	}
	/* A report or baseline of dgslint's own, found by a walk, is no
	 * document of the service; a file named is always linted. */
	if (!j->in->explicit && (own = own_output(buf, len)) != NULL) {
		snprintf(j->why, sizeof(j->why), "%s, not a service document",
		    own);
		j->skipped = 1;
		unmap_document(buf, len, mapped);
		return;
	}
	o = config_options(j->cfg, r->cli, r->base, j->abs, &j->fail_on);
	dgs_options_set_threads(o, r->doc_threads);
	if (r->docset != NULL && r->njobs > 1)	/* keys to compare */
		dgs_options_set_docset(o, 1);
	if (r->fix != FIX_NONE && !j->in->context) {
		fix_one(r, j, o, buf, len);
		dgs_options_free(o);
		return;
	}
	rc = mapped ? dgs_lint_mapped(o, j->in->name, buf, len, &j->res) :
	    dgs_lint(o, j->in->name, buf, len, &j->res);
	if (rc == 0 && dgs_result_other(j->res))
		other_json(j);
	else if (rc != 0) {
		snprintf(j->why, sizeof(j->why), "out of memory");
		j->unreadable = 1;
	} else if (map_changed(buf, mapped)) {
		snprintf(j->why, sizeof(j->why), "changed while it was read "
		    "(cut short or written again); lint it again");
		j->unreadable = 1;
		dgs_result_free(j->res);
		j->res = NULL;
	}
	dgs_options_free(o);
	unmap_document(buf, len, mapped);
}

static size_t
job_count(const struct job *j)
{
	return j->res != NULL ? dgs_result_count(j->res) : j->nfound;
}

const struct dgs_finding *
job_get(const struct job *j, size_t i)
{
	if (j->res != NULL)
		return dgs_result_get(j->res, i);
	return i < j->nfound ? &j->found[i] : NULL;
}

/* The order of findings in a result (dgs_lint()'s), for an array of
 * pointers to them. */
static int
finding_cmp(const void *a, const void *b)
{
	return dgs_finding_compare(*(const struct dgs_finding *const *)a,
	    *(const struct dgs_finding *const *)b);
}

/* The order of findings in a result, for an array of them. */
static int
finding_cmp_v(const void *a, const void *b)
{
	return dgs_finding_compare(a, b);
}

/* FNV-1a of s; not counted by a PGO build (UNPROFILED), as its loop
 * follows the digits of the inode numbers in docset_id()'s names. */
static UNPROFILED size_t
path_hash(const char *s)
{
	size_t h = 14695981039346656037u;

	while (*s != '\0')
		h = (h ^ (unsigned char)*s++) * 1099511628211u;
	return h;
}

/* Records path (a copy) among those added to the document set; 0 when
 * it was already. */
static UNPROFILED int
docset_first(struct run *r, const char *path)
{
	const char **v;
	size_t i, j, cap;

	if ((r->docset_n + 1) * 2 > r->docset_cap) {
		cap = r->docset_cap ? r->docset_cap * 2 : 64;
		v = xcalloc(cap, sizeof(*v));
		for (i = 0; i < r->docset_cap; i++) {
			if (r->docset_seen[i] == NULL)
				continue;
			for (j = path_hash(r->docset_seen[i]) & (cap - 1);
			    v[j] != NULL; j = (j + 1) & (cap - 1))
				continue;
			v[j] = r->docset_seen[i];
		}
		free(r->docset_seen);
		r->docset_seen = v;
		r->docset_cap = cap;
	}
	for (j = path_hash(path) & (r->docset_cap - 1);
	    r->docset_seen[j] != NULL;
	    j = (j + 1) & (r->docset_cap - 1))
		if (strcmp(r->docset_seen[j], path) == 0)
			return 0;
	r->docset_seen[j] = xstrdup(path);
	r->docset_n++;
	return 1;
}

/* The document set and its documents' names, freed at the end of the run. */
void
docset_done(struct run *r)
{
	size_t i;

	dgs_docset_free(r->docset);
	r->docset = NULL;
	for (i = 0; r->docset_seen != NULL && i < r->docset_cap; i++)
		free((char *)(uintptr_t)r->docset_seen[i]);
	free(r->docset_seen);
	r->docset_seen = NULL;
	r->docset_cap = r->docset_n = 0;
}

/* Takes stat(2) of j's file once, for the batches of -j (run_jobs()) and
 * for docset_id(); 0, or -1 when it failed. */
int
job_stat(struct job *j)
{
	struct stat st;

	if (j->stat == 0) {
		if (stat(j->in->path, &st) != 0)
			j->stat = -1;
		else
			job_keep_stat(j, &st);
	}
	return j->stat == 1 ? 0 : -1;
}

/* What makes j's file one document of the document set: its device and
 * inode (a hard link, or another name, is the same file: not a column
 * configured twice, issue 38), else its absolute path. */
static const char *
docset_id(struct job *j, char *buf, size_t size)
{
	if (job_stat(j) != 0)
		return j->abs;
	snprintf(buf, size, "\001%ju:%ju", j->dev, j->ino);
	return buf;
}

/* Frees what job j holds of its document's outcome. */
static void
job_release(struct job *j)
{
	size_t i;

	dgs_result_free(j->res);
	j->res = NULL;
	dgs_result_free(j->dsres);
	j->dsres = NULL;
	j->keys = NULL;		/* in found's block, freed below */
	j->keys_len = 0;
	j->scopes = NULL;
	j->nscopes = 0;
	free(j->found);
	j->found = NULL;
	j->nfound = 0;
	free(j->fix.orig);
	free(j->fix.fixed);
	j->fix.orig = j->fix.fixed = NULL;
	free(j->fix.out);
	j->fix.out = NULL;
	for (i = 0; i < j->nfixmem; i++)
		free(j->fixmem[i]);
	free(j->fixmem);
	j->fixmem = NULL;
	j->nfixmem = 0;
}

/* Checks job j against the documents before it (the rules across
 * documents), in the calling process and in job order: the findings go
 * into j->res, or into j->dsres for a job another process linted. */
static void
add_to_docset(struct run *r, struct job *j)
{
	struct dgs_options *o;
	struct dgs_result *res = j->res;
	char id[64];
	int fail_on, rc = 0;

	if (r->docset == NULL || j->unreadable || j->skipped ||
	    (strcmp(j->in->path, "-") != 0 && !docset_first(r, docset_id(j, id,
	    sizeof(id)))))
		return;
	if (res == NULL) {
		if (j->keys == NULL || dgs_result_keys_load(j->in->name,
		    j->keys, j->keys_len, &j->dsres) != 0)
			return;
		res = j->dsres;
	}
	o = config_options(j->cfg, r->cli, r->base, j->abs, &fail_on);
	dgs_options_set_docset(o, 1);
	rc = dgs_docset_add(r->docset, o, res);
	if (rc == DGS_EAGAIN && j->res == NULL) {
		/* A key of the document meets another document's, and the
		 * child sent its hashes alone (keys_flags() in run.c): the
		 * document is linted again here, for the key's text and
		 * place, and then is as if linted here. */
		job_release(j);
		j->unreadable = j->skipped = 0;
		j->why[0] = '\0';
		lint_one(r, j);
		rc = j->res != NULL ? dgs_docset_add(r->docset, o, j->res) :
		    0;
	}
	dgs_options_free(o);
	if (rc != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
}

/* The states of the scopes of j's options (dgs_result_scope()) in
 * res, each raised to res2's (which may be NULL); *n receives how many,
 * and the array (or NULL) is to free. */
unsigned char *
scope_states(const struct run *r, const struct job *j,
    const struct dgs_result *res, const struct dgs_result *res2, size_t *n)
{
	unsigned char *v;
	size_t i;
	int s;

	if ((*n = config_scopes(j->cfg, r->cli, j->abs)) == 0)
		return NULL;
	v = xmalloc(*n);
	for (i = 0; i < *n; i++) {
		v[i] = (unsigned char)(j->scopes != NULL && i < j->nscopes ?
		    j->scopes[i] : dgs_result_scope(res, i));
		if ((s = dgs_result_scope(res2, i)) > v[i])
			v[i] = (unsigned char)s;
	}
	return v;
}

/* What the suppressions did in job j (in the calling process, once the
 * rules across documents have checked it), for unused_report(). */
static void
note_scopes(struct run *r, const struct job *j)
{
	unsigned char *v;
	size_t n;

	if (j->cfg == NULL || j->in->context)
		return;
	/* A file met, read or not, is one an override's "files" can
	 * match. */
	config_note_file(j->cfg, j->abs);
	if (j->unreadable || j->skipped)
		return;
	v = scope_states(r, j, j->res, j->dsres, &n);
	config_note_scopes(j->cfg, r->cli, j->abs, v, n);
	free(v);
}

/* The text of the document in (or, when NULL, of the file abs) for an
 * output that shows its lines: held (as committed, or standard input
 * read whole when such an output is asked), else read again; NULL when
 * it cannot be, and the findings are shown without their lines. */
static void
view_text(struct findings *view, const struct input *in, const char *abs,
    char **own)
{
	char why[256];

	*own = NULL;
	if (in != NULL && in->text != NULL) {
		view->text = in->text;
		view->len = in->len;
	} else if ((in == NULL || strcmp(in->path, "-") != 0) &&
	    read_document(in != NULL ? in->path : abs, own, &view->len, why,
	    sizeof(why)) == 0)
		view->text = *own;
}

/* Counts the findings all[0..n) of the file name (absolute path abs;
 * the input in, or NULL for a configuration), whose failure level is
 * fail_on, against the baseline, and writes them to the outputs. */
static void
show(struct run *r, const char *name, const char *abs,
    const struct input *in, const struct dgs_finding **all, size_t n,
    int fail_on)
{
	const struct dgs_finding *f, **v = NULL;
	struct dgs_finding *masked = NULL;
	struct findings view = { NULL, 0, NULL, 0 };
	enum dgs_severity min;
	char *text = NULL;
	size_t i;

	if (n > 0)
		v = xcalloc(n, sizeof(*v));
	/* The one masking step of what is printed and written: a message
	 * may quote the service's answers, which are parsed as they came. */
	if (n > 0 && secrets_run()->n > 0) {
		masked = xcalloc(n, sizeof(*masked));
		for (i = 0; i < n && all[i] != NULL; i++) {
			masked[i] = *all[i];
			masked[i].message = redact_run(all[i]->message);
			all[i] = &masked[i];
		}
	}
	min = !r->quiet ? DGS_SEV_INFO : fail_on == FAIL_NONE ?
	    DGS_SEV_ERROR : (enum dgs_severity)fail_on;
	view.v = v;
	view.n = 0;
	for (i = 0; i < n && (f = all[i]) != NULL; i++) {
		if (r->record != NULL)
			baseline_add(r->record, abs, f);
		if (r->baseline != NULL &&
		    baseline_match(r->baseline, abs, f)) {
			r->baselined++;
			continue;
		}
		if (f->severity == DGS_SEV_ERROR)
			r->sum.errors++;
		else if (f->severity == DGS_SEV_WARNING)
			r->sum.warnings++;
		else
			r->sum.infos++;
		if (fail_on != FAIL_NONE &&
		    f->severity >= (enum dgs_severity)fail_on)
			r->failed = 1;
		if (f->fix != NULL && f->fix->safety == DGS_FIX_SAFE)
			r->fixable++;
		else if (f->fix != NULL)
			r->unsafe_fixable++;
		/* A check that could not be made is said even with -q: a
		 * run whose checks against the service all failed is not
		 * silent. */
		if (f->severity >= min || (r->quiet &&
		    strcmp(f->rule->id, "DGS909") == 0))
			v[view.n++] = f;
	}
	if (view.n > 0 && output_needs_text(r->out, r->nout))
		view_text(&view, in, abs, &text);
	for (i = 0; i < r->nout; i++)
		output_file(&r->out[i], name, &view);
	free(text);
	free(v);
	for (i = 0; masked != NULL && i < n && all[i] == &masked[i]; i++)
		free((char *)masked[i].message);
	free(masked);
}

/* Writes one job's outputs; in the calling process, in job order. */
static void
emit(struct run *r, struct job *j)
{
	const struct dgs_finding **all = NULL;
	size_t i, n, nds;

	/* The --context: read for the rules across documents, said only
	 * when it could not be read. */
	if (j->in->context) {
		if (j->unreadable && !r->quiet)
			fprintf(stderr, "dgslint: %s: not read for --context: "
			    "%s\n", j->in->name, j->why);
		return;
	}
	if (j->unreadable) {
		fprintf(stderr, "dgslint: %s: %s\n", strcmp(j->in->path, "-") ?
		    j->in->name : "standard input", j->why);
		r->sum.unreadable++;
		for (i = 0; i < r->nout; i++)
			output_unreadable(&r->out[i], j->in->name, j->why);
		return;
	}
	if (j->skipped == SKIP_OTHER) {
		if (r->verbose)
			fprintf(stderr, "dgslint: %s: %s\n",
			    strcmp(j->in->path, "-") ? j->in->name :
			    "standard input", j->why);
		r->sum.other++;
		return;
	}
	/* Said even under --quiet: nothing passes in silence. */
	if (j->skipped) {
		fprintf(stderr, "dgslint: %s: skipped: %s\n",
		    strcmp(j->in->path, "-") ? j->in->name :
		    "standard input", j->why);
		r->sum.skipped++;
		return;
	}
	r->sum.files++;
	if (r->fix != FIX_NONE) {
		if (fix_emit(j->in, &j->fix) != 0)
			r->write_failed = 1;
		else if (j->fix.changed) {
			r->fixed += j->fix.nfixed;
			r->fixed_files++;
		}
	}
	if (r->baseline != NULL)
		baseline_seen(r->baseline, j->abs);
	n = job_count(j);
	nds = dgs_result_count(j->dsres);
	if (n + nds > 0)
		all = xcalloc(n + nds + 1, sizeof(*all));
	/* Findings another process sent, and those across documents
	 * found here, in one order. */
	for (i = 0; i < n; i++)
		all[i] = job_get(j, i);
	for (i = 0; i < nds; i++)
		all[n + i] = dgs_result_get(j->dsres, i);
	if (nds > 0)
		qsort(all, n + nds, sizeof(*all), finding_cmp);
	show(r, j->in->name, j->abs, j->in, all, n + nds, j->fail_on);
	free(all);
}

/*
 * Unused suppressions (unused-suppression, DGS001): an override's
 * pointer, or a rule it turns off under its pointers, that suppressed no
 * finding in the documents the override applied to (config_unused()).  Said only of a
 * configuration whose whole tree the run walked (a directory named
 * that is the configuration's or one above it): when only some files
 * are named (a pre-commit hook), the others may be the ones that use
 * it.  After the documents, in the order the configurations were read.
 */
struct unused {
	const struct config	*c;
	struct dgs_finding	*v;
	size_t			 n;
	enum dgs_severity	 sev;
};

static void
unused_add(void *arg, const struct config_place *at, const char *msg)
{
	struct unused *u = arg;
	struct dgs_finding *f;

	u->v = xrealloc(u->v, (u->n + 1) * sizeof(*u->v));
	f = &u->v[u->n++];
	memset(f, 0, sizeof(*f));
	f->file = config_shown(u->c);
	f->line = at->line;
	f->column = at->column;
	f->end_line = at->end_line;
	f->end_column = at->end_column;
	f->pointer = at->ptr;
	f->rule = dgs_rule_find("DGS001");
	f->severity = u->sev;
	f->message = xstrdup(msg);
}

/* Whether the run walked dir: a directory named (not --context) that is
 * dir or one above it.  roots: the walks' directories, absolute. */
static int
walked(char *const *roots, size_t n, const char *dir)
{
	size_t i, len;

	for (i = 0; i < n; i++) {
		len = strlen(roots[i]);
		if (strcmp(roots[i], "/") == 0 || (strncmp(dir, roots[i],
		    len) == 0 && (dir[len] == '\0' || dir[len] == '/')))
			return 1;
	}
	return 0;
}

void
unused_report(struct run *r)
{
	const struct dgs_finding **all;
	const char *last = NULL;
	struct dgs_options *o;
	struct config *c;
	struct unused u;
	char **roots = NULL;
	size_t i, k, nroots = 0;
	int fail_on;

	for (i = 0; i < r->njobs; i++) {
		if (r->jobs[i].in->root == NULL || r->jobs[i].in->context ||
		    r->jobs[i].in->root == last)
			continue;
		last = r->jobs[i].in->root;
		roots = xrealloc(roots, (nroots + 1) * sizeof(*roots));
		roots[nroots++] = path_absolute(last);
	}
	for (i = 0; r->cfgs != NULL && (c = configs_get(r->cfgs, i)) != NULL;
	    i++) {
		if (!walked(roots, nroots, config_dir(c)))
			continue;
		memset(&u, 0, sizeof(u));
		u.c = c;
		o = config_options(c, r->cli, r->base, configs_path(r->cfgs, i),
		    &fail_on);
		u.sev = dgs_options_get_severity(o, "DGS001");
		dgs_options_free(o);
		if (u.sev == DGS_SEV_OFF)
			continue;
		config_unused(c, unused_add, &u);
		if (r->baseline != NULL)	/* its entries judged too */
			baseline_seen(r->baseline, configs_path(r->cfgs, i));
		if (u.n == 0)
			continue;
		qsort(u.v, u.n, sizeof(*u.v), finding_cmp_v);
		all = xcalloc(u.n, sizeof(*all));
		for (k = 0; k < u.n; k++)
			all[k] = &u.v[k];
		show(r, config_shown(c), configs_path(r->cfgs, i), NULL, all,
		    u.n, fail_on);
		free(all);
		for (k = 0; k < u.n; k++)
			free((char *)u.v[k].message);
		free(u.v);
	}
	for (i = 0; i < nroots; i++)
		free(roots[i]);
	free(roots);
}

void
job_finish(struct run *r, struct job *j)
{
	add_to_docset(r, j);
	note_scopes(r, j);
	emit(r, j);
	job_release(j);
}
