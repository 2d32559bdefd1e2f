/*
 * gen_settings.c: DGS410 generator-setting: a generator's own settings,
 * ranges (min below max), times and dates (ISO 8601), epsilon and
 * enumerated values.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_int.h"

/*
 * DGS410 generator-setting.
 */
static int
digits(const char *s, size_t n, int *out)
{
	size_t i;

	*out = 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		*out = *out * 10 + (s[i] - '0');
	}
	return 1;
}

/* Days since 1970-01-01 of a proleptic Gregorian date. */
static long
days_from_civil(long y, int m, int d)
{
	long era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/*
 * Parses an ISO 8601 timestamp, 2024-01-31, 2024-01-31T10:00,
 * 2024-01-31T10:00:00.123Z or with an offset, into seconds.  Returns 1,
 * or 0 when s is not one.
 */
static int
iso_time(const char *s, double *out)
{
	int y, mo, d, h = 0, mi = 0, sec = 0, oh, om, sign;
	size_t n = strlen(s), i;
	double frac = 0, scale = 0.1;

	if (n < 10 || !digits(s, 4, &y) || s[4] != '-' ||
	    !digits(s + 5, 2, &mo) || s[7] != '-' || !digits(s + 8, 2, &d) ||
	    mo < 1 || mo > 12 || d < 1 || d > 31)
		return 0;
	i = 10;
	if (i < n && (s[i] == 'T' || s[i] == 't' || s[i] == ' ')) {
		if (n < i + 6 || !digits(s + i + 1, 2, &h) || s[i + 3] != ':' ||
		    !digits(s + i + 4, 2, &mi) || h > 23 || mi > 59)
			return 0;
		i += 6;
		if (i < n && s[i] == ':') {
			if (n < i + 3 || !digits(s + i + 1, 2, &sec) ||
			    sec > 60)
				return 0;
			i += 3;
			if (i < n && s[i] == '.') {
				if (++i >= n || s[i] < '0' || s[i] > '9')
					return 0;
				for (; i < n && s[i] >= '0' && s[i] <= '9';
				    i++, scale /= 10)
					frac += (s[i] - '0') * scale;
			}
		}
		if (i < n && (s[i] == 'Z' || s[i] == 'z'))
			i++;
		else if (i < n && (s[i] == '+' || s[i] == '-')) {
			sign = s[i] == '-' ? -1 : 1;
			if (n < i + 3 || !digits(s + i + 1, 2, &oh))
				return 0;
			i += 3;
			om = 0;
			if (i < n && s[i] == ':')
				i++;
			if (i < n) {
				if (n < i + 2 || !digits(s + i, 2, &om))
					return 0;
				i += 2;
			}
			h -= sign * oh;
			mi -= sign * om;
		}
	}
	if (i != n)
		return 0;
	*out = (double)days_from_civil(y, mo, d) * 86400.0 + h * 3600.0 +
	    mi * 60.0 + sec + frac;
	return 1;
}

/* min must be below max (strict) or not above it.  Only Random
 * Integer's bounds are documented (max exclusive): the order of the
 * others is inferred, and reported as generator-setting-inferred. */
static void
range(struct dgs_ctx *ctx, struct json_object *o, const char *lo,
    const char *hi, int strict, const char *note)
{
	double a, b;

	/* A bound that is absent or not a number leaves nothing to compare
	 * (member_types() reports a wrong type); one out of range compares
	 * as json-c changed it, and json-number-range reports it. */
	if (!dgs_get_num(o, lo, &a) || !dgs_get_num(o, hi, &b) ||
	    (strict ? a < b : a <= b))
		return;
	if (strict)
		dgs_report_member(ctx, DGS_R_GENERATOR_SETTING, hi, "`%s` (%g) "
		    "must be greater than `%s` (%g)%s; write a larger `%s`",
		    hi, b, lo, a, note, hi);
	else
		dgs_report_member(ctx, DGS_R_GENERATOR_SETTING_INFERRED, hi,
		    "`%s` (%g) is less than `%s` (%g); write the smaller "
		    "value in `%s`%s (inferred: the documentation does not "
		    "state the order)", hi, b, lo, a, lo, note);
}

/* ratio: the share of values given a form, "as a decimal value between
 * 0 and 1.0". */
static void
ratio(struct dgs_ctx *ctx, struct json_object *o,
    const struct dgs_generator *g)
{
	double v;

	if (dgs_get_num(o, "ratio", &v) && !(v >= 0 && v <= 1))
		dgs_report_member(ctx, DGS_R_GENERATOR_SETTING, "ratio",
		    "`ratio` of %s is a share between 0 and 1.0, not %g; "
		    "write %s", g->label, v, v > 1 && v <= 100 ?
		    "the percentage divided by 100, such as 0.4 for 40%" :
		    "a decimal value such as 0.4");
}

/* template: "The template uses the Liquid template syntax" (Text
 * Composition's API reference); the fault located in the string. */
static void
liquid(struct dgs_ctx *ctx, struct json_object *o)
{
	struct json_object *v = dgs_get(o, "template");
	const char *s, *why = NULL;
	long bad;

	if (!dgs_is(v, json_type_string))
		return;
	s = json_object_get_string(v);
	if ((bad = dgs_liquid_check(s, (size_t)json_object_get_string_len(v),
	    &why)) >= 0)
		dgs_report_in_string(ctx, DGS_R_GENERATOR_SETTING, "template",
		    dgs_char_index(s, (size_t)bad), "`template` of Text "
		    "Composition is not a well-formed Liquid template: here "
		    "it %s", why != NULL ? why : "is invalid");
}

static void
time_range(struct dgs_ctx *ctx, struct json_object *o, const char *lo,
    const char *hi)
{
	const char *keys[2] = { lo, hi }, *v;
	double t[2];
	int ok[2], i;

	for (i = 0; i < 2; i++) {
		ok[i] = 0;
		if ((v = dgs_get_str(o, keys[i])) == NULL)
			continue;
		if (!(ok[i] = iso_time(v, &t[i])))
			dgs_report_member(ctx, DGS_R_GENERATOR_SETTING,
			    keys[i], "`%s` \"%s\" is not a timestamp; write "
			    "one such as \"2024-01-31T00:00:00Z\"", keys[i], v);
	}
	if (ok[0] && ok[1] && t[0] > t[1])
		dgs_report_member(ctx, DGS_R_GENERATOR_SETTING_INFERRED, hi,
		    "`%s` is earlier than `%s`; write the earlier timestamp "
		    "in `%s` (inferred: the documentation does not state the "
		    "order)", hi, lo, lo);
}

/* Array Regex Mask: "The sequence of the entries in
 * `captureGroupMetadata` must match the sequence of the generators in
 * `captureGroupSubGenerators`."  Compared where both are arrays: their
 * lengths, and an entry that is an id with the generatorId of its
 * metadata. */
static void
capture_order(struct dgs_ctx *ctx, struct json_object *o)
{
	struct json_object *subs = dgs_get(o, "captureGroupSubGenerators"),
	    *md = dgs_get(o, "captureGroupMetadata"), *e;
	const char *id, *mid;
	size_t i, n, nm;

	if (!dgs_is(subs, json_type_array) || !dgs_is(md, json_type_array))
		return;
	n = json_object_array_length(subs);
	nm = json_object_array_length(md);
	if (n != nm) {
		dgs_report_member(ctx, DGS_R_GENERATOR_SETTING,
		    "captureGroupSubGenerators", "`captureGroupSubGenerators` "
		    "names %zu generator%s and `captureGroupMetadata` "
		    "configures %zu: their entries go in the same sequence, "
		    "one for each capture group", n, n == 1 ? "" : "s", nm);
		return;
	}
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(subs, i);
		if (!dgs_is(e, json_type_string) || (mid = dgs_get_str(
		    json_object_array_get_idx(md, i), "generatorId")) == NULL ||
		    strcmp(id = json_object_get_string(e), mid) == 0)
			continue;
		dgs_report_member(ctx, DGS_R_GENERATOR_SETTING,
		    "captureGroupSubGenerators", "`captureGroupSubGenerators` "
		    "names \"%s\" at %zu, but `captureGroupMetadata` "
		    "configures \"%s\" there: their entries go in the same "
		    "sequence", id, i, mid);
		return;
	}
}

