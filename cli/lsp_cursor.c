/*
 * lsp_cursor.c: what the language server knows of the place under the
 * cursor: hover on a member name (what the shape tables say of it), on a
 * generatorId or presetId value (what the catalogue knows), and
 * completion of member names and of the values of enumerations.
 *
 * The text is read by a forgiving scanner, not parsed: the document is
 * often not JSON while it is being typed.  It follows the containers
 * around the cursor, and the generatorId of each; the objects they are
 * come from dgs_kind_root() and the members' objects, for the kind the
 * last lint gave the document.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lsp.h"

#define MAX_DEPTH	64

struct frame {
	int		 array;
	size_t		 index;		/* array: the element's index */
	int		 want_key;	/* object: a name comes next */
	char		*key;		/* object: the current member */
	char		*gen;		/* object: its generatorId so far */
	size_t		 id;		/* a number per container */
};

/* The place of the cursor. */
struct place {
	int		 found;
	/* The path from the root to the container of the cursor, each
	 * segment a member name or (NULL) an element. */
	char		*seg[MAX_DEPTH];
	size_t		 nseg;
	int		 in_array;	/* the container is an array */
	int		 at_key;	/* where a member name is, or goes */
	char		*key;		/* otherwise: whose value it is */
	/* The string under the cursor: [tok, tok_end) with its quotes;
	 * tok_end == tok when there is none. */
	size_t		 tok, tok_end;
	char		*text;		/* its contents, or NULL */
	/* The containers holding the cursor, innermost last, and the
	 * generatorId found in each. */
	size_t		 ids[MAX_DEPTH];
	char		*gen[MAX_DEPTH];
	size_t		 nids;
};

static char *
dup_range(const char *s, size_t a, size_t b)
{
	char *p = xmalloc(b - a + 1);

	memcpy(p, s + a, b - a);
	p[b - a] = '\0';
	return p;
}

static void
place_free(struct place *pl)
{
	size_t i;

	for (i = 0; i < pl->nseg; i++)
		free(pl->seg[i]);
	for (i = 0; i < pl->nids; i++)
		free(pl->gen[i]);
	free(pl->key);
	free(pl->text);
}

/* Records where the cursor is, from the stack. */
static void
take_place(struct place *pl, struct frame *st, size_t n)
{
	size_t i;

	pl->found = 1;
	for (i = 1; i < n && i <= MAX_DEPTH; i++)
		pl->seg[pl->nseg++] = st[i - 1].array ? NULL :
		    st[i - 1].key != NULL ? xstrdup(st[i - 1].key) :
		    xstrdup("");
	for (i = 0; i < n; i++) {
		pl->gen[pl->nids] = st[i].gen != NULL ? xstrdup(st[i].gen) :
		    NULL;
		pl->ids[pl->nids++] = st[i].id;
	}
	if (n == 0)
		return;
	pl->in_array = st[n - 1].array;
	pl->at_key = !st[n - 1].array && st[n - 1].want_key;
	if (!pl->at_key && !st[n - 1].array && st[n - 1].key != NULL)
		pl->key = xstrdup(st[n - 1].key);
}

