#ifndef TODO_SQLITE3_SHIM_H
#define TODO_SQLITE3_SHIM_H
#include <sqlite3.h>

/* SQLITE_TRANSIENT is a cast macro that Swift does not import: SQLite copies the text it binds. */
static inline sqlite3_destructor_type todo_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
