/*
 * describe.c: document structure for editors (dgs_kind_root(),
 * dgs_generator_*(), dgs_preset_get()).  The members of each object are
 * read from the shapes the rules check documents with (dgs_nodes[] and
 * the shapes of rules/), and the enumerations from the lists the checks
 * use; only which member holds which object, and what a kind's root is,
 * are written here, as the walkers of rules/ visit them.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"
#include "catalog.h"

/* The public type bits are json-c's, as DGS_T_* are. */
_Static_assert(DGS_JSON_NULL == DGS_T_NULL &&
    DGS_JSON_BOOLEAN == DGS_T_BOOL && DGS_JSON_DOUBLE == DGS_T_DOUBLE &&
    DGS_JSON_INTEGER == DGS_T_INT && DGS_JSON_OBJECT == DGS_T_OBJECT &&
    DGS_JSON_ARRAY == DGS_T_ARRAY && DGS_JSON_STRING == DGS_T_STRING,
    "DGS_JSON_* and DGS_T_* differ");

enum obj {
	O_REPLACEMENT, O_WRAPPER, O_LINK, O_METADATA, O_SUBMETADATA,
	O_SUBSET, O_CHANGE, O_RESOLUTION, O_RESOLVE_ALL, O_JOB, O_PRESET,
	O_MAX
};

static const struct dgs_shape *const shapes[O_MAX] = {
	[O_REPLACEMENT] = &dgs_shape_replacement,
	[O_WRAPPER] = &dgs_shape_replacements_wrapper,
	[O_LINK] = &dgs_shape_link,
	[O_METADATA] = &dgs_shape_metadata,
	[O_SUBMETADATA] = &dgs_shape_submetadata,
	[O_SUBSET] = &dgs_shape_subset,
	[O_CHANGE] = &dgs_shape_schema_change,
	[O_RESOLUTION] = &dgs_shape_resolution,
	[O_RESOLVE_ALL] = &dgs_shape_resolve_all,
	[O_JOB] = &dgs_shape_job_start,
	[O_PRESET] = &dgs_shape_preset,
};

/* Which member holds which object (the children walkers). */
static const struct child {
	enum obj	 parent;
	const char	*member;
	enum obj	 child;
	int		 array, keyed;
} children[] = {
	{ O_WRAPPER, "replacements", O_REPLACEMENT, 1, 1 },
	{ O_REPLACEMENT, "links", O_LINK, 1, 0 },
	{ O_REPLACEMENT, "fallBackLinks", O_LINK, 1, 0 },
	{ O_REPLACEMENT, "fallbackLinks", O_LINK, 1, 0 },
	{ O_LINK, "metadata", O_METADATA, 0, 0 },
	{ O_METADATA, "subGeneratorMetadata", O_SUBMETADATA, 0, 0 },
	{ O_PRESET, "metadata", O_METADATA, 0, 0 },
};

/* What each kind's walker takes for its root. */
static const struct root {
	enum dgs_kind	 kind;
	enum obj	 obj;
	int		 array;	/* 1: an array of them; 2: keyed by id */
} roots[] = {
	{ DGS_KIND_REPLACEMENTS, O_REPLACEMENT, 1 },
	{ DGS_KIND_REPLACEMENTS, O_REPLACEMENT, 0 },
	{ DGS_KIND_REPLACEMENTS, O_WRAPPER, 0 },
	{ DGS_KIND_REPLACEMENTS, O_REPLACEMENT, 2 },
	{ DGS_KIND_SUBSETTING, O_SUBSET, 1 },
	{ DGS_KIND_SUBSETTING, O_SUBSET, 0 },
	{ DGS_KIND_SUBSETTING_PUT, O_SUBSET, 0 },
	{ DGS_KIND_SUBSETTING_PUT, O_SUBSET, 1 },
	{ DGS_KIND_SCHEMA_CHANGES, O_CHANGE, 1 },
	{ DGS_KIND_SCHEMA_CHANGES, O_CHANGE, 0 },
	{ DGS_KIND_RESOLUTION, O_RESOLVE_ALL, 0 },
	{ DGS_KIND_RESOLUTION, O_RESOLUTION, 1 },
	{ DGS_KIND_RESOLUTION, O_RESOLUTION, 0 },
	{ DGS_KIND_JOB_START, O_JOB, 0 },
	{ DGS_KIND_PRESET, O_PRESET, 0 },
	{ DGS_KIND_PRESET, O_PRESET, 1 },
};

static struct dgs_object_info objects[O_MAX];
static const char **issue_codes;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int built;

static const char *const *
values_of(enum obj o, const char *name)
{
	if (o == O_JOB && strcmp(name, "strictMode") == 0)
		return dgs_strict_modes;
	if (o == O_RESOLVE_ALL && strcmp(name, "resolutionOption") == 0)
		return dgs_resolution_options;
	if ((o == O_CHANGE || o == O_RESOLUTION) &&
	    strcmp(name, "issueCode") == 0)
		return issue_codes;
	return NULL;
}

