"""What one player may see, and hidden information filled in at random (ruling R5).

A :class:`~princes_of_florence.GameState` holds everything, hidden cards included.  A
:class:`PlayerView` holds what one player may know from the
table right now:

* everything on the boards and tables: round, phase, players, principalities,
  prestige, jesters, builders, freedoms, persons and recruiting cards face up,
  supplies, the bonus cards already played, the auction, the turn, the best
  works of the round;
* every player's money, unless :attr:`princes_of_florence.GameConfig.hidden_money` is set; then
  only the player's own money (ruling R5);
* of every other hand only how many cards it holds; of every deck only how
  many cards it holds, never their order;
* the player's own hand: persons, bonus cards, prestige cards;
* the pending decision: in full when it is the player's, and a
  :class:`~princes_of_florence.Working` of anyone (the person and the bonus cards played lie face
  up); of another player's :class:`~princes_of_florence.CardChoice` only the deck and how many
  cards are shown, or are still to go under the deck in the order that
  player chooses (:class:`HiddenCardChoice`);
* during the starting-person draft (ruling R8), how many cards were returned
  and which one the player returned;
* once the game is over, every player's prestige cards, which were scored
  openly (ruling R24).

The configuration is shown with its seed replaced by 0: the seed fixes the
order of every deck, so it is hidden information too.  ``view.config.seed``
is therefore always 0 and says nothing about the game.

A view is what lies on the table *now*; it is not a player's memory.  Cards a
player saw go under a deck (ruling R6), or a person recruited into another
hand (ruling R23), are known to a player who paid attention, but they are not
part of the view: a bot that wants to use them follows the events (see
:func:`~princes_of_florence.events_for`).

:func:`~princes_of_florence.determinize` goes the other way: from a view it builds a complete,
valid :class:`~princes_of_florence.GameState` that shows the player exactly that view, dealing the
cards the player cannot see at random.  Search bots sample many such states.

>>> from princes_of_florence import GameConfig, new_game
>>> state = new_game(GameConfig(players=3, seed=1))
>>> view = observe(state, 1)
>>> len(view.hand_persons), view.players[0].hand_person_count, view.person_deck_size
(4, 4, 9)
>>> view.config.seed
0
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache
from typing import TypeAlias, TypeVar, get_args

import attrs

from princes_of_florence import engine
from princes_of_florence.config import GameConfig
from princes_of_florence.errors import ArgumentError, PrincesOfFlorenceError
from princes_of_florence.events import (
    CardKept,
    CardReturned,
    CardsShown,
    Dealt,
    Event,
    PersonReturned,
)
from princes_of_florence.frozen import share_copies
from princes_of_florence.ids import (
    BonusCardId,
    Building,
    Freedom,
    PersonId,
    Phase,
    PrestigeCardId,
)
from princes_of_florence.limits import MAX_MONEY, shorten
from princes_of_florence.memo import IdentityMemo
from princes_of_florence.moves import Move, SellPrestige
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.rules.work_value import WorkBreakdown
from princes_of_florence.state import (
    AuctionState,
    CardChoice,
    CharacterState,
    Conversion,
    Deck,
    GameState,
    LandscapeChoice,
    MerchantOffer,
    OpenBuild,
    Pending,
    Placing,
    PlayerState,
    Principality,
    ProfessorOffer,
    Proposal,
    RecruitOffer,
    SetupState,
    TurnState,
    Working,
)

__all__ = [
    "HiddenCardChoice",
    "PlayerView",
    "PublicPlayer",
    "SetupView",
    "ViewPending",
    "determinize",
    "events_for",
    "is_complete",
    "money_floor",
    "observe",
    "public_events",
    "public_view",
    "source_state",
    "view_legal_moves",
    "view_moves",
]


@attrs.frozen
class PublicPlayer:
    """What everybody sees of one player.

    Attributes:
        money: florins in cash, or ``None`` when the configuration hides the
            money of other players (ruling R5); the player's own money is
            always shown.
        prestige: prestige points.
        principality: the grid with its tiles.
        jesters: jesters on the palazzo.
        builders: builders held.
        freedoms: freedoms introduced, in :class:`Freedom` order.
        table_persons: person cards face up in front of the player, in order.
        table_recruiting: recruiting cards face up in front of the player.
        hand_person_count: person cards in hand.
        hand_recruiting: recruiting cards in hand (all alike, so the count is
            everything there is to know).
        hand_bonus_count: bonus cards in hand, those played into a work in
            progress included (they leave the hand when the work finishes).
        prestige_card_count: prestige cards held face down.

    Example:
        >>> from princes_of_florence import GameConfig, new_game
        >>> view = observe(new_game(GameConfig(players=3, seed=1, hidden_money=True)), 1)
        >>> [player.money for player in view.players]
        [None, 3500, None]
    """

    money: int | None
    prestige: int
    principality: Principality
    jesters: int
    builders: int
    freedoms: tuple[Freedom, ...]
    table_persons: tuple[PersonId, ...]
    table_recruiting: int
    hand_person_count: int
    hand_recruiting: int
    hand_bonus_count: int
    prestige_card_count: int


@attrs.frozen
class HiddenCardChoice:
    """Another player chooses one of ``count`` cards shown from ``deck`` (R5, R6).

    With ``returning`` set, that player kept a card already and puts the
    ``count`` others under the deck in an order of their choosing.

    Example:
        >>> from princes_of_florence import GameConfig, new_game, apply, legal_moves, parse_move
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> for _ in range(3):
        ...     state = apply(state, legal_moves(state)[0])
        >>> for text in ("open prestige", "pass", "pass"):
        ...     state = apply(state, parse_move(text))
        >>> observe(state, 1).pending
        HiddenCardChoice(deck=<Deck.PRESTIGE: 'prestige'>, count=5, returning=False)
    """

    deck: Deck
    count: int
    returning: bool = False


@attrs.frozen
class SetupView:
    """The starting-person draft as the player sees it (ruling R8).

    Attributes:
        returned: how many players have returned a card so far.
        own: the card the player returned, or ``None`` before they did.

    Example:
        >>> from princes_of_florence import GameConfig, new_game, apply, legal_moves
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> state = apply(state, legal_moves(state)[0])
        >>> observe(state, 0).setup
        SetupView(returned=1, own=<PersonId.ARCHITECT: 'architect'>)
        >>> observe(state, 1).setup
        SetupView(returned=1, own=None)
    """

    returned: int
    own: PersonId | None = None


ViewPending: TypeAlias = (
    Placing
    | CardChoice
    | HiddenCardChoice
    | RecruitOffer
    | Working
    | Conversion
    | LandscapeChoice
    | Proposal
    | OpenBuild
    | MerchantOffer
    | ProfessorOffer
)
"""A pending decision as a viewer sees it: another player's card choice is hidden."""


