/*
 * gen_int.h: what the files of the generator rules share (rules/gen_*.c):
 * the per-document state of the METADATA slot, the metadata node a rule
 * runs on (struct gmd) and the functions of gmd_rules[], and the helpers
 * that find a node's link and generator.  Internal to the library.
 */
#ifndef DGS_GEN_INT_H
#define DGS_GEN_INT_H

#include <stdint.h>

#include "rules.h"
#include "catalog.h"

/*
 * Per-document state (the METADATA slot).
 */
struct colkey {			/* a configured column, for partitions */
	size_t		 s, c;		/* copies, in gen_state's colarena:
					 * the schema, then the table */
	const char	*gen;		/* the catalogue's */
};

struct pending {		/* a partition-by column not yet seen */
	char		*s, *t, *c;
	char		*ptr;		/* pointer of the entry */
	long		 index;		/* in the string, or -1 */
	uint64_t	 h;
	int		 done;
};

/* What every metadata rule needs of the metadata node it runs on,
 * worked out once per node (see md_info). */
struct md_info {
	struct json_object		*md;	/* the node; NULL: none yet */
	struct json_object		*link;	/* link_of(md) */
	const char			*id;	/* md_gen_id(md) */
	const struct dgs_generator	*g;
	struct json_object		*sub;	/* subGeneratorMetadata */
	const char			*sub_id;
	const struct dgs_generator	*sub_g;
	struct json_object		*caps;	/* captureGroupMetadata */
	const char			*sub_legacy;	/* sub_legacy_id(md) */
	/* The generator preset whose own `metadata` md is, or NULL: its
	 * generatorId is the preset's, and it has no link. */
	struct json_object		*preset;
	/* The link has a member other than those of the current shape
	 * (schema, table, column, path, dataType, metadata): without one,
	 * the rules need not look for legacy members there. */
	int				 legacy;
};

/* A generator looked up by gen_find(). */
struct find_memo {
	char				 id[48];
	size_t				 len;	/* 0: empty */
	const struct dgs_generator	*g;
};
#define FIND_MEMO	64

struct gen_state {
	struct md_info		 mi;		/* the last metadata node */
	struct json_object	*main_r;	/* gen_main_gen_id()'s last */
	const char		*main_id;
	struct find_memo	 found[FIND_MEMO];	/* for gen_find() */
	const char		*names[64];	/* for md_suggest */
	/* report_unknown()'s last id (an unknown id tends to repeat) and
	 * the known id it misspells, if any. */
	char			 miss_id[64];
	const char		*miss_best;
	struct json_object	*re_obj;	/* the pattern last inspected */
	struct dgs_regex_info	 re;
	struct colkey		*seen;		/* in the order seen */
	size_t			 nseen, capseen;
	struct dgs_index	 seen_ix;	/* of seen */
	struct dgs_buf		 colarena;	/* seen's names, each NUL-ended */
	struct pending		*pend;		/* open addressing */
	size_t			 npend, cappend;
};

/* Metadata objects: the node and the sub-generator metadata inside. */
enum role {
	ROLE_LINK,	/* a link's own metadata */
	ROLE_NESTED,	/* a Conditional's generator */
	ROLE_PRESET,	/* a generator preset's own metadata */
	ROLE_SUB	/* subGeneratorMetadata, a captureGroupMetadata entry */
};

struct gmd {
	struct json_object		*obj;
	struct json_object		*md;	/* the metadata node */
	const char			*id;	/* effective generatorId */
	const struct dgs_generator	*g;
	enum role			 role;
	/* Of md, from gen_md_info(): */
	struct json_object		*link;	/* link_of(md) */
	const char			*sub_legacy;	/* sub_legacy_id(md) */
	int				 legacy;	/* see md_info */
	struct json_object		*preset;	/* of md, or NULL */
};

/* Called with the rule to report, or with GMD_ALL by an entry of
 * gmd_rules[] that names several: gmd_on() says which to report. */
typedef void (*gmd_fn)(struct dgs_ctx *, const struct gmd *, int);

#define GMD_ALL		(-1)

/* Whether a gmd_fn called for rule reports rule r (a rule that is off
 * reports nothing: dgs_report()). */
static inline int
gmd_on(int rule, int r)
{
	return rule == r || rule == GMD_ALL;
}

/* Helpers (gen_metadata.c). */
struct gen_state *gen_st(struct dgs_ctx *ctx);
const struct dgs_generator *gen_find(const struct dgs_ctx *ctx,
	    const char *id);
const struct dgs_frame *gen_link_frame(const struct dgs_ctx *ctx);
const char *gen_main_gen_id(struct dgs_ctx *ctx, struct json_object *r);
char *gen_to_link(struct dgs_ctx *ctx);
const struct dgs_frame *gen_preset_frame(const struct dgs_ctx *ctx);
char *gen_to_frame(struct dgs_ctx *ctx, const struct dgs_frame *f);
void	gen_back_from_link(struct dgs_ctx *ctx, char *rest);
const struct md_info *gen_md_info(struct dgs_ctx *ctx,
	    struct json_object *md, struct md_info *tmp);

/* Lists (gen_settings.c). */
void	gen_quoted_list(struct dgs_buf *b, const char *const *v);

/* Conditional generators (gen_conditional.c). */
void	gen_walk_conditional(struct dgs_ctx *ctx, struct json_object *md);

/* The metadata rules' table (gen_metadata.c), made from the records:
 * how many functions it calls, and in *most the most rules one reports
 * (the table holds 32 functions and 4 rules a function: a test holds
 * that). */
size_t	dgs_gmd_count(size_t *most);
/* The functions of gmd_rules[] (gen_metadata.c), by file: gen_ids.c,
 * gen_caps.c, gen_settings.c, gen_composite.c. */
void	gen_unknown_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule);
void	gen_deprecated_fn(struct dgs_ctx *ctx, const struct gmd *x,
	    int rule);
void	gen_preset_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule);
void	gen_encryption_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule);
void	gen_cvp_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule);
void	gen_consistency_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule);
void	gen_consistency_column_fn(struct dgs_ctx *ctx,
	    const struct gmd *x, int rule);
void	gen_dp_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule);
void	gen_setting_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule);
void	gen_required_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule);
void	gen_unused_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule);
void	gen_fallback_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule);
void	gen_path_unexpected_fn(struct dgs_ctx *ctx, const struct gmd *x,
	    int rule);
void	gen_incomplete_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule);
void	gen_sub_composite_fn(struct dgs_ctx *ctx, const struct gmd *x,
	    int rule);
void	gen_path_syntax_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule);
void	gen_regex_fn(struct dgs_ctx *ctx, const struct gmd *x, int rule);

/* Small helpers, inline where they run per node. */
static inline int
gen_is_true(struct json_object *o, const char *key)
{
	int b = 0;

	return dgs_get_bool(o, key, &b) && b;
}

/* dgs_ptr_push_index() without printf: it runs once per sub-generator
 * and rule. */
static inline void
gen_push_index(struct dgs_ctx *ctx, size_t i)
{
	char buf[24], *p = buf + sizeof(buf);

	do
		*--p = (char)('0' + i % 10);
	while ((i /= 10) > 0);
	*--p = '/';
	dgs_buf_add(&ctx->ptr, p, (size_t)(buf + sizeof(buf) - p));
}

static inline int
gen_blank(const char *s)
{
	for (; *s != '\0'; s++)
		if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')
			return 0;
	return 1;
}

#endif /* DGS_GEN_INT_H */
