"""The Princes of Florence's documents: its types registered, its record, its loaders, replay.

This is The Princes of Florence's part of :mod:`princes_of_florence.serialization`,
built on the generic part: the envelope
(:mod:`~princes_of_florence.serialization.envelope`), the converter
(:mod:`~princes_of_florence.serialization.converter`), the quick readers and
writers (:mod:`~princes_of_florence.serialization.quick`) and the records
(:mod:`~princes_of_florence.serialization.records`).  What is the game's own:

* :data:`ENVELOPE`: schema ``1.1``, the game ``princes``; a record names its
  game, and a document without the name is this game's;
* :data:`UNIONS`: the moves, events and pending decisions as tagged unions,
  the cards of the three decks and the tiles read as one type each, the
  cards shown all of one deck, and the fields renamed since schema 1.0;
* :class:`GameRecord` and :class:`ReplayStep`, the documents' kinds and their
  loaders, and what a loaded state or view must satisfy beyond its types
  (:func:`~princes_of_florence.rules.invariants.state_problems`, the limits,
  a legal move for the player to decide).

Its names are exported by :mod:`princes_of_florence.serialization`, and
those a program needs by :mod:`princes_of_florence`; import them from there.

>>> from princes_of_florence.moves import Bid
>>> load_move(dumps(Bid(300))) == Bid(300)
True
"""

from __future__ import annotations

import functools
import operator
import random
import re
from collections.abc import Iterator
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar, get_args

import attrs

from princes_of_florence import engine
from princes_of_florence.config import GameConfig
from princes_of_florence.engine import _has_legal_move, is_terminal
from princes_of_florence.errors import (
    ArgumentError,
    InvalidMoveError,
    SerializationError,
)
from princes_of_florence.events import Event
from princes_of_florence.frozen import share_copies
from princes_of_florence.geometry import FULL_MASK
from princes_of_florence.ids import (
    BonusCardId,
    Building,
    Freedom,
    Landscape,
    PersonId,
    PrestigeCardId,
)
from princes_of_florence.limits import (
    MAX_MONEY,
    MAX_PRESTIGE,
)
from princes_of_florence.moves import Bid, Move, parse_move
from princes_of_florence.observation import (
    PlayerView,
    PublicPlayer,
    ViewPending,
    determinize,
    observe,
)
from princes_of_florence.rules.invariants import state_problems
from princes_of_florence.rules.scoring import Outcome
from princes_of_florence.serialization import converter, quick, records
from princes_of_florence.serialization.converter import (
    EnumTuples,
    EnumUnion,
    TaggedUnion,
    Unions,
    union_members,
)
from princes_of_florence.serialization.envelope import Envelope
from princes_of_florence.serialization.envelope import listed as _listed
from princes_of_florence.serialization.records import MAX_COMMENT_CHARS, Comment
from princes_of_florence.state import (
    BUILDINGS,
    FREEDOMS,
    LANDSCAPES,
    GameState,
    Pending,
    Principality,
    TurnState,
)

if TYPE_CHECKING:
    import cattrs

__all__ = [
    "ENVELOPE",
    "GAME_NAME",
    "MAX_COMMENT_CHARS",
    "SCHEMA_VERSION",
    "UNIONS",
    "Comment",
    "GameRecord",
    "ReplayStep",
    "dumps",
    "load_config",
    "load_event",
    "load_events",
    "load_move",
    "load_record",
    "load_state",
    "load_view",
    "record_problems",
    "replay",
    "replay_events",
]

GAME_NAME = "princes"
"""The name this game's records carry (``"game"`` in the envelope), as registered."""

SCHEMA_VERSION = "1.1"
"""The schema written; documents of the same major version are read.

1.1 added the Merchant's choice and the Professor offered at once (the moves
``merchant_free``, ``merchant_pay``, ``professor_later``, the pending
``merchant_offer`` and ``professor_offer``, and the characters'
``face_down``), and the name of the game in a record's envelope (``game``);
every 1.0 document reads as before, ``face_down`` empty, a record without
``game`` The Princes of Florence's."""

ENVELOPE = Envelope(game=GAME_NAME, title="The Princes of Florence", schema=SCHEMA_VERSION)
"""The envelope of this game's documents.

Only a record names the game, and a document that does not is this game's
(every document of schema 1.0)."""

_CARD_KINDS: tuple[type[Enum], ...] = (PersonId, BonusCardId, PrestigeCardId)

