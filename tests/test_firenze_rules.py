"""Firenze's rules and rulings, one behaviour per test: phase 1's order, the events under
both discards, the persons' windows, Campanile, the limits, the end and final scoring."""

from __future__ import annotations

import attrs
import pytest

from firenze_positions import (
    CATALOG,
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
from princes_of_florence.firenze import FirenzeConfig, apply, legal_moves, new_game
from princes_of_florence.firenze.engine import (
    apply_with_events,
    chance_outcomes,
    current_player,
    is_chance_node,
    outcome,
)
from princes_of_florence.firenze.errors import IllegalMoveError
from princes_of_florence.firenze.events import CardTaken, TowerDemolished
from princes_of_florence.firenze.ids import Colour, Step, Title
from princes_of_florence.firenze.moves import (
    CancelEvent,
    ChooseCard,
    ChooseTower,
    DealCard,
    DeliverBellTower,
    DiscardBrick,
    DiscardCard,
    DrawBrick,
    EndPhase,
    Fulfil,
    PayBrick,
    PayTower,
    PlaceBrick,
    PlayAlchemist,
    PlayGrosshaendler,
    PlayPatrizier,
    PlaySaboteur,
    PlaySchmuggler,
)
from princes_of_florence.firenze.rules.invariants import state_problems
from princes_of_florence.firenze.state import NO_PLAYER, OPEN, State

C = CATALOG.constants
W, Y, G, R, B, V = Colour


def choosing(state: State, title: Title, bricks: tuple[int, ...] = (0, 0, 0, 0, 0, 0)) -> State:
    """``state`` with ``title`` as the free leftmost card."""
    return set_row(state, 0, title, bricks)


# -- phase 1 ---------------------------------------------------------------------------------


def test_grosshaendler_redraws_before_the_choice_only() -> None:
    """Z84, ruling ZR29: played before the choice; the card keeps its number of bricks."""
    state = edit(game(), 0, hand=[Title.GROSSHAENDLER], supply=counts(W=3))
    assert PlayGrosshaendler(2) in legal_moves(state)
    after = play(state, PlayGrosshaendler(2))
    assert sum(after.row[2].bricks) == sum(state.row[2].bricks)
    assert after.draws == state.draws + 1
    assert not any(isinstance(m, PlayGrosshaendler) for m in legal_moves(after))  # Z70
    paying = play(state, ChooseCard(2))
    assert not any(isinstance(m, PlayGrosshaendler) for m in legal_moves(paying))


def test_grosshaendler_needs_a_card_with_bricks() -> None:
    """Ruling ZR29: a card without bricks cannot be redrawn."""
    state = edit(choosing(game(), Title.RUHM), 0, hand=[Title.GROSSHAENDLER])
    assert PlayGrosshaendler(0) not in legal_moves(state)


def test_fuerstin_waives_the_cost_and_the_skipped_cards_get_nothing() -> None:
    """Z82, ruling ZR25: no cost with a Fürstin; she is discarded."""
    state = edit(game(), 0, hand=[Title.FUERSTIN], supply=counts())
    row = state.row
    assert ChooseCard(5) not in legal_moves(state)
    after = play(state, ChooseCard(5, True))
    assert [c.bricks for c in after.row[:5]] == [c.bricks for c in row[:5]]
    assert after.players[0].supply == row[5].bricks
    assert Title.FUERSTIN in after.discard


def test_patrizier_cancels_an_event_and_the_bricks_stay() -> None:
    """Z32, ruling ZR32 (a): the event does nothing, both cards go to the discard pile."""
    state = edit(game(), 0, hand=[Title.PATRIZIER], supply=counts(W=9))
    state = choosing(state, Title.LAGERBRAND, counts(Y=2))
    state = play(state, ChooseCard(0))
    assert state.step is Step.PATRIZIER
    assert legal_moves(state) == (CancelEvent(True), CancelEvent(False))
    after = play(state, CancelEvent(True))
    assert after.players[0].supply == counts(W=9, Y=2)
    assert Title.LAGERBRAND in after.discard
    assert Title.PATRIZIER in after.discard


def test_patrizier_declined_lets_the_event_act() -> None:
    """Ruling ZR32: declining resolves the event; the Patrizier stays in hand."""
    state = edit(game(), 0, hand=[Title.PATRIZIER], supply=counts(W=2))
    state = play(choosing(state, Title.LAGERBRAND, counts(Y=2)), ChooseCard(0))
    after = play(state, CancelEvent(False))
    assert after.players[0].supply == counts(Y=2)  # ZR30: only the 2 eligible go
    assert Title.PATRIZIER in after.players[0].hand


def test_no_cancel_after_a_patrizier_was_played_this_turn() -> None:
    """Z70: a second Patrizier in one turn is not allowed, so no cancel is offered."""
    state = edit(game(), 0, hand=[Title.PATRIZIER, Title.PATRIZIER, Title.BLAMAGE])
    state = play(state, PlayPatrizier(Title.BLAMAGE))
    state = play(choosing(state, Title.LAGERBRAND), ChooseCard(0))
    assert state.step is not Step.PATRIZIER


def test_einsturz_takes_a_chosen_tower_whole() -> None:
    """Z81, ruling ZR27: the chooser picks the tower; every brick goes to the bag."""
    state = edit(bare_row(game()), 0, towers=[tower(R, 4), tower(W, 2)])
    state = play(choosing(state, Title.EINSTURZ), ChooseCard(0))
    assert legal_moves(state) == (ChooseTower(0), ChooseTower(1))
    bag = state.bag
    state = play(state, ChooseTower(0))
    assert [(t.colour, t.height) for t in state.players[0].towers] == [(W, 2)]
    assert state.bag[R] == bag[R] + 4


def test_einsturz_without_a_tower_does_nothing() -> None:
    """Z81: without a tower nothing happens and phase 1 ends."""
    state = play(choosing(game(), Title.EINSTURZ), ChooseCard(0))
    assert state.step.phase > 1
    assert Title.EINSTURZ in state.discard


def test_pfusch_takes_one_brick_and_a_tower_of_one_leaves() -> None:
    """Z91, ruling ZR33: one brick to the bag; a tower brought to 0 leaves the site."""
    state = edit(bare_row(game()), 0, towers=[tower(Y, 1), tower(B, 3)])
    state = play(choosing(state, Title.PFUSCH), ChooseCard(0))
    one = play(state, ChooseTower(0))
    assert [(t.colour, t.height) for t in one.players[0].towers] == [(B, 3)]
    three = play(state, ChooseTower(1))
    assert [(t.colour, t.height) for t in three.players[0].towers] == [(Y, 1), (B, 2)]


def test_lagerbrand_protects_the_cards_bricks() -> None:
    """Z86, ruling ZR30: 3 bricks of the player's choice, never the card's."""
    state = edit(game(), 0, supply=counts(W=2, G=2))
    state = play(choosing(state, Title.LAGERBRAND, counts(V=3)), ChooseCard(0))
    assert state.step is Step.EVENT_BRICKS
    assert legal_moves(state) == (DiscardBrick(W), DiscardBrick(G))
    state = play(state, DiscardBrick(G), DiscardBrick(G))
    assert legal_moves(state) == (DiscardBrick(W),)
    state = play(state, DiscardBrick(W))
    assert state.players[0].supply == counts(W=1, V=3)


def test_renaissance_shuffles_discard_and_deck_with_itself_before_the_refill() -> None:
    """Z92: the discard pile, the draw pile and Renaissance form the new draw pile."""
    state = attrs.evolve(game(), discard=(Title.RUHM, Title.TRIBUT))
    deck = len(state.deck)
    state = play(choosing(state, Title.RENAISSANCE), ChooseCard(0))
    assert state.discard == ()
    assert len(state.deck) == deck + 3 - 1  # one card went to the row
    assert state.start_on_top == 0


def test_denkmal_goes_to_the_sole_tallest_tower_even_out_of_turn() -> None:
    """Z80, ruling ZR26: the owner of the tallest tower takes it, active or not."""
    state = edit(bare_row(game(3)), 1, towers=[tower(Y, 4)])
    state = edit(state, 0, towers=[tower(W, 3), tower(W, 3)])
    state, events = apply_with_events(choosing(state, Title.DENKMAL), ChooseCard(0))
    assert Title.DENKMAL in state.players[1].hand
    assert CardTaken(0, Title.DENKMAL, counts(), "hand of 1") in events


def test_denkmal_on_a_tie_is_discarded() -> None:
    """Ruling ZR26: a shared tallest height gives it to nobody."""
    state = edit(bare_row(game(3)), 1, towers=[tower(Y, 4)])
    state = edit(state, 2, towers=[tower(G, 4)])
    state = play(choosing(state, Title.DENKMAL), ChooseCard(0))
    assert Title.DENKMAL in state.discard


def test_a_second_identical_building_is_discarded() -> None:
    """Z72: nobody owns two identical buildings; the bricks are kept."""
    state = edit(game(), 0, buildings=[Title.WERKSTATT], supply=counts())
    state = play(choosing(state, Title.WERKSTATT, counts(R=1)), ChooseCard(0))
    assert state.players[0].buildings == (Title.WERKSTATT,)
    assert state.players[0].supply == counts(R=1)
    assert Title.WERKSTATT in state.discard


def test_row_shifts_left_and_refills_on_the_right() -> None:
    """Z33: the cards right of the gap move left; a new card with 4 bricks on the right."""
    state = edit(game(), 0, supply=counts(W=2))
    titles = [c.title for c in state.row]
    top = state.deck[0]
    state = play(state, ChooseCard(2), PayBrick(W), PayBrick(W))
    assert [c.title for c in state.row] == [*titles[:2], *titles[3:], top]
    assert sum(state.row[5].bricks) == C.bricks_per_new_card


def test_empty_deck_is_rebuilt_from_the_discard_pile_at_once() -> None:
    """Z35, ruling ZR13: when the last card leaves the draw pile the discard pile is shuffled."""
    state = attrs.evolve(game(), deck=(Title.RUHM,), discard=(Title.TRIBUT, Title.MAURER))
    state = play(choosing(state, Title.SKANDAL), ChooseCard(0))
    assert state.row[5].title is Title.RUHM
    assert sorted(state.deck) == [Title.MAURER, Title.TRIBUT]
    assert state.discard == ()


# -- the three all-player events ---------------------------------------------------------


def test_tribut_pays_the_tallest_and_refunds_do_not_pay() -> None:
    """Z97, ruling ZR31: one yellow pays for the tallest yellow; the rest come down."""
    state = edit(
        bare_row(game()), 1, supply=counts(Y=1), towers=[tower(Y, 3), tower(Y, 5), tower(R, 2)]
    )
    state = play(choosing(state, Title.TRIBUT), ChooseCard(0))
    p = state.players[1]
    assert [(t.colour, t.height) for t in p.towers] == [(Y, 5)]
    assert p.supply == counts(Y=1, R=1)  # Y3: 2 to the bag, 1 back; R2: 1 and 1


def test_tribut_may_be_paid_with_the_cards_bricks() -> None:
    """Ruling ZR48: the chooser's card bricks pay Tribut."""
    state = edit(bare_row(game()), 0, supply=counts(W=3), towers=[tower(G, 2)])
    state = play(choosing(state, Title.TRIBUT, counts(G=1)), ChooseCard(0))
    assert state.step is Step.EXCHANGE
    assert [(t.colour, t.height) for t in state.players[0].towers] == [(G, 2)]
    assert state.players[0].supply == counts(W=3)


def test_luxussteuer_pays_two_bricks_per_tall_tower_or_demolishes() -> None:
    """Z88, ruling ZR31: 3 bricks pay for one tower (tallest first); the other comes down."""
    state = edit(
        bare_row(game()), 1, supply=counts(W=1, B=2), towers=[tower(B, 5), tower(W, 6), tower(Y, 4)]
    )
    state = play(choosing(state, Title.LUXUSSTEUER), ChooseCard(0))
    p = state.players[1]
    assert [(t.colour, t.height) for t in p.towers] == [(W, 6), (Y, 4)]
    # ZR36: blue has a tower at the start and white too: the cheapest, white, goes first
    assert p.supply == counts(B=3)  # 1 blue left, 2 back from the 5-tower


def test_hochwasser_with_an_empty_supply_takes_nothing() -> None:
    """Z85: a third of nothing is nothing."""
    state = edit(game(), 1, supply=counts())
    state = play(choosing(state, Title.HOCHWASSER), ChooseCard(0))
    assert state.players[1].supply == counts()


def test_printed_hochwasser_each_player_chooses_in_seat_order() -> None:
    """Z100 [printed], rulings ZR9, ZR43: each affected player picks their bricks."""
    state = game(3, event_discard="choice", start_seat=1)
    state = edit(state, 1, supply=counts(W=3))
    state = edit(state, 2, supply=counts(Y=1, V=2))
    state = edit(state, 0, supply=counts(G=4))
    state = play(choosing(state, Title.HOCHWASSER), ChooseCard(0))
    assert current_player(state) == 1
    state = play(state, DiscardBrick(W))
    assert current_player(state) == 2
    assert legal_moves(state) == (DiscardBrick(Y), DiscardBrick(V))
    state = play(state, DiscardBrick(V))
    assert current_player(state) == 0
    state = play(state, DiscardBrick(G), DiscardBrick(G))
    assert state.players[2].supply == counts(Y=1, V=1)
    assert state.players[0].supply == counts(G=2)
    assert state.active == 1


def test_printed_tribut_short_player_chooses_the_towers_paid() -> None:
    """Z100 [printed]: with fewer bricks of a colour than towers, the owner chooses."""
    state = game(2, event_discard="choice")
    state = edit(bare_row(state), 1, supply=counts(R=1), towers=[tower(R, 2), tower(R, 6)])
    state = play(choosing(state, Title.TRIBUT), ChooseCard(0))
    assert current_player(state) == 1
    assert legal_moves(state) == (PayTower(0), PayTower(1))
    state = play(state, PayTower(0))
    assert [(t.colour, t.height) for t in state.players[1].towers] == [(R, 2)]
    assert state.players[1].supply == counts(R=3)


def test_printed_luxussteuer_chooses_towers_then_bricks() -> None:
    """Z100 [printed]: as many towers as the supply pays, then 2 bricks for each."""
    state = game(2, event_discard="choice")
    state = edit(bare_row(state), 1, supply=counts(W=2, Y=1), towers=[tower(R, 5), tower(G, 7)])
    state = play(choosing(state, Title.LUXUSSTEUER), ChooseCard(0))
    assert legal_moves(state) == (PayTower(0), PayTower(1))
    state = play(state, PayTower(0))
    assert legal_moves(state) == (DiscardBrick(W), DiscardBrick(Y))
    state = play(state, DiscardBrick(Y), DiscardBrick(W))
    p = state.players[1]
    assert [(t.colour, t.height) for t in p.towers] == [(R, 5)]
    assert p.supply == counts(W=1, G=3)


# -- persons at any point of the turn (ruling ZR21) ------------------------------------


def test_free_persons_only_at_decisions_not_while_paying() -> None:
    """Ruling ZR21: Alchemist is offered at phase 1's choice, not during the card payment."""
    state = edit(game(), 0, hand=[Title.ALCHEMIST], supply=counts(W=3))
    assert any(isinstance(m, PlayAlchemist) for m in legal_moves(state))
    paying = play(state, ChooseCard(3))
    assert paying.step is Step.PAY_CARD
    assert not any(isinstance(m, PlayAlchemist) for m in legal_moves(paying))


def test_alchemist_swaps_for_a_different_colour_in_the_bag() -> None:
    """Z74, ruling ZR24: give a supply brick, take a different colour from the bag."""
    state = edit(game(), 0, hand=[Title.ALCHEMIST], supply=counts(W=1))
    moves = [m for m in legal_moves(state) if isinstance(m, PlayAlchemist)]
    assert {m.give for m in moves} == {W}
    assert W not in {m.take for m in moves}
    after = play(state, PlayAlchemist(W, V))
    assert after.players[0].supply == counts(V=1)
    assert after.bag[V] == state.bag[V] - 1


def test_schmuggler_and_saboteur_act_on_other_players() -> None:
    """Z95, Z94: swap with another player's supply; take a brick of another's tower."""
    state = edit(game(3), 0, hand=[Title.SCHMUGGLER, Title.SABOTEUR], supply=counts(W=1))
    state = edit(state, 2, supply=counts(B=1), towers=[tower(G, 2)])
    state = edit(state, 1, supply=counts())
    moves = legal_moves(state)
    assert {(m.player, m.give, m.take) for m in moves if isinstance(m, PlaySchmuggler)} == {
        (2, W, B)
    }
    assert [m for m in moves if isinstance(m, PlaySaboteur)] == [PlaySaboteur(2, 0)]
    state = play(state, PlaySchmuggler(2, W, B), PlaySaboteur(2, 0))
    assert state.players[0].supply == counts(B=1)
    assert state.players[2].supply == counts(W=1)
    assert state.players[2].towers[0].height == 1


def test_patrizier_discards_a_keep_card_in_phase_six() -> None:
    """Z90 (b), ruling ZR20: the window of phase 6 lets a Patrizier drop a Blamage."""
    state = edit(game(), 0, hand=[Title.PATRIZIER, Title.BLAMAGE])
    state = at_step(state, Step.LIMITS)
    assert PlayPatrizier(Title.BLAMAGE) in legal_moves(state)
    state = play(state, PlayPatrizier(Title.BLAMAGE))
    assert Title.BLAMAGE not in state.players[0].hand


# -- Campanile (Z101-Z103, ruling ZR37) --------------------------------------------------


def test_campanile_binds_everyone_until_the_bell_tower_is_delivered() -> None:
    """Z101, Z102: no fulfilment while bound; a white 3-tower delivers, in the same turn."""
    state = fulfil_phase([tower(W, 3, new=True), tower(Y, 3, new=True)])
    state = attrs.evolve(state, church=(Title.CAMPANILE,), bell=(False, False))
    moves = legal_moves(state)
    assert not any(isinstance(m, Fulfil) for m in moves)
    assert DeliverBellTower(0) in moves
    state = play(state, DeliverBellTower(0))
    assert state.bell == (True, False)
    assert Fulfil(0) in legal_moves(state)


def test_campanile_released_when_all_have_delivered() -> None:
    """Z103: the last small seal releases the card to the discard pile."""
    state = fulfil_phase([tower(W, 3, new=True)])
    state = attrs.evolve(state, church=(Title.CAMPANILE,), bell=(False, True))
    state = play(state, DeliverBellTower(0))
    assert state.bell == ()
    assert Title.CAMPANILE not in state.church
    assert Title.CAMPANILE in state.discard


def test_choosing_campanile_binds_the_chooser_too() -> None:
    """Ruling ZR37.4: the card binds from the moment it is placed."""
    state = play(choosing(game(3), Title.CAMPANILE), ChooseCard(0))
    assert state.bell == (False, False, False)
    assert state.church == (Title.CAMPANILE,)


# -- phase 6 (Z62-Z66) ------------------------------------------------------------------------


def test_supply_limit_returns_the_excess_chosen_by_the_player() -> None:
    """Z63: more than 10 bricks: the player returns the excess, colours of their choice."""
    state = at_step(edit(game(), 0, supply=counts(W=8, Y=4)), Step.LIMITS)
    state = play(state, EndPhase())
    assert state.step is Step.DISCARD_BRICKS
    state = play(state, DiscardBrick(Y), DiscardBrick(W))
    assert state.players[0].supply == counts(W=7, Y=3)
    assert state.active == 1


def test_lagerhaus_raises_the_supply_limit_and_lifts_the_card_limit() -> None:
    """Z87: 15 bricks and any number of cards."""
    hand = [Title.RUHM, Title.MAURER, Title.ALCHEMIST, Title.FUERSTIN, Title.ARCHITEKT]
    state = edit(
        bare_row(game()), 0, supply=counts(W=9, Y=6), buildings=[Title.LAGERHAUS], hand=hand
    )
    state = play(at_step(state, Step.LIMITS), EndPhase())
    assert state.active == 1


def test_card_limit_discards_persons_or_buildings_never_keep_cards() -> None:
    """Z64, Z65: over 5 cards, persons and buildings go; keep cards stay even above 5."""
    keep = [Title.RUHM, Title.RUHM, Title.SKANDAL, Title.BLAMAGE, Title.DENKMAL, Title.BLAMAGE]
    state = edit(game(), 0, hand=[*keep, Title.MAURER], buildings=[Title.WERKSTATT])
    state = play(at_step(state, Step.LIMITS), EndPhase())
    assert legal_moves(state) == (DiscardCard(Title.MAURER), DiscardCard(Title.WERKSTATT))
    state = play(state, DiscardCard(Title.WERKSTATT))
    state = play(state, DiscardCard(Title.MAURER))
    assert state.players[0].hand == tuple(sorted(keep))
    assert state.active == 1


# -- the end (Z104-Z108, rulings ZR38, ZR40, ZR44) -----------------------------------------


def last_seal(state: State, seat: int) -> State:
    """``state`` with player ``seat`` down to their last seal (the rest on open commissions)."""
    seals = list(state.seals)
    have = state.players[seat].seals
    for _ in range(have - 1):
        seals[[k for k, s in enumerate(seals) if s == OPEN][-1]] = seat
    players = list(state.players)
    players[seat] = attrs.evolve(players[seat], seals=1)
    return attrs.evolve(state, seals=tuple(seals), players=tuple(players))


def test_last_seal_ends_the_game_after_everyone_elses_last_turn() -> None:
    """Z104, Z105: +5 and the end tile; each other player has exactly one more turn."""
    state = last_seal(fulfil_phase([tower(R, 3, new=True)]), 0)
    state = attrs.evolve(state, config=attrs.evolve(state.config, players=2))
    state = play(state, Fulfil(0))
    assert state.end_holder == 0
    assert state.players[0].earned[4] == C.end_bonus
    assert state.active == 1
    assert current_player(state) == 1
    # player 1's last turn: a free card, then the phases end; the game is over after it
    while current_player(state) is not None:
        assert state.active == 1
        state = apply(state, legal_moves(state)[-1] if state.step.phase > 1 else ChooseCard(0))
    assert not state.truncated


def test_a_later_last_seal_gets_no_bonus() -> None:
    """Ruling ZR38: only the first to place their last seal gains the bonus."""
    state = last_seal(fulfil_phase([tower(R, 3, new=True)]), 0)
    state = attrs.evolve(state, end_holder=1)
    state = play(state, Fulfil(0))
    assert state.end_holder == 1
    assert state.players[0].earned[4] == 0


def test_turn_limit_ends_the_game_truncated() -> None:
    """Ruling ZR44: at max_turns the game ends with ordinary scoring, flagged truncated."""
    state = game(2, max_turns=1)
    while not state.is_over:
        moves = legal_moves(state)
        state = apply(state, next((m for m in moves if isinstance(m, EndPhase)), moves[0]))
    assert state.truncated
    assert outcome(state).truncated
    assert state.turns == 1


def test_shared_win_when_prestige_is_tied() -> None:
    """Z108: players tied for the most prestige all win."""
    state = attrs.evolve(game(3), step=Step.OVER)
    assert outcome(state).winners == (0, 1, 2)


@pytest.mark.parametrize(("mode", "points"), [("both", 2), ("split", 1)])
def test_anerkennung_readings(mode: str, points: int) -> None:
    """Z75, ruling ZR46: "both" counts 3- and 4-floor seals per card; "split" one height."""
    title = Title.ANERKENNUNG if mode == "both" else Title.ANERKENNUNG3
    state = edit(game(2, anerkennung=mode), 0, hand=[title])
    seals = list(state.seals)
    seals[CATALOG.commission_index(Y, 3)] = 0
    seals[CATALOG.commission_index(R, 4)] = 0
    players = list(state.players)
    players[0] = attrs.evolve(players[0], seals=players[0].seals - 2)
    state = attrs.evolve(state, seals=tuple(seals), players=tuple(players), step=Step.OVER)
    assert outcome(state).scores[0].keep_cards == ((title.value, points),)


# -- setup and chance ------------------------------------------------------------------------


def test_same_seed_same_game_and_seeds_differ() -> None:
    """Ruling ZR42: everything random comes from the seed."""
    a = new_game(FirenzeConfig(players=3, seed=5))
    assert a == new_game(FirenzeConfig(players=3, seed=5))
    assert a != new_game(FirenzeConfig(players=3, seed=6))


def test_start_cards_lie_on_top_of_the_deck() -> None:
    """Z21: the 10 start cards, shuffled, on top: the first row and the next 4 cards."""
    state = new_game(FirenzeConfig(players=2, seed=9))
    start = {spec.id for spec in CATALOG.cards if spec.start_copies}
    assert all(card.title in start for card in state.row)
    assert all(title in start for title in state.deck[:4])
    assert state.start_on_top == 4


def test_without_campanile_the_deck_has_51_cards() -> None:
    """Ruling ZR6: option campanile=False removes the card."""
    state = new_game(FirenzeConfig(players=2, seed=9, campanile=False))
    assert len(state.deck) + len(state.row) == 51
    assert Title.CAMPANILE not in state.deck
    assert not state_problems(state)


def test_phase_four_keeps_towers_started_this_turn() -> None:
    """Z50: a tower begun this turn is never demolished in phase 4."""
    state = building(game(), counts(W=3))
    state = play(state, PlaceBrick(None, W), EndPhase())
    assert [(t.colour, t.height) for t in state.players[0].towers] == [(W, 1)]


def test_demolition_events_name_the_reason() -> None:
    """Events report a demolition with its bricks and reason."""
    state = building(game(), counts(Y=1), towers=[tower(R, 5)])
    _, events = apply_with_events(state, EndPhase())
    assert TowerDemolished(0, R, 5, 3, 2, "abandoned") in events


def test_end_tile_holder_starts_empty() -> None:
    """Z13: nobody holds the end tile at the start."""
    assert game().end_holder == NO_PLAYER


def test_explicit_chance_deals_the_first_row() -> None:
    """Ruling ZR42, option explicit_chance: the first row is 6 deals and 24 draws of chance,
    the start cards first (Z21), each outcome with its probability."""
    state = new_game(FirenzeConfig(players=2, seed=1, explicit_chance=True))
    start = {spec.id for spec in CATALOG.cards if spec.start_copies}
    deals = draws = 0
    while is_chance_node(state):
        assert current_player(state) is None
        outcomes = chance_outcomes(state)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert tuple(m for m, _ in outcomes) == legal_moves(state)
        move = max(outcomes, key=lambda o: o[1])[0]
        if isinstance(move, DealCard):
            assert move.title in start
            deals += 1
        else:
            assert isinstance(move, DrawBrick)
            draws += 1
        state = apply(state, move)
    assert (deals, draws) == (6, 24)
    assert state.step is Step.CHOOSE
    assert state.start_on_top == 4
    assert not state_problems(state)


def test_explicit_chance_draws_weighted_by_the_bag() -> None:
    """Each brick colour's chance is its share of the bag."""
    state = new_game(FirenzeConfig(players=3, seed=2, explicit_chance=True))
    state = apply(state, chance_outcomes(state)[0][0])
    outcomes = dict(chance_outcomes(state))
    assert outcomes[DrawBrick(W)] == pytest.approx(state.bag[W] / sum(state.bag))


def test_explicit_chance_grosshaendler_redraw_returns_to_the_decision() -> None:
    """Z84 under explicit chance: chance draws the bricks, then the player decides on."""
    state = game(2, explicit_chance=True)
    while is_chance_node(state):
        state = apply(state, legal_moves(state)[0])
    state = edit(state, 0, hand=[Title.GROSSHAENDLER])
    count = sum(state.row[1].bricks)
    state = apply(state, PlayGrosshaendler(1))
    assert is_chance_node(state)
    with pytest.raises(IllegalMoveError, match="chance moves now"):
        apply(state, legal_moves(state)[0], player=0)
    for _ in range(count):
        state = apply(state, legal_moves(state)[0])
    assert state.step is Step.CHOOSE
    assert current_player(state) == 0
    assert sum(state.row[1].bricks) == count


def test_printed_tribut_passes_to_the_next_player_after_a_choice() -> None:
    """Z100 [printed], ruling ZR43: after the chooser's towers, the next player decides."""
    state = game(2, event_discard="choice")
    state = edit(bare_row(state), 0, supply=counts(R=1, W=3), towers=[tower(R, 2), tower(R, 3)])
    state = edit(state, 1, supply=counts(G=1), towers=[tower(G, 2), tower(G, 4), tower(B, 1)])
    state = play(choosing(state, Title.TRIBUT), ChooseCard(0))
    assert current_player(state) == 0
    state = play(state, PayTower(1))
    assert current_player(state) == 1
    assert legal_moves(state) == (PayTower(0), PayTower(1))
    state = play(state, PayTower(1))
    assert [(t.colour, t.height) for t in state.players[1].towers] == [(G, 4)]
    assert [(t.colour, t.height) for t in state.players[0].towers] == [(R, 3)]
    assert state.step is Step.EXCHANGE


def test_printed_luxussteuer_with_enough_bricks_chooses_only_bricks() -> None:
    """Z100 [printed]: when every taxed tower can be paid, only the bricks are chosen."""
    state = game(2, event_discard="choice")
    state = edit(bare_row(state), 1, supply=counts(W=2, V=1), towers=[tower(R, 5)])
    state = play(choosing(state, Title.LUXUSSTEUER), ChooseCard(0))
    assert current_player(state) == 1
    assert legal_moves(state) == (DiscardBrick(W), DiscardBrick(V))
    state = play(state, DiscardBrick(V), DiscardBrick(W))
    assert state.players[1].supply == counts(W=1)
    assert [(t.colour, t.height) for t in state.players[1].towers] == [(R, 5)]
