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
#include "dgs_schema.h"

/* What one entry compares: its group (the rule, DGS884 counted as
 * DGS883, whose keys it shares), its side for DGS883 (a listed change or
 * a resolution item), its identity and code. */
struct ws_entry {
	uint32_t	 key;		/* KEY, CODE and a NUL in the arena */
	uint32_t	 klen;
	uint32_t	 doc;		/* index in files */
	uint32_t	 line;
	uint16_t	 group;		/* a rule index */
	uint16_t	 clen;
	uint8_t		 resolution;	/* DGS883: a resolution item */
};

struct dgs_workspace {
	char		**files;
	size_t		  nfiles;
	struct ws_entry	 *e;
	size_t		  n, cap;
	struct dgs_index  ix;
	struct dgs_buf	  arena;	/* the entries' keys and codes */
	long		  first_list;	/* file of the first change list */
	int		  new_tables;	/* DGS813 reported */
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
	dgs_buf_free(&ws->arena);
	free(ws->files);
	free(ws->e);
	dgs_index_free(&ws->ix);
	free(ws);
}

/* A key's text split: KEY and CODE (see struct dgs_wskey). */
struct parsed {
	const char	*key, *code;
	size_t		 klen, clen;
};

static int
parse_text(const char *t, struct parsed *p)
{
	const char *a;

	if ((a = strchr(t, '\t')) == NULL)
		return -1;
	p->key = t;
	p->klen = (size_t)(a - t);
	p->code = a + 1;
	p->clen = strlen(a + 1);
	return 0;
}

/* The JSON literal (a string or null) at *s in a key, as [*lit, *s);
 * 0 when there is none. */
static int
next_lit(const char **s, const char *end, const char **lit)
{
	const char *q = *s;

	*lit = q;
	if (q >= end)
		return 0;
	if (*q == 'n') {
		*s = q + 4 <= end ? q + 4 : end;
		return 1;
	}
	if (*q != '"')
		return 0;
	for (q++; q < end && *q != '"'; q++)
		if (*q == '\\' && q + 1 < end)
			q++;
	*s = q < end ? q + 1 : end;
	return 1;
}

static int
lit_empty(const char *lit, const char *end)
{
	return *lit == 'n' || (end - lit == 2);
}

/* The words that name a key's thing in messages, into m. */
static void
describe(struct dgs_buf *m, int group, const struct parsed *p)
{
	const char *s = p->key, *end = p->key + p->klen, *l[5], *e[5];
	size_t i, n = group == DGS_R_WS_DUPLICATE_COLUMN ? 5 :
	    group == DGS_R_WS_DUPLICATE_SUBSET ? 2 : 4;
	int fb = 0;

	if (group == DGS_R_WS_DUPLICATE_COLUMN && s < end) {
		fb = *s == 'F';
		s++;
	}
	for (i = 0; i < n; i++) {
		if (!next_lit(&s, end, &l[i]))
			return;
		e[i] = s;
	}
	switch (group) {
	case DGS_R_WS_DUPLICATE_COLUMN:
		if (fb)
			dgs_buf_adds(m, "the fallback generator of ");
		dgs_buf_adds(m, "column ");
		if (!lit_empty(l[0], e[0])) {
			dgs_buf_add(m, l[0], (size_t)(e[0] - l[0]));
			dgs_buf_addc(m, '.');
		}
		dgs_buf_add(m, l[1], (size_t)(e[1] - l[1]));
		dgs_buf_addc(m, '.');
		dgs_buf_add(m, l[2], (size_t)(e[2] - l[2]));
		if (!lit_empty(l[3], e[3])) {
			dgs_buf_adds(m, " at path ");
			dgs_buf_add(m, l[3], (size_t)(e[3] - l[3]));
		}
		if (!lit_empty(l[4], e[4])) {
			dgs_buf_adds(m, " of data type ");
			dgs_buf_add(m, l[4], (size_t)(e[4] - l[4]));
		}
		return;
	case DGS_R_WS_DUPLICATE_SUBSET:
		dgs_buf_add(m, l[0], (size_t)(e[0] - l[0]));
		dgs_buf_addc(m, '.');
		dgs_buf_add(m, l[1], (size_t)(e[1] - l[1]));
		return;
	default:
		break;
	}
	if (*l[2] != 'n')
		dgs_buf_adds(m, "the column ");
	else if (p->clen > 11 && memcmp(p->code + p->clen - 11, "_collection",
	    11) == 0)
		dgs_buf_adds(m, "the collection ");
	else
		dgs_buf_adds(m, "the table ");
	dgs_buf_add(m, l[0], (size_t)(e[0] - l[0]));
	dgs_buf_addc(m, '.');
	dgs_buf_add(m, l[1], (size_t)(e[1] - l[1]));
	if (*l[2] != 'n') {
		dgs_buf_addc(m, '.');
		dgs_buf_add(m, l[2], (size_t)(e[2] - l[2]));
	}
	if (*l[3] != 'n') {
		dgs_buf_adds(m, " at path ");
		dgs_buf_add(m, l[3], (size_t)(e[3] - l[3]));
	}
}

