/*
 * dgs_text.h: text inside the library: how a name or string value holds
 * U+0000, strings as messages quote them and as JSON literals in
 * messages and fixes, and characters counted in a string value.  The
 * text module is text.c (dgslint.h has its public part: the UTF-8
 * decoder and the escapers); dgs_char_index() is the locator's.  Not
 * installed.
 */
#ifndef DGS_TEXT_H
#define DGS_TEXT_H

#include "dgslint.h"
#include "dgs_util.h"

/* Sets b to s as a JSON string literal, for messages, and returns it. */
const char *dgs_lit(struct dgs_buf *b, const char *s);
/* Appends s as a JSON string literal, quotes included (dgs_json_quote()
 * in dgslint.h says how; U+0000, held as C0 80, as \u0000). */
void	 dgs_buf_add_json_str(struct dgs_buf *, const char *, size_t);
/* Appends s with each byte that is not UTF-8 as U+FFFD (but C0 80,
 * U+0000 as a document's strings hold it, as the text \u0000) and, when
 * controls is not 0, each control character (C0, DEL, C1) as the text
 * \uXXXX: for messages that quote what a file holds. */
void	 dgs_buf_add_clean(struct dgs_buf *, const char *s, int controls);

/*
 * U+0000 (\u0000) is held as the two bytes C0 80, the form Java's
 * "modified UTF-8" gives it, in every name and string value of a
 * document's tree, and so in pointers: a NUL cannot be in a C string,
 * such as json-c's member names, and a string cut there would be taken
 * for another (json-c reads "strictMode\u0000junk" as strictMode).
 * Held so, no name or value holds a NUL, and every comparison of one by
 * C string is of the whole of it.  C0 80 is never UTF-8, so it can stand
 * for nothing else but bytes that are not UTF-8 (json-invalid-utf8).
 * Messages show it as the text \u0000 (dgs_buf_add_clean()), JSON
 * literals and fixes write it as the escape (dgs_buf_add_json_str()), it
 * is one character in an index into a string (dgs_char_index()), and a
 * regular expression is compiled with the NUL (gen_regex.c).
 */
#define DGS_NUL_HELD	"\xc0\x80"

/* The character index of byte off of a decoded string value s, for
 * dgs_report_in_string() and fixes: characters counted as
 * dgs_string_index_offset() counts those of the literal, a UTF-8
 * sequence, C0 80 (\u0000) or a byte that is not UTF-8 being one each,
 * so that an index lands on the same character in the text. */
long	dgs_char_index(const char *s, size_t off);

#endif /* DGS_TEXT_H */
