/*
 * github.c: the github format, workflow commands, one annotation per
 * finding.  GitHub shows at most 10 of each level per step: a last line
 * says how many were not shown, and where to see them all.  The message
 * repeats FILE:LINE:COL so that the log alone is a complete report.
 */
#include <stdio.h>

#include "output.h"

#define GH_SHOWN	10

/* The escapes of GitHub workflow commands: %, CR and LF in data; also
 * : and , in property values (flag).  Other control characters, which
 * the log viewer could take for terminal sequences, are written \uXXXX. */
static const char *
gh_esc(unsigned long cp, char buf[16], void *arg)
{
	int prop = esc_flag(arg);

	switch (cp) {
	case '%':
		return "%25";
	case '\r':
		return "%0D";
	case '\n':
		return "%0A";
	case ':':
		return prop ? "%3A" : NULL;
	case ',':
		return prop ? "%2C" : NULL;
	}
	if (cp >= DGS_TEXT_NOT_UTF8)	/* a file name, as it is */
		return dgs_text_byte(cp, buf);
	return dgs_text_control(cp) ? dgs_text_uescape(cp, buf) : NULL;
}

static void
gh_str(FILE *fp, const char *s, int prop)
{
	text_write(fp, s, gh_esc, prop);
}

static void
gh_file(struct output *o, const char *name, const struct findings *res)
{
	const struct dgs_finding *f;
	size_t i;

	for (i = 0; (f = shown_next(o, res, &i)) != NULL;) {
		o->shown[f->severity]++;
		fprintf(o->fp, "::%s file=", level_word(f->severity, "notice"));
		gh_str(o->fp, name, 1);
		if (f->line != 0)
			fprintf(o->fp, ",line=%lu", f->line);
		/* Columns only for a span on one line. */
		if (f->column != 0 && (f->end_line == 0 ||
		    f->end_line == f->line))
			fprintf(o->fp, ",col=%lu", f->column);
		if (f->end_line != 0 && f->line != 0)
			fprintf(o->fp, ",endLine=%lu", f->end_line);
		if (f->end_line == f->line && f->line != 0 &&
		    f->end_column != 0 && f->column != 0)
			fprintf(o->fp, ",endColumn=%lu", f->end_column);
		fputs(",title=", o->fp);
		gh_str(o->fp, f->rule->id, 1);
		putc(' ', o->fp);
		gh_str(o->fp, f->rule->name, 1);
		fputs("::", o->fp);
		gh_str(o->fp, name, 0);
		fprintf(o->fp, ":%lu:%lu: ", f->line, f->column);
		gh_str(o->fp, f->message, 0);
		putc('\n', o->fp);
	}
}

static void
gh_unreadable(struct output *o, const char *name, const char *why)
{
	o->shown[DGS_SEV_ERROR]++;
	fputs("::error file=", o->fp);
	gh_str(o->fp, name, 1);
	fputs(",title=dgslint::", o->fp);
	gh_str(o->fp, name, 0);
	fputs(": cannot be read: ", o->fp);
	gh_str(o->fp, why, 0);
	putc('\n', o->fp);
}

/* "2 of the 12 errors and 2 of the 12 warnings": the levels with
 * annotations not shown. */
static void
gh_hidden(FILE *fp, const struct output *o)
{
	static const char *const word[] = { NULL, "notice", "warning",
	    "error" };
	int s, n = 0, k = 0;

	for (s = DGS_SEV_ERROR; s >= DGS_SEV_INFO; s--)
		n += o->shown[s] > GH_SHOWN;
	for (s = DGS_SEV_ERROR; s >= DGS_SEV_INFO; s--)
		if (o->shown[s] > GH_SHOWN)
			fprintf(fp, "%s%zu of the %zu %ss", k++ == 0 ? "" :
			    k == n ? " and " : ", ", o->shown[s] - GH_SHOWN,
			    o->shown[s], word[s]);
}

/* GitHub shows at most GH_SHOWN annotations of each level per step and
 * drops the others without a word: the last line says how many were
 * not shown and where the whole list is.  It is a notice, or a warning
 * when the notices are past the limit and the warnings are not, so that
 * it is shown itself. */
static void
gh_end(struct output *o, const struct summary *sum)
{
	const char *level = "notice";

	(void)sum;
	if (o->shown[DGS_SEV_ERROR] <= GH_SHOWN &&
	    o->shown[DGS_SEV_WARNING] <= GH_SHOWN &&
	    o->shown[DGS_SEV_INFO] <= GH_SHOWN)
		return;
	if (o->shown[DGS_SEV_INFO] >= GH_SHOWN &&
	    o->shown[DGS_SEV_WARNING] < GH_SHOWN)
		level = "warning";
	fprintf(o->fp, "::%s title=dgslint::GitHub shows at most %d error, "
	    "%d warning and %d notice annotations per step: ", level,
	    GH_SHOWN, GH_SHOWN, GH_SHOWN);
	gh_hidden(o->fp, o);
	fputs(" of this step are not shown as annotations. This step's "
	    "log above lists every finding with its FILE:LINE:COLUMN; to "
	    "keep the whole list, add --format text --output dgslint.txt "
	    "and upload that file with actions/upload-artifact, or "
	    "--format sarif --output dgslint.sarif and upload it to code "
	    "scanning with github/codeql-action/upload-sarif.\n", o->fp);
}

const struct format_ops out_github = {
	.name = "github",
	.help = "GitHub Actions workflow commands: annotations",
	.file = gh_file,
	.unreadable = gh_unreadable,
	.end = gh_end,
};
