/* The frontier search of solver.orapa.search.frontier_search in C: the same nodes in the same order.
 *
 * The Python function `python_frontier_families` is the reference; this is the same explicit
 * depth-first stack, with the masks as machine words (quarters: 5 x 64 bits, cells: 2 x 64
 * bits). A search is a capsule made by start() and run by step(), which returns up to a given
 * number of leaves and can be called again to go on, so families still come out lazily.
 *
 * start(tables, kinds, placements, waves, masks[, seed]) -> capsule (packed by frontier_compiled.py)
 *   seed: 0 (the default) searches the children of a node in their fixed order; any other
 *   value shuffles them (xorshift64 from the seed), so that runs with other seeds start down
 *   other branches (restarts, as a SAT solver's); the Python search shuffles them alike
 * set_target(capsule, kinds, cells) -> None: from the next node on, a branch ends unless a
 *   gem of a kind in the bit mask `kinds` covers, or may still cover, one of `cells` (16
 *   bytes); kinds 0 for no such cut (see _frontier_cuts.c)
 * step(capsule, max_leaves, deadline, max_nodes) -> (status, nodes, leaves)
 *   status 0: more may come; 1: the search is over; 2: past the deadline (time.monotonic()
 *   seconds, negative for none); 3: more than max_nodes nodes (negative for no limit); after
 *   2 or 3 another step goes on where it stopped (a pause: the node at the limit is kept)
 *   leaves: [(left counts as bytes, path cells as an int, ((kind, placement index), ...))]
 *
 * In parts, included below: _frontier_start.c (start), _frontier_cuts.c (following the waves,
 * the cuts) and _lazy.c (the search with lazy pinning).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#define CELLS 80
#define MAX_KINDS 16
#define MAX_PARTS 16
#define MAX_LINES 40
#define CHECK_EVERY 1024
#define WAVE_BYTES 12

typedef struct { uint64_t w[5]; } Quarters;
typedef struct { uint64_t w[2]; } Cells;

typedef struct {
    Quarters mask, touch;
    Cells cell;
    int nparts;
    uint8_t part_cell[MAX_PARTS], part_pattern[MAX_PARTS];
    int nlines;
    Cells line[MAX_LINES];   /* sight lines: the cells a look from a port crosses first */
} Placement;

/* cell -1: the wave is done; met: the gem faces the wave has met so far (bounce counts, O9) */
typedef struct { int16_t cell; uint8_t d, color; uint16_t met; } Front;

/* A node: its head, then `waves` fronts. move_kind: -1 no placement, -2 the undo marker. */
typedef struct {
    uint8_t left[MAX_KINDS];
    Quarters used, touch;
    Cells empty, paths;
    int16_t move_kind;
    uint16_t move_index;
    uint16_t hint;
} Head;

typedef struct { uint16_t index; uint8_t pattern; } Entry;

