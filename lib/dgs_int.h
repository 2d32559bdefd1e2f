/*
 * dgs_int.h: every internal header of the library, for the tests and
 * the fuzzer.  Not installed.  A file of lib/ or rules/ includes the
 * parts it needs, each of which includes what it needs in turn (none
 * includes another but those before it here):
 *
 *   dgs_util.h    the buffer, hashing, strings, sets, indexes (util.c)
 *   dgs_text.h    U+0000 as held, strings quoted in messages (text.c)
 *   dgs_lex.h     JSON's lexical grammar (lex.c)
 *   dgs_json.h    the scanner, the builder, the locator
 *   dgs_table.h   the rule table's types, the tables of rules/table.c
 *   dgs_report.h  findings and results, fixes as a rule states them
 *                 (report.c)
 *   dgs_docset.h  the document-set keys
 *   dgs_fix.h     the fix module: a stated fix's record, resolved
 *                 (fix.c; fix_apply.c applies fixes)
 *   dgs_engine.h  the options, the lint context, the walk, member access
 *                 and the shapes
 *
 * dgs_snapshot.h (a loaded schema snapshot) is apart, for the files that
 * read one.
 */
#ifndef DGS_INT_H
#define DGS_INT_H

#include <json-c/json.h>

#include "dgslint.h"
#include "dgs_util.h"
#include "dgs_text.h"
#include "dgs_lex.h"
#include "dgs_json.h"
#include "dgs_table.h"
#include "dgs_report.h"
#include "dgs_docset.h"
#include "dgs_fix.h"
#include "dgs_engine.h"

#endif /* DGS_INT_H */
