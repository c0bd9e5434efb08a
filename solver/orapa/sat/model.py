"""The Orapa model: layout constraints, shots encoded on demand, and answers as literals."""
from __future__ import annotations

from games.orapa.gems import Gem
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import ABSORBED, CellAnswer, Observation, ShotAnswer
from solver.orapa.sat.cnf import Cnf
from solver.orapa.sat.layout_encoding import LayoutVars
from solver.orapa.sat.wave_encoding import BASIC, ShotVars

_BITS = {"red": 1, "yellow": 2, "blue": 4, "white": 8}


class OrapaModel:
    """Everything the solvers share for one gem set and rule options."""

    def __init__(self, gems: tuple[Gem, ...], rules: RuleOptions) -> None:
        self.gems = tuple(gems)
        self.rules = rules
        self.cnf = Cnf()
        self.layout = LayoutVars(self.cnf, self.gems, rules)
        self.shots: dict[int, ShotVars] = {}

    def shot(self, port: int) -> ShotVars:
        """The shot from `port`, encoded the first time it is asked for."""
        if port not in self.shots:
            new = ShotVars(self.layout, port)
            for other in self.shots.values():
                self._encode_reversibility(new, other)
            self.shots[port] = new
        return self.shots[port]

    def _encode_reversibility(self, a: ShotVars, b: ShotVars) -> None:
        """Redundant but decisive: the wave from a's port leaves by b's port exactly when the
        wave from b's port leaves by a's, with the same colour. Implied by the routing clauses,
        yet a solver would need an exhaustive search to discover it; stated, a misheard answer
        contradicts its reverse shot by propagation alone."""
        add = self.cnf.add
        there, back = a.exit[b.port], b.exit[a.port]
        add([-there, back])
        add([-back, there])
        for color, hit in a.hit.items():
            add([-there, -hit, b.hit[color]])
            add([-there, hit, -b.hit[color]])

    def observation_literals(self, obs: Observation) -> list[int]:
        """Literals that together say the observation holds."""
        impossible = [-self.cnf.true]
        if isinstance(obs, ShotAnswer):
            shot = self.shot(obs.port)
            if obs.exit is None:
                return [shot.absorbed]
            lits = [shot.exit[obs.exit]]
            if obs.bounces is not None:    # O9: the number of faces met on the path
                lits += shot.bounce_count_is(obs.bounces)
            if obs.color is None:          # a bounce-only answer says nothing of the colour
                return lits
            for color in BASIC:
                wanted = bool((obs.color or 0) & _BITS[color])
                if color in shot.hit:
                    lits.append(shot.hit[color] if wanted else -shot.hit[color])
                elif wanted:
                    return impossible
            return lits
        return self._cell_literals(obs)

    def _cell_literals(self, obs: CellAnswer) -> list[int]:
        lv = self.layout
        if obs.content == "empty":
            return [-lv.cell_occupied[obs.cell]]
        color = "black" if obs.content == ABSORBED else obs.content
        if color not in lv.cell_color:
            return [-self.cnf.true]
        lits = [lv.cell_color[color][obs.cell]]
        if lv.rules.touching == "any" and color != "black":
            # a cell shared by two gems answers black first, then the colour first by name
            lits += [-lv.cell_color[other][obs.cell] for other in lv.colors
                     if other == "black" or other < color]
        return lits
