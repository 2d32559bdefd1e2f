/*
 * gitignore.c: what a directory's walk passes over because git ignores
 * it, as git's gitignore(5) says, so that "dgslint ." does not lint
 * node_modules/ or a build directory.
 *
 * Only inside a git work tree (a directory above holds .git): the
 * patterns of core.excludesFile and of the repository's info/exclude
 * (push_git_files()), and of each .gitignore from the work
 * tree's root down to the directory being walked, the deeper file, and
 * the later line, deciding.  What is judged is what the walk finds below
 * a directory named on the command line: a path named is linted even if
 * git ignores it, and so is a tree whose ancestor git ignores (it was
 * named).  Git's negation (!), directory-only patterns (a trailing /),
 * patterns anchored by a /, and *, **, ?, [...] and \ are those of
 * glob.c, which has git's meanings for them.  A file git tracks is not
 * told from one it ignores (as ripgrep and ruff do not).  --no-gitignore
 * turns this off.
 */
#include <sys/stat.h>

#include <errno.h>
#include <strings.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "repo.h"

struct gi_pattern {
	char	*pat;		/* without !, trailing / and escapes' \ */
	int	 negate;
	int	 dir_only;
};

/* The patterns of one file, and the directory they are relative to. */
struct gi_file {
	char			*base;		/* absolute */
	struct gi_pattern	*v;
	size_t			 n;
};

struct gitignore {
	struct gi_file	*files;		/* a stack: the walk's depth */
	size_t		 n, cap;
	char		*start;		/* the directory named, as named */
	char		*start_abs;	/* and absolute */
	char		*root;		/* the work tree's, absolute */
	char		*common;	/* its common_dir(), or NULL */
	char		*excludes;	/* core.excludesFile's path, or NULL */
	struct git_run	 ask;		/* git asked for core.excludesFile */
	int		 asking;	/* and not yet heard */
	int		 held;		/* a note held back while asking */
};

/* One line of a .gitignore: 0 and *p filled, or -1 for a line that is
 * no pattern (blank, a comment). */
static int
parse_line(char *line, struct gi_pattern *p)
{
	size_t n = strlen(line);

	while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
		line[--n] = '\0';
	/* Trailing spaces, unless the last is quoted with \. */
	while (n > 0 && line[n - 1] == ' ' && !(n > 1 && line[n - 2] == '\\'))
		line[--n] = '\0';
	if (n == 0 || line[0] == '#')
		return -1;
	memset(p, 0, sizeof(*p));
	if (line[0] == '!') {
		p->negate = 1;
		line++;
		n--;
	} else if (line[0] == '\\' && (line[1] == '!' || line[1] == '#')) {
		line++;
		n--;
	}
	if (n > 0 && line[n - 1] == '/') {
		p->dir_only = 1;
		line[--n] = '\0';
	}
	if (n == 0)
		return -1;
	p->pat = xstrdup(line);
	return 0;
}

/* The most of an ignore file read: thousands of times any real one. */
#define GI_MAX	(16 * 1024 * 1024)

/* Lines of any length: a line cut at a buffer's size made the tail of a
 * long comment a pattern ("*.json" hid every document, issue 38); the
 * patterns' array grows by doubling.  The file is read within GI_MAX
 * and never by waiting (read_found()): a .gitignore that links to
 * /dev/zero grew the run to 4 GB, one to /dev/urandom never ended, and a
 * FIFO waited forever (issue 45).  A .gitignore of the work tree that is
 * a symbolic link is not followed, as git does not follow one
 * (https://git-scm.com/docs/gitignore, NOTES); the files of git's own
 * configuration (core.excludesFile, info/exclude) are the user's, and
 * may be links.  A file not read is said on stderr, its patterns
 * unused. */
