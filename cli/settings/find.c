/*
 * find.c: discovery of .dgslint.json, found by walking up from each
 * linted file to the repository root (a directory holding .git) or the
 * filesystem root; the closest file wins.  A configuration is read once
 * and kept: discovery is cached per directory, so thousands of files cost
 * a few stat(2) calls each at most.
 *
 * The language server reads the configurations again each time one
 * changes, and keeps the text of each read whole (struct config_texts):
 * a configuration that cannot be used any more is then read from its
 * last good text in its place, and is said once a reading, not once a
 * document.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli.h"
#include "config_int.h"


struct dirent_cache {
	char		*dir;
	struct config	*c;
	const char	*bad;	/* the unusable one that applies (c: its
				 * last good version, or NULL), or NULL */
};

/* The text of each configuration last read whole, by absolute path. */
struct config_texts {
	struct kept_text {
		char	*path;
		char	*text;
		size_t	 len;
	}		*v;
	size_t		 n;
};

struct configs {
	struct config		*forced;	/* --config */
	const char		*forced_bad;	/* --config's, unusable */
	int			 none;		/* --no-config */
	struct config_texts	*texts;		/* or NULL */
	char			**bad;		/* unusable, met (absolute) */
	size_t			 nbad;
	struct dirent_cache	*dirs;
	size_t			 ndirs, capdirs;
	struct config		**all;		/* loaded, to free */
	size_t			 nall;
	const struct settings	*cli;
	int			 context;	/* finding --context's */
};

struct config_texts *
config_texts_new(void)
{
	return xcalloc(1, sizeof(struct config_texts));
}

void
config_texts_free(struct config_texts *ts)
{
	size_t i;

	if (ts == NULL)
		return;
	for (i = 0; i < ts->n; i++) {
		free(ts->v[i].path);
		free(ts->v[i].text);
	}
	free(ts->v);
	free(ts);
}

static struct kept_text *
kept(struct config_texts *ts, const char *abs)
{
	size_t i;

	for (i = 0; ts != NULL && i < ts->n; i++)
		if (strcmp(ts->v[i].path, abs) == 0)
			return &ts->v[i];
	return NULL;
}

/* Keeps text (taken) as the last good one of the configuration at abs. */
static void
keep(struct config_texts *ts, const char *abs, char *text, size_t len)
{
	struct kept_text *t;

	if ((t = kept(ts, abs)) == NULL) {
		ts->v = xrealloc(ts->v, (ts->n + 1) * sizeof(*ts->v));
		t = &ts->v[ts->n++];
		t->path = xstrdup(abs);
	} else
		free(t->text);
	t->text = text;
	t->len = len;
}

/* c read, with the command line's catalogues and snapshots; freed when
 * they cannot be. */
static struct config *
adopt(struct configs *cs, struct config *c)
{
	if (c == NULL)
		return NULL;
	if (settings_apply_catalogues(cs->cli, c->base) != 0) {
		config_free(c);
		return NULL;
	}
	settings_apply_snapshots(cs->cli, c);
	/* Its service is read when a document other than --context's
	 * uses it (configs_find()). */
	c->service_pending = 1;
	cs->all = xrealloc(cs->all, (cs->nall + 1) * sizeof(*cs->all));
	cs->all[cs->nall++] = c;
	return c;
}

static struct config *
loaded(struct configs *cs, const char *path, int *err)
{
	struct config *c;
	char *abs = path_absolute(path), *text = NULL;
	size_t i, len = 0;

	for (i = 0; i < cs->nall; i++)
		if (strcmp(cs->all[i]->path, abs) == 0) {
			free(abs);
			return cs->all[i];
		}
	c = config_read(path, cs->texts != NULL ? &text : NULL, &len);
	if ((c = adopt(cs, c)) == NULL) {
		free(text);
		free(abs);
		*err = 1;
		return NULL;
	}
	if (text != NULL)
		keep(cs->texts, c->path, text, len);
	free(abs);
	return c;
}

/* The configuration at path cannot be used (said): its path kept for
 * configs_find_kept(), and its last good version in *out when there is
 * one, read again from its text (NULL otherwise, or when that cannot be
 * read either: its generators file gone...). */
static const char *
broken(struct configs *cs, const char *path, struct config **out)
{
	struct kept_text *t;
	char *abs = path_absolute(path);

	*out = NULL;
	if ((t = kept(cs->texts, abs)) != NULL)
		*out = adopt(cs, config_load_text(abs, t->text, t->len));
	cs->bad = xrealloc(cs->bad, (cs->nbad + 1) * sizeof(*cs->bad));
	cs->bad[cs->nbad++] = abs;
	return abs;
}

struct configs *
configs_new(const char *forced, int none, struct config_texts *texts,
    const struct settings *cli, int *err)
{
	struct configs *cs = xcalloc(1, sizeof(*cs));

	*err = 0;
	cs->none = none;
	cs->cli = cli;
	cs->texts = texts;
	if (forced != NULL)
		cs->forced = loaded(cs, forced, err);
	if (*err && texts != NULL)
		cs->forced_bad = broken(cs, forced, &cs->forced);
	return cs;
}

void
configs_free(struct configs *cs)
{
	size_t i;

	if (cs == NULL)
		return;
	for (i = 0; i < cs->ndirs; i++)
		free(cs->dirs[i].dir);
	for (i = 0; i < cs->nall; i++)
		config_free(cs->all[i]);
	for (i = 0; i < cs->nbad; i++)
		free(cs->bad[i]);
	free(cs->bad);
	free(cs->dirs);
	free(cs->all);
	free(cs);
}

