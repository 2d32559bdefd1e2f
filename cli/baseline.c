/*
 * baseline.c: a baseline is the list of findings a repository had when it
 * adopted dgslint.  A finding is identified by its file (relative to the
 * baseline's directory), rule, JSON Pointer and message with its digits
 * masked, not by its line, so that editing elsewhere in a file does not
 * bring old findings back.  Identical findings are counted: two recorded
 * findings tolerate two, not three.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "baseline.h"
#include "cli.h"
#include "settings/config.h"
#include "format/output.h"

struct entry {
	char	*key;		/* file \037 rule \037 pointer \037 message */
	char	*file, *rule, *pointer, *message;
	size_t	 count;		/* recorded and not yet matched */
};

struct baseline {
	char		*path;
	char		*dir;
	struct entry	*v;		/* in the order recorded */
	size_t		 n, cap;
	size_t		*tab;		/* open addressing: index + 1 */
	size_t		 tabcap;
	char		**seen;		/* files linted in this run */
	size_t		 nseen;
};

static uint64_t
hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (*s != '\0') {
		h ^= (unsigned char)*s++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* The message with every run of digits masked, so that a line number or
 * a count in it does not change the finding's identity. */
static char *
mask_digits(const char *m)
{
	char *p = xstrdup(m), *q = p;

	for (; *m != '\0'; m++) {
		if (*m >= '0' && *m <= '9') {
			if (q == p || q[-1] != '#')
				*q++ = '#';
			continue;
		}
		*q++ = *m;
	}
	*q = '\0';
	return p;
}

static char *
make_key(const char *file, const char *rule, const char *pointer,
    const char *message)
{
	char *masked = mask_digits(message), *k;
	size_t n = strlen(file) + strlen(rule) + strlen(pointer) +
	    strlen(masked) + 4;

	if ((k = malloc(n)) == NULL)
		die_errno();
	snprintf(k, n, "%s\037%s\037%s\037%s", file, rule, pointer, masked);
	free(masked);
	return k;
}

static void
rehash(struct baseline *b)
{
	size_t cap = b->tabcap ? b->tabcap * 2 : 64, i, j;

	while (cap < b->n * 2 + 2)
		cap *= 2;
	free(b->tab);
	if ((b->tab = calloc(cap, sizeof(*b->tab))) == NULL)
		die_errno();
	b->tabcap = cap;
	for (i = 0; i < b->n; i++) {
		j = hash(b->v[i].key) & (cap - 1);
		while (b->tab[j] != 0)
			j = (j + 1) & (cap - 1);
		b->tab[j] = i + 1;
	}
}

static struct entry *
find(const struct baseline *b, const char *key)
{
	size_t j;

	if (b->tabcap == 0)
		return NULL;
	for (j = hash(key) & (b->tabcap - 1); b->tab[j] != 0;
	    j = (j + 1) & (b->tabcap - 1))
		if (strcmp(b->v[b->tab[j] - 1].key, key) == 0)
			return &b->v[b->tab[j] - 1];
	return NULL;
}

static void
add(struct baseline *b, const char *file, const char *rule,
    const char *pointer, const char *message)
{
	struct entry *e;
	char *key = make_key(file, rule, pointer, message);

	if ((e = find(b, key)) != NULL) {
		e->count++;
		free(key);
		return;
	}
	if (b->n == b->cap) {
		b->cap = b->cap ? b->cap * 2 : 64;
		if ((e = realloc(b->v, b->cap * sizeof(*e))) == NULL)
			die_errno();
		b->v = e;
	}
	e = &b->v[b->n++];
	e->key = key;
	e->file = xstrdup(file);
	e->rule = xstrdup(rule);
	e->pointer = xstrdup(pointer);
	e->message = xstrdup(message);
	e->count = 1;
	if (b->n * 2 + 2 > b->tabcap)
		rehash(b);
	else {
		size_t j = hash(key) & (b->tabcap - 1);

		while (b->tab[j] != 0)
			j = (j + 1) & (b->tabcap - 1);
		b->tab[j] = b->n;
	}
}

struct baseline *
baseline_new(const char *path)
{
	struct baseline *b = xcalloc(1, sizeof(*b));
	char *abs;

	b->path = xstrdup(path);
	abs = path_absolute(path);
	b->dir = path_dir(abs);
	free(abs);
	return b;
}

/* The name a document has in the baseline. */
static const char *
relname(const struct baseline *b, const char *abs)
{
	size_t n = strlen(b->dir);

	if (strcmp(b->dir, "/") == 0)
		return abs + 1;
	if (strncmp(abs, b->dir, n) == 0 && abs[n] == '/')
		return abs + n + 1;
	return abs;
}

static int
bad(const char *path, const char *why)
{
	fprintf(stderr, "dgslint: %s: not a dgslint baseline: %s (write one "
	    "with --write-baseline)\n", path, why);
	return -1;
}

struct baseline *
baseline_load(const char *path)
{
	struct baseline *b;
	struct json_object *root, *list, *e, *v;
	static const char *const keys[] = { "file", "rule", "pointer",
	    "message" };
	char *s[4], *buf, why[256];
	size_t len, i, n, k;
	int failed = 0;

	if (read_document(path, &buf, &len, why, sizeof(why)) != 0) {
		fprintf(stderr, "dgslint: %s: %s\n", path, why);
		return NULL;
	}
	root = json_tokener_parse(buf);
	free(buf);
	if (!json_object_is_type(root, json_type_object) ||
	    !json_object_object_get_ex(root, "dgslintBaseline", NULL) ||
	    !json_object_object_get_ex(root, "findings", &list) ||
	    !json_object_is_type(list, json_type_array)) {
		json_object_put(root);
		bad(path, "expected {\"dgslintBaseline\": 1, \"findings\": "
		    "[...]}");
		return NULL;
	}
	b = baseline_new(path);
	n = json_object_array_length(list);
	for (i = 0; i < n && !failed; i++) {
		e = json_object_array_get_idx(list, i);
		for (k = 0; k < 4; k++) {
			if (!json_object_object_get_ex(e, keys[k], &v) ||
			    !json_object_is_type(v, json_type_string)) {
				snprintf(why, sizeof(why), "finding %zu lacks "
				    "the string \"%s\"", i, keys[k]);
				failed = bad(path, why);
				break;
			}
		}
		if (failed)
			break;
		/* As the library holds them: U+0000 as C0 80. */
		for (k = 0; k < 4; k++) {
			json_object_object_get_ex(e, keys[k], &v);
			s[k] = json_held(v);
		}
		add(b, s[0], s[1], s[2], s[3]);
		for (k = 0; k < 4; k++)
			free(s[k]);
	}
	json_object_put(root);
	if (failed) {
		baseline_free(b);
		return NULL;
	}
	return b;
}

void
baseline_seen(struct baseline *b, const char *abs)
{
	char **v;

	if ((v = realloc(b->seen, (b->nseen + 1) * sizeof(*v))) == NULL)
		die_errno();
	b->seen = v;
	v[b->nseen++] = xstrdup(relname(b, abs));
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether file was linted; seen is sorted (baseline_unmatched). */
static int
was_seen(const struct baseline *b, const char *file)
{
	return bsearch(&file, b->seen, b->nseen, sizeof(*b->seen),
	    name_cmp) != NULL;
}

/* A check that could not be made (service-check-skipped, DGS909) is
 * never baselined: a baseline written while the service failed would
 * hide every later failure. */
static int
never_baselined(const struct dgs_finding *f)
{
	return strcmp(f->rule->id, "DGS909") == 0;
}

int
baseline_match(struct baseline *b, const char *abs,
    const struct dgs_finding *f)
{
	struct entry *e;
	char *key;

	if (never_baselined(f))
		return 0;
	key = make_key(relname(b, abs), f->rule->id, f->pointer, f->message);

	e = find(b, key);
	free(key);
	if (e == NULL || e->count == 0)
		return 0;
	e->count--;
	return 1;
}

void
baseline_add(struct baseline *b, const char *abs,
    const struct dgs_finding *f)
{
	if (!never_baselined(f))
		add(b, relname(b, abs), f->rule->id, f->pointer, f->message);
}

size_t
baseline_unmatched(struct baseline *b)
{
	size_t i, n = 0;

	/* Sorted here, once the run is over: no per-entry scan of the
	 * files linted. */
	if (b->nseen > 1)
		qsort(b->seen, b->nseen, sizeof(*b->seen), name_cmp);
	for (i = 0; i < b->n; i++)
		if (b->v[i].count > 0 && was_seen(b, b->v[i].file))
			n += b->v[i].count;
	return n;
}

size_t
baseline_count(const struct baseline *b)
{
	size_t i, n = 0;

	for (i = 0; i < b->n; i++)
		n += b->v[i].count;
	return n;
}

int
baseline_write(struct baseline *b)
{
	struct wfile w;
	char why[512];
	size_t i, k, first = 1;

	if (wfile_open(&w, b->path, why, sizeof(why)) != 0) {
		fprintf(stderr, "dgslint: %s: %s\n", b->path, why);
		return -1;
	}
	fputs("{\"dgslintBaseline\": 1, \"findings\": [", w.fp);
	for (i = 0; i < b->n; i++)
		for (k = 0; k < b->v[i].count; k++) {
			fputs(first ? "\n  {\"file\": " : ",\n  {\"file\": ",
			    w.fp);
			first = 0;
			json_str(w.fp, b->v[i].file);
			fputs(", \"rule\": ", w.fp);
			json_str(w.fp, b->v[i].rule);
			fputs(", \"pointer\": ", w.fp);
			json_str(w.fp, b->v[i].pointer);
			fputs(", \"message\": ", w.fp);
			json_str(w.fp, b->v[i].message);
			fputc('}', w.fp);
		}
	fputs(first ? "]}\n" : "\n]}\n", w.fp);
	if (wfile_commit(&w, why, sizeof(why)) != 0) {
		fprintf(stderr, "dgslint: %s: write error: %s; the file is "
		    "left as it was\n", b->path, why);
		return -1;
	}
	return 0;
}

void
baseline_free(struct baseline *b)
{
	size_t i;

	if (b == NULL)
		return;
	for (i = 0; i < b->n; i++) {
		free(b->v[i].key);
		free(b->v[i].file);
		free(b->v[i].rule);
		free(b->v[i].pointer);
		free(b->v[i].message);
	}
	for (i = 0; i < b->nseen; i++)
		free(b->seen[i]);
	free(b->seen);
	free(b->v);
	free(b->tab);
	free(b->path);
	free(b->dir);
	free(b);
}
