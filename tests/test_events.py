"""Events: every move says what it did, in order, in JSON, and as each player may see it."""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import given

from helpers import action_phase, after_draft, play
from princes_of_florence import (
    GameConfig,
    GameState,
    PersonId,
    legal_moves,
)
from princes_of_florence.engine import apply_with_events, free_moves
from princes_of_florence.events import (
    BuildingChosen,
    Event,
    MoneyPaid,
    MoneyReason,
    MoneyReceived,
    PayoutKept,
    PhaseStarted,
    PrestigeGained,
    PrestigeReason,
    RecruitingKept,
    TilePlaced,
    TurnEnded,
    WorkDone,
    WorkStarted,
)
from princes_of_florence.ids import Building, Phase
from princes_of_florence.moves import Move
from princes_of_florence.observation import events_for, observe
from princes_of_florence.rules.common import with_player
from princes_of_florence.serialization import dumps, load_event, load_events
from princes_of_florence.state import RecruitOffer
from strategies import PlayedGame, play_random, states_in_play

NEW_EVENTS: tuple[Event, ...] = (
    WorkStarted(0, PersonId.POET),
    BuildingChosen(1, Building.TOWER),
    RecruitingKept(2),
    PayoutKept(3),
)
"""One of each event kind that a move once produced no event for."""

SEEDS = (1, 2, 3, 4)
"""Seeds of the random games per player count; together they reach every move kind."""

GAMES: dict[tuple[int, int], PlayedGame] = {
    (players, seed): play_random(GameConfig(players=players, seed=seed), seed, sell_chance=0.05)
    for players in (3, 4, 5)
    for seed in SEEDS
}
"""Whole games by random bots that sometimes sell prestige, by (players, seed)."""


def _equip(state: GameState, seat: int = 0, **changes: object) -> GameState:
    """``state`` with player ``seat`` changed."""
    player = attrs.evolve(state.players[seat], **changes)  # type: ignore[arg-type]
    return with_player(state, seat, player)


def _outcomes(state: GameState) -> list[tuple[Move, tuple[Event, ...]]]:
    """Each move open in ``state`` (every legal one, the first sale) with its events."""
    moves = (*legal_moves(state), *free_moves(state)[:1])
    return [(move, apply_with_events(state, move)[1]) for move in moves]


def _silent_moves(state: GameState) -> list[Move]:
    """The moves open in ``state`` (every legal one, the first sale) that yield no event."""
    return [move for move, events in _outcomes(state) if not events]


def _working_poet(state: GameState) -> GameState:
    """``state`` where seat 0 holds a poet and a doctor, each able to work with three jesters."""
    return _equip(state, hand_persons=(PersonId.POET, PersonId.DOCTOR), jesters=3)


def _recruiting_on_offer() -> GameState:
    """Round 1, phase A: seats 0 and 1 declined, seat 2 took a recruiting card (R14, R16).

    Seat 0 has a person face up, so the card could be used at once.
    """
    state = after_draft(3)
    person = state.players[0].hand_persons[0]
    state = _equip(
        state,
        hand_persons=state.players[0].hand_persons[1:],
        table_persons=(person,),
    )
    state, _ = play(state, "decline", "decline", "take recruiting")
    assert RecruitOffer() == state.pending
    return state


@pytest.mark.parametrize(("players", "seed"), sorted(GAMES))
def test_every_move_yields_an_event(players: int, seed: int) -> None:
    """In every state of a random game, every legal move and a prestige sale yield an event."""
    game = GAMES[players, seed]
    silent = {(str(m), i) for i, s in enumerate(game.states) for m in _silent_moves(s)}
    assert set() == silent


def test_the_random_games_reach_every_new_event() -> None:
    """The games above try a build, a work, a zero conversion and a kept recruiting card."""
    kinds = {
        type(event)
        for game in GAMES.values()
        for state in game.states
        for _, events in _outcomes(state)
        for event in events
    }
    assert {type(e) for e in NEW_EVENTS} <= kinds


@given(states_in_play())
def test_every_legal_move_yields_an_event(state: GameState) -> None:
    """Any state reached by random play: no legal move is silent."""
    assert [] == _silent_moves(state)


def test_work_starts_with_the_person_laid_out() -> None:
    """``work`` yields WorkStarted alone; the payout events come with ``finish`` (R19)."""
    state = _working_poet(action_phase(3))
    state, events = play(state, "work poet")
    assert [WorkStarted(0, PersonId.POET)] == events
    assert (PersonId.POET,) == state.players[0].table_persons
    state, events = play(state, "finish")
    assert [WorkDone, MoneyReceived] == [type(e) for e in events]
    done = events[0]
    assert isinstance(done, WorkDone)
    assert MoneyReceived(0, done.value * 100, MoneyReason.WORK) == events[1]


