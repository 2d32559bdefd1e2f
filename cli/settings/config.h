/*
 * config.h: the settings (cli/settings/): .dgslint.json and the
 * settings of the command line: read.c (reading a configuration),
 * find.c (discovery), config.c (the settings of each file) and
 * snapshot.c (the snapshots of --schema).  The settings call the
 * library, the ground floor (cli/base/), what reads the repository
 * (cli/repo/), the service (cli/remote/) and output.h's helpers for
 * messages; nothing of the language server or of a run.
 */
#ifndef DGSLINT_CONFIG_H
#define DGSLINT_CONFIG_H

#include <stdio.h>

#include "dgslint.h"
#include "../repo/repo.h"
#include "../remote/service.h"

/* Where a value, or a member's name, is in a configuration's text: its
 * JSON Pointer there, and its span (as a finding's). */
struct config_place {
	char		*ptr;
	unsigned long	 line, column, end_line, end_column;
};

/* A rule's level, from a configuration or the command line. */
struct rule_setting {
	const struct dgs_rule_info	*rule;
	enum dgs_severity		 sev;
};

/* What the command line says; it overrides every configuration. */
struct settings {
	enum dgs_kind		 kind;		/* DGS_KIND_UNKNOWN: not forced */
	int			 license;	/* -1: not given */
	int			 fail_on;	/* -1: not given; 4: none */
	const char		*generators;	/* --generators FILE */
	const char		*presets;	/* --presets FILE */
	const char		*rule_url;	/* --rule-url BASE */
	char			*generators_text, *presets_text;
	size_t			 generators_len, presets_len;
	struct rule_setting	*rules;		/* --enable, --disable, --severity */
	size_t			 nrules;
	int			 selected;	/* --select given */
	/* --select and --ignore: for the i-th rule (dgs_rule_get()), why
	 * it is off whatever the configurations and the rules above say
	 * (DROP_*), or 0; NULL when neither is given. */
	unsigned char		*dropped;
	/* --schema FILE and --schema-before FILE, loaded (or NULL), or
	 * loading on threads of their own (snapshot_start()): their texts
	 * stay until snapshots_wait(). */
	const char		*snapshot_file, *snapshot_before_file;
	struct dgs_snapshot	*snapshot_now, *snapshot_old;
	struct snapshot_text {
		char		*buf;
		size_t		 len;
		int		 mapped;
	}			 snapshot_text[2];
	/* --service URL with --workspace NAME or --workspace-id ID;
	 * --service-timeout and --service-ca-file, which also apply to a
	 * configuration's "service".  The state read (load.c), or NULL. */
	struct service_conf	 service;
	const struct service_state *service_state;
};

#define FAIL_NONE	4
#define DROP_UNSELECTED	1	/* --select does not name it */
#define DROP_IGNORED	2	/* --ignore names it */

/* config.c: rule lists, as --select and a configuration's "rules" take
 * them: RULE[,RULE]..., each an id (any case), a name, or the beginning
 * of ids ("DGS2": every DGS2xx rule).  rule_words() sets in[i] for the
 * i-th rule (dgs_rule_get()) of each word; 0, or -1 with *bad the first
 * word that is no rule ("" for an empty one; to free).  rule_prefix():
 * whether w has the shape of the beginning of ids.  rule_suggest(): the
 * closest rule id or name to word (dgs_suggest()), or NULL. */
int		 rule_words(const char *list, unsigned char *in, char **bad);
int		 rule_prefix(const char *w);
const char	*rule_suggest(const char *word);

struct config;
struct configs;

/* read.c: reads one configuration; problems are reported on
 * stderr, located, and give NULL.  config_read() also hands back the
 * text read (*text, to free) of a configuration read whole, when text is
 * not NULL; config_load_text() reads one from the text buf that path
 * held. */
struct config	*config_load(const char *path);
struct config	*config_read(const char *path, char **text, size_t *len);
struct config	*config_load_text(const char *path, const char *buf,
		    size_t len);