@attrs.frozen
class PlayerView:
    """Everything the player ``player`` may know now (ruling R5).

    Attributes:
        player: the player this view belongs to.
        config: the configuration, its seed replaced by 0 (the seed would
            reveal the order of every deck).
        round: 1 to 7.
        phase: the phase being played.
        start_player: the seat that starts this round.
        current_player: the seat to decide, or ``None`` once the game is over.
        players: what everybody sees of each player, in player order.
        hand_persons: the player's person cards in hand, in the order received.
        hand_bonus: the player's bonus cards in hand, in the order received.
        prestige_cards: the player's prestige cards, in the order received.
        person_deck_size: cards left in the person deck.
        bonus_deck_size: cards left in the bonus deck.
        prestige_deck_size: cards left in the prestige deck.
        building_supply: tiles left per building type, in :class:`Building` order.
        landscape_supply: tiles left per landscape type.
        freedom_supply: tiles left per freedom.
        jesters: jesters left.
        builders: builders left.
        recruiting: recruiting cards left.
        bonus_discard: bonus cards played, face up, out of the game.
        setup: the draft, during :attr:`Phase.SETUP`.
        auction: the auction, during :attr:`Phase.AUCTION`.
        turn: the current turn, during :attr:`Phase.ACTIONS`.
        pending: the sub-decision the current player must settle first.
        round_best: per seat, the highest work value this round (0: none).
        characters: the character cards of Muse & Princess, all open: who
            holds which, the tokens and bids of phase A2, the Banker's money.
        final_prestige_cards: once the game is over, every seat's prestige
            cards (scored openly, ruling R24); ``None`` before.

    Example:
        >>> from princes_of_florence import GameConfig, new_game
        >>> view = observe(new_game(GameConfig(players=3, seed=1)), 1)
        >>> view.player, view.phase, len(view.hand_persons)
        (1, <Phase.SETUP: 'setup'>, 4)
        >>> view.players[0].hand_person_count
        4
    """

    player: int
    config: GameConfig
    round: int
    phase: Phase
    start_player: int
    current_player: int | None
    players: tuple[PublicPlayer, ...]
    hand_persons: tuple[PersonId, ...]
    hand_bonus: tuple[BonusCardId, ...]
    prestige_cards: tuple[PrestigeCardId, ...]
    person_deck_size: int
    bonus_deck_size: int
    prestige_deck_size: int
    building_supply: tuple[int, ...]
    landscape_supply: tuple[int, ...]
    freedom_supply: tuple[int, ...]
    jesters: int
    builders: int
    recruiting: int
    bonus_discard: tuple[BonusCardId, ...] = ()
    setup: SetupView | None = None
    auction: AuctionState | None = None
    turn: TurnState | None = None
    pending: ViewPending | None = None
    round_best: tuple[int, ...] = ()
    final_prestige_cards: tuple[tuple[PrestigeCardId, ...], ...] | None = None
    characters: CharacterState | None = None

    @property
    def own(self) -> PublicPlayer:
        """What everybody sees of this view's own player."""
        return self.players[self.player]

    @property
    def is_my_turn(self) -> bool:
        """Whether the player is the player to decide."""
        return self.current_player == self.player


