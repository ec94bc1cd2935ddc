"""Firenze rules that the mutation run (scripts/mutation.sh --game firenze) found untested.

Each test checks one rule exactly where the worked examples, the refusal table and
the random games pass it by: the printed Tribut with several towers to choose in
more than one colour, the commissions' names, the order in which a refused
fulfilment's rules are checked, a card that chance deals from an empty bag, the
exact words of the invariant checker, the building cost paid brick by brick, the
decisions without a choice taken at once, the majorities of the final scoring, the
events each card and each phase reports (with their reasons and players), the flags
of a new tower and of a new turn, Denkmal's owner, Renaissance's new pile, and the
end of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from firenze_positions import (
    at_step,
    bare_row,
    building,
    counts,
    edit,
    fulfil_phase,
    game,
    play,
    set_row,
    tower,
)
from princes_of_florence.firenze import apply
from princes_of_florence.firenze.components import default_catalog
from princes_of_florence.firenze.engine import (
    apply_with_events,
    current_player,
    is_chance_node,
    legal_moves,
    outcome,
)
from princes_of_florence.firenze.errors import IllegalMoveError
from princes_of_florence.firenze.events import (
    BellTowerDelivered,
    BonusGained,
    BricksReturned,
    CardRevealed,
    CardTaken,
    CommissionFulfilled,
    Event,
    GameEnded,
    MovePlayed,
    TowerDemolished,
    TurnStarted,
)
from princes_of_florence.firenze.ids import Colour, Step, Title
from princes_of_florence.firenze.moves import (
    ChooseCard,
    ChooseTower,
    DealCard,
    DeliverBellTower,
    DiscardBrick,
    DrawBrick,
    EndPhase,
    Fulfil,
    PayBrick,
    PayTower,
    PlaceBrick,
    PlayGrosshaendler,
)
from princes_of_florence.firenze.rules.chance import chance_outcomes
from princes_of_florence.firenze.rules.invariants import state_problems
from princes_of_florence.firenze.rules.legal import balcony_commissions
from princes_of_florence.firenze.rules.setup import commission_name, parse_commission
from princes_of_florence.firenze.rules.turn import settle
from princes_of_florence.firenze.state import NEUTRAL, OPEN, Pending, RowCard, State, Tower

W, Y, G, R, B, V = Colour


def _tribut_events(events: tuple[Event, ...]) -> list[Event]:
    return [e for e in events if isinstance(e, BricksReturned | TowerDemolished)]


def test_printed_tribut_chooses_several_towers_colour_by_colour() -> None:
    """Z100 [printed], Z97, Z49: a player short of bricks of a colour chooses which of
    its towers of that colour to pay for, one tower per brick, each choice a move; the
    others come down (half, rounded up, to the bag) and the next colour is settled the
    same way; every brick and tower moved is reported as Tribut's."""
    state = game(2, event_discard="choice")
    towers = [tower(R, 2), tower(R, 4), tower(B, 3), tower(R, 3), tower(R, 1), tower(B, 5)]
    state = edit(bare_row(state), 1, supply=counts(R=2, B=1), towers=towers)
    state = set_row(state, 0, Title.TRIBUT, counts())
    state = play(state, ChooseCard(0))
    assert state.step is Step.EVENT_TOWERS_PAID
    assert current_player(state) == 1
    assert legal_moves(state) == tuple(PayTower(i) for i in (0, 1, 3, 4))
    steps: list[State] = []
    log: list[Event] = []
    for move in (PayTower(1), PayTower(4)):
        state, events = apply_with_events(state, move)
        steps.append(state)
        log += events
    assert steps[0].step is Step.EVENT_TOWERS_PAID  # the second red tower still to choose
    assert steps[0].pending.chosen == (1,)
    assert steps[0].pending.count == 1
    assert PayTower(1) not in legal_moves(steps[0])
    # red settled: R4 and R1 paid, R2 and R3 down; blue is short too: 1 brick, 2 towers
    p = state.players[1]
    assert [(t.colour, t.height) for t in p.towers] == [(R, 4), (B, 3), (R, 1), (B, 5)]
    assert legal_moves(state) == (PayTower(1), PayTower(3))
    state, events = apply_with_events(state, PayTower(3))
    log += events
    p = state.players[1]
    assert [(t.colour, t.height) for t in p.towers] == [(R, 4), (R, 1), (B, 5)]
    # 2 red and 1 blue paid; R3 and R2 give 1 back each, B3 1
    assert p.supply == counts(R=2, B=1)
    assert state.step is not Step.EVENT_TOWERS_PAID
    assert _tribut_events(tuple(log)) == [
        BricksReturned(1, counts(R=2), "Tribut"),
        TowerDemolished(1, R, 3, 2, 1, "Tribut"),
        TowerDemolished(1, R, 2, 1, 1, "Tribut"),
        BricksReturned(1, counts(B=1), "Tribut"),
        TowerDemolished(1, B, 3, 2, 1, "Tribut"),
    ]


def test_every_commission_is_named_by_its_colour_and_floors() -> None:
    """The catalog's 36 commissions are the six colours times 3 to 8 floors; the name of
    each (the one the options use, such as neutral_seal_commissions) reads back to it."""
    catalog = default_catalog()
    names = [commission_name(catalog, i) for i in range(len(catalog.commissions))]
    assert len(set(names)) == len(names) == 36
    assert names[6] == "Y3"
    for index, name in enumerate(names):
        spec = catalog.commissions[index]
        assert name == f"{spec.colour.name}{spec.floors}"
        assert parse_commission(catalog, name) == index


def _architect_played() -> State:
    state = fulfil_phase([tower(R, 4, new=True)], [Title.ARCHITEKT])
    return attrs.evolve(state, played=(Title.ARCHITEKT,))