/* Appends "a", "b" or "c". */
void
gen_quoted_list(struct dgs_buf *b, const char *const *v)
{
	size_t i;

	for (i = 0; v[i] != NULL; i++)
		dgs_buf_addf(b, "%s\"%s\"", i == 0 ? "" : v[i + 1] == NULL ?
		    " or " : ", ", v[i]);
}

void
gen_setting_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_generator *g = x->g;
	const struct dgs_gen_member *m;
	struct json_object *o = x->obj;
	struct dgs_buf list = { 0 };
	const char *v;
	double eps;

	(void)rule;
	if (g == NULL)		/* unknown: generator-unknown/-unlisted */
		return;
	for (m = g->members; m != NULL && m->name != NULL; m++) {
		if (m->values == NULL || (v = dgs_get_str(o, m->name)) ==
		    NULL || dgs_gen_value_ok(m, v))
			continue;
		list.len = 0;
		gen_quoted_list(&list, m->values);
		dgs_report_member(ctx, DGS_R_GENERATOR_SETTING, m->name,
		    "`%s` of %s must be %s, not \"%s\"", m->name, g->label,
		    list.s != NULL ? list.s : "", v);
	}
	dgs_buf_free(&list);
	if (dgs_name_eq(g->id, "RandomIntegerGenerator"))
		range(ctx, o, "min", "max", 1, ", as `max` is exclusive");
	else if (dgs_name_eq(g->id, "IntegerPkGenerator") ||
	    dgs_name_eq(g->id, "NoiseGenerator"))
		range(ctx, o, "min", "max", 0, "");
	else if (dgs_name_eq(g->id, "TimestampShiftGenerator"))
		range(ctx, o, "minShiftValue", "maxShiftValue", 0,
		    " (negative values shift earlier)");
	else if (dgs_name_eq(g->id, "CategoricalGenerator")) {
		if (dgs_get_num(o, "epsilon", &eps) && !(eps > 0))
			dgs_report_member(ctx, DGS_R_GENERATOR_SETTING,
			    "epsilon", "`epsilon` (the privacy budget) must be "
			    "greater than 0, not %g; write a positive number "
			    "such as 1", eps);
	} else if (dgs_name_eq(g->id, "ArrayRegexMaskGenerator"))
		capture_order(ctx, o);
	else if (dgs_name_eq(g->id, "RandomTimestampGenerator")) {
		time_range(ctx, o, "minDate", "maxDate");
		time_range(ctx, o, "minTime", "maxTime");
	} else if (dgs_name_eq(g->id, "RandomDoubleGenerator"))
		/* "between the specified minimum (inclusive) and maximum
		 * (exclusive)" (its API reference) */
		range(ctx, o, "min", "max", 1, ", as `max` is exclusive");
	else if (dgs_name_eq(g->id, "TextCompositionGenerator"))
		liquid(ctx, o);
	else if (dgs_name_eq(g->id, "SsnGenerator"))
		/* "a decimal value between 0 and 1.0" (its API reference) */
		ratio(ctx, o, g);
	else if (dgs_name_eq(g->id, "IbanGenerator") &&
	    gen_is_true(o, "preserveBankCode") &&
	    dgs_is(dgs_get(o, "preserveCountryCode"), json_type_boolean) &&
	    !gen_is_true(o, "preserveCountryCode"))
		/* "Note that if you preserve the bank code, then you must
		 * preserve the country code." (its API reference) */
		dgs_report_member(ctx, DGS_R_GENERATOR_SETTING,
		    "preserveCountryCode", "`preserveBankCode` is true, so "
		    "`preserveCountryCode` must be true too (the bank code "
		    "is kept only with its country code); write true, or "
		    "write false in `preserveBankCode`");
}

