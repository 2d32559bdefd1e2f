/*
 * gen_ids.c: what metadata names: generator ids (DGS401 generator-unknown,
 * DGS428 generator-unlisted), presets (DGS402-404), the encryption
 * processor (DGS405) and custom value processors (DGS406).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_int.h"

/*
 * DGS401 generator-unknown: an id that misspells a known one.  DGS428
 * generator-unlisted: any other id the catalogue lacks, which may be a
 * generator whose id the public material did not show.
 */
static void
report_unknown(struct dgs_ctx *ctx, int rule, const char *key,
    const char *id)
{
	struct gen_state *st = gen_st(ctx);
	struct dgs_buf lit = { 0 };
	size_t len = strlen(id);
	const char *best;

	if (st != NULL && len < sizeof(st->miss_id) &&
	    memcmp(st->miss_id, id, len + 1) == 0)
		best = st->miss_best;
	else {
		best = dgs_gen_misspelt(ctx->opts, id);
		if (st != NULL && len < sizeof(st->miss_id)) {
			memcpy(st->miss_id, id, len + 1);
			st->miss_best = best;
		}
	}

	if (best != NULL && gmd_on(rule, DGS_R_GENERATOR_UNKNOWN)) {
		dgs_fix_value(ctx, dgs_gen_misspelt_unique(ctx->opts, id,
		    best) ? DGS_FIX_SAFE : DGS_FIX_UNSAFE, key,
		    dgs_lit(&lit, best));
		dgs_buf_free(&lit);
		dgs_fix_describe(ctx, "write \"%s\"", best);
		dgs_report_member(ctx, DGS_R_GENERATOR_UNKNOWN, key,
		    "unknown generator \"%s\"; did you mean \"%s\"? "
		    "(--generators FILE loads the service's own list)", id,
		    best);
	} else if (best == NULL && gmd_on(rule, DGS_R_GENERATOR_UNLISTED))
		dgs_report_member(ctx, DGS_R_GENERATOR_UNLISTED, key,
		    "generator \"%s\" is not in dgslint's catalogue, so its "
		    "settings are not checked; if your service has no such "
		    "generator, write the id of one it has (--generators FILE "
		    "loads the service's own list and checks ids against it)",
		    id);
}

/*
 * DGS430 generator-deprecated: a generator the documentation says is
 * deprecated, with the replacement it names (the catalogue's replaced_by).
 */
/* 1 when a and b take the same settings: both fully known, with the same
 * member names. */
static int
same_settings(const struct dgs_generator *a, const struct dgs_generator *b)
{
	const struct dgs_gen_member *m;
	size_t na = 0, nb = 0;

	if (a->open || b->open)
		return 0;
	for (m = a->members; m != NULL && m->name != NULL; m++, na++)
		if (dgs_gen_member(b, m->name) == NULL)
			return 0;
	for (m = b->members; m != NULL && m->name != NULL; m++)
		nb++;
	return na == nb;
}

void
gen_deprecated_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_generator *old, *rep;
	struct dgs_buf lit = { 0 };
	const char *id = dgs_get_str(x->obj, "generatorId"), *preset;
	enum dgs_fix_safety safety;
	char *rest = NULL;
	int of_preset = 0;

	/* A preset's metadata: its generatorId is the preset's. */
	if (id == NULL && x->role == ROLE_PRESET) {
		id = x->id;
		of_preset = 1;
	}
	/* The documentation's facts: the built-in entry, even when a
	 * --generators file lists the id. */
	if (id == NULL || (old = dgs_gen_builtin_find(id)) == NULL ||
	    old->replaced_by == NULL)
		return;
	if (of_preset && (rest = gen_to_frame(ctx, gen_preset_frame(ctx))) ==
	    NULL)
		return;
	rep = dgs_gen_builtin_find(old->replaced_by);
	preset = of_preset ? NULL : dgs_get_str(x->obj, "presetId");
	safety = rep != NULL && same_settings(old, rep) && (preset == NULL ||
	    strcmp(preset, id) == 0) ? DGS_FIX_SAFE : DGS_FIX_UNSAFE;
	dgs_fix_value(ctx, safety, "generatorId", dgs_lit(&lit,
	    old->replaced_by));
	if (preset != NULL && strcmp(preset, id) == 0)
		dgs_fix_value(ctx, safety, "presetId", lit.s);
	dgs_buf_free(&lit);
	dgs_fix_describe(ctx, "write \"%s\"", old->replaced_by);
	dgs_report_member(ctx, rule, "generatorId", "%s (\"%s\") is "
	    "deprecated: its documentation says to use %s (\"%s\") "
	    "instead%s", old->label, id, rep != NULL ? rep->label :
	    old->replaced_by, old->replaced_by, preset != NULL &&
	    strcmp(preset, id) != 0 && *preset != '\0' ? "; `presetId` "
	    "names a preset of it: choose one of the replacement" : "");
	if (rest != NULL)
		gen_back_from_link(ctx, rest);
}

