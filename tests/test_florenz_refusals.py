"""Illegal Florenz moves: each refused with its whole reason, nothing changed.

The table holds one case or more for every refusal of ``florenz.rules.actions``
(``problem`` and the checks of boasts, gifts and scandal cards), each in a state
built for it, and the exact reason the engine gives after the move and the family.
A bound (a full queue, the time a move costs, the last guard) has a case on each
side: the refusal here, the legal move just inside it in ``LEGAL``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.engine import apply, legal_moves, new_game
from princes_of_florence.florenz.errors import ConfigError, IllegalMoveError
from princes_of_florence.florenz.ids import Medici, Rank, ScandalKind, Stage
from princes_of_florence.florenz.moves import (
    Accept,
    Boast,
    BonusSwap,
    Chance,
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
    Second,
    Send,
    Step,
    Stop,
)
from princes_of_florence.florenz.rules.actions import legal_moves_by_check, problem
from princes_of_florence.florenz.state import GameState, Offer, Walk

Builder = Callable[[], GameState]
D, L, M = Rank.DEBUTANT, Rank.LADY, Rank.MAESTRO
COSIMO, CONTESSINA, GIOVANNI = Medici.COSIMO, Medici.CONTESSINA, Medici.GIOVANNI


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
    """Family 0 to act with 12 time: its debutant at 1, family 1's at 5, family 2's at
    6; the carriages of Cosimo, Contessina and Giovanni at 1, 4 and 7."""
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


def _chance() -> GameState:
    return new_game(GameConfig(players=3, seed=0, explicit_chance=True))


STATES: dict[str, Builder] = {
    "setup": _setup,
    "action": _action,
    "poor": _poor,
    "capped": _capped,
    "others passed": _others_passed,
    "hurrying": _hurrying,
    "cards": _cards,
    "rich cards": _rich_cards,
}


def _edit(
    base: Builder = _action,
    *,
    family: dict[str, Any] | None = None,
    queues: dict[int, tuple[tuple[int, int], ...]] | None = None,
    **fields: Any,
) -> Builder:
    """A builder of ``base``'s state with the deciding family's board, some queues
    and other fields of the state changed."""

    def build() -> GameState:
        state = base()
        families = list(state.families)
        families[state.player] = attrs.evolve(families[state.player], **(family or {}))
        rows = list(state.queues)
        for location, queue in (queues or {}).items():
            rows[location] = queue
        return attrs.evolve(state, families=tuple(families), queues=tuple(rows), **fields)

    return build


def _card(kind: ScandalKind, **changes: Any) -> Builder:
    """The action state with ``kind`` the only card in family 0's hand."""
    family = {"hand": (kind,), **changes.pop("family", {})}
    return _edit(family=family, **changes)


FULL = ((1, D),) * 6  # a queue without a free space (F29, F50)
FIVE = ((1, D),) * 5  # one free space
_placed = _edit(_setup, stage=Stage.SETUP, queues={6: ((2, D),)}, player=1, setup_order=(1, 0))
_hurry_two = _edit(_hurrying, queues={3: ((0, D),)})  # a second own member at 3
_travel = _edit(
    stage=Stage.TRAVEL,
    walk=Walk(True, D, 2, 1, False),
    queues={1: (), 3: ((0, D),)},
)
_between = _edit(
    stage=Stage.TRAVEL,
    walk=Walk(True, D, 2, 1, False, (2, 0), True),
    queues={1: (), 2: ((0, D),), 3: ((0, D),)},
)
_bonus = _edit(stage=Stage.BONUS, family={"passed": True, "ring": 5}, queues={5: ((1, D), (0, D))})
_giovanni = _edit(stage=Stage.GIOVANNI, round=3, offer=Offer((0,), 0), family={"time": 3})


def _family_one_passed() -> GameState:
    state = _action()
    families = list(state.families)
    families[1] = attrs.evolve(families[1], passed=True, ring=3)
    return attrs.evolve(state, families=tuple(families), someone_passed=True)


def _harder() -> GameState:
    """The harder solo game (F152: no path with a Strozzi guard for the player), the
    player to act with its debutant at 1; Strozzi (family 1) guards path 1-2."""
    state = new_game(GameConfig(players=2, seed=3, solo=True, harder_escorts=True))
    state = apply(state, Place(1))
    return attrs.evolve(state, escorts=((1,), *state.escorts[1:]))


def _hurrying_lady() -> GameState:
    """Family 0 hurries its lady from 1 to 2, where its debutant stands: stopped
    there, the lady goes in front of the debutant (F47)."""
    return apply(_edit(queues={1: ((0, L),), 2: ((0, D),)})(), Hurry(1, 0, 2))


