"""Florenz as a game of the library's protocol.

:data:`GAME` meets :class:`princes_of_florence.games.Game`; it is registered
as ``florenz``, so that generic code (bots, tournaments, the command line)
plays it with no code of its own.

>>> from princes_of_florence.florenz.game import GAME
>>> state = GAME.new_game(GAME.make_config(3, 1, {}))
>>> GAME.format_move(GAME.legal_moves(state)[0])
'place 1'
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Literal, assert_never, cast, get_args

import attrs

from princes_of_florence.florenz import (
    bots,
    descriptions,
    engine,
    learning,
    notation,
    observation,
    pictures,
)
from princes_of_florence.florenz import serialization as docs
from princes_of_florence.florenz.components import default_catalog
from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.errors import ArgumentError, ConfigError, SerializationError
from princes_of_florence.florenz.events import Event
from princes_of_florence.florenz.ids import Provenance, Stage
from princes_of_florence.florenz.moves import (
    Boast,
    Discard,
    Hurry,
    Move,
    MoveMember,
    Pass,
    Place,
    Second,
    Send,
    Step,
)
from princes_of_florence.florenz.observation import PlayerView
from princes_of_florence.florenz.state import GameState
from princes_of_florence.games.protocol import (
    CardText,
    ComponentData,
    ComponentEntry,
    Game,
    GameResult,
)
from princes_of_florence.limits import shorten

__all__ = ["GAME", "Florenz"]

_StateOrView = GameState | PlayerView
_MOVE_TYPES: frozenset[type] = frozenset(get_args(Move))
_EVENT_KINDS: tuple[type, ...] = get_args(Event)


def _state(state_or_view: object, function: str) -> GameState:
    """The state of a state or a view; anything else is refused."""
    if type(state_or_view) is GameState:
        return state_or_view
    if type(state_or_view) is PlayerView:
        return state_or_view.state
    raise ArgumentError.wrong_kind(function, "a Florenz GameState or PlayerView", state_or_view)


def _only_state(state: object, function: str) -> GameState:
    if type(state) is not GameState:
        raise ArgumentError.wrong_kind(function, "a Florenz GameState", state)
    return state


def _view(view: object, function: str) -> PlayerView:
    if type(view) is not PlayerView:
        raise ArgumentError.wrong_kind(function, "a Florenz PlayerView", view)
    return view


def _move(move: object, function: str) -> Move:
    if type(move) not in _MOVE_TYPES:
        raise ArgumentError.wrong_kind(function, "a Florenz move", move)
    return cast("Move", move)


def _number(action: object, function: str) -> int:
    """An action or outcome id must be a whole number (a ``bool`` is not one)."""
    if not isinstance(action, int) or isinstance(action, bool):
        raise ArgumentError.wrong_kind(function, "an action id (an int)", action)
    return int(action)


def _events(events: object, function: str) -> tuple[Event, ...]:
    """Events as a tuple, each checked: a single event or a non-iterable is refused."""
    return ArgumentError.checked_items(function, events, _EVENT_KINDS, "Florenz event")


def _decider(player: object, function: str) -> int | None:
    """The ``player`` said to make a move: ``None`` (whoever decides) or an ``int``."""
    if player is not None and type(player) is not int:
        raise ArgumentError.wrong_kind(function, "a family (an int) or None", player)
    return player


def _seat(state: GameState, player: object, function: str) -> int:
    """``player`` if it is a family of ``state``'s game (an ``int``, not a ``bool``)."""
    if type(player) is not int or not 0 <= player < len(state.families):
        raise ArgumentError(
            f"{function} needs a family from 0 to {len(state.families) - 1}, not {shorten(player)}"
        )
    return player


def _record(record: object) -> docs.GameRecord:
    if not isinstance(record, docs.GameRecord):
        raise SerializationError(f"expected a record of Florenz, not {type(record).__name__}")
    return record


def _provenance(mark: Provenance) -> Literal["stated", "derived", "reconstructed"]:
    match mark:
        case Provenance.STATED:
            return "stated"
        case Provenance.DERIVED:
            return "derived"
        case Provenance.RECONSTRUCTED:
            return "reconstructed"
        case _:
            assert_never(mark)


