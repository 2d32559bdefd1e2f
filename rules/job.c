/*
 * job.c: job-start requests (POST /api/GenerateData/start, as
 * TonicAI/structural-github-action-start-job sends it) and generator
 * presets (https://docs.tonic.ai/app/api/quick-start-guide/
 * api-generator-presets/structure-of-a-generator-preset).
 *
 * A preset's `metadata` is the generator configuration a link's metadata
 * carries, minus what presets exclude: it is visited as a METADATA node,
 * so that the generator rules (gen_*.c) check it as they check a link's,
 * its generator being the preset's `generatorId`; the preset rules here
 * report what presets exclude.
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"
#include "catalog.h"

static const struct dgs_member job_members[] = {
	{ "workspaceId", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the workspace's id" },
	{ "strictMode", DGS_T_STRING, 0,
	    "write \"NotStrict\", \"RejectOnSchemaActions\", "
	    "\"RejectOnAllSchemaItems\" or \"NotApplicable\" in quotes" },
	{ "diagnosticLogging", DGS_T_BOOL, 0, "write true or false" },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_job_start = {
	"a job-start request", job_members, NULL, NULL, NULL
};

/*
 * The members a preset may not hold are known here, so that they are
 * reported by preset-column-setting rather than as unknown.
 */
static const struct dgs_member preset_members[] = {
	{ "name", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the preset's name" },
	{ "generatorId", DGS_T_STRING, DGS_M_REQUIRED | DGS_M_NONEMPTY,
	    "write the id of the generator the preset configures" },
	{ "id", DGS_T_STRING, 0, NULL },
	{ "description", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "metadata", DGS_T_OBJECT | DGS_T_NULL, 0,
	    "write the generator's configuration as an object" },
	{ "isBuiltIn", DGS_T_BOOL, 0, "write true or false" },
	{ "lastModifiedByUser", DGS_T_OBJECT | DGS_T_NULL, 0, NULL },
	{ "createdDate", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "lastModifiedDate", DGS_T_STRING | DGS_T_NULL, 0, NULL },
	{ "links", DGS_T_ANY, DGS_M_IGNORED, NULL },
	{ "partitions", DGS_T_ANY, DGS_M_IGNORED, NULL },
	{ "consistencyColumn", DGS_T_ANY, DGS_M_IGNORED, NULL },
	{ "customValueProcessor", DGS_T_ANY, DGS_M_IGNORED, NULL },
	{ NULL, 0, 0, NULL }
};

const struct dgs_shape dgs_shape_preset = {
	"a generator preset", preset_members, NULL, NULL, NULL
};

void
dgs_children_preset(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct json_object *md = dgs_get(obj, "metadata");

	if (dgs_is(md, json_type_object))
		dgs_visit(ctx, DGS_NODE_METADATA, md, "metadata", -1);
}

void
dgs_walk_job_start(struct dgs_ctx *ctx)
{
	dgs_visit(ctx, DGS_NODE_JOB_START, ctx->root, NULL, -1);
}

void
dgs_walk_preset(struct dgs_ctx *ctx)
{
	size_t i, n;

	if (dgs_is(ctx->root, json_type_array)) {
		n = json_object_array_length(ctx->root);
		for (i = 0; i < n; i++)
			dgs_visit(ctx, DGS_NODE_PRESET,
			    json_object_array_get_idx(ctx->root, i), NULL,
			    (long)i);
		return;
	}
	dgs_visit(ctx, DGS_NODE_PRESET, ctx->root, NULL, -1);
}

/*
 * Job start.
 */

/* The strict modes (also the values describe.c gives strictMode). */
const char *const dgs_strict_modes[] = {
	"NotStrict", "RejectOnSchemaActions", "RejectOnAllSchemaItems",
	"NotApplicable", NULL
};

void
dgs_chk_strict_mode(struct dgs_ctx *ctx, struct json_object *obj)
{
	const char *const *modes = dgs_strict_modes;
	struct json_object *v;
	struct dgs_buf b = { 0 };
	const char *s, *k, *best;
	size_t i;

	if (!dgs_is(v = dgs_get_anycase(obj, "strictMode", &k), json_type_string))
		return;
	s = json_object_get_string(v);
	for (i = 0; i < 4; i++)
		if (strcmp(s, modes[i]) == 0)
			return;
	for (i = 0; i < 4; i++)
		if (dgs_strcasecmp(s, modes[i]) == 0)
			break;
	if (i < 4) {
		/* The documented spelling: safe. */
		dgs_fix_value(ctx, DGS_FIX_SAFE, k, dgs_lit(&b, modes[i]));
		dgs_fix_describe(ctx, "write \"%s\"", modes[i]);
		dgs_report_member(ctx, DGS_R_STRICT_MODE, k, "`%s` %s is "
		    "written \"%s\"", k, dgs_lit(&b, s), modes[i]);
	} else if (*s != '\0' && (best = dgs_closest(s, modes, 4)) != NULL) {
		dgs_fix_value(ctx, dgs_closest_safety(s, best, modes, 4), k,
		    dgs_lit(&b, best));
		dgs_fix_describe(ctx, "write \"%s\"", best);
		dgs_report_member(ctx, DGS_R_STRICT_MODE, k, "`%s` %s is not a "
		    "strict mode; did you mean \"%s\"?", k, dgs_lit(&b, s), best);
	} else
		dgs_report_member(ctx, DGS_R_STRICT_MODE, k, "`%s` %s is not a "
		    "strict mode; write \"NotStrict\", "
		    "\"RejectOnSchemaActions\", \"RejectOnAllSchemaItems\" or "
		    "\"NotApplicable\", or leave it out", k, dgs_lit(&b, s));
	dgs_buf_free(&b);
}

static int
hex(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') ||
		    (s[i] >= 'a' && s[i] <= 'f') ||
		    (s[i] >= 'A' && s[i] <= 'F')))
			return 0;
	return 1;
}

