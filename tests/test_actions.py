"""Phase B, the actions (rulings R17-R23) and the end of a round (R7, R20)."""

from __future__ import annotations

import attrs
import pytest

from helpers import action_phase, play
from princes_of_florence import (
    BonusCardId,
    Build,
    Building,
    BuyBonus,
    BuyPerson,
    Convert,
    EndTurn,
    FinishWork,
    Freedom,
    IllegalMoveError,
    IntroduceFreedom,
    PersonId,
    PlayBonus,
    Work,
    apply,
    legal_moves,
    move_problem,
    parse_move,
)
from princes_of_florence.events import (
    BestWork,
    MoneyPaid,
    MoneyReason,
    PrestigeGained,
    PrestigeReason,
    WorkDone,
)
from princes_of_florence.ids import Phase
from princes_of_florence.rules.common import with_player
from princes_of_florence.state import CardChoice, Conversion, GameState, Working


def equip(state: GameState, seat: int = 0, **changes: object) -> GameState:
    """``state`` with player ``seat`` changed."""
    return with_player(state, seat, attrs.evolve(state.players[seat], **changes))  # type: ignore[arg-type]


def test_phase_b_starts_with_the_start_player() -> None:
    """Phase B begins with the start player and offers ``end`` last (R17)."""
    state = action_phase()
    assert (Phase.ACTIONS, 0) == (state.phase, state.current_player)
    assert EndTurn() == legal_moves(state)[-1]


@pytest.mark.parametrize(("builders", "cost"), [(0, 700), (1, 300), (2, 300), (3, 0)])
def test_build_cost_depends_on_builders(builders: int, cost: int) -> None:
    """A building costs 700, 300 with 1 or 2 builders, 0 with 3, and gives 3 PP (R21)."""
    state = equip(action_phase(), builders=builders)
    state, events = play(state, "build tower")
    state, more = play(state, str(legal_moves(state)[0]))
    events += more
    paid = [e.amount for e in events if isinstance(e, MoneyPaid)]
    assert ([cost] if cost else []) == paid
    assert [PrestigeGained(0, 3, PrestigeReason.BUILDING)] == [
        e for e in events if isinstance(e, PrestigeGained)
    ]
    assert (Building.TOWER,) == state.players[0].principality.buildings


def test_one_building_of_each_type() -> None:
    """A principality holds each building type at most once (R21)."""
    state, _ = play(action_phase(), "build tower")
    state, _ = play(state, str(legal_moves(state)[0]))
    assert Build(Building.TOWER) not in legal_moves(state)
    assert "already has a tower" in (move_problem(state, Build(Building.TOWER)) or "")


def test_two_actions_per_turn() -> None:
    """After two actions the turn passes on by itself (R17, R18, D5)."""
    state, _ = play(action_phase(), "freedom travel", "buy bonus")
    assert isinstance(state.pending, CardChoice)
    state, _ = play(state, f"choose {state.pending.shown[0]}")
    assert 1 == state.current_player


def test_one_freedom_and_one_person_per_turn() -> None:
    """Introducing a freedom and taking a person are limited to one each per turn (R18)."""
    state, _ = play(action_phase(), "freedom travel")
    assert not any(isinstance(m, IntroduceFreedom) for m in legal_moves(state))
    assert "limit of 1 freedom" in (move_problem(state, IntroduceFreedom(Freedom.OPINION)) or "")
    state, _ = play(action_phase(), "buy person")
    assert isinstance(state.pending, CardChoice)
    state, _ = play(state, f"choose {state.pending.shown[0]}")
    assert BuyPerson() not in legal_moves(state)


def test_freedom_once_per_principality_and_supply_limited() -> None:
    """A freedom is introduced once per principality, only while tiles are left (R9, R22)."""
    state = equip(action_phase(), freedoms=(Freedom.TRAVEL,))
    assert IntroduceFreedom(Freedom.TRAVEL) not in legal_moves(state)
    state = attrs.evolve(action_phase(3), freedom_supply=(2, 0, 2))
    assert IntroduceFreedom(Freedom.RELIGION) not in legal_moves(state)
    assert (2, 2, 2) == action_phase(3).freedom_supply  # players - 1 of each


def test_draw_five_keep_one_rest_under_the_deck() -> None:
    """Buying a bonus card shows the top five; the rest go under the deck in order (R6, R22, D9)."""
    state = action_phase()
    top = state.bonus_deck[:5]
    state, events = play(state, "buy bonus")
    assert CardChoice is type(state.pending)
    assert top == state.pending.shown
    assert [MoneyPaid(0, 300, MoneyReason.BONUS)] == [e for e in events if isinstance(e, MoneyPaid)]
    state, _ = play(state, f"choose {top[2]}")
    assert (top[2],) == state.players[0].hand_bonus
    assert (*top[:2], *top[3:]) == state.bonus_deck[-4:]
    assert 20 - 1 == len(state.bonus_deck)


