/* The last three gems at the parents' parent under the visibility rule, by subtraction
   (issue 31): per placement a of gem A, the pairs (b, c) of the last two gems B and C are
   the rule-off pairs (the triangles' bit planes, _count_triples.c) less the pairs in which
   some gem ends hidden. Part of _counting.c: included there, not compiled on its own.

   Every gem must be first on some port. With a placed (first indices d' = min(d, a's)):
   - a placed gem j (open ports R = its open ports a leaves) is hidden when b and c between
     them come before it on every port of R; likewise a on its seen ports (pair_cover);
   - b is hidden when c comes before it on every port it is seen from past d' (its kill set);
     c likewise by b (scattered over the b's that hide it).
   The hidden pairs are kept as a union per b (H[b], or `full` when b alone is hidden or
   hides), plus the c's hidden whatever b is (gall), so a pair hidden twice counts once.
   Candidates that no compatible pair of the other two kinds can block on some port they
   are seen from (Context.unblockable, per pair of kinds, built once per context) are never
   hidden and are not looked at. */

/* Into out, the placements of `among` (shape G) seen from some port past d. */
static inline void seen_among(const Shape *G, const unsigned char *d, const u64 *among, u64 *out) {
    u64 t[NW] = {0};
    for (int P = 0; P < PORTS; P++) {
        const u64 *b = G->before[P][d[P]];
        for (int w = 0; w < NW; w++) t[w] |= b[w];
    }
    for (int w = 0; w < NW; w++) out[w] = among[w] & t[w];
}

/* Into m, per port the lowest first index of the placements in `among` (LINE_LEN when none
   meets the line): a placement is blocked on P by one of them only past m[P]. */
static inline void lowest_first(const Shape *G, const u64 *among, unsigned char *m) {
    memset(m, LINE_LEN, PORTS);
#if defined(__SSE2__) && PORTS == 36
    __m128i m0 = _mm_loadu_si128((const __m128i *)m), m1 = _mm_loadu_si128((const __m128i *)(m + 16));
    __m128i m2 = _mm_loadu_si128((const __m128i *)(m + 20));
    for (int w = 0; w < NW; w++)
        for (u64 r = among[w]; r; r &= r - 1) {
            const unsigned char *f = G->first[64 * w + __builtin_ctzll(r)];
            m0 = _mm_min_epu8(m0, _mm_loadu_si128((const __m128i *)f));
            m1 = _mm_min_epu8(m1, _mm_loadu_si128((const __m128i *)(f + 16)));
            m2 = _mm_min_epu8(m2, _mm_loadu_si128((const __m128i *)(f + 20)));
        }
    _mm_storeu_si128((__m128i *)m, m0);
    _mm_storeu_si128((__m128i *)(m + 16), m1);
    _mm_storeu_si128((__m128i *)(m + 20), _mm_min_epu8(m2, _mm_loadu_si128((const __m128i *)(m + 20))));
#else
    for (int w = 0; w < NW; w++)
        for (u64 r = among[w]; r; r &= r - 1) {
            const unsigned char *f = G->first[64 * w + __builtin_ctzll(r)];
            for (int P = 0; P < PORTS; P++) if (f[P] < m[P]) m[P] = f[P];
        }
#endif
}

/* Into out, the placements of G seen past d on a port where none of the other gem's
   candidates (lowest first indices m) comes before them. */
static inline void unblocked_by(const Shape *G, const unsigned char *d, const unsigned char *m,
                                u64 *out) {
    memset(out, 0, NW * sizeof(u64));
    for (int P = 0; P < PORTS; P++) {
        int i = m[P] + 1 < d[P] ? m[P] + 1 : d[P];
        const u64 *x = G->before[P][i];
        for (int w = 0; w < NW; w++) out[w] |= x[w];
    }
}

/* Into out, the placements of `among` that no compatible placement of kinds y or z can
   block on some port they are seen from past d: never hidden by the other two. */
