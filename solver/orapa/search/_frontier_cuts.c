/* The waves followed through the decided cells, and the cuts that end a branch early
 * (met_by_all, the cover cut, visibility's room left, the target cut); the seeded shuffle's
 * numbers.
 * Part of _frontier.c: included there, not compiled on its own. */

/* What a decided cell holds for a wave: its quarter pattern (0: nothing decided there), the
 * colour bits and whether it absorbs. The two searches keep their cells differently. */
typedef struct { int pattern, bits, black; } Look;

/* The port a wave at `cell` heading `d` leaves by if it meets no gem, or -1 when a decided
 * gem lies on its way (Python: straight_exit). */
static inline __attribute__((always_inline)) int straight_exit(
        const Search *s, int cell, int d, Look (*look)(const void *, int), const void *at) {
    for (;;) {
        if (look(at, cell).pattern) return -1;
        int next = s->neighbour[cell][d];
        if (next < 0) return s->exit_port[cell][d];
        cell = next;
    }
}

/* Every open wave followed through the decided cells (Python: advance); 0 on a contradiction.
 * The new fronts go to `out`, the path cells to *paths; `look(at, cell)` reads a cell. Always
 * inlined, so each search's `look` is too. */
static inline __attribute__((always_inline)) int follow_waves(
        const Search *s, const Front *fronts, const Cells *empty, Cells *paths, Front *out,
        Look (*look)(const void *, int), const void *at) {
    memcpy(out, fronts, sizeof(Front) * s->waves);
    for (int t = 0; t < s->waves; t++) {
        int cell = fronts[t].cell;
        if (cell < 0) continue;
        if (!look(at, cell).pattern && !cell_in(empty, cell)) continue;
        int d = fronts[t].d, color = fronts[t].color, met = fronts[t].met;
        int exit_ = s->exit_[t], want = s->wanted[t], anyc = s->any_colour[t];
        int most = s->most[t];
        for (;;) {
            Look here = look(at, cell);
            if (!here.pattern) {
                if (!cell_in(empty, cell)) {
                    /* no face left to meet: the wave must leave straight, by its exit */
                    if (s->exit_cut && exit_ >= 0 && s->counted[t] && met == most
                            && ((color != want && !anyc)
                                || straight_exit(s, cell, d, look, at) != exit_))
                        return 0;
                    out[t].cell = (int16_t)cell;
                    out[t].d = (uint8_t)d;
                    out[t].color = (uint8_t)color;
                    out[t].met = (uint16_t)met;
                    break;
                }
                cell_set(paths, cell);
            } else {
                cell_set(paths, cell);
                d = s->route_out[here.pattern][d];
                color |= here.bits;
                if (here.black) {
                    if (exit_ >= 0) return 0;
                    out[t].cell = -1;
                    break;
                }
                met++;     /* every entry into a covered cell meets one face */
                if (exit_ >= 0 && (((color & ~want) && !anyc) || met > most)) return 0;
            }
            int next = s->neighbour[cell][d];
            if (next < 0) {
                if (exit_ != s->exit_port[cell][d] || (color != want && !anyc)
                        || (s->counted[t] && met != most))
                    return 0;
                out[t].cell = -1;
                break;
            }
            cell = next;
        }
    }
    return 1;
}

static inline Look grid_look(const void *at, int cell) {
    const Search *s = at;
    return (Look){s->grid_pattern[cell], s->grid_bits[cell], s->grid_black[cell]};
}

/* follow_waves over the placed gems' grid; new fronts in s->scratch */
static int advance(Search *s, const Front *fronts, const Cells *empty, Cells *paths) {
    return follow_waves(s, fronts, empty, paths, s->scratch, grid_look, s);
}

static inline int seen(const Placement *pl, const Cells *occupied) {
    for (int j = 0; j < pl->nlines; j++)
        if (!c_meets(&pl->line[j], occupied)) return 1;
    return 0;
}

/* When every gem must be met by some wave (met_by_all): is a gem still to place of a kind no
 * open wave may meet? Then the branch is dead. */
