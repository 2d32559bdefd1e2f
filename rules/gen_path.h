/*
 * gen_path.h: what the path-expression checkers share (gen_path.c,
 * gen_jsonpath.c, gen_xpath.c): ASCII character classes.
 */
#ifndef DGS_GEN_PATH_H
#define DGS_GEN_PATH_H

static inline int
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static inline int
is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static inline int
is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

#endif /* DGS_GEN_PATH_H */
