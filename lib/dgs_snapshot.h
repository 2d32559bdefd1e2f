/*
 * dgs_snapshot.h: a loaded schema snapshot (snapshot_load.c), as the
 * rules of rules/database.c look things up in it (snapshot.c).  Not
 * installed.
 *
 * Every string lives in one arena and is named by its offset.  Tables are
 * found by a hash of their lower-cased schema and name, columns by a hash
 * of their lower-cased name, in a scan of their table's columns or in an
 * index by table and that hash (snapshot.c, snap_col_lookup()): a lookup
 * gives the entry of the same spelling when there is one, else one that
 * differs only in letter case (*exact set to 0), so that a finding can
 * say so.
 */
#ifndef DGS_SNAPSHOT_H
#define DGS_SNAPSHOT_H

#include <stdint.h>

#include "dgslint.h"
#include "dgs_util.h"

#define DGS_SNAPSHOT_NONE	UINT32_MAX

/* Nullability and foreign keys: what the snapshot says. */
#define DGS_TRI_NO	0
#define DGS_TRI_YES	1
#define DGS_TRI_UNKNOWN	2

struct dgs_snapshot_col {
	uint32_t	name;		/* arena offset */
	uint32_t	type;		/* arena offset; data_type as given */
	uint32_t	table;		/* index of its table */
	uint32_t	next;		/* next column of the table, or NONE */
	uint32_t	line;		/* where the snapshot lists it */
	unsigned char	nullable;	/* DGS_TRI_* */
	unsigned char	fk;		/* DGS_TRI_* */
};

struct dgs_snapshot_table {
	uint32_t	schema;		/* arena offsets */
	uint32_t	name;
	uint32_t	first, last;	/* its columns, in snapshot order */
	uint32_t	ncols;
	uint32_t	line;
	unsigned char	indexed;	/* columns in cix, not scanned */
};

struct dgs_snapshot {
	char			*arena;
	size_t			 alen, acap;
	struct dgs_snapshot_table	*tables;
	size_t			 ntables, tcap;
	struct dgs_snapshot_col	*cols;
	size_t			 ncols, ccap;
	uint32_t		*chash;	/* per column: hash of lower(name) */
	/* Per column, the column a foreign key references, when the
	 * snapshot names it (foreign_table_name and foreign_column_name):
	 * the arena offset of its schema, table and column, three strings
	 * one after the other; else NONE.  NULL while no column has one:
	 * most snapshots name none, and a 600,000-column one would pay
	 * 2.4 MB for nothing (dgs_snapshot_col_ref()). */
	uint32_t		*refs;
	struct dgs_index	 tix;	/* lower(schema) "." lower(table) */
	struct dgs_index	 cix;	/* table, chash: of indexed tables */
	int			 document;	/* collection/path rows */
	int			 json_rows;	/* a JSON array: a column's
					 * line is its row's index */
	char			*name;	/* the file, for messages */
	uint64_t		 serial;	/* one per load, from 1 */
	/* dgs_snapshot_load_start(): the load on its thread, until
	 * dgs_snapshot_free(); NULL for dgs_snapshot_load(). */
	struct snapshot_pending	*pending;
};

/* Column c's reference (see refs), or DGS_SNAPSHOT_NONE. */
static inline uint32_t
dgs_snapshot_col_ref(const struct dgs_snapshot *s,
    const struct dgs_snapshot_col *c)
{
	return s->refs != NULL ? s->refs[c - s->cols] : DGS_SNAPSHOT_NONE;
}

/* A snapshot that may still load (dgs_snapshot_load_start()), waited for:
 * 0, or dgs_snapshot_wait()'s code.  What reads a snapshot waits first. */
static inline int
dgs_snapshot_ready(const struct dgs_snapshot *s)
{
	return s != NULL && s->pending != NULL ?
	    dgs_snapshot_wait((struct dgs_snapshot *)s, NULL) : 0;
}

static inline const char *
dgs_snapshot_str(const struct dgs_snapshot *s, uint32_t off)
{
	return s->arena + off;
}

/* The table named schema.table (schema ignored for a document
 * database's snapshot), or NULL.  *exact is 1 when the names are spelt
 * as in the snapshot, 0 when they differ in letter case only. */
const struct dgs_snapshot_table *dgs_snapshot_find_table(
	    const struct dgs_snapshot *, const char *schema, const char *table,
	    int *exact);
/* The first column of t named col (for a document database, the first
 * row of the path), or NULL; *exact as above. */
const struct dgs_snapshot_col *dgs_snapshot_find_col(const struct dgs_snapshot *,
	    const struct dgs_snapshot_table *t, const char *col, int *exact);
/* Did you mean: the table (of any schema) or the column of t whose name
 * is closest to name, or NULL when none is close. */
const struct dgs_snapshot_table *dgs_snapshot_closest_table(
	    const struct dgs_snapshot *, const char *name);
const struct dgs_snapshot_col *dgs_snapshot_closest_col(
	    const struct dgs_snapshot *, const struct dgs_snapshot_table *t,
	    const char *name);
/* Index of a table or column, for the per-lint state of the rules. */
static inline size_t
dgs_snapshot_table_index(const struct dgs_snapshot *s,
    const struct dgs_snapshot_table *t)
{
	return (size_t)(t - s->tables);
}

#endif /* DGS_SNAPSHOT_H */
