/*
 * config.c: .dgslint.json, found by walking up from each linted file to
 * the repository root (a directory holding .git) or the filesystem root;
 * the closest file wins.  See dgslint.json(5).
 *
 * A configuration is read once and kept: discovery is cached per
 * directory, so thousands of files cost a few stat(2) calls each at most.
 * Problems in a configuration stop the run with exit status 2 and a
 * message located at the line and column of the value at fault.
 */
#define _XOPEN_SOURCE 700	/* realpath */

#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cli.h"
#include "config.h"

#define CONFIG_NAME ".dgslint.json"

/*
 * Globs: * matches within one path component, ** any number of
 * components, ? one character, [abc] [a-z] [!x] a class.  A pattern
 * without '/' matches a file's name in any directory; one with '/'
 * matches the path relative to the configuration's directory.
 */
static int
class_end(const char *p)
{
	const char *q = p + 1;

	if (*q == '!' || *q == '^')
		q++;
	if (*q == ']')
		q++;
	while (*q != '\0' && *q != ']')
		q++;
	return *q == ']' ? (int)(q - p) : -1;
}

int
glob_valid(const char *pat, const char **why)
{
	const char *p;

	if (*pat == '\0') {
		*why = "an empty pattern matches nothing";
		return 0;
	}
	for (p = pat; *p != '\0'; p++) {
		if (*p == '[' && class_end(p) < 0) {
			*why = "'[' opens a character class that no ']' closes";
			return 0;
		}
		if (*p == '\\' && p[1] == '\0') {
			*why = "the pattern ends with a lone '\\'";
			return 0;
		}
	}
	return 1;
}

static int
class_match(const char *p, int len, char c)
{
	int neg = 0, i = 1, hit = 0;

	if (p[i] == '!' || p[i] == '^') {
		neg = 1;
		i++;
	}
	for (; i < len; i++) {
		if (i + 2 < len && p[i + 1] == '-') {
			if (c >= p[i] && c <= p[i + 2])
				hit = 1;
			i += 2;
		} else if (p[i] == c)
			hit = 1;
	}
	return hit != neg;
}

static int
match(const char *p, const char *s)
{
	int n;

	for (;;) {
		switch (*p) {
		case '\0':
			return *s == '\0';
		case '*':
			if (p[1] == '*') {
				/* A double star and a slash match zero or more
				 * directories. */
				p += 2;
				if (*p == '/')
					p++;
				for (;;) {
					if (match(p, s))
						return 1;
					if (*s == '\0')
						return 0;
					s++;
				}
			}
			p++;
			for (;;) {
				if (match(p, s))
					return 1;
				if (*s == '\0' || *s == '/')
					return 0;
				s++;
			}
		case '?':
			if (*s == '\0' || *s == '/')
				return 0;
			break;
		case '[':
			if ((n = class_end(p)) < 0 || *s == '\0' || *s == '/' ||
			    !class_match(p, n, *s))
				return 0;
			p += n;
			break;
		case '\\':
			if (p[1] != '\0')
				p++;
			/* FALLTHROUGH */
		default:
			if (*p != *s)
				return 0;
			break;
		}
		p++;
		s++;
	}
}

int
glob_match(const char *pat, const char *rel)
{
	const char *base;

	while (pat[0] == '.' && pat[1] == '/')
		pat += 2;
	if (strchr(pat, '/') == NULL) {
		base = strrchr(rel, '/');
		return match(pat, base ? base + 1 : rel);
	}
	if (pat[0] == '/')
		pat++;
	return match(pat, rel);
}

/*
 * Paths.
 */
/* realpath(path), with the real path of path's directory kept from the
 * last call: realpath() asks the kernel about every component of a path
 * (getcwd, then a readlink each), and thousands of files in a few
 * directories share their directories.  The file itself is asked about
 * once (lstat), unless not_link says it is no symbolic link; a symbolic
 * link, or a name such as "..", takes realpath() whole.  NULL when
 * realpath() would fail.  Main thread only. */
