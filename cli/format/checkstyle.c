/*
 * checkstyle.c: the checkstyle format, the shape of Checkstyle 4.3
 * reports as linters write it; every document gets a <file>, even a clean
 * one.
 */
#include <stdio.h>

#include "output.h"

static void
cs_begin(struct output *o)
{
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<checkstyle version=\"4.3\">\n", o->fp);
}

static void
cs_file(struct output *o, const char *name, const struct findings *res)
{
	const struct dgs_finding *f;
	size_t i;

	fputs("<file name=\"", o->fp);
	xml_str(o->fp, name, 1);
	if (count_shown(o, res) == 0) {
		fputs("\"/>\n", o->fp);
		return;
	}
	fputs("\">\n", o->fp);
	for (i = 0; (f = shown_next(o, res, &i)) != NULL;) {
		fprintf(o->fp, "<error line=\"%lu\" column=\"%lu\" "
		    "severity=\"%s\" message=\"", f->line ? f->line : 1,
		    f->column ? f->column : 1, level_word(f->severity, "info"));
		xml_str(o->fp, f->message, 1);
		fprintf(o->fp, "\" source=\"dgslint.%s\"/>\n", f->rule->id);
	}
	fputs("</file>\n", o->fp);
}

static void
cs_unreadable(struct output *o, const char *name, const char *why)
{
	fputs("<file name=\"", o->fp);
	xml_str(o->fp, name, 1);
	fputs("\">\n<error line=\"1\" column=\"1\" severity=\"error\" "
	    "message=\"cannot be read: ", o->fp);
	xml_str(o->fp, why, 1);
	fputs("\" source=\"dgslint\"/>\n</file>\n", o->fp);
}

static void
cs_end(struct output *o, const struct summary *sum)
{
	fputs("</checkstyle>\n", o->fp);
}

const struct format_ops out_checkstyle = {
	.name = "checkstyle",
	.help = "Checkstyle XML, as CI servers' warning plugins read it",
	.begin = cs_begin,
	.file = cs_file,
	.unreadable = cs_unreadable,
	.end = cs_end,
};
