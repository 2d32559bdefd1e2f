/*
 * text.c: the text format, FILE:LINE:COL: SEVERITY: MESSAGE [ID name],
 * the GCC shape, in colour on a terminal when asked.  A document that
 * cannot be read is reported on standard error only.
 */
#include <stdio.h>

#include "output.h"

static void
text_file(struct output *o, const char *name, const struct findings *res)
{
	const struct dgs_finding *f;
	size_t i;

	for (i = 0; (f = shown_next(o, res, &i)) != NULL;)
		text_line(o, name, f, NULL);
}

const struct format_ops out_text = {
	.name = "text",
	.help = "a line a finding: FILE:LINE:COLUMN: SEVERITY: MESSAGE "
	    "[ID name]",
	.file = text_file,
	.colors = 1,
};
