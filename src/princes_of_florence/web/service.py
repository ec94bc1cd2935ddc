"""The game server's rules, apart from HTTP: games, seats, moves, bots and updates.

:class:`GameServer` holds the games being played, keeps each in a
:class:`~princes_of_florence.web.storage.Storage`, and knows every game only
through the protocol (:func:`princes_of_florence.games.get`), so that every
registered game is served with no code of its own.

Every request is checked before anything changes (ruling out, in this
order, an unknown game, a wrong or missing token, a malformed request, a
move against an older version and an illegal move); a refused request
changes nothing.  Nothing the server logs names a move or a card: a move
may name a hidden card.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import random
import secrets
from collections.abc import AsyncGenerator, Mapping, Sequence
from typing import Any

import attrs

from princes_of_florence import games
from princes_of_florence.games import AnyGame
from princes_of_florence.web.storage import MoveRecord, Seat, Storage, StoredGame

__all__ = [
    "BOT_KINDS",
    "MAX_SEATS",
    "MAX_TEXT",
    "GameServer",
    "Refused",
]

log = logging.getLogger("princes_of_florence.web")

MAX_SEATS = 8
"""The most seats a request may name (each game has its own smaller limit)."""
MAX_TEXT = 200
"""The longest string a request may carry in any field (a move's notation, a bot's kind)."""
LOG_MOVES = 30
"""How many of the last moves' events a page is sent, described."""
BOT_KINDS = ("random",)
"""The bots every game has; a game adds its own (:meth:`~princes_of_florence.games.Game.bots`)."""


class Refused(Exception):
    """A request the server refuses, with its HTTP status and the reason in words."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


class _RandomBot:
    """Any game's bot that plays a legal move chosen uniformly at random."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: object, moves: Sequence[Any]) -> Any:
        return self._rng.choice(moves)


@attrs.define(eq=False)
class _Table:
    """A game in play: its state, seats, log and the pages following it."""

    id: str
    game: AnyGame
    config: Any
    seats: tuple[Seat, ...]
    state: Any
    version: int
    last_cells: tuple[str, ...]
    log: list[tuple[int | None, tuple[Any, ...]]]
    bots: dict[int, Any]
    lock: asyncio.Lock = attrs.Factory(asyncio.Lock)
    followers: set[asyncio.Event] = attrs.Factory(set)
    # What pages are sent again and again, computed once: each move's events described
    # for each reader, and each reader's picture of the current version.
    lines: dict[tuple[int, int | None], tuple[str, ...]] = attrs.Factory(dict)
    pictures: dict[int | None, tuple[int, str]] = attrs.Factory(dict)
    running: asyncio.Task[None] | None = None

    def notify(self) -> None:
        for follower in self.followers:
            follower.set()


def _field(body: Mapping[str, Any], key: str, kind: type, default: Any = None) -> Any:
    value = body.get(key, default)
    if value is default and key not in body:
        return default
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise Refused(400, f"{key} must be an integer, not {type(value).__name__}")
    if not isinstance(value, kind):
        raise Refused(400, f"{key} must be a {kind.__name__}, not {type(value).__name__}")
    if isinstance(value, str) and len(value) > MAX_TEXT:
        raise Refused(400, f"{key} is longer than {MAX_TEXT} characters")
    return value


def _only(body: Mapping[str, Any], known: set[str], what: str) -> None:
    unknown = sorted(set(body) - known)
    if unknown:
        raise Refused(400, f"unknown field {unknown[0][:MAX_TEXT]!r} in {what}")