_SEAT_VIEWS: IdentityMemo[PlayerState, tuple[PublicPlayer | None, PublicPlayer | None]] = (
    IdentityMemo(limit=4096)
)
"""Each live player state's :class:`PublicPlayer`, with its money hidden and shown: a
player's state is shared by every game state until that player changes, so views of
those states share the value too (cheaper, and a learner's caches recognise it)."""

_SOURCES: IdentityMemo[PlayerView, GameState] = IdentityMemo(limit=4096)
"""The state each live view of :func:`observe` was taken from."""


def public_player(player: PlayerState, show_money: bool) -> PublicPlayer:
    """What every player sees of ``player`` (its money only with ``show_money``): one
    object for each player state, shared by every view that shows it."""
    known = _SEAT_VIEWS.get(player)
    public = None if known is None else known[show_money]
    if public is None:
        public = _public(player, show_money)
        hidden, shown = known or (None, None)
        _SEAT_VIEWS.put(player, (hidden, public) if show_money else (public, shown))
    return public


def _public(player: PlayerState, show_money: bool) -> PublicPlayer:
    return PublicPlayer(
        money=player.money if show_money else None,
        prestige=player.prestige,
        principality=player.principality,
        jesters=player.jesters,
        builders=player.builders,
        freedoms=player.freedoms,
        table_persons=player.table_persons,
        table_recruiting=player.table_recruiting,
        hand_person_count=len(player.hand_persons),
        hand_recruiting=player.hand_recruiting,
        hand_bonus_count=len(player.hand_bonus),
        prestige_card_count=len(player.prestige_cards),
    )


_SEEDLESS: IdentityMemo[GameConfig, GameConfig] = IdentityMemo(limit=4096)
"""Each live configuration without its seed: every view of one game shares one
(cheaper than a copy per view, and a learner's caches recognise it)."""


def _seedless(config: GameConfig) -> GameConfig:
    """``config`` with seed 0, the same object for every view of the states that share
    ``config``."""
    seedless = _SEEDLESS.get(config)
    if seedless is None:
        seedless = _with_seed(config, 0)  # valid already: no validators run again
        _SEEDLESS.put(config, seedless)
    return seedless


def _return_index(seat: int, start_player: int, players: int) -> int:
    """Where ``seat``'s card stands in :attr:`SetupState.returned` (seat order, R8)."""
    return (seat - start_player) % players


def check_player(player: object, count: int) -> None:
    """Refuse ``player`` unless it is a seat number (an ``int``, not a ``bool``) of a
    game of ``count`` players.

    Raises:
        PrincesOfFlorenceError: it is not (the error is also a :class:`ValueError`).
    """
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < count:
        raise PrincesOfFlorenceError(
            f"player must be a player number from 0 to {count - 1}, not {shorten(player)}"
        )


def setup_view(state: GameState, player: int) -> SetupView | None:
    """The draft as ``player`` sees it (ruling R8): how many returned a card, and their own."""
    if state.setup is None:
        return None
    returned = state.setup.returned
    index = _return_index(player, state.start_player, len(state.players))
    return SetupView(len(returned), returned[index] if index < len(returned) else None)


def hidden_choice(choice: CardChoice) -> HiddenCardChoice:
    """``choice`` as the players who do not choose see it (rule R5): how many cards, not which."""
    return HiddenCardChoice(choice.deck, len(choice.shown), choice.returning)


def observe(state: GameState, player: int) -> PlayerView:
    """What the player in seat ``player`` may know of ``state`` (ruling R5).

    Args:
        state: a complete game state.
        player: the player whose view it is.

    Returns:
        The view; it depends only on what the player may see, so two states
        that differ only in hidden cards (or the seed) give equal views.

    Raises:
        PrincesOfFlorenceError: ``player`` is not a player of this game (the
            error is also a :class:`ValueError`).

    >>> from princes_of_florence import GameConfig, new_game
    >>> view = observe(new_game(GameConfig(players=4, seed=2, hidden_money=True)), 0)
    >>> [p.money for p in view.players]
    [3500, None, None, None]
    """
    if not isinstance(state, GameState):
        raise ArgumentError.wrong_kind("observe", "a GameState", state)
    count = len(state.players)
    check_player(player, count)
    hidden_money = state.config.hidden_money
    own = state.players[player]
    setup = setup_view(state, player)
    pending: ViewPending | None = state.pending
    if isinstance(pending, CardChoice) and state.current_player != player:
        pending = hidden_choice(pending)  # R5
    final = None
    if state.phase is Phase.GAME_OVER:  # ruling R24: the prestige cards are scored openly
        final = tuple(p.prestige_cards for p in state.players)
    view = PlayerView(
        player=player,
        config=_seedless(state.config),
        round=state.round,
        phase=state.phase,
        start_player=state.start_player,
        current_player=state.current_player,
        players=tuple(
            public_player(p, show_money=not hidden_money or seat == player)
            for seat, p in enumerate(state.players)
        ),
        hand_persons=own.hand_persons,
        hand_bonus=own.hand_bonus,
        prestige_cards=own.prestige_cards,
        person_deck_size=len(state.person_deck),
        bonus_deck_size=len(state.bonus_deck),
        prestige_deck_size=len(state.prestige_deck),
        building_supply=state.building_supply,
        landscape_supply=state.landscape_supply,
        freedom_supply=state.freedom_supply,
        jesters=state.jesters,
        builders=state.builders,
        recruiting=state.recruiting,
        bonus_discard=state.bonus_discard,
        setup=setup,
        auction=state.auction,
        turn=state.turn,
        pending=pending,
        round_best=state.round_best,
        final_prestige_cards=final,
        characters=state.characters,
    )
    _SOURCES.put(view, state)
    return view


