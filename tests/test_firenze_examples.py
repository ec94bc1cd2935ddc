"""The 18 worked examples of the Firenze reference (components.md §14), played on the engine.

Positions are built from a fixed board (explicit balconies and neutral seals, ruling
ZR51) and edited with the helpers below, which keep all 88 bricks somewhere.  Numbers
are read from the catalog, so printed values can replace the reconstructed ones.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import pytest

from firenze_positions import (
    CATALOG,
    building,
    counts,
    edit,
    fulfil_phase,
    game,
    play,
    set_row,
    tower,
)
from princes_of_florence.firenze import FirenzeConfig, legal_moves, new_game
from princes_of_florence.firenze.engine import outcome
from princes_of_florence.firenze.ids import Colour, Step, Title
from princes_of_florence.firenze.moves import (
    ChooseCard,
    EndPhase,
    Exchange,
    Fulfil,
    PayBrick,
    PlaceBrick,
    PlayMaurer,
)
from princes_of_florence.firenze.rules.invariants import state_problems
from princes_of_florence.firenze.state import NEUTRAL, OPEN, Pending

C = CATALOG.constants
W, Y, G, R, B, V = Colour


def cost_of_placing(
    n: int, *, buildings: Iterable[Title] = (), maurer_after: int | None = None
) -> int:
    """The building cost paid after placing ``n`` white bricks on new towers."""
    hand = [Title.MAURER] if maurer_after is not None else []
    state = building(game(), counts(W=10, Y=10), buildings=buildings, hand=hand)
    for i in range(n):
        if maurer_after == i:
            state = play(state, PlayMaurer())
        state = play(state, PlaceBrick(None, W))
    if maurer_after == n:
        state = play(state, PlayMaurer())
    if state.step is Step.BUILD:  # ruling ZX1: with nothing left to decide it ends itself
        state = play(state, EndPhase())
    return state.pending.count if state.step is Step.PAY_BUILD else 0


# -- example 1: card costs ------------------------------------------------------------


def test_example_1_card_costs_by_position() -> None:
    """Leftmost card free, +1 per space: a card is chosen only if the supply holds its cost."""
    assert C.row_costs == (0, 1, 2, 3, 4, 5)
    for size in range(7):
        state = edit(game(), 0, supply=counts(W=size))
        slots = {m.slot for m in legal_moves(state) if isinstance(m, ChooseCard) and not m.fuerstin}
        assert slots == {s for s in range(6) if C.row_costs[s] <= size}


def test_example_1_paying_puts_one_brick_on_each_skipped_card() -> None:
    """Z29, ruling ZR10: one brick for each card left of the chosen one, leftmost first."""
    state = edit(game(), 0, supply=counts(W=1, Y=1, R=1))
    before = state.row
    chosen = before[3]
    state = play(state, ChooseCard(3), PayBrick(Y), PayBrick(R), PayBrick(W))
    assert [state.row[i].bricks for i in range(3)] == [
        tuple(a + b for a, b in zip(before[0].bricks, counts(Y=1), strict=True)),
        tuple(a + b for a, b in zip(before[1].bricks, counts(R=1), strict=True)),
        tuple(a + b for a, b in zip(before[2].bricks, counts(W=1), strict=True)),
    ]
    assert state.players[0].supply == chosen.bricks  # Z30: the card's bricks came after


# -- examples 2-4: building costs ---------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 7))
def test_example_2_building_costs(n: int) -> None:
    """Z44: 1..6 bricks cost 0, 0, 1, 3, 6, 10."""
    assert cost_of_placing(n) == C.build_cost[n - 1]
    assert C.build_cost == (0, 0, 1, 3, 6, 10)


def test_example_3_werkstatt() -> None:
    """Z98: with a Werkstatt, 3 bricks cost 0 and 4 cost 2."""
    assert cost_of_placing(3, buildings=[Title.WERKSTATT]) == 0
    assert cost_of_placing(4, buildings=[Title.WERKSTATT]) == 2


def test_example_4_maurer() -> None:
    """Z89: with a Maurer, 4 bricks cost 0 and 6 cost 7; with a Werkstatt too, 6 cost 6."""
    assert cost_of_placing(4, maurer_after=0) == 0
    assert cost_of_placing(6, maurer_after=0) == 7
    assert cost_of_placing(6, maurer_after=6, buildings=[Title.WERKSTATT]) == 6
    assert cost_of_placing(2, maurer_after=2, buildings=[Title.WERKSTATT]) == 0


def test_example_4_supply_must_still_pay_after_each_brick() -> None:
    """Ruling ZR15: a brick may be placed only if the supply can still pay the new cost."""
    state = building(game(), counts(W=8), hand=[Title.MAURER])
    state = play(state, *[PlaceBrick(None, W)] * 4)  # 4 left, cost 3
    assert not any(isinstance(m, PlaceBrick) for m in legal_moves(state))  # 3 left < 6
    state = play(state, PlayMaurer())  # cost now 0; a fifth brick costs 3 and 3 remain
    assert PlaceBrick(0, W) in legal_moves(state)
    state = play(state, PlaceBrick(0, W))  # a sixth would cost 7: phase 3 ends itself (ZX1)
    assert state.step is Step.PAY_BUILD
    assert state.pending.count == 3


# -- example 5: Brücke ----------------------------------------------------------------------


@pytest.mark.parametrize(("buildings", "paid"), [((), 3), ((Title.BRUECKE,), 2)])
def test_example_5_bruecke_exchanges_two_for_one(buildings: tuple[Title, ...], paid: int) -> None:
    """Z37, Z78: an exchange costs 3 bricks, 2 with a Brücke, and is made once a turn."""
    state = edit(game(), 0, supply=counts(W=5), buildings=buildings)
    state = set_row(state, 2, state.row[2].title, counts(V=1))
    state = attrs.evolve(state, step=Step.EXCHANGE, pending=Pending())
    state = play(state, Exchange(2, V), *[PayBrick(W)] * paid)
    assert state.players[0].supply == counts(W=5 - paid, V=1)
    assert state.row[2].bricks == counts(W=paid)
    assert not any(isinstance(m, Exchange) for m in legal_moves(state))


def test_example_5_exchange_needs_the_full_payment() -> None:
    """Ruling ZR14: with fewer bricks than the exchange costs, no exchange is offered."""
    state = edit(game(), 0, supply=counts(W=2))
    state = attrs.evolve(state, step=Step.EXCHANGE, pending=Pending())
    assert not any(isinstance(m, Exchange) for m in legal_moves(state))


# -- example 6: Hochwasser --------------------------------------------------------------------


def test_example_6_hochwasser_takes_a_third_rounded_up() -> None:
    """Z85: 4 bricks lose 2; the chooser's card bricks neither count nor go (ruling ZR11)."""
    state = game(3)
    state = edit(state, 0, supply=counts(W=4))
    state = edit(state, 1, supply=counts(W=2, Y=2))
    state = edit(state, 2, supply=counts(G=7))
    state = set_row(state, 0, Title.HOCHWASSER, counts(V=4))
    state = play(state, ChooseCard(0))
    assert state.players[0].supply == counts(W=2, V=4)  # 4 eligible -> 2 returned
    assert state.players[1].supply == counts(Y=2)  # ZR36: white (no tower) first
    assert state.players[2].supply == counts(G=4)  # 7 -> 3