FULFIL_REFUSALS: list[tuple[str, Callable[[], State], Fulfil, str]] = [
    (
        "one floor less without an Architekt",
        lambda: fulfil_phase([tower(R, 4, new=True)]),
        Fulfil(0, -1),
        r"no Architekt to play \(ruling ZR22\)",
    ),
    (
        "the Architekt already played this turn",
        _architect_played,
        Fulfil(0, 1),
        r"no Architekt to play \(ruling ZR22\)",
    ),
    (
        "an Architekt's floor above the tallest commission",
        lambda: fulfil_phase([tower(R, 8, new=True)], [Title.ARCHITEKT]),
        Fulfil(0, 1),
        r"no commission needs 9 floors \(rule Z55\)",
    ),
    (
        "the tallest commission sealed",
        lambda: fulfil_phase([tower(W, 8, new=True)]),
        Fulfil(0),
        r"that commission is covered by a seal \(rule Z53\)",
    ),
]


@pytest.mark.parametrize(
    ("make", "move", "reason"),
    [case[1:] for case in FULFIL_REFUSALS],
    ids=[case[0] for case in FULFIL_REFUSALS],
)
def test_a_refused_fulfilment_names_the_first_rule_it_breaks(
    make: Callable[[], State], move: Fulfil, reason: str
) -> None:
    """Z53, Z55, Z76, ZR22: the Architekt is checked (one floor more or less, in hand,
    not yet played) before the floors it makes, and the floors (3 to 8) before the
    seal; nothing changes."""
    state = make()
    assert move not in legal_moves(state)
    with pytest.raises(IllegalMoveError, match=f": {reason}$"):
        apply(state, move)
    assert state == make()


def test_printed_tribut_asks_nothing_when_the_bricks_cover_every_tower() -> None:
    """Z100 [printed], Z97: only a player with fewer bricks of a colour than towers of it
    chooses; with as many bricks as towers every tower is paid for without a decision."""
    state = game(2, event_discard="choice")
    state = edit(bare_row(state), 1, supply=counts(R=2), towers=[tower(R, 2), tower(R, 5)])
    state = set_row(state, 0, Title.TRIBUT, counts())
    state = play(state, ChooseCard(0))
    assert state.step is not Step.EVENT_TOWERS_PAID
    p = state.players[1]
    assert [(t.colour, t.height) for t in p.towers] == [(R, 2), (R, 5)]
    assert p.supply == counts()


def test_printed_tribut_settles_every_colour_from_white_for_each_player() -> None:
    """Z100 [printed], Z97, Z49: each affected player in turn pays a brick per tower of
    each colour, white first; a colour it has no brick of comes down without a
    decision; all of it is reported as Tribut's."""
    state = game(2, event_discard="choice")
    state = edit(bare_row(state), 1, supply=counts(W=1), towers=[tower(W, 3), tower(Y, 4)])
    state = set_row(state, 0, Title.TRIBUT, counts())
    state, events = apply_with_events(state, ChooseCard(0))
    p = state.players[1]
    assert [(t.colour, t.height) for t in p.towers] == [(W, 3)]
    assert p.supply == counts(Y=2)
    assert _tribut_events(events) == [
        BricksReturned(1, counts(W=1), "Tribut"),
        TowerDemolished(1, Y, 4, 2, 2, "Tribut"),
    ]


def test_printed_luxussteuer_passes_on_to_the_next_player_after_a_choice() -> None:
    """Z88, Z100 [printed]: a player whose bricks pay for 2 of its 3 towers of 5 floors or
    more chooses the 2, one move each, pays 2 bricks for each, and loses the third; then
    the next player, with no brick, loses every such tower, the lower ones standing."""
    state = game(2, event_discard="choice")
    state = edit(
        bare_row(state), 0, supply=counts(W=4), towers=[tower(R, 5), tower(G, 6), tower(B, 7)]
    )
    state = edit(state, 1, supply=counts(), towers=[tower(W, 5), tower(Y, 2), tower(G, 6)])
    state = set_row(state, 0, Title.LUXUSSTEUER, counts())
    state = play(state, ChooseCard(0))
    assert current_player(state) == 0
    assert legal_moves(state) == (PayTower(0), PayTower(1), PayTower(2))
    state = play(state, PayTower(2))
    assert current_player(state) == 0
    assert legal_moves(state) == (PayTower(0), PayTower(1))
    state = play(state, PayTower(0), *[DiscardBrick(W)] * 4)
    assert [(t.colour, t.height) for t in state.players[0].towers] == [(R, 5), (B, 7)]
    assert [(t.colour, t.height) for t in state.players[1].towers] == [(Y, 2)]
    assert state.players[1].supply == counts(W=2, G=3)
    assert state.step is not Step.EVENT_TOWERS_PAID


def test_printed_luxussteuer_passes_on_after_a_player_pays_for_every_tower() -> None:
    """Z88, Z100 [printed]: a player whose bricks pay for every tower of 5 floors or more
    only picks the bricks; the next player's turn to pay comes after it."""
    state = game(2, event_discard="choice")
    state = edit(bare_row(state), 0, supply=counts(W=2), towers=[tower(R, 5)])
    state = edit(state, 1, supply=counts(), towers=[tower(G, 6)])
    state = set_row(state, 0, Title.LUXUSSTEUER, counts())
    state = play(state, ChooseCard(0))
    assert legal_moves(state) == (DiscardBrick(W),)
    log: list[Event] = []
    for move in (DiscardBrick(W), DiscardBrick(W)):
        state, events = apply_with_events(state, move)
        log += events
    taxed = [
        e
        for e in log
        if isinstance(e, BricksReturned | TowerDemolished) and e.reason == "Luxussteuer"
    ]
    assert taxed == [
        BricksReturned(0, counts(W=1), "Luxussteuer"),
        BricksReturned(0, counts(W=1), "Luxussteuer"),
        TowerDemolished(1, G, 6, 3, 3, "Luxussteuer"),
    ]


def test_chance_deals_a_card_without_bricks_from_an_empty_bag() -> None:
    """Z33, Z34, ruling ZR42 (option explicit_chance): with the bag empty, the card chance
    deals onto the free space gets no brick; it is revealed at once, with no draw to wait
    for, and the player who took a card goes on to phase 2."""
    state = game(2, explicit_chance=True)
    while is_chance_node(state):
        state = play(state, legal_moves(state)[0])
    everything = tuple(a + b for a, b in zip(state.bag, state.players[1].supply, strict=True))
    state = edit(state, 1, supply=everything)
    assert sum(state.bag) == 0
    state = play(state, ChooseCard(0))
    assert is_chance_node(state)
    deal = chance_outcomes(state)[0][0]
    assert isinstance(deal, DealCard)
    state, events = apply_with_events(state, deal)
    last = len(state.row) - 1
    assert events == (MovePlayed(-1, deal), CardRevealed(last, deal.title, counts()))
    assert state.row[last].title is deal.title
    assert state.row[last].bricks == counts()
    assert not is_chance_node(state)
    assert state.step is Step.EXCHANGE
    assert current_player(state) == 0
    assert not state_problems(state)


