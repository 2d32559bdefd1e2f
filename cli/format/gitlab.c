/*
 * gitlab.c: the gitlab format, a GitLab Code Quality report: the JSON
 * array of issues GitLab reads from artifacts:reports:codequality, one
 * issue a line.  Each has description (the message), check_name (the
 * rule's id), fingerprint, severity, and location.path with
 * location.lines.begin and end.
 *
 * Severities: error is critical (the service rejects the document, or
 * the job does something else than what is written), warning is major
 * (accepted, but part of it is ignored or very likely a mistake), info
 * is info; minor and blocker are not used (whether a finding blocks a
 * merge is --fail-on's to say, not the finding's).
 *
 * Fingerprints are those of the sarif format (output.h): a hash of the
 * path, rule and pointer, and the occurrence among equal ones in the
 * document, so that they hold across runs and line moves and no two
 * issues share one (GitLab keeps one issue a fingerprint).
 *
 * Paths are relative to the repository, as GitLab wants them: to
 * $CI_PROJECT_DIR when GitLab CI sets it, else to the working directory
 * (when the name is absolute and below it), "." and ".." segments taken
 * out; a document outside keeps its name.  A document that cannot be
 * read is an issue of check_name "dgslint" on line 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "output.h"

struct gitlab {
	char		*base;	/* the directory paths are relative to */
	char		*cwd;	/* for relative names; NULL if unknown */
	struct fingerprints fp;
};

/* path made absolute (against cwd) with its "." and ".." segments and
 * repeated slashes taken out; to free. */
static char *
gl_clean(const char *cwd, const char *path)
{
	const char *p, *seg;
	char *d;
	size_t n, len = 0, k;

	n = strlen(path) + (cwd != NULL ? strlen(cwd) : 0) + 3;
	d = xmalloc(n);
	for (k = path[0] == '/' || cwd == NULL; k < 2; k++)
		for (p = k == 0 ? cwd : path; *p != '\0';) {
			while (*p == '/')
				p++;
			for (seg = p; *p != '\0' && *p != '/'; p++)
				continue;
			if (p == seg || (p - seg == 1 && seg[0] == '.'))
				continue;
			if (p - seg == 2 && seg[0] == '.' && seg[1] == '.') {
				while (len > 0 && d[--len] != '/')
					continue;
				continue;
			}
			d[len++] = '/';
			memcpy(d + len, seg, (size_t)(p - seg));
			len += (size_t)(p - seg);
		}
	d[len] = '\0';
	return d;
}

/* The path GitLab is given for a document name. */
static char *
gl_path(const struct gitlab *st, const char *name)
{
	char *abs, *rel;
	size_t n;

	if (st->base == NULL || (name[0] != '/' && st->cwd == NULL))
		return xstrdup(name);
	abs = gl_clean(st->cwd, name);
	n = strlen(st->base);
	if (strcmp(st->base, "/") == 0)
		rel = xstrdup(abs + 1);
	else if (strncmp(abs, st->base, n) == 0 && abs[n] == '/')
		rel = xstrdup(abs + n + 1);
	else
		rel = xstrdup(name);
	free(abs);
	return rel;
}

static void
gl_begin(struct output *o)
{
	struct gitlab *st = xcalloc(1, sizeof(*st));
	const char *p = getenv("CI_PROJECT_DIR");

	o->state = st;
	st->cwd = getcwd(NULL, 0);
	if (p != NULL && p[0] == '/')
		st->base = gl_clean(NULL, p);
	else if (st->cwd != NULL)
		st->base = gl_clean(NULL, st->cwd);
	if (st->base != NULL && st->base[0] == '\0') {
		free(st->base);
		st->base = xstrdup("/");
	}
	putc('[', o->fp);
}

static const char *
gl_severity(enum dgs_severity s)
{
	switch (s) {
	case DGS_SEV_ERROR:
		return "critical";
	case DGS_SEV_WARNING:
		return "major";
	default:
		return "info";
	}
}

static void
gl_issue(struct output *o, const char *description, const char *check,
    const char *path, const char *pointer, const char *severity,
    unsigned long begin, unsigned long end)
{
	struct gitlab *st = o->state;
	uint64_t h;

	h = fp_hash(path, check, pointer);
	fputs(o->count++ ? ",\n" : "\n", o->fp);
	fputs("{\"description\":", o->fp);
	json_str(o->fp, description);
	fputs(",\"check_name\":", o->fp);
	json_str(o->fp, check);
	fprintf(o->fp, ",\"fingerprint\":\"%016llx:%zu\",\"severity\":\"%s\","
	    "\"location\":{\"path\":", (unsigned long long)h,
	    fp_occurrence(&st->fp, h), severity);
	json_str(o->fp, path);
	fprintf(o->fp, ",\"lines\":{\"begin\":%lu,\"end\":%lu}}}", begin,
	    end);
}

static void
gl_file(struct output *o, const char *name, const struct findings *res)
{
	struct gitlab *st = o->state;
	const struct dgs_finding *f;
	unsigned long line;
	char *path;
	size_t i, n;

	if ((n = count_shown(o, res)) == 0)
		return;
	fp_start(&st->fp, n);
	path = gl_path(st, name);
	for (i = 0; (f = shown_next(o, res, &i)) != NULL;) {
		line = f->line ? f->line : 1;
		gl_issue(o, f->message, f->rule->id, path, f->pointer,
		    gl_severity(f->severity), line,
		    f->end_line >= line ? f->end_line : line);
	}
	free(path);
}

static void
gl_unreadable(struct output *o, const char *name, const char *why)
{
	struct gitlab *st = o->state;
	struct str msg = { NULL, 0, 0 };
	char *path;

	str_add(&msg, "cannot be read: ");
	str_add(&msg, why);
	fp_start(&st->fp, 1);
	path = gl_path(st, name);
	gl_issue(o, msg.s, "dgslint", path, "", "critical", 1, 1);
	free(path);
	free(msg.s);
}

static void
gl_end(struct output *o, const struct summary *sum)
{
	(void)sum;
	fputs(o->count ? "\n]\n" : "]\n", o->fp);
}

static void
gl_free(struct output *o)
{
	struct gitlab *st = o->state;

	free(st->base);
	free(st->cwd);
	fp_free(&st->fp);
	free(st);
	o->state = NULL;
}

/* [{"description": ..., "check_name": ..., "fingerprint": ...,
 * "location": ..., "severity": ...}, ...] */
static int
gl_is(struct json_object *o)
{
	static const char *const names[] = { "check_name", "fingerprint",
	    "location", "description", "severity" };

	return array_of(o, names, 5, 3);
}

const struct format_ops out_gitlab = {
	.name = "gitlab",
	.help = "a GitLab Code Quality report (a JSON array)",
	.begin = gl_begin,
	.file = gl_file,
	.unreadable = gl_unreadable,
	.end = gl_end,
	.done = gl_free,
	.own = { "description", 1, gl_is,
	    "a report of dgslint --format gitlab" },
};