/* A key's pointer: its element, or the root. */
static char *
key_pointer(const struct dgs_wskey *k)
{
	struct dgs_buf b = { 0 };

	dgs_buf_add(&b, "", 0);
	if (k->elem >= 0)
		dgs_buf_addf(&b, "/%ld", k->elem);
	if (b.oom) {
		dgs_buf_free(&b);
		return NULL;
	}
	return b.s;
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
	    memcmp(l->ws->arena.s + e->key, l->p->key, e->klen) != 0)
		return 0;
	if (l->group == DGS_R_WS_RESOLUTION_MISMATCH &&
	    e->resolution == l->resolution)
		return 0;
	/* The same file given twice is one document. */
	if (strcmp(l->ws->files[e->doc], l->file) == 0)
		return 0;
	samecode = e->clen == l->p->clen && memcmp(l->ws->arena.s + e->key +
	    e->klen, l->p->code, e->clen) == 0;
	if (samecode && (l->same == DGS_INDEX_NONE || pos < l->same))
		l->same = pos;
	if (!samecode && (l->other == DGS_INDEX_NONE || pos < l->other))
		l->other = pos;
	return 0;
}

/* Whether an entry with that group, side, key and code is kept
 * already (the keys of one document are compared once). */
struct dup {
	const struct dgs_workspace	*ws;
	const struct parsed		*p;
	int				 group, resolution;
};

static int
dup_one(void *arg, size_t pos)
{
	const struct dup *d = arg;
	const struct ws_entry *e = &d->ws->e[pos];
	const char *a = d->ws->arena.s;

	return e->group == d->group && e->resolution == d->resolution &&
	    e->klen == d->p->klen && memcmp(a + e->key, d->p->key,
	    e->klen) == 0 && e->clen == d->p->clen &&
	    memcmp(a + e->key + e->klen, d->p->code, e->clen) == 0;
}