def _bag_short_of_white() -> State:
    """A new game whose bag owes a white brick that player 0's supply holds."""
    state = game()
    short = state.bag[W] + 1
    p = state.players[0]
    supply = (p.supply[W] + short, *p.supply[1:])
    return attrs.evolve(
        state,
        bag=(-1, *state.bag[1:]),
        players=(attrs.evolve(p, supply=supply), *state.players[1:]),
    )


def _neutral_seal_lifted() -> State:
    """A new game with one of the board's neutral seals taken off its commission."""
    state = game()
    seals = list(state.seals)
    seals[seals.index(NEUTRAL)] = OPEN
    return attrs.evolve(state, seals=tuple(seals))


def _card_added() -> State:
    """A new game with one card too many in the discard pile."""
    return attrs.evolve(game(), discard=(Title.RUHM,))


def _card_swapped() -> State:
    """A new game whose top card is replaced by a copy of another title of the pile."""
    state = game()
    other = next(title for title in state.deck if title is not state.deck[0])
    return attrs.evolve(state, deck=(other, *state.deck[1:]))


def _out_of_deck(state: State, *titles: Title) -> State:
    """``state`` with one copy of each of ``titles`` taken out of the draw pile."""
    deck = list(state.deck)
    for title in titles:
        deck.remove(title)
    return attrs.evolve(state, deck=tuple(deck))


def _waiting(state: State, step: Step, pending: Pending) -> State:
    """``state`` at ``step`` with ``pending``, its event (if any) out of the draw pile."""
    if pending.title is not None:
        state = _out_of_deck(state, pending.title)
    return attrs.evolve(state, step=step, pending=pending)


def _with_seals(make: Callable[[list[int]], object]) -> State:
    """A new game whose commissions' seals ``make`` changed in place."""
    state = game()
    seals = list(state.seals)
    make(seals)
    return attrs.evolve(state, seals=tuple(seals))


def _last_open(seals: list[int]) -> int:
    return max(i for i, owner in enumerate(seals) if owner == OPEN)


def _bell_of_one() -> State:
    """Campanile in the church, with one small seal for two players."""
    state = _out_of_deck(game(2, campanile=True), Title.CAMPANILE)
    return attrs.evolve(state, church=(Title.CAMPANILE,), bell=(False,))


def _patrizier_played() -> State:
    """Player 0 asked about its Patrizier, already played this turn."""
    state = _out_of_deck(edit(game(), 0, hand=[Title.PATRIZIER]), Title.PATRIZIER)
    state = _waiting(state, Step.PATRIZIER, Pending(title=Title.LAGERBRAND))
    return attrs.evolve(state, played=(Title.PATRIZIER,))


def _chance(**pending: Any) -> State:
    """A game with explicit chance, its first row dealt, back at a chance step."""
    state = game(2, explicit_chance=True)
    while is_chance_node(state):
        state = apply(state, legal_moves(state)[0])
    return attrs.evolve(state, step=Step.CHANCE, pending=Pending(**pending))


def _row_of_seven() -> State:
    """A new game with the top card of the draw pile dealt onto a seventh row space."""
    state = game()
    top = RowCard(state.deck[0], counts())
    return attrs.evolve(
        state, row=(*state.row, top), deck=state.deck[1:], start_on_top=state.start_on_top - 1
    )


def _evolve(**changes: Any) -> Callable[[], State]:
    return lambda: attrs.evolve(game(), **changes)


def _pending(**changes: Any) -> Callable[[], State]:
    return lambda: attrs.evolve(game(), pending=attrs.evolve(game().pending, **changes))


def _at(step: Step, **pending: Any) -> Callable[[], State]:
    return lambda: _waiting(game(), step, Pending(**pending))