/* x, when given, is the gmd whose object o is: its generator is known. */
static void
unknown_id(struct dgs_ctx *ctx, int rule, struct json_object *o,
    const char *key, const struct gmd *x)
{
	const char *id = dgs_get_str(o, key);

	if (id != NULL && *id != '\0' && (x != NULL && id == x->id ? x->g :
	    dgs_gen_find(ctx->opts, id)) == NULL)
		report_unknown(ctx, rule, key, id);
}

void
gen_unknown_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	struct json_object *link;
	char *rest;

	unknown_id(ctx, rule, x->obj, "generatorId", x);
	/* A preset's generatorId: preset-generator-unknown reports the
	 * misspelt ones, and generator-unlisted the others here. */
	if (x->role == ROLE_PRESET && !dgs_has(x->obj, "generatorId") &&
	    gmd_on(rule, DGS_R_GENERATOR_UNLISTED) && x->g == NULL &&
	    x->id != NULL && *x->id != '\0' &&
	    (rest = gen_to_frame(ctx, gen_preset_frame(ctx))) != NULL) {
		report_unknown(ctx, DGS_R_GENERATOR_UNLISTED, "generatorId",
		    x->id);
		gen_back_from_link(ctx, rest);
	}
	if (x->role != ROLE_LINK)
		return;
	unknown_id(ctx, rule, x->obj, "subGeneratorId", NULL);
	link = x->link;
	if (x->legacy && (dgs_has(link, "generatorId") || dgs_has(link,
	    "subGeneratorId")) && (rest = gen_to_link(ctx)) != NULL) {
		unknown_id(ctx, rule, link, "generatorId", NULL);
		unknown_id(ctx, rule, link, "subGeneratorId", NULL);
		gen_back_from_link(ctx, rest);
	}
}

/*
 * DGS402-404: presets.
 */
static const char *
license_name(enum dgs_license l)
{
	return l == DGS_LICENSE_BASIC ? "Basic" : "Professional";
}

/* Checks the preset named by member pkey of o against generator gid
 * (member gkey), reporting rule (see gmd_on()). */
