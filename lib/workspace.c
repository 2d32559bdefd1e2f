/*
 * workspace.c: the rules across the documents of one run (DGS88x).
 *
 * The walkers take compact keys while they lint a document (dgs_ws_key():
 * a column configured, a subsetting table, a listed or resolved change),
 * located as findings are and kept in the result.  dgs_workspace_add()
 * then checks the keys of one document against those of the documents
 * added before it, appends its findings to that document's result, and
 * keeps the keys.  A finding is always on the later document, so a
 * program that adds and prints documents in one order prints the same,
 * whatever order they were linted in.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_int.h"

/* What one entry compares: its group (the rule, DGS884 counted as
 * DGS883, whose keys it shares), its side for DGS883 (a listed change or
 * a resolution item), its identity and code. */
struct ws_entry {
	int		 group;
	int		 resolution;	/* DGS883: a resolution item */
	size_t		 doc;		/* index in files */
	unsigned long	 line;
	char		*key;		/* KEY\0CODE\0 */
	size_t		 klen;		/* of KEY */
	const char	*code;		/* in key */
};

struct dgs_workspace {
	char		**files;
	size_t		  nfiles;
	struct ws_entry	 *e;
	size_t		  n, cap;
	struct dgs_index  ix;
	long		  first_list;	/* file of the first change list */
};

struct dgs_workspace *
dgs_workspace_new(void)
{
	struct dgs_workspace *ws;

	if ((ws = calloc(1, sizeof(*ws))) == NULL)
		return NULL;
	ws->first_list = -1;
	return ws;
}

void
dgs_workspace_free(struct dgs_workspace *ws)
{
	size_t i;

	if (ws == NULL)
		return;
	for (i = 0; i < ws->nfiles; i++)
		free(ws->files[i]);
	for (i = 0; i < ws->n; i++)
		free(ws->e[i].key);
	free(ws->files);
	free(ws->e);
	dgs_index_free(&ws->ix);
	free(ws);
}

/* A key's text split: KEY, CODE and WHAT (see struct dgs_wskey). */
struct parsed {
	const char	*key, *code, *what;
	size_t		 klen, clen;
};

static int
parse_text(const char *t, struct parsed *p)
{
	const char *a, *b;

	if ((a = strchr(t, '\t')) == NULL || (b = strchr(a + 1, '\t')) ==
	    NULL)
		return -1;
	p->key = t;
	p->klen = (size_t)(a - t);
	p->code = a + 1;
	p->clen = (size_t)(b - a - 1);
	p->what = b + 1;
	return 0;
}

static int
group_of(int rule)
{
	return rule == DGS_R_WS_RESOLUTION_UNLISTED ?
	    DGS_R_WS_RESOLUTION_MISMATCH : rule;
}

static uint64_t
entry_hash(int group, const char *key, size_t klen)
{
	return dgs_hash(key, klen) * 0x100000001b3ULL ^ (uint64_t)group;
}

/* The search for the earliest entry of a group and key: with the same
 * code (same), and with another code (other); for DGS883, on the other
 * side only. */
struct look {
	const struct dgs_workspace	*ws;
	int				 group, resolution;
	const struct parsed		*p;
	const char			*file;
	size_t				 same, other;
};

static int
look_one(void *arg, size_t pos)
{
	struct look *l = arg;
	const struct ws_entry *e = &l->ws->e[pos];
	int samecode;

	if (e->group != l->group || e->klen != l->p->klen ||
	    memcmp(e->key, l->p->key, e->klen) != 0)
		return 0;
	if (l->group == DGS_R_WS_RESOLUTION_MISMATCH &&
	    e->resolution == l->resolution)
		return 0;
	/* The same file given twice is one document. */
	if (strcmp(l->ws->files[e->doc], l->file) == 0)
		return 0;
	samecode = strlen(e->code) == l->p->clen &&
	    memcmp(e->code, l->p->code, l->p->clen) == 0;
	if (samecode && (l->same == DGS_INDEX_NONE || pos < l->same))
		l->same = pos;
	if (!samecode && (l->other == DGS_INDEX_NONE || pos < l->other))
		l->other = pos;
	return 0;
}

/* Whether an entry of doc with that group, side, key and code is kept
 * already (the keys of one document are compared once). */
struct dup {
	const struct dgs_workspace	*ws;
	const struct ws_entry		*x;
};