typedef struct {
    int kinds, waves;
    int8_t neighbour[CELLS][4], exit_port[CELLS][4];
    uint8_t route_out[16][4];
    uint8_t bits[MAX_KINDS], black[MAX_KINDS];
    Cells forbidden[MAX_KINDS];
    int nplacements[MAX_KINDS];
    Placement *placements[MAX_KINDS];
    Entry *by_cell[MAX_KINDS][CELLS];
    int by_cell_n[MAX_KINDS][CELLS];
    int16_t *exit_;          /* per wave: observed exit port, -1 when absorbed */
    uint8_t *wanted;
    uint8_t *any_colour;     /* per wave: the answer does not say the colour (bounces only) */
    int32_t *most;           /* per wave: the observed bounce count, or a huge number */
    uint8_t *counted;        /* per wave: the answer gives a bounce count */
    uint32_t *placeable;     /* per wave: kinds it may meet, as a bit mask */
    uint16_t *turns;         /* per wave, cell, direction: [2] allowed patterns */
    Cells answered;
    int nanswered;
    uint8_t answered_cell[CELLS];   /* the cells answered with a gem, in order */
    int16_t cover_kind[CELLS];      /* per answered cell: the kind and by_cell entry that */
    int cover_entry[CELLS];         /* last showed a gem left may still cover it */
    uint64_t rng;                   /* 0: children in their fixed order; else xorshift64 */
    int met_by_all, visibility;
    int exit_cut;    /* a wave with no bounce left must leave straight (off when graded) */
    int size[MAX_KINDS];     /* cells a gem of the kind covers */
    int witness[MAX_KINDS];  /* the placement that last showed the kind has room */
    /* the target cut (set_target): some gem of `target_kinds` must cover a `target` cell */
    uint32_t target_kinds;
    Cells target;
    int target_witness[MAX_KINDS];   /* the placement that last showed a kind could */
    uint16_t *target_list[MAX_KINDS];   /* per target kind: its placements over a target */
    int target_n[MAX_KINDS], target_open;   /* open: no placed gem shows it, at this node */
    int room_n, room_at;   /* the node's target placements that fit (-1: not listed yet), */
    int room_kind_at, room_scan;   /* listed up to this kind and entry of its target_list */
    uint16_t *room_kind, *room_index;
    Cells room_must[MAX_KINDS];
    Quarters room_blocked;
    /* the search */
    size_t stride, depth, capacity;   /* node size in bytes; stack entries */
    char *stack;
    uint8_t grid_pattern[CELLS], grid_bits[CELLS], grid_black[CELLS];
    int placed_n;
    int16_t placed_kind[64];
    uint16_t placed_index[64];
    long long nodes;
    Front *scratch;          /* advance()'s new fronts */
    int over;
} Search;

static inline int cell_in(const Cells *c, int cell) { return (c->w[cell >> 6] >> (cell & 63)) & 1; }
static inline void cell_set(Cells *c, int cell) { c->w[cell >> 6] |= (uint64_t)1 << (cell & 63); }
static inline int q_meets(const Quarters *a, const Quarters *b) {
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2]) | (a->w[3] & b->w[3])
            | (a->w[4] & b->w[4])) != 0;
}
static inline int c_meets(const Cells *a, const Cells *b) {
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1])) != 0;
}
static inline Head *node_at(Search *s, size_t i) { return (Head *)(s->stack + i * s->stride); }
static inline Front *fronts_of(Head *h) { return (Front *)(h + 1); }

static void search_free(Search *s) {
    if (!s) return;
    for (int k = 0; k < MAX_KINDS; k++) {
        free(s->placements[k]);
        free(s->target_list[k]);
        for (int c = 0; c < CELLS; c++) free(s->by_cell[k][c]);
    }
    free(s->room_kind); free(s->room_index);
    free(s->exit_); free(s->wanted); free(s->placeable); free(s->turns);
    free(s->any_colour); free(s->most); free(s->counted);
    free(s->stack); free(s->scratch);
    free(s);
}

static void capsule_free(PyObject *capsule) {
    search_free((Search *)PyCapsule_GetPointer(capsule, "orapa.frontier"));
}

/* The next free slot of an explicit stack of `stride`-byte nodes, doubling it when full (from
 * `first` nodes); NULL when out of memory. Both searches keep their nodes this way. */
static void *stack_push(char **stack, size_t *depth, size_t *capacity, size_t stride, size_t first) {
    if (*depth == *capacity) {
        size_t grown = *capacity ? 2 * *capacity : first;
        char *more = realloc(*stack, grown * stride);
        if (!more) return NULL;
        *stack = more;
        *capacity = grown;
    }
    return *stack + (*depth)++ * stride;
}

static Head *push(Search *s) { return stack_push(&s->stack, &s->depth, &s->capacity, s->stride, 1024); }

#include "_frontier_start.c"
#include "_frontier_cuts.c"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Every CHECK_EVERY nodes, the step's limits: 2 past the deadline (time.monotonic(), negative
 * for none), 3 past max_nodes (negative for no limit), else 0. Both searches ask it. */