/* The faults of the configuration at path, of text buf, as findings in
 * .dgslint.json (config-invalid, DGS002, and the JSON layer's), each at
 * its place: none for a valid one.  file is what the findings name. */
struct config_findings {
	const char		*file;
	struct dgs_finding	*v;
	size_t			 n;
};
void		 config_check(const char *path, const char *buf, size_t len,
		    struct config_findings *);
void		 config_findings_free(struct config_findings *);

/* read.c: the keys of a configuration, as config_load() checks
 * them and --print-schema config describes them (jsonschema.c). */
enum config_value {
	CV_STRING,	/* any string */
	CV_SENS_RULES,	/* an array of custom sensitivity rules */
	CV_NAME,	/* a string, not empty */
	CV_PATH,	/* a file's path, relative to the configuration */
	CV_ENUM,	/* one of values */
	CV_RULES,	/* an object: rule lists (rule_words()), levels */
	CV_RULE_LIST,	/* a rule list, or an array of them */
	CV_KINDS,	/* an object: glob patterns, kinds */
	CV_GLOBS,	/* an array of glob patterns */
	CV_POINTERS,	/* an array of JSON Pointers: "" or from '/' */
	CV_OVERRIDES,	/* an array of objects of the override keys */
	CV_SERVICE,	/* a service's base URL (service_url_check()) */
	CV_SECONDS,	/* a number above 0, at most SERVICE_TIMEOUT_MAX */
	CV_PARAM,	/* a query parameter's name: [A-Za-z0-9-._~[\]] */
	CV_URL		/* an absolute URL (rule_url_valid()) */
};

struct config_key {
	const char		*name;
	enum config_value	 value;
	const char *const	*values;	/* CV_ENUM: NULL-terminated */
	int			 required;	/* (an override's) */
	const char		*needs;		/* a key it needs, or NULL */
	const char		*what;		/* what it is, for editors */
};

/* The i-th key of a configuration (in_override 0) or of an override (1),
 * in the order "did you mean" prefers among equals; NULL past the
 * last. */
const struct config_key *config_key(int in_override, size_t i);
void		 config_free(struct config *);

/* find.c: the text of each configuration read whole, which the language
 * server keeps from one reading of the configurations to the next. */
struct config_texts;
struct config_texts *config_texts_new(void);
void		 config_texts_free(struct config_texts *);
/* find.c: discovery; forced is --config FILE (or NULL), none is
 * --no-config.  *err is set when the forced configuration is unusable.
 * With texts (or NULL), the text of each configuration read whole is
 * kept there, and a configuration that cannot be used is read from its
 * last good text in its place (configs_find_kept()). */
struct configs	*configs_new(const char *forced, int none,
		    struct config_texts *texts, const struct settings *,
		    int *err);
void		 configs_free(struct configs *);
/* While on, configs_find() reads no service: the configurations found
 * are those of --context documents, which serve only the rules across
 * documents. */
void		 configs_for_context(struct configs *, int on);
/* The configuration of the file at abs (absolute), or NULL; -1 after
 * reporting an unusable configuration; -2, saying nothing, when abs is
 * too long (PATH_MAX) for its directories to be looked in. */
int		 configs_find(struct configs *, const char *abs,
		    struct config **);
/* The same, and with texts (configs_new()), when the configuration that
 * applies is unusable (-1): its path in *bad (the configurations'), and
 * *out its last good version, or NULL when there is none; it is said
 * once, when first met.  *bad is NULL otherwise. */
int		 configs_find_kept(struct configs *, const char *abs,
		    struct config **, const char **bad);
/* Why the configuration at path cannot be read (not there, not a
 * regular file...), or NULL when it can. */
const char	*config_unreadable(const char *path);

/* The i-th configuration read (absolute path), NULL past the last. */
const char	*configs_path(const struct configs *, size_t i);
/* The i-th configuration read, NULL past the last. */
struct config	*configs_get(const struct configs *, size_t i);