/*
 * DGS431 generator-setting-required: a setting the generator's page says
 * it needs (a value list), or, for DGS_REQ_LINKED, needs on each column
 * the replacement links (Event Timestamps' order); DGS434
 * generator-setting-baseline: one left to the built-in preset.
 */
/* Whether the links of replacement r with generator id name two columns
 * or more. */
static int
links_columns(struct json_object *r, const char *id)
{
	struct dgs_links it;
	const char *first = NULL;

	for (dgs_links_first(NULL, &it, r, "links", DGS_LINKS_COLUMN, id);
	    it.i < it.n; dgs_links_next(&it)) {
		if (first == NULL)
			first = it.column;
		else if (strcmp(first, it.column) != 0)
			return 1;
	}
	return 0;
}

/* Whether v holds nothing: absent, null, or a string of white space. */
static int
blank(struct json_object *v)
{
	const char *s;

	if (v == NULL || json_object_is_type(v, json_type_null))
		return 1;
	if (!json_object_is_type(v, json_type_string))
		return 0;
	for (s = json_object_get_string(v); *s != '\0'; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			return 0;
	return 1;
}

void
gen_required_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_generator *g = x->g;
	const struct dgs_gen_member *m;
	const struct dgs_frame *f;
	struct json_object *v, *r;
	const char *preset = NULL, *key;

	/* A preset's baseline, or a link's custom preset, may give the
	 * setting: only what the document itself configures is judged. */
	if (g == NULL || x->role == ROLE_PRESET || !dgs_gen_is_builtin(g) ||
	    ((preset = dgs_get_str(x->obj, "presetId")) != NULL &&
	    *preset != '\0' && strcmp(preset, g->id) != 0))
		return;
	for (m = g->members; m != NULL && m->name != NULL; m++) {
		if (m->required != DGS_YES && m->required != DGS_REQ_LINKED)
			continue;
		v = dgs_get_anycase(x->obj, m->name, &key);
		if (!blank(v))
			continue;
		if (m->required == DGS_REQ_LINKED) {
			if (!gmd_on(rule, DGS_R_GENERATOR_SETTING_REQUIRED) ||
			    x->role != ROLE_LINK ||
			    (f = gen_link_frame(ctx)) == NULL ||
			    f->node != DGS_NODE_LINK ||
			    (r = dgs_parent(ctx, DGS_NODE_REPLACEMENT)) ==
			    NULL || !links_columns(r, g->id))
				continue;
			dgs_report(ctx, DGS_R_GENERATOR_SETTING_REQUIRED,
			    "this replacement links columns with %s (\"%s\"), "
			    "and this link has no `%s`, which each linked "
			    "column carries; add \"%s\"", g->label, g->id,
			    m->name, m->name);
		} else if (v == NULL && preset != NULL && *preset != '\0') {
			/* The built-in preset's baseline gives it only if
			 * someone updated it to: at most info. */
			if (gmd_on(rule, DGS_R_GENERATOR_SETTING_BASELINE))
				dgs_report_member(ctx,
				    DGS_R_GENERATOR_SETTING_BASELINE,
				    "presetId", "%s (\"%s\") needs `%s`, which "
				    "this metadata leaves to the baseline of "
				    "the built-in preset \"%s\", which gives "
				    "it only if it was updated to; write it "
				    "here, or make sure the preset gives it",
				    g->label, g->id, m->name, preset);
		} else if (!gmd_on(rule, DGS_R_GENERATOR_SETTING_REQUIRED))
			;
		else if (v != NULL)
			dgs_report_member(ctx, DGS_R_GENERATOR_SETTING_REQUIRED,
			    key, "`%s` of %s (\"%s\") is empty, and the "
			    "generator needs it; write it", m->name, g->label,
			    g->id);
		else
			dgs_report(ctx, DGS_R_GENERATOR_SETTING_REQUIRED,
			    "%s (\"%s\") needs `%s`, which this metadata "
			    "lacks; add it", g->label, g->id, m->name);
	}
}

/*
 * DGS432 generator-setting-unused: a setting that applies only when
 * another has a value, given with another value.
 */
void
gen_unused_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule)
{
	const struct dgs_generator *g = x->g;
	const struct dgs_gen_member *m, *d;
	const char *key, *dep, *v;

	if (g == NULL || !dgs_gen_is_builtin(g))
		return;
	for (m = g->members; m != NULL && m->name != NULL; m++) {
		/* A value the setting does not take is generator-setting's. */
		if (m->requires == NULL || m->requires_value == NULL ||
		    blank(dgs_get_anycase(x->obj, m->name, &key)) ||
		    (dep = dgs_get_str(x->obj, m->requires)) == NULL ||
		    dgs_strcasecmp(dep, m->requires_value) == 0 ||
		    ((d = dgs_gen_member(g, m->requires)) != NULL &&
		    !dgs_gen_value_ok(d, dep)))
			continue;
		v = dep;
		dgs_report_member(ctx, rule, key, "`%s` applies only when "
		    "`%s` is \"%s\", and it is \"%s\" here: the generator "
		    "ignores `%s`; remove it, or write \"%s\" in `%s`",
		    m->name, m->requires, m->requires_value, v, m->name,
		    m->requires_value, m->requires);
	}
}