static void
scan(const char *s, size_t len, size_t off, struct place *pl)
{
	struct frame st[MAX_DEPTH];
	size_t n = 0, i = 0, a, k, next_id = 1;

	memset(pl, 0, sizeof(*pl));
	while (i < len) {
		if (!pl->found && i >= off)
			take_place(pl, st, n);
		switch (s[i]) {
		case '{':
		case '[':
			if (n == MAX_DEPTH)
				goto out;
			memset(&st[n], 0, sizeof(st[n]));
			st[n].array = s[i] == '[';
			st[n].want_key = s[i] == '{';
			st[n].id = next_id++;
			n++;
			i++;
			continue;
		case '}':
		case ']':
			if (n > 0) {
				free(st[n - 1].key);
				free(st[n - 1].gen);
				n--;
			}
			i++;
			continue;
		case ',':
			if (n > 0 && st[n - 1].array)
				st[n - 1].index++;
			else if (n > 0)
				st[n - 1].want_key = 1;
			i++;
			continue;
		case ':':
			if (n > 0)
				st[n - 1].want_key = 0;
			i++;
			continue;
		case '"':
			a = i++;
			while (i < len && s[i] != '"' && s[i] != '\n') {
				if (s[i] == '\\' && i + 1 < len)
					i++;
				i++;
			}
			if (i < len && s[i] == '"')
				i++;
			/* The cursor in the string, or just past it. */
			if (!pl->found && off > a && off <= i) {
				take_place(pl, st, n);
				pl->tok = a;
				pl->tok_end = i;
				k = i > a + 1 && s[i - 1] == '"' ? i - 1 : i;
				pl->text = dup_range(s, a + 1, k);
			}
			if (n > 0 && !st[n - 1].array && st[n - 1].want_key) {
				free(st[n - 1].key);
				k = i > a + 1 && s[i - 1] == '"' ? i - 1 : i;
				st[n - 1].key = dup_range(s, a + 1, k);
			} else if (n > 0 && !st[n - 1].array &&
			    st[n - 1].key != NULL &&
			    strcmp(st[n - 1].key, "generatorId") == 0) {
				/* A generatorId: of this container, and
				 * of one of the cursor's. */
				if (st[n - 1].gen == NULL)
					st[n - 1].gen = dup_range(s, a + 1,
					    i > a + 1 && s[i - 1] == '"' ?
					    i - 1 : i);
				for (k = 0; k < pl->nids; k++)
					if (pl->ids[k] == st[n - 1].id &&
					    pl->gen[k] == NULL)
						pl->gen[k] = dup_range(s, a + 1,
						    i > a + 1 && s[i - 1] ==
						    '"' ? i - 1 : i);
			}
			continue;
		default:
			i++;
		}
	}
	if (!pl->found)
		take_place(pl, st, n);
out:
	while (n > 0) {
		n--;
		free(st[n].key);
		free(st[n].gen);
	}
}

/*
 * The objects of the place, from the kind's roots.
 */
struct cand {
	const struct dgs_object_info	*o;
	int				 mode;	/* 0 it, 1 array, 2 keyed */
};

#define MAX_CANDS	16

static size_t
objects_at(enum dgs_kind kind, const struct place *pl, size_t upto,
    struct cand *out)
{
	struct cand c[MAX_CANDS], d[MAX_CANDS];
	const struct dgs_object_info *o;
	const struct dgs_member_info *m;
	size_t nc = 0, nd, i, j;
	int mode;

	for (i = 0; nc < MAX_CANDS &&
	    (o = dgs_kind_root(kind, i, &mode)) != NULL; i++) {
		c[nc].o = o;
		c[nc++].mode = mode;
	}
	for (j = 0; j < upto; j++) {
		nd = 0;
		for (i = 0; i < nc; i++) {
			if (c[i].mode == 1 && pl->seg[j] == NULL &&
			    nd < MAX_CANDS) {
				d[nd].o = c[i].o;
				d[nd++].mode = 0;
			} else if (c[i].mode == 2 && pl->seg[j] != NULL &&
			    nd < MAX_CANDS) {
				d[nd].o = c[i].o;
				d[nd++].mode = 0;
			} else if (c[i].mode == 0 && pl->seg[j] != NULL) {
				for (m = c[i].o->members; m->name != NULL; m++)
					if (strcmp(m->name, pl->seg[j]) == 0 &&
					    m->object != NULL)
						break;
				if (m->name == NULL)
					continue;
				if (nd < MAX_CANDS && (m->array ||
				    (!m->keyed))) {
					d[nd].o = m->object;
					d[nd++].mode = m->array ? 1 : 0;
				}
				if (nd < MAX_CANDS && m->keyed) {
					d[nd].o = m->object;
					d[nd++].mode = 2;
				}
			}
		}
		memcpy(c, d, nd * sizeof(*c));
		nc = nd;
	}
	memcpy(out, c, nc * sizeof(*c));
	return nc;
}

