/*
 * lint.c: the engine.  dgs_lint() scans, builds the tree (build.c), tells
 * the kind, walks the document through its family, then has the result
 * made of the findings (report.c: located, their fixes resolved, sorted).
 * A root array is built an element at a time, and an array of
 * replacements walked element by element as it is built, on a second
 * thread when the options allow (parse_array()).
 *
 * The engine knows nothing of fixes: a rule states its fix to reporting
 * (dgs_report.h), and reporting hands the finding's record to fix.c.
 * Fixes are applied by fix_apply.c, which calls dgs_lint(); nothing
 * here calls back.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dgs_util.h"
#include "dgs_json.h"
#include "dgs_table.h"
#include "dgs_report.h"
#include "dgs_docset.h"
#include "dgs_engine.h"
#include "dgs_snapshot.h"

/*
 * The pipeline.
 */
/* For each rule, the first rule of the table with the same check
 * function and node type: made once per process, read-only after. */
static unsigned short	 first_check[DGS_R_MAX];
static pthread_once_t	 first_once = PTHREAD_ONCE_INIT;

static void
first_init(void)
{
	size_t r, q;

	for (r = 0; r < DGS_R_MAX; r++) {
		for (q = 0; q < r; q++)
			if (dgs_rule_defs[q].check == dgs_rule_defs[r].check &&
			    dgs_rule_defs[q].node == dgs_rule_defs[r].node)
				break;
		first_check[r] = (unsigned short)q;
	}
}

static void
plan_rules(struct dgs_ctx *ctx)
{
	unsigned mask = 1u << ctx->kind;
	unsigned char called[DGS_R_MAX];
	size_t r;
	enum dgs_node n;

	(void)pthread_once(&first_once, first_init);
	memset(called, 0, sizeof(called));
	for (r = 0; r < DGS_R_MAX; r++) {
		n = dgs_rule_defs[r].node;
		if (n == DGS_NODE_NONE || !dgs_rule_enabled(ctx, (int)r))
			continue;
		if (dgs_rules[r].kinds != 0 && !(dgs_rules[r].kinds & mask))
			continue;
		if (((dgs_rule_needs[r] & DGS_NEEDS_SNAPSHOT) &&
		    ctx->opts->snapshot == NULL) ||
		    ((dgs_rule_needs[r] & DGS_NEEDS_BEFORE) &&
		    ctx->opts->snapshot_before == NULL) ||
		    ((dgs_rule_needs[r] & DGS_NEEDS_SERVICE) &&
		    ctx->opts->service == NULL))
			continue;
		ctx->planned[r] = 1;
		/* A shared check once, whichever of its rules are on. */
		if (called[first_check[r]])
			continue;
		called[first_check[r]] = 1;
		ctx->byn[n][ctx->nbyn[n]++] = (unsigned short)r;
	}
}

static void
walk_kind(struct dgs_ctx *ctx)
{
	size_t i;

	if (dgs_kinds[ctx->kind].walk == NULL)
		return;
	dgs_kinds[ctx->kind].walk(ctx);
	for (i = 0; i < ctx->nbyn[DGS_NODE_DOC]; i++)
		dgs_rule_defs[ctx->byn[DGS_NODE_DOC][i]].check(ctx, ctx->root);
}

/* Parses elements i to j - 1 of the root array with json-c's tokenizer,
 * as one array (for an element the builder leaves to json-c): json-c is
 * given "[", the text from the first element to the end of the last,
 * then "]".  Returns that array, or NULL with *bad set when json-c fails
 * (after reporting where, as tokenize() does for a whole document). */