static int
cached(struct configs *cs, const char *dir, struct config **out,
    const char **bad)
{
	size_t i;

	for (i = cs->ndirs; i > 0; i--)
		if (strcmp(cs->dirs[i - 1].dir, dir) == 0) {
			*out = cs->dirs[i - 1].c;
			*bad = cs->dirs[i - 1].bad;
			return 1;
		}
	return 0;
}

static void
remember(struct configs *cs, const char *dir, struct config *c,
    const char *bad)
{
	if (cs->ndirs == cs->capdirs) {
		cs->capdirs = cs->capdirs ? cs->capdirs * 2 : 16;
		cs->dirs = xrealloc(cs->dirs, cs->capdirs * sizeof(*cs->dirs));
	}
	cs->dirs[cs->ndirs].dir = xstrdup(dir);
	cs->dirs[cs->ndirs].bad = bad;
	cs->dirs[cs->ndirs++].c = c;
}

/* A configuration that is there but cannot be read is an error, never
 * passed over for the one above it; and a FIFO, which would hold the run
 * until something writes to it, is not opened. */
const char *
config_unreadable(const char *path)
{
	struct stat st;

	if (lstat(path, &st) != 0)
		return strerror(errno);
	if (S_ISLNK(st.st_mode) && stat(path, &st) != 0)
		return errno == ENOENT ? "a symbolic link to a file that does "
		    "not exist" : strerror(errno);
	if (S_ISDIR(st.st_mode))
		return "a directory, not a file";
	if (S_ISFIFO(st.st_mode))
		return "a FIFO (named pipe), not a file: not read";
	if (!S_ISREG(st.st_mode))
		return "not a regular file: not read";
	return NULL;
}

/* Whether the .dgslint.json at path can be read; says why not. */
static int
usable(const char *path)
{
	const char *why = config_unreadable(path);
	char *shown;

	if (why == NULL)
		return 1;
	shown = path_display(path);
	fprintf(stderr, "dgslint: %s: cannot read the configuration: %s\n",
	    shown, why);
	free(shown);
	return 0;
}

void
configs_for_context(struct configs *cs, int on)
{
	cs->context = on;
}

/* Reads c's service if not yet, unless for --context: 0, or -1 (said). */
static int
service_now(const struct configs *cs, struct config *c)
{
	if (c == NULL || !c->service_pending || cs->context)
		return 0;
	c->service_pending = 0;
	return settings_apply_service(cs->cli, c);
}

int
configs_find(struct configs *cs, const char *abs, struct config **out)
{
	const char *bad;

	return configs_find_kept(cs, abs, out, &bad);
}

int
configs_find_kept(struct configs *cs, const char *abs, struct config **out,
    const char **bad)
{
	struct config *c = NULL;
	struct stat st;
	char *dir, *slash, *probe, **seen = NULL;
	size_t nseen = 0, i, n;
	int err = 0;

	*out = NULL;
	*bad = NULL;
	if (cs->none)
		return 0;
	if (cs->forced != NULL || cs->forced_bad != NULL) {
		*out = cs->forced;
		*bad = cs->forced_bad;
		return service_now(cs, cs->forced) != 0 || *bad != NULL ?
		    -1 : 0;
	}
	dir = path_dir(abs);
	for (;;) {
		if (cached(cs, dir, &c, bad))
			break;
		seen = xrealloc(seen, (nseen + 1) * sizeof(*seen));
		seen[nseen++] = xstrdup(dir);
		n = strlen(dir) + sizeof(CONFIG_NAME) + 2;
		probe = xcalloc(1, n);
		snprintf(probe, n, "%s%s" CONFIG_NAME, dir,
		    strcmp(dir, "/") == 0 ? "" : "/");
		/* A directory too deep to be named (PATH_MAX): nor can
		 * the file, which the caller says and passes over. */
		if (lstat(probe, &st) != 0 && errno == ENAMETOOLONG) {
			free(probe);
			err = 2;
			break;
		}
		if (lstat(probe, &st) == 0 || errno != ENOENT) {
			if (usable(probe))
				c = loaded(cs, probe, &err);
			else
				err = 1;
			if (err == 1 && cs->texts != NULL) {
				*bad = broken(cs, probe, &c);
				err = 0;
			}
			free(probe);
			break;
		}
		snprintf(probe, n, "%s%s.git", dir,
		    strcmp(dir, "/") == 0 ? "" : "/");
		if (stat(probe, &st) == 0 || strcmp(dir, "/") == 0) {
			free(probe);
			break;	/* the repository's root, or the root */
		}
		free(probe);
		if ((slash = strrchr(dir, '/')) == dir)
			dir[1] = '\0';
		else
			*slash = '\0';
	}
	for (i = 0; i < nseen; i++) {
		if (!err)
			remember(cs, seen[i], c, *bad);
		free(seen[i]);
	}
	free(seen);
	free(dir);
	*out = c;
	if (!err && (service_now(cs, c) != 0 || *bad != NULL))
		err = 1;
	return err == 2 ? -2 : err ? -1 : 0;
}

const char *
configs_path(const struct configs *cs, size_t i)
{
	return i < cs->nall ? cs->all[i]->path : NULL;
}

struct config *
configs_get(const struct configs *cs, size_t i)
{
	return i < cs->nall ? cs->all[i] : NULL;
}
