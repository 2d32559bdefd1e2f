/*
 * gen_regex.c: regular expressions of Regex Mask, Array Regex Mask and
 * Find and Replace.  The service runs them with .NET or Java; a pattern
 * should work in both (https://docs.tonic.ai/app/generation/generators/
 * generator-reference/regex-mask).  PCRE2 is compiled in a mode close
 * to that common subset (\uhhhh and \x{h...} escapes), and the errors
 * where PCRE2 is stricter than both (bounded lookbehind, Unicode block
 * names, POSIX-looking brackets) are not reported.  Those that say
 * nothing about the pattern but about PCRE2's limits (nesting, code
 * size, internal errors) mark it as not judged, which check-skipped
 * reports.  Groups may nest DGS_REGEX_NEST_LIMIT deep, not PCRE2's 250.
 * Every call compiles its own pattern and keeps no state, so it is safe
 * in any thread.
 */
#define PCRE2_CODE_UNIT_WIDTH 8

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pcre2.h>

#include "rules.h"
#include "catalog.h"

/* Errors not reported: constructs .NET or Java accept that PCRE2 lacks
 * or restricts.  Silence is right here: the pattern is valid for the
 * service, and no other reading of it is at hand. */
static int
unsupported_error(int err)
{
	switch (err) {
	case PCRE2_ERROR_POSIX_CLASS_NOT_IN_CLASS:
	case PCRE2_ERROR_POSIX_NO_SUPPORT_COLLATING:
	case PCRE2_ERROR_UNKNOWN_POSIX_CLASS:
	case PCRE2_ERROR_LOOKBEHIND_NOT_FIXED_LENGTH:
	case PCRE2_ERROR_LOOKBEHIND_TOO_COMPLICATED:
	case PCRE2_ERROR_LOOKBEHIND_TOO_LONG:
	case PCRE2_ERROR_UNKNOWN_UNICODE_PROPERTY:
	case PCRE2_ERROR_UNICODE_NOT_SUPPORTED:
	case PCRE2_ERROR_UNICODE_PROPERTIES_UNAVAILABLE:
	case PCRE2_ERROR_UTF_IS_DISABLED:
	case PCRE2_ERROR_UCP_IS_DISABLED:
		return 1;
	default:
		/* UTF-8 errors are negative: the JSON layer reports them. */
		return err < 0;
	}
}

/* Errors about PCRE2's limits or its own workings, not the pattern: the
 * pattern was not judged, and check-skipped says so. */
static int
limit_error(int err)
{
	switch (err) {
	case PCRE2_ERROR_PARENTHESES_NEST_TOO_DEEP:
	case PCRE2_ERROR_QUERY_BARJX_NEST_TOO_DEEP:
	case PCRE2_ERROR_PATTERN_TOO_LARGE:
	case PCRE2_ERROR_PATTERN_TOO_COMPLICATED:
	case PCRE2_ERROR_PATTERN_STRING_TOO_LONG:
	case PCRE2_ERROR_PARENTHESES_STACK_CHECK:
	case PCRE2_ERROR_INTERNAL_UNEXPECTED_REPEAT:
	case PCRE2_ERROR_INTERNAL_CODE_OVERFLOW:
	case PCRE2_ERROR_INTERNAL_STUDY_ERROR:
	case PCRE2_ERROR_INTERNAL_OVERRAN_WORKSPACE:
	case PCRE2_ERROR_INTERNAL_MISSING_SUBPATTERN:
	case PCRE2_ERROR_INTERNAL_UNKNOWN_NEWLINE:
	case PCRE2_ERROR_INTERNAL_PARSED_OVERFLOW:
	case PCRE2_ERROR_INTERNAL_BAD_CODE_LOOKBEHINDS:
	case PCRE2_ERROR_INTERNAL_BAD_CODE_AUTO_POSSESS:
	case PCRE2_ERROR_INTERNAL_BAD_CODE:
	case PCRE2_ERROR_INTERNAL_BAD_CODE_IN_SKIP:
		return 1;
	default:
		return 0;
	}
}

