"""Puzzle generation at scale: shards of JSON lines, made in parallel, the same on any engine.

`orapa generate --shard-size K` (and any `--engine ray` run) splits the count into shards of at
most K puzzles. Shard i draws from its own random stream, seeded from the run's seed and i
alone, so a shard holds the same puzzles whichever engine, worker or retry made it, and a run
can be spread over any number of workers and finished after a stop.

In DIR a run writes:
- `<gems>-NNNNN.jsonl`, one per shard (numbered from 1): one line per puzzle,
  `{"id", "shots", "difficulty", "nodes" | "conflicts", "puzzle"}` (puzzle JSON with its
  solution; `shots` is its number of clues). A shard is written to a temporary name and renamed,
  so it is there whole or not at all.
- `manifest.jsonl`: one line per finished shard (its counts: puzzles, layouts drawn, rejected
  layouts by reason, levels, clue counts, seconds), appended after the shard is in place;
  `--resume` makes only the shards it does not list.
- `run.json`: the parameters, so that `--resume` refuses a directory made with other ones.
- `summary.json`: the totals and the rates met on the way: of the layouts drawn, how many were
  unique, traps (twins differing only in white or transparent gems), ambiguous, or too hard.

>>> plan(2500, 1000)
[(1, 1000), (2, 1000), (3, 500)]
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import random
import signal
import sys
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from tqdm import tqdm

from games.errors import BadInput, is_interrupt
from games.orapa.gems import Gem
from games.orapa.layout import RuleOptions
from games.wording import plural
from generator.generate import Generated, Generator, file_stem
from generator.options import SHARD_SIZE, ClueMode

MAX_SHARD_SIZE = 5000    # "at most a few thousand" per file
MANIFEST, RUN, SUMMARY = "manifest.jsonl", "run.json", "summary.json"


@dataclass(frozen=True)
class ShardSpec:
    """What every shard of a run shares: the gem set, rules, clue mode and the run's seed."""

    gems: tuple[Gem, ...]
    rules: RuleOptions
    clues: ClueMode
    seed: int

    def parameters(self, count: int, shard_size: int) -> dict[str, Any]:
        """The run's identity, kept in `run.json`."""
        return {"gems": [{"shape": g.shape, "color": g.color} for g in self.gems],
                "rules": asdict(self.rules), "clues": self.clues, "seed": self.seed,
                "count": count, "shard_size": shard_size}


@dataclass(frozen=True)
class ShardJob:
    """One shard to make: its number (from 1) and how many puzzles it holds."""

    spec: ShardSpec
    index: int
    count: int


@dataclass
class ShardResult:
    """A made shard: its lines and what was met making them."""

    index: int
    lines: list[dict[str, Any]]
    rejected: dict[str, int]
    seconds: float

    def record(self, file: str) -> dict[str, Any]:
        """Its manifest line: counts only, not the puzzles."""
        levels = Counter(line["difficulty"] for line in self.lines)
        shots = Counter(line["shots"] for line in self.lines)
        return {"shard": self.index, "file": file, "puzzles": len(self.lines),
                "layouts": len(self.lines) + sum(self.rejected.values()),
                "rejected": self.rejected, "difficulty": dict(sorted(levels.items())),
                "shots": {str(k): v for k, v in sorted(shots.items())},
                "seconds": round(self.seconds, 3)}


def plan(count: int, shard_size: int) -> list[tuple[int, int]]:
    """(shard number, puzzles) for `count` puzzles in shards of at most `shard_size`."""
    return [(i + 1, min(shard_size, count - start))
            for i, start in enumerate(range(0, count, shard_size))]


def shard_rng(seed: int, index: int) -> random.Random:
    """Shard `index`'s own stream: depends on the run's seed and the index only."""
    return random.Random(f"orapa-shard:{seed}:{index}")


def shard_line(stem: str, index: int, number: int, found: Generated) -> dict[str, Any]:
    """One puzzle's line in a shard file."""
    difficulty = found.difficulty
    return {"id": f"{stem}-{index:05d}-{number:04d}", "shots": found.shots,
            "difficulty": difficulty.level, difficulty.measure: difficulty.work,
            "puzzle": found.puzzle.to_json()}


def make_shard(job: ShardJob) -> ShardResult:
    """Generate one shard's puzzles from its own stream (any process, same result)."""
    start = time.perf_counter()
    spec = job.spec
    generator = Generator(spec.gems, spec.rules, shard_rng(spec.seed, job.index), spec.clues)
    stem = file_stem(spec.gems)
    lines = [shard_line(stem, job.index, n, generator.next()) for n in range(1, job.count + 1)]
    return ShardResult(job.index, lines, dict(generator.rejected), time.perf_counter() - start)


