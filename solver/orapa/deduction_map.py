"""The deduction map: for every cell, the contents it shows in some consistent layout, proved.

A content is possible in a cell when some consistent layout shows it there (a witness), and
impossible when no consistent layout does (a proof). Nothing is taken from a sample. In order
(issue 31):
- the exact count with its per-cell marginals, for `COUNT_SECONDS` (it finishes in a few
  hundredths of a second where it can finish quickly at all); it is counted in parts
  (`solver.orapa.deduction_count`), so that each later try of the count goes on where the
  last one stopped; where the lazy search's leaves come sparse, a long try's first share goes
  to the same count over the plain search's families (`_plain_count`);
- the pairs no placement allowed by the cell answers reaches, ruled out (`out_of_reach`);
- every family of the compiled wave search, when they are very few: they partition the
  consistent layouts, so the map follows from them without a solver
  (`solver.orapa.deduction_families`);
- else witnesses: members of families from shuffled search orders, and layouts one gem's
  move away (`solver.orapa.deduction_witnesses`), each showing a content in every cell at
  once;
- each content's pairs left asked of one wave search that keeps only the branches where
  a gem showing it may cover one of their cells (`settle_groups`, in
  `solver.orapa.deduction_groups`): the impossible ones proved at once;
- with dozens of pairs left, a probe: a few of them asked of the wave search tell what the
  rest would cost it; for a share of that time, one pass over the families' masks that
  rules out together every pair no family could show (`rule_out_by_families`, in
  `solver.orapa.deduction_pass`), for a first part of that share, then the count (longer
  when the estimate is large), then, after a short count only, the pass again where it
  stopped (`_probe_then_pass`);
- then each pair not shown yet asked of the wave search with that cell answer added (a
  member, or no family with one: about a millisecond each, `settle_pairs`); with a few
  left after the groups, the model pair by pair while it answers quickly; with dozens of
  pairs it cannot settle so, the pass (when not tried yet), then the count for half the time
  left when the pass finished, else a round asking the wave search and the model in turn
  with growing budgets (`portfolio_round`), the model pair by pair while it answers
  quickly (`model_round`: the model's questions are in `solver.orapa.deduction_model`) and
  the count for most of the time left (`_many_hard_pairs`);
- the wave search again, at `SECOND_PAIR_SECONDS` (with a few pairs left after its fixed
  order, one short model call on them all) then `THIRD_PAIR_SECONDS` a pair; one model call
  on every pair left; the count's second try; then what is left of the model,
  asked for a layout showing *any* pair not shown yet (one clause over all of them, so that
  the last, unsatisfiable call proves every pair left impossible at once), and after
  `GROUPED_CALLS` such calls pair by pair.

Every question to the wave search or the model keeps to the pairs proved impossible so far
(as cells a gem keeps off, as assumptions): the same answers, sooner. With a time limit, the
count gets `COUNT_ALLOWANCE` of it in all its tries.

At the time limit: LimitReached, or with `partial` the map so far, the cells with a pair still
unproved `undecided`.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from games.errors import LimitReached
from games.orapa.puzzle import Puzzle
from games.wording import plural
from solver.orapa.deduction_count import PausedCount
from solver.orapa.deduction_families import (all_families, prove_by_families, settle_pairs,
                                             within, witnesses_from_families)
from solver.orapa.deduction_groups import settle_groups
from solver.orapa.deduction_model import model_proof, model_round, portfolio_round, quick_proof
from solver.orapa.deduction_pass import FamilyPass, rule_out_by_families
from solver.orapa.deduction_witnesses import WitnessMap, out_of_reach
from solver.orapa.options import BackendName, Method
from solver.orapa.precheck import impossible_answers

# The exact count's share of the time (capped): it finishes in a few hundredths of a second
# where it can finish at all on most states, and was 1.3 to 2 s of lost time where it cannot.
COUNT_SECONDS = 0.1
RETRY_SECONDS = 2.0   # its second try (exact.COUNT_SECONDS, a quarter of the time left at most),
# when the pairs' first round and a model call left some; at 0.75 s the state of seed 213 of
# the full benchmark (one count of 1.5 s of CPU with marginals) kept a cell unproved after 20 s
SECOND_PAIR_SECONDS = 0.1   # a pair's wave search the second time round, before the
                             # model's try at all pairs left (`quick_proof`)
FEW_PAIRS = 8                # or, with this many left after the second round's fixed
EARLY_PROOF_SECONDS = 0.2    # order, a shorter try before its shuffled one
THIRD_PAIR_SECONDS = 0.5     # and the third time (a share of the time left), before and
THIRD_ROUND_SHARE = 0.25     # after the count's second try
MANY_PAIRS = 20              # pairs left after the first round: one pass over the families
PROJECTION_SHARE = 0.1       # of the time left, for that pass; if the families are too many,
HARD_ROUND_SHARE = 0.3       # the wave search gets this share, then the count this share
LONG_COUNT_SHARE = 0.75      # of what is left
PASSED_COUNT_SHARE = 0.5     # the count's share when the pass finished and left dozens
LISTING_SHARE = 0.15  # of the time left, to list every family of the wave search
FAMILY_SHARE = 0.1    # of the time left, for that and witnesses from some families
FAMILY_SECONDS = 3.0  # the time "left" when there is no time limit
PROBE_PAIRS = 16             # pairs asked to estimate what the rest would cost (at least
# twice as many left), and the pass over the families' masks tried for a share of that time
PROBE_SECONDS = 0.15          # (or fewer pairs, when they take longer)
PASS_SHARE_OF_ESTIMATE = 1.0  # of the time estimated for the pairs it could rule out,
EARLY_PASS_SECONDS = 0.5      # at most (this much of it before the count, the rest after),
FIRST_PASS_SECONDS = 0.15     # when that is at least
MIN_PASS_SECONDS = 0.2
HARD_COUNT_SECONDS = 0.3      # the count, when that pass failed, for this share of the
COUNT_SHARE_OF_ESTIMATE = 0.5  # estimate at most, when the estimate is at least
COUNT_ESTIMATE = 0.3
# With a larger estimate, the count gets longer: on full states of 6 answers whose estimate
# was 0.55 to 1.5 s the pairs took 2 to 4 s in fact (dozens of 0.02 to 0.03 s each) and the
# count 0.3 to 1.4 s, which it lost at 0.3 s and had to start over after a second of pairs
LONG_COUNT_ESTIMATE = 0.5
LONG_COUNT_SHARE_OF_ESTIMATE = 1.5
LONG_COUNT_SECONDS = 2.0
# When the count's first try leaves its lazy search at this many nodes per leaf or more
# (sparse leaves: the plain search's cuts may prune more; on the 250 full states of the map's
# benchmark, 350 to 1,400 over the first 64 to 192 leaves on the one state whose plain count
# won, 90 to 200 on four of the six where it lost 0.3 s, 300 and 1,500 on the other two,
# under 80 on most),
PLAIN_NODES_PER_LEAF = 300
PLAIN_COUNT_TRY = 0.5        # a try of the count this long or longer gives this share first
PLAIN_COUNT_SHARE = 0.25     # to the count by the plain search's families, until that has
PLAIN_COUNT_SECONDS = 0.3    # had this much in all (`_plain_count`)
# The count's share of the time limit, over all its tries: on the 50 full states of 6 answers
# of the map's benchmark, the counts that finished took 0.2 to 2.1 s in all, and those that
# did not (mines 19, 20, 38, 43: 2.8 s to over a minute) took 3 to 3.8 s of the 5 s before
# the time limit, where the pairs left needed 1 to 3 s
COUNT_ALLOWANCE = 0.5
# The count's share between the groups (at most what they had): full mines 5 and 43 of 50 at
# 9 answers finish it 0.07 to 0.08 s after the first try, where the groups take 0.5 to 1.8 s
# without it; where it does not finish (most full states of 6 answers), 0.25 s cost 0.15 s
# more than this for nothing once the target cut made the groups quicker
GROUP_COUNT_SECONDS = 0.1


@dataclass
class Deductions:
    """For every cell, the contents it can have over all consistent layouts."""

    possible: dict[int, set[str]]
    count: int  # consistent layouts seen while deducing (a lower bound on the total)
    exact: bool = False  # `count` is the exact number of consistent layouts
    undecided: frozenset[int] = frozenset()  # cells the time limit left unproved (partial)

    def status(self, cell: int) -> str:
        """`empty`, a colour, `absorbed` when forced; `open` otherwise (also for a cell the
        time limit left unproved)."""
        contents = self.possible[cell]
        if cell in self.undecided:
            return "open"
        return next(iter(contents)) if len(contents) == 1 else "open"

    def to_json(self) -> dict[str, Any]:
        from games.orapa.board import cell_label
        return {cell_label(c): sorted(v) for c, v in self.possible.items()}


def prove_map(found: WitnessMap, puzzle: Puzzle, backend: BackendName,
              deadline: float | None, method: Method = "auto") -> bool:
    """Prove the map into `found`, by the families, or by witnesses, the wave search's
    answers pair by pair and the model: True when proved, False past the deadline (`found`
    then holds what was shown)."""
    if impossible_answers(puzzle.observations, puzzle.gems) is not None:
        return True
    if puzzle.rules.touching == "corner" and method == "auto":
        out_of_reach(found, puzzle)
        left = FAMILY_SECONDS if deadline is None else max(0.0, deadline - time.monotonic())
        now = time.monotonic()
        families = all_families(puzzle, now + LISTING_SHARE * left)
        if families is not None:
            unresolved = prove_by_families(found, families, puzzle, deadline)
            if unresolved is None:
                return False
            if not unresolved:
                return True
        else:
            witnesses_from_families(found, puzzle, time.monotonic() + FAMILY_SHARE * left)
            if settle_groups(found, puzzle, deadline, None if found.count is None else (
                    lambda seconds: _long_count(found, puzzle, within(deadline, seconds),
                                                deadline)), GROUP_COUNT_SECONDS):
                return True   # (the count in parts, between the groups)
        hard: set[tuple[int, str]] = set()
        early = "untried" if families is not None else _probe_then_pass(found, puzzle,
                                                                         deadline, hard)
        if early == "counted":
            return True
        if early != "failed":   # (when the probe found the pairs hard and neither the pass
            # nor the count could be had, the longer rounds come at once)
            settle_pairs(found, puzzle, deadline, left=hard, give_up=MANY_PAIRS)
        many = early == "failed" or len(hard) >= MANY_PAIRS
        if many and _many_hard_pairs(found, puzzle, deadline, hard, early, backend):
            return True
        if not many and families is None and len(found.unshown()) > FEW_PAIRS:
            # the few hard pairs the groups and the first round left: the wave search and
            # the model in turn (full mine 38 of 50 at 6 answers: 16 "red here" pairs the
            # wave search needs 0.1 s or more each on, and the model milliseconds)
            model_round(found, puzzle, backend, deadline, hard)
        # a few pairs of a tenth of a second or more: the wave search again, in the fixed
        # order and a shuffled one (each settles pairs the other takes ten times as long on),
        # then at 0.5 s a pair (a share of the time): it did them where the model took seconds
        for seconds, seed in ((SECOND_PAIR_SECONDS, 0), (SECOND_PAIR_SECONDS, 1)):
            if found.unshown():
                settle_pairs(found, puzzle, deadline, seconds, seed=seed)
            if seed == 0 and 0 < len(found.unshown()) <= FEW_PAIRS:
                # a few pairs the wave search needs 0.1 to 0.3 s each on (impossible ones:
                # no shuffled order shortens them): one model call on all of them first
                quick_proof(found, puzzle, backend, deadline, EARLY_PROOF_SECONDS)
        if found.unshown():
            settle_pairs(found, puzzle, _share(deadline, THIRD_ROUND_SHARE), THIRD_PAIR_SECONDS,
                         seed=2)
        if found.unshown() and not quick_proof(found, puzzle, backend, deadline):
            if _long_count(found, puzzle, within(deadline, _retry_seconds(  # one family
                    RETRY_SECONDS, deadline)), deadline):                 # of billions...
                return True
            # the harder ones: longer rounds, in the fixed order and shuffled ones in turn,
            # until the deadline (every pair's search ends, given the time: the model then
            # only sees a deadline already past)
            seconds, seed = THIRD_PAIR_SECONDS, 3
            while found.unshown() and (deadline is None or time.monotonic() < deadline):
                settle_pairs(found, puzzle, deadline, seconds, seed=seed)
                seconds, seed = 2 * seconds, (seed + 1) % 4
    return model_proof(found, puzzle, backend, deadline)


def _many_hard_pairs(found: WitnessMap, puzzle: Puzzle, deadline: float | None,
                     hard: set[tuple[int, str]], early: str, backend: BackendName) -> bool:
    """Dozens of pairs the wave search did not settle in `PAIR_SECONDS` each (`hard`), after
    the pass over the families' masks (`early`: as `_probe_then_pass` says): True when the
    model or the count proved the map, else `found` holds the pairs settled."""
    passed = early == "passed"
    if early == "untried":
        passed = rule_out_by_families(found, puzzle, _share(deadline, PROJECTION_SHARE))
    if not passed:
        # too many families to pass over in time: the wave search and the model in turn,
        # from 0.04 s a pair, for a share of the time (dozens of pairs of 0.03 s each; the
        # model proves in milliseconds some the wave search needs 0.5 s on), then, if
        # dozens are still left, the count (full seed 24 with 6 answers: 1.5 to 2 s of counting, where the
        # wave search pair by pair and the model took over 5 s)
        portfolio_round(found, puzzle, backend, _share(deadline, HARD_ROUND_SHARE))
        if found.unshown() and len(found.unshown()) >= MANY_PAIRS:
            # dozens still left: the model, when it answers them quickly (`model_round`;
            # before that round it cost 0.2 to 2 s on states the round settles)
            model_round(found, puzzle, backend, deadline, hard)
            if not found.unshown():
                return True
        if len(found.unshown()) >= MANY_PAIRS and _long_count(
                found, puzzle, _share(deadline, LONG_COUNT_SHARE), deadline):
            return True
    elif _long_count(found, puzzle, _share(deadline, PASSED_COUNT_SHARE), deadline):
        # dozens of hard pairs the pass could not rule out: each some family may show, but
        # its witness is as hard to find (base mine 38 of 50 at 3 answers: rounds of pairs
        # for 5 s, unproved, where the count took 0.3 s)
        return True
    settle_pairs(found, puzzle, deadline, left=hard)   # the pairs not asked yet
    return False


def _probe_then_pass(found: WitnessMap, puzzle: Puzzle, deadline: float | None,
                     hard: set[tuple[int, str]]) -> str:
    """With many pairs left after the witnesses, a few of them (spread over the board) asked
    of the wave search tell what the rest would cost it (the pairs it rules out, or gives up
    on: the pass only rules out): the pass over the families' masks
    (`rule_out_by_families`) is tried for a share of that time, and when it does not finish
    and that time is long, the count. "passed" or "counted" when one of them finished,
    "failed" when neither did, "untried" when the probe found too little to pay for them."""
    if len(found.unshown()) < PROBE_PAIRS * 2:
        return "untried"
    estimate = _probe_estimate(found, puzzle, deadline, hard)
    if estimate < MIN_PASS_SECONDS:
        return "untried"
    # the pass for a first part of its time, the count, then the pass again where it
    # stopped (the count finished in 0.2 s after a pass of 0.5 s that did not, on full mines
    # 24 and 34 of 50 at 9 answers; the passes that finish mostly take 0.02 to 0.15 s)
    budget = min(EARLY_PASS_SECONDS, PASS_SHARE_OF_ESTIMATE * estimate)
    family_pass = FamilyPass(found, puzzle)
    end = float("inf") if deadline is None else deadline
    start = time.monotonic()
    if family_pass.run(end, within(deadline, min(FIRST_PASS_SECONDS, budget))):
        return "passed"
    budget -= time.monotonic() - start
    if estimate >= COUNT_ESTIMATE and _long_count(found, puzzle, within(
            deadline, _probe_count_seconds(estimate, deadline)), deadline):
        return "counted"
    if estimate >= LONG_COUNT_ESTIMATE:
        return "failed"   # (the pass taken up again after a long count never finished)
    if budget > 0 and family_pass.run(end, within(deadline, budget)):
        return "passed"
    return "failed"


def _probe_estimate(found: WitnessMap, puzzle: Puzzle, deadline: float | None,
                    hard: set[tuple[int, str]]) -> float:
    """`PROBE_PAIRS` of the pairs left, spread over the board, asked of the wave search: the
    seconds the rest would cost it (counting those it rules out or gives up on: the pass
    only rules out)."""
    pairs = found.unshown()
    step = len(pairs) / PROBE_PAIRS
    probe = [pairs[int(i * step)] for i in range(PROBE_PAIRS)]
    start = time.monotonic()
    settle_pairs(found, puzzle, within(deadline, PROBE_SECONDS), left=hard, only=probe)
    spent = time.monotonic() - start
    ruled_out = sum(pair in found.impossible or pair in hard for pair in probe)
    asked = ruled_out + sum(found.shown[x] >> c & 1 for c, x in probe)
    return spent * ruled_out / asked ** 2 * (len(pairs) - asked) if asked else 0.0


def _probe_count_seconds(estimate: float, deadline: float | None) -> float:
    """The count's seconds after the probe's pass did not finish its first part: a share of
    what the pairs would cost (`estimate`), longer when that is large (at most half the time
    left)."""
    if estimate >= LONG_COUNT_ESTIMATE:
        seconds = min(LONG_COUNT_SECONDS, LONG_COUNT_SHARE_OF_ESTIMATE * estimate)
    else:
        seconds = min(HARD_COUNT_SECONDS, COUNT_SHARE_OF_ESTIMATE * estimate)
    if deadline is not None:
        seconds = min(seconds, max(0.0, deadline - time.monotonic()) / 2)
    return seconds


def _share(deadline: float | None, share: float) -> float:
    """A deadline `share` of the time left from now (of `FAMILY_SECONDS` with no deadline)."""
    now = time.monotonic()
    return now + share * (FAMILY_SECONDS if deadline is None else max(0.0, deadline - now))


def _long_count(found: WitnessMap, puzzle: Puzzle, stop: float,
                deadline: float | None) -> bool:
    """The exact map by the counts (marginals) until `stop`: True when it finished (`found`
    then holds it). The count in parts (`found.count`) goes on where it stopped; without
    it (no compiled kernels) the count starts over, past counting's own share of a command
    (`exact.COUNT_SECONDS`)."""
    from solver.orapa.counting.exact import exact_possible
    counted: tuple[dict[int, set[str]], int] | None
    if found.count is not None:
        stop = _within_allowance(found, stop)
        if stop <= time.monotonic():
            return False
        counted = _plain_count(found, stop, deadline)
        if counted is None:
            counted = found.count.run(stop, deadline)
    else:
        seconds = max(0.0, stop - time.monotonic())
        if seconds <= found.count_failed:
            return False   # a count given no more time than one that failed (the count
            # starts over each time: full mine 24 of 50 at 6 answers failed in 1.5 s, then
            # in 1.1 s)
        counted = exact_possible(puzzle, seconds=seconds)
        if counted is None:
            found.count_failed = seconds
    if counted is None:
        return False
    found.possible, found.counted = counted
    return True


def _within_allowance(found: WitnessMap, stop: float) -> float:
    """`stop`, or sooner where the count in parts (lazy and plain) would pass the seconds it
    may have in all (`found.count_allowance`, a share of the map's time limit)."""
    if found.count_allowance is None or found.count is None:
        return stop
    spent = found.count.seconds
    if found.plain_count is not None:
        spent += found.plain_count.seconds
    return min(stop, time.monotonic() + found.count_allowance - spent)


def _plain_count(found: WitnessMap, stop: float, deadline: float | None
                 ) -> tuple[dict[int, set[str]], int] | None:
    """The count by the plain search's families (`found.plain_count`, made where the lazy
    search's leaves came sparse) for the first share of a long try of the count, until it
    has had `PLAIN_COUNT_SECONDS` in all: the map and count when it finished. (Full mine 1
    of 50 at 6 answers: 0.2 s of CPU by the families against 1.9 s by the lazy leaves,
    whose first 0.1 s made 1,300 nodes a leaf, where most states make under 80.)"""
    plain, now = found.plain_count, time.monotonic()
    if plain is None or plain.finished or stop - now < PLAIN_COUNT_TRY:
        return None
    seconds = min(PLAIN_COUNT_SHARE * (stop - now), PLAIN_COUNT_SECONDS - plain.seconds)
    return plain.run(now + seconds, deadline) if seconds > 0 else None


def _count(puzzle: Puzzle, seconds: float, deadline: float | None
           ) -> tuple[dict[int, set[str]], int] | None:
    """The exact map and count by counting, within `seconds` (and the deadline), or None."""
    from solver.orapa.counting.exact import exact_possible
    return exact_possible(puzzle, seconds=_retry_seconds(seconds, deadline))


def _retry_seconds(seconds: float, deadline: float | None) -> float:
    """`seconds`, or a quarter of the time left when less."""
    if deadline is not None:
        seconds = min(seconds, max(0.0, deadline - time.monotonic()) / 4)
    return seconds


def deduction_map(puzzle: Puzzle, backend: BackendName = "sat", timeout: float | None = None,
                  method: Method = "auto", partial: bool = False) -> Deductions:
    """Which contents each cell can take, proved (see the module's docstring); with
    `method="model"` neither the counts nor the wave search's families are used."""
    deadline = None if timeout is None else time.monotonic() + timeout
    found = WitnessMap(puzzle)
    found.count_allowance = None if timeout is None else COUNT_ALLOWANCE * timeout
    found.count = PausedCount.start(puzzle) if method == "auto" else None
    if found.count is not None:
        counted = found.count.run(within(deadline, COUNT_SECONDS), deadline)
    else:
        counted = _count(puzzle, COUNT_SECONDS, deadline) if method == "auto" else None
    if counted is not None:
        return Deductions(counted[0], counted[1], exact=True)
    if found.count is not None and found.count.nodes_per_leaf() >= PLAIN_NODES_PER_LEAF:
        found.plain_count = PausedCount.plain(found.count)
    if prove_map(found, puzzle, backend, deadline, method):
        if found.counted is not None:
            return Deductions(found.possible, found.counted, exact=True)
        return Deductions(found.possible, len(found.seen), exact=not found.seen)
    if not partial:
        raise LimitReached(f"time limit reached after {plural(len(found.seen), 'layout')}")
    undecided = frozenset(c for c, _ in found.unshown())
    return Deductions(found.possible, len(found.seen), undecided=undecided)
