/*
 * snapshot_csv.c: reading a CSV snapshot with libcsv (strict, RFC 4180),
 * or a tab-separated one as mysql --batch writes it, a row at a time into
 * the loader (snap_add_row()); a large one in two parts at once.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <csv.h>
#include <pthread.h>

#include "snapshot_int.h"

/*
 * A large snapshot is read in two parts at once: libcsv reads a byte at
 * a time, and is most of the time of a load.  The parts meet at a line
 * break after an even number of quotes (RFC 4180 doubles a quote inside
 * a quoted field, so the parity says whether a position is inside one).
 * A thread parses the second part and keeps its rows; the first part's
 * rows are added as they are parsed, then the second's as the thread
 * publishes them, in order, so that duplicates and the first problem
 * are found as one reader would.  The first part is the smaller
 * (SPLIT_PART), because this thread also adds every row: parsing a row
 * (libcsv, and its fields copied) takes about four times the
 * instructions of adding it, so with a third here the two threads end
 * together.  (An eighth here left this thread waiting for the other
 * for a fifth of the load: 0.151 s against 0.121 s for the benchmark's
 * 34.8 MB snapshot, medians of 15 runs.)
 */
#define SPLIT_MIN	((size_t)1 << 20)
#define SPLIT_PART	3	/* the first part: 1/SPLIT_PART of the text */
#define PUBLISH_STEP	((size_t)1 << 16)	/* bytes of rows */

struct part {
	struct loader		 ld;
	struct dgs_buf		 rows;	/* room for all: never moved */
	const char		*s, *end;
	_Atomic size_t		 published;	/* whole rows' length */
	size_t			 signaled;
	atomic_int		 cancel;	/* the reader stopped */
	int			 done;	/* under mu */
	pthread_mutex_t		 mu;
	pthread_cond_t		 cv;
};

/* Rows up to kept are whole; done: no more. */
static void
publish(struct part *pt, size_t kept, int done)
{
	atomic_store_explicit(&pt->published, kept, memory_order_release);
	if (!done && kept - pt->signaled < PUBLISH_STEP)
		return;
	pthread_mutex_lock(&pt->mu);
	pt->done = done;
	pthread_cond_signal(&pt->cv);
	pthread_mutex_unlock(&pt->mu);
	pt->signaled = kept;
}

/*
 * CSV, with libcsv.  The text is fed a line at a time so that the line
 * of each record is known.
 */
static void
csv_field(void *data, size_t n, void *arg)
{
	struct loader *ld = arg;
	size_t i;

	if (snap_stopped(ld))
		return;
	if (!ld->in_rec) {
		ld->in_rec = 1;
		ld->rec_line = ld->line;
		ld->rec.len = 0;
		ld->nfields = 0;
	}
	/* Only the fields a role reads are kept (all of the header). */
	i = ld->nfields++;
	if (ld->header_done && (i >= ld->nheader || !ld->want[i]))
		return;
	if (ld->collect != NULL && ld->header_done) {
		/* The second part: the record's line, room for its name's
		 * hash (csv_record()), then its fields, each with its NUL,
		 * straight into the rows kept. */
		struct dgs_buf *b = ld->collect;
		size_t head = b->len == ld->kept ? 2 * sizeof(uint32_t) : 0;
		uint32_t line = (uint32_t)ld->rec_line;

		/* Never more than the text and 9 bytes a line: the
		 * room taken at once (load_csv()), which the other
		 * thread reads meanwhile. */
		if (b->len + head + n + 1 > b->cap) {
			ld->oom = 1;
			return;
		}
		if (head > 0)	/* the record's first field */
			memcpy(b->s + b->len, &line, sizeof(line));
		if ((int)i == ld->name_field)
			ld->name_off = b->len + head;
		if (n > 0)
			memcpy(b->s + b->len + head, data, n);
		b->s[b->len + head + n] = '\0';
		b->len += head + n + 1;
		return;
	}
	if (i >= ld->offcap && snap_grow(ld, (void **)&ld->off, &ld->offcap, i,
	    sizeof(*ld->off)) != 0)
		return;
	ld->off[i] = ld->rec.len;
	/* With CSV_APPEND_NULL the field ends with a NUL: copy it too. */
	if (ld->rec.len + n + 1 > ld->rec.cap) {
		size_t cap = ld->rec.cap ? ld->rec.cap : 256;
		char *p;

		while (cap < ld->rec.len + n + 1)
			cap *= 2;
		if ((p = realloc(ld->rec.s, cap)) == NULL) {
			ld->oom = 1;
			return;
		}
		ld->rec.s = p;
		ld->rec.cap = cap;
	}
	if (n > 0)
		memcpy(ld->rec.s + ld->rec.len, data, n);
	ld->rec.s[ld->rec.len + n] = '\0';
	ld->rec.len += n + 1;
}

