"""A backend-neutral constraint store: Boolean variables, clauses and exactly-one groups.

Encoders add constraints here; each backend (PySAT, CP-SAT) reads what it has not read yet, so
the model can grow after solving has started (shots are encoded when first observed).

>>> cnf = Cnf()
>>> a, b = cnf.new_var(), cnf.new_var()
>>> cnf.implies([a], b); cnf.clauses
[[-1, 2]]
"""
from __future__ import annotations


class Cnf:
    """Variables are positive integers; a literal is a variable or its negation."""

    def __init__(self) -> None:
        self.top = 0
        self.clauses: list[list[int]] = []
        self.exactly_one: list[list[int]] = []
        self.at_most_one: list[list[int]] = []
        self._true: int | None = None

    def new_var(self) -> int:
        self.top += 1
        return self.top

    def new_vars(self, count: int) -> list[int]:
        first = self.top + 1
        self.top += count
        return list(range(first, first + count))

    @property
    def true(self) -> int:
        """A literal fixed to true (its negation is a constant false)."""
        if self._true is None:
            self._true = self.new_var()
            self.clauses.append([self._true])
        return self._true

    def add(self, clause: list[int]) -> None:
        self.clauses.append(clause)

    def implies(self, premises: list[int], conclusion: int | list[int]) -> None:
        """premises (a conjunction) imply the conclusion (a literal, or a disjunction)."""
        tail = conclusion if isinstance(conclusion, list) else [conclusion]
        self.clauses.append([-p for p in premises] + tail)

    def define_or(self, lits: list[int]) -> int:
        """A literal equivalent to the disjunction of `lits` (false when empty)."""
        if not lits:
            return -self.true
        if len(lits) == 1:
            return lits[0]
        x = self.new_var()
        for lit in lits:
            self.clauses.append([-lit, x])
        self.clauses.append([-x] + lits)
        return x

    def add_exactly_one(self, lits: list[int]) -> None:
        self.exactly_one.append(list(lits))

    def add_at_most_one(self, lits: list[int]) -> None:
        if len(lits) > 1:
            self.at_most_one.append(list(lits))