static int unmet_kind(const Search *s, const Front *fronts, const uint8_t *left) {
    uint32_t reachable = 0;
    for (int t = 0; t < s->waves; t++)
        if (fronts[t].cell >= 0) reachable |= s->placeable[t];
    for (int i = 0; i < s->kinds; i++)
        if (left[i] && !((reachable >> i) & 1)) return 1;
    return 0;
}

/* Python: _uncoverable. Is a cell answered with a gem neither covered by a placed gem nor
 * coverable by a gem left, of a kind that shows the answer, at a placement that fits the
 * node? No layout below it then: every gem still to place (at a wave's frontier or free in
 * the leaf's family) takes a placement that fits the node, as gems are only added. Without
 * this cut a search of a double state with a cell answered went on past the last gem of
 * that colour placed elsewhere, and listed families that were all empty. */
static int uncoverable(Search *s, const Head *h) {
    Quarters blocked;
    for (int j = 0; j < 5; j++) blocked.w[j] = h->used.w[j] | h->touch.w[j];
    for (int a = 0; a < s->nanswered; a++) {
        int c = s->answered_cell[a];
        if (s->grid_pattern[c]) continue;
        int found = 0;
        for (int r = 0; r < s->kinds && !found; r++) {
            int i = (s->cover_kind[c] + r) % s->kinds;
            if (!h->left[i] || cell_in(&s->forbidden[i], c)) continue;
            Cells off = h->empty;
            off.w[0] |= s->forbidden[i].w[0];
            off.w[1] |= s->forbidden[i].w[1];
            int n = s->by_cell_n[i][c], first = r ? 0 : s->cover_entry[c];
            for (int q = 0; q < n; q++) {
                int j = (first + q) % n;
                const Placement *pl = &s->placements[i][s->by_cell[i][c][j].index];
                if (q_meets(&pl->mask, &blocked) || q_meets(&pl->touch, &h->used)
                        || c_meets(&pl->cell, &off))
                    continue;
                s->cover_kind[c] = (int16_t)i;
                s->cover_entry[c] = j;
                found = 1;
                break;
            }
        }
        if (!found) return 1;
    }
    return 0;
}

/* The next number of the children's shuffle (xorshift64; the Python search draws the same). */
static inline uint64_t next_random(Search *s) {
    s->rng ^= s->rng << 13;
    s->rng ^= s->rng >> 7;
    s->rng ^= s->rng << 17;
    return s->rng;
}

/* Python: _room_left. Can the branch still give a visible layout? */
static int room_left(Search *s, const Head *h) {
    Cells occupied = {{0, 0}};
    for (int j = 0; j < s->placed_n; j++) {
        const Placement *pl = &s->placements[s->placed_kind[j]][s->placed_index[j]];
        occupied.w[0] |= pl->cell.w[0];
        occupied.w[1] |= pl->cell.w[1];
    }
    for (int j = 0; j < s->placed_n; j++)
        if (!seen(&s->placements[s->placed_kind[j]][s->placed_index[j]], &occupied)) return 0;
    uint64_t free0 = ~(occupied.w[0] | h->empty.w[0]);
    uint64_t free1 = ~(occupied.w[1] | h->empty.w[1]) & (((uint64_t)1 << (CELLS - 64)) - 1);
    int need = 0;
    for (int i = 0; i < s->kinds; i++) need += h->left[i] * s->size[i];
    if (need > __builtin_popcountll(free0) + __builtin_popcountll(free1)) return 0;
    Quarters blocked;
    for (int j = 0; j < 5; j++) blocked.w[j] = h->used.w[j] | h->touch.w[j];
    for (int i = 0; i < s->kinds; i++) {
        if (!h->left[i]) continue;
        Cells off = h->empty;
        off.w[0] |= s->forbidden[i].w[0];
        off.w[1] |= s->forbidden[i].w[1];
        int n = s->nplacements[i], found = 0;
        for (int r = 0; r < n; r++) {
            int j = (s->witness[i] + r) % n;
            const Placement *pl = &s->placements[i][j];
            if (q_meets(&pl->mask, &blocked) || q_meets(&pl->touch, &h->used)
                    || c_meets(&pl->cell, &off) || !seen(pl, &occupied))
                continue;
            s->witness[i] = j;
            found = 1;
            break;
        }
        if (!found) return 0;
    }
    return 1;
}