UNIONS = Unions(
    tagged=(
        TaggedUnion(get_args(Move), "move"),
        TaggedUnion(get_args(Event), "event"),
        TaggedUnion(get_args(Pending), "pending decision"),
        TaggedUnion(get_args(ViewPending), "pending decision"),
    ),
    enums=(
        EnumUnion(_CARD_KINDS, "card"),
        EnumUnion((Building, Landscape), "tile"),
        # what chance deals: a card or a freedom tile (moves.Deal)
        EnumUnion((*_CARD_KINDS, Freedom), "card or freedom"),
    ),
    enum_tuples=(EnumTuples(_CARD_KINDS, "the cards shown must all come from one deck"),),
    renamed=(("recruit", "seat", "from_player"), ("person_recruited", "seat", "from_player")),
)
"""How this game's moves, events, pending decisions and cards are written."""


@attrs.frozen
class GameRecord:
    """A whole game as data: the configuration and every move, in order, with what people keep.

    The players' names are the configuration's
    (:attr:`~princes_of_florence.GameConfig.names`).
    Records written before ``date``, ``engine`` and ``comments`` existed
    load with those empty.

    Attributes:
        config: the configuration, seed and names included; with the moves it
            fixes every state of the game.
        moves: the moves in the order they were played.
        outcome: the final result, if the record claims one; :func:`~princes_of_florence.replay`
            checks it.
        date: when the game was played, an ISO 8601 date (``2026-11-25``)
            or date and time, or ``None``.
        engine: the version of this package that played it, or ``None``.
        comments: remarks after moves, in move order.

    Example:
        >>> from princes_of_florence import GameConfig, parse_move, record_to_text
        >>> record = GameRecord(
        ...     config=GameConfig(players=3, seed=1, names=("Anna", "Ben", "Carla")),
        ...     moves=(parse_move("return architect"),),
        ...     comments=(Comment(1, "Anna keeps the painter."),),
        ... )
        >>> print(record_to_text(record))
        # schema 1.1
        # players 3
        # seed 1
        # start_player 0
        # hidden_money false
        # names Anna | Ben | Carla
        return architect
        ; Anna keeps the painter.
    """

    config: GameConfig
    moves: tuple[Move, ...] = ()
    outcome: Outcome | None = None
    date: str | None = None
    engine: str | None = None
    comments: tuple[Comment, ...] = ()


@attrs.frozen
class ReplayStep:
    """One move of a replayed record: see :func:`replay_events`.

    Attributes:
        number: the move's number, counted from 1.
        move: the move.
        before: the state it was played in.
        events: what happened, in order.
        after: the state it left.

    Example:
        >>> from princes_of_florence import GameConfig, parse_move, describe
        >>> record = GameRecord(GameConfig(players=3, seed=1), (parse_move("return architect"),))
        >>> step = next(replay_events(record))
        >>> step.number, str(step.move), [describe(event, step.after) for event in step.events]
        (1, 'return architect', ['Player 1 returns the architect.'])
    """

    number: int
    move: Move
    before: GameState
    events: tuple[Event, ...]
    after: GameState


# --------------------------------------------------------------------------
# The converter, the quick readers and writers


@functools.cache
def _converter() -> cattrs.Converter:
    """The converter, built on first use so that importing the package leaves cattrs unloaded.

    It reads one small document before it is handed out
    (:func:`~princes_of_florence.serialization.converter.checked_converter`).
    """
    union: Any = Move  # mypy takes a union for a value, not a type
    return converter.checked_converter(UNIONS, Bid(300), union)


_QUICK_KINDS = (GameState, PlayerView, GameConfig, GameRecord)
"""The kinds of document that have a quick reader."""


@functools.cache
def _quick_reader(cls: Any) -> quick.Reader | None:
    """The quick reader of documents of ``cls``, written out on first use.

    Writing the readers out costs a noticeable part of a second, so it waits
    for the first document rather than slowing down ``import``.
    """
    return quick.reader(cls, UNIONS) if cls in _QUICK_KINDS else None


_FRESH = (GameState, PlayerView, *get_args(Event))
"""The classes made anew for every move, whose quick writers check every field every time."""

_WRITERS = quick.Writers(
    (("state", GameState), ("view", PlayerView), ("move", Move), ("event", Event)), UNIONS, _FRESH
)
"""The quick writers of states, views, moves and events (a move or an event with its tag)."""


# --------------------------------------------------------------------------
# Documents

_EVENT_CLASSES: tuple[type, ...] = get_args(Event)


