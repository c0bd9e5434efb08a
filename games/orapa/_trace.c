/* The compiled wave tracer: the routing of games.orapa.waves.python_trace_answers in C.
 *
 * A layout is its 320 quarter codes (one byte each, see Layout.quarter_codes). A wave jumps from
 * one occupied cell to the next along its line (a bit scan of the row's or column's occupancy
 * mask), reads the four quarters there, turns or reflects by the ROUTE table, and goes on until
 * it leaves the board or hits an absorbing quarter. The tables come from the Python modules:
 * configure() takes the neighbours, exit ports, entries and routing once (and checks that the
 * board is the row-major 10x8 grid the bit scans assume), so the rules have one source.
 *
 * answers(codes, ports=None)         -> [(exit port or -1, colour bits)], one per port
 * layout_answers(layout, ports=None) -> the same for layout.quarter_bytes, in one call
 * batch(codes, n, ports, exits, colors) fills two int64 buffers of n * len(ports) entries.
 * layout_counts(layout, ports=None) -> [(exit port or -1, colour bits, bounces)]: the answers
 *   with the number of gem faces each wave met (RULINGS O9; 0 for an absorbed wave).
 *
 * The pairs returned come from a table made by configure() (37 exits x 16 colours), so a call
 * allocates only its list.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define COLUMNS 10
#define ROWS 8
#define CELLS (COLUMNS * ROWS)
#define QUARTERS (4 * CELLS)
#define PORTS 36
#define MAX_STEPS (4 * CELLS + 4)  /* a wave passes each (cell, direction) at most once */

static int configured = 0;
static int8_t NEIGHBOUR[CELLS][4];
static int8_t EXIT_PORT[CELLS][4];
static uint8_t ENTRY_CELL[PORTS], ENTRY_DIR[PORTS];
static uint8_t ROUTE_OUT[16][4];
static int8_t ROUTE_HIT[16][4];
static uint8_t ABSORBS = 0;
static PyObject *PAIRS[PORTS + 1][16];  /* PAIRS[exit + 1][colour] = (exit, colour) */

/* STEP[occupancy][direction in]: direction out in bits 0-1, the quarter hit in bits 2-3 and
 * bit 4 set when a quarter is hit (built from the ROUTE table by configure()). */
static uint8_t STEP[16][4];

/* What the tracer needs of one layout besides its codes: which cells hold a gem, as a bit mask
 * per row (bit = column) and per column (bit = row). A wave jumps from one occupied cell to the
 * next along its line with one bit scan; empty cells are never visited. */
typedef struct {
    const uint8_t *codes;
    uint32_t row[ROWS];
    uint32_t col[COLUMNS];
} Grid;

static inline void make_grid(const uint8_t *codes, Grid *g) {
    g->codes = codes;
    memset(g->row, 0, sizeof g->row);
    memset(g->col, 0, sizeof g->col);
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLUMNS; c++) {
            uint32_t word;
            memcpy(&word, codes + 4 * (r * COLUMNS + c), 4);
            uint32_t bit = word != 0;
            g->row[r] |= bit << c;
            g->col[c] |= bit << r;
        }
}

static inline int occupancy(const uint8_t *q) {
    return (q[0] != 0) | (q[1] != 0) << 1 | (q[2] != 0) << 2 | (q[3] != 0) << 3;
}

/* The next occupied cell after `cell` moving `dir`, or -1 - the exit port when the line is
 * empty to the edge. Directions are numbered as in games.orapa.board: N, E, S, W. */
static inline int next_stop(const Grid *g, int cell, int dir) {
    int r = cell / COLUMNS, c = cell % COLUMNS;
    uint32_t m;
    switch (dir) {
        case 0:  /* north: rows above */
            m = g->col[c] & ((1u << r) - 1);
            return m ? (31 - __builtin_clz(m)) * COLUMNS + c : -1 - EXIT_PORT[c][0];
        case 1:  /* east: columns to the right */
            m = g->row[r] >> (c + 1);
            return m ? cell + 1 + __builtin_ctz(m) : -1 - EXIT_PORT[r * COLUMNS + COLUMNS - 1][1];
        case 2:  /* south: rows below */
            m = g->col[c] >> (r + 1);
            return m ? cell + (1 + __builtin_ctz(m)) * COLUMNS
                     : -1 - EXIT_PORT[(ROWS - 1) * COLUMNS + c][2];
        default: /* west: columns to the left */
            m = g->row[r] & ((1u << c) - 1);
            return m ? r * COLUMNS + 31 - __builtin_clz(m) : -1 - EXIT_PORT[r * COLUMNS][3];
    }
}

/* Trace one wave; returns the exit port (-1 absorbed, -2 no exit found: malformed codes) and
 * stores the colour bits in *color and the faces met (every hit quarter) in *bounces. */
