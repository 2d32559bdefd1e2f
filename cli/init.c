/*
 * init.c: --init [DIR], a first .dgslint.json, as ruff's and biome's
 * "init" start a project.  It writes only what it can justify from the
 * directory: "$schema", naming the configuration's JSON Schema, which it
 * writes beside it (dgslint.schema.json, --print-schema config's text;
 * kept when it is there), and "include", the patterns of the service's
 * documents that the directory's walk found (every *.json dgslint would
 * lint there, judged by its members as a run judges a file named: other
 * JSON is left out).  A directory whose every document is the service's
 * is one pattern (its *.json files); elsewhere each document is named.  No
 * rule level, kind or service: nothing there says what they should be.
 * It never replaces a .dgslint.json.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "main.h"

/* A *.json file of the walk: its path relative to DIR, and whether it
 * is a service document. */
struct found {
	char	*rel;
	int	 doc;
};

/* The directory part of rel ("" at the top), its length. */
static size_t
dir_len(const char *rel)
{
	const char *slash = strrchr(rel, '/');

	return slash != NULL ? (size_t)(slash - rel) : 0;
}

static int
found_cmp(const void *a, const void *b)
{
	return strcmp(((const struct found *)a)->rel,
	    ((const struct found *)b)->rel);
}

/* The patterns of the service's documents among f[0..n), sorted by
 * path, into *out (to free, each and all); their count.  One pattern of
 * every *.json file below, when every file is a document; else a
 * directory below DIR whose every file is one is the pattern of its
 * *.json files, and any other document its path.  A document at the top whose name is also that of other JSON
 * below (a name without '/' matches in every directory) is said and
 * left out: no pattern holds it alone. */
static size_t
patterns(const struct found *f, size_t n, char ***out)
{
	char **pat = xcalloc(n + 1, sizeof(*pat)), *cand;
	size_t i, j, k, end, npat = 0, dl;
	int all = 1, clash;

	for (i = 0; i < n; i++)
		all &= f[i].doc;
	if (all && n > 0) {
		pat[npat++] = xstrdup("**/*.json");
		*out = pat;
		return npat;
	}
	for (i = 0; i < n; i = end) {
		dl = dir_len(f[i].rel);
		all = dl > 0;
		for (end = i; end < n && dir_len(f[end].rel) == dl &&
		    strncmp(f[end].rel, f[i].rel, dl) == 0; end++)
			all &= f[end].doc;
		if (all) {
			pat[npat] = xmalloc(dl + 8);
			memcpy(pat[npat], f[i].rel, dl);
			memcpy(pat[npat++] + dl, "/*.json", 8);
			continue;
		}
		for (k = i; k < end; k++) {
			if (!f[k].doc)
				continue;
			cand = f[k].rel;
			for (clash = 0, j = 0; dl == 0 && j < n; j++)
				clash |= !f[j].doc && glob_match(cand,
				    f[j].rel);
			if (clash)
				fprintf(stderr, "dgslint: --init: %s is a service "
				    "document, but other JSON below has its "
				    "name, and include's pattern of a name "
				    "matches in every directory: add it by "
				    "hand, or move it\n", cand);
			else
				pat[npat++] = xstrdup(cand);
		}
	}
	*out = pat;
	return npat;
}

static void
add(struct str *b, const char *s)
{
	str_addn(b, s, strlen(s));
}

/* dir/name, to free. */
static char *
join(const char *dir, const char *name)
{
	size_t dl = strlen(dir), nl = strlen(name);
	char *p;

	if (strcmp(dir, ".") == 0)
		return xstrdup(name);
	p = xmalloc(dl + nl + 2);
	memcpy(p, dir, dl);
	p[dl] = '/';
	memcpy(p + dl + 1, name, nl + 1);
	return p;
}

/* Writes text[0..len) to path through the one write path; 0, or -1
 * having said why. */
static int
write_new(const char *path, const char *text, size_t len)
{
	struct wfile w;
	char why[512];

	if (wfile_open(&w, path, why, sizeof(why)) != 0) {
		fprintf(stderr, "dgslint: %s: %s\n", path, why);
		return -1;
	}
	if (fwrite(text, 1, len, w.fp) != len) {
		fprintf(stderr, "dgslint: %s: write error: %s\n", path,
		    strerror(errno));
		wfile_abort(&w);
		return -1;
	}
	if (wfile_commit(&w, why, sizeof(why)) != 0) {
		fprintf(stderr, "dgslint: %s: %s\n", path, why);
		return -1;
	}
	return 0;
}

/* The *.json files of the walk of dir, each judged; into *v (sorted),
 * their count.  A file that cannot be read is said and left out. */
