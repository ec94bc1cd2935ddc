"""Explicit chance: deals as chance's moves, one card at a time, each equally likely."""

from __future__ import annotations

import random

import pytest

from princes_of_florence import (
    Deal,
    Dealt,
    Freedom,
    GameConfig,
    GameRecord,
    IllegalMoveError,
    InformationState,
    PersonId,
    Phase,
    ReturnPerson,
    apply,
    apply_with_events,
    chance_outcomes,
    determinize,
    dumps,
    events_for,
    is_chance_node,
    is_terminal,
    legal_moves,
    load_record,
    load_state,
    move_problem,
    new_game,
    observe,
    parse_move,
    record_from_text,
    record_to_text,
    replay,
)
from princes_of_florence.encoding import decode_move, encode_move, legal_actions
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.invariants import state_problems
from princes_of_florence.state import GameState, TurnState
from princes_of_florence.state import replace as replace_state
from strategies import play_random


def _deal_all(state: GameState, rng: random.Random) -> GameState:
    """Play chance's moves at random until a player decides."""
    while is_chance_node(state):
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def test_without_the_switch_the_seed_deals() -> None:
    """By default no state is a chance node and the game is the seed's, as ever."""
    state = new_game(GameConfig(players=3, seed=4))
    assert not is_chance_node(state)
    assert () == chance_outcomes(state)
    assert 0 == state.current_player


def test_a_new_game_starts_with_chance_dealing_the_person_deck() -> None:
    """Nothing is dealt; every person card is an outcome of probability 1/21."""
    state = new_game(GameConfig(players=4, seed=4, explicit_chance=True))
    assert is_chance_node(state)
    assert state.current_player is None
    assert Phase.SETUP is state.phase
    assert () == state.person_deck
    assert () == state.bonus_deck
    assert () == state.prestige_deck
    outcomes = chance_outcomes(state)
    persons = [p.id for p in catalog().persons]
    assert [Deal(p) for p in persons] == [move for move, _ in outcomes]
    assert all(probability == 1 / len(persons) for _, probability in outcomes)
    assert () == state_problems(state)


def test_the_deal_fills_hands_in_seat_order_then_the_decks() -> None:
    """Four persons to each hand in seat order, the rest to the deck; then bonus, prestige."""
    config = GameConfig(players=3, seed=4, start_player=2, explicit_chance=True)
    state = new_game(config)
    order = list(PersonId)
    random.Random(1).shuffle(order)
    for person in order:
        state, events = apply_with_events(state, Deal(person))
        assert 1 == len(events)
        assert isinstance(events[0], Dealt)
        assert person == events[0].item
    assert tuple(order[0:4]) == state.players[0].hand_persons
    assert tuple(order[8:12]) == state.players[2].hand_persons
    assert tuple(order[12:]) == state.person_deck
    assert legal_moves(state)[0] == Deal(catalog().bonus_cards[0].id)
    state = _deal_all(state, random.Random(2))
    cat = catalog()
    assert len(cat.bonus_cards) == len(state.bonus_deck)
    assert len(cat.prestige_cards) == len(state.prestige_deck)
    assert 2 == state.current_player  # the draft begins with the start player (R7)
    assert (2, 2, 2) == state.freedom_supply


@pytest.mark.parametrize(("hard", "extra"), [(False, 2), (True, 1)])
def test_two_players_get_their_extra_freedoms_by_chance(hard: bool, extra: int) -> None:
    """With 2 players chance adds one tile to two different freedoms (one with hard_freedoms)."""
    state = new_game(GameConfig(players=2, seed=1, hard_freedoms=hard, explicit_chance=True))
    rng = random.Random(3)
    while not isinstance(legal_moves(state)[0].item, Freedom):  # type: ignore[union-attr]
        state = apply(state, rng.choice(legal_moves(state)))
    assert [Deal(f) for f in Freedom] == list(legal_moves(state))
    state, events = apply_with_events(state, Deal(Freedom.RELIGION))
    assert (Dealt(None, Freedom.RELIGION),) == events_for(events, 1)  # open to all
    if extra == 2:
        assert [Deal(Freedom.TRAVEL), Deal(Freedom.OPINION)] == list(legal_moves(state))
        state = apply(state, Deal(Freedom.OPINION))
    assert not is_chance_node(state)
    assert 3 + extra == sum(state.freedom_supply)


