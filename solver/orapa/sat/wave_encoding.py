"""Encoding one shot: the wave's path through the mine as Boolean crossings.

For a shot from port p, `enter[c][d]` says the wave enters cell c moving in direction d. Leaving
cell c in direction d is entering the neighbour, or, at the edge, leaving by a port (`exit[p']`).
Each cell routes an entering wave to exactly one side, decided by which of its quarters are
covered (see games.orapa.waves). The routing is its own inverse, so the same rule is written
both ways: "entered here, so it leaves there" and "left there, so it entered here". The shot's
entry is forced, every other way in from outside is forbidden, and the wave can only stop in a
black cell. What is left free are closed loops that no wave from outside reaches. Loops that
bounce straight back are ruled out (a real path bounces straight back at most once); the rare
loops of four or more diagonal faces remain, and the solver checks every model by simulation,
so they cannot fake an answer.

Colours: `hit[colour]` is true exactly when the wave enters a cell holding that colour (every
entry into an occupied cell meets a face).

Bounce counts (RULINGS O9): the faces a wave meets are its entries into occupied cells, so "the
wave met k faces" is a cardinality constraint on the literals enter[c][d] AND occupied(c). It is
encoded on demand with a sequential counter (one per shot, grown when a larger count is asked).
"""
from __future__ import annotations

from games.orapa.board import CELLS, ENTRY, EXIT_PORT, NEIGHBOUR, PORTS
from games.orapa.colors import BASIC_COLORS, GEM_COLOR_BITS
from solver.orapa.sat.layout_encoding import LayoutVars

BASIC = ("red", "yellow", "blue", "white")


def _route_cases(direction: int) -> list[tuple[list[tuple[int, bool]], int]]:
    """(quarter conditions, direction out) for a wave entering moving `direction`."""
    entry = (direction + 2) % 4
    left, right = (direction + 1) % 4, (direction + 3) % 4
    return [
        ([(entry, True)], entry),
        ([(entry, False), (left, True)], (direction + 3) % 4),
        ([(entry, False), (right, True)], (direction + 1) % 4),
        ([(entry, False), (left, False), (right, False)], direction),
    ]


ROUTE_CASES = [_route_cases(d) for d in range(4)]


