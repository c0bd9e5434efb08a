/* The context's counting methods called from Python: count, count_leaves, count_lazy.
   Part of _counting.c: included there, not compiled on its own. */

static PyObject *u128_to_py(u128 v) {
    PyObject *hi = PyLong_FromUnsignedLongLong((unsigned long long)(v >> 64));
    PyObject *lo = PyLong_FromUnsignedLongLong((unsigned long long)v);
    PyObject *sh = PyLong_FromLong(64);
    PyObject *t = hi && sh ? PyNumber_Lshift(hi, sh) : NULL;
    PyObject *r = t && lo ? PyNumber_Or(t, lo) : NULL;
    Py_XDECREF(hi); Py_XDECREF(lo); Py_XDECREF(sh); Py_XDECREF(t);
    return r;
}

/* count(fixed, free, required, visibility, marginals, deadline, budget)
   fixed: (kind, index low, index high) triples; free: per gem kind byte + 16-byte avoid mask,
   identical gems next to each other; required: per answered coloured cell, cell byte + 8-byte
   mask of the free gems (input order) that may cover it. Returns (status, count, nodes):
   status 1 counted, 2 out of time, 3 out of nodes. */
static PyObject *Context_count(Context *self, PyObject *args) {
    const unsigned char *fixed, *free_, *req; Py_ssize_t nf, nfree, nreq;
    int visibility, marginals; double deadline; long long budget;
    if (!PyArg_ParseTuple(args, "y#y#y#ppdL", &fixed, &nf, &free_, &nfree, &req, &nreq,
                          &visibility, &marginals, &deadline, &budget)) return NULL;
    if (nf % 3 || nfree % 17 || nreq % 9 || nf / 3 > MAXG || nfree / 17 > MAXG || nreq / 9 > CELLS) {
        PyErr_SetString(PyExc_ValueError, "bad family"); return NULL;
    }
    int nfix = (int)(nf / 3), k = (int)(nfree / 17), nr = (int)(nreq / 9);
    int fix_kind[MAXG], fix_index[MAXG], in_kind[MAXG], req_cell[CELLS];
    u64 avoid[MAXG][2], req_free[CELLS];
    for (int g = 0; g < nfix; g++) {
        fix_kind[g] = fixed[3 * g]; fix_index[g] = fixed[3 * g + 1] | fixed[3 * g + 2] << 8;
        if (fix_kind[g] >= self->nkinds || fix_index[g] >= self->shape[fix_kind[g]]->n) {
            PyErr_SetString(PyExc_ValueError, "bad fixed gem"); return NULL;
        }
    }
    for (int g = 0; g < k; g++) {
        in_kind[g] = free_[17 * g];
        if (in_kind[g] >= self->nkinds) { PyErr_SetString(PyExc_ValueError, "bad free gem"); return NULL; }
        avoid[g][0] = read_u64(free_ + 17 * g + 1); avoid[g][1] = read_u64(free_ + 17 * g + 9);
    }
    for (int r = 0; r < nr; r++) {
        req_cell[r] = req[9 * r];
        if (req_cell[r] >= CELLS) { PyErr_SetString(PyExc_ValueError, "bad cell"); return NULL; }
        req_free[r] = read_u64(req + 9 * r + 1);
    }
    u128 count = 0; long long nodes = 0;
    int status = count_family(self, nfix, fix_kind, fix_index, k, in_kind, avoid, nr, req_cell,
                              req_free, visibility, marginals, deadline, budget, &count, &nodes,
                              NULL, 0);
    if (status < 0) return PyErr_NoMemory();
    PyObject *n = u128_to_py(count);
    if (!n) return NULL;
    return Py_BuildValue("(iNL)", status, n, nodes);
}

/* The answered coloured cells of count_leaves and count_lazy (cell byte + 2 bytes: the kinds
   that show its answer) into req_cell and ans_kinds, after checking the forbidden table's size
   (16 bytes a kind); their number, or -1 with a ValueError set. */
static int read_answers(int nk, Py_ssize_t nforb, const unsigned char *ans, Py_ssize_t nans,
                        int *req_cell, int *ans_kinds) {
    int nr = (int)(nans / 3);
    if (nforb != 16 * nk || nans % 3 || nr > CELLS) {
        PyErr_SetString(PyExc_ValueError, "bad counting inputs"); return -1;
    }
    for (int r = 0; r < nr; r++) {
        req_cell[r] = ans[3 * r]; ans_kinds[r] = ans[3 * r + 1] | ans[3 * r + 2] << 8;
        if (req_cell[r] >= CELLS) { PyErr_SetString(PyExc_ValueError, "bad cell"); return -1; }
    }
    return nr;
}