static struct json_object *
parse_batch(struct dgs_ctx *ctx, struct json_tokener *tok,
    const struct dgs_spans *sp, size_t i, size_t j, int *bad)
{
	struct json_object *v;
	enum json_tokener_error jerr;
	size_t start = sp->v[2 * i], end = sp->v[2 * j - 1];

	*bad = 0;
	json_tokener_reset(tok);
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	(void)json_tokener_parse_ex(tok, "[", 1);
	v = json_tokener_parse_ex(tok, ctx->buf + start, (int)(end - start));
	jerr = json_tokener_get_error(tok);
	if (v == NULL && jerr == json_tokener_continue) {
		start = end;
		v = json_tokener_parse_ex(tok, "]", 1);
		jerr = json_tokener_get_error(tok);
	}
	if (v == NULL || jerr != json_tokener_success) {
		json_object_put(v);
		*bad = 1;
		dgs_report_offset(ctx->res, ctx->opts, DGS_R_JSON_SYNTAX, "",
		    start + json_tokener_get_parse_end(tok),
		    start + json_tokener_get_parse_end(tok),
		    "the JSON parser stopped here: %s",
		    json_tokener_error_desc(jerr));
		return NULL;
	}
	return v;
}

/*
 * With two threads or more (dgs_options_set_threads()), the elements of a
 * large root array are built on a second thread while this one checks
 * those already built: building is about a third of a lint, so the two
 * run side by side instead of one after the other.  The builder thread
 * publishes elements PIPE_BATCH at a time; it stops at the first element
 * it leaves to json-c (or on running out of memory), which this thread
 * then takes up itself, as without a second thread.  Only the builder
 * interns names and shares strings while it runs; the checks read the
 * tree it published and change no reference count (json-c's are not
 * atomic) until it is stopped.
 */
#define PIPE_MIN	(1024 * 1024)	/* bytes of text */
#define WALK_BATCH	(64 * 1024)	/* bytes of text; see parse_array() */
#define PIPE_BATCH	16
#define PIPE_AHEAD	(256 * 1024)	/* bytes of text; >= WALK_BATCH */

struct pipe {
	struct dgs_ctx		*ctx;
	const struct dgs_spans	*sp;
	struct json_object	**v;	/* element i once built */
	pthread_t		 tid;
	pthread_mutex_t		 mu;
	pthread_cond_t		 cv;
	size_t			 ready;	/* elements built and published */
	size_t			 avail;	/* ready, as this thread last saw it */
	size_t			 taken;	/* elements this thread has taken */
	/* Streaming: elements before walked are walked and this thread
	 * holds them no more; the builder frees them (it alone changes
	 * reference counts while it runs), those before freed so far, and
	 * builds no further than PIPE_AHEAD bytes of text past walked. */
	pthread_cond_t		 cv_walked;
	size_t			 walked;
	size_t			 freed;
	size_t			 ahead;	/* PIPE_AHEAD, or less (fuzzer) */
	int			 stream;
	int			 waiting;	/* the builder waits on walked */
	int			 done;	/* the builder has stopped */
	int			 quit;	/* asks the builder to stop */
	int			 on;	/* the builder thread runs */
};

