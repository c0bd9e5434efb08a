/* The frontier search with lazy pinning, for counting (included by _frontier.c).
 *
 * The plain frontier search places a whole gem when a wave meets one: each placement that
 * covers the front cell is a branch, so a state makes as many families as the products of
 * the touched gems' placements. Here a front cell branches only on what the wave can see
 * there: empty, a gem already touched showing a quarter pattern, or a new gem of a kind
 * showing a pattern. Each touched gem (an instance) keeps the set of its placements still
 * possible (the patterns it showed at its cells, off the cells found empty and the cells of
 * other instances, off its kind's forbidden cells). A leaf is a family whose touched gems
 * have domains instead of fixed placements; the counting kernel counts them as gems whose
 * first candidates are their domains (solver/orapa/counting/_counting.c, count_lazy).
 *
 * Families stay disjoint: each branch says what covers one more cell, and an instance is
 * told apart from the free gems and the other instances by the cells it covers.
 *
 * lazy_start(same arguments as start) -> capsule; needs every kind's placements <= 320
 *   and at most 16 gems (ValueError otherwise)
 * lazy_step(capsule, max_leaves, deadline, max_nodes) -> (status, nodes, leaves, count)
 *   status as step(); leaves: bytes, per leaf: instances n (1), left counts (kinds bytes),
 *   path cells (16), then n times kind (1) and domain (40, placement bits, little-endian)
 *
 * solver/orapa/search/lazy_search.py is the Python reference (the same nodes in the same order).
 */

#define LW 5              /* words of a placement set */
#define LMAXP (64 * LW)
#define MAXI 16           /* touched instances */
/* An absorbed wave's front is chosen after every other wave's unless it has at most one
 * content: it may wander anywhere, while the others' ends prune (lazy_search.py alike) */
#define ABSORBED_LAST 4096

typedef struct { uint64_t w[LW]; } PSet;

typedef struct {
    uint8_t left[MAX_KINDS];
    Cells empty, paths, owned;   /* owned: cells decided covered by an instance */
    uint8_t ninst;
    uint8_t known[MAXI];      /* an instance's decided cells */
    uint16_t hint;
    uint8_t inst_kind[MAXI];
    uint8_t owner[CELLS];     /* 0: none, else the instance + 1 */
    uint8_t pattern[CELLS];
    uint8_t filtered;         /* the sets were last filtered for visibility against */
    Cells filtered_at;        /* these covered cells (lazy_room: the same cells, no new cut) */
} LHead;
/* after the head: the fronts, then the instances' placement sets (as many as the gems) and
 * per kind the placements off every decided cell and the forbidden ones (DOM, AVAIL) */

typedef struct {
    Search *s;
    PSet cover[MAX_KINDS][CELLS];
    PSet cover_pattern[MAX_KINDS][CELLS][16];
    uint16_t patterns[MAX_KINDS][CELLS];     /* the patterns some placement gives the cell */
    size_t stride, depth, capacity, sets_off;   /* node size; where its sets start */
    int gems;
    char *stack;
    long long nodes;
    Front *scratch;
    uint16_t *branch_turns;   /* s->turns less the early reversals (lazy_start) */
    PSet *compat[MAX_KINDS][MAX_KINDS];   /* per placement of one kind, the compatible ones
                                           * of the other; built on first use (revise) */
} Lazy;

static inline int p_any(const PSet *a) {
    return (a->w[0] | a->w[1] | a->w[2] | a->w[3] | a->w[4]) != 0;
}
static inline int p_meets(const PSet *a, const PSet *b) {
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2])
            | (a->w[3] & b->w[3]) | (a->w[4] & b->w[4])) != 0;
}
static inline void p_and(PSet *out, const PSet *a, const PSet *b) {
    for (int w = 0; w < LW; w++) out->w[w] = a->w[w] & b->w[w];
}
static inline int p_clear(PSet *a, const PSet *b) {   /* a &= ~b; is a still not empty? */
    uint64_t any = 0;
    for (int w = 0; w < LW; w++) { a->w[w] &= ~b->w[w]; any |= a->w[w]; }
    return any != 0;
}