# -- example 7: demolition ---------------------------------------------------------------


def test_example_7_abandoned_tower_demolished_half_up_to_the_bag() -> None:
    """Z49: a 5-tower not raised: 3 bricks to the bag, 2 to the supply; a raised one stays."""
    state = building(game(), counts(Y=1), towers=[tower(R, 5), tower(Y, 2)])
    bag = state.bag[R]
    state = play(state, PlaceBrick(1, Y), EndPhase())
    me = state.players[0]
    assert [(t.colour, t.height) for t in me.towers] == [(Y, 3)]
    assert me.supply == counts(R=2)
    assert state.bag[R] == bag + 3


# -- example 8: Architekt ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("colour", "height", "architect", "floors"),
    [(Y, 3, 1, 4), (Y, 2, 1, 3), (R, 9, -1, 8), (B, 4, -1, 3)],
)
def test_example_8_architekt_counts_one_floor_more_or_less(
    colour: Colour, height: int, architect: int, floors: int
) -> None:
    """Z76, ruling ZR22: a yellow 3 as a 4, a 2 as a 3, a 9 as an 8."""
    state = fulfil_phase([tower(colour, height, new=True)], [Title.ARCHITEKT])
    assert Fulfil(0, architect) in legal_moves(state)
    state = play(state, Fulfil(0, architect))
    assert state.seals[CATALOG.commission_index(colour, floors)] == 0
    assert Title.ARCHITEKT in state.discard


