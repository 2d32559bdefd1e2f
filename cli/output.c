/*
 * output.c: the output formats.  Every format streams: begin, then each
 * document's findings in order (or the reason a document could not be
 * read), then the end with the summary.  Only JUnit holds its suites in
 * memory, to put the totals on the root element.
 *
 * Text is written as it comes; every structured format writes valid
 * UTF-8 whatever the bytes of a file name or message (an invalid
 * sequence becomes U+FFFD), and XML never contains a character that
 * XML 1.0 forbids.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
static const enum format offered[] = {
	FMT_TEXT, FMT_JSON, FMT_SARIF, FMT_GITHUB, FMT_CHECKSTYLE, FMT_JUNIT
};

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

/*
 * Characters.
 */

/* Length of the valid UTF-8 sequence at s (1 to 4) and its code point, or
 * 0 for an invalid one (overlong, surrogate, past U+10FFFF, truncated). */
static size_t
utf8_next(const unsigned char *s, unsigned long *cp)
{
	unsigned long c;
	size_t n, i;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		n = 2;
		c = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		n = 3;
		c = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		n = 4;
		c = s[0] & 0x07;
	} else
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;	/* also stops at the NUL */
		c = (c << 6) | (s[i] & 0x3f);
	}
	if ((n == 3 && c < 0x800) || (n == 4 && c < 0x10000) ||
	    (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	*cp = c;
	return n;
}

/* Writes s as a JSON string literal. */
static void
json_str(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long cp;
	size_t n;

	putc('"', fp);
	while (*p != '\0') {
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
			else if (*p < 0x80)
				putc(*p, fp);
			else if ((n = utf8_next(p, &cp)) == 0)
				fputs("\\ufffd", fp);
			else if (cp < 0xa0) {
				/* C1 controls, like DEL: terminals act on
				 * them. */
				fprintf(fp, "\\u%04lx", cp);
				p += n;
				continue;
			} else {
				fwrite(p, 1, n, fp);
				p += n;
				continue;
			}
			break;
		}
		p++;
	}
	putc('"', fp);
}

/* Writes s escaped for XML character data, or for an attribute value in
 * double quotes (where tab, newline and carriage return must be character
 * references to survive attribute-value normalization).  Characters that
 * XML 1.0 forbids even as references (C0 controls other than tab, newline
 * and carriage return; U+FFFE, U+FFFF) are written as the text \uXXXX. */
static void
xml_str(FILE *fp, const char *s, int attr)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned long cp;
	size_t n;

	while (*p != '\0') {
		switch (*p) {
		case '&':
			fputs("&amp;", fp);
			break;
		case '<':
			fputs("&lt;", fp);
			break;
		case '>':
			fputs("&gt;", fp);
			break;
		case '"':
			fputs(attr ? "&quot;" : "\"", fp);
			break;
		case '\t':
			fputs(attr ? "&#9;" : "\t", fp);
			break;
		case '\n':
			fputs(attr ? "&#10;" : "\n", fp);
			break;
		case '\r':
			fputs("&#13;", fp);
			break;
		default:
			if (*p < 0x20)
				fprintf(fp, "\\u%04x", *p);
			else if (*p < 0x80)
				putc(*p, fp);
			else if ((n = utf8_next(p, &cp)) == 0)
				fputs("\xef\xbf\xbd", fp);	/* U+FFFD */
			else {
				if (cp == 0xfffe || cp == 0xffff)
					fprintf(fp, "\\u%04lx", cp);
				else
					fwrite(p, 1, n, fp);
				p += n;
				continue;
			}
			break;
		}
		p++;
	}
}

/* Writes s with the escapes of GitHub workflow commands: %, CR and LF in
 * data; also : and , in property values.  Other control characters, which
 * the log viewer could take for terminal sequences, are written \uXXXX. */
