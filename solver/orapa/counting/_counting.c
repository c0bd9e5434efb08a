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
*/
#define PY_SSIZE_T_CLEAN
#include <Python.h>
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
    /* per side of the board (Context.side_*), the first and last of its ports that a
       placement's lines meet, relative to the side (lo > hi: none) */
    unsigned char side_lo[MAXP][PORTS], side_hi[MAXP][PORTS];
} Shape;

typedef struct Search Search;

typedef struct {
    PyObject_HEAD
    int nkinds;
    Shape *shape[MAXK];
    u64 *compat[MAXK][MAXK];                  /* [a][b]: n_a sets over b's placements */
    u64 *nohide[MAXK][MAXK];                  /* [a][b]: per placement of a, (single, pair)
                                                 port masks of never_hidden by kind b */
    u128 *marg;                               /* CELLS x nkinds member counts */
    u128 total;
    /* sides: runs of consecutive ports whose lines are parallel (no cell in common) */
    int nsides, side_start[PORTS], side_len[PORTS];
    int opposite_18;                          /* port P's line, reversed, is port P + 18's */
    Search *scratch;                          /* one family's search state, reused */
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
    /* at the last level's parent: per side, unions of before[P][d[P]] over the side's first
       i ports (pre) and its ports from i on (suf), so that a child recomputes only the ports
       of the sides' ranges its placement meets */
    u64 pre[PORTS + PORTS][NW], suf[PORTS + PORTS][NW];
    u64 cand[(MAXG + 1) * (MAXG + 1)][NW];    /* candidate sets, a block of k per level */
    u64 pend[16][NW];                         /* last-level sets not yet in the planes */
    int npend;
    /* marginals of the levels before the last: members by level and placement (tallied:
       the placements with a count), spread over their cells when the family is done */
    u128 tally[MAXG][MAXP];
    u64 tallied[MAXG][NW];
};

/* The last level's marginals: every member adds one to each placement of its set. Added bit
   by bit to 128-bit counters, that was a third of counting a map; the sets are added instead
   to PLANES-bit counters kept as bit planes (a binary adder over the set's words), moved to
   last_count before they can overflow. */
static void flush_planes(Search *s) {
    for (int b = 0; b < PLANES; b++)
        for (int w = 0; w < NW; w++) {
            for (u64 m = s->planes[b][w]; m; m &= m - 1)
                s->last_count[64 * w + __builtin_ctzll(m)] += (u128)1 << b;
            s->planes[b][w] = 0;
        }
    s->added = 0;
}

static void add_one(Search *s, const u64 *set) {
    for (int w = 0; w < NW; w++) {
        u64 carry = set[w];
        for (int b = 0; carry && b < PLANES; b++) {
            u64 both = s->planes[b][w] & carry;
            s->planes[b][w] ^= carry;
            carry = both;
        }
    }
    if (++s->added == (1 << PLANES) - 1) flush_planes(s);
}

/* Sixteen pending sets at once (Harley-Seal): a tree of carry-save adders gives, per bit,
   their sum in five bit planes, added to the planes' counters in one ripple. */
#define CSA(h, l, a, b, c) do { u64 u_ = (a) ^ (b); h = ((a) & (b)) | (u_ & (c)); l = u_ ^ (c); } while (0)
static void add_sixteen(Search *s) {
    if (s->added > (1 << PLANES) - 1 - 16) flush_planes(s);
    for (int w = 0; w < NW; w++) {
        u64 ones = 0, twos = 0, fours = 0, eights = 0, sixteens;
        u64 twosA, twosB, foursA, foursB, half[2];
        for (int h = 0; h < 2; h++) {          /* eight sets a half, the halves' eights last */
            const u64 (*x)[NW] = s->pend + 8 * h;
            CSA(twosA, ones, ones, x[0][w], x[1][w]);
            CSA(twosB, ones, ones, x[2][w], x[3][w]);
            CSA(foursA, twos, twos, twosA, twosB);
            CSA(twosA, ones, ones, x[4][w], x[5][w]);
            CSA(twosB, ones, ones, x[6][w], x[7][w]);
            CSA(foursB, twos, twos, twosA, twosB);
            CSA(half[h], fours, fours, foursA, foursB);
        }
        CSA(sixteens, eights, eights, half[0], half[1]);
        u64 v[5] = {ones, twos, fours, eights, sixteens}, carry = 0;
        for (int b = 0; b < PLANES && (b < 5 || carry); b++) {
            u64 a = s->planes[b][w], y = b < 5 ? v[b] : 0;
            s->planes[b][w] = a ^ y ^ carry;
            carry = (a & y) | (carry & (a ^ y));
        }
    }
    s->added += 16;
    s->npend = 0;
}

static inline void add_to_planes(Search *s, const u64 *set) {
    memcpy(s->pend[s->npend++], set, sizeof s->pend[0]);
    if (s->npend == 16) add_sixteen(s);
}