static void *
pipe_build(void *arg)
{
	struct pipe *p = arg;
	const struct dgs_ctx *ctx = p->ctx;
	size_t i = 0, end, n = p->sp->n;
	int rc = 0, quit = 0;

	size_t walked;

	while (i < n && rc == 0 && !quit) {
		end = n - i > PIPE_BATCH ? i + PIPE_BATCH : n;
		for (; i < end; i++)
			if ((rc = dgs_build(ctx->keys, ctx->buf, ctx->len,
			    p->sp->v[2 * i], &p->v[i])) != 0)
				break;
		pthread_mutex_lock(&p->mu);
		p->ready = i;
		pthread_cond_signal(&p->cv);
		/* No further ahead of the walk than p->ahead bytes: what is
		 * built and not walked is what memory holds.  The walk can
		 * always go on (p->ahead >= its batch), so this waits for
		 * no longer than a batch's walk. */
		while (p->stream && !p->quit && rc == 0 && i < n &&
		    p->sp->v[2 * i] - p->sp->v[2 * p->walked] > p->ahead) {
			p->waiting = 1;
			pthread_cond_wait(&p->cv_walked, &p->mu);
		}
		p->waiting = 0;
		quit = p->quit;
		walked = p->walked;
		pthread_mutex_unlock(&p->mu);
		for (; p->freed < walked; p->freed++)
			json_object_put(p->v[p->freed]);
	}
	pthread_mutex_lock(&p->mu);
	p->done = 1;
	pthread_cond_signal(&p->cv);
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/* Starts the builder thread when it is worth it; 0 when it runs. */
static int
pipe_start(struct pipe *p, struct dgs_ctx *ctx, const struct dgs_spans *sp)
{
	memset(p, 0, sizeof(*p));
	if (ctx->opts->threads < 2 || sp->n < 2 ||
	    (ctx->len < PIPE_MIN && ctx->opts->stream != DGS_STREAM_ON) ||
	    (p->v = calloc(sp->n, sizeof(*p->v))) == NULL)
		return -1;
	p->ctx = ctx;
	p->sp = sp;
	p->ahead = ctx->opts->stream == DGS_STREAM_ON ? 0 : PIPE_AHEAD;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->cv, NULL);
	pthread_cond_init(&p->cv_walked, NULL);
	if (pthread_create(&p->tid, NULL, pipe_build, p) != 0) {
		pthread_mutex_destroy(&p->mu);
		pthread_cond_destroy(&p->cv);
		pthread_cond_destroy(&p->cv_walked);
		free(p->v);
		p->v = NULL;
		return -1;
	}
	p->on = 1;
	return 0;
}

/* Stops the builder thread and frees what it built that was not taken. */
static void
pipe_stop(struct pipe *p)
{
	size_t i;

	if (!p->on)
		return;
	pthread_mutex_lock(&p->mu);
	p->quit = 1;
	pthread_cond_signal(&p->cv_walked);
	pthread_mutex_unlock(&p->mu);
	pthread_join(p->tid, NULL);
	/* Walked and handed back, but not yet freed by the builder. */
	for (i = p->freed; i < p->walked; i++)
		json_object_put(p->v[i]);
	for (i = p->taken; i < p->ready; i++)
		json_object_put(p->v[i]);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->cv);
	pthread_cond_destroy(&p->cv_walked);
	free(p->v);
	p->v = NULL;
	p->on = 0;
}

/* Element i from the builder thread: 1 when *e is set, 0 when the builder
 * stopped before it (it is then stopped for good). */
static int
pipe_take(struct pipe *p, size_t i, struct json_object **e)
{
	if (!p->on)
		return 0;
	if (i >= p->avail) {
		pthread_mutex_lock(&p->mu);
		while (p->ready <= i && !p->done)
			pthread_cond_wait(&p->cv, &p->mu);
		p->avail = p->ready;
		pthread_mutex_unlock(&p->mu);
	}
	if (i >= p->avail) {
		p->taken = i;
		pipe_stop(p);
		return 0;
	}
	*e = p->v[i];
	p->taken = i + 1;
	return 1;
}

/*
 * Streaming: the elements from to to - 1 of root are walked, and are
 * freed (by the builder thread while it runs, which alone changes
 * reference counts then); what the rules' states keep by a node's
 * address is forgotten, as the address may be a later node's.  Only the
 * cross-element indexes, which keep copies, outlive an element.
 */
static void
release(struct dgs_ctx *ctx, struct pipe *p, struct json_object *root,
    struct dgs_spans *sp, size_t from, size_t to)
{
	struct array_list *al = json_object_get_array(root);
	size_t k;

	for (k = from; k < to; k++) {
		if (!p->on)
			json_object_put(al->array[k]);
		al->array[k] = NULL;
	}
	if (p->on) {
		pthread_mutex_lock(&p->mu);
		p->walked = to;
		p->stream = 1;
		if (p->waiting)
			pthread_cond_signal(&p->cv_walked);
		pthread_mutex_unlock(&p->mu);
	}
	for (k = 0; k < DGS_NODE_MAX; k++)
		if (ctx->state[k] != NULL && ctx->state_forget[k] != NULL)
			ctx->state_forget[k](ctx->state[k]);
	/* Their text, up to the next element's, which the builder may be
	 * reading. */
	dgs_text_drop(sp->map, &sp->dropped, to < sp->n ? sp->v[2 * to] :
	    sp->v[2 * to - 1]);
}