def test_fewer_than_five_cards_shows_them_all() -> None:
    """With fewer than five cards left all are shown; an empty deck cannot be bought (R6)."""
    state = action_phase()
    state = attrs.evolve(state, bonus_deck=state.bonus_deck[:2])
    kept = state.bonus_deck
    state, _ = play(state, "buy bonus")
    assert kept == state.pending.shown  # type: ignore[union-attr]
    empty = attrs.evolve(action_phase(), bonus_deck=())
    assert BuyBonus() not in legal_moves(empty)


def poet_player(state: GameState) -> GameState:
    """The rulebook's poet example: theater, travel, 2 jesters, 4 persons incl. one recruiting."""
    state, _ = play(equip(state, builders=3), "build theater")
    state, _ = play(state, str(legal_moves(state)[0]))
    return equip(
        state,
        freedoms=(Freedom.TRAVEL,),
        jesters=2,
        hand_persons=(PersonId.POET,),
        table_persons=(PersonId.BOTANIST, PersonId.ALCHEMIST),
        table_recruiting=1,
        hand_recruiting=0,
        money=0,
    )


def test_rulebook_poet_work() -> None:
    """The poet's work in round 3 is worth 15; 1400 of the 1500 convert into 7 PP (R19)."""
    state = attrs.evolve(poet_player(action_phase()), round=3)
    state, events = play(state, "work poet")
    assert Working(PersonId.POET) == state.pending
    assert (FinishWork(),) == legal_moves(state)
    state, more = play(state, "finish")
    events += more
    done = [e for e in events if isinstance(e, WorkDone)]
    assert 15 == done[0].value
    assert (
        ("building", 4),
        ("landscape", 0),
        ("freedom", 3),
        ("jesters", 4),
        ("persons", 4),
    ) == done[0].parts
    assert Conversion(1500) == state.pending
    assert tuple(Convert(p) for p in range(8)) == legal_moves(state)
    before = state.players[0].prestige
    state, _ = play(state, "convert 7")
    assert (100, before + 7) == (state.players[0].money, state.players[0].prestige)
    with pytest.raises(IllegalMoveError):
        apply(attrs.evolve(state, pending=Conversion(1500)), Convert(8))


def test_work_below_the_minimum_is_not_offered() -> None:
    """A person who cannot reach the round minimum is not offered (R19)."""
    state = equip(action_phase(), hand_persons=(PersonId.POET,), money=0)
    state = attrs.evolve(state, round=7)  # minimum 17
    assert Work(PersonId.POET) not in legal_moves(state)
    assert "below the round's minimum of 17" in (move_problem(state, Work(PersonId.POET)) or "")


def test_bonus_cards_reach_the_minimum() -> None:
    """Bonus cards are added in catalog order, only while the minimum stays reachable (R19, D1)."""
    state = equip(
        action_phase(),
        hand_persons=(PersonId.POET,),
        jesters=2,
        hand_bonus=(BonusCardId.B11, BonusCardId.B01),
    )
    # poet alone: 4 (jesters) + 1 (person) = 5 < 7; B11 adds 4 (two jesters): 9 >= 7;
    # B01 adds 0 (no buildings) and may come first, since B11 can still follow it.
    state, _ = play(state, "work poet")
    assert (PlayBonus(BonusCardId.B01), PlayBonus(BonusCardId.B11)) == legal_moves(state)
    assert "not reached the round's minimum" in (move_problem(state, FinishWork()) or "")
    state, _ = play(state, "play B11")
    assert "catalog order" in (move_problem(state, PlayBonus(BonusCardId.B01)) or "")
    assert (FinishWork(),) == legal_moves(state)
    state, events = play(state, "finish")
    assert (BonusCardId.B11,) == state.bonus_discard
    assert (BonusCardId.B01,) == state.players[0].hand_bonus
    assert 9 == next(e.value for e in events if isinstance(e, WorkDone))


