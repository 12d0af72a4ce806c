/* recfile.h: an output file that reaches the disk in whole records (prefix rec_). Records (a table
 * row, a binary sample, a frame) are gathered in a buffer of the file's own, written out (write(2))
 * only at a record's end: when the next record would not fit, at rec_flush and at rec_close. A
 * process killed at any moment (SIGKILL) thus leaves whole records up to the last write; what a
 * record bigger than the buffer leaves is counted by rec_synced (the IGB writer counts its frames
 * so). No stdio stream is involved: stdout's table (rec_stdout) bypasses stdout's buffer, which is
 * flushed first. */
#ifndef SC_RECFILE_H
#define SC_RECFILE_H

#include <stddef.h>

typedef struct RecFile RecFile;

/* Create (append: 0) or append to (append: 1) path, with a buffer of cap bytes (0: 64 KiB). NULL
 * with "PATH: strerror" in err. */
RecFile *rec_open(const char *path, int append, size_t cap, char *err, size_t errlen);

/* The process's standard output as a record file (rec_close flushes it, does not close it). */
RecFile *rec_stdout(size_t cap);

/* Append one record of n bytes. 0, or -1 after a failed write (rec_error; later calls fail). */
int rec_put(RecFile *r, const void *p, size_t n);

/* Append one record formatted as printf would (at most 4 KiB). 0 or -1 as rec_put. */
int rec_printf(RecFile *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Write what the buffer holds. 0 or -1. */
int rec_flush(RecFile *r);

/* Bytes written to the file so far by this writer (the buffer not counted). */
long long rec_synced(const RecFile *r);

/* The file's descriptor (for a header rewritten in place: pwrite). */
int rec_fd(const RecFile *r);

/* "PATH: strerror" of the first failure, or "". */
const char *rec_error(const RecFile *r);

/* Flush, close (not stdout) and free (NULL accepted). 0, or -1 with the first failure of the
 * file's life in err. */
int rec_close(RecFile *r, char *err, size_t errlen);

#endif
