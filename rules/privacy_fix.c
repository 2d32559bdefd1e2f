/*
 * privacy_fix.c: the fix of privacy-at-risk (DGS821).  A column of a
 * sensitivity type for which a Tonic page recommends a generator
 * (sensitivity.def's RECOMMEND: a first name, the Name generator with
 * First; a Social Security Number, the SSN generator;
 * https://docs.tonic.ai/app/generation/generators/generators-review-apply-recommended)
 * gets a replacement of its own, with one link that assigns it that
 * generator, added at the end of the document's array of replacements.
 * Of its own: the links of one replacement are linked columns, which
 * share one generator (linked-generator-mismatch, DGS411), so the link
 * cannot join the table's replacement that the finding is at.  Unsafe:
 * it writes configuration the user must review.  No fix for a type with
 * no recommendation, nor in a document of one replacement (an object,
 * not an array).
 */
#include <string.h>

#include "privacy.h"
#include "dgs_text.h"

/* The members of a recommendation's metadata (a JSON object's text),
 * without its braces and the spaces inside them. */
static void
add_members(struct dgs_buf *b, const char *obj)
{
	const char *s, *e;

	if (obj == NULL || (s = strchr(obj, '{')) == NULL ||
	    (e = strrchr(obj, '}')) == NULL || e <= s)
		return;
	for (s++; s < e && (*s == ' ' || *s == '\n'); s++)
		;
	while (e > s && (e[-1] == ' ' || e[-1] == '\n'))
		e--;
	if (e > s) {
		dgs_buf_adds(b, ", ");
		dgs_buf_add(b, s, (size_t)(e - s));
	}
}

static void
add_member(struct dgs_buf *b, const char *name, const char *v)
{
	dgs_buf_addf(b, "\"%s\": ", name);
	dgs_buf_add_json_str(b, v, strlen(v));
}

void
privacy_fix_at_risk(struct dgs_ctx *ctx, int single,
    const struct dgs_snapshot *s, const struct dgs_snapshot_table *t,
    const struct dgs_snapshot_col *c, const struct dgs_sensitivity_info *st)
{
	struct dgs_buf r = { 0 }, link = { 0 };
	const char *schema = dgs_snapshot_str(s, t->schema);

	/* A document of one replacement has no room for another. */
	if (st->generator == NULL || single)
		return;
	/* The table's name, and its link, as valid documents write them;
	 * the replacement's members one a line. */
	if (*schema != '\0') {
		add_member(&link, "schema", schema);
		dgs_buf_adds(&link, ", ");
	}
	add_member(&link, "table", dgs_snapshot_str(s, t->name));
	dgs_buf_adds(&r, "{\n  ");
	if (*schema != '\0') {
		add_member(&r, "schema", schema);
		dgs_buf_adds(&r, ",\n  ");
	}
	add_member(&r, "table", dgs_snapshot_str(s, t->name));
	dgs_buf_adds(&r, ",\n  \"links\": [\n    {");
	dgs_buf_add(&r, link.s, link.len);
	dgs_buf_adds(&r, ", ");
	add_member(&r, "column", dgs_snapshot_str(s, c->name));
	dgs_buf_adds(&r, ",\n     \"metadata\": {");
	add_member(&r, "generatorId", st->generator);
	add_members(&r, st->metadata);
	dgs_buf_adds(&r, "}}\n  ]\n}");
	dgs_buf_add(&r, "", 0);
	if (r.oom || link.oom)
		ctx->res->oom = 1;
	else {
		/* At the end of the root array. */
		dgs_fix_append(ctx, DGS_FIX_UNSAFE, "", r.s);
		dgs_fix_describe(ctx, "add a replacement of table \"%s\" that "
		    "assigns column \"%s\" %s, which Tonic recommends for a %s "
		    "(review it)", dgs_snapshot_str(s, t->name),
		    dgs_snapshot_str(s, c->name), st->generator, st->name);
	}
	dgs_buf_free(&r);
	dgs_buf_free(&link);
}