/* The last level's marginals all in last_count: the pending sets, then the planes. */
static void flush_last(Search *s) {
    for (int i = 0; i < s->npend; i++) add_one(s, s->pend[i]);
    s->npend = 0;
    if (s->added) flush_planes(s);
}

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
    int side_of[PORTS];
    self->nsides = 0;
    for (int P = 0; P < PORTS; P++) {
        int parallel = P > 0;                  /* with the previous port: no common cell */
        for (int i = 0; i < line_len[P] && parallel; i++)
            for (int j = 0; j < line_len[P - 1]; j++)
                if (line_cell[P][i] == line_cell[P - 1][j]) { parallel = 0; break; }
        if (!parallel) {
            self->side_start[self->nsides] = P; self->side_len[self->nsides] = 0; self->nsides++;
        }
        side_of[P] = self->nsides - 1;
        self->side_len[self->nsides - 1]++;
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
            for (int g = 0; g < self->nsides; g++) { s->side_lo[p][g] = 1; s->side_hi[p][g] = 0; }
            for (int i = s->nports[p] - 1; i >= 0; i--) {
                int P = s->ports[p][i], g = side_of[P], at_side = P - self->side_start[g];
                s->side_lo[p][g] = (unsigned char)at_side;
            }
            for (int i = 0; i < s->nports[p]; i++) {
                int P = s->ports[p][i], g = side_of[P];
                s->side_hi[p][g] = (unsigned char)(P - self->side_start[g]);
            }
        }
    }
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
            for (int p = 0; p < sa->n; p++)
                for (int i = 0; i < sa->nports[p]; i++) {
                    int P = sa->ports[p][i], Q = (P + PORTS / 2) % PORTS;
                    const u64 *x = sb->before[P][sa->first[p][P]];
                    if (empty_set(x)) h[2 * p] |= 1ULL << P;
                    if (!self->opposite_18 || sa->first[p][Q] == NONE) continue;
                    const u64 *y = sb->before[Q][sa->first[p][Q]];
                    int meet = 0;
                    for (int w = 0; w < NW; w++) meet |= (x[w] & y[w]) != 0;
                    if (!meet) h[2 * p + 1] |= 1ULL << P | 1ULL << Q;
                }
        }
    self->marg = PyMem_Calloc((size_t)CELLS * nk, sizeof(u128));
    if (!self->marg) { PyErr_NoMemory(); return -1; }
    return 0;
}

static void add_cells(Context *ctx, int kind, const u64 *cells, u128 n) {
    for (int w = 0; w < 2; w++)
        for (u64 m = cells[w]; m; m &= m - 1) {
            int c = 64 * w + __builtin_ctzll(m);
            ctx->marg[c * ctx->nkinds + kind] += n;
        }
}

/* Whether a placed gem open on `open` certainly has no hiding placement of the last kind:
   one of its open lines has no placement before it (`single`), or two open lines looking
   along one line from both ends have none before it on both (`pair`: such ports come as
   P and P + 18 on this board). */
static inline int never_hidden(const Context *ctx, u64 open, u64 single, u64 pair) {
    if (open & single) return 1;
    return ctx->opposite_18 && (open & pair & ((open >> 18) | (open << 18)));
}

/* The last level's placements (among `within`, or all when NULL) that hide a placed gem
   (first indices f) from every port in `open`: on each of those lines they cover a cell
   before the gem's first. */
static inline void hide_set(const Shape *last, u64 open, const unsigned char *f,
                            const u64 *within, u64 *out) {
    for (int w = 0; w < NW; w++) out[w] = within ? within[w] : ~0ULL;
    /* ports taken from both ends in turn (opposite sides of the board): a placement before
       the gem on two opposite lines is rare, so the set is soon empty */
    for (int low = 1; open; low ^= 1) {
        int P = low ? __builtin_ctzll(open) : 63 - __builtin_clzll(open);
        open &= ~(1ULL << P);
        const u64 *b = last->before[P][f[P]];
        u64 any = 0;
        for (int w = 0; w < NW; w++) { out[w] &= b[w]; any |= out[w]; }
        if (!any) return;
    }
}

/* The ports on which a placement (first indices f, NONE off its lines) comes before the
   first gem d (*lt) or ties with it (*le): 36 bytes compared at once where SSE2 is. */
static inline void ports_before(const unsigned char *f, const unsigned char *d,
                                const unsigned char *ports, int nports, u64 *lt, u64 *le) {
#if defined(__SSE2__) && PORTS == 36
    (void)ports; (void)nports;
    u64 mlt = 0, mle = 0;
    for (int at = 0; at <= 20; at += at ? 4 : 16) {   /* bytes 0-15, 16-31, 20-35 */
        __m128i a = _mm_loadu_si128((const __m128i *)(f + at));
        __m128i b = _mm_loadu_si128((const __m128i *)(d + at));
        __m128i le8 = _mm_cmpeq_epi8(_mm_min_epu8(a, b), a);
        __m128i eq8 = _mm_cmpeq_epi8(a, b);
        mle |= (u64)(unsigned)_mm_movemask_epi8(le8) << at;
        mlt |= (u64)(unsigned)_mm_movemask_epi8(_mm_andnot_si128(eq8, le8)) << at;
    }
    *lt = mlt & ((1ULL << PORTS) - 1);
    *le = mle & ((1ULL << PORTS) - 1);
#else
    u64 mlt = 0, mle = 0;
    for (int i = 0; i < nports; i++) {        /* the lines it meets */
        int P = ports[i];
        mlt |= (u64)(f[P] < d[P]) << P;
        mle |= (u64)(f[P] <= d[P]) << P;
    }
    *lt = mlt; *le = mle;
#endif
}