static char *
real_path(const char *path, int not_link)
{
	static char *last_dir, *last_real;
	const char *slash = strrchr(path, '/'), *base;
	struct stat st;
	char *dir, *out;
	size_t n;

	base = slash != NULL ? slash + 1 : path;
	if (base[0] == '\0' || strcmp(base, ".") == 0 ||
	    strcmp(base, "..") == 0 || (!not_link && (lstat(path, &st) != 0 ||
	    S_ISLNK(st.st_mode))))
		return realpath(path, NULL);
	if (slash == NULL)
		dir = xstrdup(".");
	else if (slash == path)
		dir = xstrdup("/");
	else {
		dir = xcalloc(1, (size_t)(slash - path) + 1);
		memcpy(dir, path, (size_t)(slash - path));
	}
	if (last_dir == NULL || strcmp(dir, last_dir) != 0) {
		free(last_dir);
		free(last_real);
		last_dir = dir;
		last_real = realpath(dir, NULL);
	} else
		free(dir);
	if (last_real == NULL)	/* the working directory is gone... */
		return realpath(path, NULL);
	n = strlen(last_real) + strlen(base) + 2;
	out = xcalloc(1, n);
	snprintf(out, n, "%s%s%s", last_real,
	    strcmp(last_real, "/") == 0 ? "" : "/", base);
	return out;
}

char *
path_absolute(const char *path)
{
	return path_absolute_file(path, 0);
}

char *
path_absolute_file(const char *path, int not_link)
{
	char cwd[PATH_MAX], *r, *p, *q, *out;
	size_t n;

	if ((r = real_path(path, not_link)) != NULL)
		return r;
	/* Not on disk (a --stdin-filename): join and clean lexically. */
	if (path[0] == '/')
		n = strlen(path) + 2, out = xcalloc(1, n), strcpy(out, path);
	else {
		if (getcwd(cwd, sizeof(cwd)) == NULL)
			strcpy(cwd, "/");
		n = strlen(cwd) + strlen(path) + 2;
		out = xcalloc(1, n);
		snprintf(out, n, "%s/%s", cwd, path);
	}
	/* Remove "." and ".." components and doubled slashes. */
	for (p = q = out; *p != '\0';) {
		if (p[0] == '/' && (p[1] == '/' || p[1] == '\0')) {
			p++;
			continue;
		}
		if (p[0] == '/' && p[1] == '.' && (p[2] == '/' || p[2] == '\0')) {
			p += 2;
			continue;
		}
		if (p[0] == '/' && p[1] == '.' && p[2] == '.' &&
		    (p[3] == '/' || p[3] == '\0')) {
			while (q > out && *--q != '/')
				;
			p += 3;
			continue;
		}
		*q++ = *p++;
		while (*p != '\0' && *p != '/')
			*q++ = *p++;
	}
	if (q == out)
		*q++ = '/';
	*q = '\0';
	return out;
}

/* How a path is shown: relative to the working directory when it lies
 * below it, so that messages do not depend on where a checkout is. */
char *
path_display(const char *abs)
{
	static char cwd[PATH_MAX];	/* dgslint never changes it */
	static int have;
	size_t n;

	if (!have)
		have = getcwd(cwd, sizeof(cwd)) != NULL ? 1 : -1;
	if (have == 1 && (n = strlen(cwd)) > 1 &&
	    strncmp(abs, cwd, n) == 0 && abs[n] == '/')
		return xstrdup(abs + n + 1);
	return xstrdup(abs);
}

/* The path of abs relative to dir (both absolute), or abs itself. */
static const char *
relative_to(const char *abs, const char *dir)
{
	size_t n = strlen(dir);

	if (strcmp(dir, "/") == 0)
		return abs + 1;
	if (strncmp(abs, dir, n) == 0 && abs[n] == '/')
		return abs + n + 1;
	return abs;
}

/*
 * Reading a configuration.
 */
struct override {
	char			**files;
	size_t			  nfiles;
	char			**pointers;	/* NULL: the whole file */
	size_t			  npointers;
	struct rule_setting	 *rules;
	size_t			  nrules;
	char			 *where;	/* "FILE:LINE" for --print-config */
};

struct kind_glob {
	char		*glob;
	enum dgs_kind	 kind;
};

struct config {
	char			*path;		/* absolute */
	char			*shown;		/* as messages show it */
	char			*dir;
	struct rule_setting	*rules;
	size_t			 nrules;
	int			 fail_on;	/* -1 unset; 4 none */
	int			 license;	/* -1 unset */
	char			*generators;	/* absolute, or NULL */
	char			*presets;
	struct kind_glob	*kinds;
	size_t			 nkinds;
	char			**exclude;
	size_t			 nexclude;
	struct override		*overrides;
	size_t			 noverrides;
	struct dgs_options	*base;		/* catalogues, license */
};

struct loader {
	const char	*path;
	const char	*text;
	size_t		 len;
	int		 failed;
};

static void
config_error(struct loader *ld, const char *pointer, int at_key,
    const char *fmt, ...) __attribute__((__format__(__printf__, 4, 5)));

