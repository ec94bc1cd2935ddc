"""Moves and events in plain English, with the players' names.

:func:`~princes_of_florence.describe` turns a move (with the state or view it is played in) or an
event (with the game's configuration, state or view, for the names) into one
sentence a newcomer can read in a log:

>>> from princes_of_florence import GameConfig, new_game, Bid, BidMade, ReturnPerson
>>> config = GameConfig(players=3, names=("Anna", "Ben", "Carla"))
>>> describe(BidMade(1, 500), config)
'Ben bids 500 florins.'
>>> describe(ReturnPerson(PersonId.BELL_FOUNDER), new_game(config))
'Anna returns the bell founder.'

Every move class and every event class has a sentence (``match`` ends in
``assert_never``, so mypy refuses a new kind without one).  Cards another
player keeps hidden (in an event redacted by
:func:`~princes_of_florence.events_for`) are described without naming them.
"""

from __future__ import annotations

import random
from typing import TypeGuard, assert_never, get_args

import attrs

from princes_of_florence.config import GameConfig
from princes_of_florence.engine import apply_with_events, work_preview
from princes_of_florence.errors import (
    ArgumentError,
    IllegalMoveError,
    InvalidMoveError,
    PrincesOfFlorenceError,
)
from princes_of_florence.events import (
    AuctionOpened,
    BestWork,
    BidMade,
    BonusPlayed,
    BuildGivenUp,
    BuildingChosen,
    CardKept,
    CardReturned,
    CardsShown,
    CharacterReturned,
    CharacterTaken,
    CharacterUsed,
    Dealt,
    Declined,
    Event,
    FreedomIntroduced,
    GameEnded,
    LandscapeChosen,
    MoneyPaid,
    MoneyReason,
    MoneyReceived,
    ObjectWon,
    Passed,
    PayoutKept,
    PersonRecruited,
    PersonReturned,
    PhaseStarted,
    PrestigeCardScored,
    PrestigeGained,
    PrestigeLost,
    PrestigeReason,
    ProposalAnswered,
    ProposalDrafted,
    ProposalMade,
    RecruitingKept,
    SharedBuildingPlaced,
    TilePlaced,
    TokenPlaced,
    TurnEnded,
    WorkDone,
    WorkStarted,
)
from princes_of_florence.ids import (
    AuctionObject,
    BonusCardId,
    Building,
    Character,
    Deck,
    Freedom,
    Landscape,
    PersonId,
    Phase,
    PrestigeCardId,
    ProfessorDeck,
)
from princes_of_florence.limits import shorten
from princes_of_florence.moves import (
    Accept,
    AskPayment,
    Bid,
    Build,
    BuyBonus,
    BuyPerson,
    ChooseCard,
    ChooseLandscape,
    Convert,
    Deal,
    Decline,
    DeclineCharacter,
    EndTurn,
    FinishWork,
    GiveUp,
    IntroduceFreedom,
    KeepRecruiting,
    MerchantFree,
    MerchantPay,
    Move,
    Open,
    Pass,
    PlaceTile,
    PlaceToken,
    PlayBonus,
    PrincessWork,
    ProfessorLater,
    Propose,
    ProposeBuilding,
    ProposePlacement,
    Recruit,
    Reject,
    ReturnCard,
    ReturnPerson,
    SellPrestige,
    Take,
    UseMerchant,
    UseProfessor,
    Work,
    move_shape_problem,
)
from princes_of_florence.observation import PlayerView, determinize, is_complete
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.state import GameState, MerchantOffer, Placing

__all__ = [
    "MONEY_REASONS",
    "PRESTIGE_REASONS",
    "card_name",
    "card_text",
    "describe",
    "player_name",
    "stack_name",
]

MONEY_REASONS: dict[MoneyReason, str] = {
    MoneyReason.AUCTION: "at auction",
    MoneyReason.BUILD: "for a building",
    MoneyReason.PERSON: "for a person card",
    MoneyReason.FREEDOM: "for a freedom",
    MoneyReason.BONUS: "for a bonus card",
    MoneyReason.WORK: "for a work",
    MoneyReason.CONVERSION: "of the payout kept",
    MoneyReason.SALE: "for prestige sold",
    MoneyReason.CHARACTER: "for a character card",
    MoneyReason.BANKER: "with the Banker",
    MoneyReason.PARTNER: "between the partners of a shared building",
}
"""How a log says why money moved, after the amount."""

