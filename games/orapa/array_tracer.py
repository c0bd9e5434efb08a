"""Tracing many layouts at once: answers as numpy arrays.

Layouts are given as quarter-code arrays (see `Layout.quarter_codes`), shape (L, 320). The
answers are arrays of shape (L, P): the exit port (-1 when absorbed) and the colour bits.
`trace_batch` runs the compiled tracer (games/orapa/_trace.c) over the array when it was built;
otherwise `numpy_trace_batch`, where every wave of every layout advances together, serves (it
is also the reference the tests compare the compiled loop with).

>>> import random
>>> from games.orapa.gems import gem_set
>>> from games.orapa.random_layouts import random_layout
>>> from games.orapa.waves import trace_answers
>>> mines = [random_layout(gem_set("full"), rng=random.Random(s)) for s in range(5)]
>>> exits, colors = trace_batch(layout_codes(mines))
>>> all(list(zip(exits[i].tolist(), colors[i].tolist())) == trace_answers(m)
...     for i, m in enumerate(mines))
True
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from games.orapa.board import CELLS, ENTRY, EXIT_PORT, NEIGHBOUR, PORTS, QUARTERS
from games.orapa.layout import ABSORBS, Layout
from games.orapa.waves import COMPILED, ROUTE

_ROUTE_OUT = np.array([[ROUTE[m][d][0] for d in range(4)] for m in range(16)], dtype=np.int64)
_ROUTE_HIT = np.array([[ROUTE[m][d][1] for d in range(4)] for m in range(16)], dtype=np.int64)
_NEIGHBOUR = np.array(NEIGHBOUR, dtype=np.int64)
_EXIT = np.array(EXIT_PORT, dtype=np.int64)
_ENTRY_CELL = np.array([c for c, _ in ENTRY], dtype=np.int64)
_ENTRY_DIR = np.array([d for _, d in ENTRY], dtype=np.int64)
_QUARTER_WEIGHTS = np.array([1, 2, 4, 8], dtype=np.uint8)


def layout_codes(layouts: Sequence[Layout]) -> np.ndarray:
    """Stack the quarter codes of layouts into a (L, 320) uint8 array."""
    joined = bytearray(b"".join([layout.quarter_bytes for layout in layouts]))
    return np.frombuffer(joined, dtype=np.uint8).reshape(len(layouts), QUARTERS)


CHUNK = 2000  # layouts traced together: keeps the working set in cache and memory bounded


def trace_batch(codes: np.ndarray, ports: Sequence[int] | None = None
                ) -> tuple[np.ndarray, np.ndarray]:
    """Exit ports (-1 absorbed) and colour bits, shape (L, P), for every layout and port."""
    if COMPILED is None:
        return numpy_trace_batch(codes, ports)
    codes = np.ascontiguousarray(codes, dtype=np.uint8).reshape(-1, QUARTERS)
    port_list = None if ports is None else [int(p) for p in ports]
    n_ports = PORTS if port_list is None else len(port_list)
    exits = np.empty((codes.shape[0], n_ports), dtype=np.int64)
    colors = np.empty((codes.shape[0], n_ports), dtype=np.int64)
    COMPILED.batch(codes, codes.shape[0], port_list, exits, colors)
    return exits, colors


def numpy_trace_batch(codes: np.ndarray, ports: Sequence[int] | None = None
                      ) -> tuple[np.ndarray, np.ndarray]:
    """`trace_batch` in numpy: the fallback without the compiled tracer, and its reference."""
    exits, colors, _ = _chunked(codes, ports)
    return exits, colors


def _chunked(codes: np.ndarray, ports: Sequence[int] | None
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    codes = np.ascontiguousarray(codes, dtype=np.uint8)
    if codes.shape[0] > CHUNK:
        parts = [_trace_chunk(codes[i:i + CHUNK], ports) for i in range(0, codes.shape[0], CHUNK)]
        return tuple(np.concatenate([p[k] for p in parts]) for k in range(3))  # type: ignore
    return _trace_chunk(codes, ports)


class _Codes:
    """What the compiled tracer reads of a layout: its quarter bytes."""

    __slots__ = ("quarter_bytes",)

    def __init__(self, quarter_bytes: bytes) -> None:
        self.quarter_bytes = quarter_bytes


def count_batch(codes: np.ndarray, ports: Sequence[int] | None = None) -> np.ndarray:
    """Bounce counts (RULINGS O9), shape (L, P), for every layout and port (0 when absorbed):
    the compiled tracer one layout at a time when it was built, else the numpy loop."""
    codes = np.ascontiguousarray(codes, dtype=np.uint8).reshape(-1, QUARTERS)
    layout_counts = getattr(COMPILED, "layout_counts", None)
    if layout_counts is None:
        return _chunked(codes, ports)[2]
    port_list = None if ports is None else [int(p) for p in ports]
    n_ports = PORTS if port_list is None else len(port_list)
    out = np.empty((codes.shape[0], n_ports), dtype=np.int64)
    for i in range(codes.shape[0]):
        out[i] = [b for _, _, b in layout_counts(_Codes(codes[i].tobytes()), port_list)]
    return out


def _trace_chunk(codes: np.ndarray, ports: Sequence[int] | None
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    n_layouts = codes.shape[0]
    port_list = np.arange(PORTS) if ports is None else np.asarray(ports, dtype=np.int64)
    n_ports = len(port_list)
    occupancy = ((codes.reshape(n_layouts, CELLS, 4) != 0) * _QUARTER_WEIGHTS).sum(
        axis=2, dtype=np.int64).ravel()
    flat_codes = codes.ravel().astype(np.int64)

    layout = np.repeat(np.arange(n_layouts, dtype=np.int64), n_ports)
    cell = np.tile(_ENTRY_CELL[port_list], n_layouts)
    direction = np.tile(_ENTRY_DIR[port_list], n_layouts)
    wave = np.arange(n_layouts * n_ports)
    exits = np.full(n_layouts * n_ports, -1, dtype=np.int64)
    colors = np.zeros(n_layouts * n_ports, dtype=np.int64)
    counts = np.zeros(n_layouts * n_ports, dtype=np.int64)
    color = np.zeros_like(cell)
    met = np.zeros_like(cell)

    while wave.size:
        occ = occupancy[layout * CELLS + cell]
        hit = _ROUTE_HIT[occ, direction]
        direction = _ROUTE_OUT[occ, direction]
        code = np.where(hit >= 0, flat_codes[layout * QUARTERS + 4 * cell + np.maximum(hit, 0)], 0)
        color |= code & 15
        nxt = _NEIGHBOUR[cell, direction]
        absorbed = (code & ABSORBS) != 0
        met += (hit >= 0) & ~absorbed
        leaving = (nxt < 0) & ~absorbed
        done = absorbed | leaving
        if done.any():
            finished = wave[done]
            exits[finished] = np.where(leaving[done], _EXIT[cell[done], direction[done]], -1)
            colors[finished] = color[done]
            counts[finished] = np.where(leaving[done], met[done], 0)
            keep = ~done
            wave, layout, color, met = wave[keep], layout[keep], color[keep], met[keep]
            direction, cell = direction[keep], nxt[keep]
        else:
            cell = nxt
    return (exits.reshape(n_layouts, n_ports), colors.reshape(n_layouts, n_ports),
            counts.reshape(n_layouts, n_ports))