/* One more node; true when the search must stop (out of nodes or time). */
static inline int tick(Search *s) {
    s->nodes++;
    if ((s->nodes & 4095) == 0) {
        if (s->budget >= 0 && s->nodes > s->budget) { s->stopped = 3; return 1; }
        if (s->deadline >= 0 && now() > s->deadline) { s->stopped = 2; return 1; }
    }
    return 0;
}

/* The last gem's placements in `set` (compatible with every placed gem), narrowed to those
   after the previous identical gem and covering the answered cells no gem covers yet; false
   when none can (or the search must stop). One node. */
static inline int last_filter(Search *s, u64 *set, int prev, const u64 *occ) {
    int level = s->k - 1;
    const Shape *sh = s->ctx->shape[s->kind[level]];
    if (tick(s)) return 0;
    if (s->same[level]) {                      /* identical gems: increasing placements */
        for (int w = 0; w < NW; w++) {
            int lo = 64 * w, hi = lo + 63;
            if (prev >= hi) set[w] = 0;
            else if (prev >= lo) set[w] &= ~((2ULL << (prev - lo)) - 1);
        }
    }
    for (int r = 0; r < s->nreq; r++) {
        int c = s->req_cell[r];
        if (occ[c >> 6] >> (c & 63) & 1) continue;
        if (!(s->req_holders[r] >> level & 1)) return 0;
        for (int w = 0; w < NW; w++) set[w] &= sh->cover[c][w];
    }
    return 1;
}

/* The members completed by the last gem's placements in `set`, counted (and added to the
   last level's marginals). */
static inline u128 last_total(Search *s, const u64 *set) {
    int n = popcount_set(set);
    if (s->marginals && n) add_to_planes(s, set);
    return (u128)n;
}

/* Removes from `set` the placements that hide a placed gem (first indices f) from every port
   in `open` (the hiding set taken within `set` only, so it is soon empty). */
static inline void drop_hiding(const Shape *last, u64 open, const unsigned char *f, u64 *set) {
    u64 t[NW];
    hide_set(last, open, f, set, t);
    for (int w = 0; w < NW; w++) set[w] &= ~t[w];
}

/* The levels before the last: every placement of this level's gem still a candidate (after
   the previous identical gem), each child narrowing the later levels' candidates to the
   placements compatible with it and updating the visibility state (open ports, hid). */
