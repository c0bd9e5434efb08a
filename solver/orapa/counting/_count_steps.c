/* The steps both searches of a family take (_count_small.c and _count_search.c): the order of
   identical gems and a child's narrowing of the levels after it.
   Part of _counting.c: included there, not compiled on its own. */

/* The placements of `set` after placement prev: an identical gem's next placement comes
   later, so that each layout is counted once (O6). */
static inline void after_previous(u64 *set, int prev) {
    for (int w = 0; w < NW; w++) {
        int lo = 64 * w, hi = lo + 63;
        if (prev >= hi) set[w] = 0;
        else if (prev >= lo) set[w] &= ~((2ULL << (prev - lo)) - 1);
    }
}

/* Child p (a placement of `kind`) of a node at `level`: the later levels' candidates
   narrowed to those compatible with it (into next) and the cells covered with it (into
   occ2). False when a later gem has no candidate left, or an answered cell is left that no
   later gem can cover. (Both searches, _count_small.c and _count_search.c, step so.) */
static inline int narrow_child(const Search *s, int kind, int level, int p,
                               u64 (*cand)[NW], u64 (*next)[NW], const u64 *occ, u64 *occ2) {
    const Context *ctx = s->ctx;
    for (int j = level + 1; j < s->k; j++) {
        const u64 *cp = ctx->compat[kind][s->kind[j]] + (size_t)p * NW;
        u64 any = 0;
        for (int x = 0; x < NW; x++) { next[j][x] = cand[j][x] & cp[x]; any |= next[j][x]; }
        if (!any) return 0;
    }
    const Shape *sh = ctx->shape[kind];
    occ2[0] = occ[0] | sh->cells[p][0];
    occ2[1] = occ[1] | sh->cells[p][1];
    for (int r = 0; r < s->nreq; r++) {
        int c = s->req_cell[r];
        if (!(occ2[c >> 6] >> (c & 63) & 1) && !(s->req_holders[r] >> (level + 1))) return 0;
    }
    return 1;
}