class GameServer:
    """The games served: created, joined by their seats' tokens, played and followed.

    Args:
        storage: where the games are kept.
        seed: the seed of the random choices the server makes (game seeds,
            tokens are always from :mod:`secrets`); ``None`` for a random one.
    """

    def __init__(self, storage: Storage, seed: int | None = None) -> None:
        self.storage = storage
        self._rng = random.Random(seed)
        self._tables: dict[str, _Table] = {}

    # -- what can be played ------------------------------------------------------

    def catalogue(self) -> list[dict[str, Any]]:
        """Every registered game: name, title, player counts, options and bots."""
        listed = []
        for name in games.names():
            game = games.get(name)
            listed.append(
                {
                    "name": name,
                    "title": game.title,
                    "player_counts": list(game.player_counts),
                    "options": dict(game.options()),
                    "bots": [*BOT_KINDS, *game.bots()],
                }
            )
        return listed

    # -- creating and loading ------------------------------------------------------

    async def create(self, body: object) -> dict[str, Any]:
        """Create a game from a request body; returns its id and each seat's link."""
        if not isinstance(body, dict):
            raise Refused(400, "the request must be a JSON object")
        _only(body, {"game", "seats", "options", "seed"}, "the game")
        name = _field(body, "game", str, games.DEFAULT)
        try:
            game = games.get(name)
        except ValueError as error:
            raise Refused(400, str(error)) from None
        seats_in = _field(body, "seats", list)
        if seats_in is None:
            raise Refused(400, "seats is required: one object per player")
        if not 0 < len(seats_in) <= MAX_SEATS:
            raise Refused(400, f"seats must name 1 to {MAX_SEATS} seats, not {len(seats_in)}")
        if len(seats_in) not in game.player_counts:
            counts = ", ".join(str(n) for n in game.player_counts)
            raise Refused(400, f"{game.title} is played by {counts} players, not {len(seats_in)}")
        bot_kinds = {*BOT_KINDS, *game.bots()}
        seats = []
        for index, seat in enumerate(seats_in):
            if not isinstance(seat, dict):
                raise Refused(400, f"seat {index} must be a JSON object")
            _only(seat, {"kind", "bot"}, f"seat {index}")
            kind = _field(seat, "kind", str, "human")
            if kind == "human":
                seats.append(Seat("human", "", secrets.token_urlsafe(18)))
            elif kind == "bot":
                bot = _field(seat, "bot", str, "random")
                if bot not in bot_kinds:
                    raise Refused(
                        400,
                        f"seat {index}: no bot is called {bot!r}; the bots are:"
                        f" {', '.join(sorted(bot_kinds))}",
                    )
                seats.append(Seat("bot", bot, secrets.token_urlsafe(18)))
            else:
                raise Refused(400, f"seat {index}: kind must be 'human' or 'bot', not {kind!r}")
        options = _field(body, "options", dict, {})
        seed = _field(body, "seed", int, None)
        if seed is None:
            seed = self._rng.randrange(2**31)
        try:
            config = game.make_config(len(seats), seed, options)
            state = game.new_game(config)
        except (ValueError, TypeError) as error:
            raise Refused(400, f"bad options: {error}") from None
        game_id = secrets.token_urlsafe(9)
        stored = StoredGame(game_id, name, game.dumps(config), tuple(seats), 0, game.dumps(state))
        self.storage.create(stored)
        table = self._table_of(stored, game, config, state, [])
        self._tables[game_id] = table
        log.info("game %s created: %s, %d seats", game_id, name, len(seats))
        self._start_bots(table)
        return {
            "id": game_id,
            "game": name,
            "seats": [
                {
                    "player": player,
                    "kind": seat.kind,
                    "bot": seat.bot or None,
                    "token": seat.token if seat.kind == "human" else None,
                    "link": f"/play/{game_id}#token={seat.token}" if seat.kind == "human" else None,
                }
                for player, seat in enumerate(seats)
            ],
            "spectate": f"/play/{game_id}",
        }

    def _table_of(
        self,
        stored: StoredGame,
        game: AnyGame,
        config: Any,
        state: Any,
        moves: list[tuple[int | None, tuple[Any, ...]]],
    ) -> _Table:
        bots: dict[int, Any] = {}
        own = game.bots()
        for player, seat in enumerate(stored.seats):
            if seat.kind == "bot":
                seed = self._rng.randrange(2**31)
                bots[player] = _RandomBot(seed) if seat.bot == "random" else own[seat.bot](seed)
        return _Table(
            stored.id,
            game,
            config,
            stored.seats,
            state,
            stored.version,
            stored.last_cells,
            moves,
            bots,
        )

    def table(self, game_id: str) -> _Table:
        """The game with this id, loaded from the storage the first time."""
        table = self._tables.get(game_id)
        if table is not None:
            return table
        stored = self.storage.load(game_id) if len(game_id) <= MAX_TEXT else None
        if stored is None:
            raise Refused(404, "no game has this id")
        game = games.get(stored.game)
        config = game.load_config(stored.config)
        state = game.load_state(stored.state)  # validated: only a playable state loads
        moves = [
            (record.player, tuple(game.load_event(event) for event in record.events))
            for record in self.storage.moves(game_id)
        ]
        table = self._table_of(stored, game, config, state, moves)
        self._tables[game_id] = table
        return table

    def resume(self) -> int:
        """Load every unfinished game and let its bots move; returns how many were loaded."""
        count = 0
        for game_id in self.storage.game_ids():
            table = self.table(game_id)
            if not table.game.is_terminal(table.state):
                count += 1
                self._start_bots(table)
        return count

    # -- seats ---------------------------------------------------------------------

    def seat(self, table: _Table, token: str | None) -> int | None:
        """The player whose token this is; ``None`` (a spectator) without one.

        Raises:
            Refused: 403 for a token that is no seat's.
        """
        if token is None:
            return None
        # Compared as bytes: compare_digest refuses a str with a character beyond ASCII,
        # which a header may carry.
        given = token.encode("utf-8", "surrogatepass")
        found = None
        for player, seat in enumerate(table.seats):
            if seat.kind == "human" and hmac.compare_digest(seat.token.encode(), given):
                found = player
        if found is None:
            raise Refused(403, "this token is no seat's of this game")
        return found

    # -- what a page is sent ---------------------------------------------------------

    def page(self, table: _Table, player: int | None) -> dict[str, Any]:
        """Everything the page of ``player`` (``None``: a spectator) shows, and nothing more."""
        game, state = table.game, table.state
        view = game.public_view(state) if player is None else game.observe(state, player)
        current = game.current_player(view)
        terminal = game.is_terminal(view)
        moves: list[dict[str, Any]] = []
        if player is not None and current == player and not terminal:
            for move in game.legal_moves(view):
                moves.append(
                    {
                        "notation": game.format_move(move),
                        "text": game.describe(move, view, player),
                        "cells": list(game.move_cells(view, move)),
                    }
                )
        legal = sorted({key for move in moves for key in move["cells"]})
        lines: list[str] = []
        first = max(0, len(table.log) - LOG_MOVES)
        for index in range(first, len(table.log)):
            described = table.lines.get((index, player))
            if described is None:
                events = table.log[index][1]
                seen = (
                    game.public_events(events)
                    if player is None
                    else game.events_for(events, player)
                )
                described = tuple(game.describe(event, view, player) for event in seen)
                table.lines[index, player] = described
            lines.extend(described)
        picture = table.pictures.get(player)
        if picture is None or picture[0] != table.version:
            svg = game.render_svg_marked(view, highlight=legal, last=table.last_cells)
            picture = table.pictures[player] = (table.version, svg)
        result = None
        if terminal:
            outcome = game.result(state)
            result = {
                "scores": list(outcome.scores),
                "winners": list(outcome.winners),
                "places": list(outcome.places),
                "truncated": outcome.truncated,
            }
        seats = [{"kind": seat.kind, "bot": seat.bot or None} for seat in table.seats]
        return {
            "id": table.id,
            "game": game.name,
            "title": game.title,
            "version": table.version,
            "player": player,
            "names": list(game.player_names(view)),
            "seats": seats,
            "current_player": current,
            "your_turn": player is not None and current == player and not terminal,
            "question": game.decision_text(view),
            "decision": game.decision_data(view),
            "svg": picture[1],
            "moves": moves,
            "hand": [attrs.asdict(card) for card in game.hand(view)] if player is not None else [],
            "log": lines,
            "terminal": terminal,
            "result": result,
        }

    # -- moves -----------------------------------------------------------------------

    async def move(self, game_id: str, token: str | None, body: object) -> dict[str, Any]:
        """Play a seat's move from a request body ``{"move": notation, "version": n}``.

        Returns:
            The page of the seat after the move and the bots' answers.

        Raises:
            Refused: 404 unknown game, 403 wrong or missing token, 400 malformed
                body or illegal move (with the reason), 409 a move against an
                older version.
        """
        table = self.table(game_id)
        if token is None:
            raise Refused(403, "a move needs the seat's token")
        player = self.seat(table, token)
        assert player is not None
        if not isinstance(body, dict):
            raise Refused(400, "the request must be a JSON object")
        _only(body, {"move", "version"}, "the move")
        text = _field(body, "move", str)
        version = _field(body, "version", int)
        if text is None or version is None:
            raise Refused(400, "a move needs 'move' (its notation) and 'version'")
        game = table.game
        async with table.lock:
            if version != table.version:
                raise Refused(
                    409, f"the game is at version {table.version}, not {version}: reload it"
                )
            try:
                move = game.parse_move(text)
                self._play(table, move, player)
            except ValueError as error:
                raise Refused(400, str(error)) from None
        await self._run_bots(table)
        return self.page(table, player)

    def _play(self, table: _Table, move: Any, player: int | None) -> None:
        """Apply ``move`` by ``player``, store it, and tell the pages; raises if illegal."""
        game, state = table.game, table.state
        cells = game.move_cells(state, move)
        after, events = game.apply_with_events(state, move, player)
        record = MoveRecord(
            table.version + 1,
            player,
            game.dumps(move),
            tuple(game.dumps(event) for event in events),
            cells,
        )
        if not self.storage.save_move(table.id, table.version, game.dumps(after), record):
            raise Refused(409, "the game was changed elsewhere: reload it")
        table.state, table.version = after, record.version
        table.log.append((player, events))
        if cells:
            table.last_cells = cells
        log.info("game %s: version %d, player %s moved", table.id, table.version, player)
        table.notify()

    # -- bots --------------------------------------------------------------------------

    def _bot_to_move(self, table: _Table) -> bool:
        game, state = table.game, table.state
        if game.is_terminal(state):
            return False
        if game.is_chance_node(state):
            return True
        return game.current_player(state) in table.bots

    def _bot_move(self, table: _Table) -> tuple[Any, int | None]:
        """The next bot's (or chance's) move and who makes it; run in a worker thread."""
        game, state = table.game, table.state
        if game.is_chance_node(state):
            outcomes = game.chance_outcomes(state)
            moves = [move for move, _ in outcomes]
            weights = [weight for _, weight in outcomes]
            return self._rng.choices(moves, weights)[0], None
        player = game.current_player(state)
        assert player is not None
        view = game.observe(state, player)  # a bot sees only its view
        return table.bots[player].choose(view, game.legal_moves(view)), player

    async def _run_bots(self, table: _Table) -> None:
        """Let the bots (and chance) move until a person is to decide or the game ends."""
        while True:
            async with table.lock:
                if not self._bot_to_move(table):
                    return
                move, player = await asyncio.to_thread(self._bot_move, table)
                self._play(table, move, player)
            await asyncio.sleep(0)  # let the pages following the game catch up

    def _start_bots(self, table: _Table) -> None:
        if self._bot_to_move(table) and (table.running is None or table.running.done()):
            table.running = asyncio.get_running_loop().create_task(self._run_bots(table))
            table.running.add_done_callback(_report)

    # -- following a game ------------------------------------------------------------------

    async def follow(
        self, game_id: str, player: int | None, heartbeat: float | None = None
    ) -> AsyncGenerator[dict[str, Any] | None, None]:
        """The page of ``player`` now, then again after every change, for as long as wanted.

        With ``heartbeat``, ``None`` comes after that many seconds without a change
        (a stream sends something now and then, so that a lost page is noticed).
        """
        table = self.table(game_id)
        changed = asyncio.Event()
        table.followers.add(changed)
        try:
            changed.set()
            while True:
                try:
                    await asyncio.wait_for(changed.wait(), heartbeat)
                except TimeoutError:
                    yield None
                    continue
                changed.clear()
                yield self.page(table, player)
        finally:
            table.followers.discard(changed)

    async def close(self) -> None:
        """Stop the bots' tasks and release the storage."""
        tasks = [t.running for t in self._tables.values() if t.running and not t.running.done()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.storage.close()


def _report(task: asyncio.Task[None]) -> None:
    """Log a bots' task that failed (by its error's type: a message could name a card)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("a bot failed to move: %s", type(task.exception()).__name__)