/*
 * 1 when s is a GUID in one of the forms .NET reads: 32 hex digits
 * ("N"), or 8-4-4-4-12 with hyphens ("D"), bare or in braces ("B") or
 * parentheses ("P"); either letter case.
 */
static int
is_guid(const char *s, size_t n)
{
	static const size_t group[] = { 8, 4, 4, 4, 12 };
	size_t i, at;

	if (n == 32)
		return hex(s, 32);
	if (n == 38 && ((s[0] == '{' && s[37] == '}') ||
	    (s[0] == '(' && s[37] == ')'))) {
		s++;
		n = 36;
	}
	if (n != 36)
		return 0;
	for (i = at = 0; i < 5; i++) {
		if (!hex(s + at, group[i]))
			return 0;
		at += group[i];
		if (i < 4 && s[at++] != '-')
			return 0;
	}
	return 1;
}

/* 1 when s looks like a template placeholder: <id>, {{id}}, ${ID},
 * $ID, %ID%, {workspaceId}. */
static int
is_placeholder(const char *s, size_t n)
{
	size_t i;

	if (n >= 2 && ((s[0] == '<' && s[n - 1] == '>') ||
	    (s[0] == '%' && s[n - 1] == '%')))
		return 1;
	if (strstr(s, "{{") != NULL || strstr(s, "${") != NULL)
		return 1;
	if (n >= 2 && s[0] == '$') {
		for (i = 1; i < n; i++)
			if (!(s[i] == '_' || (s[i] >= 'A' && s[i] <= 'Z') ||
			    (s[i] >= 'a' && s[i] <= 'z') ||
			    (s[i] >= '0' && s[i] <= '9')))
				return 0;
		return 1;
	}
	if (n >= 3 && s[0] == '{' && s[n - 1] == '}') {
		for (i = 1; i < n - 1; i++)
			if (!(s[i] == '_' || (s[i] >= 'A' && s[i] <= 'Z') ||
			    (s[i] >= 'a' && s[i] <= 'z')))
				return 0;
		return 1;
	}
	return 0;
}

static int
workspace_id(struct json_object *obj, const char **s, size_t *n,
    const char **k)
{
	struct json_object *v = dgs_get_anycase(obj, "workspaceId", k);

	if (!dgs_is(v, json_type_string) ||
	    (*n = (size_t)json_object_get_string_len(v)) == 0)
		return 0;
	*s = json_object_get_string(v);
	return 1;
}

