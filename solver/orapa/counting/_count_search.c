/* The search over a family's free gems, and the count of one family.
   Part of _counting.c: included there, not compiled on its own. */

/* The levels before the last: every placement of this level's gem still a candidate (after
   the previous identical gem), each child narrowing the later levels' candidates to the
   placements compatible with it and updating the visibility state (open ports, hid). The
   level before the last counts its children at once (pair_children, _count_pair.c). */
HOT static u128 dfs(Search *s, int level, u64 (*cand)[NW], const unsigned char *d, const u64 *occ,
                int prev) {
    Context *ctx = s->ctx;
    int kind = s->kind[level];
    const Shape *sh = ctx->shape[kind];
    const Shape *last = ctx->shape[s->kind[s->k - 1]];
    if (tick(s)) return 0;
    u64 set[NW];
    memcpy(set, cand[level], sizeof set);
    if (s->same[level]) after_previous(set, prev);   /* identical gems: increasing order */
    int nplaced = s->nplaced, vis = s->visibility;
    const u64 *open = s->open[level];
    u64 *open2 = s->open[level + 1], *hid2 = s->hid[level + 1];
    if (level == s->k - 2) {                   /* the children are the last level: at once */
        u64 *c = cand[s->k - 1];
        if (vis) {
            /* the last gem's candidates this node's children share: seen now (placing gems
               only blocks more) and hiding no placed gem yet (hid only grows) */
            u64 seen[NW] = {0}, any = 0;
            for (int P = 0; P < PORTS; P++) {
                const u64 *b = last->before[P][d[P]];
                for (int w = 0; w < NW; w++) seen[w] |= b[w];
            }
            for (int w = 0; w < NW; w++) { c[w] &= seen[w] & ~s->hid[level][w]; any |= c[w]; }
            if (!any) return 0;
        }
        return pair_children(s, level, d, occ, set, c);
    }
    if (triangles_apply(s, level, occ)) return triangles(s, level, set, cand);  /* no visibility */
    u128 total = 0;
    /* by subtraction (_count_subtract.c), where the three gems' sets are large enough to pay
       for its set-up: |A| (|B| + |C|) at least Context.subtract_min */
    if (level == s->k - 3 && vis && !s->marginals
        && (long long)popcount_set(set) * (popcount_set(cand[level + 1])
                                           + popcount_set(cand[level + 2])) >= ctx->subtract_min) {
        u128 n;
        long long ticks;
        if (subtract_gp(s, level, d, occ, set, cand, &n, &ticks)) { tick_many(s, ticks); return n; }
    }
    if (level == s->k - 3 && vis) {            /* the parents' parent (_count_pair.c) */
        s->gp_state = 0;
        memcpy(s->gp_d, d, PORTS);
    }
    u64 (*next)[NW] = cand + s->k;             /* this level's copy lives after the parent's */
    for (int w = 0; w < NW; w++)
        for (u64 m = set[w]; m; m &= m - 1) {
            int p = 64 * w + __builtin_ctzll(m);
            u64 occ2[2];
            if (!narrow_child(s, kind, level, p, cand, next, occ, occ2)) continue;
            int dead = 0;
            const unsigned char *fp = sh->first[p];
            u64 closed, seen_at;               /* ports it is now first on; and first or tied */
            ports_before(fp, d, sh->ports[p], sh->nports[p], &closed, &seen_at);
            int nchg = 0, chg[MAXG + MAXG];    /* placed gems whose open ports changed */
            int self_hidable = 0;
            const u64 *nh = NULL;
            if (vis) {
                if (!seen_at) continue;        /* the new gem is seen from no port */
                for (int j = 0; j < nplaced; j++) {
                    u64 o = open[j] & ~closed;
                    open2[j] = o;
                    if (o == open[j]) continue;
                    if (!o) { dead = 1; break; }   /* a placed gem no longer seen */
                    if (!never_hidden(ctx, o, s->placed_nh[j][0], s->placed_nh[j][1]))
                        chg[nchg++] = j;
                }
                if (dead) continue;
                open2[nplaced] = seen_at;
                nh = ctx->nohide[kind][s->kind[s->k - 1]] + 2 * (size_t)p;
                self_hidable = !never_hidden(ctx, seen_at, nh[0], nh[1]);
                memcpy(hid2, s->hid[level], sizeof s->hid[level]);
                u64 h[NW];
                for (int c = 0; c < nchg; c++) {
                    hide_set(last, open2[chg[c]], s->placed_first[chg[c]], NULL, h);
                    for (int x = 0; x < NW; x++) hid2[x] |= h[x];
                }
                if (self_hidable) {
                    hide_set(last, seen_at, fp, NULL, h);
                    for (int x = 0; x < NW; x++) hid2[x] |= h[x];
                }
                s->placed_nh[nplaced][0] = nh[0];
                s->placed_nh[nplaced][1] = nh[1];
            }
            s->placed_first[nplaced] = fp;
            s->nplaced++;
            unsigned char d2[PORTS];
            memcpy(d2, d, PORTS);
            for (int i = 0; i < sh->nports[p]; i++) {
                int P = sh->ports[p][i];
                if (fp[P] < d[P]) d2[P] = fp[P];
            }
            u128 sub = dfs(s, level + 1, next, d2, occ2, p);
            if (s->marginals && sub) {
                s->tally[level][p] += sub;
                s->tallied[level][p >> 6] |= 1ULL << (p & 63);
            }
            total += sub;
            s->nplaced--;
            if (s->stopped) return total;
        }
    return total;
}

