"""JSON documents of Florenz: states, views, moves, events, configurations
and game records, each naming its game and its kind.

>>> from princes_of_florence.florenz.engine import new_game
>>> state = new_game(GameConfig(players=3, seed=4))
>>> load_state(dumps(state)) == state
True
>>> load_move('{"game": "florenz", "kind": "move", "data": {"type": "Send", "location": 4}}')
Send(location=4)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_unstructure_fn

from princes_of_florence.florenz import moves as move_classes
from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.engine import Outcome, apply, new_game, outcome
from princes_of_florence.florenz.errors import FlorenzError, SerializationError
from princes_of_florence.florenz.events import (
    CardDrawn,
    Event,
    GameEnded,
    MediciMoved,
    MoveMade,
    PlanRevealed,
    RoundBegan,
    Scored,
)
from princes_of_florence.florenz.ids import (
    LOCATIONS,
    BoastKind,
    ChanceKind,
    Medici,
    ScandalKind,
    Stage,
)
from princes_of_florence.florenz.moves import Move
from princes_of_florence.florenz.observation import PlayerView
from princes_of_florence.florenz.rules.common import CATALOG, STROZZI, totals
from princes_of_florence.florenz.state import GameState

__all__ = [
    "GAME_NAME",
    "GameRecord",
    "dumps",
    "load_config",
    "load_event",
    "load_move",
    "load_record",
    "load_state",
    "load_view",
    "replay",
    "state_problems",
]

GAME_NAME = "florenz"
"""The name every document carries."""

_MOVES: dict[str, type] = {name: getattr(move_classes, name) for name in move_classes.__all__}
del _MOVES["Move"]
_EVENTS: dict[str, type] = {
    cls.__name__: cls
    for cls in (MoveMade, Scored, CardDrawn, MediciMoved, RoundBegan, PlanRevealed, GameEnded)
}
T = TypeVar("T")


@attrs.frozen
class GameRecord:
    """A Florenz game: its configuration, its moves and, once over, its outcome."""

    config: GameConfig
    moves: tuple[Move, ...]
    outcome: Outcome | None = None
    game: str = GAME_NAME


def _strict_int(value: object, _: object) -> int:
    if type(value) is not int:
        raise TypeError(f"expected an integer, not {value!r}")
    return value


def _strict_bool(value: object, _: object) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, not {value!r}")
    return value


def _strict_str(value: object, _: object) -> str:
    if type(value) is not str:
        raise TypeError(f"expected a string, not {value!r}")
    return value


def _strict_enum(value: object, cls: Any) -> Any:
    if type(value) is not int:
        raise TypeError(f"expected an integer of {cls.__name__}, not {value!r}")
    return cls(value)


def _make_converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_structure_hook(int, _strict_int)
    converter.register_structure_hook(bool, _strict_bool)
    converter.register_structure_hook(str, _strict_str)
    for enum_class in (Medici, ScandalKind, Stage, BoastKind, ChanceKind):
        converter.register_structure_hook(enum_class, _strict_enum)

    def tagged(table: dict[str, type]) -> Any:
        plain: dict[type, Any] = {
            cls: make_dict_unstructure_fn(cls, converter) for cls in table.values()
        }

        def unstructure(obj: object) -> dict[str, Any]:
            return {"type": type(obj).__name__, **plain[type(obj)](obj)}

        def structure(data: object, _: object) -> object:
            if not isinstance(data, dict) or data.get("type") not in table:
                raise TypeError(f"expected one of {', '.join(sorted(table))} with its 'type'")
            rest = {k: v for k, v in data.items() if k != "type"}
            return converter.structure(rest, table[data["type"]])

        return unstructure, structure

    for table, union in ((_MOVES, Move), (_EVENTS, Event)):
        unstructure, structure = tagged(table)
        converter.register_unstructure_hook(union, unstructure)
        converter.register_structure_hook(union, structure)
        for cls in table.values():
            converter.register_unstructure_hook(cls, unstructure)
    return converter


_CONVERTER = _make_converter()
_KINDS: dict[type, str] = {
    GameState: "state",
    PlayerView: "view",
    GameConfig: "config",
    GameRecord: "record",
}


def dumps(obj: object) -> str:
    """``obj`` (a state, view, move, event, configuration or record) as a JSON document.

    Raises:
        SerializationError: ``obj`` is none of these.
    """
    if type(obj) in _KINDS:
        kind = _KINDS[type(obj)]
        data = _CONVERTER.unstructure(obj, unstructure_as=type(obj))
    elif type(obj) in _MOVES.values():
        kind, data = "move", _CONVERTER.unstructure(obj, unstructure_as=Move)
    elif type(obj) in _EVENTS.values():
        kind, data = "event", _CONVERTER.unstructure(obj, unstructure_as=Event)
    else:
        raise SerializationError(f"cannot write a {type(obj).__name__} as a Florenz document")
    return json.dumps({"game": GAME_NAME, "kind": kind, "data": data}, ensure_ascii=False)


def _load(text: str | bytes, kind: str, cls: Any) -> Any:
    try:
        document = json.loads(text)
    except (ValueError, TypeError) as error:
        raise SerializationError(f"not a JSON document: {error}") from None
    if not isinstance(document, dict) or set(document) != {"game", "kind", "data"}:
        raise SerializationError("expected a document with 'game', 'kind' and 'data'")
    if document["game"] != GAME_NAME:
        raise SerializationError(
            f"a document of game {document['game']!r}, not of {GAME_NAME!r} @ $.game"
        )
    if document["kind"] != kind:
        raise SerializationError(f"expected a {kind}, not a {document['kind']!r}")
    try:
        return _CONVERTER.structure(document["data"], cls)
    except (ClassValidationError, IterableValidationError, ForbiddenExtraKeysError) as error:
        problems = "; ".join(cattrs.transform_error(error))
        raise SerializationError(f"malformed {kind}: {problems}") from None
    except (TypeError, ValueError, KeyError) as error:
        raise SerializationError(f"malformed {kind}: {error}") from None


def load_config(text: str | bytes) -> GameConfig:
    """A configuration from its document."""
    config: GameConfig = _load(text, "config", GameConfig)
    return config


def load_move(text: str | bytes) -> Move:
    """A move from its document."""
    move: Move = _load(text, "move", Move)
    return move


def load_event(text: str | bytes) -> Event:
    """An event from its document."""
    event: Event = _load(text, "event", Event)
    return event


def state_problems(state: GameState) -> list[str]:
    """What makes ``state`` one the engine cannot play on (empty if none)."""
    found: list[str] = []
    n = state.config.players
    family = CATALOG.raw.family
    if len(state.families) != n:
        found.append(f"families: {len(state.families)} for {n} players")
        return found
    if not 1 <= state.round <= family.rounds:
        found.append(f"round: {state.round} is not 1-{family.rounds}")
    if len(state.queues) != 10 or len(state.cups) != 10 or len(state.boast_tiles) != 10:
        found.append("queues, cups and boast_tiles hold 10 entries (index 0 unused)")
        return found
    if state.stage not in (Stage.OVER, Stage.CHANCE) and not 0 <= state.player < n:
        found.append(f"player: {state.player} is no family")
    if not 0 <= state.start < n:
        found.append(f"start: {state.start} is no family")
    walking = [0] * n
    if state.walk is not None and not state.walk.between and 0 <= state.player < n:
        walking[state.player] = 1
    dealing = any(
        step.kind is not ChanceKind.CARD and step.kind is not ChanceKind.STROZZI_CARD
        for step in state.chance
    )  # explicit chance still deals the setup
    for index, board in enumerate(state.families):
        all_members, all_cups, all_guards = totals(state.config, index)
        pieces = [r for q in state.queues for f, r in q if f == index]
        members = len(pieces) + board.debutants + board.ladies + board.maestros
        if members + board.retired + walking[index] != all_members:
            found.append(f"families[{index}]: members do not add up to {all_members}")
        if min(board.debutants, board.ladies, board.maestros, board.retired) < 0:
            found.append(f"families[{index}]: a negative count of members")
        if not 0 <= board.time <= family.time_max:
            found.append(f"families[{index}].time: {board.time} is not 0-12")
        cups = sum(1 for c in state.cups for f in c if f == index)
        if board.cups + cups != all_cups:
            found.append(f"families[{index}].cups: cups do not add up to {all_cups}")
        guards = sum(
            1
            for crests in (state.escorts, state.spies, state.doormen)
            for crest in crests
            for f in crest
            if f == index
        )
        if board.guards + guards != all_guards:
            found.append(f"families[{index}].guards: guards do not add up to {all_guards}")
        planless = state.config.solo and index == STROZZI and not state.config.harder_plan
        if planless and board.plan != -1:
            found.append(f"families[{index}].plan: Strozzi has no plan card (rule F142)")
        elif not planless and not dealing and not 0 <= board.plan < len(CATALOG.raw.plans.cards):
            found.append(f"families[{index}].plan: no plan card {board.plan}")
        if len(board.hand) > family.hand_limit:
            found.append(f"families[{index}].hand: more than {family.hand_limit} cards")
    for location in LOCATIONS:
        queue = state.queues[location]
        if len(queue) > state.capacity:
            found.append(f"queues[{location}]: more petitioners than spaces")
        if any(not 0 <= f < n or r not in (1, 2, 3) for f, r in queue):
            found.append(f"queues[{location}]: a petitioner of no family or rank")
        elif [r for _, r in queue] != sorted((r for _, r in queue), reverse=True):
            found.append(f"queues[{location}]: not in rank order (rule F47)")
    if state.chance and not state.config.explicit_chance:
        found.append("chance: random steps wait only with explicit chance")
    if not dealing:
        if sorted(state.location_tiles) != list(LOCATIONS):
            found.append("location_tiles: not the nine locations")
        if sorted(state.time_tiles) != sorted(CATALOG.raw.time_tiles.values):
            found.append("time_tiles: not the eight time tiles")
        if len(set(state.carriages)) != 3 or not set(state.carriages) <= set(LOCATIONS):
            found.append("carriages: three different locations")
    cards = sum(map(len, state.decks)) + sum(map(len, state.discards))
    if cards + sum(len(f.hand) for f in state.families) != 36:
        found.append("scandal cards: do not add up to 36")
    if (state.stage is Stage.CHANCE) != bool(state.chance):
        found.append("chance: a chance node waits exactly when random steps wait")
    if state.stage is Stage.GIOVANNI and state.offer is None:
        found.append("offer: missing at Giovanni's decision")
    if state.stage in (Stage.HURRY, Stage.TRAVEL) and state.walk is None:
        found.append("walk: missing at a walk's decision")
    solo = state.strozzi
    if state.config.solo != (solo is not None):
        found.append("strozzi: present exactly in the solo game")
    elif solo is not None:
        if sorted(solo.deck + solo.discards) != list(range(1, 11)):
            found.append("strozzi: the deck and discards are not the ten cards")
        if len(solo.colours) != 10 or any(
            len(solo.colours[loc]) != len(state.queues[loc]) for loc in range(10)
        ):
            found.append("strozzi.colours: not one colour per queue piece")
        if state.stage is Stage.COLOUR and solo.card == -1:
            found.append("strozzi.card: missing at the colour decision")
    return found


def load_state(text: str | bytes) -> GameState:
    """A state from its document, checked: only states the engine can play on.

    Raises:
        SerializationError: malformed, or not a playable state (the problems named).
    """
    state: GameState = _load(text, "state", GameState)
    problems = state_problems(state)
    if problems:
        raise SerializationError("not a playable state: " + "; ".join(problems))
    return state


def load_view(text: str | bytes) -> PlayerView:
    """A view from its document."""
    view: PlayerView = _load(text, "view", PlayerView)
    if not -1 <= view.player < len(view.state.families):  # -1: a spectator
        raise SerializationError(f"view of no family: {view.player}")
    return view


def load_record(text: str | bytes) -> GameRecord:
    """A record from its document; a record of another game is refused."""
    record: GameRecord = _load(text, "record", GameRecord)
    if record.game != GAME_NAME:
        raise SerializationError(f"expected a record of {GAME_NAME}, not {record.game!r}")
    return record


def replay(record: GameRecord, moves: Sequence[Move] | None = None) -> tuple[GameState, ...]:
    """Every state of the recorded game, the initial state first, each move checked.

    Raises:
        SerializationError: a move is illegal where it was recorded, or the
            recorded outcome differs.
    """
    state = new_game(record.config)
    states = [state]
    for index, move in enumerate(record.moves if moves is None else moves):
        try:
            state = apply(state, move)
        except FlorenzError as error:
            raise SerializationError(f"move {index} of the record: {error}") from None
        states.append(state)
    if record.outcome is not None and record.outcome != outcome(state):
        raise SerializationError("the recorded outcome is not the game's")
    return tuple(states)
