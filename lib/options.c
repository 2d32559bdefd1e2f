/*
 * options.c: options, the rule table's lookups, names of kinds and
 * severities, errors, version.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_util.h"
#include "dgs_table.h"
#include "dgs_engine.h"

static const char *const kind_names[DGS_KIND_MAX] = {
	[DGS_KIND_UNKNOWN] = "unknown",
	[DGS_KIND_REPLACEMENTS] = "replacements",
	[DGS_KIND_SUBSETTING] = "subsetting",
	[DGS_KIND_SUBSETTING_PUT] = "subsetting-put",
	[DGS_KIND_SCHEMA_CHANGES] = "schema-changes",
	[DGS_KIND_RESOLUTION] = "resolution",
	[DGS_KIND_JOB_START] = "job-start",
	[DGS_KIND_PRESET] = "preset",
};

static const char *const sev_names[] = { "off", "info", "warning", "error" };

struct dgs_options *
dgs_options_new(void)
{
	struct dgs_options *o;
	size_t i;

	if ((o = calloc(1, sizeof(*o))) == NULL)
		return NULL;
	for (i = 0; i < DGS_R_MAX; i++)
		o->severity[i] = dgs_rules[i].severity;
	o->threads = 1;
	return o;
}

void
dgs_options_free(struct dgs_options *o)
{
	size_t i;

	if (o == NULL)
		return;
	if (!o->shared && o->catalog_free != NULL)
		o->catalog_free(o);
	free(o->why);
	for (i = 0; i < o->nscopes; i++)
		free(o->scopes[i].prefix);
	free(o->scopes);
	free(o);
}

struct dgs_options *
dgs_options_dup(const struct dgs_options *src)
{
	struct dgs_options *o;
	size_t i;

	if ((o = malloc(sizeof(*o))) == NULL)
		return NULL;
	*o = *src;
	o->shared = 1;
	o->why = NULL;
	o->scopes = NULL;
	o->nscopes = 0;
	if (src->nscopes > 0) {
		if ((o->scopes = calloc(src->nscopes, sizeof(*o->scopes))) ==
		    NULL) {
			free(o);
			return NULL;
		}
		for (i = 0; i < src->nscopes; i++) {
			o->scopes[i] = src->scopes[i];
			if ((o->scopes[i].prefix =
			    dgs_strdup(src->scopes[i].prefix)) == NULL) {
				o->nscopes = i;
				dgs_options_free(o);
				return NULL;
			}
		}
		o->nscopes = src->nscopes;
	}
	return o;
}

int
dgs_options_set_severity_at(struct dgs_options *o, const char *rule,
    const char *prefix, enum dgs_severity sev)
{
	const struct dgs_rule_info *r;
	struct dgs_scope *v;
	char *p;

	if ((r = dgs_rule_find(rule)) == NULL || sev > DGS_SEV_ERROR ||
	    prefix == NULL || (prefix[0] != '\0' && prefix[0] != '/'))
		return DGS_EINVAL;
	if ((p = dgs_strdup(prefix)) == NULL)
		return DGS_ENOMEM;
	if ((v = realloc(o->scopes, (o->nscopes + 1) * sizeof(*v))) == NULL) {
		free(p);
		return DGS_ENOMEM;
	}
	o->scopes = v;
	v[o->nscopes].rule = (int)(r - dgs_rules);
	v[o->nscopes].prefix = p;
	v[o->nscopes].sev = sev;
	o->nscopes++;
	if (sev != DGS_SEV_OFF)
		o->scoped[r - dgs_rules] = 1;
	return 0;
}

int
dgs_options_enabled(const struct dgs_options *o, int rule)
{
	return o->severity[rule] != DGS_SEV_OFF || o->scoped[rule];
}

enum dgs_severity
dgs_options_severity_at(const struct dgs_options *o, int rule,
    const char *ptr, long *scope)
{
	enum dgs_severity sev = o->severity[rule];
	size_t i, n;

	if (scope != NULL)
		*scope = -1;
	for (i = 0; i < o->nscopes; i++) {
		if (o->scopes[i].rule != rule)
			continue;
		n = strlen(o->scopes[i].prefix);
		if (strncmp(ptr, o->scopes[i].prefix, n) == 0 &&
		    (ptr[n] == '\0' || ptr[n] == '/')) {
			sev = o->scopes[i].sev;
			if (scope != NULL)
				*scope = (long)i;
		}
	}
	return sev;
}

enum dgs_severity
dgs_options_get_severity(const struct dgs_options *o, const char *rule)
{
	const struct dgs_rule_info *r;

	if ((r = dgs_rule_find(rule)) == NULL)
		return DGS_SEV_OFF;
	return o->severity[r - dgs_rules];
}

void
dgs_options_set_kind(struct dgs_options *o, enum dgs_kind k)
{
	o->kind = (unsigned)k < DGS_KIND_MAX ? k : DGS_KIND_UNKNOWN;
}

void
dgs_options_set_presume(struct dgs_options *o, int on)
{
	o->presume = on != 0;
}

void
dgs_options_set_license(struct dgs_options *o, enum dgs_license l)
{
	o->license = l;
}

void
dgs_options_set_threads(struct dgs_options *o, unsigned n)
{
	o->threads = n > 0 ? n : 1;
}

void
dgs_options_set_snapshots(struct dgs_options *o, const struct dgs_snapshot *now,
    const struct dgs_snapshot *before)
{
	o->snapshot = now;
	o->snapshot_before = now != NULL ? before : NULL;
}

void
dgs_options_set_column_mark(struct dgs_options *o, dgs_column_mark_fn mark,
    void *arg)
{
	o->mark = mark;
	o->mark_arg = mark != NULL ? arg : NULL;
}

int
dgs_options_set_severity(struct dgs_options *o, const char *rule,
    enum dgs_severity sev)
{
	const struct dgs_rule_info *r;

	if ((r = dgs_rule_find(rule)) == NULL || sev > DGS_SEV_ERROR)
		return DGS_EINVAL;
	o->severity[r - dgs_rules] = sev;
	return 0;
}

size_t
dgs_rule_count(void)
{
	return DGS_R_MAX;
}

const struct dgs_rule_info *
dgs_rule_get(size_t i)
{
	return i < DGS_R_MAX ? &dgs_rules[i] : NULL;
}

/* Rules by id and by name, folded to lower case: a program sets the
 * severities of its configuration for every document it lints, and a
 * scan of the table for a rule near its end cost 12,000 instructions. */
