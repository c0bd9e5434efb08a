/* Python binding of the compiled Mandragora search (search.c): the Kernel type holds a
 * transposition table; configure() takes the board geometry from games.mandragora.board. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

static int configured = 0;

typedef struct {
    PyObject_HEAD
    Searcher searcher;
} Kernel;

/* ---------------------------------------------------------------- Python interface */

static int parse_state(PyObject *state, Board *b, int *first) {
    if (!configured) {
        PyErr_SetString(PyExc_RuntimeError, "kernel geometry not configured");
        return -1;
    }
    if (!PyTuple_Check(state) || PyTuple_GET_SIZE(state) != AREAS + 1) {
        PyErr_SetString(PyExc_TypeError, "state must be a 9-tuple (8 area strings, flag)");
        return -1;
    }
    int total = 0;
    for (int i = 0; i < AREAS; i++) {
        Py_ssize_t len;
        const char *text = PyUnicode_AsUTF8AndSize(PyTuple_GET_ITEM(state, i), &len);
        if (text == NULL) return -1;
        total += (int)len;
        if (total > MAX_PIECES) {
            PyErr_SetString(PyExc_ValueError, "more than 24 pieces on the board");
            return -1;
        }
        b->s[i] = 0;
        b->n[i] = (uint8_t)len;
        for (Py_ssize_t j = 0; j < len; j++) {
            int code;
            switch (text[j]) {
                case 'M': code = 1; break;
                case 'K': case 'P': code = 2; break;
                case 'C': case 'A': code = 3; break;
                default:
                    PyErr_Format(PyExc_ValueError, "unknown piece %c", text[j]);
                    return -1;
            }
            b->s[i] |= (uint64_t)code << (2 * j);
        }
    }
    int flag = PyObject_IsTrue(PyTuple_GET_ITEM(state, AREAS));
    if (flag < 0) return -1;
    *first = flag;
    return 0;
}

static PyObject *kernel_search(Kernel *self, PyObject *args) {
    PyObject *state;
    int beta;
    Board b;
    int first;
    if (!PyArg_ParseTuple(args, "Oi", &state, &beta) || parse_state(state, &b, &first) < 0)
        return NULL;
    if (!(b.n[0] | b.n[1] | b.n[2] | b.n[3] | b.n[4]))
        return Py_BuildValue("iOi", 0, Py_None, 0);  /* no move: the game is over (M4) */
    int mine = 0, theirs = 0;
    for (int i = 0; i < AREAS; i++)
        for (int j = 0; j < b.n[i]; j++) {
            int piece = (int)((b.s[i] >> (2 * j)) & 3);
            mine += VALUE[first][piece];
            theirs += VALUE[!first][piece];
        }
    if (beta <= -theirs || beta > mine) {
        PyErr_SetString(PyExc_ValueError, "beta outside the material bounds (-theirs, mine]");
        return NULL;
    }
    Searcher *k = &self->searcher;
    int value;
    Py_BEGIN_ALLOW_THREADS
    value = search(k, &b, first, mine, theirs, beta);
    Py_END_ALLOW_THREADS
    if (k->too_deep) {
        PyErr_SetString(PyExc_RecursionError, "search path longer than the kernel's limit");
        return NULL;
    }
    return Py_BuildValue("iiK", value, k->root_best + 1, (unsigned long long)k->nodes);
}

static PyObject *kernel_entry(Kernel *self, PyObject *state) {
    Board b;
    int first;
    if (parse_state(state, &b, &first) < 0) return NULL;
    Entry *e = probe(&self->searcher, board_key(&b, first));
    if (e == NULL) Py_RETURN_NONE;
    if (e->move == 255) return Py_BuildValue("iiO", e->lower, e->upper, Py_None);
    return Py_BuildValue("iii", e->lower, e->upper, e->move + 1);
}