/*
 * Counts capture groups lexically: unnamed ones, those not inside
 * another capture group, named ones and where the first named one is,
 * and the deepest nesting of groups of any kind.
 * Returns 0, -1 when the pattern holds something this scan does not
 * follow (the caller then trusts PCRE2's counts), or -2 when memory runs
 * out.
 */
static int
scan_groups(const char *s, size_t len, unsigned long *unnamed,
    unsigned long *top, unsigned long *named, long *named_off,
    unsigned long *maxdepth)
{
	unsigned char *stack;	/* 1: a capture group is open at this depth */
	size_t i, depth = 0, captures_open = 0;
	int capture, rc = 0;

	*unnamed = *top = *named = *maxdepth = 0;
	*named_off = -1;
	if ((stack = malloc(len + 1)) == NULL)
		return -2;
	for (i = 0; i < len; i++) {
		switch (s[i]) {
		case '\\':
			if (i + 1 < len && s[i + 1] == 'Q') {
				/* Literal text up to \E. */
				for (i += 2; i + 1 < len; i++)
					if (s[i] == '\\' && s[i + 1] == 'E')
						break;
			}
			i++;
			break;
		case '[':
			/* A class: ']' first is literal; POSIX [:name:]. */
			i++;
			if (i < len && s[i] == '^')
				i++;
			if (i < len && s[i] == ']')
				i++;
			for (; i < len && s[i] != ']'; i++) {
				if (s[i] == '\\')
					i++;
				else if (s[i] == '[' && i + 1 < len &&
				    s[i + 1] == ':') {
					const char *e = NULL;
					size_t k;

					for (k = i + 2; k + 1 < len; k++)
						if (s[k] == ':' &&
						    s[k + 1] == ']') {
							e = s + k;
							break;
						}
					if (e != NULL)
						i = (size_t)(e - s) + 1;
				}
			}
			break;
		case '(':
			capture = 0;
			if (i + 1 < len && s[i + 1] == '*') {
				/* (*VERB): not a group. */
				while (i < len && s[i] != ')')
					i++;
				break;
			}
			if (i + 1 < len && s[i + 1] == '?') {
				if (i + 2 < len && s[i + 2] == '#') {
					while (i < len && s[i] != ')')
						i++;
					break;
				}
				if (i + 3 < len && ((s[i + 2] == '<' &&
				    s[i + 3] != '=' && s[i + 3] != '!') ||
				    s[i + 2] == '\'' || (s[i + 2] == 'P' &&
				    s[i + 3] == '<'))) {
					capture = 2;
					(*named)++;
					if (*named_off < 0)
						*named_off = (long)i;
				} else if (i + 2 < len && (s[i + 2] == '|' ||
				    s[i + 2] == 'x' || s[i + 2] == 'n' ||
				    s[i + 2] == 'J'))
					rc = -1;	/* branch reset, modes */
			} else {
				capture = 1;
				(*unnamed)++;
				if (captures_open == 0)
					(*top)++;
			}
			stack[depth++] = capture != 0;
			if (depth > *maxdepth)
				*maxdepth = depth;
			if (capture)
				captures_open++;
			break;
		case ')':
			if (depth > 0 && stack[--depth])
				captures_open--;
			break;
		case '#':
			rc = -1;	/* maybe a comment in extended mode */
			break;
		default:
			break;
		}
	}
	free(stack);
	return rc;
}

/* The pattern as PCRE2 is to read it: U+0000, which the document's
 * strings hold as C0 80 (DGS_NUL_HELD), as a NUL, in a copy (*copy, to
 * free) when there is one; NULL when out of memory. */
static const char *
with_nuls(const char *s, size_t *len, char **copy)
{
	size_t i, n = 0;

	*copy = NULL;
	for (i = 0; i + 1 < *len; i++)
		if ((unsigned char)s[i] == 0xc0 &&
		    (unsigned char)s[i + 1] == 0x80)
			break;
	if (i + 1 >= *len)
		return s;
	if ((*copy = malloc(*len)) == NULL)
		return NULL;
	for (i = 0; i < *len; i++) {
		if ((unsigned char)s[i] == 0xc0 && i + 1 < *len &&
		    (unsigned char)s[i + 1] == 0x80)
			(*copy)[n++] = '\0', i++;
		else
			(*copy)[n++] = s[i];
	}
	*len = n;
	return *copy;
}