static void
build(void)
{
	struct dgs_member_info *v;
	const struct dgs_member *m;
	size_t n, i, k;
	int o;

	for (n = 0; dgs_issue_code_name(n) != NULL; n++)
		;
	if ((issue_codes = calloc(n + 1, sizeof(*issue_codes))) == NULL)
		return;
	for (i = 0; i < n; i++)
		issue_codes[i] = dgs_issue_code_name(i);
	for (o = 0; o < O_MAX; o++) {
		for (n = 0; shapes[o]->members[n].name != NULL; n++)
			;
		if ((v = calloc(n + 1, sizeof(*v))) == NULL)
			return;
		for (i = 0; i < n; i++) {
			m = &shapes[o]->members[i];
			v[i].name = m->name;
			v[i].types = m->types;
			v[i].required = (m->flags & DGS_M_REQUIRED) != 0;
			v[i].ignored = (m->flags & DGS_M_IGNORED) != 0;
			v[i].nonempty = (m->flags & DGS_M_NONEMPTY) != 0;
			v[i].hint = m->hint;
			v[i].values = values_of((enum obj)o, m->name);
			for (k = 0; k < sizeof(children) / sizeof(children[0]);
			    k++)
				if (children[k].parent == (enum obj)o &&
				    strcmp(children[k].member, m->name) == 0) {
					v[i].object = &objects[children[k].child];
					v[i].array = children[k].array;
					v[i].keyed = children[k].keyed;
				}
		}
		objects[o].what = shapes[o]->what;
		objects[o].members = v;
		objects[o].generator_members = o == O_METADATA ||
		    o == O_SUBMETADATA;
	}
	built = 1;
}

const struct dgs_object_info *
dgs_kind_root(enum dgs_kind k, size_t i, int *array)
{
	size_t j;

	if (pthread_once(&once, build) != 0 || !built)
		return NULL;
	for (j = 0; j < sizeof(roots) / sizeof(roots[0]); j++)
		if (roots[j].kind == k && i-- == 0) {
			if (array != NULL)
				*array = roots[j].array;
			return &objects[roots[j].obj];
		}
	return NULL;
}

/*
 * Generators.
 */
static int
cap(unsigned char c)
{
	return c == DGS_YES ? 1 : c == DGS_NO ? 0 : -1;
}

static void
fill(const struct dgs_generator *g, struct dgs_generator_info *out)
{
	memset(out, 0, sizeof(*out));
	out->id = g->id;
	out->name = g->label;
	out->can_partition = cap(g->partition);
	out->can_partition_by = cap(g->partition_by);
	out->can_link = cap(g->link);
	out->can_be_consistent = cap(g->cons_self);
	out->can_be_consistent_on = cap(g->cons_other);
	out->implicitly_consistent = cap(g->implicit);
	out->can_be_differentially_private = cap(g->dp);
	out->has_fallback = cap(g->fallback);
	out->fallback_ids = g->fallback_ids;
	out->source = dgs_gen_sources_text(g);
}

int
dgs_generator_get(const struct dgs_options *o, size_t i,
    struct dgs_generator_info *out)
{
	const struct dgs_generator *g;
	size_t nl = o->generators != NULL ? o->generators->n : 0, j;

	if (i < nl) {
		fill(&o->generators->v[i].g, out);
		return 0;
	}
	i -= nl;
	for (j = 0; (g = dgs_gen_builtin(j)) != NULL; j++) {
		if (dgs_gen_find(o, g->id) != g)
			continue;	/* listed by the loaded file */
		if (i-- == 0) {
			fill(g, out);
			return 0;
		}
	}
	return DGS_EINVAL;
}

int
dgs_generator_find(const struct dgs_options *o, const char *id,
    struct dgs_generator_info *out)
{
	const struct dgs_generator *g;

	if (id == NULL || (g = dgs_gen_find(o, id)) == NULL)
		return DGS_EINVAL;
	fill(g, out);
	return 0;
}

int
dgs_generator_setting(const struct dgs_options *o, const char *id,
    size_t i, struct dgs_member_info *out)
{
	const struct dgs_generator *g;
	const struct dgs_gen_member *m;
	size_t n;

	if (id == NULL || (g = dgs_gen_find(o, id)) == NULL)
		return DGS_EINVAL;
	/* A loaded generator's settings are the built-in one's. */
	if (g->members == NULL && (g = dgs_gen_builtin_find(id)) == NULL)
		return DGS_EINVAL;
	if ((m = g->members) == NULL)
		return DGS_EINVAL;
	for (n = 0; n < i && m[n].name != NULL; n++)
		;
	if (m[n].name == NULL)
		return DGS_EINVAL;
	memset(out, 0, sizeof(*out));
	out->name = m[n].name;
	out->types = m[n].types;
	out->values = m[n].values;
	out->hint = dgs_gen_member_source(g, &m[n]);
	return 0;
}

int
dgs_preset_get(const struct dgs_options *o, const char *id,
    const char **name, const char **generator_id)
{
	const struct dgs_preset *p;

	if (id == NULL || (p = dgs_preset_find(o, id)) == NULL)
		return DGS_EINVAL;
	*name = p->name;
	*generator_id = p->generator_id;
	return 0;
}