static inline void never_blocked(const Context *ctx, const Shape *G, int g, int y, int z,
                                 const unsigned char *d, const u64 *among, u64 *out) {
    const u64 *uy = ctx->unblockable[y][g], *uz = ctx->unblockable[z][g];
    u64 t[NW] = {0};
    for (int P = 0; P < PORTS; P++) {
        const u64 *b = G->before[P][d[P]];
        for (int w = 0; w < NW; w++) t[w] |= b[w] & uy[P * NW + w] & uz[P * NW + w];
    }
    for (int w = 0; w < NW; w++) out[w] = among[w] & t[w];
}


/* Into out, the placements of `among` that come before the placement with first indices f
   on every port of `ports` (with a fast exit when none do); whether any does. */
static inline int before_all(const Shape *G, const unsigned char *f, u64 ports, const u64 *among,
                             u64 *out) {
    u64 any = 0;
    for (int w = 0; w < NW; w++) { out[w] = among[w]; any |= out[w]; }
    for (; ports && any; ports &= ports - 1) {
        int P = __builtin_ctzll(ports);
        const u64 *x = G->before[P][f[P]];
        any = 0;
        for (int w = 0; w < NW; w++) { out[w] &= x[w]; any |= out[w]; }
    }
    return any != 0;
}

static inline void touch(Hidden *hd, int b) {
    u64 bit = 1ULL << (b & 63);
    if (!(hd->touched[b >> 6] & bit)) {
        hd->touched[b >> 6] |= bit;
        memset(hd->h[b], 0, sizeof hd->h[b]);
    }
}

/* The pairs in which b and c between them come before a gem on every port of R (the gem's
   first index there ref[P]): into hd-> x, y: the b's and c's of this a. */
static void pair_cover(Hidden *hd, const Shape *B, const Shape *C, u64 R, const unsigned char *ref,
                       const u64 *x, const u64 *y) {
    u64 rb = 0, rc = 0;                        /* the ports of R each gem can block */
    for (u64 m = R; m; m &= m - 1) {
        int P = __builtin_ctzll(m);
        const u64 *bb = B->before[P][ref[P]], *cb = C->before[P][ref[P]];
        u64 ab = 0, ac = 0;
        for (int w = 0; w < NW; w++) {
            ab |= x[w] & bb[w];
            ac |= y[w] & cb[w];
        }
        if (!ab && !ac) return;                /* a port neither can block: never hidden */
        if (ab) rb |= m & -m;
        if (ac) rc |= m & -m;
    }
    u64 bl[NW], call[NW];
    if (rc == R && before_all(C, ref, R, y, call))   /* the c's that hide it alone */
        for (int w = 0; w < NW; w++) hd->gall[w] |= call[w];
    if (!rb) return;
    if (R & ~rc) {                             /* the b's must block where no c can */
        if (!before_all(B, ref, R & ~rc, x, bl)) return;
    } else {
        memset(bl, 0, sizeof bl);
        for (u64 m = rb; m; m &= m - 1) {
            int P = __builtin_ctzll(m);
            const u64 *bb = B->before[P][ref[P]];
            for (int w = 0; w < NW; w++) bl[w] |= x[w] & bb[w];
        }
    }
    u64 seen_rest[4] = {0}, rest_set[4][NW];  /* a few masks' c sets, as b's share them */
    int nrest = 0;
    for (int w = 0; w < NW; w++)
        for (u64 m = bl[w]; m; m &= m - 1) {
            int b = 64 * w + __builtin_ctzll(m);
            u64 lt, le;
            ports_before(B->first[b], ref, B->ports[b], B->nports[b], &lt, &le);
            u64 rest = R & ~lt;
            if (!rest) { touch(hd, b); hd->full[w] |= 1ULL << (b & 63); continue; }
            if (rest & ~rc) continue;
            int at = 0;
            while (at < nrest && (seen_rest[at] & ~(1ULL << 63)) != rest) at++;
            if (at == nrest) {
                if (nrest == 4) at = 3;
                else nrest++;
                seen_rest[at] = rest;
                if (!before_all(C, ref, rest, y, rest_set[at])) seen_rest[at] |= 1ULL << 63;
            }
            if (seen_rest[at] >> 63) continue;     /* no c completes it */
            touch(hd, b);
            for (int x2 = 0; x2 < NW; x2++) hd->h[b][x2] |= rest_set[at][x2];
        }
}

