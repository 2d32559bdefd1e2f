/*
 * config_int.h: inside cli/settings/, a configuration as read.c reads
 * it, for the discovery (find.c) and the settings of each file
 * (config.c).
 */
#ifndef DGSLINT_CONFIG_INT_H
#define DGSLINT_CONFIG_INT_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "config.h"

/* What the scopes of an override's pointers did in the run
 * (config_note_scopes()): the documents it applied to, and for rule j
 * under pointer k, state[j * npointers + k], the most any document says
 * of it (dgs_result_scope(): DGS_SCOPE_IDLE, _UNUSED or _USED). */
struct override_use {
	size_t			 ndocs;
	unsigned char		 state[];
};

struct override {
	char			**files;
	size_t			  nfiles;
	char			**pointers;	/* NULL: the whole file */
	size_t			  npointers;
	struct rule_setting	 *rules;
	size_t			  nrules;
	char			 *where;	/* "FILE:LINE" for --print-config */
	/* With pointers: where each pointer, each rule's name and the
	 * name "pointers" are in the text, and what the run made of them
	 * (for the unused suppressions, config_unused()). */
	struct config_place		 *pointer_at;
	struct config_place		 *rule_at;
	struct config_place		  pointers_at;
	struct override_use	 *use;
	/* Where its name "files" is, and how many files of the run it
	 * matched (config_note_file()), for config_unused(). */
	struct config_place		  files_at;
	size_t				 *matched;
};

/* A custom sensitivity rule ("sensitivityRules"), as Tonic's: a column
 * whose name columnName matches, of one of the data types (any when
 * ntypes is 0), is of the type name, and generator is recommended for it
 * (or none).  at: its generator's JSON Pointer, for the check of the
 * generator once the catalogues are read. */
struct sens_rule {
	char		*name;
	pcre2_code	*re;
	char		**types;
	size_t		 ntypes;
	char		*generator;
	char		*at;
};

struct kind_glob {
	char		*glob;
	enum dgs_kind	 kind;
};

struct config {
	char			*path;		/* absolute */
	int			 service_pending; /* its service not read
						    yet: used by --context
						    documents only */
	char			*shown;		/* as messages show it */
	char			*dir;
	struct rule_setting	*rules;
	size_t			 nrules;
	int			 fail_on;	/* -1 unset; 4 none */
	int			 license;	/* -1 unset */
	char			*generators;	/* absolute, or NULL */
	char			*presets;
	char			*rule_url;	/* "ruleUrl", or NULL */
	struct kind_glob	*kinds;
	size_t			 nkinds;
	char			**exclude;
	size_t			 nexclude;
	char			**include;	/* where service documents are */
	size_t			 ninclude;
	/* "notSensitive" and "sensitive": globs on schema.table.column,
	 * the user's marks (config_mark()). */
	char			**not_sensitive, **sensitive;
	size_t			 nnot_sensitive, nsensitive;
	struct sens_rule	*sens_rules;	/* "sensitivityRules", in order */
	size_t			 nsens_rules;
	/* "select" and "ignore", as --select and --ignore: for the i-th
	 * rule (dgs_rule_get()), whether the list names it; NULL when the
	 * key is not given; where the key is ("FILE:LINE"). */
	unsigned char		*select, *ignore;
	char			*select_at, *ignore_at;
	struct override		*overrides;
	size_t			 noverrides;
	size_t			 nscoped;	/* overrides with pointers */
	struct dgs_options	*base;		/* catalogues, license */
	char			*snapshot_file;	/* "schema", absolute */
	char			*snapshot_before_file;	/* "schemaBefore" */
	struct dgs_snapshot	*snapshot;	/* loaded, or NULL */
	struct dgs_snapshot	*snapshot_before;
	/* "service", "workspace", "workspaceId", "serviceTimeout",
	 * "schemaDiffParameter" ("serviceCaFile" is not used); where
	 * "service" is ("FILE:LINE:COLUMN", for messages). */
	char			*service_url, *workspace, *workspace_id;
	char			*diff_param;
	long			 service_timeout_ms;	/* 0: unset */
	char			*service_at;
};

#endif /* DGSLINT_CONFIG_INT_H */