def source_state(view: PlayerView) -> GameState | None:
    """The state ``view`` was taken from by :func:`~princes_of_florence.observe`.

    Each view keeps its state while the view lives (among the last 4096
    views), and no longer.  ``None`` for a view made otherwise (loaded from
    JSON, built by hand).  The state offers the viewer exactly the moves the
    view does, so the action mask of such a view is read from it rather than
    from a :func:`~princes_of_florence.determinize` of the view.

    >>> from princes_of_florence import GameConfig, new_game
    >>> state = new_game(GameConfig(players=3, seed=1))
    >>> source_state(observe(state, 1)) is state
    True
    """
    return _SOURCES.get(view)


def view_legal_moves(view: PlayerView) -> tuple[Move, ...]:
    """The player's legal moves, or ``()`` when another player is to decide.

    The same as :func:`~princes_of_florence.legal_moves` of the view, kept
    as a name of its own for the programs written before
    :func:`~princes_of_florence.legal_moves` took a view.  Like it, no
    prestige sales (see :func:`~princes_of_florence.free_moves`).

    >>> from princes_of_florence import GameConfig, new_game, legal_moves
    >>> state = new_game(GameConfig(players=3, seed=4))
    >>> view_legal_moves(observe(state, 0)) == legal_moves(state)
    True
    >>> view_legal_moves(observe(state, 1))
    ()
    """
    if not isinstance(view, PlayerView):
        raise ArgumentError.wrong_kind("view_legal_moves", "a PlayerView", view)
    return _legal_moves_of_view(view)


def view_moves(view: PlayerView) -> tuple[Move, ...]:
    """Every move the player of ``view`` may make: legal moves, then prestige sales (R3).

    This is ``legal_moves(view) + free_moves(view)``
    (:func:`~princes_of_florence.legal_moves`,
    :func:`~princes_of_florence.free_moves`): the list a bot chooses from, and
    what a game's :meth:`~princes_of_florence.games.Game.legal_moves` gives
    for a view.  The sales are of 1 point up to every point the player holds
    (none with Muse & Princess, R27); ``()`` when another player is to
    decide.  It depends on the view only.

    >>> from princes_of_florence import legal_moves, new_game
    >>> state = new_game(GameConfig(players=3, seed=4))
    >>> view_moves(observe(state, 0)) == legal_moves(state)
    True
    """
    if not isinstance(view, PlayerView):
        raise ArgumentError.wrong_kind("view_moves", "a PlayerView", view)
    return (*_legal_moves_of_view(view), *_free_moves_of_view(view))


@engine._view_legal_moves.register  # legal_moves(view)
def _legal_moves_of_view(view: PlayerView) -> tuple[Move, ...]:
    """The player's legal moves, computed on a state from :func:`determinize` (fixed generator)."""
    if view.current_player is None or view.current_player != view.player:
        return ()
    return engine.legal_moves(determinize(view, random.Random(0)))


@engine._view_free_moves.register  # free_moves(view)
def _free_moves_of_view(view: PlayerView) -> tuple[SellPrestige, ...]:
    """The sales open to the player of ``view`` (R3), from the prestige on the table."""
    if view.current_player is None or view.current_player != view.player:
        return ()
    if not ruleset(view.config).sells_prestige:  # ruling R27: Muse & Princess
        return ()
    most = view.players[view.current_player].prestige
    return tuple(SellPrestige(p) for p in range(1, most + 1))


@engine._view_work_preview.register  # work_preview(view)
def _work_preview_of_view(view: PlayerView) -> WorkBreakdown | None:
    """The work in progress as any player sees it: a work lies face up.

    Valued on a state from :func:`determinize` (fixed generator): the cards
    it deals are hidden ones, which a work's value never reads.  ``None`` for
    a spectator's view (:func:`is_complete`), which no state completes.
    """
    if not isinstance(view.pending, Working) or not is_complete(view):
        return None
    return engine.work_preview(determinize(view, random.Random(0)))