static int
dup_one(void *arg, size_t pos)
{
	const struct dup *d = arg;
	const struct ws_entry *e = &d->ws->e[pos];

	return e->group == d->x->group && e->resolution == d->x->resolution &&
	    e->klen == d->x->klen && memcmp(e->key, d->x->key, e->klen) == 0 &&
	    strcmp(e->code, d->x->code) == 0;
}

/* Appends a finding of rule at key k of res, with severity from opts. */
static int
add_finding(struct dgs_result *res, const struct dgs_options *opts,
    int rule, const struct dgs_wskey *k, struct dgs_buf *msg)
{
	struct dgs_item *it;
	struct dgs_finding *f;
	enum dgs_severity sev;
	char *ptr;
	size_t cap;

	if (msg->oom)
		return DGS_ENOMEM;
	if (!dgs_opts_enabled(opts, rule) ||
	    (sev = dgs_opts_severity(opts, rule, k->pointer)) == DGS_SEV_OFF) {
		dgs_buf_free(msg);
		return 0;
	}
	if ((ptr = dgs_strdup(k->pointer)) == NULL)
		goto oom;
	if (res->nitems == res->cap) {
		cap = res->cap ? res->cap * 2 : 16;
		if ((it = realloc(res->items, cap * sizeof(*it))) == NULL)
			goto oom;
		res->items = it;
		res->cap = cap;
	}
	if ((f = realloc(res->findings, (res->nfindings + 1) *
	    sizeof(*f))) == NULL)
		goto oom;
	res->findings = f;
	it = &res->items[res->nitems++];
	memset(it, 0, sizeof(*it));
	it->str_index = -1;
	it->pointer = ptr;
	it->message = msg->s;
	it->rule = rule;
	it->severity = sev;
	f = &res->findings[res->nfindings++];
	memset(f, 0, sizeof(*f));
	f->file = res->file;
	f->line = k->line;
	f->column = k->column;
	f->end_line = k->end_line;
	f->end_column = k->end_column;
	f->pointer = ptr;
	f->rule = &dgs_rules[rule];
	f->severity = sev;
	f->message = msg->s;
	return 0;
oom:
	free(ptr);
	dgs_buf_free(msg);
	return DGS_ENOMEM;
}

static int
check_key(struct dgs_workspace *ws, const struct dgs_options *opts,
    struct dgs_result *res, const struct dgs_wskey *k,
    const struct parsed *p)
{
	struct dgs_buf m = { 0 };
	struct look l;
	const struct ws_entry *e;
	int group = group_of(k->rule), resolution;

	resolution = res->kind == DGS_KIND_RESOLUTION;
	memset(&l, 0, sizeof(l));
	l.ws = ws;
	l.group = group;
	l.resolution = resolution;
	l.p = p;
	l.file = res->file;
	l.same = l.other = DGS_INDEX_NONE;
	dgs_index_each(&ws->ix, entry_hash(group, p->key, p->klen), look_one,
	    &l);
	switch (group) {
	case DGS_R_WS_DUPLICATE_COLUMN:
		if (l.same == DGS_INDEX_NONE)
			return 0;
		e = &ws->e[l.same];
		dgs_buf_addf(&m, "%s is also configured in %s:%lu; the service "
		    "keeps one configuration per column, so one of them is "
		    "lost: configure it in one file", p->what,
		    ws->files[e->doc], e->line);
		return add_finding(res, opts, group, k, &m);
	case DGS_R_WS_DUPLICATE_SUBSET:
		if (l.same == DGS_INDEX_NONE)
			return 0;
		e = &ws->e[l.same];
		dgs_buf_addf(&m, "the table %s is also configured in %s:%lu; a "
		    "table has one subsetting configuration: merge the two",
		    p->what, ws->files[e->doc], e->line);
		return add_finding(res, opts, group, k, &m);
	default:
		break;
	}
	if (l.same != DGS_INDEX_NONE)
		return 0;
	if (l.other != DGS_INDEX_NONE) {
		e = &ws->e[l.other];
		if (resolution)
			dgs_buf_addf(&m, "this item resolves %s as \"%.*s\", but "
			    "the schema-change list in %s:%lu lists it as "
			    "\"%s\"; resolve the change as listed", p->what,
			    (int)p->clen, p->code, ws->files[e->doc], e->line,
			    e->code);
		else
			dgs_buf_addf(&m, "%s is listed as \"%.*s\", but the "
			    "resolution item in %s:%lu resolves it as \"%s\"; "
			    "resolve the change as listed", p->what,
			    (int)p->clen, p->code, ws->files[e->doc], e->line,
			    e->code);
		return add_finding(res, opts, DGS_R_WS_RESOLUTION_MISMATCH, k,
		    &m);
	}
	if (!resolution || ws->first_list < 0)
		return 0;
	dgs_buf_addf(&m, "this item resolves %s (\"%.*s\"), which the "
	    "schema-change list in %s does not hold; remove the item, or "
	    "list the changes again", p->what, (int)p->clen, p->code,
	    ws->files[ws->first_list]);
	return add_finding(res, opts, DGS_R_WS_RESOLUTION_UNLISTED, k, &m);
}