HOT static u128 dfs(Search *s, int level, u64 (*cand)[NW], const unsigned char *d, const u64 *occ,
                int prev) {
    Context *ctx = s->ctx;
    int kind = s->kind[level];
    const Shape *sh = ctx->shape[kind];
    const Shape *last = ctx->shape[s->kind[s->k - 1]];
    if (tick(s)) return 0;
    u64 set[NW];
    memcpy(set, cand[level], sizeof set);
    if (s->same[level]) {                      /* identical gems: increasing placements */
        for (int w = 0; w < NW; w++) {
            int lo = 64 * w, hi = lo + 63;
            if (prev >= hi) set[w] = 0;
            else if (prev >= lo) set[w] &= ~((2ULL << (prev - lo)) - 1);
        }
    }
    int pair = level == s->k - 2;              /* the children are the last level */
    int nplaced = s->nplaced, vis = s->visibility;
    const u64 *open = s->open[level];
    u64 *open2 = s->open[level + 1], *hid2 = s->hid[level + 1];
    if (pair && vis) {
        for (int g = 0; g < ctx->nsides; g++) {
            int start = ctx->side_start[g], len = ctx->side_len[g], base = start + g;
            memset(s->pre[base], 0, sizeof s->pre[base]);
            memset(s->suf[base + len], 0, sizeof s->suf[base + len]);
            for (int i = 0; i < len; i++) {
                const u64 *b = last->before[start + i][d[start + i]];
                for (int w = 0; w < NW; w++) s->pre[base + i + 1][w] = s->pre[base + i][w] | b[w];
            }
            for (int i = len - 1; i >= 0; i--) {
                const u64 *b = last->before[start + i][d[start + i]];
                for (int w = 0; w < NW; w++) s->suf[base + i][w] = s->suf[base + i + 1][w] | b[w];
            }
        }
        /* the last gem's candidates this node's children share: seen now (placing gems only
           blocks more) and hiding no placed gem yet (hid only grows) */
        u64 *c = cand[s->k - 1], any = 0;
        const u64 *h0 = s->hid[level];
        for (int w = 0; w < NW; w++) {
            u64 seen = 0;
            for (int g = 0; g < ctx->nsides; g++) seen |= s->pre[ctx->side_start[g] + g + ctx->side_len[g]][w];
            c[w] &= seen & ~h0[w];
            any |= c[w];
        }
        if (!any) return 0;
    }
    u128 total = 0;
    u64 (*next)[NW] = cand + s->k;             /* this level's copy lives after the parent's */
    for (int w = 0; w < NW; w++)
        for (u64 m = set[w]; m; m &= m - 1) {
            int p = 64 * w + __builtin_ctzll(m);
            int dead = 0;
            for (int j = level + 1; j < s->k && !dead; j++) {
                const u64 *cp = ctx->compat[kind][s->kind[j]] + (size_t)p * NW;
                int any = 0;
                for (int x = 0; x < NW; x++) { next[j][x] = cand[j][x] & cp[x]; any |= next[j][x] != 0; }
                if (!any) dead = 1;
            }
            if (dead) continue;
            u64 occ2[2] = {occ[0] | sh->cells[p][0], occ[1] | sh->cells[p][1]};
            for (int r = 0; r < s->nreq && !dead; r++) {
                int c = s->req_cell[r];
                if (!(occ2[c >> 6] >> (c & 63) & 1) && !(s->req_holders[r] >> (level + 1)))
                    dead = 1;
            }
            if (dead) continue;
            const unsigned char *fp = sh->first[p];
            u64 closed, seen_at;               /* ports it is now first on; and first or tied */
            ports_before(fp, d, sh->ports[p], sh->nports[p], &closed, &seen_at);
            int nchg = 0, chg[MAXG + MAXG];    /* placed gems whose open ports changed */
            int self_hidable = 0;
            const u64 *nh = NULL;
            if (vis) {
                if (!seen_at) continue;        /* the new gem is seen from no port */
                for (int j = 0; j < nplaced; j++) {
                    u64 o = open[j] & ~closed;
                    open2[j] = o;
                    if (o == open[j]) continue;
                    if (!o) { dead = 1; break; }   /* a placed gem no longer seen */
                    if (!never_hidden(ctx, o, s->placed_nh[j][0], s->placed_nh[j][1]))
                        chg[nchg++] = j;
                }
                if (dead) continue;
                open2[nplaced] = seen_at;
                nh = ctx->nohide[kind][s->kind[s->k - 1]] + 2 * (size_t)p;
                self_hidable = !never_hidden(ctx, seen_at, nh[0], nh[1]);
                if (!pair) {
                    memcpy(hid2, s->hid[level], sizeof s->hid[level]);
                    u64 h[NW];
                    for (int c = 0; c < nchg; c++) {
                        hide_set(last, open2[chg[c]], s->placed_first[chg[c]], NULL, h);
                        for (int x = 0; x < NW; x++) hid2[x] |= h[x];
                    }
                    if (self_hidable) {
                        hide_set(last, seen_at, fp, NULL, h);
                        for (int x = 0; x < NW; x++) hid2[x] |= h[x];
                    }
                }
                s->placed_nh[nplaced][0] = nh[0];
                s->placed_nh[nplaced][1] = nh[1];
            }
            s->placed_first[nplaced] = fp;
            s->nplaced++;
            u128 sub = 0;
            if (pair) {
                u64 lastset[NW];
                memcpy(lastset, next[level + 1], sizeof lastset);
                if (last_filter(s, lastset, p, occ2)) {
                    if (vis) {
                        /* hiding (the parent's hid is out of cand already): the gems this
                           one changed, then itself, each within the candidates left */
                        for (int c = 0; c < nchg; c++)
                            drop_hiding(last, open2[chg[c]], s->placed_first[chg[c]], lastset);
                        if (self_hidable) drop_hiding(last, seen_at, fp, lastset);
                        /* seen from the ports outside the sides' ranges this placement
                           meets (unchanged: the parent's unions); the ranges' ports only
                           when some candidate is not seen from outside them */
                        u64 seen[NW] = {0}, miss = 0;   /* miss: some candidate unseen */
                        for (int g = 0; g < ctx->nsides; g++) {
                            int lo = sh->side_lo[p][g], hi = sh->side_hi[p][g];
                            int base = ctx->side_start[g] + g;
                            const u64 *a = s->pre[base + (lo > hi ? ctx->side_len[g] : lo)];
                            const u64 *b = s->suf[base + (lo > hi ? ctx->side_len[g] : hi + 1)];
                            for (int x = 0; x < NW; x++) seen[x] |= a[x] | b[x];
                        }
                        u64 unseen[NW];
                        for (int x = 0; x < NW; x++) {
                            unseen[x] = lastset[x] & ~seen[x];
                            miss |= unseen[x];
                        }
                        for (int g = 0; g < ctx->nsides && miss; g++) {
                            int lo = sh->side_lo[p][g], hi = sh->side_hi[p][g];
                            int start = ctx->side_start[g];
                            for (int i = lo; i <= hi && miss; i++) {
                                int P = start + i, dP = fp[P] < d[P] ? fp[P] : d[P];
                                const u64 *c = last->before[P][dP];
                                miss = 0;
                                for (int x = 0; x < NW; x++) {
                                    unseen[x] &= ~c[x];
                                    miss |= unseen[x];
                                }
                            }
                        }
                        if (miss)
                            for (int x = 0; x < NW; x++) lastset[x] &= ~unseen[x];
                    }
                    sub = last_total(s, lastset);
                }
            } else {
                unsigned char d2[PORTS];
                memcpy(d2, d, PORTS);
                for (int i = 0; i < sh->nports[p]; i++) {
                    int P = sh->ports[p][i];
                    if (fp[P] < d[P]) d2[P] = fp[P];
                }
                sub = dfs(s, level + 1, next, d2, occ2, p);
            }
            if (s->marginals && sub) {
                s->tally[level][p] += sub;
                s->tallied[level][p >> 6] |= 1ULL << (p & 63);
            }
            total += sub;
            s->nplaced--;
            if (s->stopped) return total;
        }
    return total;
}

