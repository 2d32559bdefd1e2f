/*
 * shared.c: what the output formats share, and the rest of cli/ with
 * them: JSON and XML strings, the rule pages' URLs, the fingerprints of
 * findings and the findings shown.  Calls the library and the ground
 * floor's helpers (cli/base/) only.
 *
 * Every structured format writes valid UTF-8 whatever the bytes of a
 * file name or message (an invalid sequence becomes U+FFFD), and XML
 * never contains a character that XML 1.0 forbids.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "output.h"

/*
 * Characters.
 */

/*
 * JSON: every string dgslint writes as JSON goes through
 * dgs_json_quote(), the library's, so that reports, baselines, the
 * language server's messages and the library's own JSON agree (valid
 * UTF-8 whatever a file name holds, controls escaped).
 */
void
json_strn(FILE *fp, const char *s, size_t n)
{
	char *q;
	size_t len;

	if ((q = dgs_json_quote(s, n, &len)) == NULL)
		die_errno();
	fwrite(q, 1, len, fp);
	free(q);
}

void
json_str(FILE *fp, const char *s)
{
	json_strn(fp, s, strlen(s));
}

char *
json_held(struct json_object *o)
{
	const char *s = json_object_get_string(o);
	size_t n = (size_t)json_object_get_string_len(o), i, k = 0;
	char *d = xmalloc(2 * n + 1);

	for (i = 0; i < n; i++)
		if (s[i] == '\0') {
			d[k++] = '\xc0';
			d[k++] = '\x80';
		} else
			d[k++] = s[i];
	d[k] = '\0';
	return d;
}

/*
 * The other formats' escapes, each an escaper of dgs_text_escape() (the
 * library's, the one loop over a text's characters), written to fp.
 */
struct esc_out {
	FILE	*fp;
	int	 flag;		/* the escaper's own */
};

static void
fp_put(const char *p, size_t n, void *arg)
{
	fwrite(p, 1, n, ((struct esc_out *)arg)->fp);
}

void
text_write(FILE *fp, const char *s, dgs_escape_fn esc, int flag)
{
	text_nwrite(fp, s, strlen(s), esc, flag);
}

void
text_nwrite(FILE *fp, const char *s, size_t n, dgs_escape_fn esc, int flag)
{
	struct esc_out o = { fp, flag };

	dgs_text_escape(s, n, esc, fp_put, &o);
}

int
esc_flag(const void *arg)
{
	return ((const struct esc_out *)arg)->flag;
}

/* XML character data, or an attribute value in double quotes (flag),
 * where tab, newline and carriage return must be character references to
 * survive attribute-value normalization.  Characters that XML 1.0 forbids
 * even as references (C0 controls other than tab, newline and carriage
 * return; U+FFFE, U+FFFF) are written as the text \uXXXX. */
static const char *
xml_esc(unsigned long cp, char buf[16], void *arg)
{
	int attr = esc_flag(arg);

	switch (cp) {
	case '&':
		return "&amp;";
	case '<':
		return "&lt;";
	case '>':
		return "&gt;";
	case '"':
		return attr ? "&quot;" : NULL;
	case '\t':
		return attr ? "&#9;" : NULL;
	case '\n':
		return attr ? "&#10;" : NULL;
	case '\r':
		return "&#13;";
	}
	if (cp < 0x20 || cp == 0xfffe || cp == 0xffff)
		return dgs_text_uescape(cp, buf);
	return NULL;
}

void
xml_str(FILE *fp, const char *s, int attr)
{
	text_write(fp, s, xml_esc, attr);
}

/*
 * Rule pages: with a base URL configured (--rule-url, "ruleUrl"), a
 * rule's page is BASE/ID.html, as make html names them; with none, no
 * link is made.
 */
int
rule_url_valid(const char *base)
{
	const unsigned char *p = (const unsigned char *)base;

	/* An absolute URI: scheme ":" and printable ASCII but for the
	 * characters no URI holds (RFC 3986). */
	if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
		return 0;
	for (p++; (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
	    (*p >= '0' && *p <= '9') || *p == '+' || *p == '-' || *p == '.';
	    p++)
		continue;
	if (*p++ != ':' || *p == '\0')
		return 0;
	for (; *p != '\0'; p++)
		if (*p <= ' ' || *p >= 0x7f || strchr("\"<>\\^`{|}", *p) !=
		    NULL)
			return 0;
	return 1;
}

char *
rule_url(const char *base, const struct dgs_rule_info *r)
{
	struct str b = { NULL, 0, 0 };

	if (base == NULL)
		return NULL;
	str_add(&b, base);
	if (b.len == 0 || b.s[b.len - 1] != '/')
		str_add(&b, "/");
	str_add(&b, r->id);
	str_add(&b, ".html");
	return b.s;
}

/*
 * Findings.
 */
/* The next finding of res from *i on that the output shows (at or above
 * its level), or NULL after the last. */
const struct dgs_finding *
shown_next(const struct output *o, const struct findings *res, size_t *i)
{
	const struct dgs_finding *f;

	while (*i < res->n)
		if ((f = res->v[(*i)++])->severity >= o->min)
			return f;
	return NULL;
}

/* FNV-1a, 64 bits, over s and its terminating NUL. */
static uint64_t
fnv1a(uint64_t h, const char *s)
{
	do {
		h ^= (unsigned char)*s;
		h *= UINT64_C(0x100000001b3);
	} while (*s++ != '\0');
	return h;
}

uint64_t
fp_hash(const char *path, const char *rule, const char *pointer)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);

	h = fnv1a(h, path);
	h = fnv1a(h, rule);
	return fnv1a(h, pointer);
}

