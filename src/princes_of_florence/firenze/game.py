"""Firenze as a game of the library's protocol, registered as ``firenze``.

:data:`GAME` meets :class:`princes_of_florence.games.Game` with this package's
public API, so that bots, tournaments, the adapters and the command line play
Firenze with no code of their own.

>>> from princes_of_florence.firenze.game import GAME
>>> state = GAME.new_game(GAME.make_config(2, 1, {}))
>>> GAME.format_move(GAME.legal_moves(state)[0])
'choose 0'
"""

from __future__ import annotations

import functools
import math
import random
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Literal, cast

import attrs

from princes_of_florence.firenze import (
    bots,
    descriptions,
    engine,
    learning,
    notation,
    observation,
    pictures,
)
from princes_of_florence.firenze import serialization as docs
from princes_of_florence.firenze.components import default_catalog
from princes_of_florence.firenze.config import MAX_TURNS, FirenzeConfig
from princes_of_florence.firenze.errors import (
    ArgumentError,
    ConfigError,
    InvalidMoveError,
    SerializationError,
)
from princes_of_florence.firenze.events import EVENT_TYPES, Event
from princes_of_florence.firenze.ids import Step
from princes_of_florence.firenze.moves import (
    MOVE_TYPES,
    Move,
    PlayAlchemist,
    PlayPatrizier,
    PlaySaboteur,
    PlaySchmuggler,
)
from princes_of_florence.firenze.observation import PlayerView
from princes_of_florence.firenze.rules.scoring import Outcome
from princes_of_florence.firenze.state import State
from princes_of_florence.games.protocol import (
    CardText,
    ComponentData,
    ComponentEntry,
    Game,
    GameResult,
)
from princes_of_florence.limits import shorten

__all__ = ["GAME", "Firenze"]

_StateOrView = State | PlayerView

_FREE = (PlayAlchemist, PlaySchmuggler, PlaySaboteur, PlayPatrizier)
"""The persons played at any point of the own turn without ending the decision (ruling ZR21)."""


def _state(where: object, function: str = "this function") -> State:
    """The state of a state, or the state a view stands for; anything else is refused."""
    if type(where) is State:
        return where
    if type(where) is PlayerView:
        return observation.view_state(where)
    raise ArgumentError.wrong_kind(function, "a Firenze State or PlayerView", where)


def _table(where: object, function: str) -> _StateOrView:
    """``where`` itself, if it is a Firenze state or view."""
    if type(where) is not State and type(where) is not PlayerView:
        raise ArgumentError.wrong_kind(function, "a Firenze State or PlayerView", where)
    return where


def _only_state(state: object, function: str) -> State:
    if type(state) is not State:
        raise ArgumentError.wrong_kind(function, "a Firenze State", state)
    return state


def _view(view: object, function: str) -> PlayerView:
    if type(view) is not PlayerView:
        raise ArgumentError.wrong_kind(function, "a Firenze PlayerView", view)
    return view


