/*
 * catalog.h: the generator catalogue (built in, from the public
 * documentation with a source for each fact, and loaded from a saved GET
 * /api/GeneratorMetadata response), the loaded preset list, and the
 * syntax checkers of the generator family (path expressions, regular
 * expressions).  Internal to lib/ and rules/.
 */
#ifndef DGS_CATALOG_H
#define DGS_CATALOG_H

#include <stddef.h>

struct dgs_options;

/* A capability: known absent, known present, or not known (allowed). */
#define DGS_NO		0
#define DGS_YES		1
#define DGS_UNSURE	2

/* What a composite generator parses its column with. */
enum dgs_comp {
	DGS_COMP_NONE = 0,	/* not composite */
	DGS_COMP_JSONPATH,	/* JSON, Array JSON, Struct Mask */
	DGS_COMP_XPATH,		/* XML, HTML Mask */
	DGS_COMP_CSV,		/* CSV Mask: a column index */
	DGS_COMP_REGEX,		/* Regex, Array Regex Mask */
	DGS_COMP_CONDITIONAL,	/* Conditional */
	DGS_COMP_UNSURE,	/* a loaded id the built-in table lacks */
	DGS_COMP_KEY		/* HStore Mask: a key of the HStore value */
};

/* A generator-specific metadata member. */
struct dgs_gen_member {
	const char		*name;
	unsigned		 types;	/* DGS_T_*; 0 any; null always accepted */
	/* The complete enumeration, NULL-terminated, compared without
	 * regard to case; NULL when the values are not all known. */
	const char *const	*values;
	/* Where the name and type come from: a documentation page, a
	 * public source file (the adapter's model), DGS_SRC_INFERRED, or
	 * NULL for the generator's own source. */
	const char		*source;
	/* Added at the end so that positional rows need not give them;
	 * zero (0, NULL) means not stated.  required: DGS_YES when a page
	 * says the generator needs the setting to work (a value list, a
	 * required option), with required_src its page and sentence. */
	unsigned char		 required;
	const char		*required_src;
	/* Where values (the enumeration) comes from, when not source. */
	const char		*values_src;
	/* A dependency between settings: the member named by requires
	 * must be given for this one to be used, and, when requires_value
	 * is set, have that value (compared without regard to case). */
	const char		*requires;
	const char		*requires_value;
	/* A member whose number this one's may not exceed (min and max). */
	const char		*not_above;
	/* The page and sentence of requires and not_above. */
	const char		*dep_src;
};

/* A member's required: needed when the replacement links several
 * columns (DGS_YES: always). */
#define DGS_REQ_LINKED	3

/* The source of a fact no public material states. */
#define DGS_SRC_INFERRED	"inferred"
/* The start of a note beside a fact no source was found for (a U cell):
 * what was searched for. */
#define DGS_SRC_NOT_FOUND	"not found: "
/* The source of the capabilities a --generators file loaded. */
#define DGS_SRC_LOADED		"GET /api/GeneratorMetadata (--generators)"
/* 1 when a fact's source is DGS_SRC_INFERRED. */
int	 dgs_src_inferred(const char *source);

/* The capabilities of a generator, each a cell of the catalogue with a
 * source of its own (dgs_gen_cap(), dgs_gen_cap_source()). */
enum dgs_cap {
	DGS_CAP_PARTITION,	/* can partition */
	DGS_CAP_PARTITION_BY,	/* can be a partition-by column */
	DGS_CAP_LINK,		/* can link columns */
	DGS_CAP_CONS_SELF,	/* can be self-consistent */
	DGS_CAP_CONS_OTHER,	/* consistent with another column */
	DGS_CAP_IMPLICIT,	/* implicitly consistent */
	DGS_CAP_DP,		/* configurable differential privacy */
	DGS_CAP_FALLBACK,	/* has a fallback generator */
	DGS_CAP_SETTINGS,	/* its settings are all known (not open) */
	DGS_CAP_COUNT
};

struct dgs_generator {
	const char		*id;		/* generatorId */
	const char		*label;		/* display name */
	unsigned char		 comp;		/* enum dgs_comp */
	unsigned char		 partition;	/* can partition */
	unsigned char		 partition_by;	/* can be a partition-by column */
	unsigned char		 link;		/* can link columns */
	unsigned char		 cons_self;	/* can be self-consistent */
	unsigned char		 cons_other;	/* consistent with another column */
	unsigned char		 implicit;	/* implicitly consistent */
	unsigned char		 dp;		/* configurable differential privacy */
	unsigned char		 fallback;	/* has a fallback generator */
	unsigned char		 open;		/* members not all known */
	unsigned char		 fallback_only;	/* NoFallbackGenerator */
	unsigned char		 inferred;	/* the id itself is inferred */
	const char *const	*fallback_ids;	/* NULL-terminated; NULL: any */
	const struct dgs_gen_member *members;	/* NULL name ends; may be NULL */
	/* Where the id and name (and settings whose own source is NULL)
	 * come from; see catalog.c. */
	const char		*source;
	/* Per capability, the page and sentence that state it; for a U
	 * cell, NULL or a DGS_SRC_NOT_FOUND note.  NULL for a partition
	 * or partition-by cell: the sentence that states it for every
	 * generator.  Read with dgs_gen_cap_source(). */
	const char		*cap_src[DGS_CAP_COUNT];

