"""Games as the server runs them: rebuilt from the event log, acted on, shown through views.

A game is its create options plus its events. `Games.load` replays the log (a per-process
cache is only trusted up to its last seq: newer events are fetched and replayed on top). Every
change goes through `_commit`: act on the rebuilt game (which refuses illegal moves and changes
nothing), then append the events with the next seqs; if another request or worker wrote those
seqs first, the database refuses and the request gets 409. Computer seats act in background
tasks through the same path, right after the event that gives them something to do.
"""
from __future__ import annotations

import asyncio
import copy
import logging
import secrets
from typing import Any, Callable, TypeVar

from games.errors import BadInput
from games.seated import NotYourTurn, Seat
from web import clocks, store
from web.analysis import Analyses
from web.deals import check_chosen_deal, new_seed
from web.errors import ApiError
from web.failures import Busy, NoSuchGame, NotSeated, SeatTaken, ServiceError, WrongCode
from web.live import Hub
from web.presence import Presence
from web.loaded import Loaded, parse_seats, seat_json, utc
from web.registry import GAMES
from web.responses import Player
from web.timekeeper import Timekeeping
from web.together import Together
from web.storage_errors import RETRY_AFTER, is_storage_failure

log = logging.getLogger("orapa.web")

SERVER_FIELDS = ("game", "hints", "seats")   # create-body fields that are not game options
CACHE_LIMIT = 5000   # games kept rebuilt per process
READ_WAIT, READ_POLL = 0.5, 0.02   # seconds a read waits for a game's write before reading apart
T = TypeVar("T")


def computer_names(seats: list[Seat]) -> dict[int, str]:
    """A name per computer seat, told apart when there are several ("computer 1 (normal)",
    "computer 2 (normal)") so that "... swapped" says which one."""
    computers = [s for s in seats if s.kind == "computer"]
    if len(computers) == 1:
        return {computers[0].seat: f"computer ({computers[0].level})"}
    return {s.seat: f"computer {i} ({s.level})" for i, s in enumerate(computers, 1)}