/*
 * A document that is an array, the usual form of a large one, is built an
 * element at a time into ctx->root.  When it holds replacements, the
 * elements are walked as soon as WALK_BATCH bytes of their text are built,
 * while their objects are still in the processor's caches: walking a tree
 * of hundreds of megabytes after building it all costs about a fifth as
 * much again.  A batch, not each element: building and walking each take
 * more code than the instruction cache holds, and taking turns at every
 * element misses in it four times as often (callgrind, 16 MB: 12.7 million
 * instruction-cache misses, 1.9 million in 64 KB batches; 5% less time,
 * 8% on 2,000 small files, each of which is one batch).  The tree is
 * the one json-c makes of the whole text, and the nodes are visited in
 * the same order as dgs_walk_replacements() visits them.  An element the
 * builder leaves to json-c is parsed by json-c's tokenizer alone.
 * Returns 1 when the elements were walked; 2 when json-c failed and
 * reported it (the walk's findings are then dropped, as the whole text
 * would not have been walked); 0 when the caller is to go on as after
 * parse(), with ctx->root (NULL when json-c failed silently); 3 when
 * json-c and the scanner disagree on an element, so the caller is to
 * parse the whole text; DGS_ENOMEM.
 */
/* Element i of sp as a json-c object into *e: from the builder thread,
 * else built here, else (what the builder leaves to json-c) by json-c's
 * tokenizer alone (*tok, made once; *bad as parse_batch() sets it).
 * Returns 0; 1 when json-c failed on it; -1 when out of memory. */
static int
build_element(struct dgs_ctx *ctx, struct pipe *pipe, struct dgs_spans *sp,
    size_t i, struct json_tokener **tok, int *bad, struct json_object **e)
{
	struct json_object *one;
	int rc;

	if (pipe_take(pipe, i, e))
		return 0;
	if ((rc = dgs_build(ctx->keys, ctx->buf, ctx->len, sp->v[2 * i],
	    e)) != 1)
		return rc < 0 ? -1 : 0;
	if (*tok == NULL && (*tok = json_tokener_new_ex(DGS_MAX_DEPTH + 1)) ==
	    NULL)
		return -1;
	if ((one = parse_batch(ctx, *tok, sp, i, i + 1, bad)) == NULL)
		return 1;
	if (json_object_array_length(one) != 1) {
		json_object_put(one);
		return 1;
	}
	*e = json_object_get(json_object_array_get_idx(one, 0));
	json_object_put(one);
	return 0;
}

/* Before the first batch is walked, as dgs_lint() does before walking,
 * the document of kind and its n elements; returns whether the elements
 * are released as they are walked (stream, unless a whole-document
 * check reads the whole tree). */
static int
begin_walk(struct dgs_ctx *ctx, enum dgs_kind kind, size_t n, int stream)
{
	size_t k;

	ctx->kind = kind;
	dgs_buf_add(&ctx->ptr, "", 0);
	plan_rules(ctx);
	for (k = 0; k < ctx->nbyn[DGS_NODE_DOC]; k++)
		if (!(dgs_rule_needs[ctx->byn[DGS_NODE_DOC][k]] &
		    DGS_NEEDS_STREAMS))
			stream = 0;
	ctx->streamed = stream;
	ctx->nelems = n;
	return stream;
}