PRESTIGE_REASONS: dict[PrestigeReason, str] = {
    PrestigeReason.LANDSCAPE: "for a further landscape of one type",
    PrestigeReason.BUILDER: "for a further builder",
    PrestigeReason.BUILDING: "for the building",
    PrestigeReason.CONVERSION: "converted from the payout",
    PrestigeReason.BEST_WORK: "for the best work",
    PrestigeReason.PRESTIGE_CARD: "from a prestige card",
    PrestigeReason.SALE: "sold",
    PrestigeReason.MERCHANT: "with the Merchant",
    PrestigeReason.BANKER: "with the Banker",
}
"""How a log says why prestige changed, after the points."""

_PHASES = {
    Phase.SETUP: "the draft of starting persons",
    Phase.AUCTION: "phase A (auction)",
    Phase.CHARACTERS: "phase A2 (character cards)",
    Phase.ACTIONS: "phase B (actions)",
    Phase.GAME_OVER: "the end of the game",
}

_STACKS = {
    AuctionObject.FOREST: "a forest",
    AuctionObject.LAKE: "a lake",
    AuctionObject.PARK: "a park",
    AuctionObject.JESTER: "a jester",
    AuctionObject.BUILDER: "a builder",
    AuctionObject.PRESTIGE: "a prestige card",
    AuctionObject.RECRUITING: "a recruiting card",
    AuctionObject.LANDSCAPE: "a landscape",
}

_DECKS = {Deck.PERSONS: "person", Deck.BONUS: "bonus", Deck.PRESTIGE: "prestige"}


def _words(value: str) -> str:
    return value.replace("_", " ")


def player_name(config: GameConfig, player: int) -> str:
    """The name of ``player`` in ``config``, or ``player N`` for a number outside the game.

    >>> player_name(GameConfig(players=3), 1)
    'Player 2'
    """
    names = config.names
    return names[player] if 0 <= player < len(names) else f"player {player}"


def stack_name(stack: AuctionObject) -> str:
    """An object of ``stack`` in words, with its article: ``a builder``, ``a prestige card``."""
    return _STACKS[stack]


def card_name(
    card: PersonId | BonusCardId | PrestigeCardId | None, deck: Deck | None = None
) -> str:
    """A card in words: ``the poet``, ``bonus card B03``; ``a bonus card`` when hidden.

    >>> card_name(PersonId.BELL_FOUNDER), card_name(None, Deck.PRESTIGE)
    ('the bell founder', 'a prestige card')
    """
    if card is None:
        if deck is Deck.PERSONS:
            return "a person card"
        return f"a {_DECKS[deck]} card" if deck is not None else "a card"
    if isinstance(card, PersonId):
        return f"the {_words(card.value)}"
    if isinstance(card, BonusCardId):
        return f"bonus card {card.value}"
    return f"prestige card {card.value}"


def _tile(tile: Building | Landscape) -> str:
    return f"the {_words(tile.value)}"


def _a(value: str) -> str:
    words = _words(value)
    vowel = words[0] in "aeiou" and not words.startswith("uni")  # a university
    return f"{'an' if vowel else 'a'} {words}"


def _character(character: Character) -> str:
    return f"the {character.value.capitalize()}"


def _freedom(freedom: Freedom) -> str:
    return f"freedom of {freedom.value}"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _config(where: object) -> GameConfig:
    if isinstance(where, GameConfig):
        return where
    if isinstance(where, GameState | PlayerView):
        return where.config
    raise ArgumentError.wrong_kind("describe", "a GameConfig, GameState or PlayerView", where)