static void
read_file(struct gitignore *g, struct gi_file *f, const char *path,
    int in_tree)
{
	const char *bad;
	char *buf, *line, *end, why[256], *shown;
	size_t len, cap = 0;
	struct gi_pattern p;
	int rc;

	if ((rc = read_found(path, in_tree, GI_MAX, &buf, &len, why,
	    sizeof(why))) != 0) {
		if (rc < 0 && g->asking)
			g->held = 1;	/* said on the walk that stands */
		else if (rc < 0) {
			shown = path_display(path);
			fprintf(stderr, "dgslint: note: %s: %s: its patterns "
			    "are not used%s\n", shown, why, in_tree &&
			    strstr(why, "symbolic link") != NULL ?
			    " (git does not follow a .gitignore that is a "
			    "link either)" : "");
			free(shown);
		}
		return;
	}
	for (line = buf; line < buf + len; line = end + 1) {
		if ((end = memchr(line, '\n', (size_t)(buf + len - line))) ==
		    NULL)
			end = buf + len;
		*end = '\0';
		if (parse_line(line, &p) != 0)
			continue;
		if (!glob_valid(p.pat, &bad)) {	/* as git: no match */
			free(p.pat);
			continue;
		}
		if (f->n == cap) {
			cap = cap ? cap * 2 : 16;
			f->v = xrealloc(f->v, cap * sizeof(*f->v));
		}
		f->v[f->n++] = p;
	}
	free(buf);
}

static char *
join(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b);
	char *s = xmalloc(na + nb + 2), *p = s;

	/* Not snprintf(): this is called for every path the walk finds. */
	memcpy(p, a, na);
	p += na;
	if (strcmp(a, "/") != 0)
		*p++ = '/';
	memcpy(p, b, nb + 1);
	return s;
}

/* Pushes the patterns of file (dir/name, or name when absolute),
 * relative to dir (absolute); in_tree: a .gitignore of the work tree. */
static void
push_file(struct gitignore *g, const char *dir, const char *name,
    int in_tree)
{
	struct gi_file *f;
	char *path = name[0] == '/' ? xstrdup(name) : join(dir, name);

	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 8;
		g->files = xrealloc(g->files, g->cap * sizeof(*g->files));
	}
	f = &g->files[g->n++];
	memset(f, 0, sizeof(*f));
	f->base = xstrdup(dir);
	read_file(g, f, path, in_tree);
	free(path);
}

/* The absolute path of a path the walk gives: below start. */
static char *
absolute(const struct gitignore *g, const char *path)
{
	size_t n = strlen(g->start);

	if (strcmp(g->start, ".") == 0)
		return join(g->start_abs, path);
	if (strncmp(path, g->start, n) == 0)
		return join(g->start_abs, path + n + (path[n] == '/'));
	return path_absolute(path);
}

static void	pop(struct gitignore *);

/* What git asks of key (git config --path), or NULL; to free. */
static char *
git_ask(const char *root, const char *a1, const char *a2, const char *a3)
{
	char *argv[] = { xstrdup("git"), xstrdup("-C"), xstrdup(root),
	    xstrdup(a1), xstrdup(a2), xstrdup(a3), NULL };
	char *out;
	size_t len, i;

	out = git_output(argv, -1, &len);
	for (i = 0; argv[i] != NULL; i++)
		free(argv[i]);
	if (out != NULL && len > 0 && out[len - 1] == '\n')
		out[--len] = '\0';
	if (out != NULL && len == 0) {
		free(out);
		out = NULL;
	}
	return out;
}

/* The first line of the small file path (a .git file, a commondir
 * file), as a path: relative ones taken from dir.  To free, or NULL. */
static char *
path_in_file(const char *dir, const char *path, const char *prefix)
{
	char *buf, *line, *out = NULL, why[256];
	size_t len, n = strlen(prefix);

	if (read_found(path, 0, 4096, &buf, &len, why, sizeof(why)) != 0)
		return NULL;
	line = buf;
	line[strcspn(line, "\r\n")] = '\0';
	if (strncmp(line, prefix, n) == 0 && line[n] != '\0')
		out = line[n] == '/' ? xstrdup(line + n) : join(dir, line + n);
	free(buf);
	return out;
}