def _kind_and_data(obj: object) -> tuple[str, Any]:
    quickly = _WRITERS.data(obj)
    if quickly is not None:
        return quickly
    if isinstance(obj, tuple | list) and all(isinstance(e, _EVENT_CLASSES) for e in obj):
        return "events", _WRITERS.events_data(tuple(obj), Event, _converter)
    kinds: tuple[tuple[str, Any], ...] = (
        ("state", GameState),
        ("view", PlayerView),
        ("record", GameRecord),
        ("config", GameConfig),
        ("move", Move),
        ("event", Event),
    )
    for kind, cls in kinds:
        if isinstance(obj, union_members(cls) or cls):
            converter.refuse_wrong_types(kind, obj, cls, UNIONS)
            return kind, _converter().unstructure(obj)
    raise ArgumentError.wrong_kind(
        "dumps", "a state, view, move, event, events, configuration or record", obj
    )


def dumps(obj: object) -> str:
    """The JSON document of a state, view, move, event, events, config or record.

    Args:
        obj: a :class:`~princes_of_florence.GameState`, a :class:`PlayerView`, a move, an event, a
            tuple or list of events, a :class:`~princes_of_florence.GameConfig` or a
            :class:`GameRecord`.

    Returns:
        Compact JSON, ``{"schema": ..., "kind": ..., "data": ...}``; the same
        value always gives the same text.

    Raises:
        TypeError: ``obj`` is none of these.
        SerializationError: ``obj`` holds a value of a type its field does not
            declare (a ``str`` or a ``float`` for an integer, a ``list`` for a
            tuple, ...) or an integer of 64 bits or more, which no loader
            would read back: every such field is named by its path.

    >>> from princes_of_florence import GameConfig
    >>> dumps(GameConfig(players=3, seed=9))
    '{"schema":"1.1","kind":"config","data":{"players":3,"seed":9,"start_player":0,\
"hidden_money":false,"choose_returned_order":false,"hard_freedoms":false,\
"muse_and_princess":false,"cooperative_building":false,"explicit_chance":false,\
"names":["Player 1","Player 2","Player 3"]}}'
    """
    kind, data = _kind_and_data(obj)
    return ENVELOPE.write(kind, data)  # a record names its game


_T = TypeVar("_T")


def _structure(data: object, cls: Any, kind: str) -> Any:
    return quick.read(data, cls, kind, _quick_reader(cls), _converter)


def _load(text: str | bytes, kind: str, cls: type[_T]) -> _T:
    result: _T = _structure(ENVELOPE.read(text, kind), cls, kind)
    return result


def load_move(text: str | bytes) -> Move:
    """Read a move document.

    Raises:
        SerializationError: the document is not a valid move of schema 1.x.

    Example:
        >>> from princes_of_florence import Bid
        >>> dumps(Bid(700))
        '{"schema":"1.1","kind":"move","data":{"type":"bid","amount":700}}'
        >>> load_move(dumps(Bid(700)))
        Bid(amount=700)
    """
    move: Move = _structure(ENVELOPE.read(text, "move"), Move, "move")
    problem = _notation_problem(move)
    if problem is not None:
        raise SerializationError(f"invalid move document: {problem} @ $.data")
    return move


def _notation_problem(move: Move) -> str | None:
    """Why ``move`` has no notation that parses back to it, or ``None``.

    A move read from JSON must be one that :func:`parse_move` can produce
    (no negative amounts or seats, cells named and sorted as the notation
    writes them), so that a record's JSON and text forms hold the same moves.
    """
    try:
        again = parse_move(str(move))
    except InvalidMoveError as error:
        return str(error)
    if again != move:
        return f"{move!r} is written {str(move)!r}, which reads back as {again!r}"
    return None


def load_event(text: str | bytes) -> Event:
    """Read an event document.

    Raises:
        SerializationError: the document is not a valid event of schema 1.x.

    Example:
        >>> from princes_of_florence import BidMade
        >>> load_event(dumps(BidMade(player=1, amount=500)))
        BidMade(player=1, amount=500)
    """
    event: Event = _structure(ENVELOPE.read(text, "event"), Event, "event")
    return event


def load_events(text: str | bytes) -> tuple[Event, ...]:
    """Read a document holding a list of events.

    Raises:
        SerializationError: the document is not a valid event list of schema 1.x.

    Example:
        >>> from princes_of_florence import BidMade, Passed
        >>> events = (BidMade(player=1, amount=500), Passed(player=2))
        >>> load_events(dumps(events)) == events
        True
    """
    events: tuple[Event, ...] = _structure(
        ENVELOPE.read(text, "events"), tuple[Event, ...], "events"
    )
    return events