/* Back to where dgs_lint() was before begin_walk(). */
static void
undo_walk(struct dgs_ctx *ctx)
{
	size_t i;

	for (i = 0; i < DGS_NODE_MAX; i++) {
		if (ctx->state[i] != NULL && ctx->state_free[i] != NULL)
			ctx->state_free[i](ctx->state[i]);
		free(ctx->state[i]);
		ctx->state[i] = NULL;
	}
	memset(ctx->nbyn, 0, sizeof(ctx->nbyn));
	memset(ctx->planned, 0, sizeof(ctx->planned));
	dgs_buf_free(&ctx->ptr);
	ctx->kind = DGS_KIND_UNKNOWN;
	ctx->streamed = 0;
}

static int
parse_array(struct dgs_ctx *ctx, struct dgs_spans *sp)
{
	struct dgs_result *res = ctx->res;
	struct json_tokener *tok = NULL;
	struct json_object *root, *e;
	struct pipe pipe;
	struct dgs_item stop;
	enum dgs_kind kind = ctx->opts->kind, ek;
	size_t i, done = 0, mark = res->nitems, before = 0, from;
	size_t batch = WALK_BATCH;
	int rc, bad = 0, oom = 0, walking = 0;
	int stream = ctx->opts->stream != DGS_STREAM_OFF;

	if (ctx->opts->stream == DGS_STREAM_ON)
		batch = 0;	/* an element at a time */
	if ((root = json_object_new_array_ext((int)sp->n)) == NULL)
		return DGS_ENOMEM;
	ctx->root = root;
	(void)pipe_start(&pipe, ctx, sp);
	for (i = 0; i < sp->n; i++) {
		before = res->nitems;
		if ((rc = build_element(ctx, &pipe, sp, i, &tok, &bad,
		    &e)) != 0) {
			oom = rc < 0;
			break;
		}
		if (json_object_array_add(root, e) != 0) {
			/* After the builder thread: e may share strings with
			 * what it builds, and reference counts are not
			 * atomic. */
			pipe_stop(&pipe);
			json_object_put(e);
			oom = 1;
			break;
		}
		if (kind == DGS_KIND_UNKNOWN &&
		    (ek = dgs_detect.element(e)) != DGS_KIND_UNKNOWN)
			kind = ek;
		if (dgs_kinds[kind].element == DGS_NODE_NONE)
			continue;
		if (i + 1 < sp->n && (size_t)(sp->v[2 * (i + 1)] -
		    sp->v[2 * done]) < batch)
			continue;
		if (!walking) {
			stream = begin_walk(ctx, kind, sp->n, stream);
			walking = 1;
		}
		from = done;
		for (; done <= i; done++)
			if (dgs_kinds[kind].each != NULL)
				dgs_kinds[kind].each(ctx,
				    json_object_array_get_idx(root, done),
				    done);
			else
				dgs_visit(ctx, dgs_kinds[kind].element,
				    json_object_array_get_idx(root, done), NULL,
				    (long)done);
		if (stream)
			release(ctx, &pipe, root, sp, from, done);
	}
	pipe_stop(&pipe);
	if (tok != NULL)
		json_tokener_free(tok);
	if (i == sp->n)
		return walking;
	json_object_put(root);
	ctx->root = NULL;
	if (oom)
		return DGS_ENOMEM;
	/* As if the whole text had failed to parse: no walk, so none of
	 * its findings, but json-c's (reported last, if at all). */
	if (res->nitems > before) {
		stop = res->items[--res->nitems];
		dgs_result_drop(res, mark);
		res->items[res->nitems++] = stop;
		return 2;
	}
	dgs_result_drop(res, mark);
	if (walking)
		undo_walk(ctx);
	return bad ? 0 : 3;
}