/* Appends a finding of rule at key k of res, with severity from opts. */
static int
add_finding(struct dgs_result *res, const struct dgs_options *opts,
    int rule, const struct dgs_wskey *k, struct dgs_buf *msg)
{
	struct dgs_item *it;
	struct dgs_finding *f;
	enum dgs_severity sev;
	struct dgs_buf clean = { 0 };
	char *ptr;
	size_t cap, i = 0, n;

	/* Messages are UTF-8: the names quoted may not be (report.c). */
	while (!msg->oom && msg->s[i] != '\0' &&
	    (n = dgs_utf8_seq(msg->s + i)) > 0)
		i += n;
	if (!msg->oom && msg->s[i] != '\0') {
		dgs_buf_add_clean(&clean, msg->s, 0);
		dgs_buf_free(msg);
		*msg = clean;
	}
	if (msg->oom || (ptr = key_pointer(k)) == NULL) {
		dgs_buf_free(msg);
		return DGS_ENOMEM;
	}
	if (!dgs_opts_enabled(opts, rule) ||
	    (sev = dgs_opts_severity(opts, rule, ptr)) == DGS_SEV_OFF) {
		free(ptr);
		dgs_buf_free(msg);
		return 0;
	}
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

/* Whether key i of res has the text of an earlier key of res: a key the
 * document holds twice is checked once, at the first (the rules of one
 * document report the second).  The set is made on the first call, so
 * documents without findings across documents pay nothing. */
struct seen {
	struct dgs_strset	 set;
	size_t			 upto;
};

static int
seen_before(struct seen *d, const struct dgs_result *res, size_t i)
{
	for (; d->upto < i; d->upto++)
		if (dgs_strset_add(&d->set, res->wstext.s +
		    res->wskeys[d->upto].text) < 0)
			return -1;
	return dgs_strset_has(&d->set, res->wstext.s + res->wskeys[i].text);
}

static int
check_key(struct dgs_workspace *ws, const struct dgs_options *opts,
    struct dgs_result *res, size_t i, const struct parsed *p,
    struct seen *d, uint64_t h)
{
	const struct dgs_wskey *k = &res->wskeys[i];
	struct dgs_buf m = { 0 }, w = { 0 };
	struct look l;
	const struct ws_entry *e = NULL;
	int group = group_of(k->rule), resolution, rule = group, rc;

	resolution = res->kind == DGS_KIND_RESOLUTION;
	memset(&l, 0, sizeof(l));
	l.ws = ws;
	l.group = group;
	l.resolution = resolution;
	l.p = p;
	l.file = res->file;
	l.same = l.other = DGS_INDEX_NONE;
	dgs_index_each(&ws->ix, h, look_one, &l);
	if (group != DGS_R_WS_RESOLUTION_MISMATCH) {
		if (l.same == DGS_INDEX_NONE)
			return 0;
		e = &ws->e[l.same];
	} else if (l.same != DGS_INDEX_NONE)
		return 0;
	else if (l.other != DGS_INDEX_NONE)
		e = &ws->e[l.other];
	else if (!resolution || ws->first_list < 0)
		return 0;
	else
		rule = DGS_R_WS_RESOLUTION_UNLISTED;
	if ((rc = seen_before(d, res, i)) != 0)
		return rc < 0 ? DGS_ENOMEM : 0;
	describe(&w, group, p);
	if (w.oom) {
		dgs_buf_free(&w);
		return DGS_ENOMEM;
	}
	if (group == DGS_R_WS_DUPLICATE_COLUMN)
		dgs_buf_addf(&m, "%s is also configured in %s:%lu; the service "
		    "keeps one configuration per column, so one of them is "
		    "lost: configure it in one file", w.s,
		    ws->files[e->doc], (unsigned long)e->line);
	else if (group == DGS_R_WS_DUPLICATE_SUBSET)
		dgs_buf_addf(&m, "the table %s is also configured in %s:%lu; a "
		    "table has one subsetting configuration: merge the two",
		    w.s, ws->files[e->doc], (unsigned long)e->line);
	else if (e != NULL && resolution)
		dgs_buf_addf(&m, "this item resolves %s as \"%.*s\", but the "
		    "schema-change list in %s:%lu lists it as \"%s\"; resolve "
		    "the change as listed", w.s, (int)p->clen, p->code,
		    ws->files[e->doc], (unsigned long)e->line,
		    ws->arena.s + e->key + e->klen);
	else if (e != NULL)
		dgs_buf_addf(&m, "%s is listed as \"%.*s\", but the resolution "
		    "item in %s:%lu resolves it as \"%s\"; resolve the change "
		    "as listed", w.s, (int)p->clen, p->code, ws->files[e->doc],
		    (unsigned long)e->line, ws->arena.s + e->key + e->klen);
	else
		dgs_buf_addf(&m, "this item resolves %s (\"%.*s\"), which the "
		    "schema-change list in %s does not hold; remove the item, "
		    "or list the changes again", w.s, (int)p->clen, p->code,
		    ws->files[ws->first_list]);
	dgs_buf_free(&w);
	return add_finding(res, opts, rule, k, &m);
}

static int
keep_key(struct dgs_workspace *ws, const struct dgs_result *res,
    const struct dgs_wskey *k, const struct parsed *p, uint64_t h)
{
	struct ws_entry x, *e;
	struct dup d;
	size_t cap;

	memset(&x, 0, sizeof(x));
	x.group = (uint16_t)group_of(k->rule);
	x.resolution = res->kind == DGS_KIND_RESOLUTION;
	d.ws = ws;
	d.p = p;
	d.group = x.group;
	d.resolution = x.resolution;
	if (dgs_index_find(&ws->ix, h, dup_one, &d) != DGS_INDEX_NONE)
		return 0;
	/* Offsets and lengths in 32 bits (16 for a code): entries of 24
	 * bytes, for the hundreds of thousands of a large run. */
	if (ws->arena.len + p->klen + p->clen + 1 > UINT32_MAX ||
	    p->clen > UINT16_MAX || ws->nfiles > UINT32_MAX)
		return DGS_ENOMEM;
	x.doc = (uint32_t)(ws->nfiles - 1);
	x.line = k->line > UINT32_MAX ? UINT32_MAX : (uint32_t)k->line;
	x.key = (uint32_t)ws->arena.len;
	x.klen = (uint32_t)p->klen;
	x.clen = (uint16_t)p->clen;
	dgs_buf_add(&ws->arena, p->key, p->klen);
	dgs_buf_add(&ws->arena, p->code, p->clen);
	dgs_buf_addc(&ws->arena, '\0');
	if (ws->arena.oom)
		return DGS_ENOMEM;
	if (ws->n == ws->cap) {
		cap = ws->cap ? ws->cap * 2 : 64;
		if ((e = realloc(ws->e, cap * sizeof(*e))) == NULL)
			return DGS_ENOMEM;
		ws->e = e;
		ws->cap = cap;
	}
	if (dgs_index_add(&ws->ix, h, ws->n) != 0)
		return DGS_ENOMEM;
	ws->e[ws->n++] = x;
	return 0;
}

/* DGS813: the tables of --schema that --schema-before lacks, once a
 * run, at key k (the start) of the first replacements document.  The
 * service lists each as new_table, configured or not. */
static int
new_tables(struct dgs_workspace *ws, const struct dgs_options *opts,
    struct dgs_result *res, const struct dgs_wskey *k)
{
	const struct dgs_schema *s = opts->schema, *old = opts->schema_before;
	const struct dgs_schema_table *t;
	struct dgs_buf msg;
	size_t i;
	int exact;

	if (ws->new_tables || s == NULL || old == NULL)
		return 0;
	ws->new_tables = 1;
	for (i = 0; i < s->ntables; i++) {
		t = &s->tables[i];
		if (dgs_schema_find_table(old, dgs_schema_str(s, t->schema),
		    dgs_schema_str(s, t->name), &exact) != NULL && exact)
			continue;
		memset(&msg, 0, sizeof(msg));
		dgs_buf_adds(&msg, s->document ? "collection " : "table ");
		if (!s->document) {
			dgs_buf_add_json_str(&msg, dgs_schema_str(s,
			    t->schema), strlen(dgs_schema_str(s, t->schema)));
			dgs_buf_addc(&msg, '.');
		}
		dgs_buf_add_json_str(&msg, dgs_schema_str(s, t->name),
		    strlen(dgs_schema_str(s, t->name)));
		dgs_buf_addf(&msg, " (%lu column%s) is not in the "
		    "--schema-before snapshot: the service lists it as "
		    "new_table, and its columns are Passthrough, copying the "
		    "real data into the output, until generators are "
		    "assigned; strict mode (RejectOnAllSchemaItems) rejects "
		    "the job until the change is resolved",
		    (unsigned long)t->ncols, t->ncols == 1 ? "" : "s");
		if (add_finding(res, opts, DGS_R_DB_NEW_TABLE, k, &msg) != 0)
			return DGS_ENOMEM;
	}
	return 0;
}

int
dgs_workspace_add(struct dgs_workspace *ws, const struct dgs_options *opts,
    struct dgs_result *res)
{
	struct seen seen = { { NULL, 0, 0 }, 0 };
	struct parsed p;
	char **files;
	uint64_t h;
	size_t i, had;

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
	/* Each key is kept as soon as it is checked: the keys of this
	 * document are not compared with one another (look_one()). */
	for (i = 0; i < res->nwskeys; i++) {
		if (res->wskeys[i].rule == DGS_R_DB_NEW_TABLE) {
			if (res->kind == DGS_KIND_REPLACEMENTS &&
			    new_tables(ws, opts, res, &res->wskeys[i]) != 0) {
				dgs_strset_free(&seen.set);
				return DGS_ENOMEM;
			}
			continue;
		}
		if (parse_text(res->wstext.s + res->wskeys[i].text, &p) != 0)
			continue;
		h = entry_hash(group_of(res->wskeys[i].rule), p.key, p.klen);
		if (check_key(ws, opts, res, i, &p, &seen, h) != 0 ||
		    keep_key(ws, res, &res->wskeys[i], &p, h) != 0) {
			dgs_strset_free(&seen.set);
			return DGS_ENOMEM;
		}
	}
	dgs_strset_free(&seen.set);
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
	int64_t		 elem;
	uint32_t	 rule, tlen;
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
		r.elem = (int64_t)res->wskeys[i].elem;
		r.tlen = (uint32_t)strlen(res->wstext.s + res->wskeys[i].text);
		dgs_buf_add(&b, (const char *)&r, sizeof(r));
		dgs_buf_add(&b, res->wstext.s + res->wskeys[i].text, r.tlen);
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
	    (n > 0 && (res->wskeys = calloc(n, sizeof(*k))) == NULL))
		goto oom;
	res->wscap = n;
	for (i = 0; i < n; i++) {
		if (len - pos < sizeof(r))
			goto bad;
		memcpy(&r, buf + pos, sizeof(r));
		pos += sizeof(r);
		if (r.rule >= DGS_R_MAX || r.tlen > len - pos ||
		    memchr(buf + pos, '\0', r.tlen) != NULL || r.elem < -1 ||
		    r.elem > INT32_MAX)
			goto bad;
		k = &res->wskeys[res->nwskeys++];
		k->text = res->wstext.len;
		dgs_buf_add(&res->wstext, buf + pos, r.tlen);
		dgs_buf_addc(&res->wstext, '\0');
		if (res->wstext.oom)
			goto oom;
		pos += r.tlen;
		k->rule = (int)r.rule;
		k->elem = (long)r.elem;
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
