/* The instances' placement sets: the patterns a gem may show at a front, kept pairwise
 * compatible (arc consistency), narrowed as cells are decided, and visibility's room left
 * Part of _lazy.c: included there, not compiled on its own. */

/* The patterns a gem of kind i may show at wave t's front (see kind_at_front). */
static inline uint16_t lazy_turns(const Search *s, int t, int i, const uint16_t *routes, int color) {
    return s->black[i] ? 0xFFFF : routes[s->any_colour[t] || (color | s->bits[i]) == s->wanted[t]];
}

static inline int compatible(const Placement *a, const Placement *b) {
    for (int w = 0; w < 5; w++)
        if ((a->mask.w[w] & (b->mask.w[w] | b->touch.w[w])) || (a->touch.w[w] & b->mask.w[w]))
            return 0;
    return 1;
}

/* Per placement of kind i, the placements of kind k compatible with it (no overlap, no
 * shared edge), built the first time the pair is revised; NULL when out of memory. */
static const PSet *compat_of(Lazy *z, int i, int k) {
    if (z->compat[i][k]) return z->compat[i][k];
    const Search *s = z->s;
    PSet *rows = calloc((size_t)s->nplacements[i] + 1, sizeof(PSet));
    if (!rows) return NULL;
    for (int q = 0; q < s->nplacements[i]; q++)
        for (int p = 0; p < s->nplacements[k]; p++)
            if (compatible(&s->placements[i][q], &s->placements[k][p]))
                rows[q].w[p >> 6] |= (uint64_t)1 << (p & 63);
    return z->compat[i][k] = rows;
}

/* Instance a keeps only the placements compatible with some placement of instance b: 1 when
 * its set changed, -1 when out of memory. */
static int revise(Lazy *z, LHead *c, int a, int b) {
    const PSet *rows = compat_of(z, c->inst_kind[a], c->inst_kind[b]);
    if (!rows) return -1;
    const PSet *other = &DOM(z, c)[b];
    int changed = 0;
    for (int w = 0; w < LW; w++)
        for (uint64_t m = DOM(z, c)[a].w[w]; m; m &= m - 1) {
            int q = 64 * w + __builtin_ctzll(m);
            if (p_meets(&rows[q], other)) continue;
            DOM(z, c)[a].w[w] &= ~((uint64_t)1 << (q & 63));
            changed = 1;
        }
    return changed;
}

/* Arc consistency from the instances in `changed` (a bit each): every other instance's set
 * revised against theirs, and so on while sets shrink; 0 when one empties, -1 when out of
 * memory (as lazy_decide and lazy_room). */
static int propagate(Lazy *z, LHead *h, uint32_t changed) {
    while (changed) {
        int b = __builtin_ctz(changed);
        changed &= changed - 1;
        for (int a = 0; a < h->ninst; a++) {
            if (a == b) continue;
            int shrank = revise(z, h, a, b);
            if (shrank < 0) return -1;
            if (!shrank) continue;
            if (!p_any(&DOM(z, h)[a])) return 0;
            changed |= 1u << a;
        }
    }
    return 1;
}

/* Cell c decided (empty, or covered by instance `keep`): no other instance and no free gem
 * may cover it; then the instances' sets are made pairwise consistent (arc consistency:
 * every placement left has a compatible placement in every other set). 0 when an instance,
 * or a kind with gems left, has no placement any more. */
static int lazy_decide(Lazy *z, LHead *c, int cell, int keep) {
    Search *s = z->s;
    uint32_t changed = keep >= 0 ? 1u << keep : 0;
    for (int j = 0; j < c->ninst; j++) {
        if (j == keep || !p_meets(&DOM(z, c)[j], &z->cover[c->inst_kind[j]][cell])) continue;
        if (!p_clear(&DOM(z, c)[j], &z->cover[c->inst_kind[j]][cell])) return 0;
        changed |= 1u << j;
    }
    for (int i = 0; i < s->kinds; i++)
        if (!p_clear(&AVAIL(z, c)[i], &z->cover[i][cell]) && c->left[i]) return 0;
    return propagate(z, c, changed);
}

/* Under the visibility rule, can the node still give a visible layout? The cells sure to
 * be covered (the instances' decided cells, and every cell of an instance left with one
 * placement) only block more as gems are added, so an instance placement, or a free kind's,
 * that no port sees past them never will: such instance placements are dropped, and the
 * node dies when an instance keeps none, a kind with gems left has no seen placement, or
 * the gems need more cells than are left. */
