"""Configuration and setup: rejected configurations, the starting-person draft (R7-R10)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from helpers import after_draft, play
from princes_of_florence.config import GameConfig
from princes_of_florence.engine import apply, legal_moves, move_problem, new_game
from princes_of_florence.errors import ConfigError, IllegalMoveError
from princes_of_florence.events import PersonReturned, PhaseStarted
from princes_of_florence.ids import Phase
from princes_of_florence.moves import Pass, ReturnPerson
from princes_of_florence.rules.common import catalog
from strategies import play_random


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"muse_and_princess": 1}, "muse_and_princess must be true or false"),
        ({"players": 3, "hard_freedoms": True}, "hard_freedoms is the 2-player option"),
        ({"players": 2, "hard_freedoms": 1}, "hard_freedoms must be true or false"),
        ({"players": 6}, "players must be 2, 3, 4 or 5, not 6"),
        ({"players": 1}, "players must be 2, 3, 4 or 5, not 1"),
        ({"players": True}, "players must be an integer"),
        ({"players": "4"}, "players must be an integer"),
        ({"seed": -1}, "seed must be an integer from 0 to 2\\*\\*64 - 1"),
        ({"seed": 1.5}, "seed must be an integer from 0 to 2\\*\\*64 - 1"),
        ({"players": 3, "start_player": 3}, "start_player must be a player from 0 to 2, not 3"),
        ({"start_player": -1}, "start_player must be a player from 0 to 3, not -1"),
        ({"hidden_money": 1}, "hidden_money must be true or false"),
        ({"cooperative_building": 1}, "cooperative_building must be true or false"),
    ],
)
def test_impossible_or_unsupported_configuration_is_rejected(
    changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        GameConfig(**changes)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_four_persons_dealt_to_each_and_the_rest_in_the_deck(players: int) -> None:
    """R8, R9, R10: four persons each, 3500 florins, players - 1 of each freedom."""
    state = new_game(GameConfig(players=players, seed=11))
    rules = catalog().rules
    assert Phase.SETUP is state.phase
    assert all(4 == len(p.hand_persons) for p in state.players)
    assert all(rules.starting_money == p.money == 3500 for p in state.players)
    assert (players - 1,) * 3 == state.freedom_supply
    dealt = [c for p in state.players for c in p.hand_persons] + list(state.person_deck)
    assert Counter(dealt) == Counter(p.id for p in catalog().persons)


def test_draft_asks_every_seat_clockwise_from_the_start_player() -> None:
    """R7, R8: the start player returns a card first, then each seat clockwise."""
    state = new_game(GameConfig(players=4, seed=3, start_player=2))
    order = []
    while state.phase is Phase.SETUP:
        assert state.current_player is not None
        order.append(state.current_player)
        moves = legal_moves(state)
        hand = state.players[state.current_player].hand_persons
        assert tuple(ReturnPerson(p) for p in hand) == moves  # in hand order
        state = apply(state, moves[-1])
    assert [2, 3, 0, 1] == order
    assert (Phase.AUCTION, 2, 2) == (state.phase, state.current_player, state.start_player)


def test_returned_persons_are_shuffled_back_into_the_deck() -> None:
    """R8: each keeps three; the returned cards are shuffled with the deck by the seed (D8)."""
    start = new_game(GameConfig(players=4, seed=5))
    deck_before = start.person_deck
    state, events = start, []
    returned = []
    while state.phase is Phase.SETUP:
        seat = state.current_player
        assert seat is not None
        card = state.players[seat].hand_persons[0]
        returned.append(card)
        state, more = play(state, str(ReturnPerson(card)))
        events += more
    assert all(3 == len(p.hand_persons) for p in state.players)
    assert Counter(state.person_deck) == Counter(deck_before) + Counter(returned)
    assert [PersonReturned(s, c) for s, c in enumerate(returned)] == [
        e for e in events if isinstance(e, PersonReturned)
    ]
    assert PhaseStarted(1, Phase.AUCTION, 0) in events
    assert state.person_deck == after_draft(4, 5).person_deck  # the same seed, the same order


def test_a_person_not_in_hand_cannot_be_returned_and_nothing_else_is_legal() -> None:
    state = new_game(GameConfig(players=3, seed=2))
    stranger = state.players[1].hand_persons[0]
    assert f"{stranger} is not in the player's hand" == move_problem(state, ReturnPerson(stranger))
    assert "return one of the four starting persons" in (move_problem(state, Pass()) or "")
    with pytest.raises(IllegalMoveError, match="is not in the player's hand"):
        apply(state, ReturnPerson(stranger))


def test_start_player_passes_clockwise_each_round() -> None:
    """R7: the start player of round r is (start + r - 1) mod players."""
    game = play_random(GameConfig(players=5, seed=8, start_player=3), bot_seed=8)
    starts = {s.round: s.start_player for s in game.states if s.phase is not Phase.SETUP}
    assert {r: (3 + r - 1) % 5 for r in range(1, 8)} == starts


def test_players_are_named_player_1_to_n_by_default() -> None:
    """Without names a configuration names its players "Player 1" to "Player N"."""
    assert ("Player 1", "Player 2", "Player 3") == GameConfig(players=3).names


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (("Anna", "Ben"), "one name per player \\(3\\), not 2"),
        (["Anna", "Ben", "Carla"], "names must be a tuple of strings"),
        (("Anna", "Ben", 3), "the name of player 2 must be a string"),
        (("Anna", "", "Carla"), "the name of player 1 must have 1 to 40 characters"),
        (("Anna", " Ben", "Carla"), "no space at either end"),
        (("Anna", "B" * 41, "Carla"), "the name of player 1 must have 1 to 40 characters"),
        (("Anna", "Ben\n", "Carla"), "no space at either end"),
        (("Anna", "B\tn", "Carla"), "a control character or a '\\|'"),
        (("Anna", "B|n", "Carla"), "a control character or a '\\|'"),
        (("Anna", "Ben", "Anna"), "names must differ"),
    ],
)
def test_bad_names_are_rejected(names: Any, message: str) -> None:
    """Names are one printable, distinct, trimmed string of at most 40 characters per player."""
    with pytest.raises(ConfigError, match=message):
        GameConfig(players=3, names=names)
