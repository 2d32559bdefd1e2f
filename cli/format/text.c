/*
 * text.c: the text format, FILE:LINE:COL: SEVERITY: MESSAGE [ID name],
 * the GCC shape, in colour on a terminal when asked.  A document that
 * cannot be read is reported on standard error only.
 */
#include <stdio.h>

#include "output.h"

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
text_str(FILE *fp, const char *s)
{
	text_write(fp, s, text_esc, 0);
}

static void
text_file(struct output *o, const char *name, const struct findings *res)
{
	const struct dgs_finding *f;
	size_t i;

	for (i = 0; (f = shown_next(o, res, &i)) != NULL;) {
		fputs(o->color ? "\033[1m" : "", o->fp);
		text_str(o->fp, name);
		fprintf(o->fp, ":%lu:%lu:%s %s%s:%s ", f->line, f->column,
		    o->color ? "\033[0m" : "",
		    o->color ? sev_color(f->severity) : "",
		    dgs_severity_name(f->severity), o->color ? "\033[0m" : "");
		text_str(o->fp, f->message);
		fprintf(o->fp, " %s[%s %s]%s\n", o->color ? "\033[2m" : "",
		    f->rule->id, f->rule->name, o->color ? "\033[0m" : "");
	}
}

const struct format_ops out_text = {
	.name = "text",
	.help = "a line a finding: FILE:LINE:COLUMN: SEVERITY: MESSAGE "
	    "[ID name]",
	.file = text_file,
};