static size_t
walk(const char *dir, const struct dgs_options *base, int no_gitignore,
    struct found **v)
{
	struct inputs in;
	struct dgs_result *res;
	struct input *p;
	size_t i, n = 0, dl = strlen(dir);
	char *buf, why[256];
	size_t len;

	memset(&in, 0, sizeof(in));
	in.no_gitignore = no_gitignore;
	inputs_add(&in, dir, NULL);
	*v = xcalloc(in.n + 1, sizeof(**v));
	for (i = 0; i < in.n; i++) {
		p = &in.v[i];
		if (p->error != NULL || p->skip != NULL || config_named(p->path))
			continue;
		if (read_document(p->path, &buf, &len, why, sizeof(why)) != 0) {
			fprintf(stderr, "dgslint: %s: %s\n", p->name, why);
			continue;
		}
		res = NULL;
		if (own_output(buf, len) == NULL &&
		    dgs_lint(base, p->name, buf, len, &res) == 0) {
			(*v)[n].doc = !dgs_result_other(res);
			(*v)[n++].rel = xstrdup(strncmp(p->path, dir, dl) == 0 &&
			    p->path[dl] == '/' ? p->path + dl + 1 : p->path);
		}
		dgs_result_free(res);
		free(buf);
	}
	inputs_free(&in);
	qsort(*v, n, sizeof(**v), found_cmp);
	return n;
}

int
init_run(const char *dir, const struct dgs_options *base, int no_gitignore)
{
	struct found *v;
	struct str cfg = { NULL, 0, 0 }, schema = { NULL, 0, 0 };
	struct stat st;
	char *cpath, *spath, **pat = NULL, *q;
	size_t i, n = 0, ndocs = 0, npat = 0;
	int rc = EXIT_TROUBLE, keep;

	if (stat(dir, &st) != 0) {
		fprintf(stderr, "dgslint: --init %s: %s\n", dir,
		    strerror(errno));
		return EXIT_TROUBLE;
	}
	if (!S_ISDIR(st.st_mode)) {
		fprintf(stderr, "dgslint: --init %s: not a directory: --init "
		    "writes the configuration of a directory\n", dir);
		return EXIT_TROUBLE;
	}
	cpath = join(dir, ".dgslint.json");
	spath = join(dir, "dgslint.schema.json");
	if (lstat(cpath, &st) == 0 || errno != ENOENT) {
		fprintf(stderr, "dgslint: %s is there already: --init writes a "
		    "new configuration only (see --print-config %s)\n", cpath,
		    cpath);
		goto out;
	}
	n = walk(dir, base, no_gitignore, &v);
	for (i = 0; i < n; i++)
		ndocs += v[i].doc;
	npat = patterns(v, n, &pat);
	add(&cfg, "{\n  \"$schema\": \"./dgslint.schema.json\"");
	for (i = 0; i < npat; i++) {
		if ((q = dgs_json_quote(pat[i], strlen(pat[i]), NULL)) == NULL)
			die_errno();
		add(&cfg, i == 0 ? ",\n  \"include\": [\n    " :
		    ",\n    ");
		add(&cfg, q);
		free(q);
	}
	add(&cfg, npat > 0 ? "\n  ]\n}\n" : "\n}\n");
	keep = lstat(spath, &st) == 0;
	if (!keep)
		jsonschema_config_text(&schema);
	if ((!keep && write_new(spath, schema.s, schema.len) != 0) ||
	    write_new(cpath, cfg.s, cfg.len) != 0)
		goto free;
	fprintf(stderr, "dgslint: wrote %s: ", cpath);
	if (npat > 0)
		fprintf(stderr, "include: %zu pattern%s for the %zu service "
		    "document%s found (of %zu JSON files)\n", npat, npat == 1 ?
		    "" : "s", ndocs, ndocs == 1 ? "" : "s", n);
	else
		fprintf(stderr, "%s among %zu JSON file%s, so no include "
		    "(every file is judged by its members)\n", ndocs > 0 ?
		    "no pattern holds the service's documents alone (said "
		    "above)" : "no service document found", n, n == 1 ? "" :
		    "s");
	fprintf(stderr, "dgslint: %s %s, its JSON Schema (\"$schema\")\n",
	    keep ? "kept" : "wrote", spath);
	rc = 0;
free:
	for (i = 0; i < n; i++)
		free(v[i].rel);
	free(v);
	for (i = 0; i < npat; i++)
		free(pat[i]);
	free(pat);
	free(cfg.s);
	free(schema.s);
out:
	free(cpath);
	free(spath);
	return rc;
}