static void
preset_pair(struct dgs_ctx *ctx, struct json_object *o, const char *pkey,
    const char *gkey, const char *gid, int rule)
{
	const char *pid = dgs_get_str(o, pkey);
	const struct dgs_preset *ps;

	if (pid == NULL || *pid == '\0')
		return;
	if (ctx->opts->license != DGS_LICENSE_ENTERPRISE) {
		if (gmd_on(rule, DGS_R_PRESET_LICENSE))
			dgs_report_member(ctx, DGS_R_PRESET_LICENSE, pkey,
			    "presets need an Enterprise license; with a %s "
			    "license remove `%s` and give only `%s`",
			    license_name(ctx->opts->license), pkey, gkey);
		return;
	}
	/* Two spellings of one id ("SINGenerator") name one generator. */
	if (gid == NULL || *gid == '\0' || strcmp(pid, gid) == 0 ||
	    (dgs_gen_find(ctx->opts, pid) != NULL &&
	    dgs_gen_find(ctx->opts, pid) == dgs_gen_find(ctx->opts, gid)))
		return;
	if (dgs_gen_find(ctx->opts, pid) != NULL) {
		if (gmd_on(rule, DGS_R_PRESET_GENERATOR_MISMATCH))
			dgs_report_member(ctx, DGS_R_PRESET_GENERATOR_MISMATCH,
			    pkey, "`%s` \"%s\" is the "
			    "built-in preset of generator \"%s\", but `%s` is "
			    "\"%s\"; name the same generator in both (a "
			    "built-in preset's id is its generator's id)", pkey,
			    pid, pid, gkey, gid);
		return;
	}
	if (!dgs_presets_loaded(ctx->opts))
		return;		/* a custom preset: opaque */
	if ((ps = dgs_preset_find(ctx->opts, pid)) == NULL) {
		if (gmd_on(rule, DGS_R_PRESET_UNKNOWN))
			dgs_report_member(ctx, DGS_R_PRESET_UNKNOWN, pkey,
			    "preset \"%s\" is not in the presets file, so the "
			    "service applies the baseline generator \"%s\"; "
			    "write an existing preset's id, or \"%s\" for the "
			    "built-in preset",
			    pid, gid, gid);
		return;
	}
	if (strcmp(ps->generator_id, gid) != 0 &&
	    gmd_on(rule, DGS_R_PRESET_GENERATOR_MISMATCH))
		dgs_report_member(ctx, DGS_R_PRESET_GENERATOR_MISMATCH, pkey,
		    "preset \"%s\"%s%s%s configures generator \"%s\", but "
		    "`%s` is \"%s\"; write \"%s\" as `%s`, or choose a preset "
		    "of \"%s\"", pid,
		    ps->name != NULL ? " (" : "",
		    ps->name != NULL ? ps->name : "",
		    ps->name != NULL ? ")" : "", ps->generator_id, gkey, gid,
		    ps->generator_id, gkey, gid);
}

void
gen_preset_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	struct json_object *link;
	const char *gid;
	char *rest;

	preset_pair(ctx, x->obj, "presetId", "generatorId", x->id, rule);
	if (x->role != ROLE_LINK)
		return;
	preset_pair(ctx, x->obj, "subPresetId", "subGeneratorId",
	    x->sub_legacy, rule);
	link = x->link;
	if (x->legacy && (dgs_has(link, "presetId") ||
	    dgs_has(link, "subPresetId")) &&
	    (rest = gen_to_link(ctx)) != NULL) {
		preset_pair(ctx, link, "presetId", "generatorId", x->id, rule);
		gid = dgs_get_str(link, "subGeneratorId");
		preset_pair(ctx, link, "subPresetId", "subGeneratorId",
		    gid != NULL ? gid : dgs_get_str(x->md, "subGeneratorId"),
		    rule);
		gen_back_from_link(ctx, rest);
	}
}

/*
 * DGS405 encryption-processor, DGS406 custom-value-processor.
 */
void
gen_encryption_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const char *v = dgs_get_str(x->obj, "encryptionProcessor");

	if (v != NULL && strcmp(v, "x-on") != 0)
		dgs_report_member(ctx, rule, "encryptionProcessor",
		    "`encryptionProcessor` takes only \"x-on\", not \"%s\"; "
		    "write \"x-on\" to apply the configured data encryption, "
		    "or remove the member", v);
}

static void
cvp_member(struct dgs_ctx *ctx, struct json_object *o, const char *key,
    int rule)
{
	const char *v = dgs_get_str(o, key);

	if (v != NULL && gen_blank(v))
		dgs_report_member(ctx, rule, key, "`%s` is %s; write the name "
		    "of the custom value processor to apply, or remove the "
		    "member", key, *v == '\0' ? "empty" : "blank");
}

void
gen_cvp_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	struct json_object *link;
	char *rest;

	/* In a preset, preset-column-setting reports it. */
	if (x->role != ROLE_PRESET)
		cvp_member(ctx, x->obj, "customValueProcessor", rule);
	if (x->role != ROLE_LINK)
		return;
	link = x->link;
	if (x->legacy && (dgs_has(link, "customValueProcessor") ||
	    dgs_has(link, "customSubGeneratorValueProcessor")) &&
	    (rest = gen_to_link(ctx)) != NULL) {
		cvp_member(ctx, link, "customValueProcessor", rule);
		cvp_member(ctx, link, "customSubGeneratorValueProcessor", rule);
		gen_back_from_link(ctx, rest);
	}
}