/* Writes s to standard error with its control characters (C0, DEL, C1)
 * as \uXXXX: messages quote names from the file, and a name may hold a
 * terminal sequence. */
static void
err_puts(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p != '\0'; p++) {
		if (*p < 0x20 || *p == 0x7f)
			fprintf(stderr, "\\u%04x", *p);
		else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
			fprintf(stderr, "\\u%04x", *++p);
		else
			fputc(*p, stderr);
	}
}

static void
config_error(struct loader *ld, const char *pointer, int at_key,
    const char *fmt, ...)
{
	unsigned long line = 1, col = 1;
	va_list ap;
	char *msg;
	int n;

	dgs_json_position(ld->text, ld->len, pointer, at_key, &line, &col);
	fprintf(stderr, "dgslint: %s:%lu:%lu: ", ld->path, line, col);
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	msg = xcalloc(1, n > 0 ? (size_t)n + 1 : 1);
	va_start(ap, fmt);
	if (n > 0)
		vsnprintf(msg, (size_t)n + 1, fmt, ap);
	va_end(ap);
	err_puts(msg);
	free(msg);
	fputc('\n', stderr);
	ld->failed = 1;
}

static const char *const config_keys[] = { "rules", "failOn", "license",
    "generators", "presets", "kinds", "exclude", "overrides" };
static const char *const override_keys[] = { "files", "pointers", "rules" };

static const char *
closest(const char *word, const char *const *cands, size_t n)
{
	const char *best = NULL;
	size_t i, d, bestd = 3, la, lb, j, k, prev, cur, tmp;
	size_t row[64];

	la = strlen(word);
	for (i = 0; i < n; i++) {
		lb = strlen(cands[i]);
		if (la > 60 || lb > 60)
			continue;
		/* Levenshtein over one row, case folded. */
		for (k = 0; k <= lb; k++)
			row[k] = k;
		for (j = 1; j <= la; j++) {
			prev = row[0];
			row[0] = j;
			for (k = 1; k <= lb; k++) {
				cur = row[k];
				tmp = (word[j - 1] | 0x20) ==
				    (cands[i][k - 1] | 0x20) ? prev : prev + 1;
				if (row[k] + 1 < tmp)
					tmp = row[k] + 1;
				if (row[k - 1] + 1 < tmp)
					tmp = row[k - 1] + 1;
				row[k] = tmp;
				prev = cur;
			}
		}
		d = row[lb];
		if (d < bestd) {
			bestd = d;
			best = cands[i];
		}
	}
	return best;
}

static void
unknown_key(struct loader *ld, const char *ptr, const char *key,
    const char *const *keys, size_t n, const char *where)
{
	const char *best = closest(key, keys, n);

	if (best != NULL)
		config_error(ld, ptr, 1, "unknown key \"%s\"%s; did you "
		    "mean \"%s\"?", key, where, best);
	else
		config_error(ld, ptr, 1, "unknown key \"%s\"%s", key, where);
}

static char *
ptr_join(const char *base, const char *key)
{
	size_t n = strlen(base) + 2 * strlen(key) + 2, i, j;
	char *p = xcalloc(1, n);

	j = (size_t)snprintf(p, n, "%s/", base);
	for (i = 0; key[i] != '\0'; i++) {
		if (key[i] == '~' || key[i] == '/') {
			p[j++] = '~';
			p[j++] = key[i] == '~' ? '0' : '1';
		} else
			p[j++] = key[i];
	}
	p[j] = '\0';
	return p;
}

static char *
ptr_index(const char *base, size_t i)
{
	size_t n = strlen(base) + 24;
	char *p = xcalloc(1, n);

	snprintf(p, n, "%s/%zu", base, i);
	return p;
}

static const char *
level_words(void)
{
	return "\"off\", \"info\", \"warning\" or \"error\"";
}

static void
read_rules(struct loader *ld, struct json_object *o, const char *ptr,
    struct rule_setting **out, size_t *nout)
{
	static const char *names[512];
	const struct dgs_rule_info *r;
	struct lh_entry *e;
	enum dgs_severity sev;
	const char *key, *best;
	char *p;
	size_t n = 0, i, nn;