static int
keep_key(struct dgs_workspace *ws, const struct dgs_result *res,
    const struct dgs_wskey *k, const struct parsed *p)
{
	struct ws_entry x, *e;
	struct dup d;
	uint64_t h;
	size_t cap;

	memset(&x, 0, sizeof(x));
	x.group = group_of(k->rule);
	x.resolution = res->kind == DGS_KIND_RESOLUTION;
	x.doc = ws->nfiles - 1;
	x.line = k->line;
	x.klen = p->klen;
	if ((x.key = malloc(p->klen + p->clen + 2)) == NULL)
		return DGS_ENOMEM;
	memcpy(x.key, p->key, p->klen);
	x.key[p->klen] = '\0';
	memcpy(x.key + p->klen + 1, p->code, p->clen);
	x.key[p->klen + 1 + p->clen] = '\0';
	x.code = x.key + p->klen + 1;
	d.ws = ws;
	d.x = &x;
	h = entry_hash(x.group, p->key, p->klen);
	if (dgs_index_find(&ws->ix, h, dup_one, &d) != DGS_INDEX_NONE) {
		free(x.key);
		return 0;
	}
	if (ws->n == ws->cap) {
		cap = ws->cap ? ws->cap * 2 : 64;
		if ((e = realloc(ws->e, cap * sizeof(*e))) == NULL)
			goto oom;
		ws->e = e;
		ws->cap = cap;
	}
	if (dgs_index_add(&ws->ix, h, ws->n) != 0)
		goto oom;
	ws->e[ws->n++] = x;
	return 0;
oom:
	free(x.key);
	return DGS_ENOMEM;
}

int
dgs_workspace_add(struct dgs_workspace *ws, const struct dgs_options *opts,
    struct dgs_result *res)
{
	struct dgs_strset seen = { NULL, 0, 0 };
	struct parsed p;
	char **files;
	size_t i, had;
	int rc;

	if (ws == NULL || opts == NULL || res == NULL)
		return DGS_EINVAL;
	if ((files = realloc(ws->files, (ws->nfiles + 1) *
	    sizeof(*files))) == NULL)
		return DGS_ENOMEM;
	ws->files = files;
	if ((files[ws->nfiles] = dgs_strdup(res->file ? res->file : "-")) ==
	    NULL)
		return DGS_ENOMEM;
	ws->nfiles++;
	had = res->nfindings;
	for (i = 0; i < res->nwskeys; i++) {
		/* A key the document holds twice is checked once, at the
		 * first: the rules of one document report the second. */
		if (parse_text(res->wskeys[i].text, &p) != 0 ||
		    (rc = dgs_strset_add(&seen, res->wskeys[i].text)) == 0)
			continue;
		if (rc < 0 ||
		    check_key(ws, opts, res, &res->wskeys[i], &p) != 0) {
			dgs_strset_free(&seen);
			return DGS_ENOMEM;
		}
	}
	dgs_strset_free(&seen);
	for (i = 0; i < res->nwskeys; i++) {
		if (parse_text(res->wskeys[i].text, &p) != 0)
			continue;
		if (keep_key(ws, res, &res->wskeys[i], &p) != 0)
			return DGS_ENOMEM;
	}
	if (res->kind == DGS_KIND_SCHEMA_CHANGES && ws->first_list < 0 &&
	    opts->workspace && (dgs_opts_enabled(opts,
	    DGS_R_WS_RESOLUTION_MISMATCH) || dgs_opts_enabled(opts,
	    DGS_R_WS_RESOLUTION_UNLISTED)))
		ws->first_list = (long)(ws->nfiles - 1);
	if (res->nfindings > had)
		qsort(res->findings, res->nfindings, sizeof(*res->findings),
		    dgs_finding_cmp);
	return 0;
}