BROKEN: list[tuple[str, Callable[[], State], str]] = [
    ("a negative bag", _bag_short_of_white, "the bag holds a negative count"),
    ("4 neutral seals", _neutral_seal_lifted, "the board does not hold 5 neutral seals"),
    ("a card too many", _card_added, "53 cards are somewhere, not 52"),
    (
        "a card of the wrong title",
        _card_swapped,
        "52 cards are somewhere, not 52 of the right titles",
    ),
    (
        "a commission missing",
        lambda: _with_seals(lambda seals: seals.pop(_last_open(seals))),
        "35 commissions, not 36",
    ),
    (
        "a seal of a third player in a 2-player game",
        lambda: _with_seals(lambda seals: seals.__setitem__(_last_open(seals), 2)),
        "a seal belongs to no player",
    ),
    (
        "the balconies out of order",
        lambda: attrs.evolve(game(), balconies=tuple(reversed(game().balconies))),
        "the balconies are not one tile of each numeral I-IV",
    ),
    (
        "3 balconies",
        lambda: attrs.evolve(game(), balconies=game().balconies[:3]),
        "the balconies are not one tile of each numeral I-IV",
    ),
    (
        "a level tile of 9",
        _evolve(level_tiles=(5, 6, 7, 9)),
        "a level tile the catalog does not have",
    ),
    ("a level tile twice", _evolve(level_tiles=(5, 5)), "a level tile the catalog does not have"),
    ("one small seal for two", _bell_of_one, "Campanile's small seals are not one per player"),
    ("the end tile with seat 2 of 2", _evolve(end_holder=2), "the end tile is held by no player"),
    ("the end tile with seat -2", _evolve(end_holder=-2), "the end tile is held by no player"),
    (
        "a start card more than the pile",
        lambda: attrs.evolve(game(), start_on_top=len(game().deck) + 1),
        "more start cards on top than cards in the draw pile",
    ),
    (
        "-1 start cards",
        _evolve(start_on_top=-1),
        "more start cards on top than cards in the draw pile",
    ),
    (
        "a turn past the limit",
        lambda: attrs.evolve(game(), turns=game().config.max_turns + 1),
        "the turn count is outside the turn limit",
    ),
    ("turn -1", _evolve(turns=-1), "the turn count is outside the turn limit"),
    (
        "a negative pending count",
        _pending(count=-1),
        "the pending decision names no player or a negative count",
    ),
    (
        "a pending decider of seat 2 of 2",
        _pending(decider=2),
        "the pending decision names no player or a negative count",
    ),
    (
        "a pending decider of seat -1",
        _pending(decider=-1),
        "the pending decision names no player or a negative count",
    ),
    ("seat 2 of 2 queued", _pending(queue=(2,)), "the pending decision queues no player"),
    (
        "a card payment for no card",
        _at(Step.PAY_CARD, slot=9, count=1),
        "the pending payment names no row card",
    ),
    (
        "a card payment for the space past the row",
        _at(Step.PAY_CARD, slot=6, count=1),
        "the pending payment names no row card",
    ),
    (
        "a card payment already made",
        _at(Step.PAY_CARD, slot=2, count=2),
        "the card payment is already complete",
    ),
    (
        "a tower chosen for a keep card",
        _at(Step.EVENT_TOWER, title=Title.RUHM),
        "the pending event is no event",
    ),
    ("a tower chosen for no card", _at(Step.EVENT_TOWER), "the pending event is no event"),
    (
        "Lagerbrand with no brick to choose",
        _at(Step.EVENT_BRICKS, title=Title.LAGERBRAND, count=0),
        "the pending event has nothing left to decide",
    ),
    (
        "a Patrizier question without a Patrizier",
        _at(Step.PATRIZIER, title=Title.LAGERBRAND),
        "a Patrizier is offered to a player who holds none to play",
    ),
    (
        "a Patrizier question after the Patrizier",
        _patrizier_played,
        "a Patrizier is offered to a player who holds none to play",
    ),
    (
        "a card discard with only keep cards",
        _at(Step.DISCARD_CARDS),
        "a card discard is due from a player with no person or building",
    ),
    (
        "a card discard with a keep card in hand",
        lambda: _waiting(
            _out_of_deck(edit(game(), 0, hand=[Title.RUHM]), Title.RUHM),
            Step.DISCARD_CARDS,
            Pending(),
        ),
        "a card discard is due from a player with no person or building",
    ),
    (
        "Tribut paid by seat 2 of 2",
        _at(Step.EVENT_TOWERS_PAID, title=Title.TRIBUT, count=1, decider=2, chosen=(0,)),
        "the pending decision names no player or a negative count\n"
        "the pending decision names a tower that does not exist",
    ),
    (
        "Tribut paid for a tower not built",
        _at(Step.EVENT_TOWERS_PAID, title=Title.TRIBUT, count=1, chosen=(0,)),
        "the pending decision names a tower that does not exist",
    ),
    (
        "a chance step without explicit chance",
        _at(Step.CHANCE, resume=Step.CHOOSE),
        "a chance step without explicit chance",
    ),
    ("a chance step with no step after", _chance, "a chance step that returns nowhere"),
    (
        "chance drawing for the space past the row",
        lambda: _chance(resume=Step.CHOOSE, count=2, slot=6),
        "chance draws bricks for no row card",
    ),
    (
        "Campanile's small seals without the card",
        _evolve(bell=(False, False)),
        "Campanile's small seals and the card disagree",
    ),
    ("7 bricks placed", _evolve(placed=7), "more than 6 bricks placed this turn (Z43)"),
    ("a seventh card in the row", _row_of_seven, "the row holds too many cards"),
    (
        "a building cost due from an empty supply",
        lambda: edit(_at(Step.PAY_BUILD, count=1)(), 0, supply=counts()),
        "a payment is due from an empty supply",
    ),
]


@pytest.mark.parametrize(
    ("make", "problem"), [case[1:] for case in BROKEN], ids=[case[0] for case in BROKEN]
)
def test_the_invariant_checker_names_exactly_what_is_broken(
    make: Callable[[], State], problem: str
) -> None:
    """Z3 (all 88 bricks, none owed by the bag), Z15 (5 neutral seals on the board), Z4
    (the 52 action cards, each title its number of copies), Z101 (Campanile's small
    seals only with the card), Z43 (at most 6 bricks a turn), Z33 (6 row spaces), and the
    shape of the state that a loaded document must have (Z2, Z14, Z17, Z104, ruling ZR44,
    the pending decision of each step): a state that breaks one of them has that one
    problem, in these words, and no other."""
    assert state_problems(make()) == tuple(problem.split("\n"))


def test_majorities_go_to_the_most_seals_and_add_up() -> None:
    """Z106, ruling ZR39, Z107, Z75: on each tower the player with the most seals takes the
    flag, even against a higher single seal; on a tie the highest seal decides, whoever
    sits first; a player takes the flag of every tower it leads, player 0 included; a
    neutral seal never counts; an Anerkennung adds whole points, one per 3- or 4-floor
    seal."""
    catalog = default_catalog()
    state = edit(game(3), 0, hand=[Title.ANERKENNUNG])
    seals = list(state.seals)
    placed = {0: [(Y, 3), (Y, 4), (R, 5), (B, 6)], 1: [(Y, 7), (G, 5), (B, 4)]}
    for player, commissions in placed.items():
        for colour, floors in commissions:
            index = catalog.commission_index(colour, floors)
            assert seals[index] == OPEN
            seals[index] = player
    assert seals[catalog.commission_index(G, 3)] == NEUTRAL  # lower than G5, counts nothing
    players = [
        attrs.evolve(p, seals=p.seals - len(placed.get(seat, [])))
        for seat, p in enumerate(state.players)
    ]
    state = attrs.evolve(
        state, seals=tuple(seals), players=tuple(players), step=Step.OVER, pending=Pending()
    )
    scores = outcome(state).scores
    bonus = [m.bonus for m in catalog.majorities]
    assert [s.majorities for s in scores] == [bonus[Y] + bonus[R] + bonus[B], bonus[G], 0]
    assert scores[0].keep_cards == (("Anerkennung", 2),)
    assert all(type(points) is int for s in scores for _, points in s.keep_cards)