static void
gh_str(FILE *fp, const char *s, int prop)
{
	for (; *s != '\0'; s++) {
		if ((unsigned char)*s < 0x20 && *s != '\r' && *s != '\n') {
			fprintf(fp, "\\u%04x", (unsigned char)*s);
			continue;
		}
		if (*s == 0x7f) {
			fputs("\\u007f", fp);
			continue;
		}
		if ((unsigned char)*s == 0xc2 &&
		    (unsigned char)s[1] >= 0x80 && (unsigned char)s[1] <= 0x9f) {
			fprintf(fp, "\\u%04x", (unsigned char)*++s);
			continue;
		}
		switch (*s) {
		case '%':
			fputs("%25", fp);
			break;
		case '\r':
			fputs("%0D", fp);
			break;
		case '\n':
			fputs("%0A", fp);
			break;
		case ':':
			fputs(prop ? "%3A" : ":", fp);
			break;
		case ',':
			fputs(prop ? "%2C" : ",", fp);
			break;
		default:
			putc(*s, fp);
			break;
		}
	}
}

void
str_addn(struct str *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void
str_add(struct str *b, const char *s)
{
	str_addn(b, s, strlen(s));
}

static const struct dgs_finding *
findings_get(const struct findings *fs, size_t i)
{
	return i < fs->n ? fs->v[i] : NULL;
}

/* Shown findings of a result, by the output's level. */
static size_t
count_shown(const struct output *o, const struct findings *res)
{
	const struct dgs_finding *f;
	size_t i, n = 0;

	for (i = 0; (f = findings_get(res, i)) != NULL; i++)
		if (f->severity >= o->min)
			n++;
	return n;
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

/* Writes s for a terminal or an editor: one finding stays one line, and
 * no control character from a document reaches the terminal.  C0 and C1
 * controls and DEL are written as \n, \t, \r or \uXXXX. */
static void
text_str(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p != '\0'; p++) {
		if (*p == '\n')
			fputs("\\n", fp);
		else if (*p == '\t')
			fputs("\\t", fp);
		else if (*p == '\r')
			fputs("\\r", fp);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(fp, "\\u%04x", *p);
		else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
			fprintf(fp, "\\u%04x", p[1]);
			p++;
		} else
			putc(*p, fp);
	}
}