/* One family: fixed gems (kind, index), free gems (kind, avoid cells; identical gems next to
   each other), required cells (cell, mask of the free gems by input position that may cover
   it). `dom` (or NULL): per free gem, the placements it starts from when bit g of `has_dom`
   is set (a touched gem of the lazy search, never taken as identical to another gem).
   Adds to *count and *nodes; returns the status: 1 done, 2 time, 3 nodes, -1 no memory. */
HOT static int count_family(Context *self, int nfix, const int *fix_kind, const int *fix_index,
                        int k, const int *in_kind, const u64 (*avoid)[2], int nreq,
                        const int *req_cell, const u64 *req_free, int visibility, int marginals,
                        double deadline, long long budget, u128 *count_out, long long *nodes,
                        const u64 (*dom)[NW], u64 has_dom) {
    Search *s = self->scratch;                 /* planes and last_count are left zero */
    s->ctx = self;
    s->visibility = visibility; s->marginals = marginals;
    s->deadline = deadline; s->budget = budget;
    s->nodes = 0; s->stopped = 0; s->nplaced = 0; s->nreq = 0; s->added = 0;
    unsigned char d[PORTS];
    memset(d, LINE_LEN, sizeof d);
    u64 occ[2] = {0, 0};
    u64 in_cand[MAXG][NW];
    for (int g = 0; g < nfix; g++) {
        Shape *sh = self->shape[fix_kind[g]];
        int p = fix_index[g];
        s->placed_first[s->nplaced++] = sh->first[p];
        for (int P = 0; P < PORTS; P++) if (sh->first[p][P] < d[P]) d[P] = sh->first[p][P];
        occ[0] |= sh->cells[p][0]; occ[1] |= sh->cells[p][1];
    }
    int group[MAXG];                           /* identical gems share a group */
    for (int g = 0; g < k; g++) {
        Shape *sh = self->shape[in_kind[g]];
        int touched = dom && (has_dom >> g & 1);
        group[g] = g && !touched && !(has_dom >> (g - 1) & 1) && in_kind[g] == in_kind[g - 1]
                   ? group[g - 1] : g;
        if (touched) {
            for (int w = 0; w < NW; w++) in_cand[g][w] = dom[g][w] & sh->all[w];
        } else if (g && group[g] == group[g - 1] && avoid[g][0] == avoid[g - 1][0]
                   && avoid[g][1] == avoid[g - 1][1]) {
            memcpy(in_cand[g], in_cand[g - 1], sizeof in_cand[g]);
            continue;                          /* the same set, fixed gems applied */
        } else {
            for (int w = 0; w < NW; w++) in_cand[g][w] = sh->all[w];
            for (int h = 0; h < 2; h++)
                for (u64 m = avoid[g][h]; m; m &= m - 1) {
                    int c = 64 * h + __builtin_ctzll(m);
                    if (c >= CELLS) break;
                    for (int w = 0; w < NW; w++) in_cand[g][w] &= ~sh->cover[c][w];
                }
        }
        for (int j = 0; j < nfix; j++) {
            const u64 *cp = self->compat[fix_kind[j]][in_kind[g]] + (size_t)fix_index[j] * NW;
            for (int w = 0; w < NW; w++) in_cand[g][w] &= cp[w];
        }
    }
    /* search order: groups of identical gems, fewest candidates first (the largest is last,
       counted by popcount) */
    int order[MAXG], n_order = 0, done[MAXG] = {0}, size[MAXG];
    for (int g = 0; g < k; g++) size[g] = popcount_set(in_cand[g]);
    while (n_order < k) {
        int best = -1, best_n = 1 << 30;
        for (int g = 0; g < k; g++) {
            if (done[g] || (g && group[g] == group[g - 1] && !done[g - 1])) continue;
            int n = size[g];
            if (n < best_n) { best = g; best_n = n; }
        }
        for (int g = best; g < k && group[g] == group[best]; g++) {
            if (done[g]) continue;
            done[g] = 1; order[n_order++] = g;
        }
    }
    s->k = k;
    s->gp_state = -1;
    u64 (*cand)[NW] = s->cand;
    int level_of[MAXG];
    for (int l = 0; l < k; l++) {
        int g = order[l];
        level_of[g] = l;
        s->kind[l] = in_kind[g];
        s->same[l] = l > 0 && group[order[l - 1]] == group[g];
        memcpy(cand[l], in_cand[g], sizeof cand[l]);
    }
    int ok = 1;
    for (int r = 0; r < nreq; r++) {
        int c = req_cell[r];
        if (occ[c >> 6] >> (c & 63) & 1) continue;     /* a fixed gem covers it */
        u64 by_level = 0;
        for (int g = 0; g < k; g++) if (req_free[r] >> g & 1) by_level |= 1ULL << level_of[g];
        if (!by_level) ok = 0;
        s->req_cell[s->nreq] = c;
        s->req_holders[s->nreq++] = by_level;
    }
    u128 count = 0;
    if (ok && visibility && k) {
        /* the fixed gems' open ports and the last level's placements that would hide them */
        const Shape *last = self->shape[s->kind[k - 1]];
        memset(s->hid[0], 0, sizeof s->hid[0]);
        for (int j = 0; j < nfix && ok; j++) {
            const Shape *sh = self->shape[fix_kind[j]];
            int p = fix_index[j];
            u64 o = 0;
            for (int i = 0; i < sh->nports[p]; i++) {
                int P = sh->ports[p][i];
                if (d[P] == sh->first[p][P]) o |= 1ULL << P;
            }
            if (!o) { ok = 0; break; }
            s->open[0][j] = o;
            const u64 *nh = self->nohide[fix_kind[j]][s->kind[k - 1]] + 2 * (size_t)p;
            s->placed_nh[j][0] = nh[0];
            s->placed_nh[j][1] = nh[1];
            u64 h[NW];
            hide_set(last, o, sh->first[p], NULL, h);
            for (int w = 0; w < NW; w++) s->hid[0][w] |= h[w];
        }
    } else if (ok && visibility) {
        for (int j = 0; j < nfix && ok; j++) {
            const Shape *sh = self->shape[fix_kind[j]];
            int p = fix_index[j], o = 0;
            for (int i = 0; i < sh->nports[p]; i++) o |= d[sh->ports[p][i]] == sh->first[p][sh->ports[p][i]];
            if (!o) ok = 0;
        }
    }
    if (ok && k == 0) {
        count = s->nreq ? 0 : 1;
    } else if (ok) {
        for (int l = 0; l < k && ok; l++) if (empty_set(cand[l])) ok = 0;
        if (ok && k == 1) {
            u64 seen[NW] = {0}, set[NW];
            if (visibility)
                for (int P = 0; P < PORTS; P++)
                    for (int w = 0; w < NW; w++) seen[w] |= self->shape[s->kind[0]]->before[P][d[P]][w];
            memcpy(set, cand[0], sizeof set);
            if (last_filter(s, set, -1, occ)) {
                if (visibility)
                    for (int w = 0; w < NW; w++) set[w] &= seen[w] & ~s->hid[0][w];
                count = last_total(s, set);
            }
        } else if (ok) {
            count = small_family(s) ? small_dfs(s, 0, cand, d, occ, -1)   /* _count_small.c */
                                    : dfs(s, 0, cand, d, occ, -1);
        }
    }
    int status = s->stopped ? s->stopped : 1;
    flush_last(s);
    for (int l = 0; l + 1 < k && marginals; l++)    /* the levels' tallies, then cleared */
        for (int w = 0; w < NW; w++) {
            for (u64 m = s->tallied[l][w]; m; m &= m - 1) {
                int p = 64 * w + __builtin_ctzll(m);
                if (status == 1) add_cells(self, s->kind[l], self->shape[s->kind[l]]->cells[p],
                                           s->tally[l][p]);
                s->tally[l][p] = 0;
            }
            s->tallied[l][w] = 0;
        }
    if (status == 1 && marginals && count) {
        for (int j = 0; j < nfix; j++)
            add_cells(self, fix_kind[j], self->shape[fix_kind[j]]->cells[fix_index[j]], count);
        if (k) {
            int kind = s->kind[k - 1];
            Shape *sh = self->shape[kind];
            for (int p = 0; p < sh->n; p++)
                if (s->last_count[p]) add_cells(self, kind, sh->cells[p], s->last_count[p]);
        }
        self->total += count;
    }
    if (marginals) memset(s->last_count, 0, sizeof s->last_count);
    *nodes += s->nodes;
    *count_out += count;
    return status;
}

