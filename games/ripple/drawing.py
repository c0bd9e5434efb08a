"""A terminal picture of a Ripple game: the board with its scoring groups marked, the scores with
the last move's change, and the move history.

Each square shows a colour letter and the placer (`r1` = red placed by player 1); a stone in a
scoring group (3+ stones, R3) is shown in brackets, `[r1]`.

>>> from games.ripple import RippleGame, Rules, parse_moves
>>> game = RippleGame.replay(Rules(), parse_moves("red@6,0,red@6,1,red@5,0"))
>>> print(draw_board(game.position).splitlines()[-2])
  5 [r1]  .    .    .    .    .    .
"""
from __future__ import annotations

from games.ripple.board import BIT, COLOUR_LETTERS, COLOURS, SIZE, cells_of, row_col
from games.ripple.game import RippleGame
from games.ripple.rules import DRAW, Position, all_groups

_ANSI = {"r": "31", "b": "34", "g": "32", "y": "33"}


def _square(letter: str, placer: int, grouped: bool, colour: bool) -> str:
    text = f"{letter}{placer}"
    if colour:
        text = f"\x1b[{'1;' if grouped else ''}{_ANSI[letter]}m{text}\x1b[0m"
    return f"[{text}]" if grouped else f" {text} "


def draw_board(position: Position, colour: bool = False) -> str:
    """The board, row 0 at the top, with column and row numbers; `colour` adds ANSI colours."""
    grouped = 0
    for group in all_groups(position):
        grouped |= group.cells
    lines = ["     " + "    ".join(str(c) for c in range(SIZE))]
    for row in range(SIZE):
        squares = []
        for col in range(SIZE):
            cell = row * SIZE + col
            stone = position.stone_at(cell)
            if stone is None:
                squares.append(" .  ")
            else:
                squares.append(_square(COLOUR_LETTERS[stone[0]], stone[1], bool(grouped & BIT[cell]), colour))
        lines.append(f"  {row} " + " ".join(squares).rstrip())
    return "\n".join(lines)


def describe_groups(position: Position) -> list[str]:
    """One line per scoring group: colour, size, squares, owner and points."""
    lines = []
    for group in all_groups(position):
        squares = " ".join(f"{r},{c}" for r, c in (row_col(cell) for cell in cells_of(group.cells)))
        owner = f"player {group.owner}, {group.points} points" if group.owner else "tied, no points"
        lines.append(f"{COLOURS[group.colour]} group of {group.size} ({squares}): {owner}")
    return lines


def describe_game(game: RippleGame, colour: bool = False) -> str:
    """Board, groups, scores with the last change, whose turn or the result."""
    position = game.position
    parts = [draw_board(position, colour)]
    parts.extend(describe_groups(position))
    first, second = position.scores
    change = game.history[-1].change if game.history else (0, 0)
    parts.append(f"Scores: player 1 {first} ({change[0]:+d}), player 2 {second} ({change[1]:+d})")
    if game.time_left:
        parts.append(f"Time left: player 1 {game.time_left[0]:.0f} s, player 2 {game.time_left[1]:.0f} s")
    if position.power_left != (0, 0):
        parts.append(f"Power stones left: player 1 {position.power_left[0]}, player 2 {position.power_left[1]}")
    if position.winner is None:
        parts.append(f"Player {position.to_move} to move")
    elif position.winner == DRAW:
        parts.append(f"Game over ({position.reason}): a draw")
    else:
        parts.append(f"Game over ({position.reason}): player {position.winner} wins")
    return "\n".join(parts)


def describe_history(game: RippleGame) -> list[str]:
    """The moves with the scores after each and their change."""
    return [
        f"{r.number:2d}. player {r.player} {r.move}: {r.scores[0]}-{r.scores[1]}"
        + (f" ({r.change[0]:+d}/{r.change[1]:+d})" if r.change != (0, 0) else "")
        for r in game.history
    ]
