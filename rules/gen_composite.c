/*
 * gen_composite.c: composite generators and their sub-generators
 * (DGS416-419: path expressions unexpected, missing or invalid, composite
 * sub-generators) and regular expressions (DGS420-422, DGS109 when PCRE2
 * cannot judge a pattern).  The parsers are gen_path.c and gen_regex.c.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_int.h"

/*
 * Composites: DGS416-419.
 */
static int
path_composite(const struct dgs_generator *g)
{
	return g != NULL && (g->comp == DGS_COMP_JSONPATH ||
	    g->comp == DGS_COMP_XPATH || g->comp == DGS_COMP_CSV ||
	    g->comp == DGS_COMP_KEY);
}

void
gen_path_unexpected_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	static const char *const keys[] = { "pathExpression",
	    "subGeneratorMetadata" };
	const struct dgs_generator *g = x->g;
	struct json_object *v;
	size_t i;

	if (x->role == ROLE_SUB || g == NULL || path_composite(g) ||
	    g->comp == DGS_COMP_UNSURE)
		return;
	for (i = 0; i < 2; i++) {
		if ((v = dgs_get(x->obj, keys[i])) == NULL)
			continue;	/* absent or null */
		if (g->comp == DGS_COMP_REGEX)
			dgs_report_member(ctx, rule, keys[i], "%s (\"%s\") "
			    "takes no `%s`: it applies its sub-generators through "
			    "`pattern` and `captureGroupMetadata`; remove it",
			    g->label, g->id, keys[i]);
		else if (g->comp == DGS_COMP_CONDITIONAL)
			dgs_report_member(ctx, rule, keys[i], "%s (\"%s\") "
			    "takes no `%s`: it applies its generators through "
			    "`defaultGenerator` and `conditionalGenerators`; "
			    "remove it", g->label, g->id, keys[i]);
		else
			dgs_report_member(ctx, rule, keys[i], "`%s` applies "
			    "only to the composite JSON, Array JSON, Struct, "
			    "XML, HTML, CSV and HStore Masks, not to %s "
			    "(\"%s\"); remove it", keys[i], g->label, g->id);
	}
}

static const char *
path_example(const struct dgs_generator *g)
{
	switch (g->comp) {
	case DGS_COMP_JSONPATH:
		return "the JSONPath of the value, such as \"$.address.city\"";
	case DGS_COMP_XPATH:
		return "the XPath of the value, such as \"//customer/name\"";
	case DGS_COMP_KEY:
		return "the key of the value in the HStore, such as \"title\"";
	default:
		return "the index of the column, such as \"0\"";
	}
}

void
gen_incomplete_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_generator *g = x->g;
	struct json_object *link;

	/* An unknown generator: generator-unknown/-unlisted. */
	if (x->role != ROLE_LINK || g == NULL)
		return;
	link = x->link;
	if (g->comp == DGS_COMP_REGEX) {
		if (dgs_get_str(x->obj, "pattern") == NULL)
			dgs_report(ctx, rule, "this %s link lacks `pattern`; write "
			    "the regular expression whose capture groups the "
			    "sub-generators replace", g->label);
		return;
	}
	if (!path_composite(g))
		return;
	if (dgs_get_str(x->obj, "pathExpression") == NULL &&
	    dgs_get_str(link, "pathExpression") == NULL &&
	    !(g->comp == DGS_COMP_CSV &&
	    gen_is_true(x->obj, "isDefaultGenerator")))
		dgs_report(ctx, rule, "this %s link lacks `pathExpression`; "
		    "write %s", g->label, path_example(g));
	if (!dgs_is(dgs_get(x->obj, "subGeneratorMetadata"),
	    json_type_object) && x->sub_legacy == NULL)
		dgs_report(ctx, rule, "this %s link lacks "
		    "`subGeneratorMetadata`; write {\"generatorId\": "
		    "\"...\"} for the sub-generator that replaces the value",
		    g->label);
}