void
dgs_chk_workspace_id_format(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct dgs_buf b = { 0 };
	const char *s, *k;
	size_t n;

	if (!workspace_id(obj, &s, &n, &k) || is_guid(s, n) ||
	    is_placeholder(s, n))
		return;
	if (n > 0 && (s[0] == ' ' || s[n - 1] == ' ' || s[0] == '\t' ||
	    s[n - 1] == '\t'))
		dgs_report_member(ctx, DGS_R_WORKSPACE_ID_FORMAT, k, "`%s` %s "
		    "has white space around it; write the workspace's id "
		    "alone", k, dgs_lit(&b, s));
	else
		dgs_report_member(ctx, DGS_R_WORKSPACE_ID_FORMAT, k, "`%s` %s "
		    "is not shaped like a workspace id, which is a GUID such "
		    "as \"2f1c0b7e-6a4d-4c1e-9f3b-1d2e3f4a5b6c\"; a "
		    "workspace's name is not its id: look the id up with GET "
		    "/api/Workspace/search?filters[name]=...", k, dgs_lit(&b, s));
	dgs_buf_free(&b);
}

void
dgs_chk_workspace_id_placeholder(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct dgs_buf b = { 0 };
	const char *s, *k;
	size_t n;

	if (!workspace_id(obj, &s, &n, &k) || !is_placeholder(s, n))
		return;
	dgs_report_member(ctx, DGS_R_WORKSPACE_ID_PLACEHOLDER, k, "`%s` %s is "
	    "a placeholder; put the workspace's id (a GUID) in its place "
	    "before sending the request", k, dgs_lit(&b, s));
	dgs_buf_free(&b);
}

/*
 * Presets.
 */

static const char *
license_name(enum dgs_license l)
{
	return l == DGS_LICENSE_BASIC ? "Basic" : "Professional";
}

void
dgs_chk_preset_license(struct dgs_ctx *ctx, struct json_object *root)
{
	(void)root;
	if (ctx->opts->license == DGS_LICENSE_ENTERPRISE)
		return;
	dgs_report(ctx, DGS_R_PRESET_DOC_LICENSE, "generator presets need an "
	    "Enterprise license; with a %s license there are none: configure "
	    "the generator in each column's link metadata, with `generatorId` "
	    "and no `presetId`", license_name(ctx->opts->license));
}

/* 1 when v holds something: not null, "", [], {} or false. */
static int
holds(struct json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_null:
		return 0;
	case json_type_boolean:
		return json_object_get_boolean(v);
	case json_type_string:
		return json_object_get_string_len(v) > 0;
	case json_type_array:
		return json_object_array_length(v) > 0;
	case json_type_object:
		return json_object_object_length(v) > 0;
	default:
		return 1;
	}
}

/* Reports member key of the object at prefix (escaped tokens, "" for
 * the preset itself) inside the preset. */
static void
report_setting(struct dgs_ctx *ctx, const char *prefix, const char *key,
    const char *what, const char *instead)
{
	struct dgs_buf ptr = { 0 };

	dgs_buf_adds(&ptr, prefix);
	dgs_buf_add_ptr_token(&ptr, key, strlen(key));
	if (ptr.oom)
		ctx->res->oom = 1;
	else
		dgs_report_suffix(ctx, DGS_R_PRESET_COLUMN_SETTING,
		    DGS_AT_KEY, ptr.s, -1, "`%s`: "
		    "a preset cannot hold %s, which is always set per column; "
		    "remove it here and %s", key, what, instead);
	dgs_buf_free(&ptr);
}

static const struct {
	const char	*name;
	const char	*what;
	const char	*instead;
} column_settings[] = {
	{ "links", "linking", "link the columns in their replacement" },
	{ "consistencyColumn", "consistency with another column",
	    "set it in the column's link metadata" },
	{ "partitions", "partitioning", "set `partitions` on the column's "
	    "replacement" },
	{ "customValueProcessor", "a custom value processor",
	    "set it in the column's link metadata" },
	{ "customSubGeneratorValueProcessor", "a custom value processor",
	    "set it in the column's link metadata" },
};

