/* The last two levels: every child of the gem before the last counted by a few ANDs and a
   popcount (most in one pass at the parent), without recomputing the last gem's seen set.
   Part of _counting.c: included there, not compiled on its own.

   At the last level's parent (gem A at this level, B the last gem), S_B, the last gem's
   candidates, is already narrowed to "seen now and hiding no placed gem". A child a of A
   keeps of S_B & compat[a] the placements that
   - cover the answered cells no gem covers yet (as before),
   - do not hide a, nor a placed gem whose open ports a closed (as before: drop_hiding, only
     when never_hidden cannot say they are safe), and
   - are still seen once a is placed. A b seen from both ends of one line stays seen: no
     placement of A compatible with it covers cells before it from both ends of a line
     (Context.pinch, checked on the tables per pair of kinds, not assumed; where it fails,
     every b is treated as below). For each other b (at risk), the placements of A that come
     before it on every port it is seen from, compatible with it, make it unseen: those sets
     are built once at the parent and turned around into, per a, the b's it makes unseen
     (Search.killed). That replaces the per-child union of seen sets over the ports.

   Most children need none of the per-child work (issue 31, 2026-11-26): the *quick* ones are
   seen, cannot be hidden by a compatible b (safe_placements: the nohide masks turned into
   sets per port), shadow no placed gem (not in harm) and cover no answered cell the last
   gem may cover. Without marginals their members are counted in one pass, |S_B' & compat[a]|
   each (S_B' with the answered cells' restriction), and the pairs in which a quick a makes
   b unseen are subtracted per b from the same kill sets (so the quick ones never get a
   killed set); with marginals they are visited, but only for the ANDs. Each is still one
   node. At the parents' parent, its second parent builds once the A placements no b left
   there can hide and the b's none of its A placements makes unseen (sibling_safe); a
   sibling parent takes both for the placements whose seen ports it did not change. */

/* Whether some placement of kind a, compatible with some placement of kind b, covers a cell
   at or before b's first cell from both ends of one line: then b's seen from both ends of a
   line are not safe from a (never on this project's convex gems; computed, not assumed). */
static int pinches(const Context *ctx, int a, int b) {
    const Shape *sa = ctx->shape[a], *sb = ctx->shape[b];
    if (!ctx->opposite_18) return 1;
    for (int p = 0; p < sa->n; p++) {
        const u64 *cp = ctx->compat[a][b] + (size_t)p * NW;
        for (int P = 0; P < PORTS / 2; P++) {
            int Q = P + PORTS / 2, fP = sa->first[p][P], fQ = sa->first[p][Q];
            if (fP == NONE || fQ == NONE) continue;
            for (int w = 0; w < NW; w++) {
                /* on the line and not before a's first cell, from each end */
                u64 xP = sb->before[P][LINE_LEN][w] & ~sb->before[P][fP][w];
                u64 xQ = sb->before[Q][LINE_LEN][w] & ~sb->before[Q][fQ][w];
                if (xP & xQ & cp[w]) return 1;
            }
        }
    }
    return 0;
}

/* Per port P, the placements of kind b from which no placement of kind a compatible with
   them comes at or before their first cell on P's line (a b seen from P stays seen whatever
   a does), as PORTS sets of NW words; or NULL. Sets, so that a parent finds all its b's seen
   from such a port at once (unblocked_at). */
static u64 *unblockable(const Context *ctx, int a, int b) {
    const Shape *sa = ctx->shape[a], *sb = ctx->shape[b];
    u64 *t = PyMem_Calloc((size_t)PORTS * NW, sizeof(u64));
    if (!t) return NULL;
    for (int q = 0; q < sb->n; q++) {
        const u64 *cp = ctx->compat[b][a] + (size_t)q * NW;
        for (int P = 0; P < PORTS; P++) {
            int f = sb->first[q][P];
            if (f == NONE) continue;
            u64 meet = 0;
            for (int w = 0; w < NW; w++) meet |= cp[w] & sa->before[P][f + 1][w];
            if (!meet) t[P * NW + (q >> 6)] |= 1ULL << (q & 63);
        }
    }
    return t;
}

/* Into out, the placements of kind b (table `unblocked` = ctx->unblockable[a][b]) seen from
   some port of the first indices d from which no compatible placement of a can block them:
   never made unseen by a's child, so never at risk. */
