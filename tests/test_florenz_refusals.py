"""Illegal Florenz moves: each refused with the rule it breaks, nothing changed."""

from __future__ import annotations

import attrs
import pytest

from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.engine import apply, legal_moves, new_game
from princes_of_florence.florenz.errors import ConfigError, IllegalMoveError
from princes_of_florence.florenz.ids import Medici, ScandalKind
from princes_of_florence.florenz.moves import (
    Accept,
    Boast,
    BonusSwap,
    ChooseColour,
    Discard,
    Gift,
    Hurry,
    Move,
    MoveMember,
    Pass,
    Place,
    PlayScandal,
    Promote,
    Send,
    Step,
)
from princes_of_florence.florenz.state import GameState


def _setup() -> GameState:
    state = new_game(GameConfig(players=3, seed=0))
    return attrs.evolve(
        state,
        start=0,
        player=2,
        setup_order=(2, 1, 0),
        carriages=(1, 4, 7),
        targets=(6, 8, 9),
        location_tiles=(6, 8, 9, 2, 3, 5, 1, 4, 7),
    )


def _action() -> GameState:
    state = _setup()
    for move in (Place(6), Place(5), Place(1)):
        state = apply(state, move)
    return state


def _poor() -> GameState:
    state = _action()
    families = list(state.families)
    families[0] = attrs.evolve(families[0], time=0, debutants=0, gifts=0, cups=0)
    return attrs.evolve(state, families=tuple(families))


def _capped() -> GameState:
    state = _action()
    families = list(state.families)
    families[0] = attrs.evolve(families[0], actions=state.config.action_cap)
    return attrs.evolve(state, families=tuple(families))


def _others_passed() -> GameState:
    state = _action()
    families = list(state.families)
    families[1] = attrs.evolve(families[1], passed=True, ring=3)
    families[2] = attrs.evolve(families[2], passed=True, ring=4)
    return attrs.evolve(state, families=tuple(families))


def _hurrying() -> GameState:
    return apply(_action(), Hurry(1, 0, 2))


def _cards() -> GameState:
    state = _action()
    families = list(state.families)
    families[0] = attrs.evolve(families[0], hand=tuple(sorted(ScandalKind)[:5]), time=12)
    return attrs.evolve(state, families=tuple(families))


def _rich_cards() -> GameState:
    state = _action()
    families = list(state.families)
    families[0] = attrs.evolve(families[0], hand=tuple(sorted(ScandalKind)[5:10]), time=12)
    return attrs.evolve(state, families=tuple(families))


STATES = {
    "setup": _setup,
    "action": _action,
    "poor": _poor,
    "capped": _capped,
    "others passed": _others_passed,
    "hurrying": _hurrying,
    "cards": _cards,
    "rich cards": _rich_cards,
}

CASES: list[tuple[str, Move, str]] = [
    ("setup", Send(3), "setup decision"),
    ("setup", Discard(ScandalKind.FIG_GUARD), "FR20"),
    ("action", Place(2), "action decision"),
    ("action", Pass(0), "rule F52"),
    ("action", Send(0), "F50"),
    ("poor", Send(2), "rule F55"),
    ("poor", MoveMember(1, 0, 2), "rule F39"),
    ("poor", Gift(Medici.COSIMO, 0), "rule F66"),
    ("poor", Boast(1), "rule F39"),
    ("action", Boast(2), "rule F60"),
    ("action", Promote(5, 0), "rule F56"),
    ("action", MoveMember(1, 0, 5), "rules F15, F57"),
    ("action", MoveMember(1, 0, 3), "rules F15, F57"),
    ("action", Gift(Medici.CONTESSINA, 1), "rule F67"),
    ("action", Gift(Medici.COSIMO, -1), "FR17"),
    ("action", PlayScandal(ScandalKind.MES_CUP, (1,)), "rule F71"),
    ("action", Discard(ScandalKind.MES_CUP), "rule F72"),
    ("action", BonusSwap(0), "action decision"),
    ("action", Accept(), "action decision"),
    ("capped", Send(2), "FR59"),
    ("others passed", Pass(2), "rule F53"),
    ("hurrying", Step(9), "rules F15, F57"),
    ("hurrying", Send(2), "hurry decision"),
    ("cards", PlayScandal(ScandalKind.FIG_GUARD, (0,)), "takes 2 parameters"),
    ("cards", PlayScandal(ScandalKind.FIG_GUARD, (3, 1)), "rule F83"),
    ("cards", PlayScandal(ScandalKind.FIG_TELEPORT, (1, 0, 1)), "FR28"),
    ("cards", PlayScandal(ScandalKind.FIG_TELEPORT, (2, 0, 3)), "rule F84"),
    ("cards", PlayScandal(ScandalKind.FIG_TRAVEL, (1, 0, 5)), "FR29"),
    ("cards", PlayScandal(ScandalKind.FIG_DEBUTANT, (1,)), "rule F94"),
    ("cards", PlayScandal(ScandalKind.CAR_GIFT, (3, 0)), "rule F86"),
    ("rich cards", PlayScandal(ScandalKind.CAR_SWAP, (1, 0, 5, 0)), "FR31"),
    ("rich cards", PlayScandal(ScandalKind.CAR_SWAP, (1, 0, 2, 0)), "rule F87"),
    ("rich cards", PlayScandal(ScandalKind.CAR_PROMOTE, (5, 0)), "rule F88"),
    ("rich cards", PlayScandal(ScandalKind.CAR_ADVANCE, (1, 0)), "rule F89"),
    ("rich cards", PlayScandal(ScandalKind.MES_CUP, (1,)), "rule F91"),
    ("rich cards", PlayScandal(ScandalKind.MES_SWAP, (6, 0, 1)), "rule F90"),
    ("action", ChooseColour(1), "action decision"),
]


@pytest.mark.parametrize(("where", "move", "reason"), CASES)
def test_illegal_move_is_refused_with_its_rule(where: str, move: Move, reason: str) -> None:
    """The refusal names the move, the family and the rule; the state is unchanged."""
    state = STATES[where]()
    before = attrs.evolve(state)
    assert move not in legal_moves(state)
    with pytest.raises(IllegalMoveError, match=reason) as raised:
        apply(state, move)
    assert f"by family {state.player}" in str(raised.value)
    assert repr(move) in str(raised.value)
    assert state == before


def test_move_by_the_wrong_family_is_refused() -> None:
    """apply with a player refuses a family that does not decide."""
    state = _action()
    with pytest.raises(IllegalMoveError, match="family 0's decision"):
        apply(state, Send(2), player=1)


def test_solo_game_has_two_families() -> None:
    """The solo game is the player against Strozzi (F123, FR41)."""
    with pytest.raises(ConfigError, match="F123"):
        GameConfig(players=3, solo=True)
    with pytest.raises(ConfigError, match="solo game"):
        GameConfig(players=3, easier=True)


@pytest.mark.parametrize(
    "options", [{"players": 1}, {"players": 6}, {"action_cap": 0}, {"seed": "x"}]
)
def test_bad_configuration_is_refused(options: dict[str, object]) -> None:
    """Impossible configurations raise ConfigError."""
    with pytest.raises(ConfigError):
        GameConfig(**options)  # type: ignore[arg-type]  # bad values are the test