/*
 * Keys as bytes, for a program that lints in one process and adds in
 * another: a header, then per key its rule, location and two strings.
 */
static const char magic[8] = "DGSWSK1";

struct rec {
	uint64_t	 line, column, end_line, end_column;
	uint32_t	 rule, plen, tlen, pad;
};

int
dgs_result_keys_save(const struct dgs_result *res, char **out, size_t *len)
{
	struct dgs_buf b = { 0 };
	struct rec r;
	uint32_t head[2];
	size_t i;

	*out = NULL;
	*len = 0;
	dgs_buf_add(&b, magic, sizeof(magic));
	head[0] = (uint32_t)res->kind;
	head[1] = (uint32_t)res->nwskeys;
	dgs_buf_add(&b, (const char *)head, sizeof(head));
	for (i = 0; i < res->nwskeys; i++) {
		memset(&r, 0, sizeof(r));
		r.line = res->wskeys[i].line;
		r.column = res->wskeys[i].column;
		r.end_line = res->wskeys[i].end_line;
		r.end_column = res->wskeys[i].end_column;
		r.rule = (uint32_t)res->wskeys[i].rule;
		r.plen = (uint32_t)strlen(res->wskeys[i].pointer);
		r.tlen = (uint32_t)strlen(res->wskeys[i].text);
		dgs_buf_add(&b, (const char *)&r, sizeof(r));
		dgs_buf_add(&b, res->wskeys[i].pointer, r.plen);
		dgs_buf_add(&b, res->wskeys[i].text, r.tlen);
	}
	if (b.oom) {
		dgs_buf_free(&b);
		return DGS_ENOMEM;
	}
	*out = b.s;
	*len = b.len;
	return 0;
}

int
dgs_result_keys_load(const char *file, const char *buf, size_t len,
    struct dgs_result **out)
{
	struct dgs_result *res;
	struct dgs_wskey *k;
	struct dgs_item *it;
	struct rec r;
	uint32_t head[2];
	size_t pos, i, n;

	*out = NULL;
	if (len < sizeof(magic) + sizeof(head) ||
	    memcmp(buf, magic, sizeof(magic)) != 0)
		return DGS_EINVAL;
	memcpy(head, buf + sizeof(magic), sizeof(head));
	pos = sizeof(magic) + sizeof(head);
	n = head[1];
	if (head[0] >= DGS_KIND_MAX || n > (len - pos) / sizeof(r))
		return DGS_EINVAL;
	if ((res = calloc(1, sizeof(*res))) == NULL)
		return DGS_ENOMEM;
	res->kind = (enum dgs_kind)head[0];
	if ((res->file = dgs_strdup(file ? file : "-")) == NULL ||
	    (n > 0 && ((res->items = calloc(n, sizeof(*it))) == NULL ||
	    (res->wskeys = calloc(n, sizeof(*k))) == NULL)))
		goto oom;
	res->cap = n;
	for (i = 0; i < n; i++) {
		if (len - pos < sizeof(r))
			goto bad;
		memcpy(&r, buf + pos, sizeof(r));
		pos += sizeof(r);
		if (r.rule >= DGS_R_MAX || r.plen > len - pos ||
		    r.tlen > len - pos - r.plen)
			goto bad;
		it = &res->items[res->nitems];
		it->str_index = -1;
		it->rule = (int)r.rule;
		if ((it->pointer = dgs_strndup(buf + pos, r.plen)) == NULL ||
		    (it->message = dgs_strndup(buf + pos + r.plen, r.tlen)) ==
		    NULL) {
			free(it->pointer);
			goto oom;
		}
		res->nitems++;
		pos += (size_t)r.plen + r.tlen;
		k = &res->wskeys[res->nwskeys++];
		k->rule = (int)r.rule;
		k->pointer = it->pointer;
		k->text = it->message;
		k->line = (unsigned long)r.line;
		k->column = (unsigned long)r.column;
		k->end_line = (unsigned long)r.end_line;
		k->end_column = (unsigned long)r.end_column;
	}
	if (pos != len)
		goto bad;
	*out = res;
	return 0;
bad:
	dgs_result_free(res);
	return DGS_EINVAL;
oom:
	dgs_result_free(res);
	return DGS_ENOMEM;
}

void
dgs_options_set_workspace(struct dgs_options *o, int on)
{
	o->workspace = on != 0;
}
