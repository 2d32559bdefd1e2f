/*
 * lsp.h: dgslint --lsp, a language server on standard input and output
 * (cli/lsp/).  What the rest of cli/ calls, and what the files of the
 * server share with its features, which call one way:
 *
 *   server.c     the loop and the methods; calls all below
 *   lint.c       the lint worker; calls store.c, rpc.c, diagnostics.c
 *   store.c      the documents open; calls rpc.c, text.c
 *   rpc.c        the transport (JSON-RPC on standard input and output)
 *   diagnostics.c  diagnostics and code actions; calls text.c
 *   help.c       hover and completion at the cursor; calls text.c
 *   text.c       positions: byte offsets and the protocol's
 *
 * lsp_int.h is the server's state, which server.c, lint.c, store.c and
 * rpc.c share.  They may call the rest of cli/ (the settings, the
 * formats' helpers, the baseline) and the library; the features
 * (diagnostics.c, help.c, text.c) the library and cli.h.
 */
#ifndef DGSLINT_LSP_H
#define DGSLINT_LSP_H

#include <json-c/json.h>

#include "../settings/config.h"

/* What the command line gave the server: each document's options are
 * made from these exactly as the command line makes a file's
 * (configs_find(), config_options()). */
struct lsp_env {
	const struct settings	*cli;
	const struct dgs_options *base;
	const char		*config_file;	/* --config, or NULL */
	int			 no_config;	/* --no-config */
	const char		*baseline_file;	/* --baseline, or NULL */
	/* --force-exclude, which changes nothing here: a document that the
	 * configuration's exclude or include leaves out is never linted
	 * (lint_begin()), as no editor's setup passes the flag. */
	int			 force_exclude;
	/* Called when the configurations are read again, none loaded and
	 * no lint running: the service's states read since are taken, and
	 * with reread (a configuration changed) every state is read again,
	 * in the background (load.c). */
	void			(*refresh)(void *, int reread);
	void			*refresh_arg;
};

/* Serves until exit or the end of standard input; returns the exit
 * status (0 after shutdown and exit, 1 otherwise). */
int	lsp_main(const struct lsp_env *);


/*
 * text.c
 */

/* A document's text with its line starts, for converting between byte
 * offsets and LSP positions (UTF-16 code units, or bytes with utf8). */
struct lsp_text {
	const char	*s;
	size_t		 len;
	size_t		*line;		/* byte offset of each line's start */
	size_t		 nlines;
	int		 utf8;
	const char	*uri;		/* for relatedInformation */
};

void	lsp_text_init(struct lsp_text *, const char *s, size_t len, int utf8);
void	lsp_text_free(struct lsp_text *);
/* {"line":L,"character":C} of a byte offset. */
json_object *lsp_pos_offset(const struct lsp_text *, size_t off);
/* The byte offset of a finding's 1-based line and column (characters). */
size_t	lsp_offset_linecol(const struct lsp_text *, unsigned long line,
	    unsigned long column);
/* The byte offset of an LSP position (clamped to its line); -1 when pos
 * is not a position. */
long	lsp_offset_pos(const struct lsp_text *, json_object *pos);
/* The same for a change's range, which must lie in the text: -1 also for
 * a line past its last (the end of the last line is the end of the text,
 * and so is character 0 of the line after it). */
long	lsp_offset_pos_within(const struct lsp_text *, json_object *pos);

/* The byte offset after the character at off. */
size_t	lsp_next_char(const struct lsp_text *, size_t off);
/* {"start":...,"end":...} of the byte range [a, b). */
json_object *lsp_range(const struct lsp_text *, size_t a, size_t b);

/* One lint of a document: its findings after the baseline, and the
 * text they were found in. */
struct lsp_lint {
	struct dgs_result	*res;	/* NULL: excluded, or a configuration */
	const struct dgs_finding **v;	/* shown findings */
	size_t			 n;
	struct dgs_options	*opts;
	/* The kind it was linted as, or, when that is unknown (the text is
	 * not JSON while it is typed), the kind of its last lint that knew
	 * one. */
	enum dgs_kind		 kind;
	/* The configuration that applies when it cannot be used (its
	 * path, to free), or NULL; config_kept: the document was linted
	 * with its last good version, else with none. */
	char			*config_bad;
	int			 config_kept;
	/* The base URL of the rule pages (--rule-url, else the
	 * configuration's "ruleUrl"), or NULL: a diagnostic's
	 * codeDescription.href. */
	char			*rule_base;
	/* A .dgslint.json: checked as a configuration, its faults in cf
	 * (v points to them); completion and hover of its keys. */
	int			 config;
	struct config_findings	 cf;
};

/* A finding's byte range: its end when the library knows it, else one
 * character. */
void	lsp_finding_span(const struct lsp_text *, const struct dgs_finding *,
	    size_t *a, size_t *b);

/*
 * diagnostics.c
 */
/* The diagnostics array of a lint: its findings. */
json_object *lsp_diagnostics(const struct lsp_text *,
	    const struct lsp_lint *);
/* The file URI of an absolute path, to free. */
char	*lsp_file_uri(const char *abs);
/* The diagnostic of finding f. */
json_object *lsp_diagnostic(const struct lsp_text *,
	    const struct dgs_finding *);
/* textDocument/codeAction's result for its params (range, context). */
json_object *lsp_code_actions(const struct lsp_text *,
	    const struct lsp_lint *, const char *uri, json_object *params);
/*
 * help.c: textDocument/completion's result at byte offset off.
 */
json_object *lsp_completion(const struct lsp_text *,
	    const struct lsp_lint *, size_t off);
/* textDocument/hover's result at byte offset off, or NULL. */
json_object *lsp_hover(const struct lsp_text *, const struct lsp_lint *,
	    size_t off);

#endif /* DGSLINT_LSP_H */