def test_the_building_cost_is_paid_one_chosen_brick_at_a_time() -> None:
    """Z44, ruling ZR15, Z49: 4 bricks placed cost 3, paid into the bag one brick at a
    time in the colours the player picks, each payment reported as the player's move;
    after the last, the tower not raised this turn comes down and phase 5 follows."""
    state = building(game(), counts(W=5, Y=2), towers=[tower(G, 2)])
    state = play(state, PlaceBrick(None, W), *[PlaceBrick(1, W)] * 3)
    assert state.step is Step.PAY_BUILD
    assert legal_moves(state) == (PayBrick(W), PayBrick(Y))
    bag = state.bag
    log: list[Event] = []
    for move in (PayBrick(Y), PayBrick(W), PayBrick(Y)):
        assert state.step is Step.PAY_BUILD
        state, events = apply_with_events(state, move)
        log += events
    assert log == [
        MovePlayed(0, PayBrick(Y)),
        BricksReturned(0, counts(Y=1), "building cost"),
        MovePlayed(0, PayBrick(W)),
        BricksReturned(0, counts(W=1), "building cost"),
        MovePlayed(0, PayBrick(Y)),
        BricksReturned(0, counts(Y=1), "building cost"),
        TowerDemolished(0, G, 2, 1, 1, "abandoned"),
    ]
    assert state.step is Step.FULFIL
    assert current_player(state) == 0
    p = state.players[0]
    assert [(t.colour, t.height) for t in p.towers] == [(W, 4)]
    assert p.supply == counts(G=1)
    assert tuple(b - a for a, b in zip(bag, state.bag, strict=True)) == counts(W=1, Y=2, G=1)


SOUND: list[tuple[str, Callable[[], State]]] = [
    ("no start card left on top", _evolve(start_on_top=0)),
    ("only start cards left", lambda: attrs.evolve(game(), start_on_top=len(game().deck))),
    ("the last turn of the limit", lambda: attrs.evolve(game(), turns=game().config.max_turns)),
    ("the end tile with the last seat", _evolve(end_holder=1)),
    ("the last seat to decide", _pending(decider=1)),
    ("an exchange paid onto the first card", _at(Step.PAY_EXCHANGE, slot=0, count=1)),
    ("a card payment of the last space", _at(Step.PAY_CARD, slot=5, count=4)),
    ("chance to deal a card", lambda: _chance(resume=Step.CHOOSE, slot=9)),
    ("chance drawing for the first card", lambda: _chance(resume=Step.CHOOSE, count=4, slot=0)),
    (
        "a card discard with a person in hand",
        lambda: _waiting(
            _out_of_deck(edit(game(), 0, hand=[Title.MAURER]), Title.MAURER),
            Step.DISCARD_CARDS,
            Pending(),
        ),
    ),
    (
        "Tribut paid by the first seat for its tower",
        lambda: _waiting(
            edit(game(), 0, towers=[tower(R, 2), tower(R, 3)]),
            Step.EVENT_TOWERS_PAID,
            Pending(title=Title.TRIBUT, count=1, decider=0, chosen=(0,)),
        ),
    ),
]


@pytest.mark.parametrize("make", [case[1] for case in SOUND], ids=[case[0] for case in SOUND])
def test_the_invariant_checker_accepts_the_ends_of_each_range(make: Callable[[], State]) -> None:
    """Z21, Z104, ruling ZR44, Z37, Z29, Z65, Z100: a value at either end of its range,
    a card discard from a hand with a person, a tower chosen that stands: no problem."""
    assert state_problems(make()) == ()


def test_the_steps_without_a_choice_are_taken_until_a_real_decision() -> None:
    """Ruling ZX1, Z24: a player with an empty supply at phase 2 can only end each of the
    phases 2 to 6; each is ended for it, and the turn passes to the next player, who
    chooses a card; a state with a real choice is left as it is."""
    state = at_step(edit(game(), 0, supply=counts()), Step.EXCHANGE)
    assert legal_moves(state) == (EndPhase(),)
    log: list[Event] = []
    after = settle(state, log)
    assert log == [TurnStarted(1)]
    assert after.step is Step.CHOOSE
    assert current_player(after) == 1
    assert after.turns == state.turns + 1
    assert after.players == state.players
    assert settle(game()) == game()


@pytest.mark.parametrize(
    "pending",
    [Pending(title=Title.LAGERBRAND), Pending()],
    ids=["a Patrizier question", "a card discard"],
)
def test_the_invariant_checker_reads_no_player_past_the_seats(pending: Pending) -> None:
    """A tampered state whose active seat is past the last player: the checks of the
    active player's hand are skipped, not failed on (the loader names the seat itself)."""
    step = Step.DISCARD_CARDS if pending.title is None else Step.PATRIZIER
    state = _waiting(game(), step, pending)
    assert state_problems(attrs.evolve(state, active=2)) == ()


def test_a_new_tower_and_the_building_cost_are_recorded_exactly() -> None:
    """Z40, Z43, ruling ZR16, Z44, Z49: a tower started this turn did not stand at its
    start and counts as raised, so phase 4 spares it; the building cost waiting to be
    paid is only a count of bricks, one less after each brick, naming no card, so that
    two states at the same decision are equal."""
    state = building(game(), counts(W=5, Y=2), towers=[tower(G, 2)])
    state = play(state, PlaceBrick(None, W))
    assert state.players[0].towers == (tower(G, 2), Tower(W, 1, at_turn_start=False, raised=True))
    state = play(state, *[PlaceBrick(1, W)] * 3)
    assert state.players[0].towers == (tower(G, 2), Tower(W, 4, at_turn_start=False, raised=True))
    pending: list[Pending] = []
    for move in (PayBrick(Y), PayBrick(W), PayBrick(Y)):
        assert state.step is Step.PAY_BUILD
        pending.append(state.pending)
        state = play(state, move)
    assert pending == [Pending(count=3), Pending(count=2), Pending(count=1)]
    assert state.step is Step.FULFIL
    assert state.players[0].towers == (Tower(W, 4, at_turn_start=False, raised=True),)


def _returned(events: tuple[Event, ...]) -> list[Event]:
    return [e for e in events if isinstance(e, BricksReturned | TowerDemolished)]


