"""describe(): one plain English sentence for every move and every event."""

from __future__ import annotations

import random
import re
import types
import typing
from enum import Enum
from typing import Any, get_args

import attrs
import pytest

from positions import merchant_won, professor_offered
from princes_of_florence import (
    Bid,
    BidMade,
    CardKept,
    Deck,
    Event,
    GameConfig,
    GameState,
    Move,
    PlaceTile,
    PrincesOfFlorenceError,
    TilePlaced,
    apply_with_events,
    events_for,
    legal_moves,
    new_game,
    observe,
)
from princes_of_florence.events import Dealt, MoneyReason, PrestigeReason
from princes_of_florence.ids import BonusCardId, Freedom, Landscape, PersonId
from princes_of_florence.moves import Deal, MerchantFree, MerchantPay, ProfessorLater
from princes_of_florence.narration import MONEY_REASONS, PRESTIGE_REASONS, describe

NAMES = ("Anna", "Ben", "Carla", "Dario")
CONFIG = GameConfig(players=4, seed=3, names=NAMES)


def _sample(cls: type) -> Any:
    """An instance of ``cls`` with a plausible value in every field."""
    values: dict[str, Any] = {}
    hints = typing.get_type_hints(cls)
    for field in attrs.fields(cls):
        values[field.name] = _value(field.name, hints[field.name])
    return cls(**values)


def _value(name: str, kind: Any) -> Any:
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        kind = next(k for k in get_args(kind) if k is not type(None))
    if name == "cells":
        return "c4-d4"
    if isinstance(kind, type) and issubclass(kind, Enum):
        return next(iter(kind))
    if kind is int:
        return 2
    if kind is bool:
        return False
    if kind is str:
        return "persons"
    origin = typing.get_origin(kind)
    if origin is tuple:
        inner = get_args(kind)
        if len(inner) == 2 and inner[1] is not Ellipsis:
            return (_value(name, inner[0]), _value(name, inner[1]))
        return (_value(name, inner[0]),) if inner[0] is not int else (1, 2)
    raise AssertionError(f"no sample for {name}: {kind}")


def _mid_game() -> GameState:
    rng = random.Random(2)
    state = new_game(CONFIG)
    for _ in range(60):
        state, _events = apply_with_events(state, rng.choice(legal_moves(state)))
    return state


def _reads_well(sentence: str) -> None:
    assert sentence[0].isupper(), sentence
    assert sentence.endswith("."), sentence
    assert not re.search(r"None|_|<|>|\{|\}|Player \d", sentence), sentence


PLAYER_MOVES = tuple(cls for cls in get_args(Move) if cls is not Deal)
"""Every kind of move a player makes: a deal is chance's."""


@pytest.mark.parametrize("cls", PLAYER_MOVES, ids=lambda cls: cls.__name__)
def test_every_move_kind_has_a_sentence_naming_its_player(cls: type) -> None:
    """Each Move class is described, by the name of the player to decide."""
    state = _mid_game()
    assert state.current_player is not None
    sentence = describe(_sample(cls), state)
    _reads_well(sentence)
    assert sentence.startswith(NAMES[state.current_player] + " ")
    assert sentence == describe(_sample(cls), observe(state, 1))


@pytest.mark.parametrize("cls", get_args(Event), ids=lambda cls: cls.__name__)
def test_every_event_kind_has_a_sentence(cls: type) -> None:
    """Each Event class is described with the names of the configuration."""
    sentence = describe(_sample(cls), CONFIG)
    _reads_well(sentence)
    assert any(name in sentence for name in NAMES), sentence


def test_a_deal_is_described_as_chance_dealing() -> None:
    """Chance's deals read as chance's, in a state, a view or at a chance node."""
    config = GameConfig(players=2, seed=1, explicit_chance=True, names=("Anna", "Ben"))
    state = new_game(config)
    assert "Chance deals the mathematician to Anna." == describe(
        Deal(PersonId.MATHEMATICIAN), state
    )
    assert "Chance deals the poet to Anna." == describe(Deal(PersonId.POET), observe(state, 1))
    assert "Chance cannot deal freedom of travel now." == describe(Deal(Freedom.TRAVEL), state)
    assert "Chance adds freedom of travel to the freedom tiles." == describe(
        Dealt(None, Freedom.TRAVEL), config
    )
    assert "Chance deals a card onto its deck." == describe(Dealt(None, None), config)
    assert "Chance deals bonus card B03 to Ben." == describe(Dealt(1, BonusCardId.B03), config)


def test_every_reason_has_words() -> None:
    """Every money and prestige reason has its phrase."""
    assert set(MoneyReason) == set(MONEY_REASONS)
    assert set(PrestigeReason) == set(PRESTIGE_REASONS)


def test_the_examples_of_the_issue_read_as_promised() -> None:
    """A bid names its stack from the state; a placement names its tile and cells."""
    state = new_game(attrs.evolve(CONFIG, seed=4))
    while state.auction is None or state.auction.stack is None:
        moves = legal_moves(state)
        opens = [m for m in moves if str(m) == "open builder"]
        state, _ = apply_with_events(state, opens[0] if opens else moves[0])
    bid = next(m for m in legal_moves(state) if isinstance(m, Bid))
    who = NAMES[state.current_player or 0]
    assert f"{who} bids {bid.amount} florins for a builder." == describe(bid, state)
    assert "Ben places the forest on e5-e6-f5-f6." == describe(
        TilePlaced(1, Landscape.FOREST, "e5-e6-f5-f6"), CONFIG
    )
    assert "Dario bids 500 florins." == describe(BidMade(3, 500), CONFIG)


def test_a_hidden_card_is_described_without_its_name() -> None:
    """The card another player kept is 'a bonus card' in their view of the event."""
    assert "Anna keeps a bonus card." == describe(CardKept(0, Deck.BONUS, None), CONFIG)


def test_real_games_read_well() -> None:
    """Every move and every event of random games is a readable sentence, in every view."""
    variants: tuple[dict[str, Any], ...] = (
        {},
        {"muse_and_princess": True},
        {"choose_returned_order": True},
    )
    for seed, options in enumerate(variants, start=5):
        config = attrs.evolve(CONFIG, seed=seed, **options)
        state = new_game(config)
        rng = random.Random(seed)
        while legal_moves(state):
            move = rng.choice(legal_moves(state))
            _reads_well(describe(move, state))
            state, events = apply_with_events(state, move)
            for event in events_for(events, 2):
                _reads_well(describe(event, state))


def test_describe_refuses_what_it_cannot_describe() -> None:
    """A move needs its state; a config is not a move; a finished game has no player."""
    with pytest.raises(PrincesOfFlorenceError, match="a move is described in the state or view"):
        describe(PlaceTile("c4-d4"), CONFIG)
    with pytest.raises(PrincesOfFlorenceError, match="describe needs a move or an event"):
        describe(CONFIG, CONFIG)  # type: ignore[arg-type]
    with pytest.raises(PrincesOfFlorenceError, match="describe needs a GameConfig, GameState or"):
        describe(BidMade(0, 300), "Anna")  # type: ignore[arg-type]


def test_the_merchants_choice_and_the_professor_kept_read_well() -> None:
    """The choice names the price paid; the Professor kept reads as kept (R26)."""
    offer = merchant_won()
    assert "Player 1 pays 200 florins for the object won and uses the Merchant for prestige." == (
        describe(MerchantPay(), offer)
    )
    assert "Player 1 uses the Merchant to take the object won free." == describe(
        MerchantFree(), offer
    )
    assert "Player 2 keeps the Professor for later." == describe(
        ProfessorLater(), professor_offered()
    )
