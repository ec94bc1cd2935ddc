"""Events: every move says what it did, in order, in JSON, and as each player may see it."""

from __future__ import annotations

import json
import types
import typing

import attrs
import pytest
from hypothesis import given

from helpers import action_phase, after_draft, play
from princes_of_florence import (
    GameConfig,
    GameState,
    PersonId,
    apply,
    legal_moves,
)
from princes_of_florence.engine import apply_with_events, free_moves
from princes_of_florence.events import (
    AuctionOpened,
    BidMade,
    BonusPlayed,
    BuildingChosen,
    CardKept,
    CardReturned,
    CardsShown,
    Event,
    FreedomIntroduced,
    MoneyPaid,
    MoneyReason,
    MoneyReceived,
    PayoutKept,
    PersonRecruited,
    PhaseStarted,
    PrestigeGained,
    PrestigeReason,
    RecruitingKept,
    TilePlaced,
    TurnEnded,
    WorkDone,
    WorkStarted,
)
from princes_of_florence.ids import Building, Deck, Phase
from princes_of_florence.moves import Move
from princes_of_florence.observation import events_for, observe
from princes_of_florence.rules.common import with_player
from princes_of_florence.serialization import dumps, load_event, load_events
from princes_of_florence.state import RecruitOffer, Working
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


LEDGER_CONFIGS = (
    GameConfig(players=2, seed=21, hard_freedoms=True),
    GameConfig(players=3, seed=22, choose_returned_order=True),
    GameConfig(players=4, seed=23, muse_and_princess=True),
    GameConfig(players=5, seed=24, explicit_chance=True),
    GameConfig(players=3, seed=25, cooperative_building=True),
    GameConfig(players=2, seed=26, muse_and_princess=True, cooperative_building=True),
)
"""One seeded game of each configuration, read move by move with its events."""


def _ledger(config: GameConfig) -> tuple[tuple[GameState, Move, tuple[Event, ...]], ...]:
    """Each move of a random game of ``config``: the state before it, the move, its events.

    Played anew on each call, never cached: a mutation test must see the code
    under test play the game.
    """
    game = play_random(config, config.seed, sell_chance=0.05)
    steps = []
    for before, move, after in zip(game.states, game.moves, game.states[1:], strict=False):
        reached, events = apply_with_events(before, move)
        assert after == reached
        steps.append((before, move, events))
    return tuple(steps)


def _typed(value: object, annotation: object) -> bool:
    """Whether ``value`` is of ``annotation``: a class, ``X | Y``, or ``tuple[X, ...]``."""
    if isinstance(annotation, types.UnionType):
        return any(_typed(value, option) for option in typing.get_args(annotation))
    origin = typing.get_origin(annotation)
    if origin is tuple:
        item, *rest = typing.get_args(annotation)
        if rest == [Ellipsis]:
            return isinstance(value, tuple) and all(_typed(v, item) for v in value)
        shapes = typing.get_args(annotation)
        return (
            isinstance(value, tuple)
            and len(value) == len(shapes)
            and all(_typed(v, t) for v, t in zip(value, shapes, strict=True))
        )
    if annotation is None or annotation is type(None):
        return value is None
    assert isinstance(annotation, type), annotation
    if annotation is int:
        return type(value) is int
    return isinstance(value, annotation)


@pytest.mark.parametrize("config", LEDGER_CONFIGS, ids=lambda c: f"{c.players}p-seed{c.seed}")
def test_every_event_field_holds_a_value_of_its_type(config: GameConfig) -> None:
    """No event is missing, and none names a seat, card or reason of the wrong kind (or None)."""
    kinds = typing.get_args(Event)
    for _, move, events in _ledger(config):
        for event in events:
            assert type(event) in kinds, (move, event)
            hints = typing.get_type_hints(type(event))
            for field in attrs.fields(type(event)):
                value = getattr(event, field.name)
                assert _typed(value, hints[field.name]), (move, event, field.name)


ACTS = (
    AuctionOpened,
    BidMade,
    BonusPlayed,
    BuildingChosen,
    CardKept,
    CardReturned,
    FreedomIntroduced,
    PersonRecruited,
    RecruitingKept,
    WorkStarted,
)
"""The events of what the player deciding did: they name that player."""

_HANDS = {Deck.PERSONS: "hand_persons", Deck.BONUS: "hand_bonus", Deck.PRESTIGE: "prestige_cards"}
"""Where a kept card of each deck goes."""


@pytest.mark.parametrize("config", LEDGER_CONFIGS, ids=lambda c: f"{c.players}p-seed{c.seed}")
def test_events_say_what_the_move_did(config: GameConfig) -> None:
    """Each act names its player and what changed hands, as the state after the move shows."""
    for before, move, events in _ledger(config):
        after = apply(before, move)
        for event in events:
            if isinstance(event, ACTS):
                assert before.current_player == event.player, (move, event)
            if isinstance(event, CardKept):
                assert event.card in getattr(after.players[event.player], _HANDS[event.deck])
            if isinstance(event, CardsShown):
                assert event.cards is not None
                assert len(event.cards) == event.count
                assert all(type(card) is type(event.cards[0]) for card in event.cards)
            if isinstance(event, PersonRecruited):
                assert event.person in before.players[event.from_player].table_persons
                assert event.person in after.players[event.player].hand_persons
            if isinstance(event, FreedomIntroduced):
                assert event.freedom not in before.players[event.player].freedoms
                assert event.freedom in after.players[event.player].freedoms
            if isinstance(event, AuctionOpened):
                assert after.auction is not None
                assert event.stack == after.auction.stack
            if isinstance(event, BonusPlayed):
                assert event.card in before.players[event.player].hand_bonus
                assert isinstance(after.pending, Working)
                assert event.card == after.pending.bonus[-1]


def test_the_seeded_games_reach_every_act_and_card_event() -> None:
    """The games read above hold each event kind those checks look at."""
    kinds = {type(e) for c in LEDGER_CONFIGS for _, _, events in _ledger(c) for e in events}
    assert {*ACTS, CardsShown, WorkDone} <= kinds


def test_a_work_lists_each_bonus_card_at_the_value_it_was_played_for() -> None:
    """The payout's breakdown (WorkDone) repeats each BonusPlayed value, computed apart."""
    played: dict[int, list[tuple[str, int]]] = {}
    checked = 0
    for config in LEDGER_CONFIGS:
        for _, _, events in _ledger(config):
            for event in events:
                if isinstance(event, BonusPlayed):
                    played.setdefault(event.player, []).append((str(event.card), event.value))
                if isinstance(event, WorkDone):
                    bonus = played.pop(event.player, [])
                    assert bonus == [part for part in event.parts if part[0][:1] == "B"]
                    checked += len(bonus)
    assert checked >= 10