def money_floor(view: PlayerView, player: int) -> int:
    """The least money ``player`` can hold, judging from the table.

    The high bidder of a running auction can raise the high bid, and a
    player placing a building its price, paid when it is placed (R21): in
    cash, less what their prestige would raise where prestige may be sold
    (revised R4).  A player converting a payout holds at least that payout
    (R19), and a player whose token lies on a character card at least its
    bid, in cash (R25, R27).  Anyone else may hold 0.
    """
    owed = 0
    auction = view.auction
    if auction is not None and auction.stack is not None and auction.high_bidder == player:
        owed = auction.high_bid
    floor = 0
    characters = view.characters
    if characters is not None:  # ruling R27: a character bid is paid in cash
        tokens = zip(characters.tokens, characters.bids, strict=False)
        bid = max((bid for seat, bid in tokens if seat == player), default=0)
        floor = min(bid, MAX_MONEY)  # a bid beyond any cash is the view's fault, named later
    if view.current_player == player:
        pending = view.pending
        if isinstance(pending, Conversion):
            floor = max(floor, pending.payout)
        if isinstance(pending, Placing) and isinstance(pending.tile, Building):
            owed = max(owed, catalog().rules.build_cost[view.players[player].builders])
    pending = view.pending
    if isinstance(pending, Proposal):
        if pending.proposer == player:  # ruling R31: the proposer pays the build cost
            owed = max(owed, catalog().rules.build_cost[view.players[player].builders])
        if pending.partner == player:  # ruling R31: what the partner can raise, public
            owed = max(owed, pending.limit)
    if ruleset(view.config).sells_prestige:
        owed -= view.players[player].prestige * catalog().rules.florins_per_sold_prestige
    return max(floor, owed, 0)


_C = TypeVar("_C", PersonId, BonusCardId, PrestigeCardId)


_CONFIG_FIELDS = tuple(field.name for field in attrs.fields(GameConfig))


def _with_seed(config: GameConfig, seed: int) -> GameConfig:
    """``attrs.evolve(config, seed=seed)`` without validating again.

    ``config`` is valid (it passed its validators when it was made) and
    ``seed`` comes from ``getrandbits(63)``, a valid seed, so the copy is
    valid; skipping the validators saves most of the cost of the copy, which
    a search bot pays on every iteration.
    """
    copy = object.__new__(GameConfig)
    for name in _CONFIG_FIELDS:
        object.__setattr__(copy, name, getattr(config, name))
    object.__setattr__(copy, "seed", seed)
    return copy


@cache
def _card_ids() -> tuple[tuple[PersonId, ...], tuple[BonusCardId, ...], tuple[PrestigeCardId, ...]]:
    """The person, bonus and prestige card ids in catalog order, read once."""
    cat = catalog()
    return (
        tuple(spec.id for spec in cat.persons),
        tuple(spec.id for spec in cat.bonus_cards),
        tuple(spec.id for spec in cat.prestige_cards),
    )


def _deal(
    rng: random.Random,
    what: str,
    cards: Sequence[_C],
    known: Iterable[_C],
    demands: Sequence[int],
    undealt: bool = False,
) -> list[list[_C]]:
    """Shuffle the cards not ``known`` and cut them into piles of ``demands`` sizes.

    With ``undealt`` (chance is dealing), cards left over stay undealt.
    """
    seen = set(known)
    pool = [card for card in cards if card not in seen]  # catalog order, then shuffled
    if min(demands, default=0) < 0:
        raise PrincesOfFlorenceError(
            f"the view is inconsistent: a negative number of {what} cards is hidden"
        )
    if len(pool) != sum(demands) and not (undealt and len(pool) > sum(demands)):
        raise PrincesOfFlorenceError(
            f"the view is inconsistent: {len(pool)} {what} cards are not accounted for, "
            f"but {sum(demands)} are hidden"
        )
    rng.shuffle(pool)
    piles: list[list[_C]] = []
    start = 0
    for size in demands:
        piles.append(pool[start : start + size])
        start += size
    return piles


def _money(view: PlayerView, money: Sequence[int] | None) -> list[int]:
    """Every seat's money: shown, given, or guessed (see :func:`determinize`)."""
    count = len(view.players)
    if money is not None and not isinstance(money, list | tuple):
        raise PrincesOfFlorenceError(
            f"money must be a list or tuple of amounts, not {type(money).__name__}"
        )
    if money is not None and len(money) != count:
        raise PrincesOfFlorenceError(f"money needs one amount per seat ({count}), not {len(money)}")
    own = view.own.money
    assert own is not None, "a view always shows the player's own money"
    result = []
    for seat, seat_view in enumerate(view.players):
        if seat_view.money is not None:
            result.append(seat_view.money)
            continue
        floor = money_floor(view, seat)
        if money is None:
            result.append(max(own, floor))
            continue
        amount = money[seat]
        if type(amount) is not int or amount % 100 or not 0 <= amount <= MAX_MONEY:
            raise PrincesOfFlorenceError(
                f"money for seat {seat} must be a multiple of 100 from 0 to {MAX_MONEY},"
                f" not {shorten(amount)} (R2)"
            )
        if amount < floor:
            raise PrincesOfFlorenceError(
                f"seat {seat} holds at least {floor} florins judging from the table, not {amount}"
            )
        result.append(amount)
    return result