def test_automatic_tribut_pays_a_brick_per_tower_and_names_itself() -> None:
    """Z97, Z99, ruling ZR31, Z49: under the automatic discard every player pays one brick
    of a tower's colour for each of its towers, tallest first, as long as it has bricks of
    that colour, and the others come down; two towers of one colour cost two bricks; every
    brick and tower moved is reported as Tribut's."""
    state = edit(bare_row(game(2)), 0, supply=counts(W=3), towers=[tower(W, 5), tower(Y, 6)])
    towers = [tower(R, 2), tower(R, 4), tower(R, 3), tower(B, 1)]
    state = edit(state, 1, supply=counts(R=2, B=1), towers=towers)
    state = set_row(state, 0, Title.TRIBUT, counts())
    state, events = apply_with_events(state, ChooseCard(0))
    assert _returned(events) == [
        BricksReturned(0, counts(W=1), "Tribut"),
        TowerDemolished(0, Y, 6, 3, 3, "Tribut"),
        BricksReturned(1, counts(R=2, B=1), "Tribut"),
        TowerDemolished(1, R, 2, 1, 1, "Tribut"),
    ]
    assert state.players[0].supply == counts(W=2, Y=3)
    assert state.players[1].supply == counts(R=1)
    assert state.players[1].towers == (tower(R, 4), tower(R, 3), tower(B, 1))


def test_automatic_luxussteuer_and_hochwasser_name_themselves() -> None:
    """Z88, Z85, Z99, ruling ZR36: the bricks the automatic discard takes for Luxussteuer
    (two per tower of 5 floors or more, colours without a tower first) and for Hochwasser
    (a third, rounded up, of the bricks not from the card) are reported as that event's."""
    state = edit(bare_row(game(2)), 0, supply=counts(W=1, Y=2), towers=[tower(R, 5), tower(G, 6)])
    state = edit(state, 1, supply=counts(B=1), towers=[tower(W, 5)])
    taxed = set_row(state, 0, Title.LUXUSSTEUER, counts())
    _, events = apply_with_events(taxed, ChooseCard(0))
    assert _returned(events) == [
        BricksReturned(0, counts(W=1, Y=1), "Luxussteuer"),
        TowerDemolished(0, R, 5, 3, 2, "Luxussteuer"),
        TowerDemolished(1, W, 5, 3, 2, "Luxussteuer"),
    ]
    state = edit(state, 1, supply=counts(R=3, B=1), towers=[])
    flooded = set_row(state, 0, Title.HOCHWASSER, counts(G=1))
    _, events = apply_with_events(flooded, ChooseCard(0))
    assert _returned(events) == [
        BricksReturned(0, counts(W=1), "Hochwasser"),
        BricksReturned(1, counts(R=2), "Hochwasser"),
    ]


def test_lagerbrand_takes_exactly_three_eligible_bricks_without_a_choice() -> None:
    """Z86, ruling ZR30, ZR11: with exactly 3 bricks besides the card's, there is nothing to
    choose: all 3 go to the bag at once, reported as Lagerbrand's, the card's brick kept."""
    state = edit(bare_row(game(2)), 0, supply=counts(W=1, Y=2))
    state = set_row(state, 0, Title.LAGERBRAND, counts(G=1))
    state, events = apply_with_events(state, ChooseCard(0))
    assert _returned(events) == [BricksReturned(0, counts(W=1, Y=2), "Lagerbrand")]
    assert state.step is not Step.EVENT_BRICKS
    assert state.players[0].supply == counts(G=1)


@pytest.mark.parametrize(
    ("towers", "to"),
    [
        (([tower(R, 1)], []), "hand of 0"),
        (([], [tower(G, 1)]), "hand of 1"),
        (([tower(R, 1)], [tower(G, 1)]), "discard"),
        (([], []), "discard"),
    ],
    ids=["the chooser's 1-floor tower", "another's 1-floor tower", "a tie", "no tower"],
)
def test_denkmal_goes_to_the_sole_tallest_tower(towers: tuple[list[Tower], ...], to: str) -> None:
    """Z80, ruling ZR26: Denkmal goes into the hand of the one player whose tallest tower is
    the tallest, even of a single floor and even against a player with no tower; on a tie,
    or with no tower anywhere, it is discarded; the chooser keeps the card's bricks."""
    state = bare_row(game(2))
    for seat, site in enumerate(towers):
        state = edit(state, seat, towers=site)
    state = set_row(state, 0, Title.DENKMAL, counts(W=1))
    after, events = apply_with_events(state, ChooseCard(0))
    assert [e for e in events if isinstance(e, CardTaken)] == [
        CardTaken(0, Title.DENKMAL, counts(W=1), to)
    ]
    hands = [(Title.DENKMAL,) if to == f"hand of {seat}" else () for seat in range(2)]
    assert [p.hand for p in after.players] == hands
    assert after.discard == ((Title.DENKMAL,) if to == "discard" else ())
    chooser = tuple(a + b for a, b in zip(state.players[0].supply, counts(W=1), strict=True))
    assert after.players[0].supply == chooser


def test_einsturz_reports_the_whole_tower_to_the_bag() -> None:
    """Z81, ruling ZR27: the tower the chooser picks comes down entirely, every brick to the
    bag and none to the supply, reported as Einsturz's."""
    state = edit(bare_row(game()), 0, towers=[tower(R, 3), tower(G, 2)])
    state = play(set_row(state, 0, Title.EINSTURZ, counts()), ChooseCard(0))
    state, events = apply_with_events(state, ChooseTower(0))
    assert _returned(events) == [TowerDemolished(0, R, 3, 3, 0, "Einsturz")]
    assert state.players[0].towers == (tower(G, 2),)