static inline void unblocked_at(const Shape *B, const u64 *unblocked, const unsigned char *d,
                                u64 *out) {
    memset(out, 0, NW * sizeof(u64));
    for (int P = 0; P < PORTS; P++) {
        const u64 *x = B->before[P][d[P]], *u = unblocked + P * NW;
        for (int w = 0; w < NW; w++) out[w] |= x[w] & u[w];
    }
}

#define FEW_CHILDREN 4

/* Removes from `set` the placements at risk that the gem placed with first indices fa makes
   unseen (first indices d before it). b stays seen when some port sees it before d and
   before fa: b in before[P][min(fa[P], d[P])]. The b's left after some ports are few, so the
   loop over the ports soon ends (a few sets a child, not two port comparisons per b). */
static inline void drop_unseen(const Shape *B, const unsigned char *fa, const unsigned char *d,
                               const u64 *risk, u64 *set) {
    u64 t[NW], any = 0;
    for (int w = 0; w < NW; w++) { t[w] = set[w] & risk[w]; any |= t[w]; }
    for (int P = 0; P < PORTS && any; P++) {
        const u64 *x = B->before[P][fa[P] < d[P] ? fa[P] : d[P]];
        any = 0;
        for (int w = 0; w < NW; w++) { t[w] &= ~x[w]; any |= t[w]; }
    }
    for (int w = 0; w < NW && any; w++) set[w] &= ~t[w];
}

/* Into kill, the placements of kind A among `among` that make the last gem's placement b
   (first indices fb, seen from the ports lt; `cp` its compatible placements of A) unseen:
   compatible with it and before it on every port it is seen from. False when none does. */
static inline int killers(const Shape *A, const unsigned char *fb, u64 lt, const u64 *among,
                          const u64 *cp, u64 *kill) {
    u64 any = 0;
    for (int x = 0; x < NW; x++) { kill[x] = among[x] & cp[x]; any |= kill[x]; }
    for (; lt && any; lt &= lt - 1) {
        int P = __builtin_ctzll(lt);
        const u64 *y = A->before[P][fb[P] + 1];
        any = 0;
        for (int x = 0; x < NW; x++) { kill[x] &= y[x]; any |= kill[x]; }
    }
    return any != 0;
}

/* At the second parent of the parents' parent (level - 1, first indices gp_d): the
   placements of kind ka among its candidates that are seen and that no candidate of the
   last gem it leaves (seen, hiding no placed gem) compatible with them comes before on
   every port they are seen from; and the b's that none of those placements compatible
   with them comes before on every port they are seen from. A sibling parent only narrows
   both sets and closes ports, so either stays true there while the ports they are seen
   from are the same. */
static void sibling_safe(Search *s, int level, int ka, int kb) {
    const Context *ctx = s->ctx;
    const Shape *A = ctx->shape[ka], *B = ctx->shape[kb];
    const u64 (*gp_cand)[NW] = s->cand + (size_t)s->k * (level - 1);   /* its block */
    const u64 *xa = gp_cand[level], *compat = ctx->compat[ka][kb];
    u64 xb[NW] = {0};
    for (int P = 0; P < PORTS; P++) {
        const u64 *b = B->before[P][s->gp_d[P]];
        for (int w = 0; w < NW; w++) xb[w] |= b[w];
    }
    for (int w = 0; w < NW; w++) xb[w] &= gp_cand[s->k - 1][w] & ~s->hid[level - 1][w];
    memset(s->gp_safe, 0, sizeof s->gp_safe);
    for (int w = 0; w < NW; w++)
        for (u64 m = xa[w]; m; m &= m - 1) {
            int a = 64 * w + __builtin_ctzll(m);
            u64 lt, seen, h[NW], t[NW];
            ports_before(A->first[a], s->gp_d, A->ports[a], A->nports[a], &lt, &seen);
            if (!seen) continue;
            const u64 *cp = compat + (size_t)a * NW;
            for (int x = 0; x < NW; x++) t[x] = xb[x] & cp[x];
            hide_set(B, seen, A->first[a], t, h);
            if (empty_set(h)) s->gp_safe[w] |= 1ULL << (a & 63);
        }
    memset(s->gp_nokill, 0, sizeof s->gp_nokill);
    const u64 *compat_b = ctx->compat[kb][ka];
    for (int w = 0; w < NW; w++)
        for (u64 m = xb[w]; m; m &= m - 1) {
            int b = 64 * w + __builtin_ctzll(m);
            const unsigned char *fb = B->first[b];
            u64 lt, le, kill[NW];
            ports_before(fb, s->gp_d, B->ports[b], B->nports[b], &lt, &le);
            if (!killers(A, fb, lt, xa, compat_b + (size_t)b * NW, kill))
                s->gp_nokill[w] |= 1ULL << (b & 63);
        }
    s->gp_state = 2;
}