static PyObject *u128_to_py(u128 v) {
    PyObject *hi = PyLong_FromUnsignedLongLong((unsigned long long)(v >> 64));
    PyObject *lo = PyLong_FromUnsignedLongLong((unsigned long long)v);
    PyObject *sh = PyLong_FromLong(64);
    PyObject *t = hi && sh ? PyNumber_Lshift(hi, sh) : NULL;
    PyObject *r = t && lo ? PyNumber_Or(t, lo) : NULL;
    Py_XDECREF(hi); Py_XDECREF(lo); Py_XDECREF(sh); Py_XDECREF(t);
    return r;
}

/* One family: fixed gems (kind, index), free gems (kind, avoid cells; identical gems next to
   each other), required cells (cell, mask of the free gems by input position that may cover
   it). `dom` (or NULL): per free gem, the placements it starts from when bit g of `has_dom`
   is set (a touched gem of the lazy search, never taken as identical to another gem).
   Adds to *count and *nodes; returns the status: 1 done, 2 time, 3 nodes, -1 no memory. */
HOT static int count_family(Context *self, int nfix, const int *fix_kind, const int *fix_index,
                        int k, const int *in_kind, const u64 (*avoid)[2], int nreq,
                        const int *req_cell, const u64 *req_free, int visibility, int marginals,
                        double deadline, long long budget, u128 *count_out, long long *nodes,
                        const u64 (*dom)[NW], u64 has_dom) {
    Search *s = self->scratch;                 /* planes and last_count are left zero */
    s->ctx = self;
    s->visibility = visibility; s->marginals = marginals;
    s->deadline = deadline; s->budget = budget;
    s->nodes = 0; s->stopped = 0; s->nplaced = 0; s->nreq = 0; s->added = 0;
    unsigned char d[PORTS];
    memset(d, LINE_LEN, sizeof d);
    u64 occ[2] = {0, 0};
    u64 in_cand[MAXG][NW];
    for (int g = 0; g < nfix; g++) {
        Shape *sh = self->shape[fix_kind[g]];
        int p = fix_index[g];
        s->placed_first[s->nplaced++] = sh->first[p];
        for (int P = 0; P < PORTS; P++) if (sh->first[p][P] < d[P]) d[P] = sh->first[p][P];
        occ[0] |= sh->cells[p][0]; occ[1] |= sh->cells[p][1];
    }
    int group[MAXG];                           /* identical gems share a group */
    for (int g = 0; g < k; g++) {
        Shape *sh = self->shape[in_kind[g]];
        int touched = dom && (has_dom >> g & 1);
        group[g] = g && !touched && !(has_dom >> (g - 1) & 1) && in_kind[g] == in_kind[g - 1]
                   ? group[g - 1] : g;
        if (touched) {
            for (int w = 0; w < NW; w++) in_cand[g][w] = dom[g][w] & sh->all[w];
        } else if (g && group[g] == group[g - 1] && avoid[g][0] == avoid[g - 1][0]
                   && avoid[g][1] == avoid[g - 1][1]) {
            memcpy(in_cand[g], in_cand[g - 1], sizeof in_cand[g]);
            continue;                          /* the same set, fixed gems applied */
        } else {
            for (int w = 0; w < NW; w++) in_cand[g][w] = sh->all[w];
            for (int c = 0; c < CELLS; c++)
                if (avoid[g][c >> 6] >> (c & 63) & 1)
                    for (int w = 0; w < NW; w++) in_cand[g][w] &= ~sh->cover[c][w];
        }
        for (int j = 0; j < nfix; j++) {
            const u64 *cp = self->compat[fix_kind[j]][in_kind[g]] + (size_t)fix_index[j] * NW;
            for (int w = 0; w < NW; w++) in_cand[g][w] &= cp[w];
        }
    }
    /* search order: groups of identical gems, fewest candidates first (the largest is last,
       counted by popcount) */
    int order[MAXG], n_order = 0, done[MAXG] = {0};
    while (n_order < k) {
        int best = -1, best_n = 1 << 30;
        for (int g = 0; g < k; g++) {
            if (done[g] || (g && group[g] == group[g - 1] && !done[g - 1])) continue;
            int n = popcount_set(in_cand[g]);
            if (n < best_n) { best = g; best_n = n; }
        }
        for (int g = best; g < k && group[g] == group[best]; g++) {
            if (done[g]) continue;
            done[g] = 1; order[n_order++] = g;
        }
    }
    s->k = k;
    u64 (*cand)[NW] = s->cand;
    int level_of[MAXG];
    for (int l = 0; l < k; l++) {
        int g = order[l];
        level_of[g] = l;
        s->kind[l] = in_kind[g];
        s->same[l] = l > 0 && group[order[l - 1]] == group[g];
        memcpy(cand[l], in_cand[g], sizeof cand[l]);
    }
    int ok = 1;
    for (int r = 0; r < nreq; r++) {
        int c = req_cell[r];
        if (occ[c >> 6] >> (c & 63) & 1) continue;     /* a fixed gem covers it */
        u64 by_level = 0;
        for (int g = 0; g < k; g++) if (req_free[r] >> g & 1) by_level |= 1ULL << level_of[g];
        if (!by_level) ok = 0;
        s->req_cell[s->nreq] = c;
        s->req_holders[s->nreq++] = by_level;
    }
    u128 count = 0;
    if (ok && visibility && k) {
        /* the fixed gems' open ports and the last level's placements that would hide them */
        const Shape *last = self->shape[s->kind[k - 1]];
        memset(s->hid[0], 0, sizeof s->hid[0]);
        for (int j = 0; j < nfix && ok; j++) {
            const Shape *sh = self->shape[fix_kind[j]];
            int p = fix_index[j];
            u64 o = 0;
            for (int i = 0; i < sh->nports[p]; i++) {
                int P = sh->ports[p][i];
                if (d[P] == sh->first[p][P]) o |= 1ULL << P;
            }
            if (!o) { ok = 0; break; }
            s->open[0][j] = o;
            const u64 *nh = self->nohide[fix_kind[j]][s->kind[k - 1]] + 2 * (size_t)p;
            s->placed_nh[j][0] = nh[0];
            s->placed_nh[j][1] = nh[1];
            u64 h[NW];
            hide_set(last, o, sh->first[p], NULL, h);
            for (int w = 0; w < NW; w++) s->hid[0][w] |= h[w];
        }
    } else if (ok && visibility) {
        for (int j = 0; j < nfix && ok; j++) {
            const Shape *sh = self->shape[fix_kind[j]];
            int p = fix_index[j], o = 0;
            for (int i = 0; i < sh->nports[p]; i++) o |= d[sh->ports[p][i]] == sh->first[p][sh->ports[p][i]];
            if (!o) ok = 0;
        }
    }
    if (ok && k == 0) {
        count = s->nreq ? 0 : 1;
    } else if (ok) {
        for (int l = 0; l < k && ok; l++) if (empty_set(cand[l])) ok = 0;
        if (ok && k == 1) {
            u64 seen[NW] = {0}, set[NW];
            if (visibility)
                for (int P = 0; P < PORTS; P++)
                    for (int w = 0; w < NW; w++) seen[w] |= self->shape[s->kind[0]]->before[P][d[P]][w];
            memcpy(set, cand[0], sizeof set);
            if (last_filter(s, set, -1, occ)) {
                if (visibility)
                    for (int w = 0; w < NW; w++) set[w] &= seen[w] & ~s->hid[0][w];
                count = last_total(s, set);
            }
        } else if (ok) {
            count = dfs(s, 0, cand, d, occ, -1);
        }
    }
    int status = s->stopped ? s->stopped : 1;
    flush_last(s);
    for (int l = 0; l + 1 < k && marginals; l++)    /* the levels' tallies, then cleared */
        for (int w = 0; w < NW; w++) {
            for (u64 m = s->tallied[l][w]; m; m &= m - 1) {
                int p = 64 * w + __builtin_ctzll(m);
                if (status == 1) add_cells(self, s->kind[l], self->shape[s->kind[l]]->cells[p],
                                           s->tally[l][p]);
                s->tally[l][p] = 0;
            }
            s->tallied[l][w] = 0;
        }
    if (status == 1 && marginals && count) {
        for (int j = 0; j < nfix; j++)
            add_cells(self, fix_kind[j], self->shape[fix_kind[j]]->cells[fix_index[j]], count);
        if (k) {
            int kind = s->kind[k - 1];
            Shape *sh = self->shape[kind];
            for (int p = 0; p < sh->n; p++)
                if (s->last_count[p]) add_cells(self, kind, sh->cells[p], s->last_count[p]);
        }
        self->total += count;
    }
    if (marginals) memset(s->last_count, 0, sizeof s->last_count);
    *nodes += s->nodes;
    *count_out += count;
    return status;
}