def _check_view(view: object, rng: object) -> None:
    """Refuse what :func:`determinize` cannot deal from: see its ``Raises``."""
    if not isinstance(view, PlayerView):
        raise ArgumentError.wrong_kind("determinize", "a PlayerView", view)
    if not isinstance(rng, random.Random):
        raise ArgumentError.wrong_kind("determinize", "a random.Random", rng)
    player, players = view.player, view.players
    if type(player) is not int or not 0 <= player < len(players):
        raise PrincesOfFlorenceError(
            f"the view is inconsistent: player {shorten(player)} is not one of its"
            f" {len(players)} seats"
        )
    own = players[player]
    if own.money is None:  # ruling R5: a player always sees their own money
        raise PrincesOfFlorenceError(
            f"the view is inconsistent: it hides the money of player {player}, its own player"
        )
    for what, held, counted in (
        ("person", len(view.hand_persons), own.hand_person_count),
        ("bonus", len(view.hand_bonus), own.hand_bonus_count),
        ("prestige", len(view.prestige_cards), own.prestige_card_count),
    ):
        if held != counted:
            raise PrincesOfFlorenceError(
                f"the view is inconsistent: it shows player {player} {held} {what} cards in"
                f" hand, but the table counts {counted}"
            )


def determinize(
    view: PlayerView, rng: random.Random, money: Sequence[int] | None = None
) -> GameState:
    """A complete, valid state that shows ``view.player`` exactly ``view``.

    What the view hides is filled in at random from the cards the view does
    not account for: the other players' hands, the cards shown to another
    player who is choosing, the other players' returned starting persons
    during the draft, and the order of every deck.  Only the view is read.

    Money hidden by the configuration comes from ``money`` (one amount per
    seat; only the amounts of seats whose money is hidden are used); without
    it, each hidden seat is guessed to hold as much as the viewer, raised to
    the least the table shows it must hold
    (:func:`~princes_of_florence.observation.money_floor`).  The state gets a
    fresh seed from ``rng``.

    The same view and generator state always give the same result:
    ``rng`` is used for the seed, then the person, bonus and prestige cards,
    in that order.

    Args:
        view: what one player sees.
        rng: the source of the random choices.
        money: guessed money per seat, used where the view hides it.

    Returns:
        A state ``s`` with ``observe(s, view.player) == view``.

    Raises:
        ArgumentError: ``view`` is not a :class:`PlayerView` or ``rng`` not a
            :class:`random.Random`.
        PrincesOfFlorenceError: ``money`` does not fit the view (wrong length, not a
            multiple of 100, less than the table shows), or the view is
            inconsistent: its card counts do not add up, or it is not its
            player's (another player's view relabelled: the player's own money
            hidden, or their hand not the size the table shows).

    >>> import random
    >>> from princes_of_florence import GameConfig, new_game
    >>> view = observe(new_game(GameConfig(players=3, seed=1)), 2)
    >>> guess = determinize(view, random.Random(7))
    >>> observe(guess, 2) == view
    True
    """
    _check_view(view, rng)
    viewer = view.player
    count = len(view.players)
    seed = rng.getrandbits(63)
    # Chance is dealing (explicit chance): the cards not dealt yet stay so.
    dealing = view.current_player is None and view.phase is not Phase.GAME_OVER
    others = [seat for seat in range(count) if seat != viewer]
    pending = view.pending
    hidden = pending if isinstance(pending, HiddenCardChoice) else None
    own_shown = pending.shown if isinstance(pending, CardChoice) else ()

    def choice_size(deck: Deck) -> int:
        return hidden.count if hidden is not None and hidden.deck is deck else 0

    # Persons: other hands, the hidden choice, other returned cards (R8), the deck.
    returned_seats: list[int] = []
    if view.setup is not None:
        returned_seats = [(view.start_player + i) % count for i in range(view.setup.returned)]
    hidden_returns = [seat for seat in returned_seats if seat != viewer]
    if view.setup is not None and (viewer in returned_seats) != (view.setup.own is not None):
        raise PrincesOfFlorenceError(
            "the view is inconsistent: the player's returned card does not fit the draft"
        )
    known_persons = [*view.hand_persons, *own_shown]
    known_persons += [p for seat in view.players for p in seat.table_persons]
    if view.setup is not None and view.setup.own is not None:
        known_persons.append(view.setup.own)
    person_ids, bonus_ids, prestige_ids = _card_ids()
    person_piles = _deal(
        rng,
        "person",
        person_ids,
        [p for p in known_persons if isinstance(p, PersonId)],
        [
            *(view.players[seat].hand_person_count for seat in others),
            choice_size(Deck.PERSONS),
            len(hidden_returns),
            view.person_deck_size,
        ],
        dealing,
    )

    # Bonus cards: other hands (less the cards played into another's work),
    # the hidden choice, the deck.
    working_seat = view.current_player if isinstance(pending, Working) else None
    open_bonus = pending.bonus if isinstance(pending, Working) else ()
    others_open = open_bonus if working_seat != viewer else ()
    known_bonus = [*view.hand_bonus, *view.bonus_discard, *others_open]
    known_bonus += [c for c in own_shown if isinstance(c, BonusCardId)]
    bonus_piles = _deal(
        rng,
        "bonus",
        bonus_ids,
        known_bonus,
        [
            *(
                view.players[seat].hand_bonus_count
                - (len(others_open) if seat == working_seat else 0)
                for seat in others
            ),
            choice_size(Deck.BONUS),
            view.bonus_deck_size,
        ],
        dealing,
    )

    # Prestige cards: other hands (open once the game is over), the hidden
    # choice, the deck.
    final = view.final_prestige_cards
    known_prestige = [
        *view.prestige_cards,
        *(c for c in own_shown if isinstance(c, PrestigeCardId)),
    ]
    if final is not None:
        known_prestige += [c for seat in others for c in final[seat]]
    prestige_piles = _deal(
        rng,
        "prestige",
        prestige_ids,
        known_prestige,
        [
            *(
                0 if final is not None else view.players[seat].prestige_card_count
                for seat in others
            ),
            choice_size(Deck.PRESTIGE),
            view.prestige_deck_size,
        ],
        dealing,
    )

    amounts = _money(view, money)
    players = []
    for seat, seat_view in enumerate(view.players):
        if seat == viewer:
            persons, bonus, prestige = view.hand_persons, view.hand_bonus, view.prestige_cards
        else:
            index = others.index(seat)
            persons = tuple(person_piles[index])
            extra = others_open if seat == working_seat else ()
            bonus = (*extra, *bonus_piles[index])
            prestige = tuple(final[seat]) if final is not None else tuple(prestige_piles[index])
        players.append(
            PlayerState(
                money=amounts[seat],
                prestige=seat_view.prestige,
                principality=seat_view.principality,
                jesters=seat_view.jesters,
                builders=seat_view.builders,
                freedoms=seat_view.freedoms,
                hand_persons=persons,
                hand_recruiting=seat_view.hand_recruiting,
                hand_bonus=bonus,
                prestige_cards=prestige,
                table_persons=seat_view.table_persons,
                table_recruiting=seat_view.table_recruiting,
            )
        )

    state_pending: Pending | None
    if hidden is None:
        assert not isinstance(pending, HiddenCardChoice)
        state_pending = pending
    elif hidden.deck is Deck.PERSONS:
        state_pending = CardChoice(hidden.deck, tuple(person_piles[len(others)]), hidden.returning)
    elif hidden.deck is Deck.BONUS:
        state_pending = CardChoice(hidden.deck, tuple(bonus_piles[len(others)]), hidden.returning)
    else:
        state_pending = CardChoice(
            hidden.deck, tuple(prestige_piles[len(others)]), hidden.returning
        )

    setup = None
    if view.setup is not None:
        dealt = iter(person_piles[len(others) + 1])
        own_return = view.setup.own
        setup = SetupState(
            tuple(
                own_return if seat == viewer and own_return is not None else next(dealt)
                for seat in returned_seats
            )
        )

    return GameState(
        config=_with_seed(view.config, seed),
        round=view.round,
        phase=view.phase,
        start_player=view.start_player,
        current_player=view.current_player,
        players=tuple(players),
        person_deck=tuple(person_piles[-1]),
        bonus_deck=tuple(bonus_piles[-1]),
        prestige_deck=tuple(prestige_piles[-1]),
        building_supply=view.building_supply,
        landscape_supply=view.landscape_supply,
        freedom_supply=view.freedom_supply,
        jesters=view.jesters,
        builders=view.builders,
        recruiting=view.recruiting,
        bonus_discard=view.bonus_discard,
        setup=setup,
        auction=view.auction,
        turn=view.turn,
        pending=state_pending,
        round_best=view.round_best,
        characters=view.characters,
    )


