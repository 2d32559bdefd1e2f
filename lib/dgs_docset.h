/*
 * dgs_docset.h: the document-set keys, which the walkers take for the
 * rules across documents (rules/docset.c compares them) and the result
 * holds (report.c).  Not installed.
 */
#ifndef DGS_DOCSET_H
#define DGS_DOCSET_H

#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

struct dgs_ctx;
struct dgs_result;
struct dgs_spans;

/* A document-set key (rules/docset.c): what a document holds that another
 * document of the run may clash with, taken by a walker with dgs_ds_key().
 * Its bytes, in the result's dstext, are KEY (klen bytes) then CODE (clen
 * bytes): KEY the identity, an optional tag byte then per field 'n' (a
 * null) or 's', a length of four bytes and the string's bytes, as they
 * are (no escaping: a key is compared, and only quoted in a message);
 * CODE what two entries with one KEY may differ in (an issue code; may
 * be empty).  A key is placed at the element of the root array that
 * holds it (or the root), whose span gives its place without the
 * locator: a key in each link, placed by the locator, cost 70% more
 * time on the benchmark's 2,000 files. */
struct dgs_dskey {
	int		 rule;		/* the rule that compares it */
	size_t		 text;		/* offset in dstext */
	uint32_t	 klen, clen;
	uint64_t	 h1, h2;	/* KEY's, dgs_hash2() */
	long		 elem;		/* root array element, or -1 */
	unsigned long	 line, column, end_line, end_column;
};
/* A field of a document-set key: len bytes at s, or a null (s NULL). */
struct dgs_dsfield {
	const char	*s;
	size_t		 len;
};

/* Records a document-set key for rule at the root array's element that the
 * walk is in (or the root), when the options ask for them and the rule
 * is enabled: tag (a byte, or 0 for none), the n fields and code (NULL
 * for none), as struct dgs_dskey says.  Not a finding. */
void	dgs_ds_key(struct dgs_ctx *, int rule, int tag,
	    const struct dgs_dsfield *, size_t n, const char *code);
/* The field of a JSON value: a string's bytes, or a null for another. */
static inline struct dgs_dsfield
dgs_ds_field(struct json_object *v)
{
	struct dgs_dsfield f = { NULL, 0 };

	if (v != NULL && json_object_is_type(v, json_type_string)) {
		f.s = json_object_get_string(v);
		f.len = (size_t)json_object_get_string_len(v);
	}
	return f;
}
/* Whether dgs_ds_key() records keys of rule (to skip building them). */
int	dgs_ds_wanted(const struct dgs_ctx *, int rule);
/* Places the document-set keys of res: their elements' spans (NULL when
 * the root is not an array) in buf[0..len), whose value starts at
 * start.  One pass, forward. */
void	dgs_ds_locate(struct dgs_result *, const char *buf, size_t len,
	    size_t start, const struct dgs_spans *);

#endif /* DGS_DOCSET_H */