static void
text_file(struct output *o, const char *name, const struct findings *res)
{
	const struct dgs_finding *f;
	size_t i;

	for (i = 0; (f = findings_get(res, i)) != NULL; i++) {
		if (f->severity < o->min)
			continue;
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
json_file(struct output *o, const char *name, const struct findings *res)
{
	const struct dgs_finding *f;
	size_t i;

	for (i = 0; (f = findings_get(res, i)) != NULL; i++) {
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

/*
 * sarif: SARIF 2.1.0 as GitHub code scanning reads it.  Every rule is in
 * tool.driver.rules[]; results name theirs by id and index.  Artifact
 * URIs are relative to the working directory.  Columns count Unicode code
 * points (run.columnKind).  Documents that cannot be read become tool
 * execution notifications of the run's invocation.
 */
struct sarif {
	const struct dgs_rule_info **rules;
	size_t		 nrules;
	char		*cwd;		/* NULL if unknown */
	struct str	 notes;		/* notification objects, comma-led */
	size_t		 nnotes;
	/* Occurrences of each fingerprint in the current document. */
	uint64_t	*fp_hash;
	size_t		*fp_count;
	size_t		 fp_cap;
};

static const char *
sarif_level(enum dgs_severity s)
{
	switch (s) {
	case DGS_SEV_ERROR:
		return "error";
	case DGS_SEV_WARNING:
		return "warning";
	default:
		return "note";
	}
}

/* Index of r in the rule table (sorted by id), or -1. */
static long
sarif_rule_index(const struct sarif *st, const struct dgs_rule_info *r)
{
	size_t lo = 0, hi = st->nrules, mid;
	int c;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (st->rules[mid] == r)
			return (long)mid;
		if ((c = strcmp(r->id, st->rules[mid]->id)) == 0)
			break;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	for (mid = 0; mid < st->nrules; mid++)
		if (st->rules[mid] == r)
			return (long)mid;
	return -1;
}

static int
uri_unreserved(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	    (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
	    c == '~';
}

/* Appends path percent-encoded (RFC 3986): every byte but the unreserved
 * characters and '/'; "./" segments are dropped. */
static void
uri_add_path(struct str *b, const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	const unsigned char *p = (const unsigned char *)path;
	char e[3];
	int seg_start = 1;

	for (; *p != '\0'; p++) {
		if (seg_start && p[0] == '.' && p[1] == '/') {
			p++;
			while (p[1] == '/')
				p++;
			continue;
		}
		seg_start = *p == '/';
		if (uri_unreserved(*p) || *p == '/')
			str_addn(b, (const char *)p, 1);
		else {
			e[0] = '%';
			e[1] = hex[*p >> 4];
			e[2] = hex[*p & 15];
			str_addn(b, e, 3);
		}
	}
}

/* The artifact URI of a document name: relative to the working directory
 * when the name is relative or below it, else an absolute file URI. */
static char *
sarif_uri(const struct sarif *st, const char *name)
{
	struct str b = { NULL, 0, 0 };
	size_t n;

	if (name[0] == '/' && st->cwd != NULL) {
		n = strlen(st->cwd);
		if (strcmp(st->cwd, "/") == 0)
			name++;
		else if (strncmp(name, st->cwd, n) == 0 && name[n] == '/')
			name += n + 1;
	}
	if (name[0] == '/') {
		str_add(&b, "file://");
		while (name[1] == '/')
			name++;
	}
	uri_add_path(&b, name);
	if (b.s == NULL)
		str_add(&b, "");
	return b.s;
}

static void
sarif_begin(struct output *o)
{
	struct sarif *st;
	const struct dgs_rule_info *r;
	const char *p;
	char *cwd;
	size_t i, n, len;

	st = xcalloc(1, sizeof(*st));
	o->state = st;
	st->nrules = dgs_rule_count();
	st->rules = xcalloc(st->nrules + 1, sizeof(*st->rules));
	for (i = 0; i < st->nrules; i++)
		st->rules[i] = dgs_rule_get(i);
	if ((cwd = getcwd(NULL, 0)) != NULL)
		st->cwd = cwd;

	fputs("{\n  \"$schema\": \"https://json.schemastore.org/"
	    "sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
	    "  \"runs\": [\n    {\n      \"tool\": {\n"
	    "        \"driver\": {\n          \"name\": \"dgslint\",\n"
	    "          \"version\": ", o->fp);
	json_str(o->fp, dgs_version());
	fputs(",\n          \"semanticVersion\": ", o->fp);
	json_str(o->fp, dgs_version());
	fputs(",\n          \"informationUri\": ", o->fp);
	json_str(o->fp, DGSLINT_HOMEPAGE);
	fputs(",\n          \"rules\": [", o->fp);
	for (i = 0; i < st->nrules; i++) {
		char *sd, *fd;

		r = st->rules[i];
		fprintf(o->fp, "%s\n            {\"id\": ", i ? "," : "");
		json_str(o->fp, r->id);
		fputs(", \"name\": ", o->fp);
		json_str(o->fp, r->name);
		/* The summary as a sentence: a capital, no period. */
		sd = xstrdup(r->summary);
		if (sd[0] >= 'a' && sd[0] <= 'z')
			sd[0] = (char)(sd[0] - 'a' + 'A');
		fputs(", \"shortDescription\": {\"text\": ", o->fp);
		json_str(o->fp, sd);
		free(sd);
		/* The first paragraph of the explanation, at most the 1024
		 * characters GitHub takes. */
		p = strstr(r->explain, "\n\n");
		len = p != NULL ? (size_t)(p - r->explain) :
		    strlen(r->explain);
		for (n = 0, p = r->explain; (size_t)(p - r->explain) < len;
		    p++)
			if ((*p & 0xc0) != 0x80 && ++n > 1020)
				break;
		fd = xcalloc(1, (size_t)(p - r->explain) + 4);
		memcpy(fd, r->explain, (size_t)(p - r->explain));
		if ((size_t)(p - r->explain) < len)
			memcpy(fd + (p - r->explain), "...", 3);
		fputs("}, \"fullDescription\": {\"text\": ", o->fp);
		json_str(o->fp, fd);
		free(fd);
		fputs("}, \"help\": {\"text\": ", o->fp);
		json_str(o->fp, r->explain);
		if (r->severity == DGS_SEV_OFF)
			fputs("}, \"defaultConfiguration\": {\"enabled\": "
			    "false, \"level\": \"note\"}}", o->fp);
		else
			fprintf(o->fp, "}, \"defaultConfiguration\": "
			    "{\"level\": \"%s\"}}", sarif_level(r->severity));
	}
	fputs("\n          ]\n        }\n      },\n"
	    "      \"columnKind\": \"unicodeCodePoints\",\n"
	    "      \"results\": [", o->fp);
}

/* FNV-1a, 64 bits, over s and its terminating NUL. */
static uint64_t
fnv1a(uint64_t h, const char *s)
{
	do {
		h ^= (unsigned char)*s;
		h *= UINT64_C(0x100000001b3);
	} while (*s++ != '\0');
	return h;
}

/* The how-manieth time this fingerprint hash occurs in the document. */
static size_t
sarif_occurrence(struct sarif *st, uint64_t h)
{
	size_t i, mask = st->fp_cap - 1;

	for (i = (size_t)(h ^ (h >> 32)) & mask; st->fp_count[i] != 0;
	    i = (i + 1) & mask)
		if (st->fp_hash[i] == h)
			return ++st->fp_count[i];
	st->fp_hash[i] = h;
	return st->fp_count[i] = 1;
}

static void
sarif_file(struct output *o, const char *name, const struct findings *res)
{
	struct sarif *st = o->state;
	const struct dgs_finding *f;
	unsigned long line, col, eline, ecol;
	uint64_t h;
	char *uri;
	size_t i, n, cap;
	long idx;

	if ((n = count_shown(o, res)) == 0)
		return;
	for (cap = 16; cap < n * 2; cap *= 2)
		continue;
	if (cap > st->fp_cap) {
		free(st->fp_hash);
		free(st->fp_count);
		st->fp_hash = xcalloc(cap, sizeof(*st->fp_hash));
		st->fp_count = xcalloc(cap, sizeof(*st->fp_count));
		st->fp_cap = cap;
	} else
		memset(st->fp_count, 0, st->fp_cap * sizeof(*st->fp_count));
	uri = sarif_uri(st, name);
	for (i = 0; (f = findings_get(res, i)) != NULL; i++) {
		if (f->severity < o->min)
			continue;
		/* Regions are 1-based and never end before they start. */
		line = f->line ? f->line : 1;
		col = f->column ? f->column : 1;
		eline = f->end_line >= line ? f->end_line : line;
		ecol = f->end_column ? f->end_column : col;
		if (eline == line && ecol < col)
			ecol = col;
		fputs(o->count++ ? ",\n" : "\n", o->fp);
		fputs("        {\"ruleId\": ", o->fp);
		json_str(o->fp, f->rule->id);
		if ((idx = sarif_rule_index(st, f->rule)) >= 0)
			fprintf(o->fp, ", \"ruleIndex\": %ld", idx);
		fprintf(o->fp, ", \"level\": \"%s\", \"message\": {\"text\": ",
		    sarif_level(f->severity));
		json_str(o->fp, f->message);
		fputs("}, \"locations\": [{\"physicalLocation\": "
		    "{\"artifactLocation\": {\"uri\": ", o->fp);
		json_str(o->fp, uri);
		fprintf(o->fp, "}, \"region\": {\"startLine\": %lu, "
		    "\"startColumn\": %lu, \"endLine\": %lu, "
		    "\"endColumn\": %lu}}", line, col, eline, ecol);
		if (f->pointer[0] != '\0') {
			fputs(", \"logicalLocations\": "
			    "[{\"fullyQualifiedName\": ", o->fp);
			json_str(o->fp, f->pointer);
			fputs("}]", o->fp);
		}
		/* Stable across runs and edits elsewhere in the file: no
		 * line or column, but the occurrence among equal ones. */
		h = fnv1a(UINT64_C(0xcbf29ce484222325), uri);
		h = fnv1a(h, f->rule->id);
		h = fnv1a(h, f->pointer);
		h = fnv1a(h, f->message);
		fprintf(o->fp, "}], \"partialFingerprints\": {\"dgslint/v1\": "
		    "\"%016llx:%zu\"}}", (unsigned long long)h,
		    sarif_occurrence(st, h));
	}
	free(uri);
}

static void
sarif_unreadable(struct output *o, const char *name, const char *why)
{
	struct sarif *st = o->state;
	struct str msg = { NULL, 0, 0 };
	char *uri;
	FILE *mem;
	char *buf = NULL;
	size_t len = 0;

	str_add(&msg, name);
	str_add(&msg, ": cannot be read: ");
	str_add(&msg, why);
	uri = sarif_uri(st, name);
	if ((mem = open_memstream(&buf, &len)) == NULL)
		die_errno();
	fprintf(mem, "%s\n            {\"level\": \"error\", \"message\": "
	    "{\"text\": ", st->nnotes++ ? "," : "");
	json_str(mem, msg.s);
	fputs("}, \"locations\": [{\"physicalLocation\": "
	    "{\"artifactLocation\": {\"uri\": ", mem);
	json_str(mem, uri);
	fputs("}}}]}", mem);
	if (fclose(mem) != 0)
		die_errno();
	str_addn(&st->notes, buf, len);
	free(buf);
	free(uri);
	free(msg.s);
}

static void
sarif_free(struct output *o)
{
	struct sarif *st = o->state;

	free(st->rules);
	free(st->cwd);
	free(st->notes.s);
	free(st->fp_hash);
	free(st->fp_count);
	free(st);
	o->state = NULL;
}

static void
sarif_end(struct output *o, const struct summary *sum)
{
	struct sarif *st = o->state;

	/* Paths that named nothing usable were reported on stderr only. */
	if (sum->bad_paths) {
		str_add(&st->notes, st->nnotes++ ? "," : "");
		str_add(&st->notes, "\n            {\"level\": \"error\", "
		    "\"message\": {\"text\": \"some paths named on the "
		    "command line could not be used; dgslint wrote why on "
		    "standard error\"}}");
	}
	fprintf(o->fp, "%s],\n      \"invocations\": [\n        {\n"
	    "          \"executionSuccessful\": %s", o->count ? "\n      " :
	    "", st->nnotes ? "false" : "true");
	if (st->nnotes)
		fprintf(o->fp, ",\n          \"toolExecutionNotifications\": "
		    "[%s\n          ]", st->notes.s);
	fputs("\n        }\n      ]\n    }\n  ]\n}\n", o->fp);
}

/*
 * github: workflow commands, one annotation per finding.  GitHub shows at
 * most 10 of each level per step: a last notice says when some may be
 * missing.  The message repeats FILE:LINE:COL so that the log alone is a
 * complete report.
 */
#define GH_SHOWN	10

static const char *
gh_level(enum dgs_severity s)
{
	switch (s) {
	case DGS_SEV_ERROR:
		return "error";
	case DGS_SEV_WARNING:
		return "warning";
	default:
		return "notice";
	}
}

static void
gh_file(struct output *o, const char *name, const struct findings *res)
{
	const struct dgs_finding *f;
	size_t i;

	for (i = 0; (f = findings_get(res, i)) != NULL; i++) {
		if (f->severity < o->min)
			continue;
		o->shown[f->severity]++;
		fprintf(o->fp, "::%s file=", gh_level(f->severity));
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

static void
gh_end(struct output *o)
{
	size_t total = 0, hidden = 0;
	int s;

	for (s = DGS_SEV_INFO; s <= DGS_SEV_ERROR; s++) {
		total += o->shown[s];
		if (o->shown[s] > GH_SHOWN)
			hidden += o->shown[s] - GH_SHOWN;
	}
	if (hidden == 0)
		return;
	fprintf(o->fp, "::notice title=dgslint::%zu of the %zu annotations "
	    "above may not be shown: GitHub shows at most %d errors, %d "
	    "warnings and %d notices per step. This log lists every "
	    "finding; to see them all in code scanning, run dgslint "
	    "--format sarif --output FILE and upload FILE with "
	    "github/codeql-action/upload-sarif.\n", hidden, total, GH_SHOWN,
	    GH_SHOWN, GH_SHOWN);
}

/*
 * checkstyle: the shape of Checkstyle 4.3 reports as linters write it;
 * every document gets a <file>, even a clean one.
 */
static const char *
cs_severity(enum dgs_severity s)
{
	switch (s) {
	case DGS_SEV_ERROR:
		return "error";
	case DGS_SEV_WARNING:
		return "warning";
	default:
		return "info";
	}
}

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
	for (i = 0; (f = findings_get(res, i)) != NULL; i++) {
		if (f->severity < o->min)
			continue;
		fprintf(o->fp, "<error line=\"%lu\" column=\"%lu\" "
		    "severity=\"%s\" message=\"", f->line ? f->line : 1,
		    f->column ? f->column : 1, cs_severity(f->severity));
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
cs_end(struct output *o)
{
	fputs("</checkstyle>\n", o->fp);
}

/*
 * junit: one <testsuite> per document, one failing <testcase> per finding
 * (named by rule and JSON Pointer), a passing one for a clean document, an
 * <error> for a document that cannot be read.  The suites are held in
 * memory so that the root carries the totals.  Times are 0: linting is
 * not timed, and the report stays reproducible.
 */
struct junit {
	FILE	*mem;
	char	*buf;
	size_t	 len;
	size_t	 tests, failures, errors;
};

static void
junit_begin(struct output *o)
{
	struct junit *st = xcalloc(1, sizeof(*st));

	if ((st->mem = open_memstream(&st->buf, &st->len)) == NULL)
		die_errno();
	o->state = st;
}

/* The class name: the document's name without its extension. */
static void
junit_classname(FILE *fp, const char *name)
{
	const char *slash = strrchr(name, '/'), *dot = strrchr(name, '.');
	char *s;

	if (dot == NULL || (slash != NULL && dot < slash) || dot == name ||
	    dot[-1] == '/') {
		xml_str(fp, name, 1);
		return;
	}
	s = xstrdup(name);
	s[dot - name] = '\0';
	xml_str(fp, s, 1);
	free(s);
}

static void
junit_file(struct output *o, const char *name, const struct findings *res)
{
	struct junit *st = o->state;
	const struct dgs_finding *f;
	size_t i, n;

	n = count_shown(o, res);
	st->tests += n ? n : 1;
	st->failures += n;
	fputs("  <testsuite name=\"", st->mem);
	xml_str(st->mem, name, 1);
	fprintf(st->mem, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" "
	    "skipped=\"0\" time=\"0\">\n", n ? n : 1, n);
	if (n == 0) {
		fputs("    <testcase name=\"no findings\" classname=\"",
		    st->mem);
		junit_classname(st->mem, name);
		fputs("\" time=\"0\"/>\n", st->mem);
	}
	for (i = 0; (f = findings_get(res, i)) != NULL; i++) {
		if (f->severity < o->min)
			continue;
		fprintf(st->mem, "    <testcase name=\"%s %s at ", f->rule->id,
		    f->rule->name);
		if (f->pointer[0] == '\0')
			fputs("the document root", st->mem);
		else
			xml_str(st->mem, f->pointer, 1);
		fputs("\" classname=\"", st->mem);
		junit_classname(st->mem, name);
		fprintf(st->mem, "\" time=\"0\">\n      <failure type=\"%s\" "
		    "message=\"", dgs_severity_name(f->severity));
		xml_str(st->mem, f->message, 1);
		fputs("\">", st->mem);
		xml_str(st->mem, name, 0);
		fprintf(st->mem, ":%lu:%lu: %s: ", f->line, f->column,
		    dgs_severity_name(f->severity));
		xml_str(st->mem, f->message, 0);
		fprintf(st->mem, " [%s %s]\npointer: ", f->rule->id,
		    f->rule->name);
		xml_str(st->mem, f->pointer[0] ? f->pointer :
		    "(the document root)", 0);
		fputs("</failure>\n    </testcase>\n", st->mem);
	}
	fputs("  </testsuite>\n", st->mem);
}

static void
junit_unreadable(struct output *o, const char *name, const char *why)
{
	struct junit *st = o->state;

	st->tests++;
	st->errors++;
	fputs("  <testsuite name=\"", st->mem);
	xml_str(st->mem, name, 1);
	fputs("\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" "
	    "time=\"0\">\n    <testcase name=\"read\" classname=\"", st->mem);
	junit_classname(st->mem, name);
	fputs("\" time=\"0\">\n      <error type=\"unreadable\" message=\"",
	    st->mem);
	xml_str(st->mem, why, 1);
	fputs("\">", st->mem);
	xml_str(st->mem, name, 0);
	fputs(": cannot be read: ", st->mem);
	xml_str(st->mem, why, 0);
	fputs("</error>\n    </testcase>\n  </testsuite>\n", st->mem);
}

static void
junit_end(struct output *o)
{
	struct junit *st = o->state;

	if (fclose(st->mem) != 0)
		die_errno();
	if (o->failed) {
		free(st->buf);
		free(st);
		return;
	}
	fprintf(o->fp, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<testsuites name=\"dgslint\" tests=\"%zu\" failures=\"%zu\" "
	    "errors=\"%zu\" time=\"0\">\n", st->tests, st->failures,
	    st->errors);
	fwrite(st->buf, 1, st->len, o->fp);
	fputs("</testsuites>\n", o->fp);
	free(st->buf);
	free(st);
	o->state = NULL;
}

/*
 * Dispatch.  A write error is remembered (with its errno) and stops the
 * output; the caller reports it.
 */
static void
check_write(struct output *o)
{
	if (!o->failed && ferror(o->fp)) {
		o->failed = 1;
		o->err = errno != 0 ? errno : EIO;
	}
}

void
output_begin(struct output *o)
{
	errno = 0;
	switch (o->format) {
	case FMT_JSON:
		json_begin(o);
		break;
	case FMT_SARIF:
		sarif_begin(o);
		break;
	case FMT_CHECKSTYLE:
		cs_begin(o);
		break;
	case FMT_JUNIT:
		junit_begin(o);
		break;
	default:
		break;
	}
	check_write(o);
}

void
output_file(struct output *o, const char *name, const struct findings *r)
{
	if (o->failed)
		return;
	switch (o->format) {
	case FMT_TEXT:
		text_file(o, name, r);
		break;
	case FMT_JSON:
		json_file(o, name, r);
		break;
	case FMT_SARIF:
		sarif_file(o, name, r);
		break;
	case FMT_GITHUB:
		gh_file(o, name, r);
		break;
	case FMT_CHECKSTYLE:
		cs_file(o, name, r);
		break;
	case FMT_JUNIT:
		junit_file(o, name, r);
		break;
	default:
		break;
	}
	check_write(o);
}

void
output_unreadable(struct output *o, const char *name, const char *why)
{
	if (o->failed)
		return;
	switch (o->format) {
	case FMT_SARIF:
		sarif_unreadable(o, name, why);
		break;
	case FMT_GITHUB:
		gh_unreadable(o, name, why);
		break;
	case FMT_CHECKSTYLE:
		cs_unreadable(o, name, why);
		break;
	case FMT_JUNIT:
		junit_unreadable(o, name, why);
		break;
	default:
		break;	/* text and json: the reason is on stderr */
	}
	check_write(o);
}

void
output_end(struct output *o, const struct summary *s)
{
	switch (o->format) {
	case FMT_JSON:
		if (!o->failed)
			json_end(o, s);
		break;
	case FMT_SARIF:
		if (!o->failed)
			sarif_end(o, s);
		sarif_free(o);
		break;
	case FMT_GITHUB:
		if (!o->failed)
			gh_end(o);
		break;
	case FMT_CHECKSTYLE:
		if (!o->failed)
			cs_end(o);
		break;
	case FMT_JUNIT:
		junit_end(o);
		break;
	default:
		break;
	}
	check_write(o);
	o->state = NULL;
}
