"""The solver answers the same in threads as alone: the game server runs hints, analysis and
computer seats on a thread pool, and a SAT solver shared by two threads at once gave false
contradictions and crashed the process."""
from __future__ import annotations

import random
import threading

from games.orapa.gems import gem_set
from games.orapa.layout import RuleOptions
from games.orapa.puzzle import puzzle_from_layout
from games.orapa.random_layouts import random_layout
from solver.orapa.api import solve
from solver.orapa.consistent import session_for

THREADS = 4


def _puzzles() -> list:
    """Base puzzles of 6 to 9 shots: hundreds of layouts each, listed by the SAT model."""
    gems, rules = gem_set("base"), RuleOptions()
    rng = random.Random(11)
    puzzles = []
    for _ in range(THREADS):
        mine = random_layout(gems, rules, rng)
        puzzles.append(puzzle_from_layout(mine, gems, rules, sorted(rng.sample(range(36), 7))))
    return puzzles


def test_model_listings_in_threads_agree_with_listings_alone() -> None:
    puzzles = _puzzles()
    alone = [solve(p, limit=0, count_limit=40, method="model").count for p in puzzles]
    assert all(count >= 1 for count in alone)      # each puzzle has its own mine at least
    seen: dict[tuple[int, int], int] = {}
    failures: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def work(index: int) -> None:
        try:
            start.wait()
            for round_ in range(2):                   # the threads' calls overlap
                puzzle = puzzles[(index + round_) % THREADS]
                seen[index, round_] = solve(puzzle, limit=0, count_limit=40,
                                            method="model").count
        except BaseException as error:              # noqa: BLE001: reported below
            failures.append(error)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not failures, failures
    assert seen == \
        {(i, r): alone[(i + r) % THREADS] for i in range(THREADS) for r in range(2)}


def test_each_thread_has_its_own_model_session() -> None:
    gems, rules = gem_set("base"), RuleOptions()
    here = session_for(gems, rules)
    assert session_for(gems, rules) is here         # cached within a thread
    other: list = []
    thread = threading.Thread(target=lambda: other.append(session_for(gems, rules)))
    thread.start()
    thread.join()
    assert other[0] is not here
