/* start(): the search's tables, gems, waves and masks read into a Search, and its root.
 * Part of _frontier.c: included there, not compiled on its own. */

/* The quarter patterns a gem may give `cell` entered moving `d` (see _allowed_patterns). */
static uint16_t allowed_patterns(Search *s, int port, int exit_, int cell, int d, int done) {
    uint16_t allowed = 0;
    for (int pattern = 1; pattern < 16; pattern++) {
        int out = s->route_out[pattern][d];
        if (out == (d + 2) % 4 && exit_ != port) continue;
        if (s->neighbour[cell][out] < 0 && (exit_ != s->exit_port[cell][out] || !done)) continue;
        allowed |= (uint16_t)(1 << pattern);
    }
    return allowed;
}

static int read_cells(const uint8_t *p, Cells *c) { memcpy(c->w, p, 16); return 16; }
static int read_quarters(const uint8_t *p, Quarters *q) { memcpy(q->w, p, 40); return 40; }

/* start(tables, kinds, placements, waves, masks):
 *   tables: neighbour (80x4 int8), exit port (80x4 int8), route out (16x4 uint8)
 *   kinds: per kind: count, colour bits, black, forbidden cells (16 bytes)
 *   placements: per kind a bytes object: per placement mask (40), touch (40), cells (16),
 *     parts count (1), then that many (cell, pattern) pairs, sight lines count (1), then
 *     that many cell masks (16 each)
 *   waves: per wave: port, entry cell, entry direction, exit (-1 absorbed, as int8), wanted
 *     colour, placeable kinds (4 bytes), flags (1: the colour is not said, 2: a bounce count
 *     is), the bounce count (2 bytes)
 *   masks: answered cells (16), cells known empty (16), met_by_all (1), visibility (1),
 *     the cover cut (1: on; 0 for the search the generator's difficulty levels were set on)
 *   seed: see the top of this file */