/* count(fixed, free, required, visibility, marginals, deadline, budget)
   fixed: (kind, index low, index high) triples; free: per gem kind byte + 16-byte avoid mask,
   identical gems next to each other; required: per answered coloured cell, cell byte + 8-byte
   mask of the free gems (input order) that may cover it. Returns (status, count, nodes):
   status 1 counted, 2 out of time, 3 out of nodes. */
static PyObject *Context_count(Context *self, PyObject *args) {
    const unsigned char *fixed, *free_, *req; Py_ssize_t nf, nfree, nreq;
    int visibility, marginals; double deadline; long long budget;
    if (!PyArg_ParseTuple(args, "y#y#y#ppdL", &fixed, &nf, &free_, &nfree, &req, &nreq,
                          &visibility, &marginals, &deadline, &budget)) return NULL;
    if (nf % 3 || nfree % 17 || nreq % 9 || nf / 3 > MAXG || nfree / 17 > MAXG || nreq / 9 > CELLS) {
        PyErr_SetString(PyExc_ValueError, "bad family"); return NULL;
    }
    int nfix = (int)(nf / 3), k = (int)(nfree / 17), nr = (int)(nreq / 9);
    int fix_kind[MAXG], fix_index[MAXG], in_kind[MAXG], req_cell[CELLS];
    u64 avoid[MAXG][2], req_free[CELLS];
    for (int g = 0; g < nfix; g++) {
        fix_kind[g] = fixed[3 * g]; fix_index[g] = fixed[3 * g + 1] | fixed[3 * g + 2] << 8;
        if (fix_kind[g] >= self->nkinds || fix_index[g] >= self->shape[fix_kind[g]]->n) {
            PyErr_SetString(PyExc_ValueError, "bad fixed gem"); return NULL;
        }
    }
    for (int g = 0; g < k; g++) {
        in_kind[g] = free_[17 * g];
        if (in_kind[g] >= self->nkinds) { PyErr_SetString(PyExc_ValueError, "bad free gem"); return NULL; }
        avoid[g][0] = read_u64(free_ + 17 * g + 1); avoid[g][1] = read_u64(free_ + 17 * g + 9);
    }
    for (int r = 0; r < nr; r++) {
        req_cell[r] = req[9 * r];
        if (req_cell[r] >= CELLS) { PyErr_SetString(PyExc_ValueError, "bad cell"); return NULL; }
        req_free[r] = read_u64(req + 9 * r + 1);
    }
    u128 count = 0; long long nodes = 0;
    int status = count_family(self, nfix, fix_kind, fix_index, k, in_kind, avoid, nr, req_cell,
                              req_free, visibility, marginals, deadline, budget, &count, &nodes,
                              NULL, 0);
    if (status < 0) return PyErr_NoMemory();
    PyObject *n = u128_to_py(count);
    if (!n) return NULL;
    return Py_BuildValue("(iNL)", status, n, nodes);
}