K = ScandalKind
F83, FR27 = "(rule F83)", "(ruling FR27)"
CASES: list[tuple[Builder, Move, str]] = [
    # the decision (engine contract, FR3, F118)
    (_edit(stage=Stage.OVER), Pass(0), "the game is over (rule F118)"),
    (_chance, Pass(0), "chance deals now (ruling FR3)"),
    (_chance, Chance(99), "chance cannot deal that now (ruling FR3)"),
    (_setup, Send(3), "the family must now make a setup decision (engine contract)"),
    (_action, Place(2), "the family must now make a action decision (engine contract)"),
    (_action, BonusSwap(0), "the family must now make a action decision (engine contract)"),
    (_action, Accept(), "the family must now make a action decision (engine contract)"),
    (_action, ChooseColour(1), "the family must now make a action decision (engine contract)"),
    (_action, Step(2), "the family must now make a action decision (engine contract)"),
    (_hurrying, Send(2), "the family must now make a hurry decision (engine contract)"),
    (_hurrying, Stop(), "the family must now make a hurry decision (engine contract)"),
    (_travel, Pass(0), "the family must now make a travel decision (engine contract)"),
    (_bonus, Pass(0), "the family must now make a bonus decision (engine contract)"),
    (_giovanni, Pass(0), "the family must now make a giovanni decision (engine contract)"),
    (
        _edit(stage=Stage.COLOUR),
        Pass(0),
        "the family must now make a colour decision (engine contract)",
    ),
    # discards (F72, FR20)
    (_setup, Discard(K.FIG_GUARD), "cards are discarded only at decisions D2-D5 (ruling FR20)"),
    (
        _edit(stage=Stage.COLOUR, family={"hand": (K.FIG_GUARD,)}),
        Discard(K.FIG_GUARD),
        "cards are discarded only at decisions D2-D5 (ruling FR20)",
    ),
    (_action, Discard(K.MES_CUP), "no such card in the family's hand (rule F72)"),
    (_cards, Discard(K.MES_CUP), "no such card in the family's hand (rule F72)"),
    # the action cap (FR59)
    (_capped, Send(2), "the action cap is reached: only Pass is legal (ruling FR59)"),
    # D1: Place (F31)
    (_setup, Place(0), "the first debutant goes on an empty queue (rule F31)"),
    (_setup, Place(10), "the first debutant goes on an empty queue (rule F31)"),
    (_placed, Place(6), "the first debutant goes on an empty queue (rule F31)"),
    # Pass (F52, F53)
    (_others_passed, Pass(2), "the last family to pass places no ring (rule F53)"),
    (_action, Pass(0), "the ring goes on a location without a ring (rule F52)"),
    (_action, Pass(10), "the ring goes on a location without a ring (rule F52)"),
    (_family_one_passed, Pass(3), "the ring goes on a location without a ring (rule F52)"),
    # Send (F39, F50, F55)
    (_poor, Send(2), "no debutant on the family board (rule F55)"),
    (_action, Send(0), "the queue has no free space (rules F50, F55)"),
    (_action, Send(10), "the queue has no free space (rules F50, F55)"),
    (_edit(queues={2: FULL}), Send(2), "the queue has no free space (rules F50, F55)"),
    (_edit(family={"time": 3}), Send(2), "too little time (rule F39)"),
    # Promote (F39, F56, FR10)
    (_action, Promote(5, 0), "no own member there (rule F56)"),
    (_action, Promote(1, 1), "no own member there (rule F56)"),
    (_action, Promote(1, -1), "no own member there (rule F56)"),
    (_action, Promote(0, 0), "no own member there (rule F56)"),
    (
        _edit(queues={2: ((0, M),)}),
        Promote(2, 0),
        "the higher piece is not on the family board (rule F56, ruling FR10)",
    ),
    (
        _edit(family={"ladies": 0}),
        Promote(1, 0),
        "the higher piece is not on the family board (rule F56, ruling FR10)",
    ),
    (
        _edit(family={"maestros": 0}, queues={2: ((0, L),)}),
        Promote(2, 0),
        "the higher piece is not on the family board (rule F56, ruling FR10)",
    ),
    (_edit(family={"time": 4}), Promote(1, 0), "too little time (rule F39)"),
    # MoveMember and Hurry (F15, F39, F50, F57, F152)
    (_action, MoveMember(2, 0, 3), "no own member there (rule F57)"),
    (_action, MoveMember(1, 0, 5), "no path leads there (rules F15, F57, F152)"),
    (_action, MoveMember(1, 0, 3), "no path leads there (rules F15, F57, F152)"),
    (
        _edit(queues={2: FULL}),
        MoveMember(1, 0, 2),
        "the destination queue is full (rules F50, F57)",
    ),
    (_edit(family={"time": 0}), MoveMember(1, 0, 2), "too little time (rule F39)"),
    (_action, Hurry(2, 0, 3), "no own member there (rule F57)"),
    (_action, Hurry(1, 0, 5), "no path leads there (rules F15, F57, F152)"),
    (_edit(family={"time": 2}), Hurry(1, 0, 2), "too little time (rule F39)"),
    (_harder, MoveMember(1, 0, 2), "no path leads there (rules F15, F57, F152)"),
    (_harder, Hurry(1, 0, 2), "no path leads there (rules F15, F57, F152)"),
    # Step (F59, F85, FR64)
    (_hurrying, Step(9), "no path leads there (rules F15, F57, F152)"),
    (
        _edit(_hurrying, walk=Walk(False, D, 2, 2, False)),
        Step(1),
        "the piece has no step left (rules F59, F85)",
    ),
    (
        _edit(_travel, walk=Walk(True, D, 2, 3, False)),
        Step(1),
        "the piece has no step left (rules F59, F85)",
    ),
    (_between, Step(1), "the piece has no step left (rules F59, F85)"),
    (
        _edit(_hurrying, queues={3: FULL}),
        Step(3),
        "the walk could not end on a free space (ruling FR64)",
    ),
    (
        _edit(_travel, walk=Walk(True, D, 2, 2, False), queues={3: FULL}),
        Step(3),
        "the walk could not end on a free space (ruling FR64)",
    ),
    # Second (F50, F59, F85, FR64)
    (
        _edit(_hurry_two, walk=Walk(False, D, 2, 1, True)),
        Second(3, 0, 2),
        "two members are moved at most (rules F59, F85)",
    ),
    (_travel, Second(3, 0, 2), "the travel card stops its first member first (ruling FR64)"),
    (
        _edit(_hurry_two, queues={2: FULL, 3: ((0, D),)}),
        Second(3, 0, 2),
        "the first member cannot stop where it is (rule F59)",
    ),
    (_hurry_two, Second(5, 0, 4), "no other own member there (rules F59, F85)"),
    (_hurry_two, Second(2, 0, 1), "no other own member there (rules F59, F85)"),
    (_hurry_two, Second(3, 1, 2), "no other own member there (rules F59, F85)"),
    (_hurry_two, Second(3, -1, 2), "no other own member there (rules F59, F85)"),
    (_hurry_two, Second(0, 0, 2), "no other own member there (rules F59, F85)"),
    (_between, Second(2, 0, 1), "no other own member there (rules F59, F85)"),
    (_hurry_two, Second(3, 0, 9), "no path leads there (rules F15, F57, F152)"),
    (_between, Second(3, 0, 9), "no path leads there (rules F15, F57, F152)"),
    (
        _edit(_hurry_two, queues={3: ((0, D),), 6: FULL}),
        Second(3, 0, 6),
        "the destination queue is full (rules F50, F59)",
    ),
    (  # the first member stopped at 2 took its last space
        _edit(_hurry_two, queues={2: FIVE, 3: ((0, D),)}),
        Second(3, 0, 2),
        "the destination queue is full (rules F50, F59)",
    ),
    # Stop (F50, FR29)
    (
        _edit(_travel, queues={1: (), 2: FULL, 3: ((0, D),)}),
        Stop(),
        "the piece cannot stop at a full queue (rule F50, ruling FR29)",
    ),
    # Boast (F39, F60, F62)
    (_action, Boast(0), "no such location"),
    (_action, Boast(10), "no such location"),
    (_action, Boast(2), "no own member at that location (rule F60)"),
    (_poor, Boast(1), "too little time (rule F39)"),
    (_edit(family={"cups": 0}), Boast(1), "no boast cup left (rule F60)"),
    (
        _edit(cups=((-1, -1, -1), (-1, 0, -1), *((-1, -1, -1),) * 8)),
        Boast(1),
        "the family already has a cup on that tile (rule F60)",
    ),
    (
        _edit(cups=((-1, -1, -1), (1, 2, -1), *((-1, -1, -1),) * 8)),
        Boast(1),
        "no free field at or below the value (rule F62)",
    ),
    # Gift (F39, F66-F70, FR17)
    (_poor, Gift(COSIMO, 0), "the family has no gift on its board (rule F66)"),
    (_action, Gift(CONTESSINA, 1), "no own member is at that Medici's carriage (rule F67)"),
    (_action, Gift(GIOVANNI, 1), "no own member is at that Medici's carriage (rule F67)"),
    (_edit(family={"time": 1}), Gift(COSIMO, 0), "too little time for the gift (rules F39, F68)"),
    (
        _edit(family={"time": 3, "given": (2, 0, 0)}),
        Gift(COSIMO, 0),
        "too little time for the gift (rules F39, F68)",
    ),
    (
        _action,
        Gift(COSIMO, -1),
        "the guard must go on a free crest of that Medici (rule F70, ruling FR17)",
    ),
    (
        _action,
        Gift(COSIMO, 12),
        "the guard must go on a free crest of that Medici (rule F70, ruling FR17)",
    ),
    (
        _edit(escorts=((1,), *((),) * 11)),
        Gift(COSIMO, 0),
        "the guard must go on a free crest of that Medici (rule F70, ruling FR17)",
    ),
    (
        _edit(queues={1: (), 4: ((0, D),)}),
        Gift(CONTESSINA, 0),
        "the guard must go on a free crest of that Medici (rule F70, ruling FR17)",
    ),
    (
        _edit(family={"guards": 0}),
        Gift(COSIMO, 0),
        "no guard can be placed: crest must be -1 (ruling FR17)",
    ),
    (
        _edit(escorts=((2,),) * 12),
        Gift(COSIMO, 0),
        "no guard can be placed: crest must be -1 (ruling FR17)",
    ),
    # PlayScandal: the card and its parameters (F71)
    (_action, PlayScandal(K.MES_CUP, (1,)), "no such card in the family's hand (rule F71)"),
    (_cards, PlayScandal(K.FIG_GUARD, (0,)), "the card takes 2 parameters (rule F71)"),
    (_card(K.MES_SWAP), PlayScandal(K.MES_SWAP, (5, 0)), "the card takes 3 parameters (rule F71)"),
    (
        _card(K.FIG_GUARD, family={"time": 1}),
        PlayScandal(K.FIG_GUARD, (0, 0)),
        "too little time for the card (rules F39, F71)",
    ),
    (
        _card(K.CAR_SWAP, family={"time": 2}),
        PlayScandal(K.CAR_SWAP, (1, 0, 2, 0)),
        "too little time for the card (rules F39, F71)",
    ),
    # the guard card (F83, FR27)
    (_cards, PlayScandal(K.FIG_GUARD, (3, 1)), "no such kind of crest (rule F83)"),
    (_cards, PlayScandal(K.FIG_GUARD, (-1, 1)), "no such kind of crest (rule F83)"),
    (_cards, PlayScandal(K.FIG_GUARD, (0, 12)), "no such crest (rule F83)"),
    (_cards, PlayScandal(K.FIG_GUARD, (1, 0)), "no such crest (rule F83)"),
    (_cards, PlayScandal(K.FIG_GUARD, (2, 10)), "no such crest (rule F83)"),
    (
        _card(K.FIG_GUARD, family={"guards": 0}),
        PlayScandal(K.FIG_GUARD, (0, 0)),
        "the family has no guard on its board (ruling FR27)",
    ),
    (
        _card(K.FIG_GUARD, escorts=((1, 0), *((),) * 11)),
        PlayScandal(K.FIG_GUARD, (0, 0)),
        "the family already has a guard on that crest (ruling FR27)",
    ),
    (
        _card(K.FIG_GUARD, spies=((), (), (), (0,), *((),) * 6)),
        PlayScandal(K.FIG_GUARD, (1, 3)),
        "the family already has a guard on that crest (ruling FR27)",
    ),
    (
        _card(K.FIG_GUARD, doormen=((), (), (), (), (), (), (), (), (), (2, 0))),
        PlayScandal(K.FIG_GUARD, (2, 9)),
        "the family already has a guard on that crest (ruling FR27)",
    ),
    # the teleport card (F84, FR28)
    (_cards, PlayScandal(K.FIG_TELEPORT, (2, 0, 3)), "no own member there (rule F84)"),
    (_cards, PlayScandal(K.FIG_TELEPORT, (5, 0, 3)), "no own member there (rule F84)"),
    (
        _cards,
        PlayScandal(K.FIG_TELEPORT, (1, 0, 1)),
        "the destination must differ and have a free space (ruling FR28)",
    ),
    (
        _cards,
        PlayScandal(K.FIG_TELEPORT, (1, 0, 0)),
        "the destination must differ and have a free space (ruling FR28)",
    ),
    (
        _cards,
        PlayScandal(K.FIG_TELEPORT, (1, 0, 10)),
        "the destination must differ and have a free space (ruling FR28)",
    ),
    (
        _card(K.FIG_TELEPORT, queues={9: FULL}),
        PlayScandal(K.FIG_TELEPORT, (1, 0, 9)),
        "the destination must differ and have a free space (ruling FR28)",
    ),
    # the travel card (F85, FR29)
    (_cards, PlayScandal(K.FIG_TRAVEL, (2, 0, 3)), "no own member there (rule F85)"),
    (_cards, PlayScandal(K.FIG_TRAVEL, (1, 0, 5)), "no path leads there (rule F85, ruling FR29)"),
    (_cards, PlayScandal(K.FIG_TRAVEL, (1, 0, 1)), "no path leads there (rule F85, ruling FR29)"),
    # the debutant card (F50, F94, FR35)
    (
        _card(K.FIG_DEBUTANT, family={"debutants": 0}, queues={1: ((0, L),)}),
        PlayScandal(K.FIG_DEBUTANT, (1,)),
        "no debutant on the family board (ruling FR35)",
    ),
    (
        _cards,
        PlayScandal(K.FIG_DEBUTANT, (1,)),
        "no own lady or maestro at that location (rule F94)",
    ),
    (
        _card(K.FIG_DEBUTANT, queues={5: ((1, L), (1, M))}),
        PlayScandal(K.FIG_DEBUTANT, (5,)),
        "no own lady or maestro at that location (rule F94)",
    ),
    (
        _cards,
        PlayScandal(K.FIG_DEBUTANT, (10,)),
        "no own lady or maestro at that location (rule F94)",
    ),
    (
        _card(K.FIG_DEBUTANT, queues={1: ((0, M), *FIVE)}),
        PlayScandal(K.FIG_DEBUTANT, (1,)),
        "the queue is full (rule F50, ruling FR35)",
    ),
    # the gift card (F86, FR30: a gift in every respect, at any carriage)
    (_cards, PlayScandal(K.CAR_GIFT, (3, 0)), "no such Medici (rule F86)"),
    (_cards, PlayScandal(K.CAR_GIFT, (-1, 0)), "no such Medici (rule F86)"),
    (
        _card(K.CAR_GIFT, family={"gifts": 0}),
        PlayScandal(K.CAR_GIFT, (0, 0)),
        "the family has no gift on its board (rule F66)",
    ),
    (
        _card(K.CAR_GIFT, family={"time": 1}),
        PlayScandal(K.CAR_GIFT, (1, 1)),
        "too little time for the gift (rules F39, F68)",
    ),
    (
        _cards,
        PlayScandal(K.CAR_GIFT, (2, -1)),
        "the guard must go on a free crest of that Medici (rule F70, ruling FR17)",
    ),
    (
        _card(K.CAR_GIFT, family={"guards": 0}),
        PlayScandal(K.CAR_GIFT, (2, 1)),
        "no guard can be placed: crest must be -1 (ruling FR17)",
    ),
    # the swap card (F87, FR31)
    (_rich_cards, PlayScandal(K.CAR_SWAP, (2, 0, 1, 0)), "no own member there (rule F87)"),
    (
        _rich_cards,
        PlayScandal(K.CAR_SWAP, (1, 0, 5, 0)),
        "the other location is not orthogonally adjacent (rule F87, ruling FR31)",
    ),
    (
        _rich_cards,
        PlayScandal(K.CAR_SWAP, (1, 0, 1, 0)),
        "the other location is not orthogonally adjacent (rule F87, ruling FR31)",
    ),
    (_rich_cards, PlayScandal(K.CAR_SWAP, (1, 0, 2, 0)), "no petitioner there (rule F87)"),
    (
        _card(K.CAR_SWAP, queues={1: ((0, L),), 2: ((1, D),)}),
        PlayScandal(K.CAR_SWAP, (1, 0, 2, 1)),
        "no petitioner there (rule F87)",
    ),
    (
        _card(K.CAR_SWAP, queues={1: ((0, L),), 2: ((1, D),)}),
        PlayScandal(K.CAR_SWAP, (1, 0, 2, -1)),
        "no petitioner there (rule F87)",
    ),
    (
        _card(K.CAR_SWAP, queues={2: ((1, D),)}),
        PlayScandal(K.CAR_SWAP, (1, 0, 2, 0)),
        "the other petitioner must be of lower rank (rule F87)",
    ),
    (
        _card(K.CAR_SWAP, queues={1: ((0, L),), 2: ((1, M),)}),
        PlayScandal(K.CAR_SWAP, (1, 0, 2, 0)),
        "the other petitioner must be of lower rank (rule F87)",
    ),
    # the promotion card (F88, FR10)
    (_rich_cards, PlayScandal(K.CAR_PROMOTE, (5, 0)), "no own debutant there (rule F88)"),
    (
        _card(K.CAR_PROMOTE, queues={1: ((0, L),)}),
        PlayScandal(K.CAR_PROMOTE, (1, 0)),
        "no own debutant there (rule F88)",
    ),
    (
        _card(K.CAR_PROMOTE, family={"ladies": 0}),
        PlayScandal(K.CAR_PROMOTE, (1, 0)),
        "no lady on the family board (rule F88, ruling FR10)",
    ),
    # the advance card (F89)
    (_rich_cards, PlayScandal(K.CAR_ADVANCE, (2, 0)), "no own member there (rule F89)"),
    (
        _rich_cards,
        PlayScandal(K.CAR_ADVANCE, (1, 0)),
        "the member is already at the front of its rank (rule F89)",
    ),
    (
        _card(K.CAR_ADVANCE, queues={1: ((1, L), (0, D))}),
        PlayScandal(K.CAR_ADVANCE, (1, 1)),
        "the member is already at the front of its rank (rule F89)",
    ),
    # the cup card (F91)
    (_rich_cards, PlayScandal(K.MES_CUP, (1,)), "no own cup on that boast tile (rule F91)"),
    (_rich_cards, PlayScandal(K.MES_CUP, (10,)), "no own cup on that boast tile (rule F91)"),
    (
        _card(K.MES_CUP, cups=((-1, -1, -1), (1, -1, -1), *((-1, -1, -1),) * 8)),
        PlayScandal(K.MES_CUP, (1,)),
        "no own cup on that boast tile (rule F91)",
    ),
    # the swap of two petitioners (F90, FR32)
    (_rich_cards, PlayScandal(K.MES_SWAP, (6, 0, 1)), "no two petitioners there (rule F90)"),
    (_rich_cards, PlayScandal(K.MES_SWAP, (10, 0, 1)), "no two petitioners there (rule F90)"),
    (
        _card(K.MES_SWAP, queues={5: ((1, D), (2, D))}),
        PlayScandal(K.MES_SWAP, (5, 0, 0)),
        "no two petitioners there (rule F90)",
    ),
    (
        _card(K.MES_SWAP, queues={5: ((1, D), (2, D))}),
        PlayScandal(K.MES_SWAP, (5, 1, 0)),
        "no two petitioners there (rule F90)",
    ),
    (
        _card(K.MES_SWAP, queues={5: ((1, D), (2, D))}),
        PlayScandal(K.MES_SWAP, (5, -1, 1)),
        "no two petitioners there (rule F90)",
    ),
    (
        _card(K.MES_SWAP, queues={5: ((1, L), (2, D))}),
        PlayScandal(K.MES_SWAP, (5, 0, 1)),
        "only two petitioners of one rank and two families (ruling FR32)",
    ),
    (
        _card(K.MES_SWAP, queues={5: ((1, D), (1, D))}),
        PlayScandal(K.MES_SWAP, (5, 0, 1)),
        "only two petitioners of one rank and two families (ruling FR32)",
    ),
    # the retirement card (F93)
    (_card(K.MES_RETIRE), PlayScandal(K.MES_RETIRE, (5, 0)), "no own member there (rule F93)"),
    # the boast card (F60, F62, F92, FR33): the boast's checks, no member or time needed
    (_card(K.MES_BOAST), PlayScandal(K.MES_BOAST, (0,)), "no such location"),
    (
        _card(K.MES_BOAST, family={"cups": 0}),
        PlayScandal(K.MES_BOAST, (2,)),
        "no boast cup left (rule F60)",
    ),
    (
        _card(K.MES_BOAST, cups=((-1, -1, -1), (-1, -1, -1), (-1, -1, 0), *((-1, -1, -1),) * 7)),
        PlayScandal(K.MES_BOAST, (2,)),
        "the family already has a cup on that tile (rule F60)",
    ),
    (
        _card(K.MES_BOAST, cups=((-1, -1, -1), (-1, -1, -1), (1, 2, -1), *((-1, -1, -1),) * 7)),
        PlayScandal(K.MES_BOAST, (2,)),
        "no free field at or below the value (rule F62)",
    ),
    # D4: the bonus (F54, FR8)
    (
        _edit(_bonus, family={"ring": 0}),
        BonusSwap(0),
        "no two petitioners there at the ring (rule F54)",
    ),
    (_bonus, BonusSwap(1), "no two petitioners there at the ring (rule F54)"),
    (_bonus, BonusSwap(-1), "no two petitioners there at the ring (rule F54)"),
    (
        _edit(_bonus, queues={5: ((1, D), (0, L))}),
        BonusSwap(0),
        "only an own member and another family's of the same rank (ruling FR8)",
    ),
    (
        _edit(_bonus, queues={5: ((1, D), (2, D))}),
        BonusSwap(0),
        "only an own member and another family's of the same rank (ruling FR8)",
    ),
    (
        _edit(_bonus, queues={5: ((0, D), (0, D))}),
        BonusSwap(0),
        "only an own member and another family's of the same rank (ruling FR8)",
    ),
    (  # the own member is not one of the two
        _edit(_bonus, queues={5: ((1, L), (2, L), (0, L))}),
        BonusSwap(0),
        "only an own member and another family's of the same rank (ruling FR8)",
    ),
    # D7: Strozzi's colour (F145)
    (
        _edit(stage=Stage.COLOUR),
        ChooseColour(0),
        "the colour is 1 (orange) or 2 (blue) (rule F145)",
    ),
    (
        _edit(stage=Stage.COLOUR),
        ChooseColour(3),
        "the colour is 1 (orange) or 2 (blue) (rule F145)",
    ),
    # D5: Giovanni's reward (F39, F110, FR38)
    (
        _giovanni,
        Accept(),
        "too little time for Giovanni's reward (rules F39, F110, ruling FR38)",
    ),
]

