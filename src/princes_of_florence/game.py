"""The Princes of Florence as a game of the library's protocol.

:data:`GAME` meets :class:`princes_of_florence.games.Game` with this package's
public API; it is registered as ``princes``.  Generic code (bots, tournaments,
adapters, the command line) plays the game through it.

>>> from princes_of_florence.game import GAME
>>> state = GAME.new_game(GAME.make_config(3, 1, {}))
>>> GAME.format_move(GAME.legal_moves(state)[0])
'return architect'
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, TypeVar, assert_never, cast

import attrs

from princes_of_florence import (
    decisions,
    engine,
    narration,
    observation,
    render,
    search,
)
from princes_of_florence import serialization as docs
from princes_of_florence.components import Provenance, RulesConstants, default_catalog
from princes_of_florence.config import GameConfig
from princes_of_florence.errors import (
    ArgumentError,
    ConfigError,
    InvalidMoveError,
    SerializationError,
)
from princes_of_florence.events import Event
from princes_of_florence.games.protocol import (
    CardText,
    ComponentData,
    ComponentEntry,
    Game,
    GameResult,
    LearningBuffers,
)
from princes_of_florence.heuristic import HeuristicBot
from princes_of_florence.ids import BonusCardId, PersonId, Phase, PrestigeCardId
from princes_of_florence.limits import shorten
from princes_of_florence.moves import (
    Deal,
    Move,
    PlaceTile,
    ProposePlacement,
    SellPrestige,
    parse_move,
)
from princes_of_florence.observation import PlayerView
from princes_of_florence.rules.scoring import Outcome
from princes_of_florence.state import CardChoice, GameState, Proposal

if TYPE_CHECKING:
    from princes_of_florence.encoding import Block

__all__ = ["GAME", "PrincesOfFlorence"]

_StateOrView = GameState | PlayerView
_Buffer = TypeVar("_Buffer")


def _wrong(function: str, value: object) -> ArgumentError:
    return ArgumentError.wrong_kind(function, "a GameState or a PlayerView", value)


def _places(result: Outcome) -> tuple[int, ...]:
    """Each player's place, 1 for the best; a shared win shares first place (R24)."""
    keys = [(result.prestige[p], result.money[p]) for p in range(len(result.prestige))]
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