def test_example_8_no_commission_for_2_or_9_floors_without_architekt() -> None:
    """Z55: heights must match exactly; 2 and 9 floors match no commission."""
    state = fulfil_phase([tower(Y, 2, new=True), tower(R, 9, new=True)])
    assert not any(isinstance(m, Fulfil) for m in legal_moves(state))


# -- examples 9, 10: start conditions ------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_example_9_starting_bricks_and_bag(players: int) -> None:
    """Z19, Z22: 2, 3, 4, 5 white by seat; the bag after the first row holds 59/55/50."""
    state = game(players, start_seat=players - 1)
    whites = [state.players[(players - 1 + k) % players].supply for k in range(players)]
    assert whites == [counts(W=C.start_white[k]) for k in range(players)]
    assert sum(state.bag) == 88 - sum(C.start_white[:players]) - 6 * C.bricks_per_new_card
    assert sum(state.bag) == {2: 59, 3: 55, 4: 50}[players]
    assert all(sum(card.bricks) == 4 for card in state.row)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_example_10_seals_per_player(players: int) -> None:
    """Z17: 9, 7 or 6 seals each; all together never exceed the 31 open commissions."""
    state = game(players)
    assert [p.seals for p in state.players] == [C.seals_by_players[players - 2]] * players
    assert players * state.players[0].seals <= state.seals.count(OPEN) == 31


# -- example 11: majority tie-break ---------------------------------------------------------


def test_example_11_majority_tie_goes_to_the_highest_seal() -> None:
    """Z106: equal counts on a tower: the player with the highest seal takes the flag."""
    state = game(3)
    seals = list(state.seals)
    seals[CATALOG.commission_index(Y, 3)] = 0
    seals[CATALOG.commission_index(Y, 6)] = 0
    seals[CATALOG.commission_index(Y, 4)] = 1
    seals[CATALOG.commission_index(Y, 7)] = 1
    seals[CATALOG.commission_index(B, 5)] = 2
    players = list(state.players)
    players[0] = attrs.evolve(players[0], seals=players[0].seals - 2)
    players[1] = attrs.evolve(players[1], seals=players[1].seals - 2)
    players[2] = attrs.evolve(players[2], seals=players[2].seals - 1)
    state = attrs.evolve(
        state, seals=tuple(seals), players=tuple(players), step=Step.OVER, pending=Pending()
    )
    scores = outcome(state).scores
    assert [s.majorities for s in scores] == [
        0,
        CATALOG.majorities[Y].bonus,
        CATALOG.majorities[B].bonus,
    ]