class Games(Timekeeping, Together):
    """The games of this process: cache, per-game locks, commits, clocks and computer seats."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._cache: dict[int, Loaded] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        self._thinking: set[int] = set()
        self._again: set[int] = set()
        self._tasks: set[asyncio.Task] = set()
        self.analyses = Analyses()                        # finished games' analyses
        self.presence = Presence()                        # sockets open per game
        self.deadlines: dict[int, Any] = {}               # game -> when its running clock ends

    def lock(self, gid: int) -> asyncio.Lock:
        if gid not in self._locks:
            self._locks[gid] = asyncio.Lock()
        return self._locks[gid]

    # ----- loading -----------------------------------------------------------------------
    async def load(self, gid: int, trust_cache: bool = False) -> Loaded:
        """The game as its log says now (404 when there is no such game). `trust_cache`: skip
        reading the log when the cached game is as new as the newest event this process has
        heard of (its own commits, and with PostgreSQL every worker's NOTIFY); a commit checks
        its seq under the insert anyway, so a stale cache can never be written over."""
        loaded = self._cache.get(gid)
        if loaded is not None and trust_cache and self.hub.latest(gid) <= loaded.seq:
            self._remember(loaded)
            return loaded
        if loaded is None:
            loaded = await self._build(gid)
        for event_row in await store.events_after(gid, loaded.seq):
            loaded.apply(event_row)
        self._remember(loaded)
        self._note_deadline(loaded)
        return loaded

    @staticmethod
    async def _build(gid: int) -> Loaded:
        """The game as created, before any event (404 when there is no such game)."""
        row = await store.get_game(gid)
        if row is None:
            raise NoSuchGame(f"game: no game {gid}")
        kind = GAMES.get(row["game"])
        if kind is None:
            raise NoSuchGame(f"game: {row['game']!r} is not hosted by this server")
        seats = [Seat(s["seat"], s["role"], s["kind"], s.get("level")) for s in row["seats"]]
        return Loaded(gid, row, kind, kind.create(row["options"], seats), seats)

    async def _read(self, gid: int, use: Callable[[Loaded], T], trust_cache: bool = False) -> T:
        """`use(loaded)` under the game's lock; when a write has held that lock for longer
        than READ_WAIT (SQLite's file locked by another process, a slow disk), on a copy
        rebuilt from the log instead: a read never waits behind a stuck write, and never sees
        the move that write has not stored yet."""
        lock = self.lock(gid)
        waited = 0.0
        while lock.locked() and waited < READ_WAIT:
            await asyncio.sleep(READ_POLL)
            waited += READ_POLL
        if lock.locked():
            loaded = await self._build(gid)
            for event_row in await store.events_after(gid, 0):
                loaded.apply(event_row)
            return use(loaded)
        async with lock:
            return use(await self._load_or_forget(gid, trust_cache))

    def _remember(self, loaded: Loaded) -> None:
        """Cache a game, the most recently used last; past CACHE_LIMIT games, forget the least
        recently used ones that nobody is working on (a forgotten game is rebuilt from its log
        when it is needed again)."""
        self._cache.pop(loaded.id, None)
        self._cache[loaded.id] = loaded
        if len(self._cache) > CACHE_LIMIT:
            for gid in list(self._cache)[:len(self._cache) - CACHE_LIMIT]:
                lock = self._locks.get(gid)
                idle = lock is None or not (lock.locked() or getattr(lock, "_waiters", None))
                if idle and gid not in self._thinking:
                    del self._cache[gid]
                    self._locks.pop(gid, None)

    async def view(self, gid: int, pid: int | None) -> dict[str, Any]:
        await self.enforce_clock(gid)
        return await self._read(gid, lambda loaded: loaded.state(loaded.seat_of(pid)))

    async def _load_or_forget(self, gid: int, trust_cache: bool = False) -> Loaded:
        """`load`, dropping the lock made for a game id that does not exist (else every id
        ever asked for would keep one)."""
        try:
            return await self.load(gid, trust_cache)
        except NoSuchGame:
            if gid not in self._cache:
                self._locks.pop(gid, None)
            raise

    async def events(self, gid: int, pid: int | None, after: int,
                     trust_cache: bool = False) -> list[dict[str, Any]]:
        """The events with seq > after as `pid` may see them (the log is read through the
        cache, itself brought up to date first unless `trust_cache`: see `load`)."""
        def visible(loaded: Loaded) -> list[dict[str, Any]]:
            seat = loaded.seat_of(pid)
            return [loaded.event(r, seat) for r in loaded.rows[after:]]

        return await self._read(gid, visible, trust_cache)

    # ----- changes -----------------------------------------------------------------------
    async def create(self, player: Player | None, body: dict[str, Any],
                     daily: str | None = None) -> Loaded:
        """A new game from a create body; the caller takes the first human seat."""
        name = body.get("game", "orapa")
        kind = GAMES.get(name) if isinstance(name, str) else None
        if kind is None:
            raise BadInput(f"game: expected one of {', '.join(sorted(GAMES))}, got {name!r}")
        hints = body.get("hints", False)
        if not isinstance(hints, bool):
            raise BadInput("hints: expected true or false")
        options = {k: v for k, v in body.items() if k not in SERVER_FIELDS}
        options.setdefault("seed", new_seed())
        clock = clocks.parse_clock(options.pop("clock", None), name, options.get("mode"))
        if clock is not None:
            options["clock"] = clock          # stored with the options; the game ignores it
        game = kind.create(options, parse_seats(body.get("seats")))
        seats = list(game.seats)
        check_chosen_deal(name, body, seats)
        if not seats:
            raise BadInput("seats: a game needs seats")
        mode = options.get("mode") if isinstance(options.get("mode"), str) else None
        gid, code = await store.create_game(name, mode, options, [seat_json(s) for s in seats],
                                            hints, daily)
        loaded = Loaded(gid, {"id": gid, "game": name, "mode": mode, "code": code,
                              "hints": hints, "daily": daily, "options": options},
                        kind, game, seats)
        self._remember(loaded)
        rows = []
        human = next((s.seat for s in seats if s.kind == "human"), None)
        names = computer_names(seats)
        for seat in seats:
            if seat.kind == "computer":
                rows.append(self._joined(seat.seat, None, names[seat.seat]))
            elif seat.seat == human and player is not None:
                rows.append(self._joined(seat.seat, player.id, player.name))
        async with self.lock(gid):
            await self._append(loaded, rows, previous=("waiting", None))
        return loaded

    @staticmethod
    def _joined(seat: int, pid: int | None, name: str) -> dict[str, Any]:
        return {"type": "joined", "seat": seat, "player": pid,
                "event": {"type": "joined", "name": name, "player": pid}}

    async def join(self, gid: int, player: Player, code: str) -> tuple[Loaded, int]:
        """Take a free human seat of a game with its code; joining twice gives the same seat."""
        for _ in range(5):
            async with self.lock(gid):
                loaded = await self._load_or_forget(gid)
                if not secrets.compare_digest(code.strip().upper(), loaded.row["code"]):
                    raise WrongCode("code: not this game's join code")
                seat = loaded.seat_of(player.id)
                if seat is not None:
                    return loaded, seat
                free = [s.seat for s in loaded.seats
                        if s.kind == "human" and s.seat not in loaded.occupants]
                if not free:
                    raise SeatTaken("seat: every seat of this game is taken")
                try:
                    await self._append(loaded, [self._joined(free[0], player.id, player.name)])
                    return loaded, free[0]
                except store.SeqTaken:
                    continue          # (the cached game was dropped: the next load rebuilds)
        raise Busy("seat: too many players joining at once; try again")

    async def act(self, gid: int, player: Player, action: dict[str, Any],
                  before_start: bool = False) -> tuple[dict[str, Any], dict[str, Any]]:
        """A player's action; returns (its event, STATE) as that player sees them.
        `before_start`: allowed while the game waits (hiding a mine)."""
        # The move is judged on the cached game without reading the log first when this
        # process has heard of no newer event (SQLite: one process; PostgreSQL: every worker's
        # NOTIFY). A NOTIFY still in flight leaves the cache behind: the insert then finds its
        # seq taken, or the move looks illegal, and the move is judged again on the log.
        started = store.now()
        async with self.lock(gid):
            loaded = await self._load_or_forget(gid, trust_cache=True)
            seen = loaded.seq
            try:
                try:
                    await self._time_out(loaded)    # a move after the deadline comes too late
                    return await self._act_once(loaded, player.id, action, before_start)
                except (ApiError, ServiceError, BadInput, store.SeqTaken) as exc:
                    loaded = await self.load(gid)    # judged on the cache: was it behind?
                    newer = loaded.rows[seen:]
                    if not newer or (isinstance(exc, store.SeqTaken) and any(
                            utc(row["at"]) >= started for row in newer)):
                        raise     # nothing missed, or a race with this very request: lost
                await self._time_out(loaded)        # judged again on the log: the clock too
                return await self._act_once(loaded, player.id, action, before_start)
            except store.SeqTaken:
                raise Busy("game: another move was recorded first; reload and retry") from None

    async def _act_once(self, loaded: Loaded, pid: int, action: dict[str, Any],
                        before_start: bool) -> tuple[dict[str, Any], dict[str, Any]]:
        seat = loaded.seat_of(pid)
        if seat is None:
            raise NotSeated("seat: you have no seat at this game")
        written = await self._commit(loaded, seat, pid, action, before_start)
        return loaded.event(written[0], seat), loaded.state(seat)

    async def _commit(self, loaded: Loaded, seat: int, pid: int | None, action: dict[str, Any],
                      before_start: bool) -> list[dict[str, Any]]:
        """Act and append (the caller holds the game's lock)."""
        previous = (loaded.status, loaded.game.to_move)
        if loaded.game.over:
            raise NotYourTurn("game: the game is over")
        if previous[0] == "waiting" and not before_start:
            raise NotYourTurn("game: not started yet (waiting for players or mines)")
        event = loaded.game.act(seat, action)   # refuses illegal moves, changing nothing
        row = {"type": event["type"], "seat": seat, "player": pid, "action": action,
               "event": event}
        return await self._append(loaded, [row], previous)

    async def _append(self, loaded: Loaded, rows: list[dict[str, Any]],
                      previous: tuple[str, int | None] | None = None) -> list[dict[str, Any]]:
        """Append rows (their action already applied to `loaded.game`), plus `turn` or `over`
        when the game's status or turn changed. If the rows cannot be stored, the cached game
        is dropped (the next load rebuilds it from the log) and the error raised: SeqTaken when
        another request wrote those seqs first."""
        previous = previous or (loaded.status, loaded.game.to_move)
        try:
            for row in rows:
                if row["type"] == "joined":
                    loaded.occupants[row["seat"]] = {"player": row["player"],
                                                     "name": row["event"]["name"]}
            status = loaded.status
            if status == "over" and previous[0] != "over":
                rows.append({"type": "over", "event": {"type": "over", **loaded.game.result()}})
            elif status == "playing" and (previous[0] != "playing"
                                          or loaded.game.to_move != previous[1]):
                rows.append({"type": "turn", "event": {"type": "turn",
                                                        "to_move": loaded.game.to_move}})
            written = await store.append(loaded.id, loaded.seq + 1, rows)
        except BaseException:
            if self._cache.get(loaded.id) is loaded:
                del self._cache[loaded.id]
            raise
        loaded.seq = written[-1]["seq"]
        loaded.rows.extend(written)
        self.hub.notify(loaded.id, loaded.seq)
        if status != previous[0]:
            if status == "over":
                self.analyses.game_over(loaded.id, loaded.game, bool(loaded.row.get("hints")))
            await store.set_status(loaded.id, status)
        if self._computer_turn(loaded) is not None:
            self.schedule(loaded.id)
        return written

    # ----- computer seats ------------------------------------------------------------------
    def _computer_turn(self, loaded: Loaded) -> tuple[int, str] | None:
        """A computer seat with something to do now, and its level."""
        computers = {s.seat: s.level or "normal" for s in loaded.seats if s.kind == "computer"}
        for seat in loaded.waiting_for():
            if seat in computers:
                return seat, computers[seat]
        if loaded.status == "playing" and loaded.game.to_move in computers:
            return loaded.game.to_move, computers[loaded.game.to_move]
        return None

    def schedule(self, gid: int) -> None:
        """Let the computer seats of a game act (in the background) if it is their turn."""
        if gid in self._thinking:
            self._again.add(gid)
            return
        self._thinking.add(gid)
        task = asyncio.get_running_loop().create_task(self._run_computers(gid))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _run_computers(self, gid: int) -> None:
        """Play the game's computer seats while one of them has something to do."""
        try:
            while True:
                self._again.discard(gid)
                async with self.lock(gid):
                    loaded = await self.load(gid)
                    turn = self._computer_turn(loaded)
                    if turn is None:
                        break
                    snapshot, seq = copy.deepcopy(loaded.game), loaded.seq
                seat, level = turn
                action = await asyncio.to_thread(loaded.kind.computer, snapshot, seat, level)
                async with self.lock(gid):
                    loaded = await self.load(gid)
                    if any(r["type"] != "chat" for r in loaded.rows[seq:]):
                        continue  # the game moved on while the computer thought
                    try:
                        await self._commit(loaded, seat, None, action, before_start=True)
                    except (ApiError, ServiceError, store.SeqTaken):
                        continue
        except asyncio.CancelledError:
            self._thinking.discard(gid)
            raise
        except Exception as exc:
            if is_storage_failure(exc):    # the database is down for a moment: try again later
                log.warning("computer seat of game %s waits for the database", gid)
                loop = asyncio.get_running_loop()

                def retry() -> None:
                    self._again.add(gid)
                    self.schedule(gid)
                loop.call_later(RETRY_AFTER, retry)
            else:
                log.exception("computer seat of game %s failed", gid)
        self._thinking.discard(gid)
        if gid in self._again:   # something happened after the last look: look again
            self.schedule(gid)

    async def resume(self) -> None:
        """After a start: let computer seats of unfinished games carry on, and the clocks
        be watched."""
        self.start_timer()
        for gid in await store.unfinished_games():
            try:
                self.schedule(gid)
                await self.watch_clock(gid)
            except Exception:
                log.exception("could not resume game %s", gid)

    async def close(self) -> None:
        await self.analyses.close()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