void
fp_start(struct fingerprints *fp, size_t n)
{
	size_t cap;

	for (cap = 16; cap < n * 2; cap *= 2)
		continue;
	if (cap > fp->cap) {
		free(fp->hash);
		free(fp->count);
		fp->hash = xcalloc(cap, sizeof(*fp->hash));
		fp->count = xcalloc(cap, sizeof(*fp->count));
		fp->cap = cap;
	} else
		memset(fp->count, 0, fp->cap * sizeof(*fp->count));
}

/* The how-manieth time this hash occurs in the document: an open
 * addressing table, at most half full (fp_start() sized it). */
size_t
fp_occurrence(struct fingerprints *fp, uint64_t h)
{
	size_t i, mask = fp->cap - 1;

	for (i = (size_t)(h ^ (h >> 32)) & mask; fp->count[i] != 0;
	    i = (i + 1) & mask)
		if (fp->hash[i] == h)
			return ++fp->count[i];
	fp->hash[i] = h;
	return fp->count[i] = 1;
}

void
fp_free(struct fingerprints *fp)
{
	free(fp->hash);
	free(fp->count);
	memset(fp, 0, sizeof(*fp));
}

/* Shown findings of a result, by the output's level. */
size_t
count_shown(const struct output *o, const struct findings *res)
{
	size_t i = 0, n = 0;

	while (shown_next(o, res, &i) != NULL)
		n++;
	return n;
}

/* The word of a level: "error", "warning", or lowest (a format's word
 * for info). */
const char *
level_word(enum dgs_severity s, const char *lowest)
{
	switch (s) {
	case DGS_SEV_ERROR:
		return "error";
	case DGS_SEV_WARNING:
		return "warning";
	default:
		return lowest;
	}
}

/*
 * The shapes of a parsed report (output.h).
 */

int
members_among(struct json_object *o, const char *const *names, size_t n)
{
	size_t k;

	if (!json_object_is_type(o, json_type_object))
		return 0;
	json_object_object_foreach(o, key, val) {
		(void)val;
		for (k = 0; k < n && strcmp(key, names[k]) != 0; k++)
			continue;
		if (k == n)
			return 0;
	}
	return 1;
}

int
member_is(struct json_object *o, const char *name, const char *s)
{
	struct json_object *v;

	return json_object_object_get_ex(o, name, &v) &&
	    json_object_is_type(v, json_type_string) &&
	    strcmp(json_object_get_string(v), s) == 0;
}

int
member_type(struct json_object *o, const char *name, int t)
{
	struct json_object *v;

	return json_object_object_get_ex(o, name, &v) &&
	    json_object_is_type(v, (json_type)t);
}

int
array_of(struct json_object *a, const char *const *names, size_t n,
    size_t nneed)
{
	size_t i, k, len;
	struct json_object *e;

	if (!json_object_is_type(a, json_type_array) ||
	    (len = json_object_array_length(a)) == 0)
		return 0;
	for (i = 0; i < len; i++) {
		e = json_object_array_get_idx(a, i);
		if (!members_among(e, names, n))
			return 0;
		for (k = 0; k < nneed; k++)
			if (!json_object_object_get_ex(e, names[k], NULL))
				return 0;
	}
	return 1;
}

/*
 * The text format's line (text.c, and full.c's first line of a finding):
 * FILE:LINE:COL: SEVERITY: MESSAGE [ID name], coloured when o->color.
 * For a terminal or an editor, one finding stays one line, and no control
 * character from a document reaches the terminal: C0 and C1 controls and
 * DEL are written as \n, \t, \r or \uXXXX.  url, when not NULL, makes the
 * rule's id an OSC 8 hyperlink to its page (coloured output only: what
 * reads a pipe or a file gets the shape alone).  text_esc() with flag
 * (esc_flag()) keeps a newline: standard error's lines (term.c).
 */
const char *
text_esc(unsigned long cp, char buf[16], void *arg)
{
	switch (cp) {
	case '\n':
		return arg != NULL && esc_flag(arg) ? NULL : "\\n";
	case '\t':
		return "\\t";
	case '\r':
		return "\\r";
	}
	if (cp >= DGS_TEXT_NOT_UTF8)	/* a file name, as it is */
		return dgs_text_byte(cp, buf);
	return dgs_text_control(cp) ? dgs_text_uescape(cp, buf) : NULL;
}

void
text_str(FILE *fp, const char *s)
{
	text_write(fp, s, text_esc, 0);
}

const char *
sev_color(enum dgs_severity s)
{
	switch (s) {
	case DGS_SEV_ERROR:
		return "\033[1;31m";
	case DGS_SEV_WARNING:
		return "\033[1;35m";
	default:
		return "\033[1;36m";
	}
}

void
text_line(struct output *o, const char *name, const struct dgs_finding *f,
    const char *url)
{
	fputs(o->color ? "\033[1m" : "", o->fp);
	text_str(o->fp, name);
	fprintf(o->fp, ":%lu:%lu:%s %s%s:%s ", f->line, f->column,
	    o->color ? "\033[0m" : "", o->color ? sev_color(f->severity) : "",
	    dgs_severity_name(f->severity), o->color ? "\033[0m" : "");
	text_str(o->fp, f->message);
	fprintf(o->fp, " %s[", o->color ? "\033[2m" : "");
	if (o->color && url != NULL)
		fprintf(o->fp, "\033]8;;%s\033\\%s\033]8;;\033\\", url,
		    f->rule->id);
	else
		fputs(f->rule->id, o->fp);
	fprintf(o->fp, " %s]%s\n", f->rule->name, o->color ? "\033[0m" : "");
}