def test_printed_luxussteuer_brings_down_every_tower_not_paid_for() -> None:
    """Z88, Z100 [printed], Z49: a player who can pay for one of its three towers of 5
    floors or more chooses it, pays its 2 bricks, and the other two come down, the last
    built first, each reported as Luxussteuer's."""
    state = game(2, event_discard="choice")
    state = edit(
        bare_row(state), 0, supply=counts(W=2), towers=[tower(R, 5), tower(G, 6), tower(B, 7)]
    )
    state = set_row(state, 0, Title.LUXUSSTEUER, counts())
    state = play(state, ChooseCard(0), PayTower(1), DiscardBrick(W))
    state, events = apply_with_events(state, DiscardBrick(W))
    assert _returned(events) == [
        BricksReturned(0, counts(W=1), "Luxussteuer"),
        TowerDemolished(0, B, 7, 4, 3, "Luxussteuer"),
        TowerDemolished(0, R, 5, 3, 2, "Luxussteuer"),
    ]
    assert state.players[0].towers == (tower(G, 6),)
    assert state.players[0].supply == counts(R=2, B=3)


def test_explicit_chance_grosshaendler_redraw_reveals_no_card() -> None:
    """Z84, ruling ZR29, ZR42: under explicit chance a Großhändler's redraw waits for chance
    with the card's slot, its number of bricks and the step to go back to; the last brick
    drawn goes back to that step with no card revealed, the row unchanged otherwise."""
    state = game(2, explicit_chance=True)
    while is_chance_node(state):
        state = apply(state, legal_moves(state)[0])
    state = edit(state, 0, hand=[Title.GROSSHAENDLER])
    count = sum(state.row[1].bricks)
    assert count > 1
    state = apply(state, PlayGrosshaendler(1))
    assert state.step is Step.CHANCE
    assert state.pending == Pending(
        title=Title.GROSSHAENDLER, slot=1, count=count, resume=Step.CHOOSE
    )
    for _ in range(count - 1):
        state = apply(state, legal_moves(state)[0])
    row = state.row
    draw = legal_moves(state)[0]
    assert isinstance(draw, DrawBrick)
    state, events = apply_with_events(state, draw)
    assert events == (MovePlayed(-1, draw),)
    assert state.step is Step.CHOOSE
    assert [c.title for c in state.row] == [c.title for c in row]


def test_a_bell_tower_delivery_names_the_player() -> None:
    """Z102, Z103: the delivery of a white 3-tower to Campanile is reported with the player
    who delivered it, and whether the card then left the church; the tower's bricks go to
    the bag as part of the delivery, with no demolition reported."""
    state = fulfil_phase([tower(W, 3, new=True)])
    bound = attrs.evolve(state, church=(Title.CAMPANILE,), bell=(False, False))
    _, events = apply_with_events(bound, DeliverBellTower(0))
    assert [e for e in events if isinstance(e, BellTowerDelivered)] == [
        BellTowerDelivered(0, False)
    ]
    assert _returned(events) == []
    last = attrs.evolve(state, church=(Title.CAMPANILE,), bell=(False, True))
    _, events = apply_with_events(last, DeliverBellTower(0))
    assert [e for e in events if isinstance(e, BellTowerDelivered)] == [BellTowerDelivered(0, True)]


def test_the_last_seal_takes_the_end_tile_and_reports_it() -> None:
    """Z104, ruling ZR38: the player who places its last seal takes the end tile and its
    prestige at once, reported as a bonus from the end tile; the commission comes first,
    its tower's bricks going to the bag with no demolition reported."""
    state = fulfil_phase([tower(R, 4, new=True)])
    last = attrs.evolve(state.players[0], seals=1)
    state = attrs.evolve(state, players=(last, *state.players[1:]))
    after, events = apply_with_events(state, Fulfil(0))
    bonus = default_catalog().constants.end_bonus
    prestige = default_catalog().commission_prestige(default_catalog().commission_index(R, 4))
    assert events == (
        MovePlayed(0, Fulfil(0)),
        CommissionFulfilled(0, R, 4, prestige, ""),
        BonusGained(0, "end tile", bonus),
        TurnStarted(1),
    )
    assert after.end_holder == 0
    assert after.players[0].earned == (prestige, 0, 0, 0, bonus)


def test_a_balcony_fulfilment_names_the_tile() -> None:
    """Z58, ruling ZR18: a tower of a balcony's colour and floors fulfils the balcony: the
    tile's prestige is earned as a balcony's, and the fulfilment names the tile."""
    catalog = default_catalog()
    tile = catalog.balcony("BI-Y")
    state = fulfil_phase([tower(tile.colour, tile.floors, new=True)])
    after, events = apply_with_events(state, Fulfil(0))
    fulfilled = [e for e in events if isinstance(e, CommissionFulfilled)]
    assert fulfilled == [CommissionFulfilled(0, tile.colour, tile.floors, tile.prestige, "BI-Y")]
    assert after.players[0].earned == (0, tile.prestige, 0, 0, 0)


def test_a_privilege_pays_the_player_who_fulfils_its_floors() -> None:
    """Z83, ruling ZR28: a commission of exactly the privilege's floors, of any colour,
    earns the player who fulfils it the card's prestige at once, reported as that
    privilege's bonus after the level tile's (Z59); the card leaves the church for the
    discard pile."""
    card = default_catalog().card(Title.KLEINES_PRIVILEG)
    state = _out_of_deck(fulfil_phase([tower(R, 5, new=True)]), Title.KLEINES_PRIVILEG)
    state = attrs.evolve(state, church=(Title.KLEINES_PRIVILEG,))
    after, events = apply_with_events(state, Fulfil(0))
    level = next(t.prestige for t in default_catalog().level_tiles if t.floors == 5)
    assert [e for e in events if isinstance(e, BonusGained)] == [
        BonusGained(0, "level tile 5", level),
        BonusGained(0, "Kleines Privileg", card.value),
    ]
    assert after.players[0].earned[2:4] == (level, card.value)
    assert after.church == ()
    assert Title.KLEINES_PRIVILEG in after.discard


def test_the_game_ends_after_the_turn_before_the_end_tile_holder() -> None:
    """Z105: the game ends when the player seated before the end tile's holder ends its
    turn (each other player has had one more turn), reported as an ending that is not
    the turn limit's; ruling ZR44: at the turn limit it ends, reported as truncated."""
    state = at_step(attrs.evolve(game(3), end_holder=1), Step.LIMITS)
    over, events = apply_with_events(state, EndPhase())
    assert events == (MovePlayed(0, EndPhase()), GameEnded(False))
    assert over.step is Step.OVER
    assert not over.truncated
    on = at_step(attrs.evolve(game(3), end_holder=1, active=2), Step.LIMITS)
    _, events = apply_with_events(on, EndPhase())
    assert events == (MovePlayed(2, EndPhase()), TurnStarted(0))
    limit = game(2).config.max_turns
    state = at_step(attrs.evolve(game(2), turns=limit - 1), Step.LIMITS)
    over, events = apply_with_events(state, EndPhase())
    assert events == (MovePlayed(0, EndPhase()), GameEnded(True))
    assert over.truncated