/* json-c's tokenizer on the whole text. */
static struct json_object *
tokenize(struct dgs_result *res, const struct dgs_options *opts,
    const char *buf, size_t len, size_t start)
{
	struct json_tokener *tok;
	struct json_object *root;
	enum json_tokener_error jerr;

	if ((tok = json_tokener_new_ex(DGS_MAX_DEPTH + 1)) == NULL) {
		res->oom = 1;
		return NULL;
	}
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	root = json_tokener_parse_ex(tok, buf + start, (int)(len - start));
	jerr = json_tokener_get_error(tok);
	if (root == NULL && jerr == json_tokener_continue) {
		/* A bare number at the end of input needs a terminator. */
		root = json_tokener_parse_ex(tok, "", 1);
		jerr = json_tokener_get_error(tok);
	}
	if (root == NULL && jerr != json_tokener_success)
		/* The scanner accepted the text; json-c did not. */
		dgs_report_offset(res, opts, DGS_R_JSON_SYNTAX, "",
		    start + json_tokener_get_parse_end(tok),
		    start + json_tokener_get_parse_end(tok),
		    "the JSON parser stopped here: %s",
		    json_tokener_error_desc(jerr));
	json_tokener_free(tok);
	return root;
}

/* The tree of the whole text, from the builder or json-c's tokenizer. */
static struct json_object *
parse(struct dgs_ctx *ctx, size_t start)
{
	struct json_object *root;
	int rc;

	if ((rc = dgs_build(ctx->keys, ctx->buf, ctx->len, start, &root)) == 0)
		return root;
	if (rc < 0) {
		ctx->res->oom = 1;
		return NULL;
	}
	return tokenize(ctx->res, ctx->opts, ctx->buf, ctx->len, start);
}

/* The rules' states, the cross-element indexes among them. */
static void
states_free(struct dgs_ctx *ctx)
{
	size_t i;

	for (i = 0; i < DGS_NODE_MAX; i++)
		if (ctx->state[i] != NULL) {
			if (ctx->state_free[i] != NULL)
				ctx->state_free[i](ctx->state[i]);
			free(ctx->state[i]);
			ctx->state[i] = NULL;
		}
}

static void
ctx_free(struct dgs_ctx *ctx)
{
	if (ctx == NULL)
		return;
	states_free(ctx);
	json_object_put(ctx->root);
	/* After the tree, whose objects point to them. */
	dgs_keys_free(ctx->keys);
	dgs_buf_free(&ctx->ptr);
	free(ctx);
}

/* The snapshots, loaded: a load started with dgs_snapshot_load_start()
 * runs while the text is scanned, and is waited for here, before the
 * rules first need it.  0, or DGS_ECONFIG when one could not be loaded
 * (dgs_snapshot_wait() says why), or DGS_ENOMEM. */
static int
snapshots_ready(const struct dgs_options *opts)
{
	int rc;

	if ((rc = dgs_snapshot_ready(opts->snapshot)) != 0 ||
	    (rc = dgs_snapshot_ready(opts->snapshot_before)) != 0)
		return rc == DGS_ENOMEM ? DGS_ENOMEM : DGS_ECONFIG;
	return 0;
}

/* A text that is not strict JSON: other JSON when json-c's lenient
 * parse (comments, trailing commas, as tsconfig.json and VS Code's
 * settings have them) reads it and its members tell no kind. */
static void
other_json(struct dgs_result *res, const char *buf, size_t len)
{
	struct json_tokener *tok;
	struct json_object *root;
	const char *why;

	if (len > 0x7fffffff || (tok = json_tokener_new()) == NULL)
		return;
	root = json_tokener_parse_ex(tok, buf, (int)len);
	if (root != NULL && json_tokener_get_error(tok) == json_tokener_success &&
	    (json_object_is_type(root, json_type_object) ||
	    json_object_is_type(root, json_type_array)) &&
	    dgs_detect.doc(root, &why) == DGS_KIND_UNKNOWN &&
	    !dgs_detect.service_like(root)) {
		dgs_result_drop(res, 0);
		res->other = 1;
	}
	json_object_put(root);
	json_tokener_free(tok);
}

/* The kinds --kind takes, as the kind table names them (dgs_kind_name()),
 * separated by commas, into buf. */
