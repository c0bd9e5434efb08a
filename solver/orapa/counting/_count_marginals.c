/* Marginals: the last level's bit-sliced counters and the per-cell totals.
   Part of _counting.c: included there, not compiled on its own. */

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

static void add_cells(Context *ctx, int kind, const u64 *cells, u128 n) {
    for (int w = 0; w < 2; w++)
        for (u64 m = cells[w]; m; m &= m - 1) {
            int c = 64 * w + __builtin_ctzll(m);
            ctx->marg[c * ctx->nkinds + kind] += n;
        }
}