@attrs.frozen
class PrincesOfFlorence:
    """The Princes of Florence, its 2-player game and both expansions."""

    name: str = "princes"
    title: str = "The Princes of Florence"
    player_counts: tuple[int, ...] = (2, 3, 4, 5)

    # -- what the game is ------------------------------------------------------

    def make_config(self, players: int, seed: int, options: Mapping[str, Any]) -> GameConfig:
        """A :class:`~princes_of_florence.GameConfig` of ``players`` and ``seed``, ``options``
        its other fields by name.

        ``names`` may be any sequence of strings (a JSON list): it is made a tuple.
        """
        known = {f.name for f in attrs.fields(GameConfig)} - {"players", "seed"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ConfigError(
                f"unknown option {shorten(unknown[0])}; the options are: {', '.join(sorted(known))}"
            )
        names = options.get("names")
        if isinstance(names, list):
            options = {**options, "names": tuple(names)}
        return GameConfig(players=players, seed=seed, **options)

    def config_players(self, config: GameConfig) -> int:
        return config.players

    def config_seed(self, config: GameConfig) -> int:
        return config.seed

    def reseed(self, config: GameConfig, seed: int) -> GameConfig:
        return attrs.evolve(config, seed=seed)

    # -- playing -------------------------------------------------------------------

    def new_game(self, config: GameConfig) -> GameState:
        return engine.new_game(config)

    def current_player(self, state_or_view: _StateOrView) -> int | None:
        if type(state_or_view) is not GameState and type(state_or_view) is not PlayerView:
            raise _wrong("current_player", state_or_view)
        return state_or_view.current_player

    def legal_moves(self, state_or_view: _StateOrView) -> tuple[Move, ...]:
        if isinstance(state_or_view, PlayerView):
            return observation.view_moves(state_or_view)
        sales = engine.free_moves(state_or_view)
        moves = engine.legal_moves(state_or_view)
        return (*moves, *sales) if sales else moves

    def is_free_move(self, move: Move) -> bool:
        return isinstance(move, SellPrestige)  # ruling R3: a sale does not end the decision

    def apply(self, state: GameState, move: Move, player: int | None = None) -> GameState:
        return engine.apply(state, move, player)

    def apply_with_events(
        self, state: GameState, move: Move, player: int | None = None
    ) -> tuple[GameState, tuple[Event, ...]]:
        return engine.apply_with_events(state, move, player)

    def is_terminal(self, state_or_view: _StateOrView) -> bool:
        if type(state_or_view) is not GameState and type(state_or_view) is not PlayerView:
            raise _wrong("is_terminal", state_or_view)
        return state_or_view.phase is Phase.GAME_OVER

    def outcome(self, state: GameState) -> Outcome:
        return engine.outcome(state)

    def result(self, state: GameState) -> GameResult:
        result = engine.outcome(state)
        return GameResult(
            scores=result.prestige,
            winners=result.winners,
            places=_places(result),
            tiebreaks=result.money,  # ruling R24: money breaks ties on prestige
        )

    def returns(self, state: GameState) -> tuple[float, ...]:
        from princes_of_florence.learning import (
            returns,
        )  # on first use, as the learning methods below

        return returns(state)

    def rank_returns(self, state: GameState) -> tuple[float, ...]:
        from princes_of_florence.learning import rank_returns

        return rank_returns(state)

    # -- hidden information -----------------------------------------------------------

    def observe(self, state: GameState, player: int) -> PlayerView:
        return observation.observe(state, player)

    def view_player(self, view: PlayerView) -> int:
        if not isinstance(view, PlayerView):
            raise ArgumentError.wrong_kind("view_player", "a PlayerView", view)
        return view.player

    def events_for(self, events: Iterable[Event], player: int) -> tuple[Event, ...]:
        return observation.events_for(events, player)

    def determinize(self, view: PlayerView, rng: random.Random) -> GameState:
        return observation.determinize(view, rng)

    # -- chance ---------------------------------------------------------------------------

    def is_chance_node(self, state: GameState) -> bool:
        return engine.is_chance_node(state)

    def chance_outcomes(self, state: GameState) -> tuple[tuple[Move, float], ...]:
        return engine.chance_outcomes(state)

    @property
    def chance_outcome_count(self) -> int:
        """A chance outcome id is a deal's place in the ``deal`` block of the action ids."""
        return _deals().size

    def chance_outcome_id(self, move: Move) -> int:
        from princes_of_florence.encoding import encode_move

        return encode_move(move) - _deals().start

    def chance_outcome_move(self, outcome: int) -> Move:
        deals = _deals()
        if type(outcome) is not int or not 0 <= outcome < deals.size:
            raise InvalidMoveError(
                f"outcome {shorten(outcome)} is not a chance outcome (0 to {deals.size - 1})"
            )
        return deals.moves[outcome]

    # -- notation and JSON ----------------------------------------------------------------

    def format_move(self, move: Move) -> str:
        return str(move)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

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

    # -- records ---------------------------------------------------------------------------

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

    # -- words and pictures -----------------------------------------------------------------

    def decision_text(self, state_or_view: _StateOrView) -> str | None:
        # A view of the player to decide is asked in the second person ("You: ..."), as
        # describe(viewer=) speaks to that player; a state or another view names the player.
        viewer = state_or_view.player if isinstance(state_or_view, PlayerView) else None
        return decisions.question(state_or_view, viewer)

    def decision_data(self, state_or_view: _StateOrView) -> dict[str, Any] | None:
        asked = decisions.decision(state_or_view)
        if asked is None:
            return None
        data: dict[str, Any] = _plain(asked)
        return {key: value for key, value in data.items() if value is not None}

    def describe(
        self,
        item: Move | Event,
        where: GameState | PlayerView | GameConfig,
        viewer: int | None = None,
    ) -> str:
        return narration.describe(item, where, viewer)

    def render_text(self, state_or_view: _StateOrView) -> str:
        return render.render_table_text(state_or_view)

    def render_svg(self, state_or_view: _StateOrView) -> str:
        return render.render_table_svg(state_or_view)

    # -- for front ends ------------------------------------------------------------------

    def options(self) -> Mapping[str, Any]:
        defaults = GameConfig(players=min(self.player_counts))
        return {
            f.name: getattr(defaults, f.name)
            for f in attrs.fields(GameConfig)
            if f.name not in {"players", "seed", "names"}
        }

    def player_names(self, state_or_view: _StateOrView) -> tuple[str, ...]:
        if not isinstance(state_or_view, GameState | PlayerView):
            raise _wrong("player_names", state_or_view)
        return state_or_view.config.names

    def public_view(self, state: GameState) -> PlayerView:
        return observation.public_view(state)

    def public_events(self, events: Iterable[Event]) -> tuple[Event, ...]:
        return observation.public_events(events)

    def move_cells(self, state_or_view: _StateOrView, move: Move) -> tuple[str, ...]:
        player = state_or_view.current_player
        if player is None:
            return ()
        if isinstance(move, PlaceTile):
            return tuple(f"{player}:{cell}" for cell in move.cells.split("-"))
        pending = state_or_view.pending
        if isinstance(move, ProposePlacement) and isinstance(pending, Proposal):
            mine, _, theirs = move.cells.partition("/")  # ruling R31: seen from the proposer
            keys = [f"{pending.proposer}:{cell}" for cell in mine.split("-") if cell]
            keys += [f"{pending.partner}:{cell}" for cell in theirs.split("-") if cell]
            return tuple(keys)
        return ()

    def render_svg_marked(
        self,
        state_or_view: _StateOrView,
        highlight: Collection[str] = (),
        selected: Collection[str] = (),
        last: Collection[str] = (),
    ) -> str:
        return render.render_table_svg(
            state_or_view, highlight=highlight, selected=selected, last=last, bare=True
        )

    def hand(self, view: PlayerView) -> tuple[CardText, ...]:
        if not isinstance(view, PlayerView):
            raise ArgumentError.wrong_kind("hand", "a PlayerView", view)
        cards: list[CardText] = []
        held: tuple[PersonId | BonusCardId | PrestigeCardId, ...] = (
            *view.hand_persons,
            *view.hand_bonus,
            *view.prestige_cards,
        )
        for card in held:
            cards.append(CardText(_card_title(card), narration.card_text(card)))
        pending = view.pending
        if isinstance(pending, CardChoice) and view.current_player == view.player:
            for card in pending.shown:
                cards.append(CardText(_card_title(card), narration.card_text(card), "shown"))
        return tuple(cards)

    def component_data(self) -> ComponentData:
        """The catalog's entries with their provenance (see :doc:`/components`).

        The palazzo's shape is the one entry of the rule constants with a
        provenance of its own; the other constants are stated by the rules.
        """
        return _component_data()

    # -- bots --------------------------------------------------------------------------------

    def rollout_move(self, state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
        return search.rollout_move(state, moves, rng)

    def search_moves(self, state: GameState) -> Sequence[Move]:
        return search.search_moves(state)

    def estimates(self, state: GameState) -> tuple[float, ...] | None:
        return search.estimates(state)

    def evaluate(self, state: GameState) -> tuple[float, ...] | None:
        return search.evaluate(state)

    def bots(self) -> Mapping[str, Callable[[int], Any]]:
        return {"heuristic": _heuristic_bot}

    # -- learning ------------------------------------------------------------------------------
    # The encoding and learning modules build their tables when imported, which
    # takes a while; playing (bots, tournaments, the command line) never needs
    # them, so each method imports what it uses on first use.

    @property
    def action_count(self) -> int:
        from princes_of_florence.encoding import ACTION_COUNT

        return ACTION_COUNT

    @property
    def observation_length(self) -> int:
        from princes_of_florence.learning import OBSERVATION_LENGTH

        return OBSERVATION_LENGTH

    @property
    def observation_bounds(self) -> tuple[float, float]:
        """Every value of an observation vector lies in ``[0, 100]`` (counts, money in
        hundreds, prestige)."""
        return (0.0, 100.0)

    @property
    def longest_game(self) -> int:
        from princes_of_florence.encoding import LONGEST_GAME

        return LONGEST_GAME

    def encode_move(self, move: Move) -> int:
        from princes_of_florence.encoding import encode_move

        return encode_move(move)

    def decode_move(self, state_or_view: _StateOrView, action: int) -> Move:
        return _per_step().decode_move(state_or_view, action)

    def action_move(self, action: int) -> Move:
        from princes_of_florence.encoding import action_move

        return action_move(action)

    def action_mask(self, state_or_view: _StateOrView) -> bytes:
        return _per_step().action_mask(state_or_view)

    def observation_vector(self, view: PlayerView) -> tuple[float, ...]:
        return _per_step().observation_vector(view)

    def observation_vector_into(self, view: PlayerView, out: _Buffer) -> _Buffer:
        written: _Buffer = _per_step().observation_vector_into(view, out)
        return written

    def seat_vector_into(self, state: GameState, player: int, out: _Buffer) -> _Buffer:
        written: _Buffer = _per_step().seat_vector_into(state, player, out)
        return written

    def action_mask_into(self, state_or_view: _StateOrView, out: _Buffer) -> _Buffer:
        written: _Buffer = _per_step().action_mask_into(state_or_view, out)
        return written

    def legal_actions(self, state_or_view: _StateOrView) -> tuple[int, ...]:
        return _per_step().legal_actions(state_or_view)

    def information_state(self, config: GameConfig, moves: Sequence[Move], player: int) -> str:
        from princes_of_florence.learning import information_state_string

        return information_state_string(docs.GameRecord(config, tuple(moves)), player)

    def information_state_start(self, state: GameState, player: int) -> tuple[str, ...]:
        """The first lines of :meth:`~princes_of_florence.InformationState.lines`: the
        player, their first view."""
        from princes_of_florence.learning import InformationState

        return InformationState.start(state, player).lines()

    def information_state_next(
        self, state: GameState, player: int, events: Sequence[Event]
    ) -> tuple[str, ...]:
        """Each event as the player sees it, one JSON document a line."""
        event_line = _per_step().event_line
        return tuple([event_line(event) for event in observation.events_for(events, player)])


class _PerStep(NamedTuple):
    """The learning functions a learner calls every step."""

    action_mask: Callable[[_StateOrView], bytes]
    action_mask_into: Callable[[_StateOrView, Any], Any]
    decode_move: Callable[[_StateOrView, int], Move]
    event_line: Callable[[Event], str]
    legal_actions: Callable[[_StateOrView], tuple[int, ...]]
    observation_vector: Callable[[PlayerView], tuple[float, ...]]
    observation_vector_into: Callable[[PlayerView, Any], Any]
    seat_vector_into: Callable[[GameState, int, Any], Any]


@functools.cache
def _per_step() -> _PerStep:
    """The functions of :class:`_PerStep`, imported on first use like the other learning
    methods' but once: an import statement in a method costs several times the call."""
    from princes_of_florence.encoding import (
        action_mask,
        action_mask_into,
        decode_move,
        legal_actions,
    )
    from princes_of_florence.learning import (
        event_line,
        observation_vector,
        observation_vector_into,
        seat_vector_into,
    )

    return _PerStep(
        action_mask,
        action_mask_into,
        decode_move,
        event_line,
        legal_actions,
        observation_vector,
        observation_vector_into,
        seat_vector_into,
    )


@functools.cache  # the blocks never change: found once, not per chance outcome
def _deals() -> Block[Deal]:
    """The action ids of chance's deals; a chance outcome id is a place in this block."""
    from princes_of_florence.encoding import BLOCKS

    block = next(block for block in BLOCKS if block.kind is Deal)
    return cast("Block[Deal]", block)


def _provenance(mark: Provenance) -> Literal["stated", "reconstructed"]:
    match mark:
        case Provenance.SOURCED:
            return "stated"
        case Provenance.RECONSTRUCTED:
            return "reconstructed"
        case _:
            assert_never(mark)


@functools.cache
def _component_data() -> ComponentData:
    """The shipped catalog's entries in the order of
    :meth:`~princes_of_florence.components.catalog.Catalog.reconstructed`."""
    catalog = default_catalog()
    rules = catalog.rules
    not_palazzo = {f.name for f in attrs.fields(RulesConstants)} - {"palazzo"}
    entries = [
        ComponentEntry.of(
            "rules",
            "palazzo",
            rules,
            _provenance(rules.palazzo_provenance),
            rules.palazzo_provenance_note,
            leave_out=not_palazzo,
        )
    ]
    groups: tuple[tuple[str, Sequence[Any]], ...] = (
        ("tile", catalog.tiles),
        ("person", catalog.persons),
        ("bonus_card", catalog.bonus_cards),
        ("prestige_card", catalog.prestige_cards),
        ("character", catalog.characters),
    )
    for kind, specs in groups:
        entries.extend(
            ComponentEntry.of(
                kind,
                str(spec.id),
                spec,
                _provenance(spec.provenance),
                spec.provenance_note,
                leave_out=("id",),
            )
            for spec in specs
        )
    shared = catalog.shared_map
    entries.append(
        ComponentEntry.of(
            "shared_map",
            "shared_map",
            shared,
            _provenance(shared.provenance),
            shared.provenance_note,
            leave_out=("palazzo_mask",),  # the palazzo's cells again, as a mask
        )
    )
    return ComponentData(catalog.edition, tuple(entries))


def _heuristic_bot(seed: int) -> HeuristicBot:
    """The heuristic bot; it plays the same whatever the seed."""
    return HeuristicBot()


def _card_title(card: PersonId | BonusCardId | PrestigeCardId) -> str:
    """A card's name as a heading: ``The bell founder``, ``Bonus card B03``."""
    name = narration.card_name(card)
    return name[0].upper() + name[1:]


def _plain(value: object) -> Any:
    """``value`` as JSON-ready data: attrs classes as dicts, enums by value, tuples as lists."""
    if isinstance(value, Enum):
        return value.value
    if attrs.has(type(value)):
        fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(type(value))  # type: ignore[arg-type]  # attrs.has checked the class above; mypy cannot narrow type[object]
        return {f.name: _plain(getattr(value, f.name)) for f in fields}
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    return value


def _record(record: object) -> docs.GameRecord:
    if not isinstance(record, docs.GameRecord):
        raise SerializationError(
            f"expected a record of The Princes of Florence, not {type(record).__name__}"
        )
    return record


GAME: Game[GameState, PlayerView, Move, Event, GameConfig] = PrincesOfFlorence()
"""The Princes of Florence, as the protocol sees it (registered as ``princes``)."""

_BUFFERS: LearningBuffers[GameState, PlayerView] = PrincesOfFlorence()
"""mypy's proof that the game offers :class:`~princes_of_florence.games.LearningBuffers` too."""