static void
csv_record(int c, void *arg)
{
	struct loader *ld = arg;
	const char *v[R_MAX], **names;
	size_t i;
	int r;

	(void)c;
	if (snap_stopped(ld) || !ld->in_rec)
		return;
	ld->in_rec = 0;
	if (!ld->header_done) {
		if ((names = calloc(ld->nfields, sizeof(*names))) == NULL) {
			ld->oom = 1;
			return;
		}
		for (i = 0; i < ld->nfields; i++)
			names[i] = ld->rec.s + ld->off[i];
		snap_map_header(ld, names, ld->nfields, ld->rec_line,
		    "header line");
		free(names);
		ld->nheader = ld->nfields;
		ld->header_done = 1;
		if (snap_stopped(ld))
			return;
		if ((ld->want = calloc(ld->nheader + 1, 1)) == NULL) {
			ld->oom = 1;
			return;
		}
		for (r = 0; r < R_MAX; r++)
			if (ld->field[r] >= 0) {
				ld->want[ld->field[r]] = 1;
				ld->roles[ld->nroles++] = r;
			}
		return;
	}
	if (ld->nfields != ld->nheader) {
		snap_fail(ld, ld->rec_line, "%zu field%s where the header has "
		    "%zu", ld->nfields, ld->nfields == 1 ? "" : "s",
		    ld->nheader);
		return;
	}
	if (ld->collect != NULL) {
		/* The name's hash, after the line: one less for the
		 * main thread to do. */
		uint32_t nh = snap_name_hash(ld->collect->s + ld->name_off);

		memcpy(ld->collect->s + ld->kept + sizeof(uint32_t), &nh,
		    sizeof(nh));
		ld->kept = ld->collect->len;	/* a whole row more */
		publish(ld->part, ld->kept, 0);
		return;
	}
	for (r = 0; r < R_MAX; r++)
		v[r] = ld->field[r] < 0 ? NULL :
		    ld->rec.s + ld->off[ld->field[r]];
	snap_add_row(ld, v, ld->rec_line, NULL);
}

static int
is_blank(unsigned char c)
{
	return c == ' ';
}

/* A parser for the snapshot: CSV, or tab-separated, as mysql --batch
 * writes it (a header line with a tab and no comma; fields not
 * quoted). */
static int
csv_open(struct loader *ld, struct csv_parser *p, int *tsv)
{
	const char *nl = memchr(ld->buf, '\n', ld->len);
	size_t n = nl != NULL ? (size_t)(nl - ld->buf) : ld->len;

	if (csv_init(p, CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL) != 0) {
		ld->oom = 1;
		return -1;
	}
	*tsv = memchr(ld->buf, '\t', n) != NULL &&
	    memchr(ld->buf, ',', n) == NULL;
	if (*tsv) {
		csv_set_delim(p, CSV_TAB);
		csv_set_quote(p, '\0');
		csv_set_space_func(p, is_blank);
	}
	return 0;
}

/* Feeds s[0..end) a line at a time, until the header is read when
 * header is not 0; returns where it stopped.  ld->line is the line of
 * s. */