void
gen_sub_composite_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_generator *g;

	if (x->role == ROLE_LINK) {
		/* The legacy sub-generator id in the metadata. */
		g = gen_find(ctx, dgs_get_str(x->obj, "subGeneratorId"));
		if (dgs_gen_composite(g) == 1)
			dgs_report_member(ctx, rule, "subGeneratorId", "a "
			    "sub-generator cannot be composite, and %s (\"%s\") "
			    "is; choose a generator that produces values, "
			    "such as \"NameGenerator\"", g->label, g->id);
		return;
	}
	/* A preset of a composite: preset-composite. */
	if (x->role == ROLE_PRESET || dgs_gen_composite(x->g) != 1 ||
	    !dgs_has(x->obj, "generatorId"))
		return;
	dgs_report_member(ctx, rule, "generatorId", "a %s cannot be "
	    "composite, and %s (\"%s\") is; choose a generator that "
	    "produces "
	    "values, such as \"NameGenerator\"", x->role == ROLE_SUB ?
	    "sub-generator" : "generator of a Conditional", x->g->label,
	    x->g->id);
}

void
gen_path_syntax_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	struct json_object *v;
	const char *s, *why = NULL, *kind;
	size_t len;
	long bad;

	/* The HStore Mask's path is a key of the HStore ("pages", its API
	 * reference): any text. */
	if (x->role == ROLE_SUB || !path_composite(x->g) ||
	    x->g->comp == DGS_COMP_KEY ||
	    !dgs_is(v = dgs_get(x->obj, "pathExpression"), json_type_string))
		return;
	s = json_object_get_string(v);
	len = (size_t)json_object_get_string_len(v);
	/* The CSV Mask's default generator applies to every other column:
	 * it needs no index (as in composite-link-incomplete). */
	if (len == 0 && x->g->comp == DGS_COMP_CSV &&
	    gen_is_true(x->obj, "isDefaultGenerator"))
		return;
	/* Struct Mask takes a JSONPath ("$.address.city", its API
	 * reference) or a field path (its generator reference). */
	if (dgs_name_eq(x->g->id, "StructMaskGenerator") &&
	    dgs_struct_field_path(s, len))
		return;
	switch (x->g->comp) {
	case DGS_COMP_JSONPATH:
		kind = "JSONPath";
		bad = dgs_jsonpath_check(s, len, &why);
		break;
	case DGS_COMP_XPATH:
		kind = "XPath";
		bad = dgs_xpath_check(s, len, &why);
		break;
	default:
		kind = "column index";
		bad = dgs_csvindex_check(s, len, &why);
		break;
	}
	if (bad >= 0 && why == dgs_path_too_deep)
		dgs_report_in_string(ctx, DGS_R_CHECK_SKIPPED, "pathExpression",
		    dgs_char_index(s, (size_t)bad), "`pathExpression` (%s of %s) "
		    "is not checked from here: it nests deeper than %d levels, "
		    "the most dgslint reads; the rest of its syntax is "
		    "unchecked", kind, x->g->label, DGS_PATH_NEST_LIMIT);
	else if (bad >= 0)
		dgs_report_in_string(ctx, rule, "pathExpression",
		    dgs_char_index(s, (size_t)bad), "`pathExpression` (%s of %s) "
		    "%s", kind, x->g->label, why != NULL ? why : "is invalid");
}

/*
 * Regular expressions: DGS420-422.  The rules run one after the other
 * on a node, so the last inspection is kept for the next rule.
 */
static const struct dgs_regex_info *
inspect(struct dgs_ctx *ctx, struct json_object *v)
{
	struct gen_state *st = gen_st(ctx);

	if (st == NULL)
		return NULL;
	if (st->re_obj != v) {
		if (dgs_regex_inspect(json_object_get_string(v),
		    (size_t)json_object_get_string_len(v), &st->re) != 0) {
			ctx->res->oom = 1;
			st->re_obj = NULL;
			return NULL;
		}
		st->re_obj = v;
	}
	return &st->re;
}

/* The member holding a regular expression, or NULL. */
static const char *
regex_key(const struct gmd *x)
{
	if (x->g == NULL)
		return NULL;
	if (x->g->comp == DGS_COMP_REGEX)
		return "pattern";
	if (dgs_name_eq(x->g->id, "FindAndReplaceGenerator") &&
	    gen_is_true(x->obj, "useRegex"))
		return "find";
	return NULL;
}