/* Per kind: the answered cells its one gem left must cover (none placed covers them, and no
 * other gem left may show their answer). */
static void lone_cover(const Search *s, const Head *h, Cells *must) {
    memset(must, 0, sizeof(Cells) * MAX_KINDS);
    for (int a = 0; a < s->nanswered; a++) {
        int c = s->answered_cell[a], holders = 0, kind = -1;
        if (s->grid_pattern[c]) continue;
        for (int i = 0; i < s->kinds; i++)
            if (h->left[i] && !cell_in(&s->forbidden[i], c)) {
                holders += h->left[i];
                kind = i;
            }
        if (holders == 1) cell_set(&must[kind], c);
    }
}

/* Does target placement `pl` of kind i fit the node (and cover its lone gem's cells)? */
static inline int target_fits(const Search *s, const Head *h, int i, const Placement *pl,
                              const Quarters *blocked, const Cells *must) {
    return !(!c_meets(&pl->cell, &s->target) || q_meets(&pl->mask, blocked)
             || q_meets(&pl->touch, &h->used)
             || ((pl->cell.w[0] & (h->empty.w[0] | s->forbidden[i].w[0])) != 0)
             || ((pl->cell.w[1] & (h->empty.w[1] | s->forbidden[i].w[1])) != 0)
             || (pl->cell.w[0] & must[i].w[0]) != must[i].w[0]
             || (pl->cell.w[1] & must[i].w[1]) != must[i].w[1]);
}

/* The target cut: can some gem of a target kind still cover a target cell? Yes (2) when a
 * placed one does, or (1) when a gem left of such a kind has a placement over one that fits
 * the node (free quarters, no touching, off the cells known empty and its forbidden cells)
 * and covers the answered cells that gem alone can still cover (none placed covers them, and it is the
 * one gem left of a kind that shows their answer). As with the cover cut, every gem still to
 * place takes a placement that fits the node, so no layout below a node without one shows
 * the target. (The deduction map asks "this colour in one of these cells" of one search,
 * where it asked each cell of its own; base mine 38 of 50 at 3 answers: a white square that
 * must cover D7 was kept free in 33,000 families, its placements far from D7 counted.) */
static int target_left(Search *s, const Head *h) {
    for (int j = 0; j < s->placed_n; j++)
        if ((s->target_kinds >> s->placed_kind[j]) & 1
                && c_meets(&s->placements[s->placed_kind[j]][s->placed_index[j]].cell, &s->target))
            return 2;
    Cells must[MAX_KINDS];
    lone_cover(s, h, must);
    Quarters blocked;
    for (int j = 0; j < 5; j++) blocked.w[j] = h->used.w[j] | h->touch.w[j];
    for (int i = 0; i < s->kinds; i++) {
        if (!((s->target_kinds >> i) & 1) || !h->left[i]) continue;
        int n = s->target_n[i];
        for (int r = 0; r < n; r++) {
            int at = (s->target_witness[i] + r) % n;
            if (!target_fits(s, h, i, &s->placements[i][s->target_list[i][at]], &blocked, must))
                continue;
            s->target_witness[i] = at;
            return 1;
        }
    }
    return 0;
}

/* The node's next target placement that fits (the lone gems' cells covered) added to its
 * list, which is made only as far as a move asks: 0 when there are no more. */