# --- the directory -------------------------------------------------------------------------

def shard_name(gems: tuple[Gem, ...], index: int, shards: int = 1) -> str:
    """A shard's file name: numbered with 5 digits, or more when the run has more shards, so
    that the names of one run sort in order."""
    return f"{file_stem(gems)}-{index:0{max(5, len(str(shards)))}d}.jsonl"


def write_shard(out: Path, gems: tuple[Gem, ...], result: ShardResult, shards: int = 1
                ) -> dict[str, Any]:
    """Write a shard whole (temporary name, then rename), then list it in the manifest with
    the SHA-256 of its bytes, by which `--resume` knows the file is still the one written."""
    name = shard_name(gems, result.index, shards)
    temporary = out / f".{name}.part"
    data = "".join(json.dumps(line) + "\n" for line in result.lines).encode("utf-8")
    record = result.record(name)
    record["sha256"] = hashlib.sha256(data).hexdigest()
    try:
        with open(temporary, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, out / name)
        with open(out / MANIFEST, "a", encoding="utf-8") as manifest:
            manifest.write(json.dumps(record) + "\n")
            manifest.flush()
    except OSError as exc:
        raise BadInput(f"{out / name}: cannot write: {exc.strerror or exc}") from None
    return record


def shard_intact(path: Path, record: dict[str, Any]) -> bool:
    """Is the shard file the one the manifest line describes? Its SHA-256 when the line has one
    (a shard replaced with garbage used to count as made), else its puzzle lines."""
    try:
        data = path.read_bytes()
    except OSError:
        return False
    if "sha256" in record:
        return hashlib.sha256(data).hexdigest() == record["sha256"]
    try:                                   # a manifest written before the checksums
        lines = [json.loads(raw) for raw in data.decode("utf-8").splitlines()]
        return len(lines) == record["puzzles"] and all("puzzle" in line for line in lines)
    except (ValueError, TypeError, KeyError):
        return False


def finished_shards(out: Path) -> dict[int, dict[str, Any]]:
    """Manifest records of shards whose file is in place and intact (a cut-off last line is
    ignored); a shard whose file was changed is named on standard error and made again."""
    path = out / MANIFEST
    if not path.exists():
        return {}
    done: dict[int, dict[str, Any]] = {}
    raws = path.read_text(encoding="utf-8").splitlines()
    for number, raw in enumerate(raws, 1):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
            index, file = int(record["shard"]), str(record["file"])
        except (ValueError, KeyError, TypeError):
            if number == len(raws):
                break                      # the last line, cut off by a kill: redo that shard
            raise BadInput(f"{path}: line {number}: not a manifest line") from None
        if not (out / file).exists():
            continue
        if shard_intact(out / file, record):
            done[index] = record
        else:
            done.pop(index, None)
            print(f"orapa: {out / file}: not the shard the manifest lists (changed since it "
                  f"was written); it is made again", file=sys.stderr)
    return done


def prepare(out: Path, parameters: dict[str, Any], resume: bool) -> dict[int, dict[str, Any]]:
    """Check DIR for this run; the shards already made (with `resume`)."""
    if out.exists() and not out.is_dir():
        raise BadInput(f"--out: {out} exists and is not a directory")
    try:      # under a file, or in /proc: it was a traceback (NotADirectoryError and the like)
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise BadInput(f"--out: cannot create the directory {out}: "
                       f"{exc.strerror or exc}") from None
    run = out / RUN
    if run.exists():
        try:
            earlier = json.loads(run.read_text(encoding="utf-8"))
        except ValueError:
            raise BadInput(f"{run}: not a generation run file") from None
        if not resume:
            raise BadInput(f"--out: {out} already holds a sharded run; "
                           f"--resume finishes it, or choose another directory")
        if earlier != parameters:
            changed = sorted(k for k in parameters if earlier.get(k) != parameters[k])
            raise BadInput(f"--resume: {out} was made with other parameters "
                           f"({', '.join(changed)})")
        return finished_shards(out)
    _write_text(run, json.dumps(parameters) + "\n")
    return {}


def _write_text(path: Path, text: str) -> None:
    """Write one of the run's small files; a failure is bad input naming the file."""
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"{path}: cannot write: {exc.strerror or exc}") from None