/* The children of this level's placements in `within` (the level before the last; first
   indices d, occupied cells occ, the last gem's narrowed candidates sb): their members,
   one node per child as the level-by-level search counted them. With marginals, tallied
   and added to the last level's planes. */
HOT static u128 pair_children(Search *s, int level, const unsigned char *d, const u64 *occ,
                              const u64 *within, const u64 *sb) {
    const Context *ctx = s->ctx;
    int ka = s->kind[level], last = s->k - 1, kb = s->kind[last];
    int same = s->same[last], vis = s->visibility, nplaced = s->nplaced;
    const Shape *A = ctx->shape[ka], *B = ctx->shape[kb];
    const u64 *compat = ctx->compat[ka][kb], *open = s->open[level];
    u64 any_open = 0, shared = 0, haskill[NW] = {0}, harm[NW] = {0}, risk[NW];
    u64 quick[NW] = {0}, safe[NW] = {0}, last_req[NW], no_kill[NW] = {0};   /* the children counted together,
                                  those no b can hide, and the last gem's answered-cell mask */
    u128 quick_total = 0, quick_lost = 0;
    long long nquick = 0;
    int direct = 0, live = 0;
    unsigned char owner[PORTS];
    u64 set[NW];                               /* those that cover the answered cells no
                                                  gem covers and the last gem may not */
    memcpy(set, within, sizeof set);
    memcpy(last_req, sb, sizeof last_req);
    for (int r = 0; r < s->nreq; r++) {
        int c = s->req_cell[r];
        if (!(occ[c >> 6] >> (c & 63) & 1) && !(s->req_holders[r] >> last & 1))
            for (int w = 0; w < NW; w++) set[w] &= A->cover[c][w];
    }
    if (vis) {
        /* the children: those meeting some b (with few, each looks at its own b's at
           risk; the sets below cost a pass over all of them) */
        for (int w = 0; w < NW; w++)
            for (u64 m = set[w]; m; m &= m - 1) {
                const u64 *cp = compat + (size_t)(64 * w + __builtin_ctzll(m)) * NW;
                u64 any = 0;
                for (int x = 0; x < NW; x++) any |= sb[x] & cp[x];
                if (!any) set[w] &= ~(m & -m);   /* no child */
                else live++;
            }
        direct = live <= FEW_CHILDREN;
        for (int j = 0; j < nplaced; j++) {   /* which gem each open port is open for */
            shared |= any_open & open[j];      /* (two tied on one cell: then look at all) */
            any_open |= open[j];
            for (u64 m = open[j]; m; m &= m - 1) owner[__builtin_ctzll(m)] = (unsigned char)j;
        }
        if (!direct) {                         /* those no compatible b can hide */
            safe_placements(ctx, ka, kb, d, safe);
            if (s->gp_state == 1) sibling_safe(s, level, ka, kb);
            if (s->gp_state == 2) {            /* and those no b left at the parents'
                                                  parent could, still seen as there; the
                                                  b's none of its a's made unseen likewise */
                u64 lost[NW] = {0}, lost_b[NW] = {0};
                for (int P = 0; P < PORTS; P++) {
                    if (d[P] >= s->gp_d[P]) continue;
                    const u64 *x = A->before[P][s->gp_d[P] < LINE_LEN ? s->gp_d[P] + 1 : LINE_LEN];
                    const u64 *y = A->before[P][d[P] + 1];
                    const u64 *xb = B->before[P][s->gp_d[P]], *yb = B->before[P][d[P]];
                    for (int w = 0; w < NW; w++) {
                        lost[w] |= x[w] & ~y[w];
                        lost_b[w] |= xb[w] & ~yb[w];
                    }
                }
                for (int w = 0; w < NW; w++) {
                    safe[w] |= s->gp_safe[w] & ~lost[w];
                    no_kill[w] = s->gp_nokill[w] & ~lost_b[w];
                }
            }
            if (s->gp_state == 0) s->gp_state = 1;
            for (int w = 0; w < NW; w++) safe[w] &= set[w];
        }
        /* the placements that close some open port of a placed gem and leave it open on
           no port that keeps it never hidden (no single-port line, no line open from both
           ends of the pair kind): only their children look at the placed gems (with few
           children, each looks at them itself: the sets would cost more) */
        if (direct) memcpy(harm, set, sizeof harm);
        for (int j = 0; j < nplaced && !direct; j++) {
            u64 o = open[j], single = s->placed_nh[j][0], pair = s->placed_nh[j][1];
            u64 h[NW] = {0}, any = 0;
            for (u64 m = o; m; m &= m - 1) {
                const u64 *x = A->before[__builtin_ctzll(m)][d[__builtin_ctzll(m)]];
                for (int w = 0; w < NW; w++) { h[w] |= x[w] & set[w]; any |= h[w]; }
            }
            for (u64 m = o & single; m && any; m &= m - 1) {
                const u64 *x = A->before[__builtin_ctzll(m)][d[__builtin_ctzll(m)]];
                any = 0;
                for (int w = 0; w < NW; w++) { h[w] &= x[w]; any |= h[w]; }
            }
            u64 both = ctx->opposite_18 ? o & pair & (o >> PORTS / 2) & ((1ULL << PORTS / 2) - 1) : 0;
            for (u64 m = both; m && any; m &= m - 1) {
                int P = __builtin_ctzll(m), Q = P + PORTS / 2;
                const u64 *x = A->before[P][d[P]], *y = A->before[Q][d[Q]];
                any = 0;
                for (int w = 0; w < NW; w++) { h[w] &= x[w] | y[w]; any |= h[w]; }
            }
            for (int w = 0; w < NW && any; w++) harm[w] |= h[w];
        }
        /* the quick children: seen, never hidden, shadowing no placed gem and covering no
           answered cell the last gem may cover; each one's members are its b's, less those
           it makes unseen (subtracted per b below) */
        if (!direct) {
            u64 covers[NW] = {0};
            for (int r = 0; r < s->nreq; r++) {
                int c = s->req_cell[r];
                if (!(occ[c >> 6] >> (c & 63) & 1) && (s->req_holders[r] >> last & 1))
                    for (int w = 0; w < NW; w++) {
                        covers[w] |= A->cover[c][w];
                        last_req[w] &= B->cover[c][w];
                    }
            }
            for (int w = 0; w < NW; w++) quick[w] = safe[w] & ~harm[w] & ~covers[w];
        }
        for (int w = 0; w < NW && !s->marginals; w++)
            for (u64 m = quick[w]; m; m &= m - 1) {
                int p = 64 * w + __builtin_ctzll(m);
                const u64 *cp = compat + (size_t)p * NW;
                u64 t[NW];
                for (int x = 0; x < NW; x++) t[x] = last_req[x] & cp[x];
                if (same) {                    /* identical gems: b's after a */
                    for (int x = 0; x < w; x++) t[x] = 0;
                    t[w] &= (p & 63) == 63 ? 0 : ~((2ULL << (p & 63)) - 1);
                }
                quick_total += (u128)popcount_set(t);
                nquick++;
            }
        /* the b's at risk: not seen from a port no a can block, nor from both ends of a
           line (with few children, every b: drop_unseen is exact for any b) */
        if (direct) memcpy(risk, sb, sizeof risk);
        else unblocked_at(B, ctx->unblockable[ka][kb], d, risk);
        for (int w = 0; w < NW && !direct; w++) risk[w] = sb[w] & ~risk[w];
        if (!ctx->pinch[ka][kb] && !direct)
            for (int P = 0; P < PORTS / 2; P++) {
                const u64 *x = B->before[P][d[P]], *y = B->before[P + PORTS / 2][d[P + PORTS / 2]];
                for (int w = 0; w < NW; w++) risk[w] &= ~(x[w] & y[w]);
            }
        const u64 *compat_b = ctx->compat[kb][ka];
        for (int w = 0; w < NW && !direct; w++)
            for (u64 m = risk[w] & ~no_kill[w]; m; m &= m - 1) {
                int b = 64 * w + __builtin_ctzll(m);
                const unsigned char *fb = B->first[b];
                u64 lt, le, kill[NW];
                ports_before(fb, d, B->ports[b], B->nports[b], &lt, &le);
                if (!killers(A, fb, lt, set, compat_b + (size_t)b * NW, kill)) continue;
                u64 scatter[NW];               /* the children that look at killed */
                for (int x = 0; x < NW; x++) scatter[x] = kill[x] & (s->marginals ? ~0ULL : ~quick[x]);
                if (!s->marginals && (last_req[w] >> (b & 63) & 1)) {   /* the quick
                                                  children's pairs it loses */
                    u64 lost[NW];
                    for (int x = 0; x < NW; x++) lost[x] = kill[x] & quick[x];
                    if (same) {                /* counted only for a before b */
                        for (int x = w + 1; x < NW; x++) lost[x] = 0;
                        lost[w] &= (1ULL << (b & 63)) - 1;
                    }
                    quick_lost += (u128)popcount_set(lost);
                }
                for (int x = 0; x < NW; x++)
                    for (u64 k = scatter[x]; k; k &= k - 1) {
                        int a = 64 * x + __builtin_ctzll(k);
                        if (!(haskill[x] >> (a & 63) & 1)) {
                            haskill[x] |= 1ULL << (a & 63);
                            memset(s->killed[a], 0, sizeof s->killed[a]);
                        }
                        s->killed[a][w] |= 1ULL << (b & 63);
                    }
            }
    }
    u128 total = 0;
    if (nquick) {                              /* the quick children, one node each */
        total = quick_total - quick_lost;
        if (tick_many(s, nquick)) return total;
    }
    for (int w = 0; w < NW; w++)
        for (u64 m = set[w] & (s->marginals ? ~0ULL : ~quick[w]); m; m &= m - 1) {
            int p = 64 * w + __builtin_ctzll(m);
            const u64 *cp = compat + (size_t)p * NW;
            u64 lastset[NW], any = 0;
            for (int x = 0; x < NW; x++) { lastset[x] = sb[x] & cp[x]; any |= lastset[x]; }
            if (!any) continue;
            int is_quick = quick[w] >> (p & 63) & 1;   /* with marginals: only the ANDs */
            const u64 *cells = A->cells[p];
            u64 occ2[2] = {occ[0] | cells[0], occ[1] | cells[1]};
            int dead = 0;
            for (int r = 0; r < s->nreq && !dead; r++) {
                int c = s->req_cell[r];
                if (!(occ2[c >> 6] >> (c & 63) & 1) && !(s->req_holders[r] >> last & 1)) dead = 1;
            }
            if (dead) continue;
            const unsigned char *fp = A->first[p];
            u64 closed = 0, seen_at = 0;
            int nchg = 0, chg[MAXG + MAXG];
            u64 chg_open[MAXG + MAXG];
            if (vis && !is_quick) {
                ports_before(fp, d, A->ports[p], A->nports[p], &closed, &seen_at);
                if (!seen_at) continue;        /* seen from no port */
                u64 m = harm[w] >> (p & 63) & 1 ? closed & any_open : 0;   /* the placed
                                                   gems it now comes before */
                for (int i = 0; m && i < nplaced; i++) {
                    int j = shared ? i : owner[__builtin_ctzll(m)];
                    u64 o = open[j] & ~closed;
                    if (!shared) m &= ~open[j];
                    if (o == open[j]) continue;
                    if (!o) { dead = 1; break; }   /* a placed gem no longer seen */
                    if (!never_hidden(ctx, o, s->placed_nh[j][0], s->placed_nh[j][1])) {
                        chg[nchg] = j; chg_open[nchg++] = o;
                    }
                }
                if (dead) continue;
            }
            if (tick(s)) return total;
            if (same) {                        /* identical gems: placements after p */
                for (int x = 0; x < w; x++) lastset[x] = 0;
                lastset[w] &= p - 64 * w == 63 ? 0 : ~((2ULL << (p - 64 * w)) - 1);
            }
            for (int r = 0; r < s->nreq; r++) {
                int c = s->req_cell[r];
                if (!(occ2[c >> 6] >> (c & 63) & 1))
                    for (int x = 0; x < NW; x++) lastset[x] &= B->cover[c][x];
            }
            if (vis) {
                if (haskill[w] >> (p & 63) & 1)
                    for (int x = 0; x < NW; x++) lastset[x] &= ~s->killed[p][x];
                if (direct) drop_unseen(B, fp, d, risk, lastset);   /* its b's at risk */
                for (int c = 0; c < nchg; c++)
                    drop_hiding(B, chg_open[c], s->placed_first[chg[c]], lastset);
                const u64 *nh = ctx->nohide[ka][kb] + 2 * (size_t)p;
                if (!is_quick && !(safe[w] >> (p & 63) & 1)
                    && !never_hidden(ctx, seen_at, nh[0], nh[1]))
                    drop_hiding(B, seen_at, fp, lastset);
            }
            int n = popcount_set(lastset);
            if (!n) continue;
            if (s->marginals) {
                add_to_planes(s, lastset);
                s->tally[level][p] += (u128)n;
                s->tallied[level][w] |= 1ULL << (p & 63);
            }
            total += (u128)n;
        }
    return total;
}
