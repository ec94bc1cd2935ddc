"""Every game's quick writers write what its converter writes, byte for byte.

States, views, moves and events (alone with their tag, and Firenze's and The
Princes of Florence's lists of events) are written by the quick writers of
:mod:`princes_of_florence.serialization.quick`; the converter writes the rest
and names every value of a wrong type.  Random games of each game are
written both ways here.
"""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import attrs
import pytest

from princes_of_florence import games
from princes_of_florence.errors import SerializationError
from princes_of_florence.firenze import serialization as firenze_serialization
from princes_of_florence.florenz import serialization as florenz_serialization
from princes_of_florence.serialization import princes as princes_serialization
from princes_of_florence.serialization.envelope import ENCODER

MODULES: dict[str, ModuleType] = {
    "princes": princes_serialization,
    "florenz": florenz_serialization,
    "firenze": firenze_serialization,
}
"""Each game's serialization module, by registered name."""


def _written_alike(module: ModuleType, kind: str, value: object) -> None:
    found = module._WRITERS.data(value)
    assert found is not None, f"no quick writer for a {type(value).__name__}"
    assert found[0] == kind
    slow = module._converter().unstructure(value)
    assert ENCODER.encode(found[1]) == ENCODER.encode(slow)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_random_games_are_written_alike_by_the_quick_writers(name: str) -> None:
    """Over two random games of 150 moves: every state, the view of the player to move,
    each move and each event it makes, and the move's list of events."""
    game = games.get(name)
    module = MODULES[name]
    events_type = tuple[module.Event, ...]  # type: ignore[name-defined]
    for seed in (1, 2):
        rng = random.Random(seed)
        state = game.new_game(game.make_config(game.player_counts[-1], seed, {}))
        for _ in range(150):
            if game.is_terminal(state):
                break
            _written_alike(module, "state", state)
            seat = game.current_player(state)
            if seat is not None:
                _written_alike(module, "view", game.observe(state, seat))
            moves = game.legal_moves(state)
            move = moves[rng.randrange(len(moves))]
            _written_alike(module, "move", move)
            state, events = game.apply_with_events(state, move)
            for event in events:
                _written_alike(module, "event", event)
            written = module._WRITERS.data_as(events_type, tuple(events))
            slow = [module._converter().unstructure(event) for event in events]
            assert ENCODER.encode(written) == ENCODER.encode(slow)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_move_of_a_wrong_type_is_named_by_its_path(name: str) -> None:
    """The quick writer refuses a move holding a value of another type; the converter's
    walk then names it, and no document is written."""
    game = games.get(name)
    rng = random.Random(3)
    state = game.new_game(game.make_config(game.player_counts[-1], 3, {}))
    found: list[tuple[Any, str]] = []
    while not found:  # the first legal move with an integer field, in a random game
        moves = game.legal_moves(state)
        found = [
            (move, field.name)
            for move in moves
            for field in attrs.fields(type(move))
            if type(getattr(move, field.name)) is int
        ]
        state = game.apply(state, moves[rng.randrange(len(moves))])
    move, field = found[0]
    wrong: Any = attrs.evolve(move, **{field: "7"})
    assert MODULES[name]._WRITERS.data(wrong) is None
    with pytest.raises(SerializationError, match=rf"cannot write the move: .*@ \$\.data\.{field}"):
        game.dumps(wrong)


@pytest.mark.parametrize("name", ["princes", "firenze"])
def test_a_list_of_events_of_a_wrong_type_is_named_by_its_path(name: str) -> None:
    """A list of events (the games that write one) with a value of another type: the quick
    writer refuses it, the walk names it by its path in the list, nothing is written."""
    game = games.get(name)
    rng = random.Random(4)
    state = game.new_game(game.make_config(game.player_counts[-1], 4, {}))
    found: list[tuple[Any, str]] = []
    while not found:  # the first event with an integer field, in a random game
        moves = game.legal_moves(state)
        state, events = game.apply_with_events(state, moves[rng.randrange(len(moves))])
        found = [
            (event, field.name)
            for event in events
            for field in attrs.fields(type(event))
            if type(getattr(event, field.name)) is int
        ]
    event, field = found[0]
    wrong: Any = attrs.evolve(event, **{field: "7"})
    module = MODULES[name]
    assert module._WRITERS.events_data((event,), module.Event, module._converter) == [
        module._converter().unstructure(event)
    ]
    with pytest.raises(SerializationError, match=rf"cannot write the events: .*\[1\]\.{field}"):
        module.dumps([event, wrong])