/* count_leaves(leaves, forbidden, answers, visibility, marginals, deadline, budget): the
   families of the compiled frontier search's leaves, as its step() gives them ((left counts
   by kind, path cells, ((kind, index), ...)), ...), counted without a Python object each.
   forbidden: 16 bytes per kind (answered cells it may not cover); answers: per answered
   coloured cell, cell byte + 2 bytes mask of the kinds that show its answer.
   Returns (status, count, nodes, leaves counted). A family looks at the budget only when its
   own nodes pass a multiple of 4096, so the call also stops (status 3) once the nodes of the
   families counted pass it: a batch of small families overruns it by one family at most. */
static PyObject *Context_count_leaves(Context *self, PyObject *args) {
    PyObject *leaves; const unsigned char *forb, *ans; Py_ssize_t nforb, nans;
    int visibility, marginals; double deadline; long long budget;
    if (!PyArg_ParseTuple(args, "O!y#y#ppdL", &PyList_Type, &leaves, &forb, &nforb, &ans, &nans,
                          &visibility, &marginals, &deadline, &budget)) return NULL;
    int req_cell[CELLS], ans_kinds[CELLS];
    int nk = self->nkinds, nr = read_answers(nk, nforb, ans, nans, req_cell, ans_kinds);
    if (nr < 0) return NULL;
    u128 count = 0; long long nodes = 0;
    int status = 1;
    Py_ssize_t n = PyList_GET_SIZE(leaves), done = 0;
    PyObject *sixty_four = PyLong_FromLong(64);
    if (!sixty_four) return NULL;
    for (Py_ssize_t i = 0; i < n && status == 1; i++) {
        PyObject *leaf = PyList_GET_ITEM(leaves, i);
        const char *left; Py_ssize_t nleft; PyObject *paths, *placed;
        if (!PyArg_ParseTuple(leaf, "y#OO", &left, &nleft, &paths, &placed)) goto fail;
        if (nleft != nk || !PyTuple_Check(placed) || PyTuple_GET_SIZE(placed) > MAXG) {
            PyErr_SetString(PyExc_ValueError, "bad leaf"); goto fail;
        }
        u64 path0 = PyLong_AsUnsignedLongLongMask(paths);
        PyObject *high = PyNumber_Rshift(paths, sixty_four);
        if (!high) goto fail;
        u64 path1 = PyLong_AsUnsignedLongLongMask(high);
        Py_DECREF(high);
        if (PyErr_Occurred()) goto fail;
        int nfix = (int)PyTuple_GET_SIZE(placed), fix_kind[MAXG], fix_index[MAXG];
        for (int g = 0; g < nfix; g++) {
            if (!PyArg_ParseTuple(PyTuple_GET_ITEM(placed, g), "ii", &fix_kind[g], &fix_index[g]))
                goto fail;
            if (fix_kind[g] < 0 || fix_kind[g] >= nk || fix_index[g] < 0
                || fix_index[g] >= self->shape[fix_kind[g]]->n) {
                PyErr_SetString(PyExc_ValueError, "bad placed gem"); goto fail;
            }
        }
        int k = 0, in_kind[MAXG];
        u64 avoid[MAXG][2], req_free[CELLS];
        for (int a = 0; a < nk; a++)
            for (int c = 0; c < (unsigned char)left[a]; c++) {
                if (k >= MAXG) { PyErr_SetString(PyExc_ValueError, "bad leaf"); goto fail; }
                in_kind[k] = a;
                avoid[k][0] = path0 | read_u64(forb + 16 * a);
                avoid[k][1] = path1 | read_u64(forb + 16 * a + 8);
                k++;
            }
        for (int r = 0; r < nr; r++) {
            req_free[r] = 0;
            for (int g = 0; g < k; g++) if (ans_kinds[r] >> in_kind[g] & 1) req_free[r] |= 1ULL << g;
        }
        long long left_budget = budget < 0 ? -1 : (budget > nodes ? budget - nodes : 0);
        status = count_family(self, nfix, fix_kind, fix_index, k, in_kind, avoid, nr, req_cell,
                              req_free, visibility, marginals, deadline, left_budget, &count, &nodes,
                              NULL, 0);
        if (status < 0) { PyErr_NoMemory(); goto fail; }
        if (status == 1) done++;
        if (status == 1 && budget >= 0 && nodes > budget) status = 3;   /* (small families) */
    }
    Py_DECREF(sixty_four);
    PyObject *c = u128_to_py(count);
    if (!c) return NULL;
    return Py_BuildValue("(iNLn)", status, c, nodes, done);
fail:
    Py_DECREF(sixty_four);
    return NULL;
}