/* The offset in the pattern as held of offset off of the copy. */
static size_t
held_offset(const char *copy, size_t off)
{
	size_t i, n = off;

	for (i = 0; copy != NULL && i < off; i++)
		n += copy[i] == '\0';
	return n;
}

int
dgs_regex_inspect(const char *s, size_t len, struct dgs_regex_info *info)
{
	pcre2_compile_context *cc;
	pcre2_code *re;
	PCRE2_SIZE off;
	uint32_t caps = 0, names = 0;
	unsigned long unnamed, top, named, depth;
	long named_off;
	const char *p;
	char *copy;
	size_t plen = len;
	int err, lexed;

	memset(info, 0, sizeof(*info));
	info->err_off = -1;
	info->named_off = -1;
	if ((p = with_nuls(s, &plen, &copy)) == NULL)
		return -1;
	if ((cc = pcre2_compile_context_create(NULL)) == NULL) {
		free(copy);
		return -1;
	}
	pcre2_set_compile_extra_options(cc, PCRE2_EXTRA_ALT_BSUX);
	pcre2_set_parens_nest_limit(cc, DGS_REGEX_NEST_LIMIT);
	re = pcre2_compile((PCRE2_SPTR)p, plen, PCRE2_UTF | PCRE2_ALT_BSUX,
	    &err, &off, cc);
	pcre2_compile_context_free(cc);
	if (re == NULL)
		off = held_offset(copy, off > plen ? plen : off);
	free(copy);
	if (re == NULL) {
		if (err == PCRE2_ERROR_HEAP_FAILED)
			return -1;
		if (unsupported_error(err)) {
			/* The groups can still be counted from the text,
			 * unless the text holds what the scan does not
			 * follow. */
			info->skipped = 1;
			if (pcre2_get_error_message(err,
			    (PCRE2_UCHAR *)info->err, sizeof(info->err)) < 0)
				memcpy(info->err, "unsupported", 12);
			if ((lexed = scan_groups(s, len, &unnamed, &top,
			    &named, &named_off, &depth)) == -2)
				return -1;
			info->depth = depth;
			if (lexed == 0) {
				info->lexed = 1;
				info->unnamed = unnamed;
				info->top = top;
				info->named = named;
				info->named_off = named_off;
			}
			return 0;
		}
		if (limit_error(err)) {
			info->limited = 1;
			if (scan_groups(s, len, &unnamed, &top, &named,
			    &named_off, &depth) < -1)
				return -1;
			info->depth = depth;
		}
		if (err == PCRE2_ERROR_QUERY_BARJX_NEST_TOO_DEEP)
			/* PCRE2's message names only (?| (?J and (?x: it
			 * holds for every (?...) group, at a fixed depth
			 * (500 in PCRE2 10.42) that no setting raises. */
			snprintf(info->err, sizeof(info->err), "PCRE2 "
			    "compiles (?...) groups nested at most about %d "
			    "deep", DGS_REGEX_QUERY_NEST);
		else if (pcre2_get_error_message(err,
		    (PCRE2_UCHAR *)info->err, sizeof(info->err)) < 0)
			memcpy(info->err, "invalid pattern", 16);
		info->err_off = (long)(off > len ? len : off);
		return 0;
	}
	(void)pcre2_pattern_info(re, PCRE2_INFO_CAPTURECOUNT, &caps);
	(void)pcre2_pattern_info(re, PCRE2_INFO_NAMECOUNT, &names);
	pcre2_code_free(re);
	info->ok = 1;
	info->named = names;
	info->unnamed = caps >= names ? caps - names : 0;
	info->top = info->unnamed;
	lexed = scan_groups(s, len, &unnamed, &top, &named, &named_off,
	    &depth);
	if (lexed == -2)
		return -1;
	info->depth = depth;
	if (lexed == 0 && unnamed == info->unnamed && named == info->named)
		info->top = top;
	if (info->named > 0)
		info->named_off = named_off >= 0 ? named_off : 0;
	return 0;
}
