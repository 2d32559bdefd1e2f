/*
 * dgs_service.h: the state of a workspace read from the service
 * (service.c), as the rules of rules/service.c look things up in it.
 * Not installed.
 */
#ifndef DGS_SERVICE_H
#define DGS_SERVICE_H

#include "dgs_int.h"

/* A table that has a subsetting configuration. */
struct dgs_service_subset {
	char	*schema;	/* "" for a source without schemas */
	char	*table;
};

/* A change GET /api/SchemaDiff lists (spec 2.1). */
struct dgs_service_change {
	char	*schema;	/* "" when null */
	char	*table;
	char	*column;	/* NULL when absent or null */
	char	*code;		/* issueCode as listed */
	/* oldDataType and newDataType: NULL when absent, null or empty. */
	char	*old_type;
	char	*new_type;
};

struct dgs_service {
	char			*workspace_id;	/* or NULL */
	char			*workspace_name;	/* or NULL */
	/* Whether each part was loaded, and why not (or NULL). */
	int			 known[DGS_SERVICE_PARTS];
	char			*why[DGS_SERVICE_PARTS];
	/* Sorted by schema, then table (strcmp): found by bsearch. */
	struct dgs_service_subset *subsets;
	size_t			 nsubsets;
	/* As listed, the order messages name them in. */
	struct dgs_service_change *changes;
	size_t			 nchanges;
};

/* The configuration of exactly that table, or NULL; with *near (if not
 * NULL) set to one whose names differ only in letter case, or NULL. */
const struct dgs_service_subset *dgs_service_subset_find(
	    const struct dgs_service *, const char *schema, const char *table,
	    const struct dgs_service_subset **near);

#endif /* DGS_SERVICE_H */
