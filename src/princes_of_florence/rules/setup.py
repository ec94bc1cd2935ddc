"""A new game, and the starting-person draft (rulings R7-R10).

Randomness enters only here: the decks are shuffled with
``random.Random(seed)`` when the game is created, and the returned starting
persons are shuffled back with a generator seeded from the same seed, so a
seed and a move list always give the same game in any process.
"""

from __future__ import annotations

import random

from princes_of_florence.config import GameConfig
from princes_of_florence.events import Event, PersonReturned
from princes_of_florence.ids import Phase
from princes_of_florence.moves import Move, ReturnPerson
from princes_of_florence.rules.common import catalog, next_seat, with_player
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.state import (
    BUILDINGS,
    FREEDOMS,
    LANDSCAPES,
    CharacterState,
    GameState,
    PlayerState,
    SetupState,
    replace,
)

__all__ = ["apply_setup", "create", "freedom_supply", "setup_moves", "setup_problem"]


def freedom_supply(config: GameConfig) -> tuple[int, ...]:
    """The freedom tiles of a new game, per :class:`~princes_of_florence.Freedom` (R9).

    ``players - 1`` of each; with 2 players one of each, plus one more tile
    of each of two different freedoms (one freedom with ``hard_freedoms``),
    drawn with a generator seeded from the game's seed, apart from the decks.

    >>> freedom_supply(GameConfig(players=4))
    (3, 3, 3)
    >>> sum(freedom_supply(GameConfig(players=2, seed=5)))
    5
    >>> sum(freedom_supply(GameConfig(players=2, seed=5, hard_freedoms=True)))
    4
    """
    variant = ruleset(config)
    supply = [variant.freedoms_each] * len(FREEDOMS)
    extra = random.Random(f"freedoms:{config.seed}").sample(
        range(len(FREEDOMS)), variant.extra_freedoms
    )
    for index in extra:
        supply[index] += 1
    return tuple(supply)


def create(config: GameConfig) -> GameState:
    """The game before the draft: decks shuffled, four persons dealt to each.

    Args:
        config: a validated configuration.

    Returns:
        The state in :attr:`princes_of_florence.Phase.SETUP`, the start player to return a card.
    """
    cat = catalog()
    rules = cat.rules
    rng = random.Random(config.seed)
    persons = [p.id for p in cat.persons]
    bonus = [c.id for c in cat.bonus_cards]
    prestige = [c.id for c in cat.prestige_cards]
    rng.shuffle(persons)
    rng.shuffle(bonus)
    rng.shuffle(prestige)
    dealt = rules.setup_persons_dealt
    variant = ruleset(config)
    players = []
    for seat in range(config.players):
        hand = tuple(persons[seat * dealt : (seat + 1) * dealt])
        # ruling R10: every player starts with 3500 florins (2500 with 2 players)
        # ruling R29: with Cooperative Building, the reverse side of the board
        players.append(
            PlayerState(money=variant.starting_money, principality=variant.board, hand_persons=hand)
        )
    return GameState(
        config=config,
        round=1,
        phase=Phase.SETUP,
        start_player=config.start_player,  # ruling R7
        current_player=config.start_player,
        players=tuple(players),
        person_deck=tuple(persons[config.players * dealt :]),
        bonus_deck=tuple(bonus),
        prestige_deck=tuple(prestige),
        building_supply=tuple(cat.tile(b).supply for b in BUILDINGS),
        landscape_supply=tuple(cat.tile(t).supply for t in LANDSCAPES),
        freedom_supply=freedom_supply(config),
        jesters=rules.jesters,
        builders=rules.builders,
        recruiting=rules.recruiting_cards,
        setup=SetupState(),
        round_best=(0,) * config.players,
        # rulings R25, R26: the character cards, 600 florins on the Banker
        characters=(
            CharacterState(done=(False,) * config.players, banker_money=rules.banker_start_money)
            if variant.characters
            else None
        ),
    )


def setup_moves(state: GameState) -> tuple[Move, ...]:
    """Return one of the dealt persons, in hand order (ruling R8)."""
    assert state.current_player is not None
    hand = state.players[state.current_player].hand_persons
    return tuple(ReturnPerson(p) for p in hand)


def setup_problem(state: GameState, move: Move) -> str | None:
    """Why ``move`` is not legal in the draft, or ``None``."""
    if not isinstance(move, ReturnPerson):
        return "every player must first return one of the four starting persons"
    assert state.current_player is not None
    if move.person not in state.players[state.current_player].hand_persons:
        return f"{move.person} is not in the player's hand"
    return None


def apply_setup(state: GameState, move: ReturnPerson, events: list[Event]) -> GameState:
    """Return a starting person; after the last player, shuffle them back (R8).

    When every player has returned a card, ``current_player`` becomes
    ``None``: the draft is complete and the phases module starts round 1.
    """
    seat = state.current_player
    assert seat is not None and state.setup is not None
    player = state.players[seat]
    hand = list(player.hand_persons)
    hand.remove(move.person)
    state = with_player(state, seat, replace(player, hand_persons=tuple(hand)))
    events.append(PersonReturned(seat, move.person))
    returned = (*state.setup.returned, move.person)  # type: ignore[union-attr]
    following = next_seat(state, seat)
    if following != state.start_player:
        return replace(state, setup=SetupState(returned), current_player=following)
    deck = list(state.person_deck) + list(returned)
    random.Random(f"setup-return:{state.config.seed}").shuffle(deck)
    return replace(state, setup=None, person_deck=tuple(deck), current_player=None)