/* count_lazy(leaves, forbidden, answers, visibility, marginals, deadline, budget): the
   families of the lazy frontier search (solver/orapa/search/_lazy.c, lazy_step), as one bytes
   object: per leaf, touched gems n, left counts by kind, path cells (16 bytes), then per
   touched gem its kind and its placements still possible (40 bytes). A touched gem is counted
   as a gem starting from those placements, apart from every other gem (its placements cover
   a path cell no free gem may cover). forbidden and answers as count_leaves.
   Returns (status, count, nodes, leaves counted). */
static PyObject *Context_count_lazy(Context *self, PyObject *args) {
    const unsigned char *blob, *forb, *ans; Py_ssize_t nblob, nforb, nans;
    int visibility, marginals; double deadline; long long budget;
    if (!PyArg_ParseTuple(args, "y#y#y#ppdL", &blob, &nblob, &forb, &nforb, &ans, &nans,
                          &visibility, &marginals, &deadline, &budget)) return NULL;
    int req_cell[CELLS], ans_kinds[CELLS];
    int nk = self->nkinds, nr = read_answers(nk, nforb, ans, nans, req_cell, ans_kinds);
    if (nr < 0) return NULL;
    u128 count = 0; long long nodes = 0;
    int status = 1;
    Py_ssize_t at = 0, done = 0;
    u64 dom[MAXG][NW];
    while (at < nblob && status == 1) {
        int ninst = blob[at];
        if (ninst > MAXG || at + 1 + nk + 16 + 41 * (Py_ssize_t)ninst > nblob) {
            PyErr_SetString(PyExc_ValueError, "bad lazy leaf"); return NULL;
        }
        const unsigned char *left = blob + at + 1, *p = left + nk + 16;
        u64 path0 = read_u64(left + nk), path1 = read_u64(left + nk + 8);
        int k = 0, in_kind[MAXG];
        u64 avoid[MAXG][2], req_free[CELLS];
        for (int j = 0; j < ninst; j++, p += 41) {
            in_kind[k] = p[0];
            if (in_kind[k] >= nk) { PyErr_SetString(PyExc_ValueError, "bad lazy leaf"); return NULL; }
            for (int w = 0; w < NW; w++) dom[k][w] = read_u64(p + 1 + 8 * w);
            avoid[k][0] = avoid[k][1] = 0;
            k++;
        }
        for (int a = 0; a < nk; a++)
            for (int c = 0; c < left[a]; c++) {
                if (k >= MAXG) { PyErr_SetString(PyExc_ValueError, "bad lazy leaf"); return NULL; }
                in_kind[k] = a;
                avoid[k][0] = path0 | read_u64(forb + 16 * a);
                avoid[k][1] = path1 | read_u64(forb + 16 * a + 8);
                k++;
            }
        at = p - blob;
        for (int r = 0; r < nr; r++) {
            req_free[r] = 0;
            for (int g = 0; g < k; g++) if (ans_kinds[r] >> in_kind[g] & 1) req_free[r] |= 1ULL << g;
        }
        long long left_budget = budget < 0 ? -1 : (budget > nodes ? budget - nodes : 0);
        u64 has_dom = ninst >= 64 ? ~0ULL : (1ULL << ninst) - 1;
        status = count_family(self, 0, NULL, NULL, k, in_kind, avoid, nr, req_cell, req_free,
                              visibility, marginals, deadline, left_budget, &count, &nodes,
                              (const u64 (*)[NW])dom, has_dom);
        if (status < 0) return PyErr_NoMemory();
        if (status == 1) done++;
        if (status == 1 && budget >= 0 && nodes > budget) status = 3;
    }
    PyObject *c = u128_to_py(count);
    if (!c) return NULL;
    return Py_BuildValue("(iNLn)", status, c, nodes, done);
}