static int room_more(Search *s, const Head *h) {
    if (s->room_n < 0) {   /* the node's first: its masks */
        lone_cover(s, h, s->room_must);
        for (int q = 0; q < 5; q++) s->room_blocked.w[q] = h->used.w[q] | h->touch.w[q];
        s->room_n = s->room_at = s->room_kind_at = s->room_scan = 0;
    }
    for (; s->room_kind_at < s->kinds; s->room_kind_at++, s->room_scan = 0) {
        int k = s->room_kind_at;
        if (!((s->target_kinds >> k) & 1) || !h->left[k]) continue;
        while (s->room_scan < s->target_n[k]) {
            int j = s->target_list[k][s->room_scan++];
            if (!target_fits(s, h, k, &s->placements[k][j], &s->room_blocked, s->room_must))
                continue;
            s->room_kind[s->room_n] = (uint16_t)k;
            s->room_index[s->room_n++] = (uint16_t)j;
            return 1;
        }
    }
    return 0;
}

/* Under an open target (no placed gem shows it yet), does a move leave room for it: placing
 * `pl` of kind i (NULL: `empty_cell` left empty instead)? Yes when `pl` shows the target over
 * a target cell, or when one of the node's target placements that fit (`room_more`) is of a
 * gem left after the move and fits beside it: off its quarters and those sharing an edge
 * with them, or off the cell left empty. Every later gem takes such a placement, so a move
 * without one has no layout below it showing the target: the search leaves it out of a
 * front's choices, as a cell answer does with the other gems (full mine 20 of 50 at 6
 * answers: "blue in B4" took 1.3 million nodes of the targeted search and none with B4
 * answered blue: a white gem over B4 was a choice the cut ended only once it was placed). */
static int target_spared(Search *s, const Head *h, int i, const Placement *pl, int empty_cell) {
    if (pl && (s->target_kinds >> i) & 1 && c_meets(&pl->cell, &s->target)) return 1;
    for (int r = 0, n = s->room_n; ; r++) {
        int at;
        if (r < n) at = (s->room_at + r) % n;   /* those listed, from the last that fitted */
        else if (room_more(s, h)) at = s->room_n - 1;   /* then the next ones that fit */
        else return 0;
        int k = s->room_kind[at];
        const Placement *q = &s->placements[k][s->room_index[at]];
        if (pl ? (h->left[k] <= (k == i) || q_meets(&q->mask, &pl->mask)
                  || q_meets(&q->mask, &pl->touch) || q_meets(&q->touch, &pl->mask))
               : cell_in(&q->cell, empty_cell))
            continue;
        s->room_at = at;
        return 1;
    }
}

static PyObject *set_target(PyObject *self, PyObject *args) {
    PyObject *capsule;
    unsigned long kinds;
    Py_buffer cells;
    if (!PyArg_ParseTuple(args, "Oky*", &capsule, &kinds, &cells)) return NULL;
    Search *s = PyCapsule_GetPointer(capsule, "orapa.frontier");
    if (!s || cells.len != 16) {
        if (s) PyErr_SetString(PyExc_ValueError, "set_target: cells must be 16 bytes");
        PyBuffer_Release(&cells);
        return NULL;
    }
    s->target_kinds = (uint32_t)kinds;
    read_cells(cells.buf, &s->target);
    PyBuffer_Release(&cells);
    int total = 0;
    for (int i = 0; i < s->kinds; i++) total += s->nplacements[i];
    if (!s->room_kind && (!(s->room_kind = malloc(sizeof(uint16_t) * (total + 1)))
                          || !(s->room_index = malloc(sizeof(uint16_t) * (total + 1)))))
        return PyErr_NoMemory();
    for (int i = 0; i < s->kinds; i++) {   /* each target kind's placements over a target */
        s->target_n[i] = 0;
        if (!((kinds >> i) & 1)) continue;
        if (!s->target_list[i] && !(s->target_list[i] = malloc(
                sizeof(uint16_t) * (s->nplacements[i] + 1))))
            return PyErr_NoMemory();
        for (int j = 0; j < s->nplacements[i]; j++)
            if (c_meets(&s->placements[i][j].cell, &s->target))
                s->target_list[i][s->target_n[i]++] = (uint16_t)j;
        s->target_witness[i] = 0;
    }
    Py_RETURN_NONE;
}