	/*
	 * Columns added at the end (issue 41), so that positional rows
	 * need not give them: zero (0, NULL) means not stated, which no
	 * rule reports on.
	 */
	/* The data types it applies to: DGS_FAM() bits of enum db_family
	 * (rules/database.h); 0 not stated.  families_words says it in
	 * words ("a number"), families_src the page and sentence. */
	unsigned		 families;
	const char		*families_words;
	const char		*families_src;
	/* A member that, given, lets it work on text too (a date format),
	 * and one that lets it work on numbers and text (a Unix timestamp
	 * format); NULL none. */
	const char		*text_with;
	const char		*number_with;
	/* Deprecated: the documented replacement's id (NULL: not
	 * deprecated), and the page and sentence that say so. */
	const char		*replaced_by;
	const char		*replaced_src;
	/* A composite: what its page forbids its sub-generators (DGS_SUB_*
	 * bits; 0 none stated), and the page and sentence. */
	unsigned		 sub_forbid;
	const char		*sub_forbid_src;
	/* Where two pages contradict each other about the generator: both
	 * sources (rules say nothing above info on what rests on them). */
	const char		*contra_src;
	/* 1 when no sentence names the data types of families, which are
	 * what the generator's purpose implies (families_src is its page
	 * alone): a finding on them is never above info. */
	unsigned char		 families_implied;
};

/* A data type family (enum db_family, rules/database.h) as a bit of
 * struct dgs_generator's families. */
#define DGS_FAM(f)		(1u << (f))

/* What a composite's page forbids its sub-generators. */
#define DGS_SUB_CONS_OTHER	0x01u	/* consistency with another column */
#define DGS_SUB_LINK		0x02u	/* linking */
#define DGS_SUB_COMPOSITE	0x04u	/* another composite nested */
#define DGS_SUB_CONS_SELF	0x08u	/* consistency */

/* The built-in table, sorted by id. */
size_t	 dgs_gen_builtin_count(void);
const struct dgs_generator *dgs_gen_builtin(size_t);
/* The built-in generator with that id, or NULL; an id the documentation
 * spells two ways ("SINGenerator") finds the entry of the other. */
const struct dgs_generator *dgs_gen_builtin_find(const char *id);

/* 1 when g is an entry of the built-in table (not a loaded one). */
int	 dgs_gen_is_builtin(const struct dgs_generator *g);
/* The source of member m of g: its own, or g's. */
const char *dgs_gen_member_source(const struct dgs_generator *g,
	    const struct dgs_gen_member *m);
/* The value of a capability of g: DGS_NO, DGS_YES or DGS_UNSURE (for
 * DGS_CAP_SETTINGS, DGS_YES when g's settings are all known). */
int	 dgs_gen_cap(const struct dgs_generator *g, enum dgs_cap cap);
/* Where that value comes from: a page and its sentence (a built-in
 * fact), DGS_SRC_LOADED, a DGS_SRC_NOT_FOUND note, or NULL. */
const char *dgs_gen_cap_source(const struct dgs_generator *g,
	    enum dgs_cap cap);
/* 1 when source is a real source, not NULL nor a not-found note nor
 * DGS_SRC_INFERRED. */
int	 dgs_src_found(const char *source);
/* Every source of a built-in generator's facts, one line each ("Linking
 * no, ...: page \"sentence\""), after the generator's own: a text kept
 * for the life of the program; DGS_SRC_LOADED for a loaded generator,
 * and g->source when memory runs out. */
const char *dgs_gen_sources_text(const struct dgs_generator *g);

/*
 * A generator described (catalog_describe.c).  dgs_gen_describe() walks
 * the columns of the generator's entry, in order, and hands each to a
 * renderer as a fact; every description dgslint gives (--explain of a
 * generator, --list-generators as text or JSON, the catalogue section of
 * dgslint-rules(7)) renders these facts and nothing else, so a new column
 * of the table is one fact more in that walk.
 */
