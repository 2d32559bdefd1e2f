/*
 * json.c: the json format, one object; see dgslint(1), JSON OUTPUT.
 * A document that cannot be read is reported on standard error only.
 */
#include <stdio.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "output.h"

static void
json_begin(struct output *o)
{
	fprintf(o->fp, "{\"tool\":{\"name\":\"dgslint\",\"version\":");
	json_str(o->fp, dgs_version());
	fprintf(o->fp, "},\"findings\":[");
}

/* "fix": {description, safety, edits: [{line, column, endLine,
 * endColumn, offset, endOffset, text}]}: offsets count bytes from the
 * start of the file as read, end exclusive. */
static void
json_fix(FILE *fp, const struct dgs_fix *fx)
{
	const struct dgs_edit *e;
	size_t k;

	fputs(",\"fix\":{\"description\":", fp);
	json_str(fp, fx->description);
	fprintf(fp, ",\"safety\":\"%s\",\"edits\":[",
	    fx->safety == DGS_FIX_SAFE ? "safe" : "unsafe");
	for (k = 0; k < fx->nedits; k++) {
		e = &fx->edits[k];
		fprintf(fp, "%s{\"line\":%lu,\"column\":%lu,\"endLine\":%lu,"
		    "\"endColumn\":%lu,\"offset\":%zu,\"endOffset\":%zu,"
		    "\"text\":", k ? "," : "", e->line, e->column, e->end_line,
		    e->end_column, e->offset, e->end);
		json_str(fp, e->text);
		putc('}', fp);
	}
	fputs("]}", fp);
}

static void
json_file(struct output *o, const char *name, const struct findings *res)
{
	const struct dgs_finding *f;
	char *url;
	size_t i;

	for (i = 0; (f = shown_next(o, res, &i)) != NULL;) {
		fputs(o->count++ ? ",\n" : "\n", o->fp);
		fputs("{\"file\":", o->fp);
		json_str(o->fp, name);
		fprintf(o->fp, ",\"line\":%lu,\"column\":%lu,\"endLine\":%lu,"
		    "\"endColumn\":%lu,\"pointer\":", f->line, f->column,
		    f->end_line, f->end_column);
		json_str(o->fp, f->pointer);
		fprintf(o->fp, ",\"rule\":\"%s\",\"name\":\"%s\",",
		    f->rule->id, f->rule->name);
		/* "url": only with a base URL configured (--rule-url). */
		if ((url = rule_url(o->rule_url, f->rule)) != NULL) {
			fputs("\"url\":", o->fp);
			json_str(o->fp, url);
			putc(',', o->fp);
			free(url);
		}
		fprintf(o->fp, "\"severity\":\"%s\",\"message\":",
		    dgs_severity_name(f->severity));
		json_str(o->fp, f->message);
		if (f->fix != NULL)
			json_fix(o->fp, f->fix);
		putc('}', o->fp);
	}
}

static void
json_end(struct output *o, const struct summary *s)
{
	fprintf(o->fp, "%s],\"summary\":{\"files\":%zu,\"errors\":%zu,"
	    "\"warnings\":%zu,\"infos\":%zu,\"unreadable\":%zu,"
	    "\"skipped\":%zu}}\n",
	    o->count ? "\n" : "", s->files, s->errors, s->warnings, s->infos,
	    s->unreadable, s->skipped);
}

/* {"tool": {"name": "dgslint", ...}, "findings": [...], "summary": {...}} */
static int
json_is(struct json_object *o)
{
	static const char *const names[] = { "tool", "findings", "summary" };
	struct json_object *v;

	return members_among(o, names, 3) &&
	    member_type(o, "findings", json_type_array) &&
	    member_type(o, "summary", json_type_object) &&
	    json_object_object_get_ex(o, "tool", &v) &&
	    member_is(v, "name", "dgslint");
}

const struct format_ops out_json = {
	.name = "json",
	.help = "one JSON object: the tool, the findings and a summary",
	.begin = json_begin,
	.file = json_file,
	.end = json_end,
	.own = { "tool", 0, json_is,
	    "a report of dgslint --format json" },
};