#define FIND_CAP	1024	/* slots: a power of two */
static unsigned short	 find_tab[FIND_CAP];	/* rule index + 1; 0 empty */
_Static_assert(4 * DGS_R_MAX <= FIND_CAP, "FIND_CAP: at most half full");
static pthread_once_t	 find_once = PTHREAD_ONCE_INIT;

static uint64_t
fold_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)(*s >= 'A' && *s <= 'Z' ? *s + 32 :
		    *s)) * 0x100000001b3ULL;
	return h ^ (h >> 29);
}

static void
find_add(const char *key, size_t i)
{
	size_t j;

	for (j = fold_hash(key) & (FIND_CAP - 1); find_tab[j] != 0;
	    j = (j + 1) & (FIND_CAP - 1))
		continue;
	find_tab[j] = (unsigned short)(i + 1);
}

static void
find_init(void)
{
	size_t i;

	for (i = 0; i < DGS_R_MAX; i++) {
		find_add(dgs_rules[i].id, i);
		find_add(dgs_rules[i].name, i);
	}
}

const struct dgs_rule_info *
dgs_rule_find(const char *s)
{
	const struct dgs_rule_info *r;
	size_t j;

	if (s == NULL)
		return NULL;
	(void)pthread_once(&find_once, find_init);
	for (j = fold_hash(s) & (FIND_CAP - 1); find_tab[j] != 0;
	    j = (j + 1) & (FIND_CAP - 1)) {
		r = &dgs_rules[find_tab[j] - 1];
		if (dgs_strcasecmp(r->id, s) == 0 ||
		    dgs_strcasecmp(r->name, s) == 0)
			return r;
	}
	return NULL;
}

const char *
dgs_kind_name(enum dgs_kind k)
{
	return (unsigned)k < DGS_KIND_MAX ? kind_names[k] : NULL;
}

enum dgs_kind
dgs_kind_from_name(const char *s)
{
	int k;

	for (k = 1; k < DGS_KIND_MAX; k++)
		if (strcmp(kind_names[k], s) == 0)
			return (enum dgs_kind)k;
	return DGS_KIND_UNKNOWN;
}

const char *
dgs_severity_name(enum dgs_severity s)
{
	return (unsigned)s <= DGS_SEV_ERROR ? sev_names[s] : "?";
}

int
dgs_severity_from_name(const char *s, enum dgs_severity *out)
{
	int i;

	for (i = 0; i <= DGS_SEV_ERROR; i++)
		if (strcmp(sev_names[i], s) == 0) {
			*out = (enum dgs_severity)i;
			return 0;
		}
	return DGS_EINVAL;
}

const char *
dgs_strerror(int e)
{
	switch (e) {
	case 0:
		return "success";
	case DGS_ENOMEM:
		return "out of memory";
	case DGS_EINVAL:
		return "invalid argument";
	case DGS_ECONFIG:
		return "unusable configuration";
	case DGS_EAGAIN:
		return "the document's own result is needed";
	default:
		return "unknown error";
	}
}

const char *
dgs_version(void)
{
	return DGS_VERSION;
}