static int limit_status(long long nodes, double deadline, long long max_nodes) {
    if (nodes % CHECK_EVERY) return 0;
    if (deadline >= 0 && now() > deadline) return 2;
    if (max_nodes >= 0 && nodes > max_nodes) return 3;
    return 0;
}

static PyObject *make_leaf(Search *s, const uint8_t *left, const Cells *paths) {
    PyObject *placed = PyTuple_New(s->placed_n);
    if (!placed) return NULL;
    for (int j = 0; j < s->placed_n; j++) {
        PyObject *pair = Py_BuildValue("(ii)", s->placed_kind[j], s->placed_index[j]);
        if (!pair) { Py_DECREF(placed); return NULL; }
        PyTuple_SET_ITEM(placed, j, pair);
    }
    PyObject *low = PyLong_FromUnsignedLongLong(paths->w[0]);
    PyObject *high = PyLong_FromUnsignedLongLong(paths->w[1]);
    PyObject *shift = PyLong_FromLong(64);
    PyObject *shifted = (high && shift) ? PyNumber_Lshift(high, shift) : NULL;
    PyObject *path_int = (shifted && low) ? PyNumber_Or(shifted, low) : NULL;
    Py_XDECREF(low); Py_XDECREF(high); Py_XDECREF(shift); Py_XDECREF(shifted);
    if (!path_int) { Py_DECREF(placed); return NULL; }
    PyObject *leaf = Py_BuildValue("(y#NN)", (const char *)left, (Py_ssize_t)s->kinds,
                                   path_int, placed);
    return leaf;
}

/* What a gem of kind i may do at the front of wave t (at `cell`, heading `d`, coloured
 * `color`): the cells it may not cover, and the route patterns its placement may show there
 * (all for a black gem, which ends the wave wherever it lies). Both loops of `step` use it:
 * counting a front's candidates and pushing the chosen front's children. */
typedef struct { Cells off; uint16_t ok_turn; } KindAtFront;

static inline KindAtFront kind_at_front(const Search *s, const Head *h, int t, int i,
                                        const uint16_t *routes, int color) {
    KindAtFront k;
    k.off = h->empty;
    k.off.w[0] |= s->forbidden[i].w[0];
    k.off.w[1] |= s->forbidden[i].w[1];
    k.ok_turn = s->black[i] ? 0xFFFF
                            : routes[s->any_colour[t] || (color | s->bits[i]) == s->wanted[t]];
    return k;
}

/* Does placement entry `e` of kind i fit the node: free quarters, no touching, no forbidden
 * cell, a route pattern the answers allow, and, under a target cut, room left for a gem
 * showing the target over a target cell (target_spared). */
static inline int entry_fits(Search *s, const Head *h, int i, const Entry *e,
                             const Quarters *blocked, const KindAtFront *k) {
    const Placement *pl = &s->placements[i][e->index];
    return !(q_meets(&pl->mask, blocked) || q_meets(&pl->touch, &h->used)
             || c_meets(&pl->cell, &k->off) || !((k->ok_turn >> e->pattern) & 1))
           && (!s->target_open || target_spared(s, h, i, pl, -1));
}