static int lazy_room(Lazy *z, LHead *h) {
    Search *s = z->s;
    Cells occupied = h->owned;
    int known[MAXI];         /* an instance's cells among `occupied` */
    for (int j = 0; j < h->ninst; j++) {
        known[j] = h->known[j];
        int n = 0, last = -1;
        for (int w = 0; w < LW && n < 2; w++)
            for (uint64_t m = DOM(z, h)[j].w[w]; m && n < 2; m &= m - 1, n++)
                last = 64 * w + __builtin_ctzll(m);
        if (n == 1) {
            const Placement *pl = &s->placements[h->inst_kind[j]][last];
            known[j] = s->size[h->inst_kind[j]];
            occupied.w[0] |= pl->cell.w[0];
            occupied.w[1] |= pl->cell.w[1];
        }
    }
    uint32_t changed = 0;
    int need = 0, have;
    /* the sets only shrank since they were filtered against the same cells: nothing to cut */
    int again = h->filtered && !memcmp(&h->filtered_at, &occupied, sizeof(Cells));
    h->filtered = 1;
    h->filtered_at = occupied;
    for (int j = 0; j < h->ninst && !again; j++) {
        const Placement *pl = s->placements[h->inst_kind[j]];
        for (int w = 0; w < LW; w++)
            for (uint64_t m = DOM(z, h)[j].w[w]; m; m &= m - 1) {
                int q = 64 * w + __builtin_ctzll(m);
                if (seen(&pl[q], &occupied)) continue;
                DOM(z, h)[j].w[w] &= ~((uint64_t)1 << (q & 63));
                changed |= 1u << j;
            }
        if (!p_any(&DOM(z, h)[j])) return 0;
    }
    for (int i = 0; i < s->kinds; i++) need += h->left[i] * s->size[i];
    Cells taken = occupied;
    taken.w[0] |= h->empty.w[0];
    taken.w[1] |= h->empty.w[1];
    for (int j = 0; j < h->ninst; j++) need += s->size[h->inst_kind[j]] - known[j];
    have = CELLS - __builtin_popcountll(taken.w[0]) - __builtin_popcountll(taken.w[1]);
    if (need > have) return 0;
    for (int i = 0; i < s->kinds; i++) {
        if (!h->left[i]) continue;
        const Placement *pl = s->placements[i];
        int n = s->nplacements[i], found = 0;
        for (int r = 0; r < n && !found; r++) {
            int j = (s->witness[i] + r) % n;
            if (!((AVAIL(z, h)[i].w[j >> 6] >> (j & 63)) & 1) || !seen(&pl[j], &occupied)) continue;
            s->witness[i] = j;
            found = 1;
        }
        if (!found) return 0;
    }
    return propagate(z, h, changed);   /* the sets that shrank, made consistent again */
}

/* The patterns (up to `limit`) by which wave t, at `cell` heading `d`, may meet a gem there:
 * each instance's, then each free kind's, that its placements still allow, `turns` their
 * routes (Python: lazy_search.meetings). */
static int lazy_meetings(const Lazy *z, const uint16_t *turns, const LHead *h, int t, int cell,
                         int d, int color, int limit) {
    const Search *s = z->s;
    const uint16_t *routes = &turns[((size_t)t * CELLS * 4 + 4 * cell + d) * 2];
    int n = 0;
    for (int j = 0; j < h->ninst && n < limit; j++) {
        int i = h->inst_kind[j];
        if (!((s->placeable[t] >> i) & 1) || !p_meets(&DOM(z, h)[j], &z->cover[i][cell]))
            continue;
        for (unsigned m = z->patterns[i][cell] & lazy_turns(s, t, i, routes, color); m && n < limit;
             m &= m - 1)
            n += p_meets(&DOM(z, h)[j], &z->cover_pattern[i][cell][__builtin_ctz(m)]);
    }
    for (int i = 0; i < s->kinds && n < limit; i++) {
        if (!((s->placeable[t] >> i) & 1) || !h->left[i]) continue;
        for (unsigned m = z->patterns[i][cell] & lazy_turns(s, t, i, routes, color); m && n < limit;
             m &= m - 1)
            n += p_meets(&AVAIL(z, h)[i], &z->cover_pattern[i][cell][__builtin_ctz(m)]);
    }
    return n;
}

/* Can wave t still end as its answer says? Past its front it goes straight through cells
 * decided empty; if it would leave the board there wrongly (another port, colours missing,
 * too few faces met, or at all when absorbed), some undecided cell of that straight line up
 * to the first decided gem must hold a gem the wave may meet there. 0 when none can: the node is dead (Python:
 * lazy_search.ray_open). */
static int lazy_ray_open(const Lazy *z, const LHead *h, const Front *f, int t) {
    const Search *s = z->s;
    int cell = f->cell, d = f->d, color = f->color;
    for (;;) {   /* an absorbed wave (exit -1) must not leave the board at all */
        if (h->owner[cell]) return 1;
        if (!cell_in(&h->empty, cell) && lazy_meetings(z, z->branch_turns, h, t, cell, d, color, 1))
            return 1;
        int next = s->neighbour[cell][d];
        if (next < 0)
            return s->exit_[t] == s->exit_port[cell][d] && (color == s->wanted[t] || s->any_colour[t])
                   && (!s->counted[t] || f->met == s->most[t]);
        cell = next;
    }
}