/* The objects the cursor's container is (mode 0). */
static size_t
container_objects(enum dgs_kind kind, const struct place *pl,
    const struct dgs_object_info **out)
{
	struct cand c[MAX_CANDS];
	size_t n, i, k = 0, j;

	n = objects_at(kind, pl, pl->nseg, c);
	for (i = 0; i < n; i++) {
		if (c[i].mode != (pl->in_array ? 1 : 0))
			continue;
		for (j = 0; j < k && out[j] != c[i].o; j++)
			;
		if (j == k)
			out[k++] = c[i].o;
	}
	return k;
}

/* The generatorId that applies in the cursor's container: its own, or
 * the closest container's above it (a preset's, a legacy link's). */
static const char *
generator_here(const struct place *pl)
{
	size_t i;

	for (i = pl->nids; i > 0; i--)
		if (pl->gen[i - 1] != NULL)
			return pl->gen[i - 1];
	return NULL;
}

static void
add(struct str *b, const char *s)
{
	str_addn(b, s, strlen(s));
}

static void
types_words(struct str *b, unsigned t)
{
	static const struct {
		unsigned	 bit;
		const char	*word;
	} w[] = {
		{ DGS_JSON_STRING, "string" }, { DGS_JSON_INTEGER, "integer" },
		{ DGS_JSON_DOUBLE, "number" }, { DGS_JSON_BOOLEAN, "boolean" },
		{ DGS_JSON_OBJECT, "object" }, { DGS_JSON_ARRAY, "array" },
		{ DGS_JSON_NULL, "null" },
	};
	size_t i;
	int n = 0;

	if (t == 0) {
		add(b, "any value");
		return;
	}
	if ((t & DGS_JSON_DOUBLE) && (t & DGS_JSON_INTEGER))
		t &= ~DGS_JSON_INTEGER;
	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		if (t & w[i].bit) {
			if (n++)
				add(b, " or ");
			add(b, w[i].word);
		}
}

static void
values_words(struct str *b, const char *const *v)
{
	size_t i;

	add(b, "Values: ");
	for (i = 0; v[i] != NULL; i++) {
		if (i)
			add(b, ", ");
		add(b, v[i]);
	}
	add(b, ".\n");
}

static void
describe_member(struct str *b, const struct dgs_object_info *o,
    const struct dgs_member_info *m)
{
	add(b, m->name);
	add(b, " (in ");
	add(b, o->what);
	add(b, "): ");
	types_words(b, m->types);
	if (m->object != NULL) {
		add(b, m->array ? ", an array of " : ", ");
		add(b, m->object->what);
	}
	add(b, m->required ? "; required.\n" : "; optional.\n");
	if (m->ignored)
		add(b, "Known, but not checked here.\n");
	if (m->hint != NULL) {
		add(b, "To write: ");
		add(b, m->hint);
		add(b, ".\n");
	}
	if (m->values != NULL)
		values_words(b, m->values);
}

/* A generator as --explain GENERATOR describes it: the catalogue's one
 * description, each fact with the page and sentence it rests on. */
static void
describe_generator(struct str *b, const struct dgs_options *opts,
    const struct dgs_generator_info *g)
{
	char *text;

	add(b, g->id);
	if (g->name != NULL) {
		add(b, " (");
		add(b, g->name);
		add(b, ")");
	}
	add(b, "\n");
	if (dgs_generator_describe(opts, g->id, DGS_DESCRIBE_TEXT,
	    &text) == 0) {
		add(b, text);
		free(text);
	}
}

static json_object *
markup(const struct lsp_text *t, struct str *b, size_t a, size_t e)
{
	json_object *h = json_object_new_object(), *c, *r;

	c = json_object_new_object();
	json_object_object_add(c, "kind", json_object_new_string("plaintext"));
	json_object_object_add(c, "value",
	    json_object_new_string_len(b->s, (int)b->len));
	json_object_object_add(h, "contents", c);
	r = json_object_new_object();
	json_object_object_add(r, "start", lsp_pos_offset(t, a));
	json_object_object_add(r, "end", lsp_pos_offset(t, e));
	json_object_object_add(h, "range", r);
	free(b->s);
	return h;
}