static const char *
kind_list(char *buf, size_t size)
{
	size_t len = 0;
	int k, n;

	buf[0] = '\0';
	for (k = DGS_KIND_UNKNOWN + 1; k < DGS_KIND_MAX; k++) {
		n = snprintf(buf + len, size - len, "%s%s", len > 0 ? ", " : "",
		    dgs_kind_name((enum dgs_kind)k));
		if (n < 0 || (size_t)n >= size - len)
			break;
		len += (size_t)n;
	}
	return buf;
}

/* A context to lint buf (len bytes) with opts into res; NULL when out
 * of memory. */
static struct dgs_ctx *
ctx_new(const struct dgs_options *opts, struct dgs_result *res,
    const char *buf, size_t len)
{
	struct dgs_ctx *ctx;

	if ((ctx = calloc(1, sizeof(*ctx))) == NULL)
		return NULL;
	ctx->opts = opts;
	ctx->res = res;
	ctx->buf = buf;
	ctx->len = len;
	if ((ctx->keys = dgs_keys_new()) == NULL) {
		ctx_free(ctx);
		return NULL;
	}
	return ctx;
}

/* ctx->kind: the options', else told from the document; 0, or 1 when it
 * cannot be told, and the document is not walked.  An empty array is a
 * valid list of any kind: no finding; other JSON is left alone. */
static int
tell_kind(struct dgs_ctx *ctx)
{
	const struct dgs_options *opts = ctx->opts;
	const char *why = NULL;
	char kinds[160];

	ctx->kind = opts->kind;
	if (ctx->kind != DGS_KIND_UNKNOWN ||
	    (ctx->kind = dgs_detect.doc(ctx->root, &why)) != DGS_KIND_UNKNOWN)
		return 0;
	if (why != NULL && !opts->presume &&
	    !dgs_detect.service_like(ctx->root)) {
		dgs_result_drop(ctx->res, 0);
		ctx->res->other = 1;
	} else if (why != NULL)
		dgs_report(ctx, DGS_R_KIND_UNKNOWN, "%s; name the kind with "
		    "--kind (%s)", why, kind_list(kinds, sizeof(kinds)));
	return 1;
}

/* The findings of res located in buf (len bytes, the document from
 * start; ctx NULL when it was not parsed), and the document-set keys;
 * 0, or -1 when out of memory. */
static int
result_done(struct dgs_ctx *ctx, struct dgs_result *res,
    const struct dgs_options *opts, const char *buf, size_t len,
    size_t start, struct dgs_spans *spans)
{
	if (res->nitems > 0 && !opts->presume &&
	    opts->kind == DGS_KIND_UNKNOWN && res->kind == DGS_KIND_UNKNOWN &&
	    (ctx == NULL || ctx->root == NULL))
		other_json(res, buf, len);
	if (res->oom || dgs_result_scopes_ran(res, opts) != 0)
		return -1;
	if (res->nitems > 0) {
		/* Nothing needs the indexes now: their memory, and the text
		 * read again from the start, are what the locator has. */
		if (ctx != NULL)
			states_free(ctx);
		spans->dropped = 0;
		/* The spans are complete when the text was well-formed. */
		if (dgs_result_finish(res, buf, len, start, ctx != NULL ?
		    spans : NULL) != 0)
			return -1;
	}
	if (res->ndskeys > 0)
		dgs_ds_locate(res, buf, len, start, spans);
	return 0;
}

/* Whether a document of len bytes is built by a pipeline (a builder
 * thread, parse_array()'s pipe) with opts. */
static int
piped(const struct dgs_options *opts, size_t len)
{
	if (opts->stream == DGS_STREAM_OFF)
		return opts->threads >= 2 && len >= PIPE_MIN;
	return opts->stream != DGS_STREAM_AUTO || len >= PIPE_MIN;
}

/* The array of elements in spans parsed and walked as it is built;
 * returns as parse_array() does.  Walked: the whole-document checks
 * then, as walk_kind() runs them after its walk. */
