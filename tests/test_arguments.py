"""Arguments of the wrong kind: every function of the surface answers with an ArgumentError.

``None``, a number, a string, or a view where a state is due: each function
names what it needed and what came, with an :class:`ArgumentError`, which is
a :class:`PrincesOfFlorenceError`, a :class:`ValueError` and a
:class:`TypeError` alike.  A view relabelled as another player's is refused
as inconsistent, never with a failed assertion.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

import attrs
import pytest

from princes_of_florence import (
    ArgumentError,
    Bid,
    Build,
    GameConfig,
    GameEnded,
    GameState,
    InvalidMoveError,
    MoneyPaid,
    MoneyReason,
    PersonId,
    PrincesOfFlorenceError,
    Recruit,
    Work,
    apply,
    chance_outcomes,
    describe,
    determinize,
    free_moves,
    is_chance_node,
    is_legal,
    is_terminal,
    legal_moves,
    move_problem,
    new_game,
    observation_vector,
    observe,
    outcome,
    parse_move,
    prestige_card_scores,
    rank_returns,
    render_svg,
    render_table_svg,
    render_table_text,
    render_text,
    returns,
    view_legal_moves,
    work_preview,
)
from princes_of_florence.encoding import action_mask, decode_move, legal_actions
from princes_of_florence.geometry import cell_name, cells_notation, mask_cells, parse_cells
from princes_of_florence.observation import PlayerView

STATE = new_game(GameConfig(players=3, seed=1, hidden_money=True))
VIEW = observe(STATE, 0)

_STATE_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "legal_moves": legal_moves,
    "is_terminal": is_terminal,
    "is_chance_node": is_chance_node,
    "chance_outcomes": chance_outcomes,
    "free_moves": free_moves,
    "outcome": outcome,
    "prestige_card_scores": prestige_card_scores,
    "work_preview": work_preview,
    "observe": lambda s: observe(s, 0),
    "returns": returns,
    "rank_returns": rank_returns,
    "move_problem": lambda s: move_problem(s, parse_move("pass")),
    "is_legal": lambda s: is_legal(s, parse_move("pass")),
    "apply": lambda s: apply(s, parse_move("pass")),
}
"""Functions of a GameState only."""

_TABLE_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "legal_actions": legal_actions,
    "action_mask": action_mask,
    "decode_move": lambda s: decode_move(s, 0),
    "render_table_text": render_table_text,
    "render_table_svg": render_table_svg,
}
"""Functions of a GameState or a PlayerView."""

_OTHER_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "determinize": lambda v: determinize(v, random.Random(0)),
    "observation_vector": observation_vector,
    "view_legal_moves": view_legal_moves,
    "render_text": render_text,
    "render_svg": render_svg,
    "describe": lambda item: describe(item, STATE),
    "describe (where)": lambda where: describe(GameEnded(winners=(0,)), where),
    "cells_notation": cells_notation,
    "mask_cells": mask_cells,
    "cell_name": cell_name,
    "parse_cells": parse_cells,
}
"""Functions of a view, a principality, an event, a mask or cell names."""

_BRIBE: Any = "bribe"
"""A reason no event gives (typed Any: it is of the wrong kind on purpose)."""

_DUCK_TYPED = {"is_terminal", "is_chance_node", "chance_outcomes", "free_moves"}
"""Called at every node of a search: they catch the error of a missing field rather
than check first, so a view (with the same fields) gets the answer its state would."""

_WRONG = [None, 0, 1.5, "state", b"state", [], {}, object(), True]
_IDS = ["None", "0", "1.5", "str", "bytes", "list", "dict", "object", "True"]


@pytest.mark.parametrize("name", sorted(_STATE_FUNCTIONS))
@pytest.mark.parametrize("value", [*_WRONG, VIEW], ids=[*_IDS, "view"])
def test_state_functions_refuse_anything_but_a_state(name: str, value: object) -> None:
    """None, numbers, text, containers and views are ArgumentErrors naming the function."""
    if value is VIEW and name in _DUCK_TYPED:
        assert _STATE_FUNCTIONS[name](value) == _STATE_FUNCTIONS[name](STATE)
        return
    function = "is_chance_node" if name == "chance_outcomes" else name.split(" ")[0]
    with pytest.raises(ArgumentError, match=f"{function} needs a GameState, not") as caught:
        _STATE_FUNCTIONS[name](value)
    assert isinstance(caught.value, TypeError)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, PrincesOfFlorenceError)


@pytest.mark.parametrize("name", sorted(_TABLE_FUNCTIONS))
@pytest.mark.parametrize("value", _WRONG, ids=_IDS)
def test_table_functions_refuse_anything_but_a_state_or_a_view(name: str, value: object) -> None:
    """Functions of a state or a view refuse everything else, naming both kinds."""
    with pytest.raises(ArgumentError, match="needs a GameState or a PlayerView"):
        _TABLE_FUNCTIONS[name](value)


@pytest.mark.parametrize("name", sorted(_OTHER_FUNCTIONS))
@pytest.mark.parametrize("value", _WRONG, ids=_IDS)
def test_other_functions_refuse_the_wrong_kind(name: str, value: object) -> None:
    """Views, principalities, events, masks and cell text: each refuses the wrong kind."""
    if name in ("cell_name", "cells_notation", "mask_cells") and type(value) is int:
        return  # an int is the right kind here
    if name == "parse_cells" and type(value) is str:
        return  # text is the right kind here
    with pytest.raises(ArgumentError, match=f"{name.split(' ')[0]} needs"):
        _OTHER_FUNCTIONS[name](value)


@pytest.mark.parametrize("name", ["determinize", "observation_vector", "view_legal_moves"])
def test_view_functions_refuse_a_state(name: str) -> None:
    """A function of a view refuses the state itself: it would see hidden cards."""
    with pytest.raises(ArgumentError, match=f"{name} needs a PlayerView, not a GameState"):
        _OTHER_FUNCTIONS[name](STATE)


def test_the_message_names_what_came() -> None:
    """The message says what was needed and what was given."""
    with pytest.raises(ArgumentError) as caught:
        legal_moves(None)  # type: ignore[arg-type]  # the wrong kind, on purpose
    assert "legal_moves needs a GameState, not None" == str(caught.value)
    with pytest.raises(ArgumentError) as caught:
        work_preview(VIEW)  # type: ignore[arg-type]  # the wrong kind, on purpose
    assert "work_preview needs a GameState, not a PlayerView" == str(caught.value)


def _relabelled_views() -> list[tuple[PlayerView, int]]:
    """Views of a game in play, each relabelled as every other player's."""
    views = []
    for hidden_money in (False, True):
        state = new_game(GameConfig(players=3, seed=4, hidden_money=hidden_money))
        rng = random.Random(4)
        for step in range(120):
            if step % 20 == 0:
                for player in range(3):
                    for other in range(3):
                        if other != player:
                            views.append((observe(state, player), other))
            state = apply(state, rng.choice(legal_moves(state)))
    return views