_SECRETS = (CardsShown, CardKept, CardReturned, PersonReturned, Dealt)
"""The events that may hold a card another player may not see."""

_REDACTED: IdentityMemo[Event, Event] = IdentityMemo(limit=4096)
"""Each live secret event as every player but its own sees it: one object for all of
them (cheaper, and the text of an information state's line is then written once)."""


def _redact(player: int, event: Event) -> Event:
    if not isinstance(event, _SECRETS) or event.player == player:
        return event
    hidden = _REDACTED.get(event)
    if hidden is None:
        hidden = _hidden(event)
        _REDACTED.put(event, hidden)
    return hidden


def _hidden(event: Event) -> Event:
    """``event`` as a player other than its own sees it."""
    if isinstance(event, CardsShown):
        return attrs.evolve(event, cards=None)
    if isinstance(event, CardKept | CardReturned):
        return attrs.evolve(event, card=None)
    if isinstance(event, PersonReturned):
        return attrs.evolve(event, person=None)
    if isinstance(event, Dealt) and not isinstance(event.item, Freedom):
        return attrs.evolve(event, item=None)  # a freedom tile dealt is open to all
    return event


_EVENT_CLASSES: tuple[type, ...] = get_args(Event)


_EVENT_KINDS = frozenset(_EVENT_CLASSES)