enum dgs_fact_kind {
	DGS_FACT_WORD,		/* a word: the id, the name, the composite kind */
	DGS_FACT_FLAG,		/* a yes or no of the entry (not a capability) */
	DGS_FACT_CELL,		/* a capability: yes, no or not known */
	DGS_FACT_LIST,		/* a list of words, or none given */
	DGS_FACT_SET,		/* a set of named bits, or none stated */
	DGS_FACT_SETTINGS,	/* the settings that follow: value of them */
	DGS_FACT_SETTING,	/* a setting (a member of a link's metadata) */
	DGS_FACT_ATTR		/* a word of the setting before (NULL: not
				 * stated) */
};

struct dgs_gen_fact {
	enum dgs_fact_kind	 kind;
	const char		*key;	/* its JSON name */
	const char		*words;	/* its name in words, lower case */
	/* Its heading in --list-generators' table, or NULL: not a column
	 * of it. */
	const char		*abbr;
	int			 value;	/* a flag or cell: DGS_YES, DGS_NO,
					 * DGS_UNSURE */
	const char		*word;	/* a word: its JSON value */
	const char		*text;	/* a word, a list: the value in words,
					 * or what an absent list means */
	const char *const	*list;	/* a list, NULL-terminated; or NULL */
	unsigned		 bits;	/* a set: its bits (0: not stated) */
	const char *const	*bit_names;	/* a set: the name of each bit */
	size_t			 nbit_names;
	const struct dgs_gen_member *member;	/* a setting */
	const char		*source;	/* where it comes from, or NULL */
	const char		*note;	/* a not-known cell: what was searched,
					 * or NULL */
	/* 1 when the source, or the note, states the fact for every
	 * generator (the manual says it once). */
	int			 common;
};

typedef void (*dgs_fact_fn)(const struct dgs_gen_fact *, void *arg);
/* The most facts a walk hands over, which the renderers that gather
 * them hold (a unit test checks every built-in generator). */
#define DGS_GEN_NFACT	256
/* Hands each fact of g to fn, in the table's order. */
void	 dgs_gen_describe(const struct dgs_generator *g, dgs_fact_fn fn,
	    void *arg);
/* A capability's name in JSON (GET /api/GeneratorMetadata's), or NULL. */
const char *dgs_gen_cap_key(enum dgs_cap cap);
/* Appends the sources of g's facts from that walk, a line each: the
 * known cells of one source together ("linking yes, consistency no:
 * page \"sentence\""), the cells no source settles with what was
 * searched, the later facts and the settings' words with their sources.
 * Each line starts with indent, with a capital when upper is set; the
 * cells stated for every generator (partitioning) are left out unless
 * all is set. */
struct dgs_buf;
void	 dgs_gen_sources_lines(struct dgs_buf *b,
	    const struct dgs_generator *g, const char *indent, int all,
	    int upper);
/* What was searched for the fallback of the built-in generators whose
 * pages name none (their cells carry no note of their own). */
const char *dgs_gen_fallback_searched(void);

/* The generator with that id: a loaded one first, then a built-in one;
 * NULL when neither knows it. */
const struct dgs_generator *dgs_gen_find(const struct dgs_options *,
	    const char *id);
/* The closest known id to a misspelt one, or NULL. */
const char *dgs_gen_closest(const struct dgs_options *, const char *id);
/* The known id that an unknown id most likely misspells, or NULL: the
 * closest one when it starts with the same letter and is at most two
 * edits away (letter case aside), or a built-in id it cuts short
 * ("EmailGen").  An id further off may name a generator the catalogue
 * lacks (the service has generators whose ids the documentation does not
 * show). */
const char *dgs_gen_misspelt(const struct dgs_options *, const char *id);
/* 1 when best, dgs_gen_misspelt()'s pick for id, is the only id that
 * near: no other known id is as close, and id is not a cut-short start
 * that others may share.  Decides whether writing best is a safe fix. */
int	 dgs_gen_misspelt_unique(const struct dgs_options *, const char *id,
	    const char *best);
/* The generator's own member with that name, or NULL. */
const struct dgs_gen_member *dgs_gen_member(const struct dgs_generator *,
	    const char *name);
/* 1 when value is in m's enumeration (or m has none). */
int	 dgs_gen_value_ok(const struct dgs_gen_member *, const char *value);
/* 1 when the generator is known to be composite, 0 when known not to be,
 * DGS_UNSURE otherwise. */
int	 dgs_gen_composite(const struct dgs_generator *);
/* The fewest columns a replacement of generator id must link, 0 when its
 * pages state no minimum; *src, when given, is set to the page and
 * sentence that state it. */
