/*
 * sarif.c: the sarif format, SARIF 2.1.0 as GitHub code scanning reads
 * it.  Every rule is in tool.driver.rules[]; results name theirs by id and
 * index.  Artifact URIs are relative to the working directory.  Columns
 * count Unicode code points (run.columnKind).  Documents that cannot be
 * read become tool execution notifications of the run's invocation.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "output.h"

struct sarif {
	const struct dgs_rule_info **rules;
	size_t		 nrules;
	char		*cwd;		/* NULL if unknown */
	struct str	 notes;		/* notification objects, comma-led */
	size_t		 nnotes;
	struct fingerprints fp;
};

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
		putc('}', o->fp);
		/* Only where the rule pages were said to be (--rule-url). */
		if ((fd = rule_url(o->rule_url, r)) != NULL) {
			fputs(", \"helpUri\": ", o->fp);
			json_str(o->fp, fd);
			free(fd);
		}
		if (r->severity == DGS_SEV_OFF)
			fputs(", \"defaultConfiguration\": {\"enabled\": "
			    "false, \"level\": \"note\"}}", o->fp);
		else
			fprintf(o->fp, ", \"defaultConfiguration\": "
			    "{\"level\": \"%s\"}}", level_word(r->severity,
			    "note"));
	}
	fputs("\n          ]\n        }\n      },\n"
	    "      \"columnKind\": \"unicodeCodePoints\",\n"
	    "      \"results\": [", o->fp);
}

/* A fix as SARIF's fixes: one artifactChange of the result's file, a
 * replacement per edit (a region of code points, and its bytes). */
static void
sarif_fix(FILE *fp, const char *uri, const struct dgs_fix *fx)
{
	const struct dgs_edit *e;
	size_t k;

	fputs(", \"fixes\": [{\"description\": {\"text\": ", fp);
	json_str(fp, fx->description);
	fputs("}, \"artifactChanges\": [{\"artifactLocation\": {\"uri\": ",
	    fp);
	json_str(fp, uri);
	fputs("}, \"replacements\": [", fp);
	for (k = 0; k < fx->nedits; k++) {
		e = &fx->edits[k];
		fprintf(fp, "%s{\"deletedRegion\": {\"startLine\": %lu, "
		    "\"startColumn\": %lu, \"endLine\": %lu, "
		    "\"endColumn\": %lu}, \"insertedContent\": {\"text\": ",
		    k ? ", " : "", e->line, e->column, e->end_line,
		    e->end_column);
		json_str(fp, e->text);
		fputs("}}", fp);
	}
	fprintf(fp, "]}], \"properties\": {\"safety\": \"%s\"}}]",
	    fx->safety == DGS_FIX_SAFE ? "safe" : "unsafe");
}

static void
sarif_file(struct output *o, const char *name, const struct findings *res)
{
	struct sarif *st = o->state;
	const struct dgs_finding *f;
	unsigned long line, col, eline, ecol;
	uint64_t h;
	char *uri;
	size_t i, n;
	long idx;

	if ((n = count_shown(o, res)) == 0)
		return;
	fp_start(&st->fp, n);
	uri = sarif_uri(st, name);
	for (i = 0; (f = shown_next(o, res, &i)) != NULL;) {
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
		    level_word(f->severity, "note"));
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
		 * line, but the occurrence among equal ones (output.h). */
		h = fp_hash(uri, f->rule->id, f->pointer);
		fprintf(o->fp, "}], \"partialFingerprints\": {\"dgslint/v1\": "
		    "\"%016llx:%zu\"}", (unsigned long long)h,
		    fp_occurrence(&st->fp, h));
		if (f->fix != NULL)
			sarif_fix(o->fp, uri, f->fix);
		putc('}', o->fp);
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

static void
sarif_free(struct output *o)
{
	struct sarif *st = o->state;

	free(st->rules);
	free(st->cwd);
	free(st->notes.s);
	fp_free(&st->fp);
	free(st);
	o->state = NULL;
}

/* {"$schema": ..., "version": "2.1.0", "runs": [...]}, every run's
 * tool.driver.name "dgslint". */
static int
sarif_is(struct json_object *o)
{
	static const char *const names[] = { "$schema", "version", "runs" };
	struct json_object *v, *w, *runs;
	size_t i, n;

	if (!members_among(o, names, 3) || !member_is(o, "version", "2.1.0") ||
	    !json_object_object_get_ex(o, "runs", &runs) ||
	    !json_object_is_type(runs, json_type_array) ||
	    (n = json_object_array_length(runs)) == 0)
		return 0;
	for (i = 0; i < n; i++) {
		v = json_object_array_get_idx(runs, i);
		if (!json_object_is_type(v, json_type_object) ||
		    !json_object_object_get_ex(v, "tool", &w) ||
		    !json_object_is_type(w, json_type_object) ||
		    !json_object_object_get_ex(w, "driver", &w) ||
		    !member_is(w, "name", "dgslint"))
			return 0;
	}
	return 1;
}

const struct format_ops out_sarif = {
	.name = "sarif",
	.help = "SARIF 2.1.0, as GitHub code scanning reads it",
	.begin = sarif_begin,
	.file = sarif_file,
	.unreadable = sarif_unreadable,
	.end = sarif_end,
	.done = sarif_free,
	.own = { "$schema", 0, sarif_is,
	    "a report of dgslint --format sarif" },
};
