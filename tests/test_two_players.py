"""The 2-player rules (rulings R9-R12)."""

from __future__ import annotations

import attrs
import pytest

from helpers import after_draft, first_placement, play
from princes_of_florence import (
    AuctionObject,
    ChooseLandscape,
    ConfigError,
    Decline,
    GameConfig,
    Open,
    Take,
    legal_moves,
    move_problem,
    new_game,
)
from princes_of_florence.events import LandscapeChosen, MoneyPaid, MoneyReason
from princes_of_florence.ids import Landscape
from princes_of_florence.state import LandscapeChoice, Placing

_STACKS = (
    AuctionObject.LANDSCAPE,
    AuctionObject.JESTER,
    AuctionObject.BUILDER,
    AuctionObject.PRESTIGE,
    AuctionObject.RECRUITING,
)


def test_each_player_starts_with_2500_florins() -> None:
    """Ruling R10: 2500 florins with 2 players."""
    assert [2500, 2500] == [p.money for p in new_game(GameConfig(players=2)).players]


def test_five_stacks_open_at_300() -> None:
    """One landscape stack and four others, opened at the base price of 300 (R11, R12)."""
    state = after_draft(2)
    assert (*(Open(s) for s in _STACKS), Decline()) == legal_moves(state)
    assert "no forest stack" in (move_problem(state, Open(AuctionObject.FOREST)) or "")
    state, events = play(state, "open jester", "pass")
    assert [MoneyPaid(0, 300, MoneyReason.AUCTION)] == [
        e for e in events if isinstance(e, MoneyPaid)
    ]


def test_the_winner_of_the_landscape_stack_chooses_the_landscape() -> None:
    """The landscape stack's winner takes any landscape left and places it (R11, R16)."""
    state = after_draft(2)
    state, _ = play(state, "open landscape", "bid 400", "pass")
    assert (1, LandscapeChoice()) == (state.current_player, state.pending)
    assert tuple(ChooseLandscape(t) for t in Landscape) == legal_moves(state)
    supply = state.landscape_supply
    state, events = play(state, "landscape lake")
    assert [LandscapeChosen(1, Landscape.LAKE)] == [
        e for e in events if isinstance(e, LandscapeChosen)
    ]
    assert Placing(Landscape.LAKE) == state.pending
    assert (supply[0], supply[1] - 1, supply[2]) == state.landscape_supply
    state, _ = play(state, first_placement(state))
    assert 1 == state.players[1].principality.landscape_count(Landscape.LAKE)


def test_the_other_player_takes_no_landscape_that_round() -> None:
    """After the landscape stack is taken, the last player takes another stack at 300 (R11, R14)."""
    state = after_draft(2)
    state, _ = play(state, "open landscape", "pass", "landscape park")
    state, _ = play(state, first_placement(state))
    assert 1 == state.current_player
    expected = (*(Take(s) for s in _STACKS if s is not AuctionObject.LANDSCAPE), Decline())
    assert expected == legal_moves(state)
    assert "already taken" in (move_problem(state, Take(AuctionObject.LANDSCAPE)) or "")
    state, events = play(state, "take builder")
    assert [MoneyPaid(1, 300, MoneyReason.AUCTION)] == [
        e for e in events if isinstance(e, MoneyPaid)
    ]


def test_a_landscape_with_none_left_cannot_be_chosen() -> None:
    """Only landscapes left in the supply are offered (R11, R15)."""
    state = after_draft(2)
    state, _ = play(state, "open landscape", "pass")
    state = attrs.evolve(state, landscape_supply=(0, 2, 0))
    assert (ChooseLandscape(Landscape.LAKE),) == legal_moves(state)
    assert "no forest is left" in (move_problem(state, ChooseLandscape(Landscape.FOREST)) or "")


@pytest.mark.parametrize(("hard", "tiles"), [(False, 5), (True, 4)])
def test_freedom_tiles_one_of_each_and_more_drawn_at_random(hard: bool, tiles: int) -> None:
    """One of each freedom plus two tiles of two different ones (one with the hard option) (R9)."""
    supplies = set()
    for seed in range(30):
        supply = new_game(GameConfig(players=2, seed=seed, hard_freedoms=hard)).freedom_supply
        assert tiles == sum(supply)
        assert all(n in (1, 2) for n in supply)
        assert (
            supply == new_game(GameConfig(players=2, seed=seed, hard_freedoms=hard)).freedom_supply
        )
        supplies.add(supply)
    assert 3 == len(supplies)  # every choice of extra freedoms occurs


def test_hard_freedoms_only_with_two_players() -> None:
    """hard_freedoms with 3 to 5 players is a ConfigError (R9)."""
    for players in (3, 4, 5):
        with pytest.raises(ConfigError, match="2-player option"):
            GameConfig(players=players, hard_freedoms=True)
