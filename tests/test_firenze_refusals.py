"""A table of illegal Firenze moves, each refused with its reason; nothing changes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from firenze_positions import (
    at_step,
    building,
    counts,
    edit,
    fulfil_phase,
    game,
    play,
    set_row,
    tower,
)
from princes_of_florence.firenze import apply, legal_moves, new_game, observe
from princes_of_florence.firenze.errors import ArgumentError, IllegalMoveError, InvalidMoveError
from princes_of_florence.firenze.ids import Colour, Step, Title
from princes_of_florence.firenze.moves import (
    ChooseCard,
    ChooseTower,
    EndPhase,
    Exchange,
    Fulfil,
    Move,
    PayBrick,
    PlaceBrick,
    PlayAlchemist,
    PlayGrosshaendler,
    PlayMaurer,
    PlayPatrizier,
    PlaySaboteur,
    PlaySchmuggler,
)
from princes_of_florence.firenze.state import State

W, Y, G, R, B, V = Colour


def start() -> State:
    return edit(game(), 0, supply=counts(W=2))


def exchange_step() -> State:
    return at_step(edit(game(), 0, supply=counts(W=3)), Step.EXCHANGE)


CASES: list[tuple[str, Callable[[], State], Move, str]] = [
    ("card beyond the supply", start, ChooseCard(4), r"costs 4 bricks .* holds 2 \(ruling ZR10\)"),
    ("no card at the slot", start, ChooseCard(9), r"no card at slot 9 \(rule Z27\)"),
    ("Fürstin not in hand", start, ChooseCard(3, True), r"no Fürstin in hand \(ruling ZR25\)"),
    (
        "Fürstin on the free card",
        lambda: edit(start(), 0, hand=[Title.FUERSTIN]),
        ChooseCard(0, True),
        r"waive nothing \(ruling ZX2\)",
    ),
    (
        "building in phase 1",
        start,
        PlaceBrick(None, W),
        r"only in phase 3 \(rule Z40\); the turn is at CHOOSE",
    ),
    (
        "paying with nothing due",
        start,
        PayBrick(W),
        r"nothing is being paid now \(ruling ZR45\); the turn is at CHOOSE",
    ),
    (
        "paying a colour not held",
        lambda: play(start(), ChooseCard(2)),
        PayBrick(V),
        r"no violet brick \(rule Z29\)",
    ),
    (
        "person while paying",
        lambda: play(edit(start(), 0, hand=[Title.ALCHEMIST]), ChooseCard(2)),
        PlayAlchemist(W, Y),
        r"while an effect is resolving \(ruling ZR21, PAY_CARD\)",
    ),
    ("person not in hand", start, PlaySaboteur(1, 0), r"no Saboteur in hand \(rule Z70\)"),
    (
        "second person of a title",
        lambda: play(
            edit(start(), 0, hand=[Title.ALCHEMIST, Title.ALCHEMIST]), PlayAlchemist(W, Y)
        ),
        PlayAlchemist(W, G),
        r"already played this turn \(rule Z70\)",
    ),
    (
        "Großhändler in phase 3",
        lambda: building(game(), counts(W=2), hand=[Title.GROSSHAENDLER]),
        PlayGrosshaendler(0),
        r"phase 1 before the choice or in phase 2 \(ruling ZR29\)",
    ),
    (
        "second exchange",
        lambda: attrs.evolve(exchange_step(), exchanged=True),
        Exchange(0, W),
        r"only one exchange a turn \(rule Z37\)",
    ),
    (
        "exchange of a colour not on the card",
        lambda: set_row(exchange_step(), 0, Title.RUHM, counts(W=4)),
        Exchange(0, V),
        r"no violet brick lies on that card \(ruling ZR14\)",
    ),
    (
        "seventh brick",
        lambda: attrs.evolve(building(game(), counts(W=9), hand=[Title.MAURER]), placed=6),
        PlaceBrick(None, W),
        r"at most 6 bricks a turn \(rule Z43\)",
    ),
    (
        "mixed-colour tower",
        lambda: building(game(), counts(Y=3), towers=[tower(W, 2)]),
        PlaceBrick(0, Y),
        r"one colour \(rule Z41\)",
    ),
    (
        "brick the supply cannot pay for",
        lambda: attrs.evolve(building(game(), counts(W=2)), placed=3),
        PlaceBrick(None, W),
        r"could not pay the building cost afterwards \(ruling ZR15\)",
    ),
    (
        "Maurer after payment began",
        lambda: at_step(edit(game(), 0, supply=counts(W=3), hand=[Title.MAURER]), Step.PAY_BUILD),
        PlayMaurer(),
        r"only in phase 3, before payment \(ruling ZR15\)",
    ),
    (
        "fulfil while bound by Campanile",
        lambda: attrs.evolve(
            fulfil_phase([tower(R, 3, new=True)]), church=(Title.CAMPANILE,), bell=(False, False)
        ),
        Fulfil(0),
        r"bell tower must be delivered first \(rule Z61\)",
    ),
    (
        "fulfil a sealed commission",
        lambda: fulfil_phase([tower(W, 3, new=True)]),
        Fulfil(0),
        r"covered by a seal \(rule Z53\)",
    ),
    (
        "balcony out of order",
        lambda: fulfil_phase([tower(G, 5, new=True)]),
        Fulfil(0),
        r"every lower numeral is \(rule Z58\)",
    ),
    (
        "no commission of that height",
        lambda: fulfil_phase([tower(R, 9, new=True)]),
        Fulfil(0),
        r"no commission needs 9 floors \(rule Z55\)",
    ),
    (
        "Architekt not in hand",
        lambda: fulfil_phase([tower(R, 4, new=True)]),
        Fulfil(0, 1),
        r"no Architekt to play \(ruling ZR22\)",
    ),
    (
        "fulfil without seals",
        lambda: attrs.evolve(
            fulfil_phase([tower(R, 3, new=True)]),
            players=(
                attrs.evolve(fulfil_phase([tower(R, 3, new=True)]).players[0], seals=0),
                game().players[1],
            ),
        ),
        Fulfil(0),
        r"no seal left \(ruling ZR17\)",
    ),
    (
        "exchange outside phase 2",
        start,
        Exchange(0, W),
        r"only in phase 2 \(rule Z37\); the turn is at CHOOSE",
    ),
    ("exchange at no card", exchange_step, Exchange(8, W), r"no card at slot 8 \(rule Z37\)"),
    (
        "exchange the supply cannot pay",
        lambda: edit(exchange_step(), 0, supply=counts(W=2)),
        Exchange(0, next(Colour(c) for c in range(6) if game().row[0].bricks[c])),
        r"cannot pay the exchange \(ruling ZR14\)",
    ),
    (
        "Großhändler on a card without bricks",
        lambda: set_row(edit(start(), 0, hand=[Title.GROSSHAENDLER]), 0, Title.RUHM, counts()),
        PlayGrosshaendler(0),
        r"no card with bricks at slot 0 \(ruling ZR29\)",
    ),
    (
        "Großhändler not in hand",
        start,
        PlayGrosshaendler(0),
        r"no Großhändler in hand \(rule Z70\)",
    ),
    (
        "Alchemist for the same colour",
        lambda: edit(start(), 0, hand=[Title.ALCHEMIST]),
        PlayAlchemist(W, W),
        r"different colour in the bag \(ruling ZR24\)",
    ),
    (
        "Schmuggler with an empty supply",
        lambda: edit(edit(start(), 0, hand=[Title.SCHMUGGLER]), 1, supply=counts()),
        PlaySchmuggler(1, W, Y),
        r"another player's supply \(ruling ZR35\)",
    ),
    (
        "Saboteur without a tower to hit",
        lambda: edit(start(), 0, hand=[Title.SABOTEUR]),
        PlaySaboteur(1, 0),
        r"needs a tower of another player \(ruling ZR34\)",
    ),
    (
        "Patrizier discarding a card not held",
        lambda: edit(start(), 0, hand=[Title.PATRIZIER]),
        PlayPatrizier(Title.SKANDAL),
        r"another card of your hand \(ruling ZR32\)",
    ),
    (
        "brick on a tower that does not exist",
        lambda: building(game(), counts(W=3)),
        PlaceBrick(4, W),
        r"no tower 4 \(ruling ZR16\)",
    ),
    (
        "brick of a colour not held",
        lambda: building(game(), counts(W=3)),
        PlaceBrick(None, V),
        r"no violet brick \(rule Z40\)",
    ),
    (
        "fulfil with a tower that does not exist",
        lambda: fulfil_phase([]),
        Fulfil(2),
        r"no tower 2 \(ruling ZR16\)",
    ),
    (
        "Architekt counting two floors",
        lambda: fulfil_phase([tower(R, 4, new=True)], [Title.ARCHITEKT]),
        Fulfil(0, 2),
        r"one floor more or less \(rule Z76\)",
    ),
    (
        "Maurer outside phase 3",
        lambda: edit(start(), 0, hand=[Title.MAURER]),
        PlayMaurer(),
        r"only in phase 3, before payment \(ruling ZR15\)",
    ),
    (
        "Maurer not in hand",
        lambda: building(game(), counts(W=3)),
        PlayMaurer(),
        r"no Maurer in hand \(rule Z70\)",
    ),
    (
        "a choice of tower with no event",
        start,
        ChooseTower(0),
        r"ChooseTower is not a decision of CHOOSE \(ruling ZR45\)",
    ),
    ("fulfil in phase 1", start, Fulfil(0), r"only in phase 5 \(rule Z52\); the turn is at CHOOSE"),
    (
        "choose in phase 3",
        lambda: building(game(), counts(W=3)),
        ChooseCard(0),
        r"only in phase 1 \(rule Z27\); the turn is at BUILD",
    ),
    (
        "ending a compulsory step",
        lambda: play(start(), ChooseCard(2)),
        EndPhase(),
        r"PAY_CARD is not an optional phase that can be ended \(ruling ZR45\)",
    ),
]


@pytest.mark.parametrize(
    ("make", "move", "reason"), [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_illegal_move_is_refused_with_its_reason(
    make: Callable[[], State], move: Move, reason: str
) -> None:
    """The move is not legal, apply names the move, the player and the rule, nothing changes."""
    state = make()
    assert move not in legal_moves(state)
    copy = attrs.evolve(state)
    with pytest.raises(IllegalMoveError, match=f"{reason}$") as raised:
        apply(state, move)
    assert repr(move) in str(raised.value)
    assert f"by player {state.decider}" in str(raised.value)
    assert state == copy


def test_move_by_the_wrong_player_is_refused() -> None:
    """Rule Z24: only the player to decide moves."""
    with pytest.raises(IllegalMoveError, match=r"player 0 decides now \(rule Z24\)"):
        apply(game(), ChooseCard(0), player=1)


def test_move_after_the_end_is_refused() -> None:
    """Nothing is legal once the game is over."""
    with pytest.raises(IllegalMoveError, match="the game is over"):
        apply(attrs.evolve(game(), step=Step.OVER), ChooseCard(0))


def test_a_non_move_is_invalid() -> None:
    """An object that is no Firenze move raises InvalidMoveError."""
    with pytest.raises(InvalidMoveError, match="is not a Firenze move"):
        apply(game(), "take the first card")  # type: ignore[arg-type]  # the refusal is the test


def _anything(value: object) -> Any:
    """``value`` as any type: the argument of the wrong kind a test hands over."""
    return value


@pytest.mark.parametrize(
    ("call", "message"),
    [
        # the wrong kinds are the test
        (lambda: legal_moves(_anything(None)), "legal_moves needs a Firenze State, not None"),
        (lambda: apply(_anything("state"), EndPhase()), "apply needs a Firenze State, not a str"),
        (lambda: new_game(_anything(3)), "new_game needs a FirenzeConfig, not an int"),
        (lambda: observe(game(), 5), "observe needs a seat 0..1, not 5"),
    ],
)
def test_arguments_of_the_wrong_kind_are_named(call: Callable[[], object], message: str) -> None:
    """A wrong kind of argument raises ArgumentError (a TypeError) naming both kinds."""
    with pytest.raises(ArgumentError, match=message) as raised:
        call()
    assert isinstance(raised.value, TypeError)