def test_building_is_chosen_before_it_is_paid_and_placed() -> None:
    """``build`` yields BuildingChosen; payment, tile and prestige come with ``place`` (R21)."""
    state, events = play(action_phase(3), "build tower")
    assert [BuildingChosen(0, Building.TOWER)] == events
    assert 3500 == state.players[0].money
    cells = str(legal_moves(state)[0]).removeprefix("place ")
    state, events = play(state, f"place {cells}")
    expected: list[Event] = [
        MoneyPaid(0, 700, MoneyReason.BUILD),
        TilePlaced(0, Building.TOWER, cells),
        PrestigeGained(0, 3, PrestigeReason.BUILDING),
    ]
    assert expected == events


def test_converting_nothing_keeps_the_payout() -> None:
    """``convert 0`` yields PayoutKept, before the turn's end when it was the last action."""
    state = _working_poet(action_phase(3))
    state, events = play(state, "work poet", "finish", "convert 0")
    payout = next(e.amount for e in events if isinstance(e, MoneyReceived))
    assert [PayoutKept(0)] == events[-1:]
    assert 3500 + payout == state.players[0].money
    state, events = play(state, "work doctor", "finish", "convert 0")
    assert [PayoutKept(0), TurnEnded(0)] == events[-2:]


def test_converting_some_points_is_unchanged() -> None:
    """``convert 2`` pays 400 and gains 2 prestige, and says nothing more (R19)."""
    state = _working_poet(action_phase(3))
    state, _ = play(state, "work poet", "finish")
    _, events = play(state, "convert 2")
    expected: list[Event] = [
        MoneyPaid(0, 400, MoneyReason.CONVERSION),
        PrestigeGained(0, 2, PrestigeReason.CONVERSION),
    ]
    assert expected == events


def test_keeping_the_recruiting_card() -> None:
    """``keep`` yields RecruitingKept; the card stays in hand; phase B starts after it (R16)."""
    state = _recruiting_on_offer()
    state, events = play(state, "keep")
    assert [RecruitingKept(2), PhaseStarted(1, Phase.ACTIONS, 0)] == events
    assert (1, None) == (state.players[2].hand_recruiting, state.pending)


def test_keeping_mid_auction_hands_on_the_decision() -> None:
    """After ``keep`` the next opener decides, as before this event existed (R13)."""
    state = after_draft(3)
    person = state.players[1].hand_persons[0]
    state = _equip(
        state, 1, hand_persons=state.players[1].hand_persons[1:], table_persons=(person,)
    )
    state, _ = play(state, "open recruiting", "pass", "pass")
    assert (RecruitOffer(), 0) == (state.pending, state.current_player)
    state, events = play(state, "keep")
    assert [RecruitingKept(0)] == events
    assert (None, 1) == (state.pending, state.current_player)


@pytest.mark.parametrize("event", NEW_EVENTS, ids=lambda e: type(e).__name__)
def test_new_events_round_trip(event: Event) -> None:
    """load_event(dumps(event)) == event for each new kind."""
    assert event == load_event(dumps(event))


def test_new_events_are_tagged_objects() -> None:
    """Each new event is {"type": <snake case class name>, fields in order}."""
    expected = [
        {"type": "work_started", "player": 0, "person": "poet"},
        {"type": "building_chosen", "player": 1, "building": "tower"},
        {"type": "recruiting_kept", "player": 2},
        {"type": "payout_kept", "player": 3},
    ]
    assert expected == json.loads(dumps(NEW_EVENTS))["data"]
    assert NEW_EVENTS == load_events(dumps(NEW_EVENTS))


@pytest.mark.parametrize("event", NEW_EVENTS, ids=lambda e: type(e).__name__)
def test_new_events_are_public(event: Event) -> None:
    """Every seat sees each new event unchanged (R5)."""
    for seat in range(4):
        assert (event,) == events_for([event], seat)


def test_another_player_sees_the_working_person_on_the_table() -> None:
    """The person WorkStarted names to another seat is the one face up in that seat's view."""
    state = _working_poet(action_phase(3))
    state, events = play(state, "work poet")
    seen = events_for(events, 1)
    assert [WorkStarted(0, PersonId.POET)] == list(seen)
    assert (PersonId.POET,) == observe(state, 1).players[0].table_persons


def test_another_player_sees_how_many_recruiting_cards_were_kept() -> None:
    """RecruitingKept names no card; the count it implies is in every view (R5)."""
    state, events = play(_recruiting_on_offer(), "keep")
    for seat in range(3):
        assert tuple(events) == events_for(events, seat)
        assert 1 == observe(state, seat).players[2].hand_recruiting