static PyObject *start(PyObject *self, PyObject *args) {
    Py_buffer tables, kinds, waves, masks;
    PyObject *placements;
    unsigned long long seed = 0;
    if (!PyArg_ParseTuple(args, "y*y*Oy*y*|K", &tables, &kinds, &placements, &waves, &masks,
                          &seed))
        return NULL;
    PyObject *result = NULL;
    Search *s = calloc(1, sizeof(Search));
    if (!s) { PyErr_NoMemory(); goto done; }
    if (tables.len != CELLS * 4 * 2 + 64 || kinds.len % 19 || waves.len % WAVE_BYTES || masks.len != 35
            || !PyTuple_Check(placements)) {
        PyErr_SetString(PyExc_ValueError, "frontier start: malformed tables");
        goto done;
    }
    const uint8_t *t = tables.buf;
    memcpy(s->neighbour, t, CELLS * 4);
    memcpy(s->exit_port, t + CELLS * 4, CELLS * 4);
    memcpy(s->route_out, t + CELLS * 8, 64);
    s->kinds = (int)(kinds.len / 19);
    s->waves = (int)(waves.len / WAVE_BYTES);
    if (s->kinds > MAX_KINDS || PyTuple_GET_SIZE(placements) != s->kinds || s->waves > 4096) {
        PyErr_SetString(PyExc_ValueError, "frontier start: too many kinds or waves");
        goto done;
    }
    Head *root_head = NULL;
    s->stride = sizeof(Head) + sizeof(Front) * (size_t)s->waves;
    s->stride = (s->stride + 7) & ~(size_t)7;
    s->exit_ = calloc(s->waves + 1, sizeof(int16_t));
    s->wanted = calloc(s->waves + 1, 1);
    s->placeable = calloc(s->waves + 1, sizeof(uint32_t));
    s->any_colour = calloc(s->waves + 1, 1);
    s->most = calloc(s->waves + 1, sizeof(int32_t));
    s->counted = calloc(s->waves + 1, 1);
    s->turns = calloc((size_t)s->waves * CELLS * 4 * 2 + 1, sizeof(uint16_t));
    s->scratch = calloc(s->waves + 1, sizeof(Front));
    if (!s->exit_ || !s->wanted || !s->placeable || !s->turns || !s->any_colour
            || !s->most || !s->counted || !s->scratch) {
        PyErr_NoMemory(); goto done;
    }
    const uint8_t *k = kinds.buf;
    uint8_t counts[MAX_KINDS];
    for (int i = 0; i < s->kinds; i++, k += 19) {
        counts[i] = k[0];
        s->bits[i] = k[1];
        s->black[i] = k[2];
        read_cells(k + 3, &s->forbidden[i]);
        PyObject *data = PyTuple_GET_ITEM(placements, i);
        if (!PyBytes_Check(data)) {
            PyErr_SetString(PyExc_TypeError, "frontier start: placements must be bytes");
            goto done;
        }
        const uint8_t *p = (const uint8_t *)PyBytes_AS_STRING(data);
        const uint8_t *end = p + PyBytes_GET_SIZE(data);
        int n = 0, cap = 64;
        Placement *list = malloc(sizeof(Placement) * cap);
        if (!list) { PyErr_NoMemory(); goto done; }
        s->placements[i] = list;
        while (p < end) {
            if (n == cap) {
                cap *= 2;
                list = realloc(s->placements[i], sizeof(Placement) * cap);
                if (!list) { PyErr_NoMemory(); goto done; }
                s->placements[i] = list;
            }
            Placement *pl = &list[n++];
            if (end - p < 98 || p[96] > MAX_PARTS || end - p < 98 + 2 * p[96]
                    || p[97 + 2 * p[96]] > MAX_LINES
                    || end - p < 98 + 2 * p[96] + 16 * p[97 + 2 * p[96]]) {
                PyErr_SetString(PyExc_ValueError, "frontier start: malformed placement");
                goto done;
            }
            p += read_quarters(p, &pl->mask);
            p += read_quarters(p, &pl->touch);
            p += read_cells(p, &pl->cell);
            pl->nparts = *p++;
            for (int j = 0; j < pl->nparts; j++) {
                pl->part_cell[j] = *p++;
                pl->part_pattern[j] = *p++;
            }
            pl->nlines = *p++;
            for (int j = 0; j < pl->nlines; j++) p += read_cells(p, &pl->line[j]);
        }
        s->nplacements[i] = n;
        s->size[i] = n ? __builtin_popcountll(list[0].cell.w[0]) + __builtin_popcountll(list[0].cell.w[1]) : 0;
        /* by cell, in placement order (as by_cell_entries) */
        for (int j = 0; j < n; j++)
            for (int q = 0; q < list[j].nparts; q++) s->by_cell_n[i][list[j].part_cell[q]]++;
        for (int c = 0; c < CELLS; c++) {
            s->by_cell[i][c] = malloc(sizeof(Entry) * (s->by_cell_n[i][c] + 1));
            if (!s->by_cell[i][c]) { PyErr_NoMemory(); goto done; }
            s->by_cell_n[i][c] = 0;
        }
        for (int j = 0; j < n; j++)
            for (int q = 0; q < list[j].nparts; q++) {
                int c = list[j].part_cell[q];
                Entry *e = &s->by_cell[i][c][s->by_cell_n[i][c]++];
                e->index = (uint16_t)j;
                e->pattern = list[j].part_pattern[q];
            }
    }
    const uint8_t *m = masks.buf;
    Cells empty0;
    read_cells(m, &s->answered);
    read_cells(m + 16, &empty0);
    s->met_by_all = m[32];
    s->visibility = m[33];
    s->exit_cut = m[34];      /* the graded search keeps neither cut */
    s->rng = seed;
    for (int c = 0; c < CELLS && m[34]; c++)   /* the cover cut's cells */
        if (cell_in(&s->answered, c)) s->answered_cell[s->nanswered++] = (uint8_t)c;
    /* the root: every wave at its entry */
    root_head = push(s);
    if (!root_head) { PyErr_NoMemory(); goto done; }
    memset(root_head, 0, s->stride);
    memcpy(root_head->left, counts, s->kinds);
    root_head->empty = empty0;
    root_head->move_kind = -1;
    const uint8_t *w = waves.buf;
    Front *fr = fronts_of(root_head);
    for (int i = 0; i < s->waves; i++, w += WAVE_BYTES) {
        int port = w[0];
        s->exit_[i] = (int8_t)w[3];
        s->wanted[i] = w[4];
        memcpy(&s->placeable[i], w + 5, 4);
        s->any_colour[i] = w[9] & 1;
        s->counted[i] = (w[9] >> 1) & 1;
        s->most[i] = s->counted[i] ? (int32_t)(w[10] | w[11] << 8) : (int32_t)1 << 30;
        fr[i].cell = w[1];
        fr[i].d = w[2];
        fr[i].color = 0;
        fr[i].met = 0;
        for (int c = 0; c < CELLS; c++)
            for (int d = 0; d < 4; d++)
                for (int done_ = 0; done_ < 2; done_++)
                    s->turns[((size_t)i * CELLS * 4 + 4 * c + d) * 2 + done_] =
                        allowed_patterns(s, port, s->exit_[i], c, d, done_);
    }
    result = PyCapsule_New(s, "orapa.frontier", capsule_free);
    if (result) s = NULL;
done:
    search_free(s);
    PyBuffer_Release(&tables);
    PyBuffer_Release(&kinds);
    PyBuffer_Release(&waves);
    PyBuffer_Release(&masks);
    return result;
}
