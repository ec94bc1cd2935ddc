"""Phase A, the auction (rulings R11-R16)."""

from __future__ import annotations

import attrs
import pytest

from helpers import after_draft, first_placement, play
from princes_of_florence import (
    AuctionObject,
    Bid,
    Decline,
    IllegalMoveError,
    Open,
    Pass,
    Take,
    apply,
    legal_moves,
    move_problem,
)
from princes_of_florence.events import (
    MoneyPaid,
    MoneyReason,
    ObjectWon,
    PrestigeGained,
    PrestigeReason,
)
from princes_of_florence.ids import Landscape, PersonId, Phase
from princes_of_florence.moves import ChooseCard, KeepRecruiting, Recruit
from princes_of_florence.rules.common import with_player
from princes_of_florence.rules.placement import legal_placements
from princes_of_florence.state import CardChoice, Deck, Placing, RecruitOffer


def test_rulebook_four_player_auction() -> None:
    """The rulebook's example: park 200, jester 700, forest 600, builder 200 (R13, R14)."""
    state = after_draft(4)
    assert (Phase.AUCTION, 0) == (state.phase, state.current_player)
    state, events = play(state, "open park", "pass", "pass", "pass")
    assert isinstance(state.pending, Placing)
    state, more = play(state, first_placement(state))
    events += more
    assert 1 == state.current_player  # the next player opens after the opener won
    state, more = play(
        state,
        "open jester",
        "bid 300",
        "bid 400",
        "bid 500",
        "bid 600",
        "bid 700",
        "pass",
        "pass",
    )
    events += more
    assert 1 == state.current_player  # the opener lost: B opens again
    state, more = play(state, "open forest", "bid 300", "bid 400", "bid 500", "bid 600", "pass")
    events += more
    state, more = play(state, first_placement(state))
    events += more
    assert 2 == state.current_player
    assert (Take(AuctionObject.BUILDER) in legal_moves(state)) is True
    state, more = play(state, "take builder")
    events += more
    won = [(e.player, e.stack, e.price) for e in events if isinstance(e, ObjectWon)]
    assert [
        (0, AuctionObject.PARK, 200),
        (3, AuctionObject.JESTER, 700),
        (1, AuctionObject.FOREST, 600),
        (2, AuctionObject.BUILDER, 200),
    ] == won
    paid = [(e.player, e.amount) for e in events if isinstance(e, MoneyPaid)]
    assert [(0, 200), (3, 700), (1, 600), (2, 200)] == paid
    assert all(e.reason is MoneyReason.AUCTION for e in events if isinstance(e, MoneyPaid))
    assert Phase.ACTIONS == state.phase
    assert [3300, 2900, 3300, 2800] == [p.money for p in state.players]
    assert [1, 0, 0, 0] == [p.principality.landscape_count(Landscape.PARK) for p in state.players]
    assert [0, 0, 0, 1] == [p.jesters for p in state.players]


def test_raise_must_be_exactly_100() -> None:
    """A bid other than the high bid + 100 is illegal and names the right amount (R12, R13)."""
    state, _ = play(after_draft(4), "open jester")
    with pytest.raises(IllegalMoveError, match="bid 300"):
        apply(state, Bid(400))
    assert (Bid(300), Pass()) == legal_moves(state)


def test_taken_stack_is_closed_for_the_phase() -> None:
    """After a stack was taken, nobody can open it again this phase (R13)."""
    state, _ = play(after_draft(4), "open jester", "pass", "pass", "pass")
    assert Open(AuctionObject.JESTER) not in legal_moves(state)
    assert "already taken" in (move_problem(state, Open(AuctionObject.JESTER)) or "")


def test_decline_leaves_the_phase() -> None:
    """A player who declines takes nothing and the next player opens (R13)."""
    state, _ = play(after_draft(3), "decline")
    assert 1 == state.current_player
    assert (True, False, False) == state.auction.done  # type: ignore[union-attr]


def test_last_player_takes_without_auction() -> None:
    """With one player left, only take or decline are offered (R14)."""
    state, _ = play(after_draft(3), "decline", "decline")
    moves = legal_moves(state)
    assert Decline() == moves[-1]
    assert all(isinstance(m, Take) for m in moves[:-1])


def test_second_and_third_builder_give_prestige() -> None:
    """The 2nd and 3rd builder each give 3 prestige at once, the 1st none (R16)."""
    state = after_draft(3)
    gained = []
    for count in range(3):
        player = attrs.evolve(state.players[0], builders=count, prestige=0)
        start = with_player(state, 0, player)
        after, _ = play(start, "open builder", "pass", "pass")
        gained.append(after.players[0].prestige)
    assert [0, 3, 3] == gained


def test_three_builders_is_the_cap() -> None:
    """A player with 3 builders cannot open or bid on builders (R15)."""
    state = after_draft(3)
    state = with_player(state, 0, attrs.evolve(state.players[0], builders=3))
    assert Open(AuctionObject.BUILDER) not in legal_moves(state)
    assert "3 builders" in (move_problem(state, Open(AuctionObject.BUILDER)) or "")
    state = with_player(state, 0, attrs.evolve(state.players[0], builders=0))
    state = with_player(state, 1, attrs.evolve(state.players[1], builders=3))
    state, _ = play(state, "open builder")
    assert (Pass(),) == legal_moves(state)