	if (!json_object_is_type(o, json_type_object)) {
		config_error(ld, ptr, 0, "\"rules\" must be an object of rule "
		    "ids or names and levels");
		return;
	}
	*out = xcalloc(json_object_object_length(o), sizeof(**out));
	for (e = json_object_get_object(o)->head; e != NULL; e = e->next) {
		key = (const char *)lh_entry_k(e);
		p = ptr_join(ptr, key);
		if ((r = dgs_rule_find(key)) == NULL) {
			for (nn = i = 0; (r = dgs_rule_get(i)) != NULL &&
			    nn < 512; i++)
				names[nn++] = r->name;
			best = closest(key, names, nn);
			if (best)
				config_error(ld, p, 1, "no rule \"%s\"; did you "
				    "mean \"%s\"? (see dgslint --list-rules)",
				    key, best);
			else
				config_error(ld, p, 1, "no rule \"%s\" (see "
				    "dgslint --list-rules)", key);
		} else if (!json_object_is_type((struct json_object *)
		    lh_entry_v(e), json_type_string) ||
		    dgs_severity_from_name(json_object_get_string(
		    (struct json_object *)lh_entry_v(e)), &sev) != 0)
			config_error(ld, p, 0, "the level of %s must be %s",
			    key, level_words());
		else {
			(*out)[n].rule = r;
			(*out)[n++].sev = sev;
		}
		free(p);
	}
	*nout = n;
}

static char **
read_globs(struct loader *ld, struct json_object *o, const char *ptr,
    const char *what, size_t *nout)
{
	char **v, *p;
	const char *why;
	size_t i, n;

	*nout = 0;
	if (!json_object_is_type(o, json_type_array)) {
		config_error(ld, ptr, 0, "\"%s\" must be an array of glob "
		    "patterns", what);
		return NULL;
	}
	n = json_object_array_length(o);
	v = xcalloc(n, sizeof(*v));
	for (i = 0; i < n; i++) {
		struct json_object *g = json_object_array_get_idx(o, i);

		p = ptr_index(ptr, i);
		if (!json_object_is_type(g, json_type_string))
			config_error(ld, p, 0, "a pattern must be a string");
		else if (!glob_valid(json_object_get_string(g), &why))
			config_error(ld, p, 0, "bad pattern \"%s\": %s",
			    json_object_get_string(g), why);
		else
			v[(*nout)++] = xstrdup(json_object_get_string(g));
		free(p);
	}
	return v;
}

static char *
config_path_value(struct loader *ld, struct json_object *o, const char *ptr,
    const char *dir, const char *what)
{
	const char *s;
	size_t n;
	char *p;

	if (!json_object_is_type(o, json_type_string) ||
	    *(s = json_object_get_string(o)) == '\0') {
		config_error(ld, ptr, 0, "\"%s\" must be the path of a file "
		    "(relative to this configuration)", what);
		return NULL;
	}
	if (s[0] == '/')
		return xstrdup(s);
	n = strlen(dir) + strlen(s) + 2;
	p = xcalloc(1, n);
	snprintf(p, n, "%s/%s", dir, s);
	return p;
}

static void
load_catalogue(struct loader *ld, struct dgs_options *opts,
    const char *file, const char *ptr, int presets)
{
	char *buf, why[256];
	const char *lwhy = NULL;
	size_t len;
	int rc;

	if (read_document(file, &buf, &len, why, sizeof(why)) != 0) {
		char *shown = path_display(file);

		config_error(ld, ptr, 0, "cannot read %s: %s", shown, why);
		free(shown);
		return;
	}
	rc = presets ? dgs_options_load_presets(opts, buf, len, &lwhy) :
	    dgs_options_load_generators(opts, buf, len, &lwhy);
	if (rc != 0) {
		char *shown = path_display(file);

		config_error(ld, ptr, 0, "%s: %s", shown, lwhy ? lwhy :
		    dgs_strerror(rc));
		free(shown);
	}
	free(buf);
}