@functools.cache
def _component_data() -> ComponentData:
    """The entries of the shipped ``florenz.toml``, in file order."""
    raw = default_catalog().raw

    def entry(kind: str, name: str, spec: Any, leave_out: tuple[str, ...] = ()) -> ComponentEntry:
        provenance = _provenance(spec.provenance)
        return ComponentEntry.of(kind, name, spec, provenance, spec.source, leave_out)

    entries = [
        entry("family", "family", raw.family),
        entry("costs", "costs", raw.costs),
        entry("board", "board", raw.board, ("paths",)),
        *(entry("path", "-".join(map(str, p.locations)), p) for p in raw.board.paths),
        entry("queues", "queues", raw.queues),
        *(entry("disc", str(sector.round), sector) for sector in raw.disc),
        entry("time_tiles", "time_tiles", raw.time_tiles),
        *(entry("boast_tile", tile.kind, tile) for tile in raw.boast_tiles),
        entry("scandal", "scandal", raw.scandal),
        entry("plans", "plans", raw.plans),
        *(entry("strozzi", str(card.number), card) for card in raw.strozzi),
    ]
    return ComponentData(raw.edition, tuple(entries))


@attrs.frozen
class Florenz:
    """Florenz for 2 to 5 families."""

    name: str = "florenz"
    title: str = "Florenz"
    player_counts: tuple[int, ...] = (2, 3, 4, 5)

    def make_config(self, players: int, seed: int, options: Mapping[str, Any]) -> GameConfig:
        """A :class:`GameConfig` for ``players`` and ``seed`` with ``options`` as its fields."""
        known = {f.name for f in attrs.fields(GameConfig)} - {"players", "seed"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ConfigError(
                f"unknown option {shorten(unknown[0])}; the options are: {', '.join(sorted(known))}"
            )
        return GameConfig(players=players, seed=seed, **options)

    def options(self) -> Mapping[str, Any]:
        """The configuration's own options by name, with their defaults."""
        defaults = GameConfig()
        values: dict[str, Any] = {
            f.name: getattr(defaults, f.name)
            for f in attrs.fields(GameConfig)
            if f.name not in ("players", "seed")
        }
        return values

    def reseed(self, config: GameConfig, seed: int) -> GameConfig:
        """``config`` with ``seed`` instead of its own."""
        return attrs.evolve(config, seed=seed)

    def config_players(self, config: GameConfig) -> int:
        return config.players

    def config_seed(self, config: GameConfig) -> int:
        return config.seed

    def new_game(self, config: GameConfig) -> GameState:
        return engine.new_game(config)

    def current_player(self, state_or_view: _StateOrView) -> int | None:
        return engine.current_player(_state(state_or_view, "current_player"))

    def legal_moves(self, state_or_view: _StateOrView) -> tuple[Move, ...]:
        if type(state_or_view) is GameState:
            return engine.legal_moves(state_or_view)
        if type(state_or_view) is PlayerView:
            return observation.view_moves(state_or_view)
        raise ArgumentError.wrong_kind(
            "legal_moves", "a Florenz GameState or PlayerView", state_or_view
        )

    def is_free_move(self, move: Move) -> bool:
        """Discarding a scandal card for time does not end a decision (F72, FR20)."""
        return isinstance(_move(move, "is_free_move"), Discard)

    def apply(self, state: GameState, move: Move, player: int | None = None) -> GameState:
        state = _only_state(state, "apply")
        return engine.apply(state, _move(move, "apply"), _decider(player, "apply"))

    def apply_with_events(
        self, state: GameState, move: Move, player: int | None = None
    ) -> tuple[GameState, tuple[Event, ...]]:
        state = _only_state(state, "apply_with_events")
        move = _move(move, "apply_with_events")
        return engine.apply_with_events(state, move, _decider(player, "apply_with_events"))

    def is_terminal(self, state_or_view: _StateOrView) -> bool:
        return _state(state_or_view, "is_terminal").stage is Stage.OVER

    def outcome(self, state: GameState) -> engine.Outcome:
        return engine.outcome(_only_state(state, "outcome"))

    def result(self, state: GameState) -> GameResult:
        """VP, winners and places; the tie-break figure is each family's petitioners
        on the board, the first of rule F122 (gifts given, the second, settle what
        it leaves tied, and ``places`` shows both, ruling FR40).  The solo game
        has none: a tie with Strozzi is a loss (rule F142)."""
        result = engine.outcome(_only_state(state, "result"))
        return GameResult(
            scores=result.vp,
            winners=result.winners,
            places=result.places,
            tiebreaks=() if state.config.solo else result.petitioners,
        )

    def returns(self, state: GameState) -> tuple[float, ...]:
        winners = engine.outcome(_only_state(state, "returns")).winners
        return tuple(
            1.0 / len(winners) if p in winners else 0.0 for p in range(len(state.families))
        )

    def rank_returns(self, state: GameState) -> tuple[float, ...]:
        """By place: with ``n`` players place ``k`` is worth ``(n - k) / (n - 1)``;
        shared places share their values."""
        return self.result(_only_state(state, "rank_returns")).rank_returns()

    def observe(self, state: GameState, player: int) -> PlayerView:
        state = _only_state(state, "observe")
        return observation.observe(state, _seat(state, player, "observe"))

    def view_player(self, view: PlayerView) -> int:
        return _view(view, "view_player").player

    def events_for(self, events: Iterable[Event], player: int) -> tuple[Event, ...]:
        return observation.events_for(_events(events, "events_for"), player)

    def determinize(self, view: PlayerView, rng: random.Random) -> GameState:
        return observation.determinize(_view(view, "determinize"), rng)

    def is_chance_node(self, state: GameState) -> bool:
        return engine.is_chance_node(_only_state(state, "is_chance_node"))

    def chance_outcomes(self, state: GameState) -> tuple[tuple[Move, float], ...]:
        return engine.chance_outcomes(_only_state(state, "chance_outcomes"))

    @property
    def chance_outcome_count(self) -> int:
        """Chance outcome ids: the values a chance node can deal, 0 to 11."""
        return learning.CHANCE_OUTCOMES

    def chance_outcome_id(self, move: Move) -> int:
        return learning.chance_outcome_id(_move(move, "chance_outcome_id"))

    def chance_outcome_move(self, outcome: int) -> Move:
        return learning.chance_outcome_move(_number(outcome, "chance_outcome_move"))

    def format_move(self, move: Move) -> str:
        return notation.format_move(_move(move, "format_move"))

    def parse_move(self, text: str) -> Move:
        return notation.parse_move(text)

    def dumps(self, obj: object) -> str:
        return docs.dumps(obj)

    def load_config(self, text: str | bytes) -> GameConfig:
        return docs.load_config(text)

    def load_state(self, text: str | bytes) -> GameState:
        return docs.load_state(text)

    def load_view(self, text: str | bytes) -> PlayerView:
        return docs.load_view(text)

    def load_move(self, text: str | bytes) -> Move:
        return docs.load_move(text)

    def load_event(self, text: str | bytes) -> Event:
        return docs.load_event(text)

    def make_record(
        self, config: GameConfig, moves: Sequence[Move], final: GameState | None = None
    ) -> docs.GameRecord:
        result = engine.outcome(final) if final is not None else None
        return docs.GameRecord(config, tuple(moves), result)

    def load_record(self, text: str | bytes) -> docs.GameRecord:
        return docs.load_record(text)

    def record_config(self, record: object) -> GameConfig:
        return _record(record).config

    def record_moves(self, record: object) -> tuple[Move, ...]:
        return _record(record).moves

    def replay(self, record: object) -> tuple[GameState, ...]:
        return docs.replay(_record(record))

    def decision_text(self, state_or_view: _StateOrView) -> str | None:
        _state(state_or_view, "decision_text")
        # A view of the family to decide is asked in the second person ("You: ..."), as
        # the first game's; a state or another family's view names the family.
        viewer = state_or_view.player if isinstance(state_or_view, PlayerView) else None
        return descriptions.decision_text(state_or_view, viewer)

    def decision_data(self, state_or_view: _StateOrView) -> dict[str, Any] | None:
        _state(state_or_view, "decision_data")
        return descriptions.decision_data(state_or_view)

    def describe(
        self,
        item: Move | Event,
        where: GameState | PlayerView | GameConfig,
        viewer: int | None = None,
    ) -> str:
        if type(item) not in _MOVE_TYPES and not isinstance(item, _EVENT_KINDS):
            raise ArgumentError.wrong_kind("describe", "a Florenz move or event", item)
        if type(where) not in (GameState, PlayerView, GameConfig):
            raise ArgumentError.wrong_kind(
                "describe", "a Florenz GameState, PlayerView or GameConfig", where
            )
        if viewer is not None and (type(viewer) is not int or viewer < 0):
            raise ArgumentError(f"describe needs a family as the viewer, not {viewer!r}")
        return descriptions.describe(item, where, viewer)

    def render_text(self, state_or_view: _StateOrView) -> str:
        _state(state_or_view, "render_text")
        return pictures.render_text(state_or_view)

    def render_svg(self, state_or_view: _StateOrView) -> str:
        _state(state_or_view, "render_svg")
        return pictures.render_svg(state_or_view)

    def player_names(self, state_or_view: _StateOrView) -> tuple[str, ...]:
        """The families' colours, as descriptions name them."""
        families = _state(state_or_view, "player_names").families
        return tuple(descriptions.colour(i) for i in range(len(families)))

    def public_view(self, state: GameState) -> PlayerView:
        return observation.public_view(_only_state(state, "public_view"))

    def public_events(self, events: Iterable[Event]) -> tuple[Event, ...]:
        return observation.public_events(_events(events, "public_events"))

    def move_cells(self, state_or_view: _StateOrView, move: Move) -> tuple[str, ...]:
        """The location a move puts a piece, a ring or a cup at, as ``location:N``."""
        _state(state_or_view, "move_cells")
        match _move(move, "move_cells"):
            case Place(location) | Send(location) | Boast(location):
                return (f"location:{location}",)
            case Pass(location) if location:
                return (f"location:{location}",)
            case MoveMember(to=to) | Hurry(to=to) | Step(to) | Second(to=to):
                return (f"location:{to}",)
            case _:
                return ()

    def render_svg_marked(
        self,
        state_or_view: _StateOrView,
        highlight: Collection[str] = (),
        selected: Collection[str] = (),
        last: Collection[str] = (),
    ) -> str:
        return pictures.render_svg(state_or_view, highlight, selected, last, bare=True)

    def hand(self, view: PlayerView) -> tuple[CardText, ...]:
        return descriptions.hand(_view(view, "hand"))

    def component_data(self) -> ComponentData:
        """Every entry of ``florenz.toml`` with its provenance mark and source, in file order.

        A path of the board is an entry of its own (kind ``path``, named by its
        two locations), a sector of the Medici disc one of kind ``disc`` named
        by its round, a boast tile one of kind ``boast_tile`` and a Strozzi
        card one of kind ``strozzi``; each other table is one entry.
        """
        return _component_data()

    def rollout_move(self, state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
        """The heuristic's best rated move, or one at random a tenth of the time
        (:func:`princes_of_florence.florenz.bots.rollout_move`)."""
        return bots.rollout_move(state, moves, rng)

    def search_moves(self, state: GameState) -> Sequence[Move]:
        """The heuristic's best few moves: no free discard, at most three, within
        3 points of its valuation of the best, so a clear decision offers one
        (:func:`princes_of_florence.florenz.bots.candidates`)."""
        return bots.candidates(state)

    def estimates(self, state: GameState) -> tuple[float, ...] | None:
        """None: a position cut off is scored by :meth:`evaluate`, on Florenz's own scale."""
        return None

    def evaluate(self, state: GameState) -> tuple[float, ...] | None:
        """Each family's share of 1 by the heuristic's valuation, a lead of 12
        points counting ``e`` times (:func:`princes_of_florence.florenz.bots.shares`)."""
        return bots.shares(state)

    def bots(self) -> Mapping[str, Callable[[int], Any]]:
        return {"heuristic": lambda seed: bots.HeuristicBot()}

    @property
    def action_count(self) -> int:
        return learning.ACTION_COUNT

    @property
    def observation_length(self) -> int:
        return learning.OBSERVATION_LENGTH

    @property
    def observation_bounds(self) -> tuple[float, float]:
        return (0.0, 1.0)

    @property
    def longest_game(self) -> int:
        return learning.LONGEST_GAME

    def action_move(self, action: int) -> Move:
        return learning.decode_move_id(_number(action, "action_move"))

    def encode_move(self, move: Move) -> int:
        return learning.encode_move(_move(move, "encode_move"))

    def decode_move(self, state_or_view: _StateOrView, action: int) -> Move:
        _state(state_or_view, "decode_move")
        return learning.decode_move(state_or_view, _number(action, "decode_move"))

    def action_mask(self, state_or_view: _StateOrView) -> bytes:
        _state(state_or_view, "action_mask")
        return learning.action_mask(state_or_view)

    def observation_vector(self, view: PlayerView) -> tuple[float, ...]:
        return learning.observation_vector(_view(view, "observation_vector"))

    def information_state(self, config: GameConfig, moves: Sequence[Move], player: int) -> str:
        """The player's first view, then every event of each move as the player
        saw it, one JSON document a line (perfect recall)."""
        state = engine.new_game(config)
        lines = list(self.information_state_start(state, player))
        for move in moves:
            state, events = engine.apply_with_events(state, move)
            lines.extend(self.information_state_next(state, player, events))
        return "\n".join(lines)

    def information_state_start(self, state: GameState, player: int) -> tuple[str, ...]:
        """The first line: the player's view of the start."""
        return (docs.dumps(self.observe(_only_state(state, "information_state_start"), player)),)

    def information_state_next(
        self, state: GameState, player: int, events: Sequence[Event]
    ) -> tuple[str, ...]:
        """One line for each event of a move, as the player saw it."""
        return tuple(docs.dumps(e) for e in observation.events_for(events, player))


GAME: Game[GameState, PlayerView, Move, Event, GameConfig] = Florenz()
"""Florenz, as the protocol sees it (registered as ``florenz``)."""