def test_bidder_who_cannot_pay_may_only_pass() -> None:
    """A bid must be covered by cash and prestige; who cannot raise still decides: pass (R4, D7)."""
    state = after_draft(3)
    state = with_player(state, 1, attrs.evolve(state.players[1], money=200))
    state, _ = play(state, "open jester")
    assert (Pass(),) == legal_moves(state)
    assert "cannot raise 300" in (move_problem(state, Bid(300)) or "")


def test_second_landscape_of_a_type_gives_prestige() -> None:
    """Only a second and further landscape of the same type gives 3 PP at once (R16)."""
    state = after_draft(3)
    gains = []
    for forests, stack in ((0, "forest"), (1, "lake"), (1, "forest"), (2, "forest")):
        start = state
        for _ in range(forests):
            mask = legal_placements(start.players[0].principality, Landscape.FOREST, 0)[0].mask
            principality = start.players[0].principality.with_tile(Landscape.FOREST, mask)
            start = with_player(start, 0, attrs.evolve(start.players[0], principality=principality))
        after, _ = play(start, f"open {stack}", "pass", "pass")
        after, events = play(after, first_placement(after))
        gains.append([(e.points, e.reason) for e in events if isinstance(e, PrestigeGained)])
    assert [[], [], [(3, PrestigeReason.LANDSCAPE)], [(3, PrestigeReason.LANDSCAPE)]] == gains


def test_prestige_card_is_chosen_from_five() -> None:
    """The winner of a prestige card keeps one of the top five; the rest go under (R6, R16)."""
    state = after_draft(3)
    top = state.prestige_deck[:5]
    state, _ = play(state, "open prestige", "pass", "pass")
    assert CardChoice(Deck.PRESTIGE, top) == state.pending
    assert tuple(ChooseCard(c) for c in top) == legal_moves(state)
    state, _ = play(state, f"choose {top[4]}")
    assert (top[4],) == state.players[0].prestige_cards
    assert top[:4] == state.prestige_deck[-4:]
    assert 1 == state.current_player


def test_recruiting_card_now_or_later() -> None:
    """A recruiting card won may be used at once or kept (R16, R23)."""
    state = after_draft(3)
    state = with_player(state, 2, attrs.evolve(state.players[2], table_persons=(PersonId.POET,)))
    state, _ = play(state, "open recruiting", "pass", "pass")
    assert isinstance(state.pending, RecruitOffer)
    assert (Recruit(2, PersonId.POET), KeepRecruiting()) == legal_moves(state)
    kept, _ = play(state, "keep")
    assert (1, None, 1) == (kept.players[0].hand_recruiting, kept.pending, kept.current_player)
    used, _ = play(state, "recruit 2 poet")
    assert (0, PersonId.POET) == (used.players[0].hand_recruiting, used.players[0].hand_persons[-1])
    assert 1 == used.players[2].table_recruiting


def test_recruiting_card_with_nobody_to_recruit_goes_to_hand() -> None:
    """With no face-up person anywhere, the card goes to hand without a question (D6)."""
    state, _ = play(after_draft(3), "open recruiting", "pass", "pass")
    assert (None, 1, 1) == (
        state.pending,
        state.players[0].hand_recruiting,
        state.current_player,
    )


def test_empty_stack_is_not_offered() -> None:
    """A stack with nothing left cannot be opened or taken (R6, D12)."""
    state = attrs.evolve(after_draft(3), jesters=0, prestige_deck=())
    moves = legal_moves(state)
    assert Open(AuctionObject.JESTER) not in moves
    assert Open(AuctionObject.PRESTIGE) not in moves
    assert "empty" in (move_problem(state, Open(AuctionObject.JESTER)) or "")


def test_landscape_without_room_cannot_be_bid_on() -> None:
    """A player with no legal place for a landscape may not open or bid on it (R15)."""
    state = after_draft(3)
    full = attrs.evolve(state.players[0].principality, occupied=(1 << 49) - 1)
    state = with_player(state, 0, attrs.evolve(state.players[0], principality=full))
    for stack in (AuctionObject.FOREST, AuctionObject.LAKE, AuctionObject.PARK):
        assert Open(stack) not in legal_moves(state)
        assert "no legal place" in (move_problem(state, Open(stack)) or "")


def test_openable_stacks_agree_with_stack_problem() -> None:
    """The stacks offered are exactly those stack_problem accepts, in random games (R13-R15)."""
    import random

    from princes_of_florence import GameConfig, free_moves, is_terminal, new_game
    from princes_of_florence.rules.auction import stack_problem

    rng = random.Random(8)
    checked = 0
    for seed in range(8):
        state = new_game(GameConfig(players=3 + seed % 3, seed=seed))
        while not is_terminal(state):
            auction = state.auction
            if auction is not None and auction.stack is None and state.pending is None:
                seat = state.current_player
                assert seat is not None
                expected = [s for s in AuctionObject if stack_problem(state, seat, s, 200) is None]
                offered = [m.stack for m in legal_moves(state) if isinstance(m, Open | Take)]
                assert expected == offered
                checked += 1
            state = apply(state, rng.choice(legal_moves(state) + free_moves(state)[:1]))
    assert checked > 100
