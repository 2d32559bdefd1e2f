/*
 * loader.c: what a load of a configuration (read.c) locates in its text
 * and says there: its faults, on stderr or as findings (config_check()),
 * and the places it keeps (see loader.h); and the array of glob patterns,
 * a value that read.c and sensitivity.c both read.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../cli.h"
#include "loader.h"
#include "../format/output.h"

struct want *
want(struct loader *ld, enum want_kind kind, const char *ptr, int at_key)
{
	struct want *w;

	if (ld->nw == ld->cap) {
		ld->cap = ld->cap ? ld->cap * 2 : 64;
		ld->w = xrealloc(ld->w, ld->cap * sizeof(*ld->w));
	}
	w = &ld->w[ld->nw++];
	memset(w, 0, sizeof(*w));
	w->kind = kind;
	w->at_key = at_key;
	w->ptr = kind == WANT_PLACE ? NULL : xstrdup(ptr);
	return w;
}

/* Takes pointer and message (allocated). */
void
finding_add(struct config_findings *out, unsigned long line,
    unsigned long col, char *pointer, const struct dgs_rule_info *rule,
    enum dgs_severity sev, char *message)
{
	struct dgs_finding *f;

	out->v = xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
	f = &out->v[out->n++];
	memset(f, 0, sizeof(*f));
	f->file = out->file;
	f->line = f->end_line = line;
	f->column = f->end_column = col;
	f->pointer = pointer;
	f->rule = rule;
	f->severity = sev;
	f->message = message;
}

/* Writes s to standard error with its control characters (C0, DEL, C1)
 * as \uXXXX: messages quote names from the file, and a name may hold a
 * terminal sequence. */
static const char *
err_esc(unsigned long cp, char buf[16], void *arg)
{
	(void)arg;
	return dgs_text_control(cp) ? dgs_text_uescape(cp, buf) : NULL;
}

void
err_puts(const char *s)
{
	text_write(stderr, s, err_esc, 0);
}

/* Printed at the end of the load (locate_all()). */
void
config_error(struct loader *ld, const char *pointer, int at_key,
    const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	want(ld, WANT_ERROR, pointer, at_key)->msg = msg;
	ld->failed = 1;
}

/* A key that is read but not used: said as an error is, at the key (a
 * finding of DGS002 for config_check()), but the configuration is used,
 * without it. */
void
config_notice(struct loader *ld, const char *pointer, const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	msg = xvasprintf(fmt, ap);
	va_end(ap);
	want(ld, WANT_NOTICE, pointer, 1)->msg = msg;
}

char *
ptr_join(const char *base, const char *key)
{
	size_t n = strlen(base) + 2 * strlen(key) + 2, i, j;
	char *p = xcalloc(1, n);

	j = (size_t)snprintf(p, n, "%s/", base);
	for (i = 0; key[i] != '\0'; i++) {
		if (key[i] == '~' || key[i] == '/') {
			p[j++] = '~';
			p[j++] = key[i] == '~' ? '0' : '1';
		} else
			p[j++] = key[i];
	}
	p[j] = '\0';
	return p;
}

char *
ptr_index(const char *base, size_t i)
{
	size_t n = strlen(base) + 24;
	char *p = xcalloc(1, n);

	snprintf(p, n, "%s/%zu", base, i);
	return p;
}

/* Where the string value (or member name, at_key) that ptr names lies
 * in the text: filled by locate_all(). */
void
place_of(struct loader *ld, const char *ptr, int at_key, struct config_place *pl)
{
	struct want *w = want(ld, WANT_PLACE, ptr, at_key);

	pl->ptr = xstrdup(ptr);
	pl->line = pl->end_line = pl->column = pl->end_column = 1;
	w->ptr = pl->ptr;
	w->pl = pl;
}

/* A place's end: past the string token at offset i, if it is one. */
static void
place_end(const struct loader *ld, size_t i, struct config_place *pl)
{
	size_t n;

	if (i >= ld->len || ld->text[i] != '"')
		return;
	/* The string, to just past its closing quote. */
	for (i++, pl->end_column++; i < ld->len && ld->text[i] != '"' &&
	    ld->text[i] != '\n'; pl->end_column++) {
		if (ld->text[i] == '\\' && i + 1 < ld->len) {
			i += 2;
			pl->end_column++;
			continue;
		}
		n = dgs_utf8_decode(ld->text + i, ld->len - i, NULL);
		i += n > 0 ? n : 1;
	}
	if (i < ld->len && ld->text[i] == '"')
		pl->end_column++;
}