static int kernel_init(Kernel *self, PyObject *args, PyObject *kwds) {
    static char *names[] = {"table_bits", NULL};
    int bits = 20;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|i", names, &bits)) return -1;
    if (bits < 4 || bits > 34) {
        PyErr_SetString(PyExc_ValueError, "table_bits must be within 4..34");
        return -1;
    }
    Searcher *k = &self->searcher;
    free(k->table);
    k->bucket_bits = bits - 2;
    k->buckets = (uint64_t)1 << k->bucket_bits;
    k->table = calloc(k->buckets * BUCKET, sizeof(Entry));
    if (k->table == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    k->nodes = 0;
    k->deepest = 0;
    return 0;
}

static void kernel_dealloc(Kernel *self) {
    free(self->searcher.table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *kernel_get_deepest(Kernel *self, void *unused) {
    return PyLong_FromLong(self->searcher.deepest);
}

static PyMethodDef kernel_methods[] = {
    {"search", (PyCFunction)kernel_search, METH_VARARGS,
     "search(state, beta) -> (value, canonical area, nodes): one null-window search of a\n"
     "packed state around beta (fail-soft: value < beta is an upper bound, else a lower bound;\n"
     "the area is a move reaching the value when it is a lower bound)."},
    {"entry", (PyCFunction)kernel_entry, METH_O,
     "entry(state) -> (lower, upper, best area or None) stored for a state, or None."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef kernel_getset[] = {
    {"deepest", (getter)kernel_get_deepest, NULL, "Longest search path so far (plies).", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject KernelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solver.mandragora.kernel._kernel.Kernel",
    .tp_doc = "Kernel(table_bits=20): exact solver with a table of 2**table_bits entries.",
    .tp_basicsize = sizeof(Kernel),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)kernel_init,
    .tp_dealloc = (destructor)kernel_dealloc,
    .tp_methods = kernel_methods,
    .tp_getset = kernel_getset,
};

static int read_bytes(PyObject *obj, int8_t *out, Py_ssize_t size, const char *what) {
    if (!PyBytes_Check(obj) || PyBytes_GET_SIZE(obj) != size) {
        PyErr_Format(PyExc_ValueError, "%s: expected %zd bytes", what, size);
        return -1;
    }
    memcpy(out, PyBytes_AS_STRING(obj), (size_t)size);
    return 0;
}

static PyObject *configure(PyObject *module, PyObject *args) {
    PyObject *targets, *mirror, *values, *ranks;
    if (!PyArg_ParseTuple(args, "SSSO", &targets, &mirror, &values, &ranks)) return NULL;
    if (read_bytes(targets, &TARGET[0][0], sizeof TARGET, "targets") < 0 ||
        read_bytes(mirror, MIRROR_IX, sizeof MIRROR_IX, "mirror") < 0 ||
        read_bytes(values, &VALUE[0][0], sizeof VALUE, "values") < 0)
        return NULL;
    PyObject *seq = PySequence_Fast(ranks, "ranks must be a sequence");
    if (seq == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != MOVER_AREAS * (MAX_PIECES + 1)) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "ranks: expected 5 * 25 numbers");
        return NULL;
    }
    for (int i = 0; i < MOVER_AREAS * (MAX_PIECES + 1); i++) {
        long r = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (r == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        RANK[i / (MAX_PIECES + 1)][i % (MAX_PIECES + 1)] = (int16_t)r;
    }
    Py_DECREF(seq);
    configured = 1;
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"configure", configure, METH_VARARGS,
     "configure(targets, mirror, values, ranks): the board geometry, passed once."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_kernel", "Compiled exact Mandragora search.", -1, module_methods,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    if (PyType_Ready(&KernelType) < 0) return NULL;
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL) return NULL;
    Py_INCREF(&KernelType);
    if (PyModule_AddObject(module, "Kernel", (PyObject *)&KernelType) < 0) {
        Py_DECREF(&KernelType);
        Py_DECREF(module);
        return NULL;
    }
    PyModule_AddIntConstant(module, "MAX_PIECES", MAX_PIECES);
    return module;
}