static int
walk_array(struct dgs_ctx *ctx, struct dgs_spans *spans)
{
	struct dgs_result *res = ctx->res;
	size_t i;
	int rc;

	spans->dropped = 0;	/* the scanner gave back what it read */
	if ((rc = parse_array(ctx, spans)) < 0)
		return rc;
	if (rc >= 2)	/* a walk undone: its keys too */
		res->ndskeys = res->dstext.len = 0;
	if (rc == 1) {
		res->kind = ctx->kind;
		for (i = 0; i < ctx->nbyn[DGS_NODE_DOC]; i++)
			dgs_rule_defs[ctx->byn[DGS_NODE_DOC][i]].check(ctx,
			    ctx->root);
	}
	return rc;
}

static int
lint_text(const struct dgs_options *opts, const char *file, const char *buf,
    size_t len, int mapped, struct dgs_result **out)
{
	struct dgs_result *res;
	struct dgs_ctx *ctx = NULL;
	struct dgs_spans spans = { NULL, 0, 0, NULL, 0 };
	size_t start = 0;
	int rc;

	*out = NULL;
	if ((res = calloc(1, sizeof(*res))) == NULL)
		return DGS_ENOMEM;
	if ((res->file = dgs_strdup(file ? file : "-")) == NULL)
		goto oom;
	if (len > 0x7fffffff) {
		/* json-c takes an int length. */
		dgs_report_offset(res, opts, DGS_R_JSON_SYNTAX, "", 0, 0,
		    "the document is larger than 2 GiB, more than the JSON "
		    "parser takes; split it");
		goto finish;
	}
	if ((ctx = ctx_new(opts, res, buf, len)) == NULL)
		goto oom;
	if (mapped)
		spans.map = buf;
	/*
	 * A document that is not built by a pipeline is built first as it
	 * is checked, in one pass: clean JSON, which nearly every document
	 * is, is not read twice.  Anything the scanner would report stops
	 * that build, and the document is scanned and built as below.
	 */
	if (!piped(opts, len)) {
		if ((rc = dgs_build_doc(ctx->keys, buf, len, &ctx->root,
		    &spans)) < 0)
			goto oom;
		if (rc == 0)
			goto built;
	}
	if ((rc = dgs_scan_spans(res, opts, buf, len, &start, &spans)) < 0)
		goto oom;
	if (rc == 1 || res->oom) {
		ctx_free(ctx);
		ctx = NULL;
		goto finish;
	}
	if ((rc = snapshots_ready(opts)) != 0)
		goto fail;
	if (spans.n > 0) {
		if ((rc = walk_array(ctx, &spans)) < 0)
			goto oom;
		if (rc == 1 || rc == 2)
			goto finish;
	}
	if (spans.n == 0 || rc == 3)
		ctx->root = parse(ctx, start);
	if (ctx->root == NULL && res->nitems > 0 &&
	    res->items[res->nitems - 1].rule == DGS_R_JSON_SYNTAX)
		goto finish;
built:
	if (tell_kind(ctx) != 0)
		goto finish;
	res->kind = ctx->kind;
	if ((rc = snapshots_ready(opts)) != 0)
		goto fail;
	dgs_buf_add(&ctx->ptr, "", 0);
	plan_rules(ctx);
	walk_kind(ctx);

finish:
	if (result_done(ctx, res, opts, buf, len, start, &spans) != 0)
		goto oom;
	free(spans.v);
	ctx_free(ctx);
	*out = res;
	return 0;
oom:
	rc = DGS_ENOMEM;
fail:
	free(spans.v);
	ctx_free(ctx);
	dgs_result_free(res);
	return rc;
}

int
dgs_lint(const struct dgs_options *opts, const char *file, const char *buf,
    size_t len, struct dgs_result **out)
{
	return lint_text(opts, file, buf, len, 0, out);
}

int
dgs_lint_mapped(const struct dgs_options *opts, const char *file,
    const char *buf, size_t len, struct dgs_result **out)
{
	return lint_text(opts, file, buf, len, 1, out);
}