/*
 * The directory git keeps what the work tree at root shares with the
 * repository's other work trees in (its config and info/exclude; git's
 * GIT_COMMON_DIR, https://git-scm.com/docs/gitrepository-layout), as git
 * finds it, without starting git (two milliseconds): root/.git when that
 * is a directory; else the directory a .git file names ("gitdir: ...", a
 * linked worktree's or a submodule's); and there, the one its commondir
 * file names, when it has one.  To free; NULL when GIT_DIR or
 * GIT_COMMON_DIR in the environment says otherwise, or a file cannot be
 * read (git is asked then).
 */
static char *
common_dir(const char *root)
{
	struct stat st;
	char *dot, *dir, *file, *common;

	if (getenv("GIT_DIR") != NULL || getenv("GIT_COMMON_DIR") != NULL)
		return NULL;
	dot = join(root, ".git");
	if (stat(dot, &st) != 0)
		dir = NULL;
	else if (S_ISDIR(st.st_mode))
		dir = xstrdup(dot);
	else
		dir = path_in_file(root, dot, "gitdir: ");
	free(dot);
	if (dir == NULL)
		return NULL;
	file = join(dir, "commondir");
	if (access(file, F_OK) != 0)
		common = errno == ENOENT ? xstrdup(dir) : NULL;
	else
		common = path_in_file(dir, file, "");
	free(file);
	free(dir);
	return common;
}

/* The path of core.excludesFile whose value is value (NULL: unset),
 * as git reads it: by default $XDG_CONFIG_HOME/git/ignore, or
 * ~/.config/git/ignore; ~/ is the home directory.  To free, or NULL. */
static char *
excludes_path(char *value)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	char *path = value, *p;

	if (path == NULL) {
		if (xdg != NULL && xdg[0] == '/')
			path = join(xdg, "git/ignore");
		else if (home != NULL && home[0] == '/')
			path = join(home, ".config/git/ignore");
	}
	if (path != NULL && path[0] == '~' && path[1] == '/' &&
	    home != NULL) {
		p = join(home, path + 2);
		free(path);
		path = p;
	}
	return path;
}

/* In a line of a git configuration file (https://git-scm.com/docs/
 * git-config, CONFIGURATION FILE), at *s: whether it names section
 * [core] (*in_core set, 1 returned) or else sets core.excludesFile
 * while in it: its value (quotes and escapes undone, a comment cut) into
 * *value, taking the place of the one before. */
static int
config_line(const char *s, int *in_core, char **value)
{
	struct str v = { NULL, 0, 0 };
	const char *k;
	int quoted = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	if (*s == '[') {
		*in_core = strncasecmp(s + 1, "core]", 5) == 0;
		return 1;
	}
	if (!*in_core || strncasecmp(s, "excludesfile", 12) != 0)
		return 0;
	for (k = s + 12; *k == ' ' || *k == '\t'; k++)
		continue;
	if (*k++ != '=')
		return 0;
	while (*k == ' ' || *k == '\t')
		k++;
	for (; *k != '\0' && *k != '\n' && (quoted || (*k != '#' &&
	    *k != ';')); k++) {
		if (*k == '"')
			quoted = !quoted;
		else if (*k == '\\' && k[1] != '\0' && k[1] != '\n') {
			k++;
			str_addn(&v, *k == 'n' ? "\n" : *k == 't' ? "\t" :
			    k, 1);
		} else
			str_addn(&v, k, 1);
	}
	while (v.len > 0 && (v.s[v.len - 1] == ' ' || v.s[v.len - 1] == '\t'
	    || v.s[v.len - 1] == '\r'))
		v.len--;
	str_addn(&v, "", 0);
	free(*value);
	*value = v.s;
	return 0;
}