static inline int trace_counted(const Grid *g, int port, int *color, int *bounces) {
    int cell = ENTRY_CELL[port], dir = ENTRY_DIR[port];
    uint32_t word;
    memcpy(&word, g->codes + 4 * cell, 4);
    int next = word ? cell : next_stop(g, cell, dir);
    unsigned bits = 0;
    int hits = 0;
    for (int step = 0; step < MAX_STEPS; step++) {
        if (next < 0) {
            *color = (int)(bits & 15);
            *bounces = hits;
            return -1 - next;
        }
        cell = next;
        const uint8_t *q = g->codes + 4 * cell;
        unsigned s = STEP[occupancy(q)][dir];
        dir = (int)(s & 3);
        unsigned code = q[(s >> 2) & 3] & (0u - ((s >> 4) & 1u));
        if (code & ABSORBS) {
            *color = (int)(bits & 15);
            *bounces = 0;
            return -1;
        }
        bits |= code;
        hits += (int)((s >> 4) & 1u);
        next = next_stop(g, cell, dir);
    }
    *color = (int)(bits & 15);
    *bounces = hits;
    return -2;
}

/* trace_counted without the count: the colour answers' hot path. */
static inline int trace_one(const Grid *g, int port, int *color) {
    int bounces;
    return trace_counted(g, port, color, &bounces);
}

#include "_trace_configure.c"

/* Read `ports` (None = all 36) into out[]; returns the count or -1 with an exception set. */
static Py_ssize_t read_ports(PyObject *ports, uint8_t *out, Py_ssize_t capacity) {
    if (ports == Py_None) {
        for (int p = 0; p < PORTS; p++) out[p] = (uint8_t)p;
        return PORTS;
    }
    PyObject *seq = PySequence_Fast(ports, "ports must be a sequence of port indices");
    if (seq == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > capacity) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "too many ports");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long p = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (p == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (p < 0 || p >= PORTS) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "port %ld out of range 0..35", p);
            return -1;
        }
        out[i] = (uint8_t)p;
    }
    Py_DECREF(seq);
    return n;
}

static int check_configured(void) {
    if (!configured) PyErr_SetString(PyExc_RuntimeError, "tracer tables not configured");
    return configured;
}

static PyObject *no_exit(void) {
    PyErr_SetString(PyExc_RuntimeError, "a wave found no exit: malformed quarter codes");
    return NULL;
}

static PyObject *answers_of_codes(PyObject *codes, PyObject *ports_obj) {
    if (!check_configured()) return NULL;
    uint8_t ports[4 * PORTS];
    Py_ssize_t n = read_ports(ports_obj, ports, sizeof ports);
    if (n < 0) return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(codes, &view, PyBUF_SIMPLE) < 0) return NULL;
    if (view.len != QUARTERS) {
        PyErr_Format(PyExc_ValueError, "codes: expected %d bytes, got %zd", QUARTERS, view.len);
        PyBuffer_Release(&view);
        return NULL;
    }
    PyObject *result = PyList_New(n);
    if (result == NULL) {
        PyBuffer_Release(&view);
        return NULL;
    }
    Grid grid;
    make_grid((const uint8_t *)view.buf, &grid);
    for (Py_ssize_t i = 0; i < n; i++) {
        int color;
        int exit = trace_one(&grid, ports[i], &color);
        if (exit < -1) {
            PyBuffer_Release(&view);
            Py_DECREF(result);
            return no_exit();
        }
        PyObject *pair = PAIRS[exit + 1][color];
        Py_INCREF(pair);
        PyList_SET_ITEM(result, i, pair);
    }
    PyBuffer_Release(&view);
    return result;
}

static PyObject *trace_answers(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "answers(codes, ports=None)");
        return NULL;
    }
    return answers_of_codes(args[0], nargs == 2 ? args[1] : Py_None);
}

static PyObject *QUARTER_BYTES = NULL;  /* the attribute name "quarter_bytes" */

/* layout_answers(layout, ports=None): answers(layout.quarter_bytes, ports) in one call, so
 * that tracing a layout costs no Python frame. */
static PyObject *trace_layout_answers(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "layout_answers(layout, ports=None)");
        return NULL;
    }
    PyObject *codes = PyObject_GetAttr(args[0], QUARTER_BYTES);
    if (codes == NULL) return NULL;
    PyObject *result = answers_of_codes(codes, nargs == 2 ? args[1] : Py_None);
    Py_DECREF(codes);
    return result;
}