static PyObject *step(PyObject *self, PyObject *args) {
    PyObject *capsule;
    Py_ssize_t max_leaves;
    double deadline;
    long long max_nodes;
    if (!PyArg_ParseTuple(args, "OndL", &capsule, &max_leaves, &deadline, &max_nodes))
        return NULL;
    Search *s = PyCapsule_GetPointer(capsule, "orapa.frontier");
    if (!s) return NULL;
    PyObject *leaves = PyList_New(0);
    if (!leaves) return NULL;
    long long nodes_before = s->nodes;
    int status = 0;
    Head *child_buf = malloc(s->stride);
    if (!child_buf) { Py_DECREF(leaves); return PyErr_NoMemory(); }
    while (!status) {
        if (s->depth == 0) { status = 1; break; }
        if (PyList_GET_SIZE(leaves) >= max_leaves) break;
        Head *node = node_at(s, --s->depth);
        if (node->move_kind == -2) {    /* undo the last placement */
            s->placed_n--;
            Placement *pl = &s->placements[s->placed_kind[s->placed_n]][s->placed_index[s->placed_n]];
            for (int j = 0; j < pl->nparts; j++) s->grid_pattern[pl->part_cell[j]] = 0;
            continue;
        }
        /* the node is copied out: pushing children may move the stack */
        memcpy(child_buf, node, s->stride);
        Head *h = child_buf;
        if (h->move_kind >= 0) {
            int i = h->move_kind;
            Placement *pl = &s->placements[i][h->move_index];
            for (int j = 0; j < pl->nparts; j++) {
                int c = pl->part_cell[j];
                s->grid_pattern[c] = pl->part_pattern[j];
                s->grid_bits[c] = s->bits[i];
                s->grid_black[c] = s->black[i];
            }
            s->placed_kind[s->placed_n] = (int16_t)i;
            s->placed_index[s->placed_n] = h->move_index;
            s->placed_n++;
            Head *undo = push(s);
            if (!undo) { PyErr_NoMemory(); goto fail; }
            undo->move_kind = -2;
        }
        s->nodes++;
        if ((status = limit_status(s->nodes, deadline, max_nodes))) {
            /* as the Python search: this node counted, not searched; it goes back on the
             * stack (its placement undone), so that a later step goes on from it */
            if (h->move_kind >= 0) {
                s->depth--;   /* its undo marker */
                Placement *pl = &s->placements[h->move_kind][h->move_index];
                for (int j = 0; j < pl->nparts; j++) s->grid_pattern[pl->part_cell[j]] = 0;
                s->placed_n--;
            }
            memcpy(node_at(s, s->depth++), h, s->stride);
            break;
        }
        Cells paths = h->paths;
        if (!advance(s, fronts_of(h), &h->empty, &paths)) continue;
        Front *fronts = s->scratch;
        if (s->met_by_all && unmet_kind(s, fronts, h->left)) continue;
        if (s->nanswered && uncoverable(s, h)) continue;
        if (s->visibility && !room_left(s, h)) continue;
        s->target_open = 0;
        if (s->target_kinds) {
            int target = target_left(s, h);
            if (!target) continue;
            s->target_open = target == 1;   /* 2: a placed gem shows it already */
            s->room_n = -1;
        }
        Quarters blocked;
        for (int j = 0; j < 5; j++) blocked.w[j] = h->used.w[j] | h->touch.w[j];
        int best = -1, fewest = 1 << 30;
        for (int r = 0; r < s->waves; r++) {
            int t = (h->hint + r) % s->waves;
            if (fronts[t].cell < 0) continue;
            int cell = fronts[t].cell, d = fronts[t].d, color = fronts[t].color;
            int count = cell_in(&s->answered, cell)
                        || (s->target_open && !target_spared(s, h, -1, NULL, cell)) ? 0 : 1;
            const uint16_t *routes = &s->turns[((size_t)t * CELLS * 4 + 4 * cell + d) * 2];
            for (int i = 0; i < s->kinds && count < fewest; i++) {
                if (!((s->placeable[t] >> i) & 1) || !h->left[i]) continue;
                KindAtFront k = kind_at_front(s, h, t, i, routes, color);
                const Entry *e = s->by_cell[i][cell];
                for (int j = 0, n = s->by_cell_n[i][cell]; j < n; j++) {
                    if (entry_fits(s, h, i, &e[j], &blocked, &k) && ++count >= fewest) break;
                }
            }
            if (count < fewest) {
                best = t;
                fewest = count;
                if (count <= 1) break;
            }
        }
        if (best < 0) {
            PyObject *leaf = make_leaf(s, h->left, &paths);
            if (!leaf || PyList_Append(leaves, leaf) < 0) { Py_XDECREF(leaf); goto fail; }
            Py_DECREF(leaf);
            continue;
        }
        if (!fewest) continue;
        /* children, pushed in reverse of the order they are searched: placements by kind and
         * placement in reverse, the empty cell last */
        int cell = fronts[best].cell, d = fronts[best].d, color = fronts[best].color;
        const uint16_t *routes = &s->turns[((size_t)best * CELLS * 4 + 4 * cell + d) * 2];
        size_t first_child = s->depth;
        for (int i = s->kinds - 1; i >= 0; i--) {
            if (!((s->placeable[best] >> i) & 1) || !h->left[i]) continue;
            KindAtFront k = kind_at_front(s, h, best, i, routes, color);
            const Entry *e = s->by_cell[i][cell];
            for (int j = s->by_cell_n[i][cell] - 1; j >= 0; j--) {
                if (!entry_fits(s, h, i, &e[j], &blocked, &k)) continue;
                const Placement *pl = &s->placements[i][e[j].index];
                Head *c = push(s);
                if (!c) { PyErr_NoMemory(); goto fail; }
                memcpy(c->left, h->left, MAX_KINDS);
                c->left[i]--;
                for (int q = 0; q < 5; q++) {
                    c->used.w[q] = h->used.w[q] | pl->mask.w[q];
                    c->touch.w[q] = h->touch.w[q] | pl->touch.w[q];
                }
                c->empty = h->empty;
                c->paths = paths;
                c->move_kind = (int16_t)i;
                c->move_index = e[j].index;
                c->hint = (uint16_t)best;
                memcpy(fronts_of(c), fronts, sizeof(Front) * s->waves);
            }
        }
        if (!cell_in(&s->answered, cell)
                && !(s->target_open && !target_spared(s, h, -1, NULL, cell))) {
            Head *c = push(s);
            if (!c) { PyErr_NoMemory(); goto fail; }
            memcpy(c->left, h->left, MAX_KINDS);
            c->used = h->used;
            c->touch = h->touch;
            c->empty = h->empty;
            cell_set(&c->empty, cell);
            c->paths = paths;
            c->move_kind = -1;
            c->move_index = 0;
            c->hint = (uint16_t)best;
            memcpy(fronts_of(c), fronts, sizeof(Front) * s->waves);
        }
        if (s->rng) {   /* a seeded run: the children in shuffled order (Fisher-Yates) */
            size_t n = s->depth - first_child;
            for (size_t a = n; a > 1; a--) {
                size_t b = (size_t)(next_random(s) % a);
                if (b == a - 1) continue;
                memcpy(child_buf, node_at(s, first_child + a - 1), s->stride);
                memcpy(node_at(s, first_child + a - 1), node_at(s, first_child + b), s->stride);
                memcpy(node_at(s, first_child + b), child_buf, s->stride);
            }
        }
    }
    free(child_buf);
    return Py_BuildValue("(iLN)", status, s->nodes - nodes_before, leaves);
fail:
    free(child_buf);
    Py_DECREF(leaves);
    return NULL;
}

#include "_lazy.c"   /* the search with lazy pinning, for counting */

static PyMethodDef methods[] = {
    {"start", start, METH_VARARGS, "Set up a frontier search (see the module docstring)."},
    {"step", step, METH_VARARGS, "Run a frontier search to its next leaves."},
    {"set_target", set_target, METH_VARARGS, "Keep a search to branches that may cover a target."},
    {"lazy_start", lazy_start, METH_VARARGS, "Set up a frontier search with lazy pinning."},
    {"lazy_step", lazy_step, METH_VARARGS, "Run a lazy frontier search to its next leaves."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_frontier",
    "The frontier search of solver.orapa.search.frontier_search, compiled.", -1, methods,
};

/* PAUSES: a step past a limit keeps its place (an older build dropped the node it was at) */
PyMODINIT_FUNC PyInit__frontier(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddIntConstant(m, "PAUSES", 1) < 0) Py_CLEAR(m);
    return m;
}
