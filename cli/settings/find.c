/*
 * find.c: discovery of .dgslint.json, found by walking up from each
 * linted file to the repository root (a directory holding .git) or the
 * filesystem root; the closest file wins.  A configuration is read once
 * and kept: discovery is cached per directory, so thousands of files cost
 * a few stat(2) calls each at most.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli.h"
#include "config_int.h"

#define CONFIG_NAME ".dgslint.json"

struct dirent_cache {
	char		*dir;
	struct config	*c;
};

struct configs {
	struct config		*forced;	/* --config */
	int			 none;		/* --no-config */
	struct dirent_cache	*dirs;
	size_t			 ndirs, capdirs;
	struct config		**all;		/* loaded, to free */
	size_t			 nall;
	const struct settings	*cli;
	int			 context;	/* finding --context's */
};

static struct config *
loaded(struct configs *cs, const char *path, int *err)
{
	struct config *c;
	char *abs = path_absolute(path);
	size_t i;

	for (i = 0; i < cs->nall; i++)
		if (strcmp(cs->all[i]->path, abs) == 0) {
			free(abs);
			return cs->all[i];
		}
	free(abs);
	if ((c = config_load(path)) == NULL) {
		*err = 1;
		return NULL;
	}
	if (settings_apply_catalogues(cs->cli, c->base) != 0) {
		config_free(c);
		*err = 1;
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

struct configs *
configs_new(const char *forced, int none, const struct settings *cli,
    int *err)
{
	struct configs *cs = xcalloc(1, sizeof(*cs));

	*err = 0;
	cs->none = none;
	cs->cli = cli;
	if (forced != NULL)
		cs->forced = loaded(cs, forced, err);
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
	free(cs->dirs);
	free(cs->all);
	free(cs);
}

static int
cached(struct configs *cs, const char *dir, struct config **out)
{
	size_t i;

	for (i = cs->ndirs; i > 0; i--)
		if (strcmp(cs->dirs[i - 1].dir, dir) == 0) {
			*out = cs->dirs[i - 1].c;
			return 1;
		}
	return 0;
}

static void
remember(struct configs *cs, const char *dir, struct config *c)
{
	if (cs->ndirs == cs->capdirs) {
		cs->capdirs = cs->capdirs ? cs->capdirs * 2 : 16;
		cs->dirs = xrealloc(cs->dirs, cs->capdirs * sizeof(*cs->dirs));
	}
	cs->dirs[cs->ndirs].dir = xstrdup(dir);
	cs->dirs[cs->ndirs++].c = c;
}

int
config_named(const char *path)
{
	const char *base = strrchr(path, '/');

	return strcmp(base != NULL ? base + 1 : path, CONFIG_NAME) == 0;
}

/* Whether the .dgslint.json at path, whose lstat(2) is st (or which
 * lstat(2) could not ask about), can be read; says why not.  A
 * configuration that is there but cannot be read is an error, never
 * passed over for the one above it; and a FIFO, which would hold the run
 * until something writes to it, is not opened. */
static int
usable(const char *path, struct stat *st)
{
	const char *why = NULL;
	char *shown;
	int e = errno;

	if (lstat(path, st) != 0)
		why = strerror(e);
	else if (S_ISLNK(st->st_mode) && stat(path, st) != 0)
		why = errno == ENOENT ? "a symbolic link to a file that does "
		    "not exist" : strerror(errno);
	else if (S_ISDIR(st->st_mode))
		why = "a directory, not a file";
	else if (S_ISFIFO(st->st_mode))
		why = "a FIFO (named pipe), not a file: not read";
	else if (!S_ISREG(st->st_mode))
		why = "not a regular file: not read";
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
	struct config *c = NULL;
	struct stat st;
	char *dir, *slash, *probe, **seen = NULL;
	size_t nseen = 0, i, n;
	int err = 0;

	*out = NULL;
	if (cs->none)
		return 0;
	if (cs->forced != NULL) {
		*out = cs->forced;
		return service_now(cs, cs->forced);
	}
	dir = path_dir(abs);
	for (;;) {
		if (cached(cs, dir, &c))
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
			if (usable(probe, &st))
				c = loaded(cs, probe, &err);
			else
				err = 1;
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
			remember(cs, seen[i], c);
		free(seen[i]);
	}
	free(seen);
	free(dir);
	*out = c;
	if (!err && service_now(cs, c) != 0)
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
