"""The database schema (Piccolo ORM): players, games and the append-only event log.

A game's state is never stored: it is rebuilt by replaying the `action` of its events in `seq`
order. The pair (game, seq) is unique in the database, so of two requests racing to write the
same next event exactly one succeeds. That constraint is a unique index made by the second
migration (SQLite cannot add a table constraint after the table exists, so Piccolo's `Unique`
constraint does not work there; an index works on both engines).
"""
from __future__ import annotations

from piccolo.columns import JSON, Boolean, Integer, Serial, Timestamptz, Varchar
from piccolo.table import Table


class Player(Table, tablename="orapa_player"):
    """A name and the hash of its bearer token (the token itself is never stored), and when
    that token was issued (signing out everywhere issues a new one; tokens may expire)."""

    id = Serial(primary_key=True)
    name = Varchar(length=64)
    token_hash = Varchar(length=64, unique=True, index=True)
    created_at = Timestamptz()
    token_issued_at = Timestamptz(null=True, default=None)


class Game(Table, tablename="orapa_game"):
    """One game: what it is (the create options, with the seed) and its seats."""

    id = Serial(primary_key=True)
    game = Varchar(length=32)
    mode = Varchar(length=32, null=True)
    code = Varchar(length=16, unique=True, index=True)
    options = JSON()          # the create body's game options, plus "seed"
    seats = JSON()            # [{"seat", "role", "kind", "level"}]
    hints = Boolean(default=False)
    daily = Varchar(length=16, null=True, index=True)  # a daily puzzle's day (unique)
    status = Varchar(length=16, default="waiting")      # a summary for listings; the log rules
    created_at = Timestamptz()


class Event(Table, tablename="orapa_event"):
    """One event of one game. `action` is the move as the player sent it (private: it may hold a
    mine); `event` is its public description, shown through the game's view."""

    id = Serial(primary_key=True)
    game = Integer(index=True)
    seq = Integer()
    seat = Integer(null=True)
    player = Integer(null=True)
    type = Varchar(length=16)
    action = JSON(null=True)
    event = JSON()
    at = Timestamptz()


class Analysis(Table, tablename="orapa_analysis"):
    """The analysis of a finished game (it never changes), computed once; `game` is unique."""

    id = Serial(primary_key=True)
    game = Integer()
    body = JSON()


class Review(Table, tablename="orapa_review"):
    """The review of a finished Orapa game (issue 32), every explorer's in one JSON document: it
    never changes, so it is computed once; `game` is unique (an index, as for analyses)."""

    id = Serial(primary_key=True)
    game = Integer()
    body = JSON()
