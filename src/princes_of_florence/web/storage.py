"""Where the server keeps its games: one small interface, SQLite behind it.

A game is stored as its game's name, its configuration, its seats and its
current state, each state written as the library's JSON document
(:meth:`~princes_of_florence.games.Game.dumps`) and read back through the
validating loader (:meth:`~princes_of_florence.games.Game.load_state`), so
that a game survives a restart of the server.  Every move is kept too, with
its events, so that each player's log can be shown again after a restart.

Writes are compare-and-set on the game's version: a move is saved only if
the game is still at the version it was made against, so two writers never
overwrite each other.

>>> storage = SQLiteStorage(":memory:")
>>> storage.create(StoredGame("g1", "princes", "{}", (Seat("human", "", "t0"),), 0, "{}"))
>>> storage.load("g1").version
0
>>> storage.save_move("g1", 0, "{...}", MoveRecord(1, 0, "{}", ("{}",), ()))
True
>>> storage.save_move("g1", 0, "{...}", MoveRecord(1, 0, "{}", ("{}",), ()))
False
>>> [record.version for record in storage.moves("g1")]
[1]
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from typing import Protocol

import attrs

__all__ = ["MoveRecord", "Seat", "SQLiteStorage", "Storage", "StoredGame"]


@attrs.frozen
class Seat:
    """One seat of a game.

    Attributes:
        kind: ``human`` (played from a page, by the holder of ``token``) or
            ``bot`` (played by the server).
        bot: the bot's kind for a bot seat (``random``, or one of the game's
            own bots such as ``heuristic``); empty for a human seat.
        token: the seat's secret: whoever presents it plays the seat.
    """

    kind: str
    bot: str
    token: str


@attrs.frozen
class StoredGame:
    """A game as stored: what it is, who sits where, and its state now.

    Attributes:
        id: the game's identifier (random, in its links).
        game: the registered name of the game played (``princes``...).
        config: the configuration's JSON document.
        seats: the seats, by player.
        version: the number of moves played; a move names the version it
            was made against.
        state: the current state's JSON document.
        last_cells: the keys of the cells filled by the last move that filled any.
    """

    id: str
    game: str
    config: str
    seats: tuple[Seat, ...]
    version: int
    state: str
    last_cells: tuple[str, ...] = ()


@attrs.frozen
class MoveRecord:
    """One move played, as stored.

    Attributes:
        version: the game's version after the move.
        player: the player who moved; ``None`` for chance.
        move: the move's JSON document.
        events: the JSON documents of the move's events, unredacted (the
            server redacts them for each reader).
        cells: the keys of the cells the move filled.
    """

    version: int
    player: int | None
    move: str
    events: tuple[str, ...]
    cells: tuple[str, ...]


class Storage(Protocol):
    """What the server asks of a store of games."""

    def create(self, game: StoredGame) -> None:
        """Store a new game (its version 0)."""
        ...

    def load(self, game_id: str) -> StoredGame | None:
        """The game with this id, or ``None``."""
        ...

    def save_move(self, game_id: str, version: int, state: str, record: MoveRecord) -> bool:
        """Store ``record`` and the state after it, if the game is still at ``version``.

        Returns:
            Whether it was stored; ``False`` (and nothing changed) when the
            game has moved on or does not exist.
        """
        ...

    def moves(self, game_id: str) -> tuple[MoveRecord, ...]:
        """The moves of a game, in order."""
        ...

    def game_ids(self) -> tuple[str, ...]:
        """Every stored game's id, oldest first."""
        ...

    def close(self) -> None:
        """Release the store."""
        ...


_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    version INTEGER NOT NULL,
    state TEXT NOT NULL,
    last_cells TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    version INTEGER NOT NULL,
    player INTEGER,
    move TEXT NOT NULL,
    events TEXT NOT NULL,
    cells TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);
"""


def _seats(text: str) -> tuple[Seat, ...]:
    return tuple(Seat(kind, bot, token) for kind, bot, token in json.loads(text))


class SQLiteStorage:
    """Games in an SQLite database file (``:memory:`` for one that lasts as long as the object).

    Args:
        path: the database file; created with its tables when missing.
    """

    def __init__(self, path: str) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        if path != ":memory:":
            self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(_SCHEMA)

    def create(self, game: StoredGame) -> None:
        seats = json.dumps([[seat.kind, seat.bot, seat.token] for seat in game.seats])
        now = time.time()
        with self._lock:
            self._db.execute(
                "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game.id,
                    game.game,
                    game.config,
                    seats,
                    game.version,
                    game.state,
                    json.dumps(list(game.last_cells)),
                    now,
                    now,
                ),
            )

    def load(self, game_id: str) -> StoredGame | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, config, seats, version, state, last_cells FROM games"
                " WHERE id = ?",
                (game_id,),
            ).fetchone()
        if row is None:
            return None
        id_, game, config, seats, version, state, last_cells = row
        return StoredGame(
            id_, game, config, _seats(seats), version, state, tuple(json.loads(last_cells))
        )

    def save_move(self, game_id: str, version: int, state: str, record: MoveRecord) -> bool:
        cells = json.dumps(list(record.cells))
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                changed = self._db.execute(
                    "UPDATE games SET version = ?, state = ?, updated = ?,"
                    " last_cells = CASE WHEN ? THEN ? ELSE last_cells END"
                    " WHERE id = ? AND version = ?",
                    (
                        record.version,
                        state,
                        time.time(),
                        bool(record.cells),
                        cells,
                        game_id,
                        version,
                    ),
                ).rowcount
                if changed != 1:
                    self._db.execute("ROLLBACK")
                    return False
                self._db.execute(
                    "INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        game_id,
                        record.version,
                        record.player,
                        record.move,
                        json.dumps(list(record.events)),
                        cells,
                    ),
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return True

    def moves(self, game_id: str) -> tuple[MoveRecord, ...]:
        with self._lock:
            rows = self._db.execute(
                "SELECT version, player, move, events, cells FROM moves WHERE game_id = ?"
                " ORDER BY version",
                (game_id,),
            ).fetchall()
        return tuple(
            MoveRecord(version, player, move, tuple(json.loads(events)), tuple(json.loads(cells)))
            for version, player, move, events, cells in rows
        )

    def game_ids(self) -> tuple[str, ...]:
        with self._lock:
            rows = self._db.execute("SELECT id FROM games ORDER BY created, id").fetchall()
        return tuple(row[0] for row in rows)

    def close(self) -> None:
        with self._lock:
            self._db.close()
