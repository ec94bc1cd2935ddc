"""Drawing cards to choose from (ruling R6) and recruiting (ruling R23)."""

from __future__ import annotations

from typing import TypeAlias, cast

from princes_of_florence.events import (
    CardKept,
    CardReturned,
    CardsShown,
    Event,
    PersonRecruited,
    RecruitingKept,
)
from princes_of_florence.ids import BonusCardId, PersonId, PrestigeCardId
from princes_of_florence.moves import ChooseCard, Recruit, ReturnCard
from princes_of_florence.rules.common import catalog, seats_from, with_player
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.state import CardChoice, Deck, GameState, replace

__all__ = [
    "choose_card",
    "draw_to_choose",
    "keep_recruiting",
    "recruit",
    "recruit_moves",
    "recruit_problem",
    "return_card",
]

_Shown: TypeAlias = tuple[PersonId, ...] | tuple[BonusCardId, ...] | tuple[PrestigeCardId, ...]
"""Cards of one deck, as :attr:`CardChoice.shown` holds them."""

_DECK_FIELD = {
    Deck.PERSONS: "person_deck",
    Deck.BONUS: "bonus_deck",
    Deck.PRESTIGE: "prestige_deck",
}


def draw_to_choose(state: GameState, deck: Deck, events: list[Event]) -> GameState:
    """Show the current player the top five cards of ``deck`` (all if fewer, R6).

    The cards leave the deck and wait in a :class:`~princes_of_florence.CardChoice`.
    """
    seat = state.current_player
    assert seat is not None
    cards = getattr(state, _DECK_FIELD[deck])
    size = catalog().rules.draw_size
    shown, rest = cards[:size], cards[size:]
    assert shown, "callers only draw from a deck that is not empty (ruling R6)"
    events.append(CardsShown(seat, deck, len(shown), shown))
    changes = {_DECK_FIELD[deck]: rest, "pending": CardChoice(deck, shown)}
    return replace(state, **changes)


def choose_card(state: GameState, move: ChooseCard, events: list[Event]) -> GameState:
    """Keep the chosen card; the others go under the deck in drawn order (R6).

    Where the player chooses that order
    (:attr:`princes_of_florence.GameConfig.choose_returned_order`) and two or
    more cards are left, they wait in a returning
    :class:`~princes_of_florence.CardChoice` instead, for :func:`return_card`.
    """
    seat = state.current_player
    choice = state.pending
    assert seat is not None and isinstance(choice, CardChoice)
    rest = tuple([c for c in choice.shown if c != move.card])
    player = state.players[seat]
    card = move.card
    if choice.deck is Deck.PERSONS:
        assert isinstance(card, PersonId)
        player = replace(player, hand_persons=(*player.hand_persons, card))
    elif choice.deck is Deck.BONUS:
        assert isinstance(card, BonusCardId)
        player = replace(player, hand_bonus=(*player.hand_bonus, card))
    else:
        assert isinstance(card, PrestigeCardId)
        player = replace(player, prestige_cards=(*player.prestige_cards, card))
    events.append(CardKept(seat, choice.deck, card))
    if len(rest) >= 2 and ruleset(state.config).chooses_returned_order:
        return with_player(
            state, seat, player, pending=CardChoice(choice.deck, cast("_Shown", rest), True)
        )
    field = _DECK_FIELD[choice.deck]
    deck = (*getattr(state, field), *rest)
    return with_player(state, seat, player, pending=None, **{field: deck})


def return_card(state: GameState, move: ReturnCard, events: list[Event]) -> GameState:
    """Put one card not kept under its deck (ruling R6, the player's order).

    When one card is left after it, that card follows by itself: there is
    no order left to choose (decision D15).  Then nothing is pending.
    """
    seat = state.current_player
    choice = state.pending
    assert seat is not None and isinstance(choice, CardChoice) and choice.returning
    rest = tuple([c for c in choice.shown if c != move.card])
    under = [move.card, *rest] if len(rest) == 1 else [move.card]
    for card in under:
        events.append(CardReturned(seat, choice.deck, card))
    field = _DECK_FIELD[choice.deck]
    deck = (*getattr(state, field), *under)
    pending = CardChoice(choice.deck, cast("_Shown", rest), True) if len(rest) >= 2 else None
    return replace(state, pending=pending, **{field: deck})


def recruit_moves(state: GameState) -> tuple[Recruit, ...]:
    """Every recruiting the current player can do now (ruling R23).

    Listed by seat clockwise from the player's left, then in the order the
    persons lie on that table (each person card exists once).
    """
    seat = state.current_player
    assert seat is not None
    if not state.players[seat].hand_recruiting:
        return ()
    return tuple(
        [
            Recruit(other, person)
            for other in seats_from(state, seat)[1:]
            for person in state.players[other].table_persons
        ]
    )


def recruit_problem(state: GameState, move: Recruit) -> str | None:
    """Why ``move`` cannot be done now by the current player, or ``None``."""
    seat = state.current_player
    assert seat is not None
    if not state.players[seat].hand_recruiting:
        return "the player holds no recruiting card"
    if not 0 <= move.from_player < len(state.players):
        return f"there is no player {move.from_player}"
    if move.from_player == seat:
        return "a player cannot recruit from their own table (ruling R23)"
    if move.person not in state.players[move.from_player].table_persons:
        return f"{move.person} does not lie face up in front of player {move.from_player}"
    return None


def recruit(state: GameState, move: Recruit, events: list[Event]) -> GameState:
    """Use a recruiting card: the person goes to hand, the card takes its place (R23)."""
    seat = state.current_player
    assert seat is not None
    player = state.players[seat]
    victim = state.players[move.from_player]
    table = list(victim.table_persons)
    table.remove(move.person)
    victim = replace(
        victim, table_persons=tuple(table), table_recruiting=victim.table_recruiting + 1
    )
    player = replace(
        player,
        hand_recruiting=player.hand_recruiting - 1,
        hand_persons=(*player.hand_persons, move.person),
    )
    events.append(PersonRecruited(seat, move.from_player, move.person))
    state = with_player(state, move.from_player, victim)
    return with_player(state, seat, player)


def keep_recruiting(state: GameState, events: list[Event]) -> GameState:
    """Keep the recruiting card just won in hand instead of using it now (R16).

    The card is in hand already (it went there when it was won); the offer
    to use it ends, and the auction module hands the decision on.
    """
    seat = state.current_player
    assert seat is not None
    events.append(RecruitingKept(seat))
    return replace(state, pending=None)