def summarise(records: Iterable[dict[str, Any]], wall_seconds: float, interrupted: bool,
              failed: list[int]) -> dict[str, Any]:
    """Totals over the finished shards, and the rates of each verdict among layouts drawn."""
    records = sorted(records, key=lambda r: r["shard"])
    rejected: Counter[str] = Counter()
    levels: Counter[str] = Counter()
    shots: Counter[str] = Counter()
    for record in records:
        rejected.update(record["rejected"])
        levels.update(record["difficulty"])
        shots.update(record["shots"])
    puzzles = sum(r["puzzles"] for r in records)
    layouts = sum(r["layouts"] for r in records)
    rates = {"unique": puzzles, **rejected}
    return {"shards": [r["file"] for r in records], "count": puzzles, "layouts": layouts,
            "rejected": dict(rejected),
            "rates": {k: round(v / layouts, 6) if layouts else None for k, v in rates.items()},
            "difficulty": dict(sorted(levels.items())),
            "shots": dict(sorted(shots.items(), key=lambda kv: int(kv[0]))),
            "seconds": round(sum(r["seconds"] for r in records), 3),
            "wall_seconds": round(wall_seconds, 3), "interrupted": interrupted,
            "failed_shards": failed}


# --- engines -------------------------------------------------------------------------------

Mapper = Callable[[list[ShardJob]], Iterator["ShardResult | tuple[int, str]"]]


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def map_local(jobs: list[ShardJob], workers: int) -> Iterator[ShardResult]:
    """Shards made by a pool of processes on this machine, as they finish."""
    if workers == 1 or len(jobs) <= 1:
        yield from map(make_shard, jobs)
        return
    pool = multiprocessing.get_context().Pool(min(workers, len(jobs)), _ignore_sigint)
    finished = False
    try:
        yield from pool.imap_unordered(make_shard, jobs)
        finished = True
    finally:
        if finished:
            pool.close()
        else:
            pool.terminate()
        pool.join()


@dataclass
class Generation:
    """A sharded run: where, what, and how it is spread."""

    spec: ShardSpec
    count: int
    out: Path
    shard_size: int = SHARD_SIZE
    resume: bool = False
    progress: bool | None = None
    failed: list[int] = field(default_factory=list)

    def run(self, mapper: Callable[[list[ShardJob]], Iterator[Any]]) -> dict[str, Any]:
        """Make the shards not yet made, write each as it arrives; the summary (also written
        as summary.json). `mapper` turns jobs into results (or `(index, error)` for a shard
        lost twice), in any order."""
        if not 1 <= self.shard_size <= MAX_SHARD_SIZE:
            raise BadInput(f"--shard-size: between 1 and {MAX_SHARD_SIZE}, got {self.shard_size}")
        started = time.perf_counter()
        records: dict[int, dict[str, Any]] = {}
        interrupted = False
        try:            # Ctrl-C from here on says what is kept
            done = prepare(self.out, self.spec.parameters(self.count, self.shard_size),
                           self.resume)
            records.update(done)
            with tqdm(total=self.count, initial=sum(r["puzzles"] for r in done.values()),
                      desc="puzzles", unit="puzzle", file=sys.stderr, dynamic_ncols=True,
                      disable=None if self.progress is None else not self.progress) as bar:
                plan_all = plan(self.count, self.shard_size)
                jobs = [ShardJob(self.spec, index, n) for index, n in plan_all
                        if index not in done]
                for result in mapper(jobs):
                    if isinstance(result, tuple):     # (index, how it failed twice)
                        self.failed.append(result[0])
                        tqdm.write(f"orapa: shard {result[0]}: {result[1]}; left for --resume",
                                   file=sys.stderr)
                        continue
                    records[result.index] = write_shard(self.out, self.spec.gems, result,
                                                        len(plan_all))
                    bar.update(len(result.lines))
        except KeyboardInterrupt:
            interrupted = True
        except Exception as exc:      # Ctrl-C inside PySAT, when a shard is made here
            if not is_interrupt(exc):
                raise
            interrupted = True
        summary = summarise(records.values(), time.perf_counter() - started, interrupted,
                            sorted(self.failed))
        if self.out.is_dir():           # not when Ctrl-C came before it was made
            _write_text(self.out / SUMMARY, json.dumps(summary, indent=1) + "\n")
        return summary


def summary_text(summary: dict[str, Any], out: Path) -> str:
    """Two lines for people: what was written, and the rates met on the way."""
    rates = ", ".join(f"{k} {100 * v:.1f}%" for k, v in summary["rates"].items()
                      if v is not None)
    levels = ", ".join(f"{k} {v}" for k, v in summary["difficulty"].items())
    extra = "; interrupted" if summary["interrupted"] else ""
    if summary["failed_shards"]:
        extra += f"; shards that failed twice (left for --resume): {summary['failed_shards']}"
    return (f"{plural(summary['count'], 'puzzle')} in {plural(len(summary['shards']), 'shard')} "
            f"written to {out} "
            f"({summary['wall_seconds']:.1f} s){extra}\n"
            f"layouts drawn {summary['layouts']}: {rates or '-'}; levels: {levels or '-'}")
