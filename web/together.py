"""Playing together, the log's side: chat lines and the rematch link are events of the game
(so they reach every socket and stay in the replay) that never touch the rules state. A mixin
of `web.play.Games`, whose lock, load, create and append it uses."""
from __future__ import annotations

from typing import Any

from web import store
from web.failures import Busy, NotNow, NotSeated
from web.loaded import seat_json
from web.responses import Player

REMATCH_DROPS = ("seed",)    # options a rematch does not copy: a new deal


class Together:
    """Chat and rematch; `Games` provides lock, _load_or_forget, _append and create."""

    async def say(self, gid: int, player: Player, text: str) -> dict[str, Any]:
        """A chat line from a seated player, appended to the log as a `chat` event (no action:
        replaying the log never touches the rules state, and no `turn` follows it)."""
        async with self.lock(gid):
            for attempt in range(5):
                loaded = await self._load_or_forget(gid, trust_cache=attempt == 0)
                seat = loaded.seat_of(player.id)
                if seat is None:
                    raise NotSeated("chat: only the players seated at this game can chat")
                row = {"type": "chat", "seat": seat, "player": player.id, "action": None,
                       "event": {"type": "chat", "name": player.name, "text": text}}
                try:
                    written = await self._append(loaded, [row])
                except store.SeqTaken:
                    continue      # another worker wrote first: reload and append after it
                return loaded.event(written[0], seat)
        raise Busy("chat: the game is busy; send your message again")

    async def rematch(self, gid: int, player: Player) -> dict[str, Any]:
        """The rematch of a finished game: a new game with the same options (a new deal) and
        the same seats, the caller in the first human seat; asked again, the same one. Its
        link goes into the old game's log as a `rematch` event, so everyone there sees it."""
        async with self.lock(gid):
            loaded = await self._load_or_forget(gid)
            seat = loaded.seat_of(player.id)
            if seat is None:
                raise NotSeated("rematch: only the players of this game can ask for one")
            if loaded.status != "over":
                raise NotNow("rematch: the game is not over yet")
            if loaded.row.get("daily"):
                raise NotNow("rematch: the daily puzzle is played once a day")
            for row in reversed(loaded.rows):
                if row["type"] == "rematch":
                    return loaded.event(row, seat)
            options = {k: v for k, v in loaded.row["options"].items() if k not in REMATCH_DROPS}
            seats = [{k: v for k, v in seat_json(s).items() if k != "seat" and v is not None}
                     for s in loaded.seats]
            new = await self.create(player, {**options, "game": loaded.row["game"],
                                             "hints": bool(loaded.row["hints"]),
                                             "seats": seats})
            row = {"type": "rematch", "seat": seat, "player": player.id, "action": None,
                   "event": {"type": "rematch", "game": new.id, "code": new.row["code"],
                             "name": player.name}}
            try:
                written = await self._append(loaded, [row])
            except store.SeqTaken:
                raise Busy("rematch: the game is busy; ask again") from None
            return loaded.event(written[0], seat)