/* The settings of column_settings[] that o (at prefix) holds. */
static void
column_settings_in(struct dgs_ctx *ctx, struct json_object *o,
    const char *prefix)
{
	struct json_object *v;
	const char *k;
	size_t i;

	if (!dgs_is(o, json_type_object))
		return;
	for (i = 0; i < sizeof(column_settings) / sizeof(column_settings[0]);
	    i++)
		if ((v = dgs_get_anycase(o, column_settings[i].name, &k)) !=
		    NULL && holds(v))
			report_setting(ctx, prefix, k, column_settings[i].what,
			    column_settings[i].instead);
}

void
dgs_chk_preset_column_setting(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct json_object *md, *a;
	const char *k;
	char prefix[96];
	size_t i, n;

	column_settings_in(ctx, obj, "");
	if (!dgs_is(md = dgs_get(obj, "metadata"), json_type_object)) {
		/* A case variant: member-case reports the name. */
		column_settings_in(ctx, dgs_get_anycase(obj, "metadata", &k),
		    "/metadata");
		return;
	}
	column_settings_in(ctx, md, "/metadata");
	/* The sub-generators' too (a composite preset is reported by
	 * preset-composite, but what it holds is still per column). */
	column_settings_in(ctx, dgs_get(md, "subGeneratorMetadata"),
	    "/metadata/subGeneratorMetadata");
	if (dgs_is(a = dgs_get(md, "captureGroupMetadata"), json_type_array)) {
		n = json_object_array_length(a);
		for (i = 0; i < n; i++) {
			snprintf(prefix, sizeof(prefix),
			    "/metadata/captureGroupMetadata/%zu", i);
			column_settings_in(ctx, json_object_array_get_idx(a, i),
			    prefix);
		}
	}
}

/* Composite generators (the catalogue's) have no presets
 * (https://docs.tonic.ai/app/generation/generators/generator-types/
 * generators-composite). */
void
dgs_chk_preset_composite(struct dgs_ctx *ctx, struct json_object *obj)
{
	const struct dgs_generator *g;
	struct json_object *v;
	const char *k;

	if (!dgs_is(v = dgs_get_anycase(obj, "generatorId", &k), json_type_string) ||
	    (g = dgs_gen_find(ctx->opts, json_object_get_string(v))) == NULL ||
	    dgs_gen_composite(g) != 1)
		return;
	dgs_report_member(ctx, DGS_R_PRESET_COMPOSITE, k, "\"%s\" (%s) is a "
	    "composite generator, and composite generators have no presets; "
	    "configure it and its sub-generators per column, in the "
	    "replacement's links, or make a preset of a sub-generator", g->id,
	    g->label != NULL ? g->label : "composite");
}

void
dgs_chk_preset_builtin_id(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct json_object *b, *id, *gen;
	const char *k, *kid;

	b = dgs_get_anycase(obj, "isBuiltIn", &k);
	id = dgs_get_anycase(obj, "id", &kid);
	gen = dgs_get_anycase(obj, "generatorId", &k);
	if (!dgs_is(b, json_type_boolean) || !json_object_get_boolean(b) ||
	    !dgs_is(id, json_type_string) || !dgs_is(gen, json_type_string) ||
	    strcmp(json_object_get_string(id),
	    json_object_get_string(gen)) == 0)
		return;
	dgs_report_member(ctx, DGS_R_PRESET_BUILTIN_ID, kid, "a built-in "
	    "preset's id is its generator's id: write \"%s\", or set "
	    "`isBuiltIn` to false for a custom preset",
	    json_object_get_string(gen));
}

void
dgs_chk_preset_generator_unknown(struct dgs_ctx *ctx, struct json_object *obj)
{
	struct json_object *v;
	const char *k, *id, *best;

	if (!dgs_is(v = dgs_get_anycase(obj, "generatorId", &k), json_type_string) ||
	    dgs_gen_find(ctx->opts, id = json_object_get_string(v)) != NULL ||
	    (best = dgs_gen_misspelt(ctx->opts, id)) == NULL)
		return;
	dgs_report_member(ctx, DGS_R_PRESET_GENERATOR_UNKNOWN, k, "unknown "
	    "generator \"%s\"; did you mean \"%s\"? (--generators FILE loads "
	    "the service's own list)", id, best);
}
