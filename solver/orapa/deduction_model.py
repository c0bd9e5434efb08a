"""The deduction map's questions to the SAT model (`solver.orapa.consistent`).

Each question is one incremental call under assumptions: the puzzle's answers, and a literal
saying that some cell shows some content. A layout found is a witness (checked against the
answers: a closed loop of the encoding can fake a colour, and such a model is blocked); no
layout is a proof that none of the pairs asked is possible.
"""
from __future__ import annotations

import time
from weakref import WeakKeyDictionary

from games.orapa.board import CELLS
from games.orapa.layout import Layout
from games.orapa.puzzle import CellAnswer, Puzzle
from solver.orapa.consistent import ModelSession, session_for
from solver.orapa.deduction_families import settle_pairs, within
from solver.orapa.deduction_witnesses import WitnessMap, walk
from solver.orapa.options import BackendName

# per model session, the literal that says "cell c shows content x" (defined once)
_PAIR_LITERALS: "WeakKeyDictionary[ModelSession, dict[tuple[int, str], int]]" = \
    WeakKeyDictionary()


def pair_literal(session: ModelSession, cell: int, content: str) -> int:
    """A literal that implies the model's literals for `content` at `cell`."""
    known = _PAIR_LITERALS.setdefault(session, {})
    key = (cell, content)
    if key not in known:
        lits = session.model.observation_literals(CellAnswer(cell, content))
        if len(lits) == 1:
            known[key] = lits[0]
        else:   # `touching any`: a conjunction, named by a literal that implies each part
            cnf = session.model.cnf
            name = cnf.new_var()
            for lit in lits:
                cnf.implies([name], lit)
            known[key] = name
    return known[key]


def known_literals(session: ModelSession, found: WitnessMap) -> list[int]:
    """The pairs proved impossible, as literals to assume: every consistent layout satisfies
    them, so a call is answered the same, sooner (full mine 38 of 50 at 6 answers: 32 hard
    pairs in 0.74 s, most of the impossible ones in milliseconds once the first were)."""
    return [-pair_literal(session, c, x) for c, x in found.impossible]


GROUPED_CALLS = 50   # model calls on every pair left at once, before one call per pair


def model_proof(found: WitnessMap, puzzle: Puzzle, backend: BackendName,
                deadline: float | None) -> bool:
    """The model's questions until the map is proved: first on every pair left at once (one
    proof when none is possible), after `GROUPED_CALLS` pair by pair. False past the
    deadline."""
    if not found.unshown():
        return True   # (nothing to ask: a model is not even built, 0.1 to 0.2 s)
    session = session_for(puzzle.gems, puzzle.rules, backend)
    guard = session.query()   # spurious models (a closed loop faking a colour) blocked under it
    assumptions = session.literals(puzzle.observations) + [guard]
    try:
        for calls in range(GROUPED_CALLS + CELLS * len(found.contents)):
            # all that is left at once (one proof when all fail), then pair by pair
            pairs = found.unshown()
            if not pairs:
                return True
            if calls >= GROUPED_CALLS:
                pairs = pairs[:1]
            witness = ask(session, assumptions + known_literals(session, found), guard, puzzle,
                          [pair_literal(session, c, x) for c, x in pairs], deadline)
            if witness is None:
                return False
            if isinstance(witness, Layout):
                walk(found, witness, puzzle, deadline)
            else:
                found.impossible.update(pairs)
        return True
    finally:
        session.retire(guard)


def ask(session: ModelSession, assumptions: list[int], guard: int, puzzle: Puzzle,
        some: list[int], deadline: float | None) -> Layout | bool | None:
    """A consistent layout making one of the literals `some` true; False when there is none
    (proved); None past the deadline. Spurious models are blocked under `guard`."""
    lv, solver = session.model.layout, session.backend
    wanted = session.query()
    solver.add_clause([-wanted] + some)
    try:
        while deadline is None or time.monotonic() <= deadline:
            try:
                if not solver.solve(assumptions + [wanted], deadline):
                    return False
            except TimeoutError:
                return None
            layout = lv.decode(solver.values)
            if all(obs.holds(layout) for obs in puzzle.observations):
                return layout
            session.spurious += 1
            solver.add_clause([-guard] + lv.blocking_clause(layout))
        return None
    finally:
        session.retire(wanted)


MODEL_TRIAL = 4            # hard pairs asked of the model first, each for at most
MODEL_PAIR_SECONDS = 0.1   # this long: when it answers them all, it asks the rest so, until
MODEL_MISSES = 3           # this many more than a quarter of those answered have run out
MODEL_FIRST_SECONDS = 0.25  # the round's first question (a puzzle's first call is slower:
# 0.06 s on a fresh session, 0.1 to 0.2 s on one that served many puzzles, where the next
# calls take milliseconds)
MODEL_AVERAGE = 0.02   # seconds a pair answered, on average, past which the round stops
# (full mine 28 of 50 at 12 answers: 2 s of model calls of 0.02 to 0.1 s each, where the
# wave search then settled the rest in 0.01 s)


