/* Exact counting of a family's members (solver/orapa/counting/family_counts.py is the Python reference).

A family (solver/orapa/search/wave_search.py, PathFamily) fixes the gems the waves touch and leaves the
others free off the waves' paths. Its members are the tuples of placements of the free gems that
are pairwise compatible (no overlap, no shared edge), compatible with the fixed gems, off the
cells each free gem must avoid, that cover every answered coloured cell no fixed gem covers, and
(visibility rule) leave every gem the first one seen from some port. Identical gems are taken in
increasing placement order, so each layout (RULINGS O6) is counted once.

The search places the free gems one by one over bit sets of the placements still compatible;
the last gem is never placed one by one: its placements that complete a member are one bit set,
counted by popcount. Visibility is exact there too: a look from port P meets the layout first at
index d[P] of its line; a placement is seen from P when its own first index there is lower, and
it hides a placed gem seen from P alone when it covers a cell before that gem on P's line. Both
are unions and intersections of precomputed sets (`before`), so no layout is listed.

With `marginals`, the context also adds up, for every cell and gem kind, the members in which
that kind covers that cell: the exact deduction map and the cells' probabilities.

The file is in parts, included below: _count_marginals.c, _count_visible.c, _count_pair.c
(the last two levels' quick children), _count_triples.c (the last three, visibility off),
_count_subtract.c (the last three by subtraction), _count_small.c (small families, plainly),
_count_search.c
(the search and one family's count) and _count_calls.c (the methods called from Python).
*/
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define NW 5            /* 64-bit words of a placement set: up to 320 placements */
#define MAXP (64 * NW)
#define PORTS 36
#define CELLS 80
#define LINE_LEN 10
#define MAXK 16         /* gem kinds */
#define MAXG 64         /* gems */
#define NONE 255
#define SMALL_PRODUCT 64 /* Context.small_product's default (_count_small.c) */
#define SUBTRACT_MIN 1024 /* Context.subtract_min's default (_count_search.c, dfs) */
#define PLANES 16      /* bits of the last level's bit-sliced marginal counters */

/* The hot functions are built twice on x86-64, with the popcnt instruction and without, and
   the loader picks the one the processor has: without it, every popcount is a library call
   (__popcountdi2), a tenth of the time of counting the empty board. */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__linux__)
#define HOT __attribute__((target_clones("popcnt", "default")))
#else
#define HOT
#endif

typedef uint64_t u64;
typedef unsigned __int128 u128;

typedef struct {
    int n;
    u64 quarter[MAXP][5], touch[MAXP][5], cells[MAXP][2];
    unsigned char first[MAXP][PORTS];        /* index of the first covered cell on a line */
    unsigned char nports[MAXP], ports[MAXP][PORTS];   /* the lines a placement meets */
    u64 before[PORTS][LINE_LEN + 1][NW];      /* placements whose first index is below d */
    u64 cover[CELLS][NW];                     /* placements covering a cell */
    u64 all[NW];
} Shape;

typedef struct Search Search;

/* The pairs of the last two gems in which some gem ends hidden, per placement of the gem
   before them (_count_subtract.c). */
typedef struct {
    u64 h[MAXP][NW];                           /* per b, the c's of hidden pairs */
    u64 touched[NW], full[NW], gall[NW];
    /* at the parents' parent, built on first use: per b the c's that alone hide it, per c
       the b's that alone hide it (seen ports as there: valid for the a's that block none) */
    u64 kb[MAXP][NW], kb_done[NW], kb_none[NW];
    u64 kc[MAXP][NW], kc_done[NW], kc_none[NW];
} Hidden;

typedef struct {
    PyObject_HEAD
    int nkinds;
    Shape *shape[MAXK];
    u64 *compat[MAXK][MAXK];                  /* [a][b]: n_a sets over b's placements */
    u64 *nohide[MAXK][MAXK];                  /* [a][b]: per placement of a, (single, pair)
                                                 port masks of never_hidden by kind b (its
                                                 placements compatible with a) */
    u64 *safe_from[MAXK][MAXK];               /* [a][b]: per port P the placements of a whose
                                                 single mask in nohide has P, then per P < 18
                                                 those whose pair mask has P and P + 18 */
    unsigned char pinch[MAXK][MAXK];          /* a may block b from both ends of a line */
    u64 *unblockable[MAXK][MAXK];             /* [a][b]: per port, the placements of b no
                                                 compatible placement of a blocks there */
    u128 *marg;                               /* CELLS x nkinds member counts */
    u128 total;
    int opposite_18;                          /* port P's line, reversed, is port P + 18's */
    Search *scratch;                          /* one family's search state, reused */
    int small_product;                        /* families up to this many candidate tuples
                                                 before the last level: _count_small.c */
    int subtract_min;                         /* the parents' parents by subtraction from
                                                 this size on (_count_search.c, dfs) */
} Context;

