/* The column sweep of solver/orapa/counting/sweep.py, compiled: the same steps, the same
   boundaries, kept in hash tables of fixed-size keys instead of Python dicts of tuples.

   A boundary (Key) is: the gems left per slot (4 bits a slot), the quarters taken that later
   placements may meet, the rows already holding a gem (left ports), the gems not yet seen
   (placement id and the rows in which each is still the last gem) and, for gems no longer
   reaching right and not yet seen, those rows alone. Keys are packed to `klen` bytes (the
   gem count sets how many entries are kept) and merged in open-addressing tables; a table's
   entries are appended in order, so the sweep is deterministic.

   count(shapes, slots, required, visibility, marginals, deadline, max_states) ->
   (status, count, held): status 1 counted, 2 out of time, 3 out of states; held (marginals
   only) the layouts holding each placement id. With marginals the boundaries between columns
   are kept, and each column is swept again backward from them (forward counts of its steps
   recomputed, then completions step by step back), so memory holds one column's steps. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#include <time.h>

typedef uint64_t u64;
typedef unsigned __int128 u128;

#define COLS 10
#define ROWS 8
#define NW 5
#define MAXG 16
#define MAXSLOTS 16

typedef struct {
    u64 mask[NW], touch[NW];
    int left, right;
    unsigned char rows[COLS];
} Shape;

typedef struct {
    u64 rem;
    u64 used[NW];
    unsigned char held, nun, ngone, pad;
    uint32_t un[MAXG];           /* pid << 8 | last rows, sorted */
    unsigned char gone[MAXG];    /* sorted */
} Key;

#define KFIXED (8 + 8 * NW + 4)

typedef struct {
    int nshapes; Shape *shapes;
    int nslots, copies[MAXSLOTS], last_start[MAXSLOTS];
    int *starts[MAXSLOTS][COLS], nstarts[MAXSLOTS][COLS];
    unsigned char required[COLS];
    int visibility, G, klen;     /* klen: packed key bytes, a multiple of 16 */
    u64 relevant[COLS + 1][NW];
} Problem;

#include "_sweep_table.c"

static void pack(const Problem *pb, const Key *k, unsigned char *out) {
    memset(out, 0, pb->klen);
    memcpy(out, k, KFIXED);
    memcpy(out + KFIXED, k->un, 4 * pb->G);
    memcpy(out + KFIXED + 4 * pb->G, k->gone, pb->G);
}

static void unpack(const Problem *pb, const unsigned char *in, Key *k) {
    memset(k, 0, sizeof(Key));
    memcpy(k, in, KFIXED);
    memcpy(k->un, in + KFIXED, 4 * pb->G);
    memcpy(k->gone, in + KFIXED + 4 * pb->G, pb->G);
}

/* What a step does with each boundary it reaches: forward, add the weight into the next
   table; backward, read the completions there (and credit the placements taken). */
typedef struct {
    const Problem *pb;
    Table *next;
    int backward;
    u128 weight, ways;
    u128 *held;
    unsigned char *buf;
    int failed;
} Emit;

static void emit(Emit *em, const Key *k, const int *taken, int ntaken) {
    pack(em->pb, k, em->buf);
    if (!em->backward) {
        long long i = table_find(em->next, em->buf, em->pb->klen, 1);
        if (i < 0) { em->failed = 1; return; }
        *fwd_of(em->next, (size_t)i, em->pb->klen) += em->weight;
    } else {
        long long i = table_find(em->next, em->buf, em->pb->klen, 0);
        if (i < 0) return;
        u128 c = *back_of(em->next, (size_t)i, em->pb->klen);
        if (!c) return;
        em->ways += c;
        for (int j = 0; j < ntaken; j++) em->held[taken[j]] += em->weight * c;
    }
}

static void add_unseen(Key *k, uint32_t v) {
    int j = k->nun++;
    while (j > 0 && k->un[j - 1] > v) { k->un[j] = k->un[j - 1]; j--; }
    k->un[j] = v;
}

static void choose(Emit *em, const Key *base, int x, int s, int n, int i, int *taken, int nt,
                   const u64 *used) {
    const Problem *pb = em->pb;
    int last_chance = pb->last_start[s] <= x;
    if (!(last_chance && nt < n)) {
        Key k = *base;
        k.rem -= (u64)nt << (4 * s);
        memcpy(k.used, used, sizeof(k.used));
        if (pb->visibility)
            for (int j = 0; j < nt; j++) add_unseen(&k, (uint32_t)taken[j] << 8);
        emit(em, &k, taken, nt);
    }
    if (nt == n) return;
    const int *opts = pb->starts[s][x];
    for (int j = i; j < pb->nstarts[s][x]; j++) {
        const Shape *sh = &pb->shapes[opts[j]];
        int clash = 0;
        for (int w = 0; w < NW; w++) clash |= ((sh->mask[w] | sh->touch[w]) & used[w]) != 0;
        if (clash) continue;
        u64 u2[NW];
        for (int w = 0; w < NW; w++) u2[w] = used[w] | sh->mask[w];
        taken[nt] = opts[j];
        choose(em, base, x, s, n, j + 1, taken, nt + 1, u2);
    }
}

