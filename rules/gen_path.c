/*
 * gen_path.c: syntax of composite path expressions, and the CSV Mask's
 * column index (here; JSONPath in gen_jsonpath.c, XPath in gen_xpath.c).
 * JSON, Array JSON and Struct Mask take a JSONPath (Goessner's, as .NET and Java libraries
 * read it: dot and bracket notation, wildcards, recursive descent,
 * slices, filters ?(...) and scripts (...)); XML and HTML Mask take an
 * XPath 1.0 expression; CSV Mask takes a column index.  Each checker
 * returns -1 for a well-formed text or the byte offset of the first
 * character at fault, with a static description; that description is
 * dgs_path_too_deep when the expression nests deeper than the parsers
 * read (DGS_PATH_NEST_LIMIT): then the rest is not judged.
 */
#include <string.h>

#include "rules.h"
#include "catalog.h"
#include "gen_path.h"

const char dgs_path_too_deep[] = "nests too deeply";

long
dgs_csvindex_check(const char *s, size_t len, const char **why)
{
	size_t i;

	if (len == 0) {
		*why = "is empty; write the column's index, such as \"0\"";
		return 0;
	}
	for (i = 0; i < len; i++)
		if (!is_digit(s[i])) {
			*why = "is not a whole number; write the column's "
			    "index, a non-negative whole number such as "
			    "\"2\"";
			return (long)i;
		}
	return -1;
}