static inline PSet *DOM(const Lazy *z, const LHead *h) { return (PSet *)((char *)h + z->sets_off); }
static inline PSet *AVAIL(const Lazy *z, const LHead *h) { return DOM(z, h) + z->gems; }
static inline LHead *lnode(Lazy *z, size_t i) { return (LHead *)(z->stack + i * z->stride); }
static inline Front *lfronts(LHead *h) { return (Front *)(h + 1); }

static void lazy_free(Lazy *z) {
    if (!z) return;
    for (int i = 0; i < MAX_KINDS; i++)
        for (int k = 0; k < MAX_KINDS; k++) free(z->compat[i][k]);
    search_free(z->s);
    free(z->stack);
    free(z->scratch);
    free(z->branch_turns);
    free(z);
}

static void lazy_capsule_free(PyObject *capsule) {
    lazy_free((Lazy *)PyCapsule_GetPointer(capsule, "orapa.lazy"));
}

static LHead *lpush(Lazy *z) { return stack_push(&z->stack, &z->depth, &z->capacity, z->stride, 256); }

static PyObject *lazy_start(PyObject *self, PyObject *args) {
    PyObject *plain = start(self, args);
    if (!plain) return NULL;
    Search *s = PyCapsule_GetPointer(plain, "orapa.frontier");
    if (!s) { Py_DECREF(plain); return NULL; }
    PyCapsule_SetDestructor(plain, NULL);   /* the lazy search owns the tables now */
    Py_DECREF(plain);
    Lazy *z = calloc(1, sizeof(Lazy));
    if (!z) { search_free(s); return PyErr_NoMemory(); }
    z->s = s;
    /* A wave sent straight back retraces its way to its own port, its colour then final: for
     * a wave that came back to its port (the others never reverse) a gem that reverses it
     * before its colour is complete is no branch (lazy_search.py: _lazy_turns). The front is
     * still chosen by s->turns, so the nodes are the same less those children. */
    size_t entries = (size_t)s->waves * CELLS * 4 * 2;
    z->branch_turns = malloc((entries + 1) * sizeof(uint16_t));
    if (!z->branch_turns) { lazy_free(z); return PyErr_NoMemory(); }
    memcpy(z->branch_turns, s->turns, entries * sizeof(uint16_t));
    for (int t = 0; t < s->waves; t++)
        for (int k = 0; k < CELLS * 4 && !s->any_colour[t]; k++)
            for (int m = 1; m < 16; m++)
                if (s->route_out[m][k % 4] == (k % 4 + 2) % 4)
                    z->branch_turns[((size_t)t * CELLS * 4 + k) * 2] &= (uint16_t)~(1u << m);
    int gems = 0;
    Head *root = node_at(s, 0);
    for (int i = 0; i < s->kinds; i++) gems += root->left[i];
    for (int i = 0; i < s->kinds; i++)
        if (s->nplacements[i] > LMAXP) gems = MAXI + 1;
    if (gems > MAXI) {
        lazy_free(z);
        PyErr_SetString(PyExc_ValueError, "lazy search: too many gems or placements");
        return NULL;
    }
    for (int i = 0; i < s->kinds; i++)
        for (int j = 0; j < s->nplacements[i]; j++) {
            const Placement *pl = &s->placements[i][j];
            for (int q = 0; q < pl->nparts; q++) {
                int c = pl->part_cell[q], m = pl->part_pattern[q];
                z->cover[i][c].w[j >> 6] |= (uint64_t)1 << (j & 63);
                z->cover_pattern[i][c][m].w[j >> 6] |= (uint64_t)1 << (j & 63);
                z->patterns[i][c] |= (uint16_t)(1 << m);
            }
        }
    z->gems = gems;
    z->sets_off = (sizeof(LHead) + sizeof(Front) * (size_t)s->waves + 7) & ~(size_t)7;
    z->stride = z->sets_off + sizeof(PSet) * (size_t)(gems + s->kinds);
    z->scratch = calloc(s->waves + 1, sizeof(Front));
    LHead *h = z->scratch ? lpush(z) : NULL;
    if (!h) { lazy_free(z); return PyErr_NoMemory(); }
    memset(h, 0, z->stride);
    memcpy(h->left, root->left, MAX_KINDS);
    h->empty = root->empty;
    memcpy(lfronts(h), fronts_of(root), sizeof(Front) * s->waves);
    for (int i = 0; i < s->kinds; i++) {
        for (int j = 0; j < s->nplacements[i]; j++) {
            const Placement *pl = &s->placements[i][j];
            Cells off = h->empty;
            off.w[0] |= s->forbidden[i].w[0];
            off.w[1] |= s->forbidden[i].w[1];
            if (!c_meets(&pl->cell, &off)) AVAIL(z, h)[i].w[j >> 6] |= (uint64_t)1 << (j & 63);
        }
    }
    PyObject *capsule = PyCapsule_New(z, "orapa.lazy", lazy_capsule_free);
    if (!capsule) lazy_free(z);
    return capsule;
}