/* The members below the parents' parent at `level` (A's placements `sa` after the previous
   identical gem, B's and C's sets in cand), by subtraction; false where it does not apply
   (visibility off, marginals, identical last gems, an answered cell still to cover). */
HOT static int subtract_gp(Search *s, int level, const unsigned char *d, const u64 *occ,
                           const u64 *sa, u64 (*cand)[NW], u128 *out, long long *ticked) {
    const Context *ctx = s->ctx;
    Hidden *hd = &s->hidden;
    if (!s->visibility || s->marginals || level != s->k - 3) return 0;
    if (s->same[level + 1] || s->same[level + 2] || s->nplaced > 64) return 0;
    for (int r = 0; r < s->nreq; r++) {
        int c = s->req_cell[r];
        if (!(occ[c >> 6] >> (c & 63) & 1)) return 0;
    }
    int ka = s->kind[level], kb = s->kind[level + 1], kc = s->kind[level + 2];
    const Shape *A = ctx->shape[ka], *B = ctx->shape[kb], *C = ctx->shape[kc];
    int nplaced = s->nplaced;
    const u64 *open = s->open[level];
    u64 xa[NW], xb[NW], xc[NW];                /* seen, and hiding no placed gem alone */
    seen_among(A, d, sa, xa);
    seen_among(B, d, cand[level + 1], xb);
    seen_among(C, d, cand[level + 2], xc);
    u64 risky_placed = 0;
    for (int j = 0; j < nplaced; j++) {
        u64 kill_a[NW], kill_b[NW], kill_c[NW];    /* before it on all its open ports */
        for (int w = 0; w < NW; w++) kill_a[w] = kill_b[w] = kill_c[w] = ~0ULL;
        int open_somewhere = 0;
        for (u64 m = open[j]; m; m &= m - 1) {
            int P = __builtin_ctzll(m);
            const u64 *x = A->before[P][d[P]], *y = B->before[P][d[P]], *z = C->before[P][d[P]];
            u64 any = 0;
            for (int w = 0; w < NW; w++) {
                kill_a[w] &= x[w]; kill_b[w] &= y[w]; kill_c[w] &= z[w];
                any |= (x[w] & xa[w]) | (y[w] & xb[w]) | (z[w] & xc[w]);
            }
            if (!any) open_somewhere = 1;
        }
        for (int w = 0; w < NW; w++) { xa[w] &= ~kill_a[w]; xb[w] &= ~kill_b[w]; xc[w] &= ~kill_c[w]; }
        if (!open_somewhere) risky_placed |= 1ULL << j;
    }
    memset(hd->kb_done, 0, sizeof hd->kb_done); memset(hd->kb_none, 0, sizeof hd->kb_none);
    memset(hd->kc_done, 0, sizeof hd->kc_done); memset(hd->kc_none, 0, sizeof hd->kc_none);
    u64 risky_b[NW], risky_c[NW], safe[NW];
    never_blocked(ctx, B, kb, ka, kc, d, xb, safe);
    for (int w = 0; w < NW; w++) risky_b[w] = xb[w] & ~safe[w];
    never_blocked(ctx, C, kc, ka, kb, d, xc, safe);
    for (int w = 0; w < NW; w++) risky_c[w] = xc[w] & ~safe[w];
    unsigned char low_b[PORTS], low_c[PORTS];
    lowest_first(B, xb, low_b);
    lowest_first(C, xc, low_c);
    /* the rule-off pairs: bit planes of w[b] = |xc & F[b]| */
    const u64 *compat_ab = ctx->compat[ka][kb], *compat_ac = ctx->compat[ka][kc];
    const u64 *compat_bc = ctx->compat[kb][kc], *compat_cb = ctx->compat[kc][kb];
    u64 plane[W_PLANES][NW];
    unsigned short w_of[MAXP];
    long long nodes = 0;
    int nplanes = conflict_planes(xb, xc, compat_bc, plane, w_of, NULL);
    u128 total = 0;
    const u64 *raw_b = cand[level + 1], *raw_c = cand[level + 2];
    for (int w = 0; w < NW; w++)
        for (u64 m = xa[w]; m; m &= m - 1) {
            int a = 64 * w + __builtin_ctzll(m);
            const u64 *kab = compat_ab + (size_t)a * NW, *kac = compat_ac + (size_t)a * NW;
            u64 x_set[NW], y_set[NW];
            int nx = 0, ny = 0;
            for (int x = 0; x < NW; x++) {
                x_set[x] = xb[x] & kab[x];
                y_set[x] = xc[x] & kac[x];
                nx += __builtin_popcountll(x_set[x]);
                ny += __builtin_popcountll(y_set[x]);
            }
            u64 raw = 0, raw2 = 0;                  /* a node as the search has it */
            for (int x = 0; x < NW; x++) { raw |= raw_b[x] & kab[x]; raw2 |= raw_c[x] & kac[x]; }
            if (!raw || !raw2) continue;
            nodes++;
            if (!nx || !ny) continue;
            u64 outside_y[NW];
            for (int x = 0; x < NW; x++) outside_y[x] = xc[x] & ~kac[x];
            long long sum = free_pairs(nx, ny, x_set, plane, nplanes, outside_y, compat_cb);
            /* the hidden pairs */
            const unsigned char *fa = A->first[a];
            unsigned char d2[PORTS];
            for (int P = 0; P < PORTS; P++) d2[P] = fa[P] < d[P] ? fa[P] : d[P];
            u64 va, le;
            ports_before(fa, d, A->ports[a], A->nports[a], &va, &le);
            memset(hd->touched, 0, sizeof hd->touched);
            memset(hd->full, 0, sizeof hd->full);
            memset(hd->gall, 0, sizeof hd->gall);
            for (u64 r = risky_placed; r; r &= r - 1) {
                int j = __builtin_ctzll(r);
                pair_cover(hd, B, C, open[j] & ~va, d, x_set, y_set);
            }
            pair_cover(hd, B, C, va, fa, x_set, y_set);           /* a itself */
            u64 lost_b[NW] = {0}, lost_c[NW] = {0};  /* the b's and c's a comes before */
            for (u64 r = va; r; r &= r - 1) {
                int P = __builtin_ctzll(r);
                const u64 *x = B->before[P][d[P]], *y = B->before[P][fa[P] + 1];
                const u64 *x2 = C->before[P][d[P]], *y2 = C->before[P][fa[P] + 1];
                for (int w2 = 0; w2 < NW; w2++) { lost_b[w2] |= x[w2] & ~y[w2]; lost_c[w2] |= x2[w2] & ~y2[w2]; }
            }
            u64 alone_b[NW], alone_c[NW];      /* seen where no c (b) can come before */
            unblocked_by(B, d2, low_c, alone_b);
            unblocked_by(C, d2, low_b, alone_c);
            for (int x = 0; x < NW; x++)                            /* b hidden by c */
                for (u64 r = x_set[x] & risky_b[x] & ~alone_b[x] & ~(hd->kb_none[x] & ~lost_b[x]); r; r &= r - 1) {
                    int b = 64 * x + __builtin_ctzll(r);
                    u64 bit = 1ULL << (b & 63);
                    const unsigned char *fb = B->first[b];
                    u64 vb, le2, t[NW];
                    if (!(lost_b[x] & bit)) {          /* a blocks none of its ports */
                        if (!(hd->kb_done[x] & bit)) {
                            ports_before(fb, d, B->ports[b], B->nports[b], &vb, &le2);
                            hd->kb_done[x] |= bit;
                            if (!before_all(C, fb, vb, xc, hd->kb[b])) { hd->kb_none[x] |= bit; continue; }
                        }
                        touch(hd, b);
                        for (int y = 0; y < NW; y++) hd->h[b][y] |= hd->kb[b][y];
                        continue;
                    }
                    ports_before(fb, d2, B->ports[b], B->nports[b], &vb, &le2);
                    if (!vb) { touch(hd, b); hd->full[x] |= bit; continue; }
                    if (!before_all(C, fb, vb, y_set, t)) continue;
                    touch(hd, b);
                    for (int y = 0; y < NW; y++) hd->h[b][y] |= t[y];
                }
            for (int x = 0; x < NW; x++)                            /* c hidden by b */
                for (u64 r = y_set[x] & risky_c[x] & ~alone_c[x] & ~(hd->kc_none[x] & ~lost_c[x]); r; r &= r - 1) {
                    int c = 64 * x + __builtin_ctzll(r);
                    u64 bit = 1ULL << (c & 63);
                    const unsigned char *fc = C->first[c];
                    const u64 *cp = compat_cb + (size_t)c * NW;
                    u64 vc, le2, t[NW], any = 0;
                    if (!(lost_c[x] & bit)) {          /* a blocks none of its ports */
                        if (!(hd->kc_done[x] & bit)) {
                            ports_before(fc, d, C->ports[c], C->nports[c], &vc, &le2);
                            hd->kc_done[x] |= bit;
                            for (int y = 0; y < NW; y++) t[y] = xb[y] & cp[y];
                            if (!before_all(B, fc, vc, t, hd->kc[c])) { hd->kc_none[x] |= bit; continue; }
                        }
                        for (int y = 0; y < NW; y++) { t[y] = hd->kc[c][y] & x_set[y]; any |= t[y]; }
                        if (!any) continue;
                    } else {
                        ports_before(fc, d2, C->ports[c], C->nports[c], &vc, &le2);
                        if (!vc) { hd->gall[x] |= bit; continue; }
                        for (int y = 0; y < NW; y++) t[y] = x_set[y] & cp[y];
                        if (!before_all(B, fc, vc, t, t)) continue;
                    }
                    for (int y = 0; y < NW; y++)
                        for (u64 q = t[y]; q; q &= q - 1) {
                            int b = 64 * y + __builtin_ctzll(q);
                            touch(hd, b);
                            hd->h[b][x] |= bit;
                        }
                }
            long long hidden = 0;
            for (int x = 0; x < NW; x++)
                for (u64 r = hd->touched[x]; r; r &= r - 1) {
                    int b = 64 * x + __builtin_ctzll(r);
                    const u64 *cp = compat_bc + (size_t)b * NW;
                    int full = hd->full[x] >> (b & 63) & 1;
                    for (int y = 0; y < NW; y++)
                        hidden += __builtin_popcountll((full ? ~0ULL : hd->h[b][y] | hd->gall[y])
                                                       & y_set[y] & cp[y]);
                }
            for (int x = 0; x < NW; x++)
                for (u64 r = hd->gall[x] & y_set[x]; r; r &= r - 1) {
                    const u64 *cp = compat_cb + (size_t)(64 * x + __builtin_ctzll(r)) * NW;
                    for (int y = 0; y < NW; y++)
                        hidden += __builtin_popcountll(x_set[y] & ~hd->touched[y] & cp[y]);
                }
            total += (u128)(sum - hidden);
            /* its children: the b's neither hidden nor hiding alone that keep a c */
            u64 y2[NW];
            int ny2 = 0;
            for (int x = 0; x < NW; x++) { y2[x] = y_set[x] & ~hd->gall[x]; ny2 += __builtin_popcountll(y2[x]); }
            if (!ny2) continue;
            for (int x = 0; x < NW; x++)
                for (u64 r = x_set[x] & ~hd->full[x]; r; r &= r - 1) {
                    int b = 64 * x + __builtin_ctzll(r);
                    if (w_of[b] < ny2) { nodes++; continue; }
                    const u64 *cp = compat_bc + (size_t)b * NW;
                    u64 any = 0;
                    for (int y = 0; y < NW; y++) any |= y2[y] & cp[y];
                    nodes += any != 0;
                }
        }
    *out = total;
    *ticked = nodes;
    return 1;
}