def load_config(text: str | bytes) -> GameConfig:
    """Read a configuration document.

    Raises:
        SerializationError: the document is not a valid configuration (the
            reason of a :class:`ConfigError` included).

    Example:
        >>> from princes_of_florence import GameConfig
        >>> text = '{"schema": "1.0", "kind": "config", "data": {"players": 3, "seed": 9}}'
        >>> load_config(text) == GameConfig(players=3, seed=9)
        True
        >>> load_config(dumps(GameConfig(players=4, seed=9))).players
        4
    """
    return _load(text, "config", GameConfig)


def load_record(text: str | bytes) -> GameRecord:
    """Read a record document; :func:`~princes_of_florence.replay` checks its moves, not this.

    Raises:
        SerializationError: the document is not a valid record of schema 1.x.

    Example:
        >>> from princes_of_florence import GameConfig, parse_move
        >>> record = GameRecord(GameConfig(players=3, seed=1), (parse_move("return architect"),))
        >>> load_record(dumps(record)) == record
        True
        >>> len(replay(load_record(dumps(record))))
        2
    """
    record = _load(text, "record", GameRecord)
    for number, move in enumerate(record.moves, start=1):
        problem = _notation_problem(move)
        if problem is not None:
            raise SerializationError(
                f"invalid record document: move {number}: {problem} @ $.data.moves[{number - 1}]"
            )
    problems = record_problems(record)
    if problems:
        raise SerializationError(f"invalid record document: {_listed(problems)}")
    return record


def record_problems(record: GameRecord) -> list[str]:
    """What is wrong with a record's date, engine version and comments (``[]``: nothing).

    The moves are checked by :func:`~princes_of_florence.replay`; the checks
    are every game's (:func:`~princes_of_florence.serialization.records.annotation_problems`).

    >>> record_problems(GameRecord(GameConfig(players=3), date="yesterday"))
    ["date must be an ISO 8601 date such as 2026-11-25, not 'yesterday' @ $.data.date"]
    """
    return records.annotation_problems(
        len(record.moves), record.date, record.engine, record.comments
    )


def _cell_masks(principality: Principality) -> Iterator[tuple[int, str | int, int | None]]:
    """Every cell mask of ``principality`` and where it lies: a field's name, or a
    tile's index and, for a building shared with a neighbour, the side."""
    for name in ("palazzo", "occupied", "walls"):
        yield getattr(principality, name), name, None
    for index, placed in enumerate(principality.tiles):
        yield placed.mask, index, None
        if placed.shared is not None:
            for side, mask in enumerate(placed.shared.masks):
                yield mask, index, side


def _masks_inside(principality: Principality) -> bool:
    """Whether every cell mask of ``principality`` lies in the 7x7 grid.

    They all do exactly when their union does (a negative mask makes it
    negative, a mask beyond the grid a cell beyond it): one union, no walk.
    """
    union = principality.palazzo | principality.occupied | principality.walls
    for placed in principality.tiles:
        union |= placed.mask
        if placed.shared is not None:
            for mask in placed.shared.masks:
                union |= mask
    return 0 <= union <= FULL_MASK


def _mask_problems(principality: Principality, at: str) -> list[str]:
    """Each cell mask outside the 7x7 grid, by its path under ``at`` (a negative one
    would never run out of cells)."""
    problems = []
    for mask, where, side in _cell_masks(principality):
        if not 0 <= mask <= FULL_MASK:
            if isinstance(where, str):
                path = where
            elif side is None:
                path = f"tiles[{where}].mask"
            else:
                path = f"tiles[{where}].shared.masks[{side}]"
            problems.append(f"the mask {mask} names cells outside the 7x7 grid @ {at}.{path}")
    return problems


_turn_counts = operator.attrgetter(*(field.name for field in attrs.fields(TurnState)))
"""The counts of a turn, every one at least 0, as a tuple."""

_SUPPLY_SIZES = (
    ("building_supply", len(BUILDINGS)),
    ("landscape_supply", len(LANDSCAPES)),
    ("freedom_supply", len(FREEDOMS)),
)


