/* trace_configure(): the board's tables handed over from games.orapa.waves, read once
 * Part of _trace.c: included there, not compiled on its own. */

static int read_table(PyObject *obj, void *dest, Py_ssize_t size, const char *name) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return -1;
    if (view.len != size) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd bytes, got %zd", name, size, view.len);
        PyBuffer_Release(&view);
        return -1;
    }
    memcpy(dest, view.buf, (size_t)size);
    PyBuffer_Release(&view);
    return 0;
}

static PyObject *trace_configure(PyObject *self, PyObject *args) {
    PyObject *neighbour, *exit_port, *entry_cell, *entry_dir, *route_out, *route_hit;
    int absorbs;
    if (!PyArg_ParseTuple(args, "OOOOOOi", &neighbour, &exit_port, &entry_cell, &entry_dir,
                          &route_out, &route_hit, &absorbs))
        return NULL;
    if (read_table(neighbour, NEIGHBOUR, sizeof NEIGHBOUR, "neighbour") < 0 ||
        read_table(exit_port, EXIT_PORT, sizeof EXIT_PORT, "exit_port") < 0 ||
        read_table(entry_cell, ENTRY_CELL, sizeof ENTRY_CELL, "entry_cell") < 0 ||
        read_table(entry_dir, ENTRY_DIR, sizeof ENTRY_DIR, "entry_dir") < 0 ||
        read_table(route_out, ROUTE_OUT, sizeof ROUTE_OUT, "route_out") < 0 ||
        read_table(route_hit, ROUTE_HIT, sizeof ROUTE_HIT, "route_hit") < 0)
        return NULL;
    for (int c = 0; c < CELLS; c++)
        for (int d = 0; d < 4; d++)
            if (NEIGHBOUR[c][d] >= CELLS || EXIT_PORT[c][d] >= PORTS) {
                PyErr_SetString(PyExc_ValueError, "board table out of range");
                return NULL;
            }
    for (int p = 0; p < PORTS; p++)
        if (ENTRY_CELL[p] >= CELLS || ENTRY_DIR[p] > 3) {
            PyErr_SetString(PyExc_ValueError, "entry table out of range");
            return NULL;
        }
    for (int m = 0; m < 16; m++)
        for (int d = 0; d < 4; d++)
            if (ROUTE_OUT[m][d] > 3 || ROUTE_HIT[m][d] > 3) {
                PyErr_SetString(PyExc_ValueError, "route table out of range");
                return NULL;
            }
    ABSORBS = (uint8_t)absorbs;
    for (int m = 0; m < 16; m++)
        for (int d = 0; d < 4; d++) {
            int hit = ROUTE_HIT[m][d];
            STEP[m][d] = (uint8_t)(ROUTE_OUT[m][d] | (hit >= 0 ? (hit << 2) | 16 : 0));
        }
    for (int c = 0; c < CELLS; c++) {  /* the row-major grid next_stop() assumes */
        int r = c / COLUMNS, x = c % COLUMNS;
        if (NEIGHBOUR[c][0] != (r > 0 ? c - COLUMNS : -1) ||
            NEIGHBOUR[c][1] != (x < COLUMNS - 1 ? c + 1 : -1) ||
            NEIGHBOUR[c][2] != (r < ROWS - 1 ? c + COLUMNS : -1) ||
            NEIGHBOUR[c][3] != (x > 0 ? c - 1 : -1)) {
            PyErr_SetString(PyExc_ValueError, "neighbour table: not the row-major 10x8 board");
            return NULL;
        }
    }
    for (int e = 0; e <= PORTS; e++)
        for (int c = 0; c < 16; c++)
            if (PAIRS[e][c] == NULL && (PAIRS[e][c] = Py_BuildValue("(ii)", e - 1, c)) == NULL)
                return NULL;
    configured = 1;
    Py_RETURN_NONE;
}
