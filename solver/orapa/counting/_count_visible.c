/* Visibility at the last level: hiding sets, the ports a placement comes first on,
   the last gem's filter.
   Part of _counting.c: included there, not compiled on its own. */

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

/* n more nodes (children counted together); true when the search must stop (out of nodes
   or time), looked at each time the count passes a multiple of 4096. */
static inline int tick_many(Search *s, long long n) {
    long long was = s->nodes;
    s->nodes += n;
    if ((was >> 12) != (s->nodes >> 12)) {
        if (s->budget >= 0 && s->nodes > s->budget) { s->stopped = 3; return 1; }
        if (s->deadline >= 0 && now() > s->deadline) { s->stopped = 2; return 1; }
    }
    return 0;
}

/* One more node. */
static inline int tick(Search *s) { return tick_many(s, 1); }

/* The placements of kind a (first indices d of the placed gems) that are seen from some port
   and that no placement of kind b compatible with them can hide: those seen from a port in
   their nohide single mask, or from both ends of a line in their pair mask (never_hidden of
   each one's seen ports, for all of them at once). A placement ties with d only where it
   overlaps a placed gem, so "seen" is first index <= d[P], as ports_before's. */
static void safe_placements(const Context *ctx, int a, int b, const unsigned char *d, u64 *out) {
    const Shape *sa = ctx->shape[a];
    const u64 *f = ctx->safe_from[a][b];
    const u64 *seen[PORTS];
    memset(out, 0, NW * sizeof(u64));
    for (int P = 0; P < PORTS; P++) {
        seen[P] = sa->before[P][d[P] < LINE_LEN ? d[P] + 1 : LINE_LEN];
        for (int w = 0; w < NW; w++) out[w] |= seen[P][w] & f[P * NW + w];
    }
    if (!ctx->opposite_18) return;
    for (int P = 0; P < PORTS / 2; P++) {
        const u64 *g = f + (PORTS + P) * NW, *y = seen[P + PORTS / 2];
        for (int w = 0; w < NW; w++) out[w] |= seen[P][w] & y[w] & g[w];
    }
}

/* The last gem's placements in `set` (compatible with every placed gem), narrowed to those
   after the previous identical gem and covering the answered cells no gem covers yet; false
   when none can (or the search must stop). One node. */
static inline int last_filter(Search *s, u64 *set, int prev, const u64 *occ) {
    int level = s->k - 1;
    const Shape *sh = s->ctx->shape[s->kind[level]];
    if (tick(s)) return 0;
    if (s->same[level]) after_previous(set, prev);   /* identical gems: increasing order */
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