def describe(
    item: Move | Event, where: GameState | PlayerView | GameConfig, viewer: int | None = None
) -> str:
    """One plain English sentence for a move or an event.

    Args:
        item: a move, or an event.
        where: for a move, the state or view it is played in (before it is
            applied), which says who plays it and what it is about; for an
            event, the configuration, a state or a view of the game, which
            give the players' names (:attr:`~princes_of_florence.GameConfig.names`).
        viewer: the player the sentence is addressed to: their name becomes
            "you" and their verbs agree ("You pay 300 florins"); ``None``
            names every player.

    Returns:
        A sentence ending with a full stop.

    Raises:
        ArgumentError: ``where`` is of the wrong kind, ``item`` is neither a
            move nor an event, or an event built by hand holds what no game
            produces (``GameEnded`` with no winner, an unknown reason...).
        InvalidMoveError: ``item`` is a move with a field of the wrong type
            or out of bounds (see :func:`~princes_of_florence.moves.move_shape_problem`).
        PrincesOfFlorenceError: a move is described with only a
            configuration or once the game is over, or ``viewer`` is not a
            player of the game (ArgumentError: not a number at all).

    Example:
        >>> from princes_of_florence import legal_moves, new_game
        >>> state = new_game(GameConfig(players=3, seed=1, names=("Anna", "Ben", "Carla")))
        >>> describe(legal_moves(state)[0], state)
        'Anna returns the architect.'
        >>> describe(MoneyPaid(player=2, amount=300, reason=MoneyReason.BUILD), state.config)
        'Carla pays 300 florins for a building.'
        >>> describe(MoneyPaid(player=2, amount=300, reason=MoneyReason.BUILD), state.config, 2)
        'You pay 300 florins for a building.'
        >>> describe(legal_moves(state)[0], state, viewer=0)
        'You return the architect.'
    """
    if viewer is not None:
        return _addressed(item, where, viewer)
    if _is_move(item):
        problem = move_shape_problem(item)
        if problem is not None:  # a move built by hand, with a field of the wrong type
            raise InvalidMoveError(f"a malformed move: {problem}")
        if not isinstance(where, GameState | PlayerView):
            raise ArgumentError(
                f"a move is described in the state or view it is played in, not a"
                f" {type(where).__name__}"
            )
        if isinstance(item, Deal):
            return _deal(item, where) + "."
        if where.current_player is None:
            raise PrincesOfFlorenceError(f"the game is over: nobody plays {item}")
        return _move(item, where) + "."
    if _is_event(item):
        config = _config(where)
        try:
            return _event(item, config) + "."
        except (LookupError, TypeError, AttributeError) as error:  # an event built by hand
            raise ArgumentError(
                f"describe: the event {shorten(item, 80)} is malformed ({error})"
            ) from error
    raise ArgumentError.wrong_kind("describe", "a move or an event", item)


def _addressed(item: Move | Event, where: GameState | PlayerView | GameConfig, viewer: int) -> str:
    """:func:`describe` addressed to ``viewer``: their name is "you", their verbs agree."""
    config = _config(where)
    if isinstance(viewer, bool) or not isinstance(viewer, int):
        raise ArgumentError.wrong_kind("describe", "a viewer (a player number)", viewer)
    if not 0 <= viewer < config.players:
        raise PrincesOfFlorenceError(
            f"viewer must be a player number from 0 to {config.players - 1}, not {viewer}"
        )
    # The viewer's name is replaced by a mark no name contains while the
    # sentence is written, then the mark by "you"; no rule reads a name.
    you = "\u27eayou\u27eb"
    while any(you in name for name in config.names):
        you += "\u27eb"
    names = list(config.names)
    names[viewer] = you
    renamed = attrs.evolve(config, names=tuple(names))
    where = renamed if isinstance(where, GameConfig) else attrs.evolve(where, config=renamed)
    return _second_person(describe(item, where), you)