def _shape_problems(state: GameState) -> list[str]:
    """Sizes and signs that :func:`state_problems` relies on.

    This runs on every state loaded: a principality's masks are tested by
    their union and walked for their paths only when it lies outside.
    """
    count = len(state.players)
    problems = []
    auction = state.auction
    sizes = [(name, getattr(state, name), size) for name, size in _SUPPLY_SIZES]
    sizes.append(("round_best", state.round_best, count))
    if auction is not None:
        sizes.append(("auction.done", auction.done, count))
    for name, values, size in sizes:
        if len(values) != size:
            problems.append(f"{name} has {len(values)} entries, not {size} @ $.data.{name}")
    counts = [
        ("building_supply", state.building_supply),
        ("landscape_supply", state.landscape_supply),
        ("freedom_supply", state.freedom_supply),
        ("jesters", (state.jesters,)),
        ("builders", (state.builders,)),
        ("recruiting", (state.recruiting,)),
    ]
    if state.turn is not None:
        counts.append(("turn", _turn_counts(state.turn)))
    for name, values in counts:
        if values and min(values) < 0:
            problems.append(f"{name} holds a negative count @ $.data.{name}")
    for seat, player in enumerate(state.players):
        if not _masks_inside(player.principality):
            at = f"$.data.players[{seat}].principality"
            problems += _mask_problems(player.principality, at)
    for seat, player in enumerate(state.players):  # limits.py: bounded work on any state
        if player.money > MAX_MONEY:
            problems.append(
                f"player {seat} has {player.money} florins; at most {MAX_MONEY}"
                f" @ $.data.players[{seat}].money"
            )
        if player.prestige > MAX_PRESTIGE:
            problems.append(
                f"player {seat} has {player.prestige} prestige; at most {MAX_PRESTIGE}"
                f" @ $.data.players[{seat}].prestige"
            )
    payout = getattr(state.pending, "payout", 0)
    if payout > MAX_MONEY:
        problems.append(f"a payout of {payout}; at most {MAX_MONEY} @ $.data.pending.payout")
    if state.auction is not None:
        seats = [*state.auction.bidders, state.auction.opener]
        if state.auction.high_bidder is not None:
            seats.append(state.auction.high_bidder)
        if any(not 0 <= s < count for s in seats):
            problems.append("the auction names a seat that does not exist @ $.data.auction")
    return problems


def _playable_problems(state: GameState, decider_known: bool = True) -> list[str]:
    """Why the engine could not play on from ``state``; empty when it can.

    The one check behind :func:`load_state` and :func:`load_view` (which
    runs it on a state dealt from the view): sizes, signs and limits first
    (:func:`_shape_problems`), then every invariant of the game
    (:func:`~princes_of_florence.rules.invariants.state_problems`, which
    include that the pending decision fits the players' holdings), then that
    the player to decide has a legal move unless the game is over.  The last
    is skipped unless ``decider_known``: a state dealt from a view guesses the
    hidden hand of a player to decide other than the viewer, and the guess
    may leave them no move where the true hand has one.
    """
    problems = _shape_problems(state)
    if problems:
        return problems
    try:
        problems = [_in_document(problem) for problem in state_problems(state)]
        if not problems and decider_known and not is_terminal(state) and not _has_legal_move(state):
            problems = [
                f"player {state.current_player} has no legal move, yet the game is not"
                " over @ $.data"
            ]
    except Exception as error:  # a state no game reaches; never let it through
        problems = [f"the state cannot be checked ({type(error).__name__}) @ $.data"]
    return problems


def load_state(text: str | bytes) -> GameState:
    """Read a state document and check every invariant of the game.

    Raises:
        SerializationError: the document is not a valid state of schema 1.x,
            or the state breaks an invariant (every problem is named).

    Example:
        >>> from princes_of_florence import GameConfig, new_game
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> load_state(dumps(state)) == state
        True
    """
    state = _load(text, "state", GameState)
    problems = _playable_problems(state)
    if problems:
        raise SerializationError(f"the state is not a valid game state: {_listed(problems)}")
    return state


def _in_document(problem: str) -> str:
    """A :func:`state_problems` sentence with its fields named inside the document.

    >>> _in_document("round 9 is outside 1 to 7 @ round")
    'round 9 is outside 1 to 7 @ $.data.round'
    """
    sentence, at, paths = problem.rpartition(" @ ")
    if not at:
        return f"{problem} @ $.data"
    return f"{sentence} @ " + ", ".join(f"$.data.{path}" for path in paths.split(", "))


_VIEW_FIELDS = frozenset(field.name for field in attrs.fields(PlayerView))
_PUBLIC_FIELDS = frozenset(field.name for field in attrs.fields(PublicPlayer))


