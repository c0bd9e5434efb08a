"""Who may choose a game's deal. A create body's `seed` or Uncovered!'s `hands` fixes what
every seat is dealt, so it is taken only where every seat may see the deal anyway: Uncovered!'s
beginner variant (all cards face up), or a game with at most one human seat (the creator plays
against computers). Otherwise the server deals, from `secrets`, with `SEED_BITS` of randomness:
more than the number of possible deals (a six-player Uncovered! deal is one of about 2^52)."""
from __future__ import annotations

import secrets
from typing import Any, Sequence

from games.errors import BadInput

SEED_BITS = 128
CHOSEN = ("hands", "seed")


def new_seed() -> int:
    """A deal's seed from a secure source."""
    return secrets.randbits(SEED_BITS)


def check_chosen_deal(game: str, body: dict[str, Any], seats: Sequence[Any]) -> None:
    """Refuse a chosen deal (BadInput naming the field) where some seat could not see it."""
    chosen = [key for key in CHOSEN if key in body]
    if not chosen:
        return
    humans = sum(1 for seat in seats if getattr(seat, "kind", None) == "human")
    face_up = game == "uncovered" and body.get("variant", "beginner") == "beginner"
    if humans <= 1 or face_up:
        return
    raise BadInput(f"{chosen[0]}: a chosen deal is taken only when every seat may see it "
                   f"(Uncovered!'s beginner variant, or one human seat); leave it out and the "
                   f"server deals at random")