/* config.c: whether c excludes the file at abs. */
int		 config_excluded(const struct config *, const char *abs);
/* What c's "notSensitive", "sensitivityRules" and "sensitive" say of a
 * column, as dgs_options_set_column_mark() asks it (arg: the
 * configuration): DGS_MARK_NOT_SENSITIVE when a "notSensitive" glob
 * matches schema.table.column (table.column without a schema), else
 * DGS_MARK_SENSITIVE when the first custom rule that matches the column
 * (its name and generator in *out) or a "sensitive" glob does, else
 * DGS_MARK_NONE.  config_marks(): whether c has any. */
int		 config_mark(void *c, const char *schema, const char *table,
		    const char *column, const char *data_type,
		    struct dgs_column_mark *out);
int		 config_marks(const struct config *);
/* Whether c's "include" says the file at abs is a service document (1),
 * is not (-1: left alone unless named), or c has none (0: judged by its
 * members, dgs_options_set_presume()). */
int		 config_service(const struct config *, const char *abs);
/* New options for one file (c may be NULL), and its failure level. */
struct dgs_options *config_options(const struct config *c,
		    const struct settings *, const struct dgs_options *cli_base,
		    const char *abs, int *fail_on);
int		 settings_apply_catalogues(const struct settings *,
		    struct dgs_options *);
/* How many scopes config_options() gives the file at abs: severities
 * under the pointers of the overrides that apply to it. */
size_t		 config_scopes(const struct config *,
		    const struct settings *, const char *abs);
/* Records what the scopes that config_options() gave the document at abs
 * did there (state[i]: dgs_result_scope() of its i-th scope, n of them),
 * for config_unused(). */
void		 config_note_scopes(const struct config *,
		    const struct settings *, const char *abs,
		    const unsigned char *state, size_t n);
/* Records that the run met the file at abs (absolute), which c governs
 * (c may be NULL), linted or left out by "exclude" or "include", for
 * config_unused(): the overrides whose "files" match it. */
void		 config_note_file(const struct config *, const char *abs);
/* Calls fn for each override of c whose "files" matched no file that
 * config_note_file() was told of, and each suppression of c (override pointers and rules) that
 * matched no finding in the documents it applied to, as recorded by
 * config_note_scopes(): where it is in c's text and what to say. */
void		 config_unused(const struct config *,
		    void (*fn)(void *, const struct config_place *, const char *msg),
		    void *arg);
/* c's path as messages show it, and its directory (absolute). */
const char	*config_shown(const struct config *);
const char	*config_dir(const struct config *);
/* Sets the snapshots of c's options: the command line's, else c's. */
void		 settings_apply_snapshots(const struct settings *,
		    struct config *c);
/* Sets the workspace on the service of c's options: the command line's,
 * else c's, read now (service.c), with its generators unless a
 * --generators or "generators" file is given.  0, or -1 after saying
 * why (a fault that ends the run). */
int		 settings_apply_service(const struct settings *,
		    struct config *c);
/* snapshot.c: reads and loads a snapshot, or says why on stderr
 * ("dgslint: FILE:LINE: what") and returns NULL. */
struct dgs_snapshot *snapshot_read(const char *path, const char *shown,
		    char *why, size_t whysize);
/* Starts loading path on a thread (dgs_snapshot_load_start()), its text
 * kept in *t; NULL after saying why, as snapshot_read(). */
struct dgs_snapshot *snapshot_start(const char *path, struct snapshot_text *t,
		    char *why, size_t whysize);
/* Waits for the loads snapshot_start() began, and lets their texts go;
 * says why on stderr and exits 2 when one could not be loaded.  Before
 * the first output, and before a fork. */
void		 snapshots_wait(struct settings *);
/* --print-config: the settings of the file at abs (named name) under
 * configuration c (or NULL), and where each comes from; as text lines,
 * or as one JSON object when json is set (dgslint(1)). */
void		 config_print(FILE *, const struct config *,
		    const struct settings *, const char *name, const char *abs,
		    int json);

#endif /* DGSLINT_CONFIG_H */
