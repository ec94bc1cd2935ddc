"""A new game, and the starting-person draft (rulings R7-R10).

Randomness enters only here: the decks are shuffled with
``random.Random(seed)`` when the game is created, and the returned starting
persons are shuffled back with a generator seeded from the same seed, so a
seed and a move list always give the same game in any process.

With :attr:`~princes_of_florence.GameConfig.explicit_chance` chance deals instead, one
:class:`~princes_of_florence.Deal` at a time, each item left equally
likely: the person deck (the first cards to the hands, four each, in seat
order), the bonus deck, the prestige deck and, with 2 players, the extra
freedom tiles; and after the draft the person deck again, with the returned
persons in it.  While chance deals, nobody decides (``current_player`` is
``None``) and the phase is :attr:`~princes_of_florence.Phase.SETUP`.
"""

from __future__ import annotations

import random

from princes_of_florence.config import GameConfig
from princes_of_florence.events import Dealt, Event, PersonReturned
from princes_of_florence.ids import BonusCardId, Freedom, PersonId, Phase, PrestigeCardId
from princes_of_florence.moves import Deal, Move, ReturnPerson
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

__all__ = [
    "apply_deal",
    "apply_setup",
    "create",
    "deal_moves",
    "dealing",
    "freedom_supply",
    "setup_moves",
    "setup_problem",
]

DealItem = PersonId | BonusCardId | PrestigeCardId | Freedom


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
    variant = ruleset(config)
    hands: tuple[tuple[PersonId, ...], ...]
    if config.explicit_chance:  # chance deals every card, one at a time
        current_player = None
        hands = ((),) * config.players
        person_deck: tuple[PersonId, ...] = ()
        bonus_deck: tuple[BonusCardId, ...] = ()
        prestige_deck: tuple[PrestigeCardId, ...] = ()
        freedoms = (variant.freedoms_each,) * len(FREEDOMS)
    else:
        rng = random.Random(config.seed)
        persons = [p.id for p in cat.persons]
        bonus = [c.id for c in cat.bonus_cards]
        prestige = [c.id for c in cat.prestige_cards]
        rng.shuffle(persons)
        rng.shuffle(bonus)
        rng.shuffle(prestige)
        dealt = rules.setup_persons_dealt
        current_player = config.start_player
        hands = tuple(
            tuple(persons[seat * dealt : (seat + 1) * dealt]) for seat in range(config.players)
        )
        person_deck = tuple(persons[config.players * dealt :])
        bonus_deck = tuple(bonus)
        prestige_deck = tuple(prestige)
        freedoms = freedom_supply(config)
    return GameState(
        config=config,
        round=1,
        phase=Phase.SETUP,
        start_player=config.start_player,  # ruling R7
        current_player=current_player,
        # ruling R10: every player starts with 3500 florins (2500 with 2 players)
        # ruling R29: with Cooperative Building, the reverse side of the board
        players=tuple(
            PlayerState(money=variant.starting_money, principality=variant.board, hand_persons=hand)
            for hand in hands
        ),
        person_deck=person_deck,
        bonus_deck=bonus_deck,
        prestige_deck=prestige_deck,
        building_supply=tuple(cat.tile(b).supply for b in BUILDINGS),
        landscape_supply=tuple(cat.tile(t).supply for t in LANDSCAPES),
        freedom_supply=freedoms,
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
    if state.config.explicit_chance:  # chance deals the deck again, returned persons in it
        return replace(state, setup=None, person_deck=(), current_player=None)
    deck = list(state.person_deck) + list(returned)
    random.Random(f"setup-return:{state.config.seed}").shuffle(deck)
    return replace(state, setup=None, person_deck=tuple(deck), current_player=None)


def dealing(state: GameState) -> tuple[DealItem, ...]:
    """What chance may deal now, in catalog order; ``()`` when chance does not deal.

    Chance deals only with :attr:`~princes_of_florence.GameConfig.explicit_chance`, in
    :attr:`~princes_of_florence.Phase.SETUP` while nobody decides: first every person card, then
    every bonus card, then every prestige card, then the 2-player extra
    freedom tiles (freedoms not drawn yet); after the draft, the person
    cards not in a hand.
    """
    if (
        not state.config.explicit_chance
        or state.current_player is not None
        or state.phase is not Phase.SETUP
    ):
        return ()
    cat = catalog()
    placed: set[DealItem] = set(state.person_deck)
    for player in state.players:
        placed.update(player.hand_persons)
    persons = tuple(p.id for p in cat.persons if p.id not in placed)
    if persons or state.setup is None:
        return persons
    bonus_placed = set(state.bonus_deck)
    bonus = tuple(c.id for c in cat.bonus_cards if c.id not in bonus_placed)
    if bonus:
        return bonus
    prestige_placed = set(state.prestige_deck)
    prestige = tuple(c.id for c in cat.prestige_cards if c.id not in prestige_placed)
    if prestige:
        return prestige
    variant = ruleset(state.config)
    drawn = sum(state.freedom_supply) - variant.freedoms_each * len(FREEDOMS)
    if drawn >= variant.extra_freedoms:
        return ()
    # ruling R9: the extra tiles are of different freedoms
    return tuple(
        f for f, n in zip(FREEDOMS, state.freedom_supply, strict=True) if n == variant.freedoms_each
    )


def deal_moves(state: GameState) -> tuple[Move, ...]:
    """Every :class:`~princes_of_florence.Deal` chance may make now, in catalog order.

    See :func:`dealing`.
    """
    return tuple(Deal(item) for item in dealing(state))


def apply_deal(state: GameState, move: Deal, events: list[Event]) -> GameState:
    """Deal ``move.item`` where it goes next; once all is dealt, the draft begins.

    After the draft, the last card dealt leaves ``current_player`` at ``None``
    with nothing left to deal: the phases module then starts round 1.
    """
    item = move.item
    if isinstance(item, PersonId):
        hands = sum(len(p.hand_persons) for p in state.players)
        dealt = catalog().rules.setup_persons_dealt
        if state.setup is not None and hands < dealt * len(state.players):
            seat = hands // dealt  # four to each hand, in seat order, as create() cuts them
            player = state.players[seat]
            state = with_player(
                state, seat, replace(player, hand_persons=(*player.hand_persons, item))
            )
            events.append(Dealt(seat, item))
        else:
            state = replace(state, person_deck=(*state.person_deck, item))
            events.append(Dealt(None, item))
    elif isinstance(item, BonusCardId):
        state = replace(state, bonus_deck=(*state.bonus_deck, item))
        events.append(Dealt(None, item))
    elif isinstance(item, PrestigeCardId):
        state = replace(state, prestige_deck=(*state.prestige_deck, item))
        events.append(Dealt(None, item))
    else:
        supply = list(state.freedom_supply)
        supply[FREEDOMS.index(item)] += 1
        state = replace(state, freedom_supply=tuple(supply))
        events.append(Dealt(None, item))
    if not dealing(state) and state.setup is not None:
        state = replace(state, current_player=state.start_player)  # ruling R7
    return state