def test_after_the_draft_chance_deals_the_person_deck_again() -> None:
    """The returned persons join the deck, which chance deals again before round 1."""
    state = _deal_all(
        new_game(GameConfig(players=3, seed=2, explicit_chance=True)), random.Random(5)
    )
    for _ in range(3):
        state = apply(state, legal_moves(state)[0])
    assert is_chance_node(state)
    assert state.setup is None
    in_hands = {p for player in state.players for p in player.hand_persons}
    assert {p.id for p in catalog().persons} - in_hands == {
        move.item  # type: ignore[union-attr]
        for move, _ in chance_outcomes(state)
    }
    assert () == state_problems(state)
    # a turn record while chance deals after the draft is still named
    turned = replace_state(state, turn=TurnState())
    assert "the actions record must exist exactly during that phase @ turn, phase" in (
        state_problems(turned)
    )
    state = _deal_all(state, random.Random(6))
    assert Phase.AUCTION is state.phase
    assert 1 == state.round
    assert 21 - 9 == len(state.person_deck)


def test_chance_moves_are_refused_from_players_and_at_decisions() -> None:
    """Only chance deals, only what is left; a player's move waits until the deal is over."""
    state = new_game(GameConfig(players=2, seed=3, explicit_chance=True))
    with pytest.raises(IllegalMoveError, match="no player decides"):
        apply(state, Deal(PersonId.POET), player=0)
    with pytest.raises(IllegalMoveError, match="only a deal"):
        apply(state, ReturnPerson(PersonId.POET))
    state = apply(state, Deal(PersonId.POET))
    with pytest.raises(IllegalMoveError, match="cannot be dealt now"):
        apply(state, Deal(PersonId.POET))
    with pytest.raises(IllegalMoveError, match="cannot be dealt now"):
        apply(state, Deal(Freedom.TRAVEL))
    decided = _deal_all(state, random.Random(1))
    with pytest.raises(IllegalMoveError):
        apply(decided, Deal(PersonId.PAINTER))


def test_chance_refusals_are_worded_exactly() -> None:
    """The reason a player is told for each refusal at a chance node, word for word."""
    state = new_game(GameConfig(players=2, seed=3, explicit_chance=True))
    assert move_problem(state, Deal(PersonId.POET), player=0) == (
        "chance deals now: no player decides"
    )
    assert move_problem(state, ReturnPerson(PersonId.POET)) == (
        "chance deals now: only a deal may be applied"
    )
    assert move_problem(apply(state, Deal(PersonId.POET)), Deal(PersonId.POET)) == (
        "poet cannot be dealt now (it was dealt, or another deck is dealt)"
    )


def test_other_players_do_not_see_what_chance_deals() -> None:
    """A dealt card is seen by the hand it joins; deck cards by nobody; views agree."""
    state = new_game(GameConfig(players=3, seed=3, explicit_chance=True))
    infos = [InformationState.start(state, p) for p in range(3)]
    rng = random.Random(4)
    while is_chance_node(state):
        state, events = apply_with_events(state, rng.choice(legal_moves(state)))
        infos = [info.extended(events) for info in infos]
    for player, info in enumerate(infos):
        mine = [e.item for e in info.events if isinstance(e, Dealt) and e.player == player]
        assert list(state.players[player].hand_persons) == mine
        others = [e for e in info.events if isinstance(e, Dealt) and e.player != player]
        assert all(e.item is None for e in others)
        view = observe(state, player)
        assert observe(determinize(view, rng), player) == view


def test_views_of_a_chance_node_determinize() -> None:
    """Halfway through the deal, a view is dealt into a state that shows it, cards undealt."""
    state = new_game(GameConfig(players=4, seed=8, explicit_chance=True))
    rng = random.Random(2)
    for _ in range(30):
        state = apply(state, rng.choice(legal_moves(state)))
    for player in range(4):
        view = observe(state, player)
        guess = determinize(view, rng)
        assert observe(guess, player) == view
        assert is_chance_node(guess)
        assert () == state_problems(guess)


def test_games_with_chance_round_trip_as_json_and_text() -> None:
    """States at chance nodes load back; records with deals replay, in JSON and in text."""
    config = GameConfig(players=2, seed=6, explicit_chance=True)
    game = play_random(config, 3)
    assert is_terminal(game.states[-1])
    for state in game.states[:80:7]:
        assert state == load_state(dumps(state))
    record = GameRecord(config, game.moves)
    assert record == load_record(dumps(record))
    text = record_to_text(record)
    assert "explicit_chance" in text
    assert "deal " in text
    assert record == record_from_text(text)
    assert game.states == replay(record)


def test_deals_have_action_ids_and_notation() -> None:
    """A deal is an action id like any move, and has a text form."""
    state = new_game(GameConfig(players=5, seed=1, explicit_chance=True))
    for action in legal_actions(state):
        move = decode_move(state, action)
        assert isinstance(move, Deal)
        assert action == encode_move(move)
        assert move == parse_move(str(move))
    assert Deal(Freedom.OPINION) == parse_move("deal opinion")
    assert Deal(PersonId.POET) == parse_move("deal poet")