void
gen_regex_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_regex_info *re;
	struct json_object *v, *caps;
	const char *key = regex_key(x), *s, *what;
	size_t n;

	if (key == NULL || !dgs_is(v = dgs_get(x->obj, key), json_type_string)
	    || (re = inspect(ctx, v)) == NULL)
		return;
	s = json_object_get_string(v);
	if (re->limited) {
		/* Not judged: said once for the rules of this pattern. */
		what = x->g->comp == DGS_COMP_REGEX ? "its syntax and capture "
		    "groups are" : "its syntax is";
		if (re->depth > DGS_REGEX_NEST_LIMIT)
			dgs_report_member(ctx, DGS_R_CHECK_SKIPPED, key, "`%s` "
			    "is not checked: its groups nest %lu deep and "
			    "PCRE2 compiles at most %d levels (dgslint's "
			    "limit); %s unchecked", key, re->depth,
			    DGS_REGEX_NEST_LIMIT, what);
		else
			dgs_report_member(ctx, DGS_R_CHECK_SKIPPED, key, "`%s` "
			    "is not checked: PCRE2 refused it for a limit, "
			    "not an error (%s); %s unchecked", key, re->err,
			    what);
		return;
	}
	if (!re->ok && !re->skipped && gmd_on(rule, DGS_R_REGEX_SYNTAX))
		dgs_report_in_string(ctx, DGS_R_REGEX_SYNTAX, key,
		    dgs_char_index(s, (size_t)re->err_off), "`%s` does not "
		    "compile: %s; the service runs it with .NET and Java, so "
		    "write a pattern both accept", key, re->err);
	if (x->g->comp != DGS_COMP_REGEX)
		return;
	if (re->skipped && !re->lexed) {
		dgs_report_member(ctx, DGS_R_CHECK_SKIPPED, key, "the "
		    "capture groups of `%s` are not counted: PCRE2 lacks a "
		    "construct it uses (%s), and counting from the text alone "
		    "stops at a mode group ((?x), (?n), (?J), (?|) or a `#`",
		    key, re->err);
		return;
	}
	if (!re->ok && !re->lexed)
		return;
	if (re->named > 0 && gmd_on(rule, DGS_R_REGEX_NAMED_GROUP))
		dgs_report_in_string(ctx, DGS_R_REGEX_NAMED_GROUP, key,
		    dgs_char_index(s, (size_t)re->named_off), "the pattern has "
		    "%lu named capture group%s, which %s not replaced; write "
		    "(...) for a group to replace, or (?:...) for one to "
		    "leave", re->named, re->named == 1 ? "" : "s",
		    re->named == 1 ? "is" : "are");
	if (!gmd_on(rule, DGS_R_CAPTURE_GROUP_COUNT))
		return;
	rule = DGS_R_CAPTURE_GROUP_COUNT;
	caps = dgs_get(x->obj, "captureGroupMetadata");
	if (caps == NULL) {
		if (re->unnamed > 0)
			dgs_report(ctx, rule, "the pattern has %lu unnamed "
			    "capture group%s but there is no "
			    "`captureGroupMetadata`; write one sub-generator "
			    "entry per group, in order", re->unnamed,
			    re->unnamed == 1 ? "" : "s");
		return;
	}
	if (!dgs_is(caps, json_type_array))
		return;
	n = json_object_array_length(caps);
	if (n == re->unnamed || n == re->top)
		return;
	if (re->top != re->unnamed)
		dgs_report_member(ctx, rule, "captureGroupMetadata",
		    "`captureGroupMetadata` has %zu entr%s but the pattern "
		    "has %lu unnamed capture groups (%lu not nested in "
		    "another); write one sub-generator entry per group, in "
		    "order", n, n == 1 ? "y" : "ies", re->unnamed, re->top);
	else
		dgs_report_member(ctx, rule, "captureGroupMetadata",
		    "`captureGroupMetadata` has %zu entr%s but the pattern "
		    "has %lu unnamed capture group%s; write one sub-generator "
		    "entry per group, in order", n, n == 1 ? "y" : "ies",
		    re->unnamed, re->unnamed == 1 ? "" : "s");
}