unsigned	 dgs_gen_min_links(const char *id, const char **src);
/* 1 when fallback id is allowed for g (its list, or any when unknown). */
int	 dgs_gen_fallback_ok(const struct dgs_generator *, const char *id);

/* The catalogues the loaders make (catalog_load.c), which the lookups
 * search (catalog.c). */
/* What a loaded generator owns besides its entry. */
struct loaded_gen {
	struct dgs_generator	 g;
	char			*id;
	char			*label;
	char			**fallbacks;	/* NULL-terminated, or NULL */
	size_t			 idx;		/* element index in the file */
};

/* Each table is allocated whole, with its elements (load_start()). */
struct dgs_gen_table {
	const char		**ids;	/* for did-you-mean */
	size_t			 n;
	struct loaded_gen	 v[];
};

/* A preset loaded with dgs_options_load_presets(). */
struct dgs_preset {
	char	*id;
	char	*name;		/* may be NULL */
	char	*generator_id;
};

struct dgs_preset_table {
	size_t			 n;
	struct dgs_preset	 v[];
};
const struct dgs_preset *dgs_preset_find(const struct dgs_options *,
	    const char *id);
/* 1 when presets were loaded. */
int	 dgs_presets_loaded(const struct dgs_options *);

/*
 * Syntax checkers (gen_path.c, gen_regex.c).  Each returns -1 when the
 * text is well-formed, else the byte offset of the first bad character
 * (len for a premature end) and sets *why to a static description.
 */
/* The parsers recurse: they read expressions nested (parentheses,
 * brackets, negations) at most this deep, and past it return the offset
 * with *why == dgs_path_too_deep, which is no error in the expression
 * but the point where checking stopped (dgslint(1), LIMITS). */
#define DGS_PATH_NEST_LIMIT	200
extern const char dgs_path_too_deep[];
long	 dgs_jsonpath_check(const char *s, size_t len, const char **why);
long	 dgs_xpath_check(const char *s, size_t len, const char **why);
long	 dgs_csvindex_check(const char *s, size_t len, const char **why);
/* A Liquid template (Text Composition's, gen_liquid.c): {{ }} and {% %}
 * closed, and each block tag (if, for, capture, raw...) ended.  Its
 * column references, "{{ COLUMN_NAME }}": fn is called with the byte
 * offset and length of the first word of each {{ }}, but for Liquid's
 * literals and the variables the template defines itself. */
long	 dgs_liquid_check(const char *s, size_t len, const char **why);
typedef void (*dgs_liquid_name_fn)(void *arg, size_t off, size_t len);
void	 dgs_liquid_names(const char *s, size_t len, dgs_liquid_name_fn fn,
	    void *arg);
/* 1 when s is a field path of a Spark StructType, as Struct Mask's page
 * writes one ("root.occupation"): root, then .name for each level. */
int	 dgs_struct_field_path(const char *s, size_t len);

/*
 * Limits dgslint sets on PCRE2's compiler (dgslint(1), LIMITS): groups
 * nested deeper are not judged (PCRE2's default is 250; .NET and Java
 * set none but their stack); compiling takes about 1 KiB of stack per
 * level.  PCRE2's own limits stay: (?...) groups nest at most 500 deep,
 * and the compiled code takes at most 64 KiB (its default link size).
 */
#define DGS_REGEX_NEST_LIMIT	1000
/* PCRE2's own fixed limit on nested (?...) groups (10.42). */
#define DGS_REGEX_QUERY_NEST	500

/* What a regular expression holds, once it compiled. */
struct dgs_regex_info {
	int	 ok;		/* compiled */
	int	 skipped;	/* not compiled: a construct PCRE2 lacks,
				 * which .NET or Java accept */
	int	 lexed;		/* skipped, but the groups below are counted
				 * from the text alone */
	int	 limited;	/* not judged: PCRE2 refused it for a limit or
				 * an internal error (err says which) */
	unsigned long depth;	/* deepest group nesting (lexical) */
	long	 err_off;	/* byte offset of the error */
	char	 err[160];	/* PCRE2's message */
	unsigned long unnamed;	/* unnamed capture groups */
	unsigned long top;	/* unnamed groups not inside another group */
	unsigned long named;	/* named capture groups */
	long	 named_off;	/* byte offset of the first named group */
};
/* Compiles s with PCRE2 in a mode close to the .NET/Java common subset
 * and fills *info: ok, or an error (err, err_off), or skipped (with the
 * groups counted from the text when lexed), or limited.  Returns 0, or -1
 * when out of memory. */
int	 dgs_regex_inspect(const char *s, size_t len,
	    struct dgs_regex_info *info);

#endif /* DGS_CATALOG_H */
