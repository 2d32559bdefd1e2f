/*
 * locate.c: from findings to places in the text.  dgs_locate() runs only
 * when a file has findings: one pass that turns every finding's JSON
 * Pointer into a byte offset (going straight to the root array's
 * elements that findings point into, and skipping other subtrees), then
 * one sorted sweep from offsets to line and column.  The text may not be
 * JSON (dgs_json_position()): the walk stops at whatever is not a value
 * or a member name.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_util.h"
#include "dgs_text.h"
#include "dgs_lex.h"
#include "dgs_json.h"
#include "dgs_report.h"

struct locent {
	const char	*ptr;	/* borrowed; the first len bytes count */
	size_t		 len;
	size_t		 key_off;	/* opening quote of the name, or -1 */
	size_t		 key_end;
	size_t		 val_off;
	size_t		 val_end;
	int		 found;
	int		 prefix_only;	/* only a path to others */
};

struct locmap {
	struct locent	*ents;
	size_t		 cap, n;
};

static struct locent *
map_find(const struct locmap *m, const char *key, size_t len)
{
	size_t j;

	if (m->cap == 0)
		return NULL;
	j = dgs_hash(key, len) & (m->cap - 1);
	while (m->ents[j].ptr != NULL) {
		if (m->ents[j].len == len &&
		    memcmp(m->ents[j].ptr, key, len) == 0)
			return &m->ents[j];
		j = (j + 1) & (m->cap - 1);
	}
	return NULL;
}

/* Adds key (borrowed) unless present; returns its entry or NULL. */
static struct locent *
map_add(struct locmap *m, const char *key, size_t len, int *isnew)
{
	struct locent *e, *ents;
	size_t j, i, cap;

	*isnew = 0;
	if ((e = map_find(m, key, len)) != NULL)
		return e;
	if ((m->n + 1) * 2 > m->cap) {
		cap = m->cap ? m->cap * 2 : 64;
		if ((ents = calloc(cap, sizeof(*ents))) == NULL)
			return NULL;
		for (i = 0; i < m->cap; i++) {
			if (m->ents[i].ptr == NULL)
				continue;
			j = dgs_hash(m->ents[i].ptr, m->ents[i].len) &
			    (cap - 1);
			while (ents[j].ptr != NULL)
				j = (j + 1) & (cap - 1);
			ents[j] = m->ents[i];
		}
		free(m->ents);
		m->ents = ents;
		m->cap = cap;
	}
	j = dgs_hash(key, len) & (m->cap - 1);
	while (m->ents[j].ptr != NULL)
		j = (j + 1) & (m->cap - 1);
	e = &m->ents[j];
	memset(e, 0, sizeof(*e));
	e->ptr = key;
	e->len = len;
	e->key_off = (size_t)-1;
	e->prefix_only = 1;
	m->n++;
	*isnew = 1;
	return e;
}

/*
 * A NUL byte ends every scan here: JSON has none outside a string, and
 * none unescaped inside one, so a well-formed value never holds one.  It
 * is what a memory-mapped document cut short while it is read holds
 * from there on (cli/repo/mapfile.c maps zeroed pages over those lost):
 * read on, each element a finding points into was scanned to the end of
 * the mapping, megabytes of zeros for every element (an 86 MB document
 * cut short took two hours), where stopping at the first costs nothing.
 */

/* End of the well-formed string whose quote is at pos (after the close;
 * at a NUL, the NUL). */
static size_t
skip_string(const char *s, size_t len, size_t pos)
{
	for (pos++; pos < len && s[pos] != '\0'; pos++) {
		if (s[pos] == '\\' && pos + 1 < len && s[pos + 1] != '\0')
			pos++;
		else if (s[pos] == '"')
			return pos + 1;
	}
	return pos;
}

/* End of the well-formed value at pos (at a NUL, the NUL). */
static size_t
skip_value(const char *s, size_t len, size_t pos)
{
	size_t depth = 0;

	if (pos >= len)
		return len;
	if (s[pos] == '"')
		return skip_string(s, len, pos);
	if (s[pos] != '{' && s[pos] != '[') {
		while (pos < len && s[pos] != '\0' &&
		    !dgs_lex_is_ws((unsigned char)s[pos]) &&
		    s[pos] != ',' && s[pos] != '}' && s[pos] != ']')
			pos++;
		return pos;
	}
	while (pos < len && s[pos] != '\0') {
		switch (s[pos]) {
		case '"':
			pos = skip_string(s, len, pos);
			continue;
		case '{': case '[':
			depth++;
			break;
		case '}': case ']':
			if (--depth == 0)
				return pos + 1;
			break;
		default:
			break;
		}
		pos++;
	}
	return pos;
}

