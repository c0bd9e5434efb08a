/* Small families counted plainly (issue 31). Part of _counting.c: included there, not
   compiled on its own.

   On full at 6 answers most of the lazy search's leaves are nearly layouts: every gem
   touched, with one to four placements each, about one member a leaf, millions of leaves.
   The search of _count_search.c keeps visibility by level and counts the last levels by sets
   (the quick children, the parents' parent's subtraction), whose set-up costs more than such
   a family holds. A family whose levels before the last have few candidates in all
   (Context.small_product: their product at most that) is searched here instead: each level
   narrows the later ones' candidates as dfs does and drops a child that leaves a gem unseen
   (more gems only block more); at the last level the candidates seen past the placed gems'
   first cells and hiding none of them are counted by popcount. The same members, counted
   once each; the nodes are this search's (one a node before the last level, one per last
   level's set), with or without marginals. */

/* The ports on which a placed gem (first indices f) is the first gem (d): f[P] == d[P]. */
static inline u64 first_ports(const unsigned char *f, const unsigned char *d) {
#if defined(__SSE2__) && PORTS == 36
    u64 eq = 0;
    for (int at = 0; at <= 20; at += at ? 4 : 16) {   /* bytes 0-15, 16-31, 20-35 */
        __m128i a = _mm_loadu_si128((const __m128i *)(f + at));
        __m128i b = _mm_loadu_si128((const __m128i *)(d + at));
        eq |= (u64)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) << at;
    }
    return eq & ((1ULL << PORTS) - 1);
#else
    u64 eq = 0;
    for (int P = 0; P < PORTS; P++) eq |= (u64)(f[P] == d[P]) << P;
    return eq;
#endif
}

/* Whether the family's levels before the last have at most ctx->small_product candidate
   tuples (the product of their sets' sizes). */
static inline int small_family(const Search *s) {
    long long product = 1;
    for (int l = 0; l + 1 < s->k; l++) {
        product *= popcount_set(s->cand[l]);
        if (product > s->ctx->small_product) return 0;
    }
    return 1;
}

/* The last gem's placements in `set` that complete a member: after the previous identical
   gem, covering the answered cells left, seen from some port past d and hiding no placed
   gem from every port it is first on. */
static inline __attribute__((always_inline)) u128 small_last(Search *s, const u64 *cand_last, const unsigned char *d, const u64 *occ,
                       int prev) {
    u64 set[NW];
    memcpy(set, cand_last, sizeof set);
    if (!last_filter(s, set, prev, occ)) return 0;
    if (s->visibility) {
        const Shape *last = s->ctx->shape[s->kind[s->k - 1]];
        u64 seen[NW] = {0};
        for (int P = 0; P < PORTS; P++) {
            const u64 *b = last->before[P][d[P]];
            for (int w = 0; w < NW; w++) seen[w] |= b[w];
        }
        for (int w = 0; w < NW; w++) set[w] &= seen[w];
        for (int j = 0; j < s->nplaced && !empty_set(set); j++) {
            u64 open = first_ports(s->placed_first[j], d);
            if (!open) return 0;
            drop_hiding(last, open, s->placed_first[j], set);
        }
    }
    return last_total(s, set);
}

/* The members below `level` (candidates by level in cand, first indices d, cells occ), the
   previous level's placement prev (for identical gems). */
HOT static u128 small_dfs(Search *s, int level, u64 (*cand)[NW], const unsigned char *d,
                          const u64 *occ, int prev) {
    if (level == s->k - 1) return small_last(s, cand[level], d, occ, prev);
    Context *ctx = s->ctx;
    if (tick(s)) return 0;
    int kind = s->kind[level];
    const Shape *sh = ctx->shape[kind];
    u64 set[NW];
    memcpy(set, cand[level], sizeof set);
    if (s->same[level]) after_previous(set, prev);   /* identical gems: increasing order */
    u64 (*next)[NW] = cand + s->k;             /* this level's copy lives after the parent's */
    u128 total = 0;
    for (int w = 0; w < NW; w++)
        for (u64 m = set[w]; m; m &= m - 1) {
            int p = 64 * w + __builtin_ctzll(m);
            u64 occ2[2];
            if (!narrow_child(s, kind, level, p, cand, next, occ, occ2)) continue;
            int dead = 0;
            const unsigned char *fp = sh->first[p];
            unsigned char d2[PORTS];
            for (int P = 0; P < PORTS; P++) d2[P] = fp[P] < d[P] ? fp[P] : d[P];
            if (s->visibility) {
                u64 lt, le;
                ports_before(fp, d, sh->ports[p], sh->nports[p], &lt, &le);
                if (!le) continue;             /* the new gem is seen from no port */
                for (int j = 0; j < s->nplaced && !dead; j++)
                    dead = !first_ports(s->placed_first[j], d2);   /* a placed gem unseen */
                if (dead) continue;
            }
            s->placed_first[s->nplaced++] = fp;
            u128 sub = small_dfs(s, level + 1, next, d2, occ2, p);
            s->nplaced--;
            if (s->marginals && sub) {
                s->tally[level][p] += sub;
                s->tallied[level][p >> 6] |= 1ULL << (p & 63);
            }
            total += sub;
            if (s->stopped) return total;
        }
    return total;
}
