/*
 * dgs_json.h: the JSON layer above the grammar (dgs_lex.h): the strict
 * scanner, which says what is wrong and where (scan.c), the builder of
 * json-c's tree (build.c) and the locator of pointers (locate.c).  Not
 * installed.
 */
#ifndef DGS_JSON_H
#define DGS_JSON_H

#include <stddef.h>
#include <stdint.h>

struct dgs_options;
struct dgs_result;
struct json_object;

/* Deepest nesting accepted; deeper documents get json-too-deep. */
#define DGS_MAX_DEPTH	512

/*
 * build.c: a small text read whole (a catalogue, an answer of the
 * service) as one JSON value, strictly, with json-c's parser: after a
 * byte-order mark, only white space around the value.  Returns 0 with
 * *root set (NULL for the text null); DGS_JSON_EMPTY (nothing but white
 * space); DGS_JSON_TOO_LARGE (2 GiB or more); DGS_JSON_SYNTAX, with *what
 * json-c's description of the fault and *line and *col (1-based,
 * characters) where it is; DGS_ENOMEM.
 */
#define DGS_JSON_EMPTY		1
#define DGS_JSON_TOO_LARGE	2
#define DGS_JSON_SYNTAX		3
int	dgs_json_parse_text(const char *buf, size_t len,
	    struct json_object **root, const char **what,
	    unsigned long *line, unsigned long *col);

/*
 * scan.c: the strict scanner (syntax, UTF-8, duplicate names, depth,
 * number range).
 */
/* Validates buf strictly; reports JSON-layer findings into res.  Returns
 * 0 when the text is well-formed JSON that json-c may parse, 1 when it is
 * not (a syntax error or too deep), DGS_ENOMEM. */
int	dgs_scan(struct dgs_result *, const struct dgs_options *,
	    const char *buf, size_t len, size_t *start);
/* Where the elements of a document that is an array are: byte offsets of
 * the start and just past the end of element i in v[2 * i] and
 * v[2 * i + 1] (documents are under 2 GiB). */
struct dgs_spans {
	uint32_t	*v;
	size_t		 n, cap;	/* elements */
	/* The text, when it is a memory map whose pages may be given back
	 * once read (dgs_lint_mapped()), else NULL; the bytes before
	 * dropped are given back (dgs_text_drop()). */
	const char	*map;
	size_t		 dropped;
};
/* Records that an element starts at pos (end 0), or that the last one
 * ends there.  Returns 0, or -1 when out of memory. */
int	dgs_spans_add(struct dgs_spans *, size_t pos, int end);
/* dgs_scan(), recording the spans of the root array's elements in
 * *spans (which may be NULL) when the text is well-formed.  The caller
 * frees spans->v. */
int	dgs_scan_spans(struct dgs_result *, const struct dgs_options *,
	    const char *buf, size_t len, size_t *start, struct dgs_spans *);

/*
 * locate.c: the locator.
 */
/* Fills the offsets of every item that has a pointer, in one pass over
 * buf from start (after a byte-order mark), then line and column of
 * every finding (findings[i] belongs to items[i]).  Returns 0 or
 * DGS_ENOMEM. */
int	dgs_locate(struct dgs_result *, const char *buf, size_t len,
	    size_t start);
/* dgs_locate(), given the spans of the root array's elements from
 * dgs_scan_spans() (or NULL). */
int	dgs_locate_spans(struct dgs_result *, const char *buf, size_t len,
	    size_t start, const struct dgs_spans *);
/* Byte offset just past the code point at index cp of the JSON string
 * literal starting at buf[off] (its opening quote), i.e. where that
 * character starts.  Clamped to the closing quote. */
size_t	dgs_string_index_offset(const char *buf, size_t len, size_t off,
	    long cp, size_t *cend);

/*
 * build.c: json-c's tree of a JSON text, without json-c's tokenizer.
 */
/* A document's interned member names, which its tree's objects point to
 * (JSON_C_OBJECT_ADD_CONSTANT_KEY): free them after the tree. */
struct dgs_keys;
struct dgs_keys *dgs_keys_new(void);
void	dgs_keys_free(struct dgs_keys *);
/* Builds the tree of the well-formed JSON value at buf[pos] (after any
 * whitespace) into *out (NULL for null).  Returns 0; 1 when the value
 * holds what json-c's tokenizer is to make instead (*out is NULL);
 * DGS_ENOMEM. */
int	dgs_build(struct dgs_keys *, const char *buf, size_t len, size_t pos,
	    struct json_object **out);
/* Builds the tree of the whole text into *out, checking as it goes all
 * that dgs_scan() checks, and records the spans of a root array's
 * elements as dgs_scan_spans() does.  Returns 0 when the text is JSON
 * on which dgs_scan() has nothing to report (no syntax error, duplicate
 * name, byte-order mark, invalid UTF-8, lone surrogate, out-of-range
 * number, nesting too deep, a name with U+0000) and the builder made all
 * of it; otherwise 1
 * (*out is NULL, spans->n is 0: the caller scans the text, which says
 * what is wrong, and builds it again); DGS_ENOMEM. */
int	dgs_build_doc(struct dgs_keys *, const char *buf, size_t len,
	    struct json_object **out, struct dgs_spans *spans);
/* 1 when a and b are the same tree: types, values (a double's text
 * too; U+0000 a NUL in one string and C0 80 in the other), member names
 * in the same order.  For the tests and the fuzzer, which hold
 * dgs_build() to json-c's tokenizer (on documents without a name that
 * holds U+0000, which json-c cuts). */
int	dgs_tree_same(struct json_object *a, struct json_object *b);

#endif /* DGS_JSON_H */