/* The answered coloured cells of count_leaves and count_lazy (cell byte + 2 bytes: the kinds
   that show its answer) into req_cell and ans_kinds, after checking the forbidden table's size
   (16 bytes a kind); their number, or -1 with a ValueError set. */
static int read_answers(int nk, Py_ssize_t nforb, const unsigned char *ans, Py_ssize_t nans,
                        int *req_cell, int *ans_kinds) {
    int nr = (int)(nans / 3);
    if (nforb != 16 * nk || nans % 3 || nr > CELLS) {
        PyErr_SetString(PyExc_ValueError, "bad counting inputs"); return -1;
    }
    for (int r = 0; r < nr; r++) {
        req_cell[r] = ans[3 * r]; ans_kinds[r] = ans[3 * r + 1] | ans[3 * r + 2] << 8;
        if (req_cell[r] >= CELLS) { PyErr_SetString(PyExc_ValueError, "bad cell"); return -1; }
    }
    return nr;
}

/* count_leaves(leaves, forbidden, answers, visibility, marginals, deadline, budget): the
   families of the compiled frontier search's leaves, as its step() gives them ((left counts
   by kind, path cells, ((kind, index), ...)), ...), counted without a Python object each.
   forbidden: 16 bytes per kind (answered cells it may not cover); answers: per answered
   coloured cell, cell byte + 2 bytes mask of the kinds that show its answer.
   Returns (status, count, nodes, leaves counted). */
static PyObject *Context_count_leaves(Context *self, PyObject *args) {
    PyObject *leaves; const unsigned char *forb, *ans; Py_ssize_t nforb, nans;
    int visibility, marginals; double deadline; long long budget;
    if (!PyArg_ParseTuple(args, "O!y#y#ppdL", &PyList_Type, &leaves, &forb, &nforb, &ans, &nans,
                          &visibility, &marginals, &deadline, &budget)) return NULL;
    int req_cell[CELLS], ans_kinds[CELLS];
    int nk = self->nkinds, nr = read_answers(nk, nforb, ans, nans, req_cell, ans_kinds);
    if (nr < 0) return NULL;
    u128 count = 0; long long nodes = 0;
    int status = 1;
    Py_ssize_t n = PyList_GET_SIZE(leaves), done = 0;
    PyObject *sixty_four = PyLong_FromLong(64);
    if (!sixty_four) return NULL;
    for (Py_ssize_t i = 0; i < n && status == 1; i++) {
        PyObject *leaf = PyList_GET_ITEM(leaves, i);
        const char *left; Py_ssize_t nleft; PyObject *paths, *placed;
        if (!PyArg_ParseTuple(leaf, "y#OO", &left, &nleft, &paths, &placed)) goto fail;
        if (nleft != nk || !PyTuple_Check(placed) || PyTuple_GET_SIZE(placed) > MAXG) {
            PyErr_SetString(PyExc_ValueError, "bad leaf"); goto fail;
        }
        u64 path0 = PyLong_AsUnsignedLongLongMask(paths);
        PyObject *high = PyNumber_Rshift(paths, sixty_four);
        if (!high) goto fail;
        u64 path1 = PyLong_AsUnsignedLongLongMask(high);
        Py_DECREF(high);
        if (PyErr_Occurred()) goto fail;
        int nfix = (int)PyTuple_GET_SIZE(placed), fix_kind[MAXG], fix_index[MAXG];
        for (int g = 0; g < nfix; g++) {
            if (!PyArg_ParseTuple(PyTuple_GET_ITEM(placed, g), "ii", &fix_kind[g], &fix_index[g]))
                goto fail;
            if (fix_kind[g] < 0 || fix_kind[g] >= nk || fix_index[g] < 0
                || fix_index[g] >= self->shape[fix_kind[g]]->n) {
                PyErr_SetString(PyExc_ValueError, "bad placed gem"); goto fail;
            }
        }
        int k = 0, in_kind[MAXG];
        u64 avoid[MAXG][2], req_free[CELLS];
        for (int a = 0; a < nk; a++)
            for (int c = 0; c < (unsigned char)left[a]; c++) {
                if (k >= MAXG) { PyErr_SetString(PyExc_ValueError, "bad leaf"); goto fail; }
                in_kind[k] = a;
                avoid[k][0] = path0 | read_u64(forb + 16 * a);
                avoid[k][1] = path1 | read_u64(forb + 16 * a + 8);
                k++;
            }
        for (int r = 0; r < nr; r++) {
            req_free[r] = 0;
            for (int g = 0; g < k; g++) if (ans_kinds[r] >> in_kind[g] & 1) req_free[r] |= 1ULL << g;
        }
        long long left_budget = budget < 0 ? -1 : (budget > nodes ? budget - nodes : 0);
        status = count_family(self, nfix, fix_kind, fix_index, k, in_kind, avoid, nr, req_cell,
                              req_free, visibility, marginals, deadline, left_budget, &count, &nodes,
                              NULL, 0);
        if (status < 0) { PyErr_NoMemory(); goto fail; }
        if (status == 1) done++;
    }
    Py_DECREF(sixty_four);
    PyObject *c = u128_to_py(count);
    if (!c) return NULL;
    return Py_BuildValue("(iNLn)", status, c, nodes, done);
fail:
    Py_DECREF(sixty_four);
    return NULL;
}