/*
 * .dgslint.json: its keys as --print-schema config describes them
 * (config_key()), at its top or in an override; rule names and levels
 * in "rules"; kinds in "kinds".
 */
static const char *const config_levels[] = { "off", "info", "warning",
    "error", NULL };

/* The object of keys that the cursor's container is: 0 the top, 1 an
 * override, -1 neither; *map: the container is "rules" (1) or "kinds"
 * (2) of one of them. */
static int
config_object(const struct place *pl, int *map)
{
	size_t n = pl->nseg;

	*map = 0;
	if (pl->in_array)
		return -1;
	if (n >= 1 && pl->seg[n - 1] != NULL &&
	    (strcmp(pl->seg[n - 1], "rules") == 0 ||
	    strcmp(pl->seg[n - 1], "kinds") == 0)) {
		*map = pl->seg[n - 1][0] == 'r' ? 1 : 2;
		n--;
	}
	if (n == 0)
		return 0;
	if (n == 2 && pl->seg[0] != NULL &&
	    strcmp(pl->seg[0], "overrides") == 0 && pl->seg[1] == NULL)
		return 1;
	return -1;
}

static json_object *
config_hover(const struct lsp_text *t, const struct place *pl)
{
	const struct config_key *k;
	const struct dgs_rule_info *r;
	struct str b;
	int in, map;
	size_t i;

	memset(&b, 0, sizeof(b));
	if (pl->text == NULL || !pl->at_key ||
	    (in = config_object(pl, &map)) < 0)
		return NULL;
	if (map == 1 && (r = dgs_rule_find(pl->text)) != NULL) {
		add(&b, r->id);
		add(&b, " ");
		add(&b, r->name);
		add(&b, ": ");
		add(&b, r->summary);
		add(&b, "\n");
	} else if (map == 0)
		for (i = 0; (k = config_key(in, i)) != NULL; i++)
			if (strcmp(k->name, pl->text) == 0) {
				add(&b, k->name);
				add(&b, ": ");
				add(&b, k->what);
				add(&b, "\n");
				break;
			}
	if (b.len == 0)
		return NULL;
	return markup(t, &b, pl->tok, pl->tok_end);
}

json_object *
lsp_hover_place(const struct lsp_text *t, const struct lsp_lint *l,
    size_t off)
{
	const struct dgs_object_info *objs[MAX_CANDS];
	const struct dgs_member_info *m;
	struct dgs_generator_info g;
	struct dgs_member_info s;
	struct place pl;
	struct str b;
	const char *gen, *pname, *pgen;
	size_t n, i, k;
	json_object *r = NULL;

	memset(&b, 0, sizeof(b));
	scan(t->s, t->len, off, &pl);
	if (pl.text == NULL)
		goto out;
	if (l->config) {
		r = config_hover(t, &pl);
		goto out;
	}
	if (!pl.at_key && pl.key != NULL && (strcmp(pl.key, "generatorId") ==
	    0 || strcmp(pl.key, "subGeneratorId") == 0)) {
		if (dgs_generator_find(l->opts, pl.text, &g) == 0)
			describe_generator(&b, l->opts, &g);
	} else if (!pl.at_key && pl.key != NULL &&
	    (strcmp(pl.key, "presetId") == 0 ||
	    strcmp(pl.key, "subPresetId") == 0)) {
		if (dgs_preset_get(l->opts, pl.text, &pname, &pgen) == 0) {
			add(&b, "Preset ");
			add(&b, pl.text);
			if (pname != NULL) {
				add(&b, " (");
				add(&b, pname);
				add(&b, ")");
			}
			add(&b, " of generator ");
			add(&b, pgen);
			add(&b, "\n");
		} else if (dgs_generator_find(l->opts, pl.text, &g) == 0) {
			add(&b, "The built-in preset of:\n");
			describe_generator(&b, l->opts, &g);
		}
	} else if (pl.at_key) {
		n = container_objects(l->kind, &pl, objs);
		for (i = 0; i < n && b.len == 0; i++) {
			for (m = objs[i]->members; m->name != NULL; m++)
				if (strcmp(m->name, pl.text) == 0) {
					describe_member(&b, objs[i], m);
					break;
				}
			if (b.len > 0 || !objs[i]->generator_members ||
			    (gen = generator_here(&pl)) == NULL)
				continue;
			for (k = 0; dgs_generator_setting(l->opts, gen, k, &s) ==
			    0; k++)
				if (strcmp(s.name, pl.text) == 0) {
					add(&b, s.name);
					add(&b, " (a setting of ");
					add(&b, gen);
					add(&b, "): ");
					types_words(&b, s.types);
					add(&b, ".\n");
					if (s.values != NULL)
						values_words(&b, s.values);
					if (s.hint != NULL) {
						add(&b, "Source: ");
						add(&b, s.hint);
						add(&b, "\n");
					}
					break;
				}
		}
	}
	if (b.len > 0)
		r = markup(t, &b, pl.tok, pl.tok_end);
	else
		free(b.s);
out:
	place_free(&pl);
	return r;
}