static const char *
csv_feed(struct loader *ld, struct csv_parser *p, const char *s,
    const char *end, int header)
{
	const char *nl;
	size_t n;

	while (s < end && !snap_stopped(ld) && !(header && ld->header_done) &&
	    (ld->part == NULL || !atomic_load_explicit(&ld->part->cancel,
	    memory_order_relaxed))) {
		nl = memchr(s, '\n', (size_t)(end - s));
		n = nl != NULL ? (size_t)(nl - s) + 1 : (size_t)(end - s);
		if (csv_parse(p, s, n, csv_field, csv_record, ld) != n) {
			if (csv_error(p) == CSV_EPARSE)
				snap_fail(ld, ld->line, "bad quoting: a quote "
				    "in an unquoted field, or text after a "
				    "closing quote (RFC 4180 doubles a quote "
				    "inside a quoted field)");
			else
				ld->oom = 1;
		}
		s += n;
		if (nl != NULL)
			ld->line++;
	}
	return s;
}

static void
csv_finish(struct loader *ld, struct csv_parser *p)
{
	if (!snap_stopped(ld) && csv_fini(p, csv_field, csv_record, ld) != 0)
		snap_fail(ld, ld->in_rec ? ld->rec_line : ld->line, "a quoted "
		    "field is not closed");
	csv_free(p);
}

static void *
part_run(void *arg)
{
	struct part *pt = arg;
	struct csv_parser p;
	int tsv;

	if (csv_open(&pt->ld, &p, &tsv) == 0) {
		(void)csv_feed(&pt->ld, &p, pt->s, pt->end, 0);
		csv_finish(&pt->ld, &p);
	}
	publish(pt, pt->ld.kept, 1);
	return NULL;
}

/* Where the second part starts, or NULL. */
static const char *
split_point(const char *s, const char *end, int tsv, unsigned long *line)
{
	const char *mid = s + (end - s) / SPLIT_PART, *q, *nl;
	unsigned long quotes = 0, lines = 0;

	for (q = s; !tsv && (q = memchr(q, '"', (size_t)(mid - q))) != NULL;
	    q++)
		quotes++;
	for (q = s; (q = memchr(q, '\n', (size_t)(mid - q))) != NULL; q++)
		lines++;
	for (q = mid; q < end; q = nl + 1) {
		if ((nl = memchr(q, '\n', (size_t)(end - q))) == NULL)
			return NULL;
		for (; !tsv && q < nl; q++)
			quotes += *q == '"';
		lines++;
		if (quotes % 2 == 0 && nl + 1 < end) {
			*line += lines;
			return nl + 1;
		}
	}
	return NULL;
}

/* Adds the rows of the second part, kept by the thread, as it
 * publishes them. */
static void
replay(struct loader *ld, struct part *pt)
{
	const char *p = pt->rows.s, *end = p, *v[R_MAX];
	const char **f;
	uint32_t line, nh;
	size_t i;
	int r, done = 0;

	if ((f = calloc(ld->nheader + 1, sizeof(*f))) == NULL) {
		ld->oom = 1;
		return;
	}
	for (r = 0; r < R_MAX; r++)
		v[r] = NULL;
	while (!snap_stopped(ld)) {
		if (p == end) {
			if (done)
				break;
			pthread_mutex_lock(&pt->mu);
			while (!pt->done && pt->rows.s + atomic_load_explicit(
			    &pt->published, memory_order_acquire) == end)
				pthread_cond_wait(&pt->cv, &pt->mu);
			done = pt->done;
			pthread_mutex_unlock(&pt->mu);
			end = pt->rows.s + atomic_load_explicit(&pt->published,
			    memory_order_acquire);
			continue;
		}
		memcpy(&line, p, sizeof(line));
		memcpy(&nh, p + sizeof(line), sizeof(nh));
		p += sizeof(line) + sizeof(nh);
		for (i = 0; i < ld->nheader; i++)
			if (ld->want[i]) {
				f[i] = p;
				p += strlen(p) + 1;
			}
		for (r = 0; r < ld->nroles; r++)
			v[ld->roles[r]] = f[ld->field[ld->roles[r]]];
		snap_add_row(ld, v, line, &nh);
	}
	free(f);
}

/* Room for a snapshot of len bytes and about rows rows, taken at once:
 * no copy as the arrays grow.  The arena's pages that are never written
 * are never resident.  The column index is not reserved: only the
 * tables that cannot be scanned go there (snap_col_lookup()). */