def _in_view(problem: str) -> str:
    """A problem of the state dealt from a view, with its path kept where the view has it.

    >>> _in_view("building_supply has 11 entries, not 10 @ $.data.building_supply")
    'building_supply has 11 entries, not 10 @ $.data.building_supply'
    >>> _in_view("player 1 has 5 builders (at most 3) @ $.data.players[1].builders")
    'player 1 has 5 builders (at most 3) @ $.data.players[1].builders'
    >>> _in_view("player 1 has 9 persons in hand @ $.data.players[1].hand_persons")
    'player 1 has 9 persons in hand @ $.data'
    """
    sentence, _, paths = problem.rpartition(" @ ")
    for path in paths.split(", "):
        parts = re.split(r"[.\[\]]+", path.removeprefix("$.data."))
        public = parts[0] == "players" and len(parts) > 2  # a field of one player
        if not (parts[2] in _PUBLIC_FIELDS if public else parts[0] in _VIEW_FIELDS):
            return f"{sentence or problem} @ $.data"
    return problem


def load_view(text: str | bytes) -> PlayerView:
    """Read a view document and check that some valid state shows it.

    A state is dealt from the view (:func:`determinize`) and must pass every
    check of :func:`load_state`: the same limits and invariants, and a legal
    move for the player to decide.

    Raises:
        SerializationError: the document is not a valid view of schema 1.x,
            or no valid state shows this view to its viewer.

    Example:
        >>> from princes_of_florence import GameConfig, new_game, observe
        >>> view = observe(new_game(GameConfig(players=3, seed=1)), 2)
        >>> load_view(dumps(view)) == view
        True
    """
    view = _load(text, "view", PlayerView)
    count = view.config.players
    if len(view.players) != count or not 0 <= view.player < count:
        raise SerializationError(
            f"the view has {len(view.players)} players and is player {view.player}'s "
            f"for a game of {count} players @ $.data.players"
        )
    if view.config.seed != 0:
        raise SerializationError("a view never shows the seed: it must be 0 @ $.data.config.seed")
    try:
        state = determinize(view, random.Random(0))
        own_move = view.current_player == view.player
        problems = [_in_view(problem) for problem in _playable_problems(state, own_move)]
        if not problems:
            again = observe(state, view.player)
            problems = [
                f"{field.name} cannot be seen this way @ $.data.{field.name}"
                for field in attrs.fields(PlayerView)
                if getattr(again, field.name) != getattr(view, field.name)
            ]
    except Exception as error:  # an inconsistent view; never let it through
        problems = [f"{type(error).__name__}: {str(error)[:200]} @ $.data"]
    if problems:
        raise SerializationError(f"no valid state shows this view: {_listed(problems)}")
    return view


# --------------------------------------------------------------------------
# Replay


def replay_events(record: GameRecord) -> Iterator[ReplayStep]:
    """Replay ``record`` one move at a time, with the events of each move.

    Yields a :class:`ReplayStep` per move; raises, like :func:`~princes_of_florence.replay`, at
    the first illegal move, and after the last move if the claimed outcome
    differs.  A viewer that shows the events of one player passes each
    step's events through :func:`~princes_of_florence.events_for`.

    >>> from princes_of_florence import GameConfig, legal_moves, new_game
    >>> config = GameConfig(players=3, seed=5)
    >>> record = GameRecord(config, (legal_moves(new_game(config))[0],))
    >>> [type(event).__name__ for step in replay_events(record) for event in step.events]
    ['PersonReturned']
    """
    steps = records.replay_steps(engine, record.config, record.moves, record.outcome)
    for number, move, before, events, after in steps:
        yield ReplayStep(number, move, before, events, after)


def replay(record: GameRecord) -> tuple[GameState, ...]:
    """Every state of the recorded game, the initial state first.

    Args:
        record: a configuration and its moves, with or without outcome.

    Returns:
        ``len(record.moves) + 1`` states.

    Raises:
        SerializationError: a move is illegal where it stands (the message
            gives its number, counted from 1, the move and the reason), or the
            record's outcome differs from the replayed one, or it claims an
            outcome for a game that is not over.

    >>> from princes_of_florence import GameConfig, parse_move
    >>> record = GameRecord(GameConfig(players=3, seed=5), (parse_move("bid 300"),))
    >>> replay(record)
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.SerializationError: move 1 of the record is illegal: \
illegal move 'bid 300' by player 0: every player must first return one of the four starting persons
    """
    return records.replay(engine, record.config, record.moves, record.outcome)


share_copies(GameRecord, ReplayStep)