/*
 * Completion.
 */
static void
item(json_object *items, const struct lsp_text *t, const struct place *pl,
    size_t off, const char *label, int kind, const char *detail,
    const char *doc)
{
	json_object *it, *te, *r;
	size_t a = pl->tok_end > pl->tok ? pl->tok : off;
	size_t e = pl->tok_end > pl->tok ? pl->tok_end : off;
	struct str text;
	size_t i;

	for (i = 0; i < json_object_array_length(items); i++)
		if (strcmp(json_object_get_string(json_object_object_get(
		    json_object_array_get_idx(items, i), "label")), label) == 0)
			return;
	it = json_object_new_object();
	memset(&text, 0, sizeof(text));
	add(&text, "\"");
	add(&text, label);
	add(&text, "\"");
	json_object_object_add(it, "label", json_object_new_string(label));
	json_object_object_add(it, "kind", json_object_new_int(kind));
	if (detail != NULL)
		json_object_object_add(it, "detail",
		    json_object_new_string(detail));
	if (doc != NULL)
		json_object_object_add(it, "documentation",
		    json_object_new_string(doc));
	/* Matched against what is typed, quote included. */
	json_object_object_add(it, "filterText",
	    json_object_new_string_len(text.s, (int)text.len));
	te = json_object_new_object();
	r = json_object_new_object();
	json_object_object_add(r, "start", lsp_pos_offset(t, a));
	json_object_object_add(r, "end", lsp_pos_offset(t, e));
	json_object_object_add(te, "range", r);
	json_object_object_add(te, "newText",
	    json_object_new_string_len(text.s, (int)text.len));
	json_object_object_add(it, "textEdit", te);
	json_object_array_add(items, it);
	free(text.s);
}

#define CI_PROPERTY	10
#define CI_VALUE	12
#define CI_ENUM_MEMBER	20