def _events(events: Iterable[Event], function: str) -> tuple[Event, ...]:
    """``events`` as a tuple, each one checked to be an event of the game."""
    if type(events) is tuple:  # as apply_with_events gives them: one set lookup an event
        kinds = _EVENT_KINDS
        for event in events:
            if type(event) not in kinds:
                break
        else:
            return events
    return ArgumentError.checked_items(function, events, _EVENT_CLASSES, "event")


def events_for(events: Iterable[Event], player: int) -> tuple[Event, ...]:
    """The events as the player ``player`` may see them (ruling R5).

    The cards shown to another player, the card another player kept or put
    under a deck, the starting person another player returned, and a card
    chance dealt to another player or onto a deck become ``None``; every other
    event is public and passes unchanged.  That includes the person of
    another player's :class:`~princes_of_florence.events.WorkStarted` (it
    lies face up from then on) and another player's
    :class:`~princes_of_florence.events.RecruitingKept` (recruiting cards
    are all alike, and how many a player holds is open).

    >>> from princes_of_florence.events import CardKept, Declined
    >>> events_for([CardKept(1, Deck.BONUS, BonusCardId.B03), Declined(2)], 0)
    (CardKept(player=1, deck=<Deck.BONUS: 'bonus'>, card=None), Declined(player=2))
    """
    if isinstance(player, bool) or not isinstance(player, int) or player < 0:
        raise PrincesOfFlorenceError(f"player must be a player number, not {shorten(player)}")
    seen = _events(events, "events_for")
    for event in seen:
        if isinstance(event, _SECRETS) and event.player != player:
            return tuple([_redact(player, event) for event in seen])
    return seen  # nothing hidden from the player: the events as they are


def public_events(events: Iterable[Event]) -> tuple[Event, ...]:
    """The events as a spectator, who holds no cards, may see them (ruling R5).

    Every card :func:`~princes_of_florence.events_for` hides from some player is hidden here.

    >>> from princes_of_florence.events import CardKept
    >>> public_events([CardKept(1, Deck.BONUS, BonusCardId.B03)])
    (CardKept(player=1, deck=<Deck.BONUS: 'bonus'>, card=None),)
    """
    return tuple(_redact(-1, event) for event in _events(events, "public_events"))


def is_complete(view: PlayerView) -> bool:
    """Whether ``view`` holds all its player's cards and money.

    Every view of :func:`~princes_of_florence.observe` does.

    A spectator's view (:func:`public_view`) has its player's hand and money
    taken out, so :func:`~princes_of_florence.determinize` cannot complete it into a state; what
    is computed from a completed state (the value of a work in progress) is
    then left out.

    >>> from princes_of_florence import GameConfig, new_game
    >>> state = new_game(GameConfig(players=3, seed=1))
    >>> is_complete(observe(state, 1)), is_complete(public_view(state))
    (True, False)
    """
    own = view.own
    return (
        own.money is not None
        and len(view.hand_persons) == own.hand_person_count
        and len(view.hand_bonus) == own.hand_bonus_count
        and len(view.prestige_cards) == own.prestige_card_count
    )


def public_view(state: GameState) -> PlayerView:
    """What a spectator sees of ``state``: a view with no player's hidden cards (R5).

    It is the view of a player not deciding now (so that no card shown to
    choose from is in it), with that player's own hand, prestige cards,
    returned starting person and, where money is hidden, money taken out.
    It is for showing the table; it is not a view to play from, and
    :func:`~princes_of_florence.determinize` does not complete it (:func:`is_complete`).

    >>> from princes_of_florence import GameConfig, new_game
    >>> view = public_view(new_game(GameConfig(players=3, seed=1, hidden_money=True)))
    >>> view.hand_persons, [p.money for p in view.players]
    ((), [None, None, None])
    """
    if not isinstance(state, GameState):
        raise ArgumentError.wrong_kind("public_view", "a GameState", state)
    count = len(state.players)
    current = state.current_player
    player = 0 if current != 0 else 1 % count
    view = observe(state, player)
    own = view.players[player]
    if state.config.hidden_money:
        own = attrs.evolve(own, money=None)
    setup = view.setup
    if setup is not None:
        setup = attrs.evolve(setup, own=None)
    return attrs.evolve(
        view,
        players=tuple(own if seat == player else p for seat, p in enumerate(view.players)),
        hand_persons=(),
        hand_bonus=(),
        prestige_cards=(),
        setup=setup,
    )


share_copies(PublicPlayer, HiddenCardChoice, SetupView, PlayerView)
