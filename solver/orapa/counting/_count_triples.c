/* The last three gems counted at the parents' parent, without the visibility rule (issue 31).
   Part of _counting.c: included there, not compiled on its own.

   With visibility off, no answered cell left to cover and no two of the last three gems
   identical, the members below a placement a of gem A (the last gems B and C, their sets S_B
   and S_C compatible with the placed gems) are the triangles
       sum over b in X of |Y & K[b]|,   X = S_B & K[a],  Y = S_C & K[a]
   (K: the compatible placements of the other kind; F, its complement within a set). As
   |Y & K[b]| = |Y| - |S_C & F[b]| + |(S_C & F[a]) & F[b]|, the sum is
       |X| |Y| - sum over k of 2^k |X & plane_k| + sum over c in S_C & F[a] of |X & F[c]|,
   plane_k holding the b's of S_B whose w[b] = |S_C & F[b]| has bit k, built once at the
   parents' parent: per a some nine planes and its conflicts (10 to 20% of S_C) instead of its
   ~100 children. The nodes are the level-by-level search's (each a with X and Y not empty,
   and each b of X that leaves some of Y), so node budgets keep their meaning; marginals and
   the visibility rule take that search (dfs). */

#define W_PLANES 9                             /* w[b] <= MAXP = 320 < 2^9 */

/* Whether the parents' parent at `level` (occupied cells occ) is counted by triangles(). */
static int triangles_apply(const Search *s, int level, const u64 *occ) {
    if (s->visibility || s->marginals || level != s->k - 3) return 0;
    if (s->same[level + 1] || s->same[level + 2]) return 0;
    for (int r = 0; r < s->nreq; r++) {
        int c = s->req_cell[r];
        if (!(occ[c >> 6] >> (c & 63) & 1)) return 0;   /* a cell the three must cover */
    }
    return 1;
}

/* The bit planes of each b of `sb`'s count of conflicts (w_of[b]: placements of `sc` it
   overlaps or touches): plane k holds the b's whose count has bit k. The planes' number;
   into *w_max (when given) the largest count. */
static inline int conflict_planes(const u64 *sb, const u64 *sc, const u64 *compat_bc,
                                  u64 (*plane)[NW], unsigned short *w_of, int *w_max) {
    int nplanes = 0, most = 0;
    memset(plane, 0, W_PLANES * NW * sizeof(u64));
    for (int w = 0; w < NW; w++)
        for (u64 m = sb[w]; m; m &= m - 1) {
            int b = 64 * w + __builtin_ctzll(m), n = 0;
            const u64 *cp = compat_bc + (size_t)b * NW;
            for (int x = 0; x < NW; x++) n += __builtin_popcountll(sc[x] & ~cp[x]);
            w_of[b] = (unsigned short)n;
            if (n > most) most = n;
            for (int k = 0; n; k++, n >>= 1)
                if (n & 1) plane[k][w] |= 1ULL << (b & 63);
        }
    while ((1 << nplanes) <= most) nplanes++;
    if (w_max) *w_max = most;
    return nplanes;
}

/* The pairs (b, c) of X x Y that do not conflict, for one placement a: |X| |Y| less, by the
   bit planes of each b's count of conflicts in S_C, sum_k 2^k |X & plane_k|, plus the conflicts
   counted there with c's outside Y (`outside_y`: S_C's placements that conflict with a). */
static inline long long free_pairs(int nx, int ny, const u64 *x_set, u64 (*plane)[NW],
                                   int nplanes, const u64 *outside_y, const u64 *compat_cb) {
    long long sum = (long long)nx * ny;
    for (int k = 0; k < nplanes; k++) {
        int n = 0;
        for (int x = 0; x < NW; x++) n += __builtin_popcountll(x_set[x] & plane[k][x]);
        sum -= (long long)n << k;
    }
    for (int x = 0; x < NW; x++)
        for (u64 f = outside_y[x]; f; f &= f - 1) {
            const u64 *cp = compat_cb + (size_t)(64 * x + __builtin_ctzll(f)) * NW;
            for (int y = 0; y < NW; y++) sum += __builtin_popcountll(x_set[y] & ~cp[y]);
        }
    return sum;
}

/* The members below the parents' parent at `level` (its gem's placements `sa`, after the
   previous identical gem; the later levels' sets in cand), its children's and grandchildren's
   nodes ticked. */
HOT static u128 triangles(Search *s, int level, const u64 *sa, u64 (*cand)[NW]) {
    const Context *ctx = s->ctx;
    int ka = s->kind[level], kb = s->kind[level + 1], kc = s->kind[level + 2];
    const u64 *sb = cand[level + 1], *sc = cand[level + 2];
    const u64 *compat_ab = ctx->compat[ka][kb], *compat_ac = ctx->compat[ka][kc];
    const u64 *compat_bc = ctx->compat[kb][kc], *compat_cb = ctx->compat[kc][kb];
    u64 plane[W_PLANES][NW];
    unsigned short w_of[MAXP];
    int w_max;
    int nplanes = conflict_planes(sb, sc, compat_bc, plane, w_of, &w_max);
    u128 total = 0;
    for (int w = 0; w < NW; w++)
        for (u64 m = sa[w]; m; m &= m - 1) {
            int a = 64 * w + __builtin_ctzll(m);
            const u64 *kab = compat_ab + (size_t)a * NW, *kac = compat_ac + (size_t)a * NW;
            u64 x_set[NW], y_set[NW], fa[NW];
            int nx = 0, ny = 0;
            for (int x = 0; x < NW; x++) {
                x_set[x] = sb[x] & kab[x];
                y_set[x] = sc[x] & kac[x];
                fa[x] = sc[x] & ~kac[x];
                nx += __builtin_popcountll(x_set[x]);
                ny += __builtin_popcountll(y_set[x]);
            }
            if (!nx || !ny) continue;          /* no child: not a node */
            long long sum = free_pairs(nx, ny, x_set, plane, nplanes, fa, compat_cb);
            /* its children: the b's of X that leave some of Y (all of them unless Y is no
               larger than some b's conflicts) */
            long long children = nx;
            if (ny <= w_max)
                for (int x = 0; x < NW; x++)
                    for (u64 r = x_set[x]; r; r &= r - 1) {
                        int b = 64 * x + __builtin_ctzll(r);
                        if (w_of[b] < ny) continue;
                        const u64 *cp = compat_bc + (size_t)b * NW;
                        u64 any = 0;
                        for (int y = 0; y < NW; y++) any |= y_set[y] & cp[y];
                        if (!any) children--;
                    }
            total += (u128)sum;
            if (tick_many(s, 1 + children)) return total;
        }
    return total;
}