static void
reserve(struct loader *ld, size_t rows)
{
	struct dgs_snapshot *s = ld->s;

	if (ld->len + 1 <= UINT32_MAX &&
	    (s->arena = malloc(ld->len + 1)) != NULL)
		s->acap = ld->len + 1;
	if (rows > 0 && rows <= UINT32_MAX &&
	    (s->cols = malloc(rows * sizeof(*s->cols))) != NULL &&
	    (s->chash = malloc(rows * sizeof(*s->chash))) != NULL)
		s->ccap = rows;
}

void
snap_load_csv(struct loader *ld)
{
	struct csv_parser p;
	struct part *pt = NULL;
	pthread_t th;
	const char *s, *end = ld->buf + ld->len, *split = NULL;
	unsigned long line, lines;
	size_t room;
	int tsv, started = 0;

	if (csv_open(ld, &p, &tsv) != 0)
		return;
	for (s = ld->buf, lines = 0; (s = memchr(s, '\n', (size_t)(end - s))) !=
	    NULL; s++)
		lines++;
	reserve(ld, lines + 1);
	ld->line = 1;
	s = csv_feed(ld, &p, ld->buf, end, 1);
	line = ld->line;
	if (!snap_stopped(ld) && ld->header_done && !ld->in_rec &&
	    (size_t)(end - s) >= SPLIT_MIN &&
	    (split = split_point(s, end, tsv, &line)) != NULL &&
	    (pt = calloc(1, sizeof(*pt))) != NULL) {
		/* A row kept takes at most its text, its line and hash
		 * (8 bytes) and a NUL more than its delimiters
		 * (csv_field()). */
		room = (size_t)(end - split) + 9 * (lines + 2);
		pt->ld.s = ld->s;	/* for the name in messages */
		pt->ld.buf = ld->buf;
		pt->ld.len = ld->len;
		memcpy(pt->ld.field, ld->field, sizeof(ld->field));
		pt->ld.nheader = ld->nheader;
		pt->ld.want = ld->want;	/* read only, the caller's */
		memcpy(pt->ld.roles, ld->roles, sizeof(ld->roles));
		pt->ld.nroles = ld->nroles;
		pt->ld.header_done = 1;
		pt->ld.line = line;
		pt->ld.collect = &pt->rows;
		pt->ld.name_field = ld->field[ld->s->document ? R_PATH :
		    R_COLUMN];
		pt->ld.part = pt;
		pt->s = split;
		pt->end = end;
		atomic_init(&pt->published, 0);
		atomic_init(&pt->cancel, 0);
		if ((pt->rows.s = malloc(room)) != NULL &&
		    pthread_mutex_init(&pt->mu, NULL) == 0) {
			if (pthread_cond_init(&pt->cv, NULL) == 0) {
				pt->rows.cap = room;
				started = pthread_create(&th, NULL, part_run,
				    pt) == 0;
				if (!started)
					pthread_cond_destroy(&pt->cv);
			}
			if (!started)
				pthread_mutex_destroy(&pt->mu);
		}
	}
	(void)csv_feed(ld, &p, s, started ? split : end, 0);
	csv_finish(ld, &p);
	if (started) {
		if (!snap_stopped(ld))
			replay(ld, pt);
		atomic_store_explicit(&pt->cancel, 1, memory_order_relaxed);
		pthread_join(th, NULL);
		if (!snap_stopped(ld) && pt->ld.oom)
			ld->oom = 1;
		else if (!snap_stopped(ld) && pt->ld.why != NULL) {
			ld->why = pt->ld.why;
			pt->ld.why = NULL;
		}
		pthread_cond_destroy(&pt->cv);
		pthread_mutex_destroy(&pt->mu);
	}
	if (pt != NULL) {
		free(pt->ld.why);
		free(pt->ld.off);
		dgs_buf_free(&pt->ld.rec);
		dgs_buf_free(&pt->rows);
	}
	free(pt);
	if (!snap_stopped(ld) && !ld->header_done)
		snap_fail(ld, 1, "no header line: the first line names the "
		    "columns, such as table_schema,table_name,column_name,"
		    "data_type,is_nullable");
}

