/* tissue_igb.c: openCARP's IGB file of a node field over time (tissue_igb.h). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "recfile.h"
#include "tissue_igb.h"

enum { HDR = 1024, LINE = 70 };

struct TigbFile {
    RecFile *rf;
    char *path;
    long n[3], frames, on_disk; /* frames appended; frames the header on disk counts */
    double dx[3], org_t, inc_t;
    char unit[41];
};

/* Append item to the header text at *pos, starting a new CR LF line when the current one (begun
 * at *line) would pass LINE characters. */
static void put_item(char *h, int *pos, int *line, const char *item) {
    int len = (int)strlen(item);
    if (*pos > *line && *pos - *line + 1 + len > LINE) {
        memcpy(h + *pos, "\r\n", 2);
        *pos += 2, *line = *pos;
    } else if (*pos > *line)
        h[(*pos)++] = ' ';
    memcpy(h + *pos, item, (size_t)len);
    *pos += len;
}

void tigb_header(char out[HDR], const long n[3], const double dx[3], long t, double org_t, double inc_t,
                 const char *unit) {
    char items[20][64];
    int k = 0;
    snprintf(items[k++], 64, "x:%ld", n[0]);
    snprintf(items[k++], 64, "y:%ld", n[1]);
    snprintf(items[k++], 64, "z:%ld", n[2]);
    snprintf(items[k++], 64, "t:%ld", t);
    snprintf(items[k++], 64, "type:float");
    snprintf(items[k++], 64, "systeme:little_endian");
    snprintf(items[k++], 64, "org_t:%.9g", org_t);
    snprintf(items[k++], 64, "dim_t:%.9g", t > 1 ? (double)(t - 1) * inc_t : 0.0); /* first to last frame */
    snprintf(items[k++], 64, "inc_t:%.9g", inc_t);
    for (int a = 0; a < 3; a++)
        snprintf(items[k++], 64, "inc_%c:%.9g", "xyz"[a], dx[a]);
    for (int a = 0; a < 3; a++)
        snprintf(items[k++], 64, "unites_%c:mm", "xyz"[a]);
    snprintf(items[k++], 64, "unites_t:ms");
    snprintf(items[k++], 64, "unites:%.40s", unit);
    int pos = 0, line = 0;
    for (int i = 0; i < k; i++)
        put_item(out, &pos, &line, items[i]);
    memcpy(out + pos, "\r\n", 2);
    pos += 2;
    /* blank lines of LINE spaces up to the last one, which ends in CR LF and a form feed at 1023 */
    while (HDR - pos > LINE + 2 + 3) {
        memset(out + pos, ' ', LINE);
        memcpy(out + pos + LINE, "\r\n", 2);
        pos += LINE + 2;
    }
    memset(out + pos, ' ', (size_t)(HDR - 3 - pos));
    memcpy(out + HDR - 3, "\r\n\f", 3);
}

/* The header at the start of the file, for the frames whole in the file (those written out by
 * the record file; all of them after rec_flush), when that count changed (or always: force). */
static int sync_header(TigbFile *f, int force) {
    long long body = rec_synced(f->rf) - HDR;
    long frame = 4 * f->n[0] * f->n[1] * f->n[2];
    long whole = body > 0 ? (long)(body / frame) : 0;
    if (whole == f->on_disk && !force)
        return 0;
    char h[HDR];
    tigb_header(h, f->n, f->dx, whole, f->org_t, f->inc_t, f->unit);
    if (pwrite(rec_fd(f->rf), h, HDR, 0) != HDR)
        return -1;
    f->on_disk = whole;
    return 0;
}

static int fail(TigbFile *f, char *err, size_t errlen) {
    if (*rec_error(f->rf))
        snprintf(err, errlen, "%s", rec_error(f->rf));
    else
        snprintf(err, errlen, "%s: %s", f->path, strerror(errno ? errno : EIO));
    return -1;
}

TigbFile *tigb_open(const char *path, const long n[3], const double dx[3], double org_t, double inc_t,
                    const char *unit, char *err, size_t errlen) {
    TigbFile *f = calloc(1, sizeof *f);
    size_t plen = strlen(path) + 1;
    char *p = malloc(plen);
    if (!f || !p) {
        free(f), free(p);
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    memcpy(p, path, plen);
    f->path = p;
    memcpy(f->n, n, sizeof f->n);
    memcpy(f->dx, dx, sizeof f->dx);
    f->org_t = org_t, f->inc_t = inc_t;
    snprintf(f->unit, sizeof f->unit, "%s", unit);
    char h[HDR];
    tigb_header(h, f->n, f->dx, 0, org_t, inc_t, f->unit);
    /* the header of no frame, written at once: a valid file from the start */
    if (!(f->rf = rec_open(path, 0, 256 * 1024, err, errlen)) || rec_put(f->rf, h, HDR) != 0 ||
        rec_flush(f->rf) != 0) {
        if (f->rf)
            fail(f, err, errlen), rec_close(f->rf, NULL, 0);
        free(f->path), free(f);
        return NULL;
    }
    return f;
}

int tigb_append(TigbFile *f, const double *field, char *err, size_t errlen) {
    long nodes = f->n[0] * f->n[1] * f->n[2];
    unsigned char chunk[4 * 1024];
    errno = 0;
    for (long i = 0; i < nodes; i += 1024) {
        long m = nodes - i < 1024 ? nodes - i : 1024;
        for (long k = 0; k < m; k++) {
            float v = (float)field[i + k];
            uint32_t u;
            memcpy(&u, &v, 4);
            for (int b = 0; b < 4; b++)
                chunk[4 * k + b] = (unsigned char)(u >> 8 * b); /* little-endian */
        }
        if (rec_put(f->rf, chunk, 4 * (size_t)m) != 0)
            return fail(f, err, errlen);
    }
    f->frames++;
    return sync_header(f, 0) ? fail(f, err, errlen) : 0;
}

int tigb_flush(TigbFile *f, char *err, size_t errlen) {
    if (!f)
        return 0;
    errno = 0;
    return rec_flush(f->rf) || sync_header(f, 0) ? fail(f, err, errlen) : 0;
}

long tigb_frames(const TigbFile *f) { return f->frames; }

int tigb_close(TigbFile *f, char *err, size_t errlen) {
    if (!f)
        return 0;
    errno = 0;
    int rc = rec_flush(f->rf) || sync_header(f, 1) ? fail(f, err, errlen) : 0;
    char e[640];
    if (rec_close(f->rf, e, sizeof e) != 0 && rc == 0)
        rc = -1, snprintf(err, errlen, "%s", e);
    free(f->path), free(f);
    return rc;
}