/* layout_counts(layout, ports=None): [(exit or -1, colour bits, bounces)] for each port. */
static PyObject *trace_layout_counts(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs < 1 || nargs > 2) {
        PyErr_SetString(PyExc_TypeError, "layout_counts(layout, ports=None)");
        return NULL;
    }
    if (!check_configured()) return NULL;
    uint8_t ports[4 * PORTS];
    Py_ssize_t n = read_ports(nargs == 2 ? args[1] : Py_None, ports, sizeof ports);
    if (n < 0) return NULL;
    PyObject *codes = PyObject_GetAttr(args[0], QUARTER_BYTES);
    if (codes == NULL) return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(codes, &view, PyBUF_SIMPLE) < 0) {
        Py_DECREF(codes);
        return NULL;
    }
    PyObject *result = NULL;
    if (view.len != QUARTERS) {
        PyErr_Format(PyExc_ValueError, "codes: expected %d bytes, got %zd", QUARTERS, view.len);
        goto done;
    }
    Grid grid;
    make_grid((const uint8_t *)view.buf, &grid);
    result = PyList_New(n);
    if (result == NULL) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        int color, bounces;
        int exit = trace_counted(&grid, ports[i], &color, &bounces);
        PyObject *triple = exit < -1 ? NULL : Py_BuildValue("(iii)", exit, color, bounces);
        if (triple == NULL) {
            if (exit < -1) no_exit();
            Py_CLEAR(result);
            goto done;
        }
        PyList_SET_ITEM(result, i, triple);
    }
done:
    PyBuffer_Release(&view);
    Py_DECREF(codes);
    return result;
}

static PyObject *trace_batch(PyObject *self, PyObject *args) {
    PyObject *codes_obj, *ports_obj, *exits_obj, *colors_obj;
    Py_ssize_t n_layouts;
    if (!PyArg_ParseTuple(args, "OnOOO", &codes_obj, &n_layouts, &ports_obj, &exits_obj,
                          &colors_obj))
        return NULL;
    if (!check_configured()) return NULL;
    uint8_t ports[4 * PORTS];
    Py_ssize_t n_ports = read_ports(ports_obj, ports, sizeof ports);
    if (n_ports < 0) return NULL;
    Py_buffer codes, exits, colors;
    if (PyObject_GetBuffer(codes_obj, &codes, PyBUF_SIMPLE) < 0) return NULL;
    if (PyObject_GetBuffer(exits_obj, &exits, PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&codes);
        return NULL;
    }
    if (PyObject_GetBuffer(colors_obj, &colors, PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&codes);
        PyBuffer_Release(&exits);
        return NULL;
    }
    PyObject *result = NULL;
    Py_ssize_t want = n_layouts * n_ports * (Py_ssize_t)sizeof(int64_t);
    if (n_layouts < 0 || codes.len != n_layouts * QUARTERS || exits.len != want ||
        colors.len != want) {
        PyErr_SetString(PyExc_ValueError,
                        "batch: codes must hold n * 320 bytes, exits and colors n * P int64");
        goto done;
    }
    const uint8_t *base = (const uint8_t *)codes.buf;
    int64_t *out_exit = (int64_t *)exits.buf, *out_color = (int64_t *)colors.buf;
    int failed = 0;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t l = 0; l < n_layouts && !failed; l++) {
        const uint8_t *layout = base + l * QUARTERS;
        Grid grid;
        make_grid(layout, &grid);
        for (Py_ssize_t i = 0; i < n_ports; i++) {
            int color;
            int exit = trace_one(&grid, ports[i], &color);
            if (exit < -1) failed = 1;
            *out_exit++ = exit;
            *out_color++ = color;
        }
    }
    Py_END_ALLOW_THREADS
    if (failed) {
        no_exit();
        goto done;
    }
    result = Py_None;
    Py_INCREF(result);
done:
    PyBuffer_Release(&codes);
    PyBuffer_Release(&exits);
    PyBuffer_Release(&colors);
    return result;
}

static PyMethodDef methods[] = {
    {"configure", trace_configure, METH_VARARGS,
     "configure(neighbour, exit_port, entry_cell, entry_dir, route_out, route_hit, absorbs): "
     "the board and routing tables, as bytes"},
    {"answers", (PyCFunction)(void (*)(void))trace_answers, METH_FASTCALL,
     "answers(codes, ports=None) -> [(exit or -1, colour bits)] for 320 quarter-code bytes"},
    {"layout_answers", (PyCFunction)(void (*)(void))trace_layout_answers, METH_FASTCALL,
     "layout_answers(layout, ports=None): answers(layout.quarter_bytes, ports)"},
    {"layout_counts", (PyCFunction)(void (*)(void))trace_layout_counts, METH_FASTCALL,
     "layout_counts(layout, ports=None) -> [(exit or -1, colour bits, bounces)]"},
    {"batch", trace_batch, METH_VARARGS,
     "batch(codes, n, ports, exits, colors): trace n layouts, filling two int64 buffers"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_trace", "The compiled Orapa wave tracer.", -1, methods,
};

PyMODINIT_FUNC PyInit__trace(void) {
    if (QUARTER_BYTES == NULL && (QUARTER_BYTES = PyUnicode_InternFromString("quarter_bytes")) == NULL)
        return NULL;
    return PyModule_Create(&module);
}
