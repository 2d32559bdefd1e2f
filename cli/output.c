/*
 * output.c: the output formats.  Every format streams: begin, then each
 * document's findings in order, then the end with the summary.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char *const format_names[FMT_MAX] = {
	[FMT_TEXT] = "text",
	[FMT_JSON] = "json",
	[FMT_SARIF] = "sarif",
	[FMT_GITHUB] = "github",
	[FMT_CHECKSTYLE] = "checkstyle",
	[FMT_JUNIT] = "junit",
};

/* Formats this build offers, in --help order. */
static const enum format offered[] = { FMT_TEXT, FMT_JSON };

int
format_from_name(const char *s, enum format *out)
{
	size_t i;

	for (i = 0; i < sizeof(offered) / sizeof(offered[0]); i++)
		if (strcmp(format_names[offered[i]], s) == 0) {
			*out = offered[i];
			return 0;
		}
	return -1;
}

const char *
format_name(enum format f)
{
	return format_names[f];
}

/* Writes s as a JSON string literal. */
static void
json_str(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	putc('"', fp);
	for (; *p != '\0'; p++) {
		switch (*p) {
		case '"':
			fputs("\\\"", fp);
			break;
		case '\\':
			fputs("\\\\", fp);
			break;
		case '\n':
			fputs("\\n", fp);
			break;
		case '\r':
			fputs("\\r", fp);
			break;
		case '\t':
			fputs("\\t", fp);
			break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				fprintf(fp, "\\u%04x", *p);
			else
				putc(*p, fp);
			break;
		}
	}
	putc('"', fp);
}

/*
 * text: FILE:LINE:COL: SEVERITY: MESSAGE [ID name], the GCC shape.
 */
static const char *
sev_color(enum dgs_severity s)
{
	switch (s) {
	case DGS_SEV_ERROR:
		return "\033[1;31m";
	case DGS_SEV_WARNING:
		return "\033[1;35m";
	default:
		return "\033[1;36m";
	}
}

static void
text_file(struct output *o, const char *name, const struct dgs_result *res)
{
	const struct dgs_finding *f;
	size_t i;

	for (i = 0; (f = dgs_result_get(res, i)) != NULL; i++) {
		if (f->severity < o->min)
			continue;
		if (o->color)
			fprintf(o->fp, "\033[1m%s:%lu:%lu:\033[0m %s%s:\033[0m "
			    "%s \033[2m[%s %s]\033[0m\n", name, f->line,
			    f->column, sev_color(f->severity),
			    dgs_severity_name(f->severity), f->message,
			    f->rule->id, f->rule->name);
		else
			fprintf(o->fp, "%s:%lu:%lu: %s: %s [%s %s]\n", name,
			    f->line, f->column,
			    dgs_severity_name(f->severity), f->message,
			    f->rule->id, f->rule->name);
	}
}

/*
 * json: one object; see dgslint(1), JSON OUTPUT.
 */
static void
json_begin(struct output *o)
{
	fprintf(o->fp, "{\"tool\":{\"name\":\"dgslint\",\"version\":");
	json_str(o->fp, dgs_version());
	fprintf(o->fp, "},\"findings\":[");
}

static void
json_file(struct output *o, const char *name, const struct dgs_result *res)
{
	const struct dgs_finding *f;
	size_t i;

	for (i = 0; (f = dgs_result_get(res, i)) != NULL; i++) {
		if (f->severity < o->min)
			continue;
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

void
output_begin(struct output *o)
{
	if (o->format == FMT_JSON)
		json_begin(o);
}

void
output_file(struct output *o, const char *name, const struct dgs_result *r)
{
	switch (o->format) {
	case FMT_TEXT:
		text_file(o, name, r);
		break;
	case FMT_JSON:
		json_file(o, name, r);
		break;
	default:
		break;
	}
}

void
output_end(struct output *o, const struct summary *s)
{
	if (o->format == FMT_JSON)
		json_end(o, s);
}