typedef struct { const Search *s; const LHead *h; } LazyCells;

static inline Look lazy_look(const void *at, int cell) {
    const LazyCells *c = at;
    int owner = c->h->owner[cell];
    if (!owner) return (Look){0, 0, 0};
    int kind = c->h->inst_kind[owner - 1];
    return (Look){c->h->pattern[cell], c->s->bits[kind], c->s->black[kind]};
}

/* follow_waves over the node's own decided cells (each with its touched gem); new fronts in
 * z->scratch */
static int lazy_advance(Lazy *z, const LHead *h, Cells *paths) {
    LazyCells cells = {z->s, h};
    return follow_waves(z->s, lfronts((LHead *)h), &h->empty, paths, z->scratch, lazy_look, &cells);
}

#include "_lazy_domains.c"

static int lazy_write_leaf(Lazy *z, const LHead *h, const Cells *paths, char **buf,
                           size_t *len, size_t *cap) {
    size_t need = 1 + (size_t)z->s->kinds + 16 + (size_t)h->ninst * 41;
    if (*len + need > *cap) {
        size_t grown = 2 * (*cap + need);
        char *more = realloc(*buf, grown);
        if (!more) return 0;
        *buf = more;
        *cap = grown;
    }
    char *p = *buf + *len;
    *p++ = (char)h->ninst;
    memcpy(p, h->left, z->s->kinds); p += z->s->kinds;
    memcpy(p, paths->w, 16); p += 16;
    for (int j = 0; j < h->ninst; j++) {
        *p++ = (char)h->inst_kind[j];
        memcpy(p, DOM(z, h)[j].w, 40); p += 40;
    }
    *len += need;
    return 1;
}