def _number(value: object, function: str, what: str) -> int:
    """An action or chance outcome id: a whole number (a ``bool`` is not one)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise InvalidMoveError(f"{function}: {what} is a whole number, not {shorten(value)}")
    return int(value)


def _move(move: object, function: str) -> Move:
    if not isinstance(move, MOVE_TYPES):
        raise ArgumentError.wrong_kind(function, "a Firenze move", move)
    return cast("Move", move)


def _record(record: object) -> docs.FirenzeRecord:
    if not isinstance(record, docs.FirenzeRecord):
        raise SerializationError(
            f"expected a record of game 'firenze', not {type(record).__name__}"
        )
    return record


_RECONSTRUCTED = re.compile(r"\bR\b")
"""An ``R`` standing as a word in a provenance note: some part is reconstructed."""


def _entry(kind: str, name: str, spec: Any) -> ComponentEntry:
    """The entry of ``spec``: reconstructed when its note marks any part ``R``
    (``"S copies; kind R strong"``), stated otherwise."""
    note: str = spec.provenance
    provenance: Literal["stated", "reconstructed"] = (
        "reconstructed" if _RECONSTRUCTED.search(note) else "stated"
    )
    return ComponentEntry.of(kind, name, spec, provenance, note)


@functools.cache
def _component_data() -> ComponentData:
    """The entries of the shipped ``catalog.toml``, in file order (it names no edition)."""
    catalog = default_catalog()
    entries = [
        _entry("constants", "constants", catalog.constants),
        *(_entry("brick", spec.colour.name, spec) for spec in catalog.bricks),
        *(_entry("commission", f"{c.colour.name}{c.floors}", c) for c in catalog.commissions),
        *(_entry("majority", spec.colour.name, spec) for spec in catalog.majorities),
        *(_entry("level_tile", str(spec.floors), spec) for spec in catalog.level_tiles),
        *(_entry("balcony", spec.id, spec) for spec in catalog.balconies),
        *(_entry("card", spec.id.value, spec) for spec in catalog.cards),
    ]
    return ComponentData(None, tuple(entries))


@attrs.frozen
class Firenze:
    """Firenze (Andreas Steding, Pegasus 2010), as played on Yucata.de."""

    name: str = "firenze"
    title: str = "Firenze"
    player_counts: tuple[int, ...] = (2, 3, 4)

    # -- what the game is ------------------------------------------------------

    def make_config(self, players: int, seed: int, options: Mapping[str, Any]) -> FirenzeConfig:
        """A :class:`FirenzeConfig`; an unknown option raises ConfigError naming it."""
        if not isinstance(options, Mapping):
            raise ConfigError(f"options must be a mapping, not {options!r}")
        return FirenzeConfig.from_options(players, seed, dict(options))

    def config_players(self, config: FirenzeConfig) -> int:
        return config.players

    def config_seed(self, config: FirenzeConfig) -> int:
        return config.seed

    def reseed(self, config: FirenzeConfig, seed: int) -> FirenzeConfig:
        """``config`` dealt from ``seed``; a seed that is no integer raises ConfigError."""
        return attrs.evolve(config, seed=seed)

    # -- playing ---------------------------------------------------------------

    def new_game(self, config: FirenzeConfig) -> State:
        return engine.new_game(config)

    def current_player(self, state_or_view: _StateOrView) -> int | None:
        table = _table(state_or_view, "current_player")
        if table.is_over or table.step is Step.CHANCE:
            return None
        return table.decider

    def legal_moves(self, state_or_view: _StateOrView) -> tuple[Move, ...]:
        if type(state_or_view) is PlayerView:
            view = state_or_view
            if view.is_over or view.step is Step.CHANCE or view.decider != view.player:
                return ()
        return engine.legal_moves(_state(state_or_view, "legal_moves"))

    def is_free_move(self, move: Move) -> bool:
        """Alchemist, Schmuggler, Saboteur and Patrizier's discard: played at any point of
        the own turn, the decision still open after them (ruling ZR21)."""
        return isinstance(_move(move, "is_free_move"), _FREE)

    def apply(self, state: State, move: Move, player: int | None = None) -> State:
        return engine.apply(state, move, player)

    def apply_with_events(
        self, state: State, move: Move, player: int | None = None
    ) -> tuple[State, tuple[Event, ...]]:
        return engine.apply_with_events(state, move, player)

    def is_terminal(self, state_or_view: _StateOrView) -> bool:
        return _table(state_or_view, "is_terminal").is_over

    def outcome(self, state: State) -> Outcome:
        return engine.outcome(state)

    def result(self, state: State) -> GameResult:
        """Scores, winners and places; ``truncated`` when the turn limit ended it (ZR44)."""
        result = engine.outcome(state)
        totals = result.totals
        places = tuple(1 + sum(1 for other in totals if other > mine) for mine in totals)
        # Z108: players tied on prestige share the place, with no tie-break (no tiebreaks)
        return GameResult(
            scores=totals, winners=result.winners, places=places, truncated=result.truncated
        )

    def returns(self, state: State) -> tuple[float, ...]:
        return learning.returns(_only_state(state, "returns"))

    def rank_returns(self, state: State) -> tuple[float, ...]:
        """By place: with ``n`` players place ``k`` is worth ``(n - k) / (n - 1)``;
        players sharing places share their values (Z108: no tie-break)."""
        return self.result(_only_state(state, "rank_returns")).rank_returns()

    # -- hidden information ----------------------------------------------------

    def observe(self, state: State, player: int) -> PlayerView:
        return observation.observe(state, player)

    def view_player(self, view: PlayerView) -> int:
        return _view(view, "view_player").player

    def events_for(self, events: Iterable[Event], player: int) -> tuple[Event, ...]:
        return observation.events_for(events, player)

    def determinize(self, view: PlayerView, rng: random.Random) -> State:
        return observation.determinize(view, rng)

    # -- chance ---------------------------------------------------------------------

    def is_chance_node(self, state: State) -> bool:
        return engine.is_chance_node(state)

    def chance_outcomes(self, state: State) -> tuple[tuple[Move, float], ...]:
        return engine.chance_outcomes(state)

    # -- notation and JSON ---------------------------------------------------------

    def format_move(self, move: Move) -> str:
        return notation.format_move(move)

    def parse_move(self, text: str) -> Move:
        return notation.parse_move(text)

    def dumps(self, obj: object) -> str:
        return docs.dumps(obj)

    def load_config(self, text: str | bytes) -> FirenzeConfig:
        return docs.load_config(text)

    def load_state(self, text: str | bytes) -> State:
        return docs.load_state(text)

    def load_view(self, text: str | bytes) -> PlayerView:
        return docs.load_view(text)

    def load_move(self, text: str | bytes) -> Move:
        return docs.load_move(text)

    def load_event(self, text: str | bytes) -> Event:
        return docs.load_event(text)

    # -- records -----------------------------------------------------------------------

    def make_record(
        self, config: FirenzeConfig, moves: Sequence[Move], final: State | None = None
    ) -> docs.FirenzeRecord:
        if final is None or not final.is_over:
            return docs.FirenzeRecord(config=config, moves=tuple(moves))
        result = engine.outcome(final)
        return docs.FirenzeRecord(
            config=config,
            moves=tuple(moves),
            scores=result.totals,
            winners=result.winners,
            truncated=result.truncated,
        )

    def load_record(self, text: str | bytes) -> docs.FirenzeRecord:
        return docs.load_record(text)

    def record_config(self, record: object) -> FirenzeConfig:
        return _record(record).config

    def record_moves(self, record: object) -> tuple[Move, ...]:
        return _record(record).moves

    def replay(self, record: object) -> tuple[State, ...]:
        return docs.replay(_record(record))

    # -- words and pictures ----------------------------------------------------------------

    def decision_text(self, state_or_view: _StateOrView) -> str | None:
        return descriptions.decision_text(_table(state_or_view, "decision_text"))

    def decision_data(self, state_or_view: _StateOrView) -> dict[str, Any] | None:
        return descriptions.decision_data(_table(state_or_view, "decision_data"))

    def describe(
        self,
        item: Move | Event,
        where: State | PlayerView | FirenzeConfig,
        viewer: int | None = None,
    ) -> str:
        if not isinstance(item, MOVE_TYPES + EVENT_TYPES):
            raise ArgumentError.wrong_kind("describe", "a Firenze move or event", item)
        if type(where) not in (State, PlayerView, FirenzeConfig):
            raise ArgumentError.wrong_kind(
                "describe", "a Firenze State, PlayerView or FirenzeConfig", where
            )
        if viewer is not None and (type(viewer) is not int or viewer < 0):
            raise ArgumentError(f"describe needs a seat as the viewer, not {viewer!r}")
        return descriptions.describe(item, where, viewer)

    def render_text(self, state_or_view: _StateOrView) -> str:
        return pictures.render_text(_table(state_or_view, "render_text"))

    def render_svg(self, state_or_view: _StateOrView) -> str:
        return pictures.render_svg(_table(state_or_view, "render_svg"))

    # -- for front ends ------------------------------------------------------------------

    def options(self) -> Mapping[str, Any]:
        """Every field of :class:`FirenzeConfig` but ``players`` and ``seed``, with its default."""
        defaults = FirenzeConfig(players=min(self.player_counts))
        return {
            field.name: getattr(defaults, field.name)
            for field in attrs.fields(FirenzeConfig)
            if field.name not in {"players", "seed"}
        }

    def player_names(self, state_or_view: _StateOrView) -> tuple[str, ...]:
        """``Player 0``, ``Player 1``...: Firenze's players are named by seat."""
        seats = len(_table(state_or_view, "player_names").players)
        return tuple(f"Player {seat}" for seat in range(seats))

    def public_view(self, state: State) -> PlayerView:
        return observation.public_view(state)

    def public_events(self, events: Iterable[Event]) -> tuple[Event, ...]:
        return observation.public_events(events)

    def move_cells(self, state_or_view: _StateOrView, move: Move) -> tuple[str, ...]:
        """``()``: no Firenze move fills cells of the table (a person picks a move by its
        button); the arguments are checked all the same."""
        if not isinstance(state_or_view, State | PlayerView):
            raise ArgumentError.wrong_kind("move_cells", "a Firenze State or view", state_or_view)
        if not isinstance(move, MOVE_TYPES):
            raise ArgumentError.wrong_kind("move_cells", "a Firenze move", move)
        return ()

    def render_svg_marked(
        self,
        state_or_view: _StateOrView,
        highlight: Collection[str] = (),
        selected: Collection[str] = (),
        last: Collection[str] = (),
    ) -> str:
        """The table as a bare ``<svg>`` that scales to its container.

        Firenze's table has no cells a move fills (:meth:`move_cells`), so there is
        nothing to mark: a key in ``highlight``, ``selected`` or ``last`` raises
        ArgumentError, as it names no cell.
        """
        for name, keys in (("highlight", highlight), ("selected", selected), ("last", last)):
            if isinstance(keys, str | bytes) or not isinstance(keys, Iterable):
                raise ArgumentError.wrong_kind("render_svg_marked", f"{name} as cell keys", keys)
            for key in keys:
                raise ArgumentError(f"render_svg_marked: Firenze's table has no cell {key!r}")
        return pictures.render_svg(state_or_view, bare=True)

    def component_data(self) -> ComponentData:
        """Every entry of the catalog file with its provenance note, in file order.

        The rule constants are one entry (kind ``constants``); a brick colour,
        a majority bonus and a commission (``V8``: violet, 8 floors) are
        named by their colour letter, a level tile by its floors, a balcony
        tile and a card by their ids.  An entry is reconstructed when its
        note marks any part ``R``, however confident the reconstruction.
        """
        return _component_data()

    def hand(self, view: PlayerView) -> tuple[CardText, ...]:
        """The view's own hand when the others see only its size (``hands = "counts"``);
        ``()`` with open hands, where every hand lies face up (ruling ZR41)."""
        if not isinstance(view, PlayerView):
            raise ArgumentError.wrong_kind("hand", "a Firenze PlayerView", view)
        if view.config.hands == "open":
            return ()
        catalog = default_catalog()
        return tuple(
            CardText(title.value, catalog.card(title).text)
            for title in view.players[view.player].hand
        )

    # -- bots -------------------------------------------------------------------------------

    def rollout_move(self, state: State, moves: Sequence[Move], rng: random.Random) -> Move:
        return bots.rollout_move(state, moves, rng)

    def search_moves(self, state: State) -> Sequence[Move]:
        return bots.search_moves(state)

    def estimates(self, state: State) -> tuple[float, ...] | None:
        return bots.estimates(state)

    def evaluate(self, state: State) -> tuple[float, ...] | None:
        return bots.evaluate(state)

    def bots(self) -> Mapping[str, Callable[[int], Any]]:
        return {"heuristic": bots.HeuristicBot}

    # -- learning ----------------------------------------------------------------------------

    @property
    def action_count(self) -> int:
        return learning.ACTION_COUNT

    @property
    def observation_length(self) -> int:
        return learning.OBSERVATION_LENGTH

    def encode_move(self, move: Move) -> int:
        return learning.encode(_move(move, "encode_move"))

    def decode_move(self, state_or_view: _StateOrView, action: int) -> Move:
        table = _state(state_or_view, "decode_move")
        return learning.decode_legal(table, _number(action, "decode_move", "an action"))

    def action_mask(self, state_or_view: _StateOrView) -> bytes:
        table = _state(state_or_view, "action_mask")
        if type(state_or_view) is PlayerView and not self.legal_moves(state_or_view):
            return bytes(learning.ACTION_COUNT)
        return learning.action_mask(table)

    def observation_vector(self, view: PlayerView) -> tuple[float, ...]:
        return learning.observation_vector(_view(view, "observation_vector"))

    @property
    def observation_bounds(self) -> tuple[float, float]:
        """Unbounded: the vector's counts are scaled to about 0..1, not clipped (a
        player's prestige may fall below 0)."""
        return (-math.inf, math.inf)

    @property
    def chance_outcome_count(self) -> int:
        """A card dealt by its title, then a brick drawn by its colour (``explicit_chance``)."""
        return learning.CHANCE_OUTCOMES

    def chance_outcome_id(self, move: Move) -> int:
        return learning.chance_outcome_id(_move(move, "chance_outcome_id"))

    def chance_outcome_move(self, outcome: int) -> Move:
        outcome = _number(outcome, "chance_outcome_move", "a chance outcome")
        return learning.chance_outcome_move(outcome)

    @property
    def longest_game(self) -> int:
        """The turn limit's most (1,000 player turns, ZR44) times a bound on one turn's
        moves (ruling ZX6)."""
        return MAX_TURNS * learning.MOVES_PER_TURN

    def action_move(self, action: int) -> Move:
        return learning.decode(_number(action, "action_move", "an action"))

    def information_state(self, config: FirenzeConfig, moves: Sequence[Move], player: int) -> str:
        """Everything ``player`` has seen, in order: each view after each move."""
        state = engine.new_game(config)
        seen = list(self.information_state_start(state, player))
        for move in moves:
            state, events = engine.apply_with_events(state, move)
            seen.extend(self.information_state_next(state, player, events))
        return "\n".join(seen)

    def information_state_start(self, state: State, player: int) -> tuple[str, ...]:
        """The first line: the player's view of the start."""
        return (docs.dumps(observation.observe(state, player)),)

    def information_state_next(
        self, state: State, player: int, events: Sequence[Event]
    ) -> tuple[str, ...]:
        """Two lines a move: its events as the player saw them, then the player's view after it."""
        return (
            docs.dumps(observation.events_for(events, player)),
            docs.dumps(observation.observe(state, player)),
        )


GAME: Game[State, PlayerView, Move, Event, FirenzeConfig] = Firenze()
"""Firenze, as the protocol's generic code plays it."""
