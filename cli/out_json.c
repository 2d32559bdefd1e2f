/*
 * out_json.c: the json format, one object; see dgslint(1), JSON OUTPUT.
 * A document that cannot be read is reported on standard error only.
 */
#include <stdio.h>

#include "output.h"

static void
json_begin(struct output *o)
{
	fprintf(o->fp, "{\"tool\":{\"name\":\"dgslint\",\"version\":");
	json_str(o->fp, dgs_version());
	fprintf(o->fp, "},\"findings\":[");
}

static void
json_file(struct output *o, const char *name, const struct findings *res)
{
	const struct dgs_finding *f;
	size_t i;

	for (i = 0; (f = shown_next(o, res, &i)) != NULL;) {
		fputs(o->count++ ? ",\n" : "\n", o->fp);
		fputs("{\"file\":", o->fp);
		json_str(o->fp, name);
		fprintf(o->fp, ",\"line\":%lu,\"column\":%lu,\"endLine\":%lu,"
		    "\"endColumn\":%lu,\"pointer\":", f->line, f->column,
		    f->end_line, f->end_column);
		json_str(o->fp, f->pointer);
		fprintf(o->fp, ",\"rule\":\"%s\",\"name\":\"%s\","
		    "\"severity\":\"%s\",\"message\":", f->rule->id,
		    f->rule->name, dgs_severity_name(f->severity));
		json_str(o->fp, f->message);
		putc('}', o->fp);
	}
}

static void
json_end(struct output *o, const struct summary *s)
{
	fprintf(o->fp, "%s],\"summary\":{\"files\":%zu,\"errors\":%zu,"
	    "\"warnings\":%zu,\"infos\":%zu,\"unreadable\":%zu}}\n",
	    o->count ? "\n" : "", s->files, s->errors, s->warnings, s->infos,
	    s->unreadable);
}

const struct format_ops out_json = {
	"json", json_begin, json_file, NULL, json_end, NULL
};