static PyObject *lazy_step(PyObject *self, PyObject *args) {
    PyObject *capsule;
    Py_ssize_t max_leaves;
    double deadline;
    long long max_nodes;
    if (!PyArg_ParseTuple(args, "OndL", &capsule, &max_leaves, &deadline, &max_nodes))
        return NULL;
    Lazy *z = PyCapsule_GetPointer(capsule, "orapa.lazy");
    if (!z) return NULL;
    Search *s = z->s;
    long long nodes_before = z->nodes;
    Py_ssize_t leaves = 0;
    int status = 0;
    size_t len = 0, cap = 4096;
    char *buf = malloc(cap);
    LHead *kept = malloc(z->stride);   /* a node with children, copied out of the stack */
    if (!buf || !kept) { free(buf); free(kept); return PyErr_NoMemory(); }
    while (!status) {
        if (z->depth == 0) { status = 1; break; }
        if (leaves >= max_leaves) break;
        /* read where it lies: most nodes die or are leaves, and need no copy */
        LHead *h = lnode(z, --z->depth);
        z->nodes++;
        if ((status = limit_status(z->nodes, deadline, max_nodes))) break;
        Cells paths = h->paths;
        if (!lazy_advance(z, h, &paths)) continue;
        Front *fronts = z->scratch;
        if (s->met_by_all && unmet_kind(s, fronts, h->left)) continue;
        int alive = s->visibility ? lazy_room(z, h) : 1;
        if (alive < 0) goto nomem;
        if (!alive) continue;
        int open = 1;
        for (int t = 0; t < s->waves && open; t++)
            if (fronts[t].cell >= 0) open = lazy_ray_open(z, h, &fronts[t], t);
        if (!open) continue;
        /* the open wave whose front has the fewest possible contents, absorbed waves last */
        int best = -1, fewest = 1 << 30;
        for (int r = 0; r < s->waves; r++) {
            int t = (h->hint + r) % s->waves;
            if (fronts[t].cell < 0) continue;
            int cell = fronts[t].cell, d = fronts[t].d, color = fronts[t].color;
            int count = cell_in(&s->answered, cell) ? 0 : 1;
            count += lazy_meetings(z, s->turns, h, t, cell, d, color, fewest - count);   /* up to fewest */
            if (count > 1 && s->exit_[t] < 0) count += ABSORBED_LAST;
            if (count < fewest) {
                best = t;
                fewest = count;
                if (count <= 1) break;
            }
        }
        if (best < 0) {
            if (!lazy_write_leaf(z, h, &paths, &buf, &len, &cap)) goto nomem;
            leaves++;
            continue;
        }
        if (!fewest) continue;
        memcpy(kept, h, z->stride);   /* the children are pushed over its place */
        h = kept;
        /* children, pushed in reverse of the order they are searched: the touched gems by
         * instance and pattern, then new gems by kind and pattern, the empty cell last */
        int cell = fronts[best].cell, d = fronts[best].d, color = fronts[best].color;
        const uint16_t *routes = &z->branch_turns[((size_t)best * CELLS * 4 + 4 * cell + d) * 2];
        if (!cell_in(&s->answered, cell)) {
            LHead *c = lpush(z);
            if (!c) goto nomem;
            memcpy(c, h, z->stride);
            cell_set(&c->empty, cell);
            c->paths = paths;
            c->hint = (uint16_t)best;
            if ((alive = lazy_decide(z, c, cell, -1)) < 0) goto nomem;
            if (!alive) z->depth--;
            else memcpy(lfronts(c), fronts, sizeof(Front) * s->waves);
        }
        for (int i = s->kinds - 1; i >= 0; i--) {
            if (!((s->placeable[best] >> i) & 1) || !h->left[i]) continue;
            unsigned m = z->patterns[i][cell] & lazy_turns(s, best, i, routes, color);
            for (int pat = 15; pat > 0; pat--) {
                if (!((m >> pat) & 1)) continue;
                PSet dom;
                p_and(&dom, &AVAIL(z, h)[i], &z->cover_pattern[i][cell][pat]);
                if (!p_any(&dom)) continue;
                LHead *c = lpush(z);
                if (!c) goto nomem;
                memcpy(c, h, z->stride);
                int j = c->ninst++;
                c->inst_kind[j] = (uint8_t)i;
                DOM(z, c)[j] = dom;
                c->left[i]--;
                c->known[j] = 1;
                cell_set(&c->owned, cell);
                c->owner[cell] = (uint8_t)(j + 1);
                c->pattern[cell] = (uint8_t)pat;
                c->paths = paths;
                c->hint = (uint16_t)best;
                if ((alive = lazy_decide(z, c, cell, j)) < 0) goto nomem;
                if (!alive) z->depth--;
                else memcpy(lfronts(c), fronts, sizeof(Front) * s->waves);
            }
        }
        for (int j = h->ninst - 1; j >= 0; j--) {
            int i = h->inst_kind[j];
            if (!((s->placeable[best] >> i) & 1) || !p_meets(&DOM(z, h)[j], &z->cover[i][cell]))
                continue;
            unsigned m = z->patterns[i][cell] & lazy_turns(s, best, i, routes, color);
            for (int pat = 15; pat > 0; pat--) {
                if (!((m >> pat) & 1)) continue;
                PSet dom;
                p_and(&dom, &DOM(z, h)[j], &z->cover_pattern[i][cell][pat]);
                if (!p_any(&dom)) continue;
                LHead *c = lpush(z);
                if (!c) goto nomem;
                memcpy(c, h, z->stride);
                DOM(z, c)[j] = dom;
                c->known[j]++;
                cell_set(&c->owned, cell);
                c->owner[cell] = (uint8_t)(j + 1);
                c->pattern[cell] = (uint8_t)pat;
                c->paths = paths;
                c->hint = (uint16_t)best;
                if ((alive = lazy_decide(z, c, cell, j)) < 0) goto nomem;
                if (!alive) z->depth--;
                else memcpy(lfronts(c), fronts, sizeof(Front) * s->waves);
            }
        }
    }
    free(kept);
    PyObject *blob = PyBytes_FromStringAndSize(buf, (Py_ssize_t)len);
    free(buf);
    if (!blob) return NULL;
    return Py_BuildValue("(iLNn)", status, z->nodes - nodes_before, blob, leaves);
nomem:
    free(kept);
    free(buf);
    return PyErr_NoMemory();
}