# -- example 12: the neutral-seal sampler -------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_example_12_recommended_neutral_seals(seed: int) -> None:
    """Ruling ZR4: 5 balcony-free seals, 2-3 on 3/4 floors, at most 2 tiles where room is."""
    state = new_game(FirenzeConfig(players=2, seed=seed))
    neutral = [i for i, owner in enumerate(state.seals) if owner == NEUTRAL]
    assert len(neutral) == C.neutral_seals_used
    balconies = {
        CATALOG.commission_index(CATALOG.balcony(t).colour, CATALOG.balcony(t).floors)
        for t in state.balconies
    }
    assert not balconies & set(neutral)
    assert 2 <= sum(1 for i in neutral if CATALOG.commissions[i].floors <= 4) <= 3
    for colour in range(6):
        on = sum(1 for i in neutral if i // 6 == colour)
        tiles = sum(1 for i in balconies if i // 6 == colour)
        assert on <= max(0, 2 - tiles)


# -- example 13: balconies ----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_example_13_one_balcony_per_numeral(seed: int) -> None:
    """Z14, ruling ZR3: numerals I to IV, one tile each, on distinct commissions."""
    state = new_game(FirenzeConfig(players=3, seed=seed))
    specs = [CATALOG.balcony(t) for t in state.balconies]
    assert [s.numeral for s in specs] == [1, 2, 3, 4]
    assert len({(s.colour, s.floors) for s in specs}) == 4


def test_example_13_balconies_in_numeral_order_for_their_tile_value() -> None:
    """Z58, ruling ZR18: only the lowest open numeral; it scores the tile's total."""
    state = fulfil_phase([tower(G, 5, new=True), tower(Y, 4, new=True)])
    assert Fulfil(0) not in legal_moves(state)  # BII-G waits for BI-Y
    state = play(state, Fulfil(1))
    assert state.players[0].earned[1] == CATALOG.balcony("BI-Y").prestige
    assert Fulfil(0) in legal_moves(state)  # Z57: the next balcony in the same turn
    state = play(state, Fulfil(0))
    assert state.players[0].earned[1] == (
        CATALOG.balcony("BI-Y").prestige + CATALOG.balcony("BII-G").prestige
    )


# -- example 14: level tiles ---------------------------------------------------------------


def test_example_14_level_tile_to_the_first_only() -> None:
    """Z59: the first fulfilment of a tile's floor count earns it, once."""
    tile = CATALOG.level_tiles[0]
    state = fulfil_phase([tower(W, tile.floors, new=True), tower(Y, tile.floors, new=True)])
    state = play(state, Fulfil(0))
    assert state.players[0].earned[2] == tile.prestige
    assert tile.floors not in state.level_tiles
    state = play(state, Fulfil(0))
    assert state.players[0].earned[2] == tile.prestige


# -- example 15: privileges ------------------------------------------------------------------


@pytest.mark.parametrize(
    "title", [Title.KLEINES_PRIVILEG, Title.MITTLERES_PRIVILEG, Title.GROSSES_PRIVILEG]
)
def test_example_15_privilege_for_exactly_its_floors(title: Title) -> None:
    """Z83: a privilege pays its bonus to the next fulfilment of exactly its floors."""
    spec = CATALOG.card(title)
    floors = spec.floors[0]
    state = fulfil_phase([tower(Y, floors - 1, new=True), tower(W, floors, new=True)])
    state = attrs.evolve(state, church=(title,), balconies=("BI-B", "BII-B", "BIII-B", "BIV-B"))
    state = play(state, Fulfil(0))  # a commission of other floors leaves the card
    assert state.church == (title,)
    state = play(state, Fulfil(0))
    assert state.church == ()
    assert state.players[0].earned[3] == spec.value
    assert title in state.discard


# -- examples 16-18: ranking, cards, bonuses at the end ---------------------------------------


def test_example_16_automatic_discard_takes_cheapest_colours_without_towers() -> None:
    """Z99, ruling ZR36: colours without a tower first, then the cheapest."""
    state = game(2)
    state = edit(state, 1, supply=counts(W=2, Y=2, V=2), towers=[tower(W, 1)])
    state = set_row(state, 0, Title.HOCHWASSER, counts())
    state = play(state, ChooseCard(0))
    assert state.players[1].supply == counts(W=2, V=2)  # Y first: no yellow tower


def test_example_18_keep_cards_and_end_bonus_at_the_end() -> None:
    """Z107, Z104: Ruhm +3, Denkmal +3, Blamage -2, Skandal -3; the end tile +5."""
    state = edit(game(), 0, hand=[Title.RUHM, Title.DENKMAL, Title.BLAMAGE, Title.SKANDAL])
    state = fulfil_phase([])
    state = edit(state, 0, towers=[tower(R, 3, new=True)], hand=[Title.RUHM, Title.SKANDAL])
    players = list(state.players)
    players[0] = attrs.evolve(players[0], seals=1)
    seals = list(state.seals)
    for _ in range(C.seals_by_players[0] - 1):  # the other 8 seals on open commissions
        seals[[k for k, s in enumerate(seals) if s == OPEN][-1]] = 0
    state = attrs.evolve(state, players=tuple(players), seals=tuple(seals))
    state = play(state, Fulfil(0))
    assert state.end_holder == 0
    assert state.players[0].earned[4] == C.end_bonus
    score = outcome(attrs.evolve(state, step=Step.OVER)).scores[0]
    assert score.keep_cards == (("Ruhm", 3), ("Skandal", -3))
    assert score.end_bonus == 5


def test_examples_keep_the_bricks_whole() -> None:
    """The helpers keep all 88 bricks somewhere (so the examples are real positions)."""
    state = building(game(3), counts(W=9, V=3), towers=[tower(R, 5)])
    assert not [p for p in state_problems(state) if "bricks" in p]