struct Search {
    Context *ctx;
    int k;                                    /* free gems, in search order */
    int kind[MAXG];
    int same[MAXG];                           /* identical to the previous gem */
    int nreq;
    int req_cell[CELLS];
    u64 req_holders[CELLS];                   /* by search level */
    int visibility, marginals;
    int nplaced;                              /* fixed gems then the levels placed so far */
    const unsigned char *placed_first[MAXG + MAXG];   /* their first indices by port */
    u64 placed_nh[MAXG + MAXG][2];            /* and their never_hidden masks (last kind) */
    long long nodes, budget;
    double deadline;
    int stopped;                              /* 2: time, 3: nodes */
    u128 last_count[MAXP];                    /* marginals of the last level */
    u64 planes[PLANES][NW];                   /* ... and the latest, bit-sliced (flush_planes) */
    int added;                                /* sets added to the planes since the last flush */
    /* Visibility, kept incrementally by level: open[l][j] are the ports from which placed gem
       j is the first gem seen (its line's first covered cell is its own), and hid[l] the
       last level's placements that would hide some placed gem from every such port. Placing
       a gem only closes ports and only grows hid, so a child updates both from its parent's:
       a gem whose ports did not change keeps its share of hid. */
    u64 open[MAXG + 1][MAXG + MAXG];
    u64 hid[MAXG + 1][NW];
    /* The level two before the last (the parents' parent): its first indices and the
       placements of the gem before the last that no b it leaves can hide (gp_safe) and
       the b's no placement it leaves makes unseen (gp_nokill), built at its second parent:
       gp_state -1 none, 0 new, 1 one parent seen, 2 built. */
    int gp_state;
    unsigned char gp_d[PORTS];
    u64 gp_safe[NW], gp_nokill[NW];
    u64 killed[MAXP][NW];                     /* per placement before the last, the last
                                                 gem's it makes unseen (_count_pair.c) */
    u64 cand[(MAXG + 1) * (MAXG + 1)][NW];    /* candidate sets, a block of k per level */
    u64 pend[16][NW];                         /* last-level sets not yet in the planes */
    int npend;
    /* marginals of the levels before the last: members by level and placement (tallied:
       the placements with a count), spread over their cells when the family is done */
    u128 tally[MAXG][MAXP];
    u64 tallied[MAXG][NW];
    Hidden hidden;                            /* the subtraction's sets (_count_subtract.c) */
};

#include "_count_marginals.c"

static int pinches(const Context *ctx, int a, int b);             /* _count_pair.c */
static u64 *unblockable(const Context *ctx, int a, int b);

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int popcount_set(const u64 *s) {
    int n = 0;
    for (int w = 0; w < NW; w++) n += __builtin_popcountll(s[w]);
    return n;
}

static int empty_set(const u64 *s) {
    for (int w = 0; w < NW; w++) if (s[w]) return 0;
    return 1;
}