def _refusal(function: Callable[[], object]) -> str | None:
    """The message of the PrincesOfFlorenceError ``function`` raises, or ``None``."""
    try:
        function()
    except PrincesOfFlorenceError as error:
        return str(error)
    return None


def test_a_relabelled_view_is_refused_without_an_assertion() -> None:
    """A view given another player's number is refused as inconsistent (or, where it is
    consistent, gives a state that shows exactly it); no assertion fails."""
    refused = 0
    for view, other in _relabelled_views():
        relabelled = attrs.evolve(view, player=other)
        problem = _refusal(partial(determinize, relabelled, random.Random(0)))
        if problem is None:
            assert observe(determinize(relabelled, random.Random(0)), other) == relabelled
            continue
        refused += 1
        assert "the view is inconsistent" in problem
        if relabelled.current_player == other:  # action_mask deals from the view too
            assert problem == _refusal(partial(action_mask, relabelled))
        else:  # another player decides: no move, nothing dealt
            assert not any(action_mask(relabelled))
    assert refused > 0


def test_a_view_of_a_seat_that_does_not_exist_is_refused() -> None:
    """Player 7 of a 3-player view: inconsistent, with its reason."""
    with pytest.raises(PrincesOfFlorenceError, match="player 7 is not one of its 3 seats"):
        determinize(attrs.evolve(VIEW, player=7), random.Random(0))
    with pytest.raises(PrincesOfFlorenceError, match="player -1 is not one of its 3 seats"):
        determinize(attrs.evolve(VIEW, player=-1), random.Random(0))


def test_determinize_needs_a_random_generator() -> None:
    """The generator must be a random.Random: a seed is not one."""
    with pytest.raises(ArgumentError, match=r"determinize needs a random\.Random, not an int"):
        determinize(VIEW, 7)  # type: ignore[arg-type]  # the wrong kind, on purpose


def test_describe_refuses_an_event_no_game_produces() -> None:
    """GameEnded with no winner, and an event whose reason is not a reason: ArgumentError."""
    with pytest.raises(ArgumentError, match="GameEnded names no winner"):
        describe(GameEnded(winners=()), STATE)
    with pytest.raises(ArgumentError, match="malformed"):
        describe(MoneyPaid(player=0, amount=5, reason=_BRIBE), STATE)
    assert "Player 1 pays 5 florins for a building." == describe(
        MoneyPaid(player=0, amount=5, reason=MoneyReason.BUILD), STATE
    )


_MALFORMED: list[Any] = [
    Bid(300.0),  # type: ignore[arg-type]  # a float amount, on purpose
    Bid(-5),
    Build(_BRIBE),
    Work(None),  # type: ignore[arg-type]  # no person, on purpose
    Recruit(9, PersonId.POET),
]


@pytest.mark.parametrize("move", _MALFORMED, ids=repr)
def test_describe_refuses_a_malformed_move(move: Any) -> None:
    """A move built by hand with a field of the wrong type or out of bounds is an
    InvalidMoveError, as apply gives, not an AttributeError or a sentence about 300.0."""
    with pytest.raises(InvalidMoveError, match="a malformed move"):
        describe(move, STATE)


def test_a_state_still_works_everywhere() -> None:
    """The checks refuse only the wrong kinds: a state and a view pass as before."""
    assert not is_terminal(STATE)
    assert legal_moves(STATE)
    assert legal_actions(VIEW) == legal_actions(STATE)
    assert isinstance(determinize(VIEW, random.Random(1)), GameState)