static size_t
skip_ws_plain(const char *s, size_t len, size_t pos)
{
	return dgs_lex_ws((const unsigned char *)s, pos, len);
}

/* Appends "/idx" to a pointer, without printf: once per element of
 * every array walked. */
static void
add_index(struct dgs_buf *path, size_t idx)
{
	char tok[24], *p = tok + sizeof(tok);

	do
		*--p = (char)('0' + idx % 10);
	while ((idx /= 10) > 0);
	*--p = '/';
	dgs_buf_add(path, p, (size_t)(tok + sizeof(tok) - p));
}

/* Walks the value at pos whose pointer is path (in *path, length plen),
 * recording entries; returns the end of the value. Recursion depth is
 * bounded by the depth of the deepest pointer asked for. */
static size_t
walk(const char *s, size_t len, size_t pos, struct dgs_buf *path,
    struct locmap *m, size_t key_off, size_t key_end, struct dgs_buf *tmp)
{
	struct locent *e;
	size_t plen = path->len, end, idx, q;

	/* dgs_json_position() may be given text that is not JSON: stop at
	 * its end, and at whatever is not a value or a member name. */
	if (pos >= len)
		return len;
	e = map_find(m, path->s ? path->s : "", path->len);
	if (e == NULL)
		return skip_value(s, len, pos);
	if (s[pos] == '{' || s[pos] == '[') {
		int obj = s[pos] == '{';
		size_t open = pos, before;

		pos = skip_ws_plain(s, len, pos + 1);
		idx = 0;
		while (pos < len && s[pos] != (obj ? '}' : ']')) {
			size_t ko = (size_t)-1, ke = 0;
			before = pos;
			if (obj) {
				ko = pos;
				q = skip_string(s, len, pos);
				if (s[pos] != '"' || q < pos + 2)
					break;
				ke = q;
				dgs_decode_string(tmp, s + pos + 1, q - pos - 2);
				path->len = plen;
				dgs_buf_add_ptr_token(path, tmp->s, tmp->len);
				pos = skip_ws_plain(s, len, q);
				pos = skip_ws_plain(s, len, pos + 1); /* ':' */
			} else {
				path->len = plen;
				add_index(path, idx);
			}
			if (path->oom)
				return len;
			pos = walk(s, len, pos, path, m, ko, ke, tmp);
			pos = skip_ws_plain(s, len, pos);
			if (pos < len && s[pos] == ',')
				pos = skip_ws_plain(s, len, pos + 1);
			else if (pos == before)
				break;
			idx++;
		}
		path->len = plen;
		if (path->s != NULL)
			path->s[plen] = '\0';
		end = pos < len ? pos + 1 : len;
		e = map_find(m, path->s ? path->s : "", plen);
		if (e != NULL) {
			e->found = 1;
			e->val_off = open;
			e->val_end = open + 1;
			e->key_off = key_off;
			e->key_end = key_end;
		}
		return end;
	}
	end = skip_value(s, len, pos);
	e->found = 1;
	e->val_off = pos;
	e->val_end = end;
	e->key_off = key_off;
	e->key_end = key_end;
	return end;
}

size_t
dgs_string_index_offset(const char *s, size_t len, size_t off, long cp,
    size_t *cend)
{
	size_t pos = off + 1, n;
	long i;

	for (i = 0; pos < len && s[pos] != '"'; i++) {
		if (s[pos] == '\\' && pos + 1 < len && s[pos + 1] == 'u') {
			/* A surrogate pair is one character. */
			n = 6;
			if (pos + 11 < len && (s[pos + 2] | 0x20) == 'd' &&
			    strchr("89abAB", s[pos + 3]) != NULL &&
			    s[pos + 6] == '\\' && s[pos + 7] == 'u' &&
			    (s[pos + 8] | 0x20) == 'd' &&
			    strchr("cdefCDEF", s[pos + 9]) != NULL)
				n = 12;
		} else if (s[pos] == '\\')
			n = 2;
		else if ((n = dgs_utf8_decode(s + pos,
		    len - pos, NULL)) == 0)
			n = 1;
		if (i == cp) {
			*cend = pos + n;
			return pos;
		}
		pos += n;
	}
	*cend = pos + 1 > len ? len : pos + 1;
	return pos;
}

long
dgs_char_index(const char *s, size_t off)
{
	size_t i = 0, n;
	long c = 0;

	while (i < off) {
		if ((unsigned char)s[i] == 0xc0 && i + 1 < off &&
		    (unsigned char)s[i + 1] == 0x80)
			n = 2;	/* \u0000 (DGS_NUL_HELD) */
		else
			n = dgs_utf8_decode(s + i, off - i, NULL);
		i += n > 0 ? n : 1;
		c++;
	}
	return c;
}