def test_a_new_turn_passes_clockwise_and_starts_afresh() -> None:
    """Z24, ruling ZR16: the turn passes to the next player clockwise; its towers all stood
    at the turn's start and none is raised yet; nothing is exchanged, placed or played."""
    towers = [Tower(R, 2, at_turn_start=False, raised=True), Tower(G, 1, True, True)]
    state = edit(game(3), 1, towers=towers)
    state = at_step(attrs.evolve(state, exchanged=True, placed=3), Step.LIMITS)
    after, events = apply_with_events(state, EndPhase())
    assert events == (MovePlayed(0, EndPhase()), TurnStarted(1))
    assert after.active == 1
    assert after.step is Step.CHOOSE
    assert after.players[1].towers == (tower(R, 2), tower(G, 1))
    assert (after.exchanged, after.placed, after.played) == (False, 0, ())


def test_the_supply_limit_discard_is_reported_and_five_cards_are_kept() -> None:
    """Z63: each brick returned for the supply limit is reported as the supply limit's;
    Z64: a player with exactly 5 cards, persons and a building, discards none."""
    state = play(at_step(edit(game(), 0, supply=counts(W=8, Y=3)), Step.LIMITS), EndPhase())
    _, events = apply_with_events(state, DiscardBrick(Y))
    assert events == (
        MovePlayed(0, DiscardBrick(Y)),
        BricksReturned(0, counts(Y=1), "supply limit"),
        TurnStarted(1),
    )
    hand = [Title.MAURER, Title.ALCHEMIST, Title.FUERSTIN, Title.ARCHITEKT]
    state = at_step(edit(game(), 0, hand=hand, buildings=[Title.WERKSTATT]), Step.LIMITS)
    after, events = apply_with_events(state, EndPhase())
    assert events == (MovePlayed(0, EndPhase()), TurnStarted(1))
    assert after.players[0].hand == tuple(sorted(hand))


def test_renaissance_shuffles_a_new_pile_with_no_start_cards_on_top() -> None:
    """Z92, Z21, ruling ZR42: Renaissance makes a new draw pile with no start card left on
    top; it is shuffled (with its own random source), or under explicit chance only
    gathered, and chance may then deal any card of it onto the free space."""
    state = attrs.evolve(game(), discard=(Title.RUHM, Title.TRIBUT))
    after = play(set_row(state, 0, Title.RENAISSANCE, counts()), ChooseCard(0))
    assert after.start_on_top == 0
    assert after.deck != tuple(sorted(after.deck))
    state = game(2, explicit_chance=True)
    while is_chance_node(state):
        state = play(state, legal_moves(state)[0])
    assert state.start_on_top > 0
    replaced = state.row[0].title
    state = _out_of_deck(set_row(state, 0, Title.RENAISSANCE, counts()), Title.RENAISSANCE)
    state = attrs.evolve(state, deck=(*state.deck, replaced), discard=(Title.RUHM,))
    state = play(state, ChooseCard(0))
    assert is_chance_node(state)
    assert state.start_on_top == 0
    assert state.deck == tuple(sorted(state.deck))
    dealt = {move.title for move, _ in chance_outcomes(state) if isinstance(move, DealCard)}
    assert dealt == set(state.deck)


@pytest.mark.parametrize(
    ("title", "buildings", "to"),
    [
        (Title.MAURER, [], "hand"),
        (Title.RUHM, [], "hand"),
        (Title.WERKSTATT, [], "buildings"),
        (Title.WERKSTATT, [Title.WERKSTATT], "discard"),
        (Title.KLEINES_PRIVILEG, [], "church"),
        (Title.EINSTURZ, [], "event"),
    ],
    ids=["a person", "a keep card", "a building", "a second building", "a church card", "an event"],
)
def test_a_card_taken_is_reported_with_where_it_went(
    title: Title, buildings: list[Title], to: str
) -> None:
    """Z31, Z70-Z73, Z69: a person or keep card goes into the hand, a building before the
    player (a second copy of one it owns to the discard pile), a church card onto the
    church, an event acts; the card taken is reported with its bricks and where it went."""
    state = edit(bare_row(game()), 0, buildings=buildings)
    state = set_row(state, 0, title, counts(Y=1))
    _, events = apply_with_events(state, ChooseCard(0))
    assert [e for e in events if isinstance(e, CardTaken)] == [CardTaken(0, title, counts(Y=1), to)]


def test_only_a_white_tower_of_3_floors_is_a_bell_tower() -> None:
    """Z102, ruling ZR37.2: a player bound by Campanile may deliver a white tower of exactly
    3 floors, and no other tower, whatever its colour or height."""
    towers = [tower(R, 3, new=True), tower(W, 4, new=True), tower(W, 3, new=True)]
    state = fulfil_phase(towers)
    state = attrs.evolve(state, church=(Title.CAMPANILE,), bell=(False, False))
    moves = legal_moves(state)
    assert [m for m in moves if isinstance(m, DeliverBellTower)] == [DeliverBellTower(2)]


def test_each_catalog_gets_its_own_balcony_commissions() -> None:
    """Z53, Z58: the commission of each balcony tile is read from the catalog asked about;
    an answer remembered for one catalog is never given for another."""
    catalog = default_catalog()
    first = catalog.balconies[0]
    taller = attrs.evolve(first, floors=first.floors + 1)
    other = attrs.evolve(catalog, balconies=(taller, *catalog.balconies[1:]))
    mine = catalog.commission_index(first.colour, first.floors)
    theirs = other.commission_index(first.colour, first.floors + 1)
    assert mine != theirs
    assert balcony_commissions(catalog)[first.id] == mine
    assert balcony_commissions(other)[first.id] == theirs
    assert balcony_commissions(catalog)[first.id] == mine
