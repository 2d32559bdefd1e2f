/*
 * text.c: positions in a document of the language server.  The library
 * counts lines and characters, the protocol UTF-16 code units or bytes:
 * both are counted here from byte offsets in the text.  Calls nothing of
 * the server's other files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cli.h"
#include "lsp.h"

/*
 * Positions.  Lines end at '\n', as the library counts them; a
 * character starts at every byte that is not a UTF-8 continuation byte.
 */
static int
is_cont(const char *s, size_t i)
{
	return ((unsigned char)s[i] & 0xc0) == 0x80;
}

void
lsp_text_init(struct lsp_text *t, const char *s, size_t len, int utf8)
{
	const char *p = s, *nl;
	size_t cap = 64;

	memset(t, 0, sizeof(*t));
	t->s = s;
	t->len = len;
	t->utf8 = utf8;
	t->line = xmalloc(cap * sizeof(*t->line));
	t->line[t->nlines++] = 0;
	while ((nl = memchr(p, '\n', len - (size_t)(p - s))) != NULL) {
		if (t->nlines == cap) {
			cap *= 2;
			t->line = xrealloc(t->line, cap * sizeof(*t->line));
		}
		p = nl + 1;
		t->line[t->nlines++] = (size_t)(p - s);
	}
}

void
lsp_text_free(struct lsp_text *t)
{
	free(t->line);
	t->line = NULL;
}

/* Code units from a to b (b at a character's start). */
static size_t
units(const struct lsp_text *t, size_t a, size_t b)
{
	size_t u = 0;

	if (t->utf8)
		return b - a;
	for (; a < b; a++)
		if (!is_cont(t->s, a))
			u += (unsigned char)t->s[a] >= 0xf0 ? 2 : 1;
	return u;
}

static size_t
line_of(const struct lsp_text *t, size_t off)
{
	size_t lo = 0, hi = t->nlines, mid;

	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (t->line[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

json_object *
lsp_pos_offset(const struct lsp_text *t, size_t off)
{
	json_object *p = json_object_new_object();
	size_t l;

	if (off > t->len)
		off = t->len;
	l = line_of(t, off);
	json_object_object_add(p, "line", json_object_new_int64((int64_t)l));
	json_object_object_add(p, "character",
	    json_object_new_int64((int64_t)units(t, t->line[l], off)));
	return p;
}

/* The byte just past the character at off. */
size_t
lsp_next_char(const struct lsp_text *t, size_t off)
{
	if (off >= t->len)
		return t->len;
	for (off++; off < t->len && is_cont(t->s, off); off++)
		;
	return off;
}

size_t
lsp_offset_linecol(const struct lsp_text *t, unsigned long line,
    unsigned long column)
{
	size_t p;
	unsigned long k;

	if (line == 0)
		return 0;
	if (line > t->nlines)
		return t->len;
	p = t->line[line - 1];
	for (k = 1; k < column && p < t->len && t->s[p] != '\n'; k++)
		p = lsp_next_char(t, p);
	return p;
}

static long
offset_pos(const struct lsp_text *t, json_object *pos, int within)
{
	json_object *lv, *cv;
	int64_t line, ch;
	size_t p, u = 0, n;

	if (pos == NULL || !json_object_is_type(pos, json_type_object) ||
	    !json_object_object_get_ex(pos, "line", &lv) ||
	    !json_object_object_get_ex(pos, "character", &cv) ||
	    !json_object_is_type(lv, json_type_int) ||
	    !json_object_is_type(cv, json_type_int))
		return -1;
	line = json_object_get_int64(lv);
	ch = json_object_get_int64(cv);
	if (line < 0 || ch < 0)
		return -1;
	if ((uint64_t)line >= t->nlines) {
		if (within && ((uint64_t)line > t->nlines || ch > 0))
			return -1;
		return (long)t->len;
	}
	p = t->line[line];
	while (p < t->len && t->s[p] != '\n' && u < (uint64_t)ch) {
		n = lsp_next_char(t, p);
		u += t->utf8 ? n - p : (unsigned char)t->s[p] >= 0xf0 ? 2 : 1;
		p = n;
	}
	return (long)p;
}

long
lsp_offset_pos(const struct lsp_text *t, json_object *pos)
{
	return offset_pos(t, pos, 0);
}

long
lsp_offset_pos_within(const struct lsp_text *t, json_object *pos)
{
	return offset_pos(t, pos, 1);
}

json_object *
lsp_range(const struct lsp_text *t, size_t a, size_t b)
{
	json_object *r = json_object_new_object();

	json_object_object_add(r, "start", lsp_pos_offset(t, a));
	json_object_object_add(r, "end", lsp_pos_offset(t, b));
	return r;
}

/* A finding's byte range: its end when the library knows it, else one
 * character. */
void
lsp_finding_span(const struct lsp_text *t, const struct dgs_finding *f,
    size_t *a, size_t *b)
{
	*a = lsp_offset_linecol(t, f->line, f->column);
	if (f->end_line != 0 && f->end_column != 0)
		*b = lsp_offset_linecol(t, f->end_line, f->end_column);
	else
		*b = *a < t->len && t->s[*a] != '\n' ? lsp_next_char(t, *a) : *a;
	if (*b < *a)
		*b = *a;
}