class ShotVars:
    """The variables of one shot: exits, absorption and colour hits."""

    def __init__(self, lv: LayoutVars, port: int) -> None:
        cnf = lv.cnf
        self.port = port
        self.enter = [cnf.new_vars(4) for _ in range(CELLS)]
        self.exit = cnf.new_vars(PORTS)
        self.absorbed = cnf.new_var()
        black = lv.cell_color.get("black")
        self._encode_boundary(lv)
        self._encode_routing(lv, black)
        self._encode_absorption(lv)
        self._encode_one_straight_back(lv)
        # per basic colour, the gem colours that add it (light blue adds blue and white, O11)
        self._sources = {color: [gem for gem in lv.cell_color
                                 if GEM_COLOR_BITS[gem] & BASIC_COLORS[color]] for color in BASIC}
        colors = [color for color in BASIC if self._sources[color]]
        # per cell, "the wave enters this cell": what every colour hit is witnessed by
        self.visited = [cnf.define_or(self.enter[cell]) for cell in range(CELLS)] if colors else []
        self.hit = {color: self._encode_hits(lv, color) for color in colors}
        self._lv = lv
        self._meets: list[int] | None = None      # per (cell, direction): a face is met there
        self._counter: list[list[int]] = []        # counter[j - 1][i]: >= j of meets[:i + 1]

    def _face_meetings(self) -> list[int]:
        """Per (cell, direction): the wave enters the cell that way and the cell is covered."""
        if self._meets is None:
            lv, cnf = self._lv, self._lv.cnf
            occupied = [cnf.define_or(lv.occupied[4 * c:4 * c + 4]) for c in range(CELLS)]
            meets = []
            for cell in range(CELLS):
                for direction in range(4):
                    m = cnf.new_var()
                    enter = self.enter[cell][direction]
                    cnf.add([-m, enter])
                    cnf.add([-m, occupied[cell]])
                    cnf.add([m, -enter, -occupied[cell]])
                    meets.append(m)
            self._meets = meets
        return self._meets

    def bounce_count_is(self, count: int) -> list[int]:
        """Literals saying the wave meets exactly `count` gem faces (an exact sequential
        counter over the face meetings, its levels built up to count + 1 as needed)."""
        meets = self._face_meetings()
        cnf = self._lv.cnf
        if count >= len(meets):
            return [-cnf.true]
        while len(self._counter) < count + 1:
            # the next level, j = len(self._counter) + 1: "at least j of the first i + 1"
            below = self._counter[-1] if self._counter else None
            level: list[int] = []
            for i, m in enumerate(meets):
                s = cnf.new_var()
                before = level[i - 1] if i else None
                from_below = (below[i - 1] if i else None) if below is not None else cnf.true
                # s <-> before OR (m AND from_below), with `before` false at i = 0 and
                # from_below the constant true at level 1, false at i = 0 above it
                if before is not None:
                    cnf.add([-before, s])
                if from_below is not None:
                    cnf.add([-m, -from_below, s])
                    cnf.add([-s, *([before] if before is not None else []), from_below])
                else:
                    cnf.add([-s] + ([before] if before is not None else []))
                cnf.add([-s, *([before] if before is not None else []), m])
                level.append(s)
            self._counter.append(level)
        at_least = [level[-1] for level in self._counter]
        lits = [-at_least[count]]
        if count:
            lits.append(at_least[count - 1])
        return lits

    def leaving(self, cell: int, direction: int) -> int:
        """Literal: the wave leaves `cell` moving `direction`."""
        nxt = NEIGHBOUR[cell][direction]
        return self.enter[nxt][direction] if nxt >= 0 else self.exit[EXIT_PORT[cell][direction]]

    def _encode_boundary(self, lv: LayoutVars) -> None:
        for port, (cell, direction) in enumerate(ENTRY):
            lit = self.enter[cell][direction]
            lv.cnf.add([lit] if port == self.port else [-lit])

    def _encode_routing(self, lv: LayoutVars, black: list[int] | None) -> None:
        append, occupied, enter = lv.cnf.clauses.append, lv.occupied, self.enter
        leaving = [[self.leaving(cell, d) for d in range(4)] for cell in range(CELLS)]
        for cell in range(CELLS):
            stop = [black[cell]] if black else []
            quarters = occupied[4 * cell:4 * cell + 4]
            for direction in range(4):
                came_in, went_back = enter[cell][direction], leaving[cell][(direction + 2) % 4]
                for conditions, out in ROUTE_CASES[direction]:
                    negated = [-quarters[q] if covered else quarters[q] for q, covered in conditions]
                    # forward: entered moving `direction`, so it leaves moving `out`
                    append([-came_in, *negated, leaving[cell][out], *stop])
                    # backward: left through the side it would have entered by, so it
                    # entered through the side it would have left by
                    append([-went_back, *negated, enter[cell][(out + 2) % 4]])
                if black:
                    append([-leaving[cell][direction], -black[cell]])

    def _encode_one_straight_back(self, lv: LayoutVars) -> None:
        """At most one straight-back reflection: after one, a wave retraces its way out, so a
        real path has at most one, while a wave bouncing between two facing faces (a closed
        loop no outside wave reaches) has two. This removes every such loop from the model."""
        cnf = lv.cnf
        bounces = []
        for cell in range(CELLS):
            for direction in range(4):
                face = lv.occupied[4 * cell + (direction + 2) % 4]
                bounce = cnf.new_var()
                cnf.add([-self.enter[cell][direction], -face, bounce])
                bounces.append(bounce)
        cnf.add_at_most_one(bounces)

    def _encode_absorption(self, lv: LayoutVars) -> None:
        for lit in self.exit:
            lv.cnf.implies([self.absorbed], -lit)
        lv.cnf.add([self.absorbed] + self.exit)

    def _encode_hits(self, lv: LayoutVars, color: str) -> int:
        cnf = lv.cnf
        hit = cnf.new_var()
        sources = self._sources[color]
        visited = self.visited
        witnesses = []
        for cell in range(CELLS):
            for gem_color in sources:
                if lv.rules.touching == "corner":
                    # one gem per cell
                    cnf.add([-visited[cell], -lv.cell_color[gem_color][cell], hit])
                    continue
                # two gems may share a cell: the face met is the entry quarter's, else a side's
                quarter = lv.color_quarter[gem_color]
                for direction in range(4):
                    enter = self.enter[cell][direction]
                    entry_q = 4 * cell + (direction + 2) % 4
                    cnf.add([-enter, -quarter[entry_q], hit])
                    for side in ((direction + 1) % 4, (direction + 3) % 4):
                        cnf.add([-enter, lv.occupied[entry_q], -quarter[4 * cell + side], hit])
            w = cnf.new_var()
            cnf.add([-w] + [lv.cell_color[gem_color][cell] for gem_color in sources])
            cnf.add([-w, visited[cell]])
            witnesses.append(w)
        cnf.add([-hit] + witnesses)
        return hit