/* What core.excludesFile is, as the files git reads say it without git:
 * the system's, the user's, the repository's (in common, the work tree
 * root's common_dir(), else root/.git), the last setting winning.
 * What this cannot see (an [include], a system file elsewhere, a setting
 * in the environment) git says at the end of the walk, which is then
 * made again (gitignore_settle()).  To free, or NULL when unset. */
static char *
excludes_guess(const char *root, const char *common)
{
	const char *home = getenv("HOME"), *xdg = getenv("XDG_CONFIG_HOME");
	const char *sys = getenv("GIT_CONFIG_SYSTEM");
	const char *glob = getenv("GIT_CONFIG_GLOBAL");
	char *files[5], *value = NULL, *buf, *line, *end, why[256];
	size_t n = 0, i, len;
	int in_core;

	if (getenv("GIT_CONFIG_NOSYSTEM") == NULL)
		files[n++] = xstrdup(sys != NULL ? sys : "/etc/gitconfig");
	if (glob != NULL)
		files[n++] = xstrdup(glob);
	else {
		if (xdg != NULL && xdg[0] == '/')
			files[n++] = join(xdg, "git/config");
		else if (home != NULL && home[0] == '/')
			files[n++] = join(home, ".config/git/config");
		if (home != NULL && home[0] == '/')
			files[n++] = join(home, ".gitconfig");
	}
	files[n++] = common != NULL ? join(common, "config") :
	    join(root, ".git/config");
	for (i = 0; i < n; i++) {
		if (read_found(files[i], 0, GI_MAX, &buf, &len, why,
		    sizeof(why)) == 0) {
			in_core = 0;
			for (line = buf; line < buf + len; line = end + 1) {
				if ((end = memchr(line, '\n',
				    (size_t)(buf + len - line))) == NULL)
					end = buf + len;
				*end = '\0';
				(void)config_line(line, &in_core, &value);
			}
			free(buf);
		}
		free(files[i]);
	}
	if (value != NULL && value[0] == '\0') {
		free(value);
		value = NULL;
	}
	return value;
}

/*
 * The files git reads before the .gitignore files, which win over them:
 * core.excludesFile (g->excludes), then the repository's info/exclude
 * (in its common directory, common_dir(): a worktree's .git is a file).
 * Their patterns are relative to the work tree's root.  Then the
 * .gitignore files from the root down to the directory named.
 */
static void
load(struct gitignore *g)
{
	char *path, *p, *q, **chain = NULL;
	size_t n = 0, i;

	if (g->excludes != NULL)
		push_file(g, g->root, g->excludes, 0);
	if (g->common != NULL)
		path = join(g->common, "info/exclude");
	else if ((path = git_ask(g->root, "rev-parse", "--git-path",
	    "info/exclude")) == NULL)
		path = xstrdup(".git/info/exclude");
	push_file(g, g->root, path, 0);
	free(path);
	/* The directories from the root down to the one named. */
	p = xstrdup(g->start_abs);
	for (;;) {
		chain = xrealloc(chain, (n + 1) * sizeof(*chain));
		chain[n++] = xstrdup(p);
		if (strcmp(p, g->root) == 0)
			break;
		q = strrchr(p, '/');
		q == p ? (void)(q[1] = '\0') : (void)(*q = '\0');
	}
	free(p);
	for (i = n; i-- > 0;)
		push_file(g, chain[i], ".gitignore", 1);
	for (i = 0; i < n; i++)
		free(chain[i]);
	free(chain);
}

/*
 * git is asked for core.excludesFile (git config --path), which only it
 * knows for sure (includes, its own system file, the environment), and
 * takes a few milliseconds to start: the walk goes on meanwhile with
 * what the configuration files say (excludes_guess()), holding back the
 * notes of files it cannot read, and gitignore_settle() hears git at its
 * end.  Without git, the default file.
 */