static void Context_dealloc(Context *self) {
    for (int a = 0; a < self->nkinds; a++) {
        PyMem_Free(self->shape[a]);
        for (int b = 0; b < self->nkinds; b++) {
            PyMem_Free(self->compat[a][b]);
            PyMem_Free(self->nohide[a][b]);
            PyMem_Free(self->safe_from[a][b]);
            PyMem_Free(self->unblockable[a][b]);
        }
    }
    PyMem_Free(self->marg);
    PyMem_Free(self->scratch);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static u64 read_u64(const unsigned char *p) {
    u64 v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

/* Context(lines, shapes): lines = 36 lines (length byte, then cells); shapes = one bytes per
   gem kind: per placement 40 bytes quarter mask, 40 bytes touch mask, 16 bytes cell mask. */
static int Context_init(Context *self, PyObject *args, PyObject *kw) {
    const unsigned char *lines; Py_ssize_t nlines;
    PyObject *shapes;
    if (!PyArg_ParseTuple(args, "y#O!", &lines, &nlines, &PyTuple_Type, &shapes)) return -1;
    int nk = (int)PyTuple_GET_SIZE(shapes);
    if (nk < 1 || nk > MAXK) { PyErr_SetString(PyExc_ValueError, "too many gem kinds"); return -1; }
    int line_len[PORTS], line_cell[PORTS][LINE_LEN];
    Py_ssize_t at = 0;
    for (int P = 0; P < PORTS; P++) {
        if (at >= nlines) { PyErr_SetString(PyExc_ValueError, "short lines"); return -1; }
        line_len[P] = lines[at++];
        if (line_len[P] > LINE_LEN || at + line_len[P] > nlines) {
            PyErr_SetString(PyExc_ValueError, "bad lines"); return -1;
        }
        for (int i = 0; i < line_len[P]; i++) line_cell[P][i] = lines[at++];
    }
    self->opposite_18 = 1;
    for (int P = 0; P < PORTS; P++) {
        int Q = (P + PORTS / 2) % PORTS;
        if (line_len[P] != line_len[Q]) { self->opposite_18 = 0; break; }
        for (int i = 0; i < line_len[P]; i++)
            if (line_cell[P][i] != line_cell[Q][line_len[P] - 1 - i]) self->opposite_18 = 0;
    }
    self->nkinds = nk;
    for (int a = 0; a < nk; a++) {
        PyObject *b = PyTuple_GET_ITEM(shapes, a);
        if (!PyBytes_Check(b) || PyBytes_GET_SIZE(b) % 96 || PyBytes_GET_SIZE(b) / 96 > MAXP) {
            PyErr_SetString(PyExc_ValueError, "bad shape table"); return -1;
        }
        Shape *s = PyMem_Calloc(1, sizeof(Shape));
        if (!s) { PyErr_NoMemory(); return -1; }
        self->shape[a] = s;
        s->n = (int)(PyBytes_GET_SIZE(b) / 96);
        const unsigned char *d = (const unsigned char *)PyBytes_AS_STRING(b);
        for (int p = 0; p < s->n; p++, d += 96) {
            for (int w = 0; w < 5; w++) {
                s->quarter[p][w] = read_u64(d + 8 * w);
                s->touch[p][w] = read_u64(d + 40 + 8 * w);
            }
            s->cells[p][0] = read_u64(d + 80);
            s->cells[p][1] = read_u64(d + 88);
            s->all[p >> 6] |= 1ULL << (p & 63);
            for (int c = 0; c < CELLS; c++)
                if (s->cells[p][c >> 6] >> (c & 63) & 1) s->cover[c][p >> 6] |= 1ULL << (p & 63);
            for (int P = 0; P < PORTS; P++) {
                s->first[p][P] = NONE;
                for (int i = 0; i < line_len[P]; i++) {
                    int c = line_cell[P][i];
                    if (s->cells[p][c >> 6] >> (c & 63) & 1) { s->first[p][P] = (unsigned char)i; break; }
                }
                if (s->first[p][P] != NONE) s->ports[p][s->nports[p]++] = (unsigned char)P;
                for (int dd = 0; dd <= LINE_LEN; dd++)
                    if (s->first[p][P] < dd) s->before[P][dd][p >> 6] |= 1ULL << (p & 63);
            }
        }
    }
    self->small_product = SMALL_PRODUCT;
    self->subtract_min = SUBTRACT_MIN;
    self->scratch = PyMem_Calloc(1, sizeof(Search));
    if (!self->scratch) { PyErr_NoMemory(); return -1; }
    for (int a = 0; a < nk; a++)
        for (int b = 0; b < nk; b++) {
            Shape *sa = self->shape[a], *sb = self->shape[b];
            u64 *t = PyMem_Calloc((size_t)sa->n * NW, sizeof(u64));
            if (!t) { PyErr_NoMemory(); return -1; }
            self->compat[a][b] = t;
            for (int p = 0; p < sa->n; p++)
                for (int q = 0; q < sb->n; q++) {
                    int ok = 1;
                    for (int w = 0; w < 5 && ok; w++)
                        if ((sa->quarter[p][w] & (sb->quarter[q][w] | sb->touch[q][w]))
                            || (sa->touch[p][w] & sb->quarter[q][w])) ok = 0;
                    if (ok) t[p * NW + (q >> 6)] |= 1ULL << (q & 63);
                }
            u64 *h = PyMem_Calloc((size_t)sa->n * 2, sizeof(u64));
            if (!h) { PyErr_NoMemory(); return -1; }
            self->nohide[a][b] = h;
            /* only placements of b compatible with p count: the others are never among
               the last gem's candidates once p is placed */
            for (int p = 0; p < sa->n; p++)
                for (int i = 0; i < sa->nports[p]; i++) {
                    int P = sa->ports[p][i], Q = (P + PORTS / 2) % PORTS;
                    const u64 *x = sb->before[P][sa->first[p][P]], *cp = t + (size_t)p * NW;
                    int meet = 0;
                    for (int w = 0; w < NW; w++) meet |= (x[w] & cp[w]) != 0;
                    if (!meet) h[2 * p] |= 1ULL << P;
                    if (!self->opposite_18 || sa->first[p][Q] == NONE) continue;
                    const u64 *y = sb->before[Q][sa->first[p][Q]];
                    meet = 0;
                    for (int w = 0; w < NW; w++) meet |= (x[w] & y[w] & cp[w]) != 0;
                    if (!meet) h[2 * p + 1] |= 1ULL << P | 1ULL << Q;
                }
            /* the same masks turned around: per port, the placements of a it keeps safe */
            u64 *f = PyMem_Calloc((size_t)(PORTS + PORTS / 2) * NW, sizeof(u64));
            if (!f) { PyErr_NoMemory(); return -1; }
            self->safe_from[a][b] = f;
            for (int p = 0; p < sa->n; p++)
                for (int P = 0; P < PORTS; P++) {
                    u64 bit = 1ULL << (p & 63);
                    if (h[2 * p] >> P & 1) f[P * NW + (p >> 6)] |= bit;
                    if (P < PORTS / 2 && (h[2 * p + 1] >> P & 1) && (h[2 * p + 1] >> (P + PORTS / 2) & 1))
                        f[(PORTS + P) * NW + (p >> 6)] |= bit;
                }
        }
    for (int a = 0; a < nk; a++)
        for (int b = 0; b < nk; b++) {
            self->pinch[a][b] = (unsigned char)pinches(self, a, b);
            if (!(self->unblockable[a][b] = unblockable(self, a, b))) { PyErr_NoMemory(); return -1; }
        }
    self->marg = PyMem_Calloc((size_t)CELLS * nk, sizeof(u128));
    if (!self->marg) { PyErr_NoMemory(); return -1; }
    return 0;
}

#include "_count_steps.c"
#include "_count_visible.c"
#include "_count_pair.c"
#include "_count_triples.c"
#include "_count_subtract.c"
#include "_count_small.c"
#include "_count_search.c"
#include "_count_calls.c"

/* marginals() -> (total, [per cell: [per kind: members covering it]]); reset() clears them */
static PyObject *Context_marginals(Context *self, PyObject *unused) {
    PyObject *rows = PyList_New(CELLS);
    if (!rows) return NULL;
    for (int c = 0; c < CELLS; c++) {
        PyObject *row = PyList_New(self->nkinds);
        if (!row) { Py_DECREF(rows); return NULL; }
        PyList_SET_ITEM(rows, c, row);
        for (int a = 0; a < self->nkinds; a++) {
            PyObject *v = u128_to_py(self->marg[c * self->nkinds + a]);
            if (!v) { Py_DECREF(rows); return NULL; }
            PyList_SET_ITEM(row, a, v);
        }
    }
    PyObject *t = u128_to_py(self->total);
    if (!t) { Py_DECREF(rows); return NULL; }
    return Py_BuildValue("(NN)", t, rows);
}

static PyObject *Context_reset(Context *self, PyObject *unused) {
    memset(self->marg, 0, sizeof(u128) * CELLS * self->nkinds);
    self->total = 0;
    Py_RETURN_NONE;
}

static PyMethodDef Context_methods[] = {
    {"count", (PyCFunction)Context_count, METH_VARARGS, "Count one family's members."},
    {"count_leaves", (PyCFunction)Context_count_leaves, METH_VARARGS,
     "Count the families of the frontier search's leaves."},
    {"count_lazy", (PyCFunction)Context_count_lazy, METH_VARARGS,
     "Count the families of the lazy frontier search's leaves."},
    {"marginals", (PyCFunction)Context_marginals, METH_NOARGS, "Members by cell and kind."},
    {"reset", (PyCFunction)Context_reset, METH_NOARGS, "Clear the marginals."},
    {NULL, NULL, 0, NULL},
};

static PyMemberDef Context_members[] = {
    {"small_product", T_INT, offsetof(Context, small_product), 0,
     "Families with at most this many candidate tuples before the last level are searched "
     "plainly (_count_small.c); 0: never."},
    {"subtract_min", T_INT, offsetof(Context, subtract_min), 0,
     "A parents' parent is counted by subtraction (_count_subtract.c) when |A| (|B| + |C|) "
     "is at least this; 0: always."},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject ContextType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver.orapa.counting._counting.Context",
    .tp_basicsize = sizeof(Context),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Context_init,
    .tp_dealloc = (destructor)Context_dealloc,
    .tp_methods = Context_methods,
    .tp_members = Context_members,
    .tp_doc = "Placement tables of one gem set's kinds, for counting families.",
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_counting",
                                    "Exact family counting (solver/orapa/counting/family_counts.py).", -1, NULL};

PyMODINIT_FUNC PyInit__counting(void) {
    if (PyType_Ready(&ContextType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&ContextType);
    if (PyModule_AddObject(m, "Context", (PyObject *)&ContextType) < 0) {
        Py_DECREF(&ContextType); Py_DECREF(m); return NULL;
    }
    return m;
}