struct target {
	size_t	 off;
	unsigned long *line, *col;
};

static int
target_cmp(const void *a, const void *b)
{
	const struct target *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

/* The element of the root array that pointer p (of plen bytes) points
 * into: "/N" or "/N/...", with N as add_index() spells it (no leading
 * zero); 0 when there is none. */
static int
root_index(const char *p, size_t plen, size_t *idx)
{
	size_t i, n = 0;

	if (plen < 2 || p[0] != '/' || p[1] < '0' || p[1] > '9' ||
	    (p[1] == '0' && plen > 2 && p[2] != '/'))
		return 0;
	for (i = 1; i < plen && p[i] != '/'; i++) {
		if (p[i] < '0' || p[i] > '9' || n > (SIZE_MAX - 9) / 10)
			return 0;
		n = n * 10 + (size_t)(p[i] - '0');
	}
	*idx = n;
	return 1;
}

static int
size_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* The root array, whose elements' spans the scanner recorded: only the
 * elements a finding points into (roots, sorted, n of them) are read,
 * the others not even skipped nor looked up: a document of 512 MB has
 * two million elements, and a lookup each in the map of the findings'
 * pointers, tens of megabytes, took a tenth of its time. */
static void
walk_root_array(const char *s, size_t len, size_t pos,
    const struct dgs_spans *sp, const size_t *roots, size_t n,
    struct dgs_buf *path, struct locmap *m, struct dgs_buf *tmp)
{
	struct locent *e;
	size_t i, r, dropped = 0;

	for (r = 0; r < n && !path->oom; r++) {
		if ((i = roots[r]) >= sp->n || (r > 0 && i == roots[r - 1]))
			continue;
		path->len = 0;
		add_index(path, i);
		if (path->oom)
			return;
		if (map_find(m, path->s, path->len) == NULL)
			continue;
		walk(s, len, sp->v[2 * i], path, m, (size_t)-1, 0, tmp);
		/* A memory map's pages, read, are given back. */
		dgs_text_drop(sp->map, &dropped, sp->v[2 * i + 1]);
	}
	path->len = 0;
	if (path->s != NULL)
		path->s[0] = '\0';
	if ((e = map_find(m, "", 0)) != NULL) {
		e->found = 1;
		e->val_off = pos;
		e->val_end = pos + 1;
		e->key_off = (size_t)-1;
		e->key_end = 0;
	}
}

static int
locate_offsets(struct dgs_result *res, const char *s, size_t len,
    size_t start, const struct dgs_spans *sp)
{
	struct locmap m = { 0 };
	struct dgs_buf path = { 0 }, tmp = { 0 };
	struct dgs_item *it;
	struct locent *e;
	char *p;
	size_t i, k, plen, *roots = NULL, nroots = 0;
	int isnew, need = 0, rc = 0;

	/* Every pointer asked for, and every prefix of one. */
	for (i = 0; i < res->nitems; i++) {
		it = &res->items[i];
		if (it->at == DGS_AT_OFFSET || it->pointer == NULL)
			continue;
		need = 1;
		p = it->pointer;
		plen = strlen(p);
		if ((e = map_add(&m, p, plen, &isnew)) == NULL)
			goto oom;
		if (sp != NULL && root_index(p, plen, &k)) {
			if (roots == NULL && (roots = malloc(res->nitems *
			    sizeof(*roots))) == NULL)
				goto oom;
			roots[nroots++] = k;
		}
		e->prefix_only = 0;
		for (k = plen; k > 0; k--) {
			if (p[k - 1] != '/')
				continue;
			if (map_add(&m, p, k - 1, &isnew) == NULL)
				goto oom;
			if (!isnew)
				break;
		}
	}
	if (!need)
		goto done;
	dgs_buf_add(&path, "", 0);
	start = skip_ws_plain(s, len, start);
	if (sp != NULL && sp->n > 0 && start < len && s[start] == '[') {
		if (nroots > 1)
			qsort(roots, nroots, sizeof(*roots), size_cmp);
		walk_root_array(s, len, start, sp, roots, nroots, &path, &m,
		    &tmp);
	}
	else
		walk(s, len, start, &path, &m, (size_t)-1, 0, &tmp);
	if (path.oom || tmp.oom)
		goto oom;
	for (i = 0; i < res->nitems; i++) {
		it = &res->items[i];
		if (it->at == DGS_AT_OFFSET || it->pointer == NULL)
			continue;
		/* A pointer to something absent lands on its nearest
		 * existing ancestor. */
		plen = strlen(it->pointer);
		for (;;) {
			e = map_find(&m, it->pointer, plen);
			if ((e != NULL && e->found) || plen == 0)
				break;
			while (plen > 0 && it->pointer[plen - 1] != '/')
				plen--;
			if (plen > 0)
				plen--;
		}
		if (e == NULL || !e->found) {
			it->offset = start;
			it->end = start;
			continue;
		}
		if (it->at == DGS_AT_KEY && e->key_off != (size_t)-1 &&
		    plen == strlen(it->pointer)) {
			it->offset = e->key_off;
			it->end = e->key_end;
		} else if (it->str_index >= 0 && s[e->val_off] == '"' &&
		    plen == strlen(it->pointer)) {
			it->offset = dgs_string_index_offset(s, len, e->val_off,
			    it->str_index, &it->end);
		} else {
			it->offset = e->val_off;
			it->end = e->val_end;
		}
	}
	goto done;
oom:
	rc = DGS_ENOMEM;
done:
	free(roots);
	free(m.ents);
	dgs_buf_free(&path);
	dgs_buf_free(&tmp);
	return rc;
}

int
dgs_locate(struct dgs_result *res, const char *s, size_t len, size_t start)
{
	return dgs_locate_spans(res, s, len, start, NULL);
}

int
dgs_locate_spans(struct dgs_result *res, const char *s, size_t len,
    size_t start, const struct dgs_spans *sp)
{
	struct target *t;
	struct dgs_finding *f;
	size_t i, n, pos, linestart, colpos, dropped = 0;
	unsigned long line, col;
	const char *nl;
	int rc;

	if ((rc = locate_offsets(res, s, len, start, sp)) != 0)
		return rc;
	if (res->nfindings == 0)
		return 0;
	if ((t = calloc(res->nfindings * 2, sizeof(*t))) == NULL)
		return DGS_ENOMEM;
	for (i = n = 0; i < res->nfindings; i++) {
		f = &res->findings[i];
		t[n].off = res->items[i].offset;
		t[n].line = &f->line;
		t[n++].col = &f->column;
		t[n].off = res->items[i].end > res->items[i].offset ?
		    res->items[i].end : res->items[i].offset;
		t[n].line = &f->end_line;
		t[n++].col = &f->end_column;
	}
	qsort(t, n, sizeof(*t), target_cmp);
	pos = linestart = colpos = 0;
	line = col = 1;
	for (i = 0; i < n; i++) {
		size_t off = t[i].off > len ? len : t[i].off;
		/* Whole lines at a time. */
		while (pos < off && (nl = memchr(s + pos, '\n', off - pos))
		    != NULL) {
			line++;
			pos = (size_t)(nl - s) + 1;
			linestart = colpos = pos;
			col = 1;
		}
		pos = off;
		if (colpos < linestart)
			colpos = linestart, col = 1;
		/* Characters: bytes that do not continue a sequence. */
		while (colpos < off) {
			if (((unsigned char)s[colpos] & 0xc0) != 0x80)
				col++;
			colpos++;
		}
		*t[i].line = line;
		*t[i].col = col;
		if (sp != NULL)
			dgs_text_drop(sp->map, &dropped, linestart);
	}
	free(t);
	return 0;
}

int
dgs_json_positions(const char *buf, size_t len, size_t n,
    const char *const *pointers, const int *at_key, unsigned long *line,
    unsigned long *column, size_t *offset)
{
	struct dgs_result res;
	struct dgs_item *items;
	struct dgs_finding *f;
	size_t start = 0, i;
	int rc;

	for (i = 0; i < n; i++) {
		line[i] = column[i] = 1;
		if (offset != NULL)
			offset[i] = 0;
	}
	if (n == 0)
		return 0;
	items = calloc(n, sizeof(*items));
	f = calloc(n, sizeof(*f));
	if (items == NULL || f == NULL) {
		free(items);
		free(f);
		return DGS_ENOMEM;
	}
	memset(&res, 0, sizeof(res));
	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		start = 3;
	for (i = 0; i < n; i++) {
		items[i].pointer = (char *)(uintptr_t)pointers[i];
		items[i].at = at_key != NULL && at_key[i] ? DGS_AT_KEY :
		    DGS_AT_VALUE;
		items[i].str_index = -1;
	}
	res.items = items;
	res.nitems = n;
	res.findings = f;
	res.nfindings = n;
	if ((rc = dgs_locate(&res, buf, len, start)) == 0)
		for (i = 0; i < n; i++) {
			line[i] = f[i].line;
			column[i] = f[i].column;
			if (offset != NULL)
				offset[i] = items[i].offset;
		}
	free(items);
	free(f);
	return rc;
}

int
dgs_json_position(const char *buf, size_t len, const char *pointer,
    int at_key, unsigned long *line, unsigned long *column)
{
	return dgs_json_positions(buf, len, 1, &pointer, &at_key, line,
	    column, NULL);
}