def model_round(found: WitnessMap, puzzle: Puzzle, backend: BackendName,
                deadline: float | None, hard: set[tuple[int, str]]) -> None:
    """The model asked pair by pair, `MODEL_PAIR_SECONDS` each, about the pairs left, the
    hard ones first, when it answered the first `MODEL_TRIAL` of them in time. On most
    states the wave search settles a pair in milliseconds where the model takes a tenth of
    a second or more; on some the wave search needs 0.1 to 0.3 s a pair where the model
    needs a millisecond (full mine 38 of 50 at 6 answers: a red gem one wave must meet and
    many places for it, 88 pairs left unproved at 5 s, all settled by the model in 0.7 s).
    The round stops when the model takes more than `MODEL_AVERAGE` a pair on average."""
    pairs = sorted(found.unshown(), key=lambda pair: pair not in hard)
    if not pairs:
        return
    session = session_for(puzzle.gems, puzzle.rules, backend)
    seconds = MODEL_FIRST_SECONDS
    # the round's time so far may not pass this, grown by MODEL_AVERAGE a pair answered
    allowance = time.monotonic() + seconds + MODEL_TRIAL * MODEL_PAIR_SECONDS
    guard = session.query()
    assumptions = session.literals(puzzle.observations) + [guard] + known_literals(session,
                                                                                   found)
    answered = misses = 0
    try:
        for pair in pairs:
            if pair[1] in found.possible[pair[0]] or pair in found.impossible:
                continue   # shown by a witness walked from on the way
            if deadline is not None and time.monotonic() > deadline:
                return
            witness = ask(session, assumptions, guard, puzzle,
                          [pair_literal(session, *pair)], within(deadline, seconds))
            seconds = MODEL_PAIR_SECONDS
            if witness is None:
                misses += 1
                if answered < MODEL_TRIAL or misses >= MODEL_MISSES + answered // 4:
                    return
                continue
            answered += 1
            if isinstance(witness, Layout):
                walk(found, witness, puzzle, deadline)
            else:
                found.impossible.add(pair)
                assumptions.append(-pair_literal(session, *pair))
            allowance += MODEL_AVERAGE
            if time.monotonic() > allowance:
                return
    finally:
        session.retire(guard)


QUICK_PROOF_SECONDS = 0.5    # the model's try at proving every pair left impossible at once


def quick_proof(found: WitnessMap, puzzle: Puzzle, backend: BackendName,
                deadline: float | None, seconds: float = QUICK_PROOF_SECONDS) -> bool:
    """One model call, of at most `seconds`, on every pair left at once: True when it
    proved them all impossible (a witness it finds is walked from)."""
    session = session_for(puzzle.gems, puzzle.rules, backend)
    guard = session.query()
    stop = within(deadline, seconds)
    pairs = found.unshown()
    try:
        witness = ask(session, session.literals(puzzle.observations) + [guard]
                      + known_literals(session, found), guard, puzzle,
                      [pair_literal(session, c, x) for c, x in pairs], stop)
    finally:
        session.retire(guard)
    if isinstance(witness, Layout):
        walk(found, witness, puzzle, deadline)
    elif witness is False:
        found.impossible.update(pairs)
        return True
    return False


PORTFOLIO_FIRST = 0.04   # a pair's first budget for each engine in `portfolio_round`,
PORTFOLIO_LAST = 0.32    # doubled up to this


def portfolio_round(found: WitnessMap, puzzle: Puzzle, backend: BackendName,
                    deadline: float | None, first: float = PORTFOLIO_FIRST,
                    last: float = PORTFOLIO_LAST) -> None:
    """Each pair left, content by content, asked in turn of the wave search and of the model,
    each given `first` seconds, then twice as long, up to `last`; both with the pairs
    proved impossible so far (so each proof makes the next pairs of its content cheaper).
    Each engine is ten times faster than the other on some hard pairs (full mines 19 and
    20 of 50 at 6 answers: the wave search; mines 38 and 43: the model)."""
    session = session_for(puzzle.gems, puzzle.rules, backend)
    guard = session.query()
    assumptions = session.literals(puzzle.observations) + [guard]
    try:
        for pair in sorted(found.unshown(), key=lambda pair: (pair[1], pair[0])):
            seconds = first
            while seconds <= last and not _settled(found, pair):
                if deadline is not None and time.monotonic() > deadline:
                    return
                settle_pairs(found, puzzle, deadline, seconds, only=[pair])
                if _settled(found, pair):
                    break
                witness = ask(session, assumptions + known_literals(session, found), guard,
                              puzzle, [pair_literal(session, *pair)], within(deadline, seconds))
                if isinstance(witness, Layout):
                    walk(found, witness, puzzle, deadline)
                elif witness is False:
                    found.impossible.add(pair)
                seconds *= 2
    finally:
        session.retire(guard)


def _settled(found: WitnessMap, pair: tuple[int, str]) -> bool:
    return pair[1] in found.possible[pair[0]] or pair in found.impossible