static void
config_completion(json_object *items, const struct lsp_text *t,
    const struct place *pl, size_t off)
{
	const struct config_key *k;
	const struct dgs_rule_info *r;
	size_t i;
	int in, map, kd;

	if ((in = config_object(pl, &map)) < 0)
		return;
	if (map == 1 && pl->at_key)
		for (i = 0; (r = dgs_rule_get(i)) != NULL; i++)
			item(items, t, pl, off, r->name, CI_PROPERTY, r->id,
			    r->summary);
	else if (map == 1 && pl->key != NULL)
		for (i = 0; config_levels[i] != NULL; i++)
			item(items, t, pl, off, config_levels[i],
			    CI_ENUM_MEMBER, pl->key, NULL);
	else if (map == 2 && !pl->at_key && pl->key != NULL)
		for (kd = 1; kd < DGS_KIND_MAX; kd++)
			item(items, t, pl, off, dgs_kind_name(
			    (enum dgs_kind)kd), CI_ENUM_MEMBER, "kind", NULL);
	else if (map == 0 && pl->at_key)
		for (i = 0; (k = config_key(in, i)) != NULL; i++)
			item(items, t, pl, off, k->name, CI_PROPERTY,
			    k->required ? "required" : NULL, k->what);
	else if (map == 0 && pl->key != NULL)
		for (i = 0; (k = config_key(in, i)) != NULL; i++) {
			if (strcmp(k->name, pl->key) == 0 &&
			    k->value == CV_RULE_LIST) {
				size_t v;

				for (v = 0; (r = dgs_rule_get(v)) != NULL; v++)
					item(items, t, pl, off, r->id,
					    CI_ENUM_MEMBER, r->name,
					    r->summary);
			} else if (strcmp(k->name, pl->key) == 0 &&
			    k->values != NULL) {
				size_t v;

				for (v = 0; k->values[v] != NULL; v++)
					item(items, t, pl, off, k->values[v],
					    CI_ENUM_MEMBER, k->name, NULL);
			}
		}
}

json_object *
lsp_completion(const struct lsp_text *t, const struct lsp_lint *l,
    size_t off)
{
	const struct dgs_object_info *objs[MAX_CANDS];
	const struct dgs_member_info *m;
	struct dgs_generator_info g;
	struct dgs_member_info s;
	json_object *items = json_object_new_array(), *r;
	struct place pl;
	struct str d;
	const char *gen;
	size_t n, i, k;

	scan(t->s, t->len, off, &pl);
	if (l->config) {
		config_completion(items, t, &pl, off);
		n = 0;
		gen = NULL;
		goto done;
	}
	n = container_objects(l->kind, &pl, objs);
	gen = generator_here(&pl);
	for (i = 0; i < n; i++) {
		for (m = objs[i]->members; m->name != NULL; m++) {
			if (pl.at_key) {
				memset(&d, 0, sizeof(d));
				types_words(&d, m->types);
				add(&d, m->required ? ", required" : "");
				item(items, t, &pl, off, m->name, CI_PROPERTY,
				    d.s, m->hint);
				free(d.s);
			} else if (pl.key != NULL && m->values != NULL &&
			    strcmp(m->name, pl.key) == 0)
				for (k = 0; m->values[k] != NULL; k++)
					item(items, t, &pl, off, m->values[k],
					    CI_ENUM_MEMBER, m->name, NULL);
		}
		if (!objs[i]->generator_members || gen == NULL)
			continue;
		for (k = 0; dgs_generator_setting(l->opts, gen, k, &s) == 0;
		    k++) {
			if (pl.at_key) {
				memset(&d, 0, sizeof(d));
				add(&d, "a setting of ");
				add(&d, gen);
				item(items, t, &pl, off, s.name, CI_PROPERTY,
				    d.s, NULL);
				free(d.s);
			} else if (pl.key != NULL && s.values != NULL &&
			    strcmp(s.name, pl.key) == 0) {
				size_t v;

				for (v = 0; s.values[v] != NULL; v++)
					item(items, t, &pl, off, s.values[v],
					    CI_ENUM_MEMBER, s.name, NULL);
			}
		}
	}
	/* Generator ids, from the catalogue in use. */
	if (!pl.at_key && pl.key != NULL &&
	    (strcmp(pl.key, "generatorId") == 0 ||
	    strcmp(pl.key, "subGeneratorId") == 0))
		for (i = 0; dgs_generator_get(l->opts, i, &g) == 0; i++)
			item(items, t, &pl, off, g.id, CI_VALUE, g.name, NULL);
done:
	place_free(&pl);
	r = json_object_new_object();
	json_object_object_add(r, "isIncomplete", json_object_new_boolean(0));
	json_object_object_add(r, "items", items);
	return r;
}