static void
read_overrides(struct loader *ld, struct config *c, struct json_object *o)
{
	struct lh_entry *e;
	struct override *ov;
	struct json_object *v;
	const char *key;
	char *p, *q;
	size_t i, j, n;
	unsigned long line = 1, col = 1;

	if (!json_object_is_type(o, json_type_array)) {
		config_error(ld, "/overrides", 0, "\"overrides\" must be an "
		    "array of {\"files\": [...], \"pointers\": [...], "
		    "\"rules\": {...}}");
		return;
	}
	n = json_object_array_length(o);
	c->overrides = xcalloc(n, sizeof(*c->overrides));
	for (i = 0; i < n; i++) {
		v = json_object_array_get_idx(o, i);
		p = ptr_index("/overrides", i);
		ov = &c->overrides[c->noverrides];
		if (!json_object_is_type(v, json_type_object)) {
			config_error(ld, p, 0, "an override must be an object "
			    "with \"files\" and \"rules\"");
			free(p);
			continue;
		}
		for (e = json_object_get_object(v)->head; e != NULL;
		    e = e->next) {
			key = (const char *)lh_entry_k(e);
			q = ptr_join(p, key);
			if (strcmp(key, "files") == 0)
				ov->files = read_globs(ld, lh_entry_v(e), q,
				    "files", &ov->nfiles);
			else if (strcmp(key, "pointers") == 0) {
				struct json_object *a = (struct json_object *)
				    lh_entry_v(e);

				if (!json_object_is_type(a, json_type_array)) {
					config_error(ld, q, 0, "\"pointers\" must "
					    "be an array of JSON Pointers");
				} else {
					ov->npointers = 0;
					ov->pointers = xcalloc(
					    json_object_array_length(a),
					    sizeof(char *));
					for (j = 0; j < json_object_array_length(a);
					    j++) {
						struct json_object *s =
						    json_object_array_get_idx(a, j);
						const char *t = json_object_get_string(s);
						char *r = ptr_index(q, j);

						if (!json_object_is_type(s,
						    json_type_string) ||
						    (t[0] != '\0' && t[0] != '/'))
							config_error(ld, r, 0, "a "
							    "pointer must be a string: "
							    "\"\" or one starting with "
							    "'/', such as \"/0/links\"");
						else
							ov->pointers[ov->npointers++] =
							    xstrdup(t);
						free(r);
					}
				}
			} else if (strcmp(key, "rules") == 0)
				read_rules(ld, lh_entry_v(e), q, &ov->rules,
				    &ov->nrules);
			else
				unknown_key(ld, q, key, override_keys, 3,
				    " in an override");
			free(q);
		}
		if (!json_object_object_get_ex(v, "files", NULL))
			config_error(ld, p, 0, "an override needs \"files\": "
			    "the glob patterns of the files it applies to");
		if (!json_object_object_get_ex(v, "rules", NULL))
			config_error(ld, p, 0, "an override needs \"rules\": "
			    "the rules it sets");
		dgs_json_position(ld->text, ld->len, p, 0, &line, &col);
		j = strlen(ld->path) + 24;
		ov->where = xcalloc(1, j);
		snprintf(ov->where, j, "%s:%lu", ld->path, line);
		c->noverrides++;
		free(p);
	}
}