def test_best_work_goes_to_every_tied_player() -> None:
    """Every player tied for the round's best work gains 3 PP; start player rotates (R7, R20)."""
    state = action_phase(3)
    for seat in (0, 1):
        state = equip(state, seat, hand_persons=(PersonId.POET,), jesters=3)
    state, events = play(state, "work poet", "finish", "convert 0", "end")
    state, more = play(state, "work poet", "finish", "convert 0", "end", "end")
    events += more
    assert [BestWork(1, 7, (0, 1))] == [e for e in events if isinstance(e, BestWork)]
    best = [
        e for e in events if isinstance(e, PrestigeGained) and e.reason is PrestigeReason.BEST_WORK
    ]
    assert [0, 1] == [e.player for e in best]
    assert (2, Phase.AUCTION, 1) == (state.round, state.phase, state.start_player)


def test_no_work_no_best_work() -> None:
    """A round without works gives nobody the best-work bonus (R20)."""
    _, events = play(action_phase(3), "end", "end", "end")
    assert [] == [e for e in events if isinstance(e, BestWork)]


def test_recruiting_takes_a_person_from_another_table() -> None:
    """A recruiting card takes a face-up person and lies in its place; not an action (R23)."""
    state = equip(action_phase(3), 1, table_persons=(PersonId.POET,))
    state = equip(state, 0, hand_recruiting=1)
    state, _ = play(state, "recruit 1 poet")
    assert PersonId.POET == state.players[0].hand_persons[-1]
    assert ((), 1) == (state.players[1].table_persons, state.players[1].table_recruiting)
    assert (0, 0) == (state.turn.actions, state.players[0].hand_recruiting)  # type: ignore[union-attr]


def test_reachable_persons_agrees_with_max_work_value() -> None:
    """The fast reachability check equals max_work_value per person (R19)."""
    import random

    from princes_of_florence import GameConfig, free_moves, is_terminal, new_game
    from princes_of_florence.rules.work_value import (
        max_work_value,
        minimum_work,
        reachable_persons,
    )

    rng = random.Random(4)
    checked = 0
    for seed in range(6):
        state = new_game(GameConfig(players=3 + seed % 3, seed=seed))
        while not is_terminal(state):
            for player in state.players:
                for needed in (minimum_work(state.round), 5, 12):
                    expected = tuple(
                        p for p in player.hand_persons if max_work_value(player, p) >= needed
                    )
                    assert expected == reachable_persons(player, needed)
                    checked += 1
            state = apply(state, rng.choice(legal_moves(state) + free_moves(state)[:1]))
    assert checked > 1000


def test_an_action_counts_when_chosen_and_is_paid_when_done() -> None:
    """``build`` uses an action at once; the cost is paid when the tile is placed (D4)."""
    state = action_phase()
    money = state.players[0].money
    state, events = play(state, "build tower")
    assert state.turn is not None
    assert (1, 1) == (state.turn.actions, state.turn.builds)
    assert [] == [e for e in events if isinstance(e, MoneyPaid)]
    assert money == state.players[0].money
    state, events = play(state, str(legal_moves(state)[0]))
    assert [MoneyPaid(0, 700, MoneyReason.BUILD)] == [e for e in events if isinstance(e, MoneyPaid)]


def test_a_turn_with_someone_to_recruit_waits_for_end() -> None:
    """With no action left but a recruiting to do, the turn stays open until ``end`` (D5, D14)."""
    state = equip(action_phase(3), 1, table_persons=(PersonId.POET, PersonId.ACTOR))
    state = equip(state, 0, hand_recruiting=1)
    state, _ = play(state, "freedom travel", "buy bonus")
    assert isinstance(state.pending, CardChoice)
    state, _ = play(state, f"choose {state.pending.shown[0]}")
    assert state.turn is not None
    assert 2 == state.turn.actions
    assert 0 == state.current_player
    assert ["recruit 1 poet", "recruit 1 actor", "end"] == [str(m) for m in legal_moves(state)]
    state, _ = play(state, "end")
    assert 1 == state.current_player


def test_recruiting_any_number_of_times_on_the_own_turn_only() -> None:
    """Recruiting is free: before, between and after actions, once per card held (R23, D14)."""
    state = equip(action_phase(3), 1, table_persons=(PersonId.POET, PersonId.ACTOR))
    state = equip(state, 2, table_persons=(PersonId.PAINTER,))
    state = equip(state, 0, hand_recruiting=3)
    state, _ = play(state, "recruit 1 poet", "buy bonus")
    assert isinstance(state.pending, CardChoice)
    state, _ = play(state, f"choose {state.pending.shown[0]}", "recruit 2 painter", "end")
    # The turn passed to seat 1 although seat 0 still holds a card and seat 1 an actor.
    assert 1 == state.current_player
    assert 1 == state.players[0].hand_recruiting
    assert "it is player 1's decision, not player 0's" == move_problem(
        state, parse_move("recruit 1 actor"), player=0
    )