struct gitignore *
gitignore_open(const char *dir)
{
	static char git[] = "git", dash_c[] = "-C", config[] = "config",
	    path[] = "--path", key[] = "core.excludesFile";
	char *argv[] = { git, dash_c, NULL, config, path, key, NULL };
	struct gitignore *g;
	char *abs, *root;

	/* The work tree's root: the nearest directory above holding .git. */
	abs = path_absolute(dir);
	if ((root = path_work_tree(abs)) == NULL) {
		free(abs);
		return NULL;	/* no work tree: nothing ignored */
	}
	g = xcalloc(1, sizeof(*g));
	g->start = xstrdup(dir);
	g->start_abs = abs;
	g->root = root;
	g->common = common_dir(root);
	argv[2] = root;
	g->asking = git_start(argv, -1, &g->ask) == 0;
	g->excludes = excludes_path(g->asking ?
	    excludes_guess(root, g->common) : NULL);
	load(g);
	return g;
}

/* What git says of core.excludesFile (NULL: unset, or git could not
 * say), once it has said it. */
static char *
excludes_heard(struct gitignore *g)
{
	char *out;
	size_t len;

	g->asking = 0;
	if ((out = git_finish(&g->ask, &len)) != NULL && len > 0 &&
	    out[len - 1] == '\n')
		out[--len] = '\0';
	if (out != NULL && len == 0) {
		free(out);
		out = NULL;
	}
	return out;
}

int
gitignore_settle(struct gitignore *g)
{
	char *path;
	int same;

	if (g == NULL || !g->asking)
		return 0;
	path = excludes_path(excludes_heard(g));
	same = path == NULL ? g->excludes == NULL : g->excludes != NULL &&
	    strcmp(path, g->excludes) == 0;
	if (same && !g->held) {
		free(path);
		return 0;
	}
	while (g->n > 0)
		pop(g);
	free(g->excludes);
	g->excludes = path;
	g->held = 0;
	load(g);
	return 1;
}

void
gitignore_enter(struct gitignore *g, const char *dir)
{
	char *abs;

	if (g == NULL)
		return;
	abs = absolute(g, dir);
	push_file(g, abs, ".gitignore", 1);
	free(abs);
}

static void
pop(struct gitignore *g)
{
	struct gi_file *f = &g->files[--g->n];
	size_t i;

	for (i = 0; i < f->n; i++)
		free(f->v[i].pat);
	free(f->v);
	free(f->base);
}

void
gitignore_leave(struct gitignore *g)
{
	if (g != NULL && g->n > 0)
		pop(g);
}

int
gitignore_ignored(const struct gitignore *g, const char *path, int is_dir)
{
	const struct gi_file *f;
	const struct gi_pattern *p;
	const char *rel;
	char *abs;
	size_t i, k, n;
	int hit = -1;

	if (g == NULL)
		return 0;
	abs = absolute(g, path);
	/* The deepest file first, its last line first: the first match
	 * decides. */
	for (i = g->n; i-- > 0 && hit < 0;) {
		f = &g->files[i];
		n = strlen(f->base);
		if (strcmp(f->base, "/") == 0)
			rel = abs + 1;
		else if (strncmp(abs, f->base, n) == 0 && abs[n] == '/')
			rel = abs + n + 1;
		else
			continue;
		for (k = f->n; k-- > 0;) {
			p = &f->v[k];
			if (p->dir_only && !is_dir)
				continue;
			if (glob_match(p->pat, rel)) {
				hit = !p->negate;
				break;
			}
		}
	}
	free(abs);
	return hit > 0;
}

void
gitignore_close(struct gitignore *g)
{
	if (g == NULL)
		return;
	if (g->asking)
		free(excludes_heard(g));
	while (g->n > 0)
		pop(g);
	free(g->files);
	free(g->start);
	free(g->start_abs);
	free(g->root);
	free(g->common);
	free(g->excludes);
	free(g);
}