def _base_form(verb: str) -> str:
    """The verb agreeing with "you": ``pays`` -> ``pay``, ``passes`` -> ``pass``."""
    if verb == "is":
        return "are"
    if verb.endswith(("sses", "shes", "ches", "xes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def _second_person(sentence: str, you: str) -> str:
    """``sentence`` with the viewer's mark ``you`` turned into "you", the verb agreeing."""
    if sentence.startswith(you + "'s "):
        sentence = "Your " + sentence[len(you) + 3 :]
    elif sentence.startswith(you + " and "):
        sentence = "You" + sentence[len(you) :]
    elif sentence.startswith(you + " "):
        verb, _, rest = sentence[len(you) + 1 :].partition(" ")
        if rest.startswith("and "):  # "declines and leaves": both verbs agree
            second, _, after = rest[4:].partition(" ")
            rest = f"and {_base_form(second)} {after}".rstrip()
        sentence = f"You {_base_form(verb)} {rest}".rstrip()
    return sentence.replace(you + "'s", "your").replace(you, "you")


def card_text(card: PersonId | BonusCardId | PrestigeCardId) -> str:
    """What a card does, in one sentence of English, from the catalog.

    >>> card_text(PersonId.BELL_FOUNDER)
    'Works gain from a workshop, a forest and freedom of religion.'
    >>> card_text(BonusCardId.B01)
    '+1 for each building in the principality.'
    """
    if isinstance(card, PersonId):
        spec = catalog().person(card)
        return (
            f"Works gain from {_a(spec.building.value)}, {_a(spec.landscape.value)}"
            f" and {_freedom(spec.freedom)}."
        )
    if isinstance(card, BonusCardId):
        text = catalog().bonus_card(card).text
    else:
        text = catalog().prestige_card(card).text
    return text if text.endswith(".") else text + "."


def _move(move: Move, s: GameState | PlayerView) -> str:
    player = s.current_player
    assert player is not None
    config = s.config
    who = player_name(config, player)
    auction = s.auction
    match move:
        case ReturnPerson(person):
            return f"{who} returns {card_name(person)}"
        case Open(stack):
            price = ruleset(config).base_price
            return f"{who} opens an auction for {stack_name(stack)} at {price} florins"
        case Decline():
            if s.phase is Phase.AUCTION:
                return f"{who} declines and leaves the auction phase"
            return f"{who} declines"
        case Bid(amount):
            about = f" for {stack_name(auction.stack)}" if auction and auction.stack else ""
            return f"{who} bids {amount} florins{about}"
        case Pass():
            about = f" for {stack_name(auction.stack)}" if auction and auction.stack else ""
            return f"{who} passes and leaves the auction{about}"
        case Take(stack):
            price = ruleset(config).base_price
            return f"{who} takes {stack_name(stack)} for {price} florins as the last player"
        case PlaceTile(cells):
            pending = s.pending
            tile = _tile(pending.tile) if isinstance(pending, Placing) else "the tile"
            return f"{who} places {tile} on {cells}"
        case ChooseLandscape(landscape):
            return f"{who} chooses {_a(landscape.value)} from the landscape stack"
        case ChooseCard(card):
            return f"{who} keeps {card_name(card)}"
        case ReturnCard(card):
            return f"{who} puts {card_name(card)} under its deck"
        case Recruit(from_player, person):
            owner = player_name(config, from_player)
            return f"{who} recruits {card_name(person)} from {owner}'s table"
        case KeepRecruiting():
            return f"{who} keeps the recruiting card for later"
        case Build(building):
            builders = s.players[player].builders
            price = catalog().rules.build_cost[builders]
            return f"{who} buys {_a(building.value)} for {price} florins"
        case Work(person):
            return f"{who} starts a work with {card_name(person)}"
        case PlayBonus(card):
            return f"{who} adds {card_name(card)} to the work"
        case FinishWork():
            value = _work_value(s)
            worth = f", worth {value}" if value is not None else ""
            return f"{who} finishes the work{worth}"
        case Convert(points):
            if points == 0:
                return f"{who} keeps the whole payout in florins"
            florins = points * catalog().rules.florins_per_converted_prestige
            return f"{who} converts {florins} florins of the payout into {points} prestige"
        case BuyPerson():
            price = catalog().rules.person_cost
            return f"{who} buys a person card for {price} florins"
        case BuyBonus():
            price = catalog().rules.bonus_cost
            return f"{who} buys a bonus card for {price} florins"
        case IntroduceFreedom(freedom):
            price = catalog().rules.freedom_cost
            return f"{who} introduces {_freedom(freedom)} for {price} florins"
        case EndTurn():
            return f"{who} ends the turn"
        case SellPrestige(points):
            money = points * catalog().rules.florins_per_sold_prestige
            return f"{who} sells {points} prestige for {money} florins"
        case PlaceToken(character, amount):
            return f"{who} puts a token on {_character(character)} at {amount} florins"
        case DeclineCharacter():
            return f"{who} takes no character card this round"
        case PrincessWork():
            return f"{who} uses the Princess for a work without a person"
        case UseMerchant():
            return f"{who} uses the Merchant for prestige"
        case UseProfessor(deck):
            return f"{who} uses the Professor to draw from the {_professor(deck)} deck"
        case MerchantFree():
            return f"{who} uses the Merchant to take the object won free"
        case MerchantPay():
            offer = s.pending
            paid = f" {offer.price} florins" if isinstance(offer, MerchantOffer) else ""
            return f"{who} pays{paid} for the object won and uses the Merchant for prestige"
        case ProfessorLater():
            return f"{who} keeps the Professor for later"
        case Propose(partner):
            partner_name = player_name(config, partner)
            return f"{who} proposes to {partner_name} a building across their border"
        case ProposeBuilding(building):
            return f"{who} proposes to share {_tile(building)}"
        case ProposePlacement(cells):
            return f"{who} proposes to build it on {_across(cells)}"
        case AskPayment(amount):
            return f"{who} asks the partner to pay {amount} florins"
        case Accept():
            return f"{who} accepts the proposal"
        case Reject():
            return f"{who} rejects the proposal"
        case GiveUp():
            return f"{who} gives up the build action"
        case Deal():  # described before: chance plays it, not a player
            raise AssertionError("a deal is described by describe()")
        case _:
            assert_never(move)


def _deal(move: Deal, where: GameState | PlayerView) -> str:
    """Chance's move in words: where the item goes, as the deal would put it."""
    state = where if isinstance(where, GameState) else determinize(where, random.Random(0))
    try:
        _, events = apply_with_events(state, move)
    except IllegalMoveError:
        item = move.item
        what = _freedom(item) if isinstance(item, Freedom) else card_name(item)
        return f"Chance cannot deal {what} now"
    dealt = next(e for e in events if isinstance(e, Dealt))
    return _dealt(dealt.player, move.item, where.config)


def _dealt(
    player: int | None,
    item: PersonId | BonusCardId | PrestigeCardId | Freedom | None,
    config: GameConfig,
) -> str:
    """A deal in words: what chance dealt, and where it went."""
    if isinstance(item, Freedom):
        return f"Chance adds {_freedom(item)} to the freedom tiles"
    what = card_name(item) if item is not None else "a card"
    if player is None:
        return f"Chance deals {what} onto its deck"
    return f"Chance deals {what} to {player_name(config, player)}"


def _across(cells: str) -> str:
    """Cells across a border, ``f4-g4/a4``, in words (ruling R31)."""
    mine, _, theirs = cells.partition("/")
    return f"{mine} and {theirs} across the border" if theirs else cells


def _professor(deck: ProfessorDeck) -> str:
    return deck.value


def _work_value(s: GameState | PlayerView) -> int | None:
    # A work is public, so any state showing the view values it the same way.
    if isinstance(s, PlayerView) and not is_complete(s):
        return None  # a spectator's view: no state completes it
    state = determinize(s, random.Random(0)) if isinstance(s, PlayerView) else s
    preview = work_preview(state)
    return preview.total if preview is not None else None


def _event(event: Event, config: GameConfig) -> str:
    def name(player: int) -> str:
        return player_name(config, player)

    match event:
        case MoneyPaid(player, amount, reason):
            return f"{name(player)} pays {amount} florins {MONEY_REASONS[reason]}"
        case MoneyReceived(player, amount, reason):
            return f"{name(player)} receives {amount} florins {MONEY_REASONS[reason]}"
        case PrestigeGained(player, points, reason):
            return f"{name(player)} gains {points} prestige {PRESTIGE_REASONS[reason]}"
        case PrestigeLost(player, points, reason):
            return f"{name(player)} loses {points} prestige {PRESTIGE_REASONS[reason]}"
        case PhaseStarted(round_, phase, start_player):
            return f"Round {round_}: {_PHASES[phase]} starts with {name(start_player)}"
        case PersonReturned(player, person):
            return f"{name(player)} returns {card_name(person, Deck.PERSONS)}"
        case AuctionOpened(player, stack, price):
            return f"{name(player)} opens an auction for {stack_name(stack)} at {price} florins"
        case Declined(player):
            return f"{name(player)} declines"
        case BidMade(player, amount):
            return f"{name(player)} bids {amount} florins"
        case Passed(player):
            return f"{name(player)} passes"
        case ObjectWon(player, stack, price):
            return f"{name(player)} wins {stack_name(stack)} for {price} florins"
        case LandscapeChosen(player, landscape):
            return f"{name(player)} chooses {_a(landscape.value)}"
        case TilePlaced(player, tile, cells):
            return f"{name(player)} places {_tile(tile)} on {cells}"
        case CardsShown(player, deck, count, cards):
            shown = f": {_and([card_name(c) for c in cards])}" if cards else ""
            plural = "s" if count != 1 else ""
            return f"{name(player)} is shown {count} {_DECKS[deck]} card{plural}{shown}"
        case CardKept(player, deck, card):
            return f"{name(player)} keeps {card_name(card, deck)}"
        case CardReturned(player, deck, card):
            return f"{name(player)} puts {card_name(card, deck)} under the {_DECKS[deck]} deck"
        case PersonRecruited(player, from_player, person):
            owner = name(from_player)
            return f"{name(player)} recruits {card_name(person)} from {owner}'s table"
        case RecruitingKept(player):
            return f"{name(player)} keeps the recruiting card for later"
        case BuildingChosen(player, building):
            return f"{name(player)} chooses {_a(building.value)} to build"
        case FreedomIntroduced(player, freedom):
            return f"{name(player)} introduces {_freedom(freedom)}"
        case WorkStarted(player, person):
            return f"{name(player)} starts a work with {card_name(person)}"
        case BonusPlayed(player, card, value):
            return f"{name(player)} plays {card_name(card)}, worth {value}"
        case WorkDone(player, person, value, parts):
            by = f" by {card_name(person)}" if person is not None else ""
            shown = ", ".join(f"{_words(part)} {points}" for part, points in parts if points)
            return f"{name(player)}'s work{by} is worth {value}" + (f": {shown}" if shown else "")
        case PayoutKept(player):
            return f"{name(player)} keeps the whole payout in florins"
        case TurnEnded(player):
            return f"{name(player)} ends the turn"
        case BestWork(round_, value, players):
            who = _and([name(p) for p in players])
            return f"The best work of round {round_} is worth {value}: {who}"
        case PrestigeCardScored(player, card, points):
            return f"{name(player)}'s {card_name(card)} scores {points} prestige"
        case TokenPlaced(player, character, amount, returned):
            back = f"; {name(returned)}'s token goes back" if returned is not None else ""
            return (
                f"{name(player)} puts a token on {_character(character)} at {amount} florins{back}"
            )
        case CharacterTaken(player, character, price):
            return f"{name(player)} takes {_character(character)} for {price} florins"
        case CharacterUsed(player, character):
            return f"{name(player)} uses {_character(character)}"
        case CharacterReturned(player, character):
            return f"{name(player)} gives {_character(character)} back unused"
        case ProposalDrafted(player, partner, number, building, cells):
            what = _tile(building) if building is not None else "a building"
            where = f" on {_across(cells)}" if cells is not None else ""
            return f"{name(player)} drafts proposal {number} to {name(partner)}: {what}{where}"
        case ProposalMade(player, partner, number, building, cells, payment):
            return (
                f"{name(player)} proposes to {name(partner)} to share {_tile(building)}"
                f" on {_across(cells)}, {name(partner)} paying {payment} florins"
                f" (proposal {number})"
            )
        case ProposalAnswered(player, proposer, accepted):
            verb = "accepts" if accepted else "rejects"
            return f"{name(player)} {verb} {name(proposer)}'s proposal"
        case SharedBuildingPlaced(player, partner, building, cells):
            return f"{name(player)} and {name(partner)} build {_tile(building)} on {_across(cells)}"
        case BuildGivenUp(player):
            return f"{name(player)} gives up the build action"
        case Dealt(player, item):
            return _dealt(player, item, config)
        case GameEnded(winners):
            if not winners:  # ruling R24: one winner at least, or several sharing
                raise ArgumentError("describe: the event GameEnded names no winner")
            who = _and([name(p) for p in winners])
            verb = "wins" if len(winners) == 1 else "share the victory"
            return f"The game is over: {who} {verb}"
        case _:
            assert_never(event)


_MOVE_CLASSES: tuple[type, ...] = get_args(Move)
_EVENT_CLASSES: tuple[type, ...] = get_args(Event)


def _is_move(item: object) -> TypeGuard[Move]:
    return isinstance(item, _MOVE_CLASSES)


def _is_event(item: object) -> TypeGuard[Event]:
    return isinstance(item, _EVENT_CLASSES)