struct config *
config_load(const char *path)
{
	struct loader ld;
	struct config *c;
	struct dgs_result *res = NULL;
	const struct dgs_finding *f;
	struct json_object *root = NULL, *v;
	struct lh_entry *e;
	enum dgs_severity sev;
	const char *key, *s;
	char *buf, why[256], *slash, *p;
	size_t len, i;

	memset(&ld, 0, sizeof(ld));
	if (read_document(path, &buf, &len, why, sizeof(why)) != 0) {
		char *abs = path_absolute(path), *shown = path_display(abs);

		fprintf(stderr, "dgslint: %s: cannot read the configuration: "
		    "%s\n", shown, why);
		free(shown);
		free(abs);
		return NULL;
	}
	c = xcalloc(1, sizeof(*c));
	c->path = path_absolute(path);
	c->shown = path_display(c->path);
	c->dir = xstrdup(c->path);
	if ((slash = strrchr(c->dir, '/')) != NULL)
		slash == c->dir ? (void)(slash[1] = '\0') : (void)(*slash = '\0');
	c->fail_on = c->license = -1;
	ld.path = c->shown;
	ld.text = buf;
	ld.len = len;

	/* The JSON layer of the library: strict syntax, duplicate names,
	 * encoding; every such finding is a configuration error. */
	if ((c->base = dgs_options_new()) == NULL ||
	    dgs_lint(c->base, path, buf, len, &res) != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	for (i = 0; (f = dgs_result_get(res, i)) != NULL; i++)
		if (strncmp(f->rule->id, "DGS1", 4) == 0 &&
		    f->severity >= DGS_SEV_WARNING) {
			fprintf(stderr, "dgslint: %s:%lu:%lu: ", path,
			    f->line, f->column);
			err_puts(f->message);
			fprintf(stderr, " [%s]\n", f->rule->name);
			ld.failed = 1;
		}
	dgs_result_free(res);
	if (ld.failed)
		goto fail;
	root = json_tokener_parse(buf);
	if (!json_object_is_type(root, json_type_object)) {
		config_error(&ld, "", 0, "a configuration is a JSON object "
		    "such as {\"rules\": {\"unknown-member\": \"error\"}}");
		goto fail;
	}
	for (e = json_object_get_object(root)->head; e != NULL; e = e->next) {
		key = (const char *)lh_entry_k(e);
		v = (struct json_object *)lh_entry_v(e);
		p = ptr_join("", key);
		if (strcmp(key, "rules") == 0)
			read_rules(&ld, v, p, &c->rules, &c->nrules);
		else if (strcmp(key, "failOn") == 0) {
			s = json_object_get_string(v);
			if (json_object_is_type(v, json_type_string) &&
			    strcmp(s, "none") == 0)
				c->fail_on = 4;
			else if (json_object_is_type(v, json_type_string) &&
			    dgs_severity_from_name(s, &sev) == 0 &&
			    sev != DGS_SEV_OFF)
				c->fail_on = (int)sev;
			else
				config_error(&ld, p, 0, "\"failOn\" must be "
				    "\"error\", \"warning\", \"info\" or "
				    "\"none\"");
		} else if (strcmp(key, "license") == 0) {
			s = json_object_get_string(v);
			if (!json_object_is_type(v, json_type_string))
				s = "";
			if (strcmp(s, "enterprise") == 0)
				c->license = DGS_LICENSE_ENTERPRISE;
			else if (strcmp(s, "professional") == 0)
				c->license = DGS_LICENSE_PROFESSIONAL;
			else if (strcmp(s, "basic") == 0)
				c->license = DGS_LICENSE_BASIC;
			else
				config_error(&ld, p, 0, "\"license\" must be "
				    "\"enterprise\", \"professional\" or "
				    "\"basic\"");
		} else if (strcmp(key, "generators") == 0) {
			if ((c->generators = config_path_value(&ld, v, p,
			    c->dir, key)) != NULL)
				load_catalogue(&ld, c->base, c->generators, p,
				    0);
		} else if (strcmp(key, "presets") == 0) {
			if ((c->presets = config_path_value(&ld, v, p, c->dir,
			    key)) != NULL)
				load_catalogue(&ld, c->base, c->presets, p, 1);
		} else if (strcmp(key, "kinds") == 0) {
			struct lh_entry *k;

			if (!json_object_is_type(v, json_type_object)) {
				config_error(&ld, p, 0, "\"kinds\" must be an "
				    "object of glob patterns and kinds");
				free(p);
				continue;
			}
			c->kinds = xcalloc(json_object_object_length(v),
			    sizeof(*c->kinds));
			for (k = json_object_get_object(v)->head; k != NULL;
			    k = k->next) {
				struct json_object *kv = lh_entry_v(k);
				char *q = ptr_join(p, (const char *)
				    lh_entry_k(k));
				enum dgs_kind kind = DGS_KIND_UNKNOWN;

				if (!glob_valid((const char *)lh_entry_k(k),
				    &s))
					config_error(&ld, q, 1, "bad pattern "
					    "\"%s\": %s", (const char *)
					    lh_entry_k(k), s);
				else if (!json_object_is_type(kv,
				    json_type_string) || (kind =
				    dgs_kind_from_name(json_object_get_string(
				    kv))) == DGS_KIND_UNKNOWN)
					config_error(&ld, q, 0, "the kind must "
					    "be replacements, subsetting, "
					    "subsetting-put, schema-changes, "
					    "resolution, job-start or preset");
				else {
					c->kinds[c->nkinds].glob = xstrdup(
					    (const char *)lh_entry_k(k));
					c->kinds[c->nkinds++].kind = kind;
				}
				free(q);
			}
		} else if (strcmp(key, "exclude") == 0)
			c->exclude = read_globs(&ld, v, p, "exclude",
			    &c->nexclude);
		else if (strcmp(key, "overrides") == 0)
			read_overrides(&ld, c, v);
		else
			unknown_key(&ld, p, key, config_keys,
			    sizeof(config_keys) / sizeof(config_keys[0]), "");
		free(p);
	}
	if (ld.failed)
		goto fail;
	json_object_put(root);
	free(buf);
	return c;
fail:
	json_object_put(root);
	free(buf);
	config_free(c);
	return NULL;
}

void
config_free(struct config *c)
{
	size_t i, j;

	if (c == NULL)
		return;
	for (i = 0; i < c->nkinds; i++)
		free(c->kinds[i].glob);
	for (i = 0; i < c->nexclude; i++)
		free(c->exclude[i]);
	for (i = 0; i < c->noverrides; i++) {
		for (j = 0; j < c->overrides[i].nfiles; j++)
			free(c->overrides[i].files[j]);
		for (j = 0; j < c->overrides[i].npointers; j++)
			free(c->overrides[i].pointers[j]);
		free(c->overrides[i].files);
		free(c->overrides[i].pointers);
		free(c->overrides[i].rules);
		free(c->overrides[i].where);
	}
	free(c->overrides);
	free(c->kinds);
	free(c->exclude);
	free(c->rules);
	free(c->generators);
	free(c->presets);
	dgs_options_free(c->base);
	free(c->path);
	free(c->shown);
	free(c->dir);
	free(c);
}

/*
 * Discovery.
 */
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
		return 0;
	}
	dir = xstrdup(abs);
	if ((slash = strrchr(dir, '/')) != NULL)
		slash == dir ? (void)(slash[1] = '\0') : (void)(*slash = '\0');
	for (;;) {
		if (cached(cs, dir, &c))
			break;
		seen = xrealloc(seen, (nseen + 1) * sizeof(*seen));
		seen[nseen++] = xstrdup(dir);
		n = strlen(dir) + sizeof(CONFIG_NAME) + 2;
		probe = xcalloc(1, n);
		snprintf(probe, n, "%s%s" CONFIG_NAME, dir,
		    strcmp(dir, "/") == 0 ? "" : "/");
		if (stat(probe, &st) == 0) {
			c = loaded(cs, probe, &err);
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
	return err ? -1 : 0;
}

int
config_excluded(const struct config *c, const char *abs)
{
	const char *rel;
	size_t i;

	if (c == NULL)
		return 0;
	rel = relative_to(abs, c->dir);
	for (i = 0; i < c->nexclude; i++)
		if (glob_match(c->exclude[i], rel))
			return 1;
	return 0;
}

/*
 * Effective settings for one file.
 */
static int
override_applies(const struct override *ov, const char *rel)
{
	size_t i;

	for (i = 0; i < ov->nfiles; i++)
		if (glob_match(ov->files[i], rel))
			return 1;
	return 0;
}

static int
cli_sets(const struct settings *cli, const struct dgs_rule_info *r)
{
	size_t i;

	for (i = 0; i < cli->nrules; i++)
		if (cli->rules[i].rule == r)
			return 1;
	return 0;
}

struct dgs_options *
config_options(const struct config *c, const struct settings *cli,
    const struct dgs_options *cli_base, const char *abs, int *fail_on)
{
	struct dgs_options *o;
	const struct override *ov;
	const char *rel = c ? relative_to(abs, c->dir) : abs;
	enum dgs_kind kind = cli->kind;
	size_t i, j, k;

	o = dgs_options_dup(c != NULL ? c->base : cli_base);
	if (o == NULL) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	if (c != NULL && c->license >= 0)
		dgs_options_set_license(o, (enum dgs_license)c->license);
	if (cli->license >= 0)
		dgs_options_set_license(o, (enum dgs_license)cli->license);
	if (kind == DGS_KIND_UNKNOWN && c != NULL)
		for (i = 0; i < c->nkinds; i++)
			if (glob_match(c->kinds[i].glob, rel))
				kind = c->kinds[i].kind;
	dgs_options_set_kind(o, kind);
	*fail_on = cli->fail_on >= 0 ? cli->fail_on : c != NULL &&
	    c->fail_on >= 0 ? c->fail_on : DGS_SEV_WARNING;
	if (c != NULL) {
		for (i = 0; i < c->nrules; i++)
			dgs_options_set_severity(o, c->rules[i].rule->id,
			    c->rules[i].sev);
		for (i = 0; i < c->noverrides; i++) {
			ov = &c->overrides[i];
			if (!override_applies(ov, rel))
				continue;
			for (j = 0; j < ov->nrules; j++) {
				if (ov->npointers == 0) {
					dgs_options_set_severity(o,
					    ov->rules[j].rule->id,
					    ov->rules[j].sev);
					continue;
				}
				if (cli_sets(cli, ov->rules[j].rule))
					continue;
				for (k = 0; k < ov->npointers; k++)
					dgs_options_set_severity_at(o,
					    ov->rules[j].rule->id,
					    ov->pointers[k], ov->rules[j].sev);
			}
		}
	}
	for (i = 0; i < cli->nrules; i++)
		dgs_options_set_severity(o, cli->rules[i].rule->id,
		    cli->rules[i].sev);
	return o;
}

/* Loads the command line's catalogues into a configuration's options,
 * replacing the configuration's own. */
int
settings_apply_catalogues(const struct settings *cli, struct dgs_options *o)
{
	const char *why = NULL;
	int rc;

	if (cli == NULL)
		return 0;
	if (cli->generators_text != NULL && (rc = dgs_options_load_generators(
	    o, cli->generators_text, cli->generators_len, &why)) != 0) {
		fprintf(stderr, "dgslint: %s: %s\n", cli->generators,
		    why ? why : dgs_strerror(rc));
		return -1;
	}
	if (cli->presets_text != NULL && (rc = dgs_options_load_presets(o,
	    cli->presets_text, cli->presets_len, &why)) != 0) {
		fprintf(stderr, "dgslint: %s: %s\n", cli->presets,
		    why ? why : dgs_strerror(rc));
		return -1;
	}
	return 0;
}

/*
 * --print-config.
 */
void
config_print(FILE *fp, const struct config *c, const struct settings *cli,
    const char *name, const char *abs)
{
	static const char *const lic[] = { "enterprise", "professional",
	    "basic" };
	const struct dgs_rule_info *r;
	const struct override *ov;
	const char *rel = c ? relative_to(abs, c->dir) : abs, *src, *kglob;
	enum dgs_severity sev;
	enum dgs_kind kind = DGS_KIND_UNKNOWN;
	size_t i, j, k;

	fprintf(fp, "file: %s\n", name);
	fprintf(fp, "configuration: %s\n", c ? c->shown : "none");
	kglob = NULL;
	if (c != NULL)
		for (i = 0; i < c->nkinds; i++)
			if (glob_match(c->kinds[i].glob, rel)) {
				kind = c->kinds[i].kind;
				kglob = c->kinds[i].glob;
			}
	if (cli->kind != DGS_KIND_UNKNOWN)
		fprintf(fp, "kind: %s (--kind)\n", dgs_kind_name(cli->kind));
	else if (kglob != NULL)
		fprintf(fp, "kind: %s (kinds \"%s\" in %s)\n",
		    dgs_kind_name(kind), kglob, c->shown);
	else
		fprintf(fp, "kind: told from the document's shape\n");
	if (cli->license >= 0)
		fprintf(fp, "license: %s (--license)\n", lic[cli->license]);
	else if (c != NULL && c->license >= 0)
		fprintf(fp, "license: %s (%s)\n", lic[c->license], c->shown);
	else
		fprintf(fp, "license: enterprise (default)\n");
	if (cli->fail_on >= 0)
		fprintf(fp, "failOn: %s (--fail-on)\n", cli->fail_on == 4 ?
		    "none" : dgs_severity_name(cli->fail_on));
	else if (c != NULL && c->fail_on >= 0)
		fprintf(fp, "failOn: %s (%s)\n", c->fail_on == 4 ? "none" :
		    dgs_severity_name(c->fail_on), c->shown);
	else
		fprintf(fp, "failOn: warning (default)\n");
	fprintf(fp, "generators: %s\n", cli->generators ? cli->generators :
	    c && c->generators ? "from the configuration" :
	    "built-in catalogue");
	fprintf(fp, "presets: %s\n", cli->presets ? cli->presets :
	    c && c->presets ? "from the configuration" : "none");
	fprintf(fp, "excluded: %s\n", config_excluded(c, abs) ? "yes" : "no");
	fprintf(fp, "rules:\n");
	for (i = 0; (r = dgs_rule_get(i)) != NULL; i++) {
		sev = r->severity;
		src = "default";
		if (c != NULL)
			for (j = 0; j < c->nrules; j++)
				if (c->rules[j].rule == r) {
					sev = c->rules[j].sev;
					src = c->shown;
				}
		if (c != NULL)
			for (j = 0; j < c->noverrides; j++) {
				ov = &c->overrides[j];
				if (ov->npointers > 0 ||
				    !override_applies(ov, rel))
					continue;
				for (k = 0; k < ov->nrules; k++)
					if (ov->rules[k].rule == r) {
						sev = ov->rules[k].sev;
						src = ov->where;
					}
			}
		for (j = 0; j < cli->nrules; j++)
			if (cli->rules[j].rule == r) {
				sev = cli->rules[j].sev;
				src = "command line";
			}
		fprintf(fp, "  %-7s %-32s %-8s %s\n", r->id, r->name,
		    dgs_severity_name(sev), src);
		if (c == NULL || strcmp(src, "command line") == 0)
			continue;
		for (j = 0; j < c->noverrides; j++) {
			ov = &c->overrides[j];
			if (ov->npointers == 0 || !override_applies(ov, rel))
				continue;
			for (k = 0; k < ov->nrules; k++) {
				size_t p;

				if (ov->rules[k].rule != r)
					continue;
				for (p = 0; p < ov->npointers; p++)
					fprintf(fp, "  %-7s %-32s %-8s %s, "
					    "under \"%s\"\n", r->id, r->name,
					    dgs_severity_name(ov->rules[k].sev),
					    ov->where, ov->pointers[p]);
			}
		}
	}
}
