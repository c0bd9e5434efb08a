"""Uncovered!: a cooperative card-sorting game (seed 004, rulings U1-U5).

`deal` holds hands, validation, deals and the win check; `game` the turns, swaps and declaring;
`views` what each player may see under the three variants.
"""
from games.uncovered.deal import (
    HAND_SIZE, PLAYERS_MAX, PLAYERS_MIN, VALUES, Hand, Hands, WinRule, all_deals, deal_count,
    format_hands, is_won, parse_hands, random_deal, target_sequences, validate_hands,
)
from games.uncovered.game import Game, Swap
from games.uncovered.views import Variant, View, check_variant, render_view, view_of

__all__ = [
    "HAND_SIZE", "PLAYERS_MAX", "PLAYERS_MIN", "VALUES", "Hand", "Hands", "WinRule", "all_deals",
    "deal_count", "format_hands", "is_won", "parse_hands", "random_deal", "target_sequences",
    "validate_hands", "Game", "Swap", "Variant", "View", "check_variant", "render_view", "view_of",
]