static void place(Emit *em, const Key *k, int x, int s) {
    int n = (int)(k->rem >> (4 * s) & 15);
    if (!n) { emit(em, k, NULL, 0); return; }
    int taken[MAXG];
    choose(em, k, x, s, n, 0, taken, 0, k->used);
}

static void close_column(Emit *em, const Key *in, int x) {
    const Problem *pb = em->pb;
    Key k = *in;
    unsigned covered = 0;
    for (int y = 0; y < ROWS; y++) {
        int q = 4 * (y * COLS + x);
        if (k.used[q >> 6] >> (q & 63) & 15) covered |= 1u << y;
    }
    if (pb->required[x] & ~covered) return;
    for (int w = 0; w < NW; w++) k.used[w] &= pb->relevant[x + 1][w];
    if (!pb->visibility) { emit(em, &k, NULL, 0); return; }
    unsigned seen_rows = 0;
    if (covered) {
        unsigned top = covered & -covered, bottom = 1u << (31 - __builtin_clz(covered));
        seen_rows = top | bottom | (covered & ~(unsigned)k.held);
        k.held |= (unsigned char)covered;
        for (int g = 0; g < k.ngone; g++) {
            k.gone[g] &= (unsigned char)~covered;
            if (!k.gone[g]) return;
        }
    }
    int nun = 0;
    uint32_t un[MAXG];
    for (int i = 0; i < in->nun; i++) {
        int pid = (int)(in->un[i] >> 8);
        const Shape *sh = &pb->shapes[pid];
        if (sh->rows[x] & seen_rows) continue;
        unsigned last = ((in->un[i] & 0xff) & ~covered) | sh->rows[x];
        if (sh->right > x) un[nun++] = (uint32_t)pid << 8 | last;
        else if (!last) return;
        else {
            int j = k.ngone++;
            while (j > 0 && k.gone[j - 1] > last) { k.gone[j] = k.gone[j - 1]; j--; }
            k.gone[j] = (unsigned char)last;
        }
    }
    memset(k.un, 0, sizeof(k.un));
    memcpy(k.un, un, sizeof(uint32_t) * nun);   /* stays sorted: pids unchanged, in order */
    k.nun = (unsigned char)nun;
    /* sort again: the rows changed, and keys compare whole entries */
    for (int a = 1; a < nun; a++) {
        uint32_t v = k.un[a]; int j = a;
        while (j > 0 && k.un[j - 1] > v) { k.un[j] = k.un[j - 1]; j--; }
        k.un[j] = v;
    }
    emit(em, &k, NULL, 0);
}

static void run_step(Emit *em, const Key *k, int step) {
    int per = em->pb->nslots + 1, x = step / per, s = step % per;
    if (s < em->pb->nslots) place(em, k, x, s);
    else close_column(em, k, x);
}