/* Locates everything wanted, in one pass, and prints the errors in the
 * order they were found. */
void
locate_all(struct loader *ld)
{
	const char **ptrs;
	int *at_key;
	unsigned long *line, *col;
	size_t *off, i, n;
	struct want *w;

	if (ld->nw == 0)
		return;
	ptrs = xcalloc(ld->nw, sizeof(*ptrs));
	at_key = xcalloc(ld->nw, sizeof(*at_key));
	line = xcalloc(ld->nw, sizeof(*line));
	col = xcalloc(ld->nw, sizeof(*col));
	off = xcalloc(ld->nw, sizeof(*off));
	for (i = 0; i < ld->nw; i++) {
		ptrs[i] = ld->w[i].ptr;
		at_key[i] = ld->w[i].at_key;
	}
	if (dgs_json_positions(ld->text, ld->len, ld->nw, ptrs, at_key, line,
	    col, off) != 0) {
		fprintf(stderr, "dgslint: out of memory\n");
		exit(2);
	}
	for (i = 0; i < ld->nw; i++) {
		w = &ld->w[i];
		switch (w->kind) {
		case WANT_PLACE:
			w->pl->line = w->pl->end_line = line[i];
			w->pl->column = w->pl->end_column = col[i];
			place_end(ld, off[i], w->pl);
			break;
		case WANT_ERROR:
		case WANT_NOTICE:
			/* config_check(): a finding of DGS002. */
			if (ld->out != NULL) {
				finding_add(ld->out, line[i], col[i],
				    xstrdup(w->ptr), dgs_rule_find("DGS002"),
				    DGS_SEV_ERROR, w->msg);
				w->msg = NULL;
				break;
			}
			fprintf(stderr, "dgslint: %s:%lu:%lu: ", ld->path,
			    line[i], col[i]);
			err_puts(w->msg);
			fputc('\n', stderr);
			break;
		case WANT_AT:
		case WANT_LINE:
			n = strlen(ld->path) + 48;
			free(*w->where);
			*w->where = xcalloc(1, n);
			if (w->kind == WANT_AT)
				snprintf(*w->where, n, "%s:%lu:%lu", ld->path,
				    line[i], col[i]);
			else
				snprintf(*w->where, n, "%s:%lu", ld->path,
				    line[i]);
			break;
		}
		if (w->kind != WANT_PLACE)
			free(w->ptr);
		free(w->msg);
	}
	free(ld->w);
	ld->w = NULL;
	ld->nw = ld->cap = 0;
	free(ptrs);
	free(at_key);
	free(line);
	free(col);
	free(off);
}

/* "exclude", "include", an override's "files", "notSensitive" and
 * "sensitive": an array of glob patterns, each checked; *nout receives
 * how many are kept. */
char **
read_globs(struct loader *ld, struct json_object *o, const char *ptr,
    const char *what, size_t *nout)
{
	char **v, *p;
	const char *why;
	size_t i, n;

	*nout = 0;
	if (!json_object_is_type(o, json_type_array)) {
		config_error(ld, ptr, 0, "\"%s\" must be an array of glob "
		    "patterns", what);
		return NULL;
	}
	n = json_object_array_length(o);
	v = xcalloc(n, sizeof(*v));
	for (i = 0; i < n; i++) {
		struct json_object *g = json_object_array_get_idx(o, i);

		p = ptr_index(ptr, i);
		if (!json_object_is_type(g, json_type_string))
			config_error(ld, p, 0, "a pattern must be a string");
		else if (!glob_valid(json_object_get_string(g), &why))
			config_error(ld, p, 0, "bad pattern \"%s\": %s",
			    json_object_get_string(g), why);
		else
			v[(*nout)++] = xstrdup(json_object_get_string(g));
		free(p);
	}
	return v;
}