/* count_lazy(leaves, forbidden, answers, visibility, marginals, deadline, budget): the
   families of the lazy frontier search (solver/orapa/search/_lazy.c, lazy_step), as one bytes
   object: per leaf, touched gems n, left counts by kind, path cells (16 bytes), then per
   touched gem its kind and its placements still possible (40 bytes). A touched gem is counted
   as a gem starting from those placements, apart from every other gem (its placements cover
   a path cell no free gem may cover). forbidden and answers as count_leaves.
   Returns (status, count, nodes, leaves counted). */
static PyObject *Context_count_lazy(Context *self, PyObject *args) {
    const unsigned char *blob, *forb, *ans; Py_ssize_t nblob, nforb, nans;
    int visibility, marginals; double deadline; long long budget;
    if (!PyArg_ParseTuple(args, "y#y#y#ppdL", &blob, &nblob, &forb, &nforb, &ans, &nans,
                          &visibility, &marginals, &deadline, &budget)) return NULL;
    int req_cell[CELLS], ans_kinds[CELLS];
    int nk = self->nkinds, nr = read_answers(nk, nforb, ans, nans, req_cell, ans_kinds);
    if (nr < 0) return NULL;
    u128 count = 0; long long nodes = 0;
    int status = 1;
    Py_ssize_t at = 0, done = 0;
    u64 dom[MAXG][NW];
    while (at < nblob && status == 1) {
        int ninst = blob[at];
        if (ninst > MAXG || at + 1 + nk + 16 + 41 * (Py_ssize_t)ninst > nblob) {
            PyErr_SetString(PyExc_ValueError, "bad lazy leaf"); return NULL;
        }
        const unsigned char *left = blob + at + 1, *p = left + nk + 16;
        u64 path0 = read_u64(left + nk), path1 = read_u64(left + nk + 8);
        int k = 0, in_kind[MAXG];
        u64 avoid[MAXG][2], req_free[CELLS];
        for (int j = 0; j < ninst; j++, p += 41) {
            in_kind[k] = p[0];
            if (in_kind[k] >= nk) { PyErr_SetString(PyExc_ValueError, "bad lazy leaf"); return NULL; }
            for (int w = 0; w < NW; w++) dom[k][w] = read_u64(p + 1 + 8 * w);
            avoid[k][0] = avoid[k][1] = 0;
            k++;
        }
        for (int a = 0; a < nk; a++)
            for (int c = 0; c < left[a]; c++) {
                if (k >= MAXG) { PyErr_SetString(PyExc_ValueError, "bad lazy leaf"); return NULL; }
                in_kind[k] = a;
                avoid[k][0] = path0 | read_u64(forb + 16 * a);
                avoid[k][1] = path1 | read_u64(forb + 16 * a + 8);
                k++;
            }
        at = p - blob;
        for (int r = 0; r < nr; r++) {
            req_free[r] = 0;
            for (int g = 0; g < k; g++) if (ans_kinds[r] >> in_kind[g] & 1) req_free[r] |= 1ULL << g;
        }
        long long left_budget = budget < 0 ? -1 : (budget > nodes ? budget - nodes : 0);
        u64 has_dom = ninst >= 64 ? ~0ULL : (1ULL << ninst) - 1;
        status = count_family(self, 0, NULL, NULL, k, in_kind, avoid, nr, req_cell, req_free,
                              visibility, marginals, deadline, left_budget, &count, &nodes,
                              (const u64 (*)[NW])dom, has_dom);
        if (status < 0) return PyErr_NoMemory();
        if (status == 1) done++;
    }
    PyObject *c = u128_to_py(count);
    if (!c) return NULL;
    return Py_BuildValue("(iNLn)", status, c, nodes, done);
}

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

static PyTypeObject ContextType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver.orapa.counting._counting.Context",
    .tp_basicsize = sizeof(Context),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Context_init,
    .tp_dealloc = (destructor)Context_dealloc,
    .tp_methods = Context_methods,
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