static double now(void) {
    struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* One step forward from table `from` into `to` (cleared first). 1 done, 2 out of time,
   3 past max_states, -1 out of memory. */
static int forward(const Problem *pb, Table *from, Table *to, int step, unsigned char *buf,
                   double deadline, long long max_states) {
    table_clear(to);
    Emit em = {pb, to, 0, 0, 0, NULL, buf, 0};
    Key k;
    for (size_t i = 0; i < from->n; i++) {
        if ((i & 4095) == 0 && deadline >= 0 && now() > deadline) return 2;
        u128 w = *fwd_of(from, i, pb->klen);
        if (!w) continue;
        unpack(pb, from->entries + i * from->esize, &k);
        em.weight = w;
        run_step(&em, &k, step);
        if (em.failed) return -1;
        if (max_states >= 0 && (long long)to->n > max_states) return 3;
    }
    return 1;
}

/* Completions of every boundary of `from` by the completions of `to` (already set). */
static int backward(const Problem *pb, Table *from, Table *to, int step, unsigned char *buf,
                    u128 *held, double deadline) {
    Emit em = {pb, to, 1, 0, 0, held, buf, 0};
    Key k;
    for (size_t i = 0; i < from->n; i++) {
        if ((i & 4095) == 0 && deadline >= 0 && now() > deadline) return 2;
        unpack(pb, from->entries + i * from->esize, &k);
        em.weight = *fwd_of(from, i, pb->klen);
        em.ways = 0;
        run_step(&em, &k, step);
        *back_of(from, i, pb->klen) = em.ways;
    }
    return 1;
}

static PyObject *u128_to_py(u128 v) {
    PyObject *hi = PyLong_FromUnsignedLongLong((unsigned long long)(v >> 64));
    PyObject *lo = PyLong_FromUnsignedLongLong((unsigned long long)v);
    PyObject *sh = PyLong_FromLong(64), *a = NULL, *r = NULL;
    if (hi && lo && sh && (a = PyNumber_Lshift(hi, sh))) r = PyNumber_Or(a, lo);
    Py_XDECREF(hi); Py_XDECREF(lo); Py_XDECREF(sh); Py_XDECREF(a);
    return r;
}

static u64 rd64(const unsigned char *p) { u64 v; memcpy(&v, p, 8); return v; }

/* shapes: per placement id 92 bytes (mask 40, touch 40, left, right, rows 10); slots: per
   slot copies byte, then per column a 2-byte count and 2-byte placement ids; required: 10
   bytes of rows per column. */
static int read_problem(Problem *pb, const unsigned char *sh, Py_ssize_t nsh,
                        const unsigned char *sl, Py_ssize_t nsl, const unsigned char *req,
                        Py_ssize_t nreq, int visibility) {
    memset(pb, 0, sizeof(Problem));
    if (nsh % 92 || nreq != COLS) return -1;
    pb->nshapes = (int)(nsh / 92);
    pb->shapes = calloc(pb->nshapes ? pb->nshapes : 1, sizeof(Shape));
    if (!pb->shapes) return -1;
    for (int i = 0; i < pb->nshapes; i++) {
        const unsigned char *p = sh + 92 * i;
        Shape *s = &pb->shapes[i];
        for (int w = 0; w < NW; w++) { s->mask[w] = rd64(p + 8 * w); s->touch[w] = rd64(p + 40 + 8 * w); }
        s->left = p[80]; s->right = p[81];
        memcpy(s->rows, p + 82, COLS);
        if (s->left >= COLS || s->right >= COLS) return -1;
    }
    Py_ssize_t at = 0;
    while (at < nsl) {
        if (pb->nslots >= MAXSLOTS) return -1;
        int s = pb->nslots++;
        pb->copies[s] = sl[at++];
        pb->G += pb->copies[s];
        if (pb->copies[s] > 15 || pb->G > MAXG) return -1;
        pb->last_start[s] = -1;
        for (int x = 0; x < COLS; x++) {
            if (at + 2 > nsl) return -1;
            int n = sl[at] | sl[at + 1] << 8; at += 2;
            if (at + 2 * n > nsl) return -1;
            pb->nstarts[s][x] = n;
            pb->starts[s][x] = malloc(sizeof(int) * (n ? n : 1));
            if (!pb->starts[s][x]) return -1;
            for (int j = 0; j < n; j++) {
                int pid = sl[at + 2 * j] | sl[at + 2 * j + 1] << 8;
                if (pid >= pb->nshapes) return -1;
                pb->starts[s][x][j] = pid;
            }
            at += 2 * n;
            if (n) pb->last_start[s] = x;
        }
    }
    memcpy(pb->required, req, COLS);
    pb->visibility = visibility;
    pb->klen = (KFIXED + 5 * pb->G + 15) / 16 * 16;   /* counts after it 16-aligned */
    for (int c = 0; c <= COLS; c++)
        for (int y = 0; y < ROWS; y++)
            for (int x = 0; x < COLS; x++) {
                int q = 4 * (y * COLS + x);
                u64 bits = x >= c ? 15 : (x == c - 1 ? 2 : 0);
                pb->relevant[c][q >> 6] |= bits << (q & 63);
            }
    return 0;
}

static void free_problem(Problem *pb) {
    for (int s = 0; s < pb->nslots; s++)
        for (int x = 0; x < COLS; x++) free(pb->starts[s][x]);
    free(pb->shapes);
}

static PyObject *sweep_count(PyObject *self, PyObject *args) {
    (void)self;
    const unsigned char *sh, *sl, *req; Py_ssize_t nsh, nsl, nreq;
    int visibility, marginals; double deadline; long long max_states;
    if (!PyArg_ParseTuple(args, "y#y#y#ppdL", &sh, &nsh, &sl, &nsl, &req, &nreq, &visibility,
                          &marginals, &deadline, &max_states)) return NULL;
    Problem pb;
    if (read_problem(&pb, sh, nsh, sl, nsl, req, nreq, visibility) < 0) {
        free_problem(&pb);
        PyErr_SetString(PyExc_ValueError, "bad sweep problem");
        return NULL;
    }
    int per = pb.nslots + 1, steps = COLS * per, status = 1;
    size_t esize = pb.klen + (marginals ? 32 : 16);
    Table cur, nxt, bounds[COLS + 1], col[MAXSLOTS + 2];
    int nbounds = 0, ncol = 0;
    unsigned char buf[sizeof(Key) + 64];
    u128 total = 0, *held = NULL;
    PyObject *result = NULL;
    if (table_init(&cur, esize) < 0 || table_init(&nxt, esize) < 0) goto nomem;
    {
        Key k; memset(&k, 0, sizeof(k));
        for (int s = 0; s < pb.nslots; s++) k.rem |= (u64)pb.copies[s] << (4 * s);
        pack(&pb, &k, buf);
        long long i = table_find(&cur, buf, pb.klen, 1);
        if (i < 0) goto nomem;
        *fwd_of(&cur, (size_t)i, pb.klen) = 1;
    }
    Py_BEGIN_ALLOW_THREADS
    for (int st = 0; st < steps && status == 1; st++) {
        if (marginals && st % per == 0) {
            /* keep the boundary before column st / per */
            if (table_copy(&bounds[nbounds], &cur) < 0) { status = -1; break; }
            nbounds++;
        }
        status = forward(&pb, &cur, &nxt, st, buf, deadline, max_states);
        Table t = cur; cur = nxt; nxt = t;
    }
    Py_END_ALLOW_THREADS
    if (status == -1) goto nomem;
    if (status == 1)
        for (size_t i = 0; i < cur.n; i++) total += *fwd_of(&cur, i, pb.klen);
    if (status == 1 && marginals && total) {
        held = calloc(pb.nshapes ? pb.nshapes : 1, sizeof(u128));
        if (!held) goto nomem;
        for (size_t i = 0; i < cur.n; i++) *back_of(&cur, i, pb.klen) = 1;
        Py_BEGIN_ALLOW_THREADS
        /* cur holds the final boundary with its completions; sweep each column back */
        for (int x = COLS - 1; x >= 0 && status == 1; x--) {
            ncol = 0;
            for (int j = 0; j < per && status == 1; j++) {
                if (table_init(&col[j], esize) < 0) { status = -1; break; }
                ncol++;
                if (j == 0) {
                    Table t = col[0]; col[0] = bounds[x]; bounds[x] = t;
                } else status = forward(&pb, &col[j - 1], &col[j], x * per + j - 1, buf,
                                        deadline, -1);
            }
            if (status != 1) break;
            Table *after = &cur;
            for (int j = per - 1; j >= 0 && status == 1; j--) {
                status = backward(&pb, &col[j], after, x * per + j, buf, held, deadline);
                after = &col[j];
            }
            if (status != 1) break;
            /* col[0] (the boundary before x) with its completions becomes `cur` */
            Table t = cur; cur = col[0]; col[0] = t;
            for (int j = 0; j < ncol; j++) table_free(&col[j]);
            ncol = 0;
        }
        Py_END_ALLOW_THREADS
        if (status == -1) goto nomem;
    }
    {
        PyObject *count = u128_to_py(status == 1 ? total : 0), *marg = Py_None;
        if (!count) goto done;
        if (held && status == 1) {
            marg = PyList_New(pb.nshapes);
            if (!marg) { Py_DECREF(count); goto done; }
            for (int i = 0; i < pb.nshapes; i++) {
                PyObject *v = u128_to_py(held[i]);
                if (!v) { Py_DECREF(count); Py_DECREF(marg); goto done; }
                PyList_SET_ITEM(marg, i, v);
            }
        } else Py_INCREF(marg);
        result = Py_BuildValue("(iNN)", status, count, marg);
    }
    goto done;
nomem:
    PyErr_NoMemory();
done:
    table_free(&cur); table_free(&nxt);
    for (int b = 0; b < nbounds; b++) table_free(&bounds[b]);
    for (int j = 0; j < ncol; j++) table_free(&col[j]);
    free(held);
    free_problem(&pb);
    return result;
}

static PyMethodDef methods[] = {
    {"count", sweep_count, METH_VARARGS, "Count a sweep problem's layouts (and marginals)."},
    {NULL, NULL, 0, NULL}
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_sweep",
                                    "The column sweep's counts, compiled.", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__sweep(void) { return PyModule_Create(&module); }