LEGAL: list[tuple[Builder, Move]] = [
    # each just inside a bound that a case above is just outside of
    (_edit(family={"actions": 59}), Send(2)),  # FR59: the cap is 60
    (_others_passed, Pass(0)),  # F53
    (_family_one_passed, Pass(2)),  # F52
    (_edit(family={"debutants": 1}), Send(2)),  # F55
    (_edit(queues={2: FIVE}), Send(2)),  # F50
    (_edit(family={"time": 4}), Send(2)),  # F39: Send costs 4
    (_edit(family={"time": 5}), Promote(1, 0)),  # F39: Promote costs 5
    (_edit(family={"ladies": 0}, queues={2: ((0, L),)}), Promote(2, 0)),  # FR10
    (_edit(family={"maestros": 0}), Promote(1, 0)),  # FR10
    (_edit(queues={2: FIVE}), MoveMember(1, 0, 2)),  # F50
    (_edit(family={"time": 1}), MoveMember(1, 0, 2)),  # F39: moving costs 1
    (_edit(family={"time": 3}), Hurry(1, 0, 2)),  # F39: Hurry costs 3
    (_edit(queues={2: FULL}), Hurry(1, 0, 2)),  # FR13: the piece may step back
    (_hurrying, Step(3)),  # F59: the second step
    (_edit(_hurrying, queues={3: FIVE}), Step(3)),  # FR64
    (_edit(_travel, walk=Walk(True, D, 2, 2, False)), Step(3)),  # F85: the third step
    (_edit(_travel, walk=Walk(True, D, 2, 1, False), queues={1: (), 3: FULL}), Step(3)),
    (_edit(_hurry_two, queues={2: FIVE, 3: ((0, D),)}), Second(3, 0, 6)),  # F59
    (_edit(_hurry_two, queues={3: ((0, D),), 6: FIVE}), Second(3, 0, 6)),  # F50
    (_between, Second(3, 0, 2)),  # FR64: the first member has stopped
    (_between, Second(3, 0, 6)),
    (_between, Stop()),  # FR29: the card may end after the first member
    (_edit(_travel, queues={1: (), 2: FIVE, 3: ((0, D),)}), Stop()),  # F50
    (_setup, Place(2)),  # F31
    (_edit(_harder, family={"time": 1}), MoveMember(1, 0, 4)),  # F39 with F152
    (_edit(_harder, family={"time": 3}), Hurry(1, 0, 4)),
    (_hurrying_lady, Second(2, 1, 1)),  # F59: the debutant behind the stopped lady
    (_edit(family={"time": 1}), Boast(1)),  # F39: boasting costs 1
    (_edit(family={"cups": 1}), Boast(1)),  # F60
    (  # F60: a cup on another tile
        _edit(queues={2: ((0, D),)}, cups=((-1, -1, -1), (-1, 0, -1), *((-1, -1, -1),) * 8)),
        Boast(2),
    ),
    (_edit(cups=((-1, -1, -1), (-1, 2, -1), *((-1, -1, -1),) * 8)), Boast(1)),  # F62
    (  # F62: 8 VP (4 locations, F161) reach the middle field above another's cup
        _edit(
            queues={1: ((0, M), (0, L), (0, D)), 2: ((0, L),), 4: ((0, L),), 5: ((1, D), (0, D))},
            cups=((-1, -1, -1), (1, -1, -1), *((-1, -1, -1),) * 8),
        ),
        Boast(1),
    ),
    (_edit(family={"gifts": 1}), Gift(COSIMO, 0)),  # F66
    (_edit(family={"time": 2}), Gift(COSIMO, 0)),  # F68: the first gift costs 2
    (_edit(family={"time": 4, "given": (2, 0, 0)}), Gift(COSIMO, 0)),  # F68: then 2 more
    (  # F68, F69: a gift Cosimo is too dear for leaves one to Contessina
        _edit(family={"time": 3, "given": (2, 0, 0)}, queues={4: ((0, D),)}),
        Gift(CONTESSINA, 1),
    ),
    (_edit(family={"guards": 1}), Gift(COSIMO, 11)),  # F70
    (_edit(family={"guards": 0}), Gift(COSIMO, -1)),  # FR17
    (_edit(escorts=((2,),) * 12), Gift(COSIMO, -1)),  # FR17
    (_edit(escorts=((1,), *((),) * 11)), Gift(COSIMO, 1)),  # F70
    (_edit(queues={1: (), 4: ((0, D),)}), Gift(CONTESSINA, 9)),  # F67
    (_card(K.FIG_GUARD, family={"time": 2}), PlayScandal(K.FIG_GUARD, (0, 0))),  # F71
    (_card(K.FIG_GUARD, family={"guards": 1}), PlayScandal(K.FIG_GUARD, (0, 11))),  # FR27
    (_card(K.FIG_GUARD), PlayScandal(K.FIG_GUARD, (1, 9))),  # F83
    (_card(K.FIG_GUARD), PlayScandal(K.FIG_GUARD, (2, 1))),
    (_card(K.FIG_GUARD, escorts=((1,), *((),) * 11)), PlayScandal(K.FIG_GUARD, (0, 0))),  # F75
    (_card(K.FIG_TELEPORT, queues={9: FIVE}), PlayScandal(K.FIG_TELEPORT, (1, 0, 9))),  # FR28
    (_card(K.FIG_TRAVEL, queues={2: FULL}), PlayScandal(K.FIG_TRAVEL, (1, 0, 2))),  # FR64
    (_card(K.FIG_DEBUTANT, queues={1: ((0, L), *FIVE[:4])}), PlayScandal(K.FIG_DEBUTANT, (1,))),
    (
        _card(K.FIG_DEBUTANT, family={"debutants": 1}, queues={5: ((1, D), (0, M))}),
        PlayScandal(K.FIG_DEBUTANT, (5,)),
    ),  # F94, FR35
    (_card(K.CAR_GIFT), PlayScandal(K.CAR_GIFT, (1, 1))),  # FR30: at any carriage
    (_card(K.CAR_GIFT, family={"time": 2, "gifts": 1}), PlayScandal(K.CAR_GIFT, (2, 9))),
    (_card(K.CAR_GIFT, family={"guards": 0}), PlayScandal(K.CAR_GIFT, (2, -1))),  # FR17
    (
        _card(K.CAR_SWAP, family={"time": 3}, queues={1: ((0, L),), 2: ((1, D),)}),
        PlayScandal(K.CAR_SWAP, (1, 0, 2, 0)),
    ),  # F87
    (
        _card(K.CAR_SWAP, queues={1: ((0, M),), 4: ((2, D), (1, L))}),
        PlayScandal(K.CAR_SWAP, (1, 0, 4, 1)),
    ),
    (_card(K.CAR_PROMOTE, family={"ladies": 1}), PlayScandal(K.CAR_PROMOTE, (1, 0))),  # F88
    (_card(K.CAR_ADVANCE, queues={1: ((1, D), (0, D))}), PlayScandal(K.CAR_ADVANCE, (1, 1))),
    (
        _card(K.MES_CUP, cups=((-1, -1, -1), (1, 0, -1), *((-1, -1, -1),) * 8)),
        PlayScandal(K.MES_CUP, (1,)),
    ),
    (_card(K.MES_SWAP, queues={5: ((1, D), (2, D))}), PlayScandal(K.MES_SWAP, (5, 0, 1))),  # F90
    (_card(K.MES_SWAP, queues={5: ((1, L), (1, D), (0, L))}), PlayScandal(K.MES_SWAP, (5, 0, 2))),
    (_card(K.MES_RETIRE, family={"time": 0}), PlayScandal(K.MES_RETIRE, (1, 0))),  # F93: gains 3
    (_card(K.MES_BOAST, family={"cups": 1, "time": 1}), PlayScandal(K.MES_BOAST, (2,))),  # FR33
    (_bonus, BonusSwap(0)),  # FR8
    (_edit(_bonus, queues={5: ((1, D), (0, D), (2, L))}), BonusSwap(0)),
    (_edit(_bonus, queues={5: ((0, L), (2, L), (1, L))}), BonusSwap(0)),
    (_edit(_giovanni, family={"time": 4}), Accept()),
    (_edit(stage=Stage.COLOUR), ChooseColour(1)),  # F145
    (_edit(stage=Stage.COLOUR), ChooseColour(2)),
    (_chance, Chance(0)),  # FR3
    (_cards, Discard(K.FIG_GUARD)),  # F72
    (_edit(_giovanni, family={"hand": (K.MES_CUP,)}), Discard(K.MES_CUP)),  # FR20: D2-D5
    (_edit(_travel, family={"hand": (K.MES_CUP,)}), Discard(K.MES_CUP)),
    (_edit(_between, queues={6: FULL}), Second(3, 0, 6)),  # FR64: it may step back
    (_harder, MoveMember(1, 0, 4)),  # F152
    (
        _edit(_harder, escorts=((0,), *((),) * 11)),
        MoveMember(1, 0, 2),
    ),  # an own guard  # F110: the reward costs 4 in round 3
]


@pytest.mark.parametrize(("build", "move", "reason"), CASES)
def test_illegal_move_is_refused_with_its_whole_reason(
    build: Builder, move: Move, reason: str
) -> None:
    """The refusal names the move, the family (or chance) and exactly the reason with
    the rule it breaks; the move is not listed (the direct listing is the one through
    the checks) and the state is unchanged."""
    state = build()
    before = attrs.evolve(state)
    assert move not in legal_moves(state)
    assert legal_moves(state) == legal_moves_by_check(state)
    assert problem(state, move) == reason
    with pytest.raises(IllegalMoveError) as raised:
        apply(state, move)
    who = "chance" if state.stage is Stage.CHANCE else f"family {state.player}"
    assert str(raised.value) == f"illegal move {move!r} by {who}: {reason}"
    assert state == before


@pytest.mark.parametrize(("build", "move"), LEGAL)
def test_move_just_inside_a_bound_is_legal(build: Builder, move: Move) -> None:
    """The move one step inside a bound of the table above is accepted and listed, by
    the direct listing as through the checks."""
    state = build()
    assert problem(state, move) is None
    assert move in legal_moves(state)
    assert legal_moves(state) == legal_moves_by_check(state)


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
