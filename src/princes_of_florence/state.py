"""The game state: frozen values holding only immutable containers.

A :class:`GameState` is everything on the table, every hand and every deck,
plus whose decision it is.  It is never changed: the engine's ``apply``
returns a new state.  This module holds data only; the rules live in
:mod:`princes_of_florence.rules`.

Components are referred to by id (the enums of :mod:`princes_of_florence.ids`);
their printed data is looked up in the catalog.  Per-type counts are tuples
indexed in enum order (``building_supply[i]`` is the supply of the *i*-th
:class:`~princes_of_florence.ids.Building`).
"""

from __future__ import annotations

from typing import Any, TypeVar, cast, get_args

import attrs
from attrs import AttrsInstance

from princes_of_florence.config import GameConfig
from princes_of_florence.frozen import share_copies
from princes_of_florence.geometry import PALAZZO_MASK, popcount
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
)

__all__ = [
    "AuctionState",
    "BUILDINGS",
    "Card",
    "CardChoice",
    "CharacterState",
    "Conversion",
    "Deck",
    "FREEDOMS",
    "GameState",
    "LANDSCAPES",
    "LandscapeChoice",
    "MerchantOffer",
    "Pending",
    "PlacedTile",
    "Placing",
    "PlayerState",
    "Principality",
    "OpenBuild",
    "ProfessorOffer",
    "Proposal",
    "RecruitOffer",
    "SetupState",
    "SharedBuilding",
    "TurnState",
    "Working",
    "replace",
]

_T = TypeVar("_T", bound=AttrsInstance)
"""The attrs class of the instance :func:`replace` copies, and of the copy."""

_new = object.__new__
_set = object.__setattr__


def replace(instance: _T, **changes: Any) -> _T:
    """A copy of the frozen attrs ``instance`` with ``changes`` applied.

    It does what :func:`attrs.evolve` does for the classes of this package
    (no private attributes, no converters, no validators), several times
    faster: the classes the engine copies on every move (:class:`GameState`,
    :class:`PlayerState`, :class:`AuctionState`, :class:`TurnState`) keep
    their fields in an instance dictionary, which is copied whole.  Every
    field is in that dictionary, so a name that is not a field shows as a
    longer copy.

    >>> replace(TurnState(), actions=1).actions
    1
    >>> replace(TurnState(), action=1)
    Traceback (most recent call last):
    ...
    TypeError: TurnState has no field 'action'
    """
    try:
        fields = instance.__dict__
    except AttributeError:  # a slotted class
        evolved: _T = attrs.evolve(cast("Any", instance), **changes)
        return evolved
    merged = fields | changes
    if len(merged) != len(fields):
        cls = instance.__class__
        unknown = min(changes.keys() - fields.keys())
        raise TypeError(f"{cls.__name__} has no field {unknown!r}")
    copy: _T = _new(instance.__class__)
    _set(copy, "__dict__", merged)
    return copy


BUILDINGS: tuple[Building, ...] = tuple(Building)
LANDSCAPES: tuple[Landscape, ...] = tuple(Landscape)
FREEDOMS: tuple[Freedom, ...] = tuple(Freedom)

Card = PersonId | BonusCardId | PrestigeCardId
"""A card of one of the three decks."""


@attrs.frozen
class SharedBuilding:
    """A building two neighbours built across their border (Cooperative Building, R31-R33).

    One record, held by the :class:`PlacedTile` of its part in each of the
    two principalities: the building counts in full for both partners
    (ruling R33) and is one tile of the supply.

    Attributes:
        building: the building.
        players: the active player who proposed it, then the partner.
        masks: the cells it covers in each of the two principalities, in the
            order of ``players``.
        cells: the placement's notation, seen from the proposer's side
            (``f4-g4/a4``: the proposer's cells, ``/``, the partner's).

    Example:
        >>> from princes_of_florence import parse_cells
        >>> shared = SharedBuilding(
        ...     building=Building.TOWER,
        ...     players=(0, 1),
        ...     masks=(parse_cells("f4-g4"), parse_cells("a4")),
        ...     cells="f4-g4/a4",
        ... )
        >>> shared.players, shared.cells
        ((0, 1), 'f4-g4/a4')
    """

    building: Building
    players: tuple[int, int]
    masks: tuple[int, int]
    cells: str

    def part(self, player: int) -> int:
        """The cells the building covers in ``player``'s principality."""
        return self.masks[self.players.index(player)]

    def partner_of(self, player: int) -> int:
        """The other partner."""
        first, second = self.players
        return second if player == first else first


@attrs.frozen
class PlacedTile:
    """A tile lying in a principality.

    Attributes:
        tile: the building or landscape.
        mask: the cells it covers (see :mod:`princes_of_florence.geometry`);
            for a shared building, only its part in this principality.
        shared: the record of a building shared with a neighbour, held by
            both partners' principalities (ruling R33); ``None`` for a tile
            laid alone.

    Example:
        >>> from princes_of_florence import GameConfig, new_game, apply, legal_moves, parse_move
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> for _ in range(3):  # each player returns one starting person
        ...     state = apply(state, legal_moves(state)[0])
        >>> for text in ("open forest", "pass", "pass", "place a3-a4-b3-b4"):
        ...     state = apply(state, parse_move(text))
        >>> state.players[0].principality.tiles
        (PlacedTile(tile=<Landscape.FOREST: 'forest'>, mask=6340608, shared=None),)
    """

    tile: Building | Landscape
    mask: int
    shared: SharedBuilding | None = None


@attrs.frozen
class Principality:
    """One player's 7x7 grid: the palazzo and the tiles placed, in order.

    Attributes:
        tiles: the tiles, in the order they were placed.
        occupied: every covered cell, the palazzo included.
        walls: every cell covered by a building or the palazzo; a new
            building may not share an edge with these cells unless its
            owner has 2 or more builders (ruling R21).
        palazzo: the cells of the palazzo: those of the board's front side,
            or of its reverse side on the shared map of Cooperative
            Building (ruling R29).

    Example:
        >>> from princes_of_florence import GameConfig, new_game, cells_notation
        >>> principality = new_game(GameConfig(players=3)).players[0].principality
        >>> principality.tiles
        ()
        >>> cells_notation(principality.palazzo)
        'a1-a2-b1-b2-c1-c2'
    """

    tiles: tuple[PlacedTile, ...] = ()
    occupied: int = PALAZZO_MASK
    walls: int = PALAZZO_MASK
    palazzo: int = PALAZZO_MASK

    def with_tile(
        self, tile: Building | Landscape, mask: int, shared: SharedBuilding | None = None
    ) -> Principality:
        """This principality with one more tile (no legality check).

        ``shared`` is the record of a building shared with a neighbour, of
        which ``mask`` is the part in this principality.
        """
        walls = self.walls | mask if isinstance(tile, Building) else self.walls
        return Principality(
            tiles=(*self.tiles, PlacedTile(tile, mask, shared)),
            occupied=self.occupied | mask,
            walls=walls,
            palazzo=self.palazzo,
        )

    @property
    def buildings(self) -> tuple[Building, ...]:
        """The buildings, in the order they were placed."""
        return tuple(t.tile for t in self.tiles if isinstance(t.tile, Building))

    def has_building(self, building: Building) -> bool:
        """Whether ``building`` stands in this principality."""
        return any(t.tile is building for t in self.tiles)

    def landscape_count(self, landscape: Landscape) -> int:
        """How many tiles of ``landscape`` lie here."""
        return sum(1 for t in self.tiles if t.tile is landscape)

    @property
    def empty_cells(self) -> int:
        """Cells not covered by the palazzo or a tile (43 at the start)."""
        return 49 - popcount(self.occupied)


@attrs.frozen(slots=False)  # copied by replace() on every move
class PlayerState:
    """Everything one player owns.

    Attributes:
        money: florins in cash (ruling R2: a non-negative multiple of 100).
        prestige: prestige points.
        principality: the grid with its tiles.
        jesters: jesters on the palazzo.
        builders: builders held (at most 3).
        freedoms: freedoms introduced, in :class:`Freedom` order.
        hand_persons: person cards in hand, in the order received.
        hand_recruiting: recruiting cards in hand.
        hand_bonus: bonus cards in hand, in the order received.
        prestige_cards: prestige cards held (face down), in the order received.
        table_persons: person cards face up in front of the player, in order.
        table_recruiting: recruiting cards face up in front of the player
            (each replaced a person taken by another player, ruling R23).

    Example:
        >>> from princes_of_florence import GameConfig, new_game
        >>> player = new_game(GameConfig(players=3, seed=1)).players[0]
        >>> player.money, player.prestige, player.builders
        (3500, 0, 0)
        >>> [str(person) for person in player.hand_persons]
        ['architect', 'physicist', 'organ_builder', 'painter']
    """

    money: int
    prestige: int = 0
    principality: Principality = Principality()
    jesters: int = 0
    builders: int = 0
    freedoms: tuple[Freedom, ...] = ()
    hand_persons: tuple[PersonId, ...] = ()
    hand_recruiting: int = 0
    hand_bonus: tuple[BonusCardId, ...] = ()
    prestige_cards: tuple[PrestigeCardId, ...] = ()
    table_persons: tuple[PersonId, ...] = ()
    table_recruiting: int = 0

    @property
    def person_count(self) -> int:
        """Person and recruiting cards in hand or face up (ruling R19)."""
        return (
            len(self.hand_persons)
            + self.hand_recruiting
            + len(self.table_persons)
            + self.table_recruiting
        )

    @property
    def works(self) -> int:
        """Person and recruiting cards face up in front of the player."""
        return len(self.table_persons) + self.table_recruiting


@attrs.frozen
class SetupState:
    """The starting-person draft (ruling R8).

    Attributes:
        returned: the cards returned so far, in seat order of return.

    Example:
        >>> from princes_of_florence import GameConfig, new_game, apply, legal_moves
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> state = apply(state, legal_moves(state)[0])
        >>> state.setup
        SetupState(returned=(<PersonId.ARCHITECT: 'architect'>,))
    """

    returned: tuple[PersonId, ...] = ()


@attrs.frozen(slots=False)  # copied by replace() on every move
class AuctionState:
    """Phase A in progress (rulings R11-R16).

    Attributes:
        done: per seat, whether the player has taken an object or declined
            this phase.
        taken: the stacks from which an object was taken this phase.
        opener: the seat that opens (or opened) the current auction.
        stack: the stack under the hammer, or ``None`` while waiting for
            the opener.
        high_bid: the current highest bid (0 while no auction runs).
        high_bidder: who made it.
        bidders: seats still bidding in this auction (the high bidder
            included), clockwise.

    Example:
        >>> from princes_of_florence import GameConfig, new_game, apply, legal_moves, parse_move
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> for _ in range(3):  # each player returns one starting person
        ...     state = apply(state, legal_moves(state)[0])
        >>> state = apply(state, parse_move("open jester"))
        >>> state.auction.stack, state.auction.high_bid, state.auction.high_bidder
        (<AuctionObject.JESTER: 'jester'>, 200, 0)
    """

    done: tuple[bool, ...]
    taken: tuple[AuctionObject, ...] = ()
    opener: int = 0
    stack: AuctionObject | None = None
    high_bid: int = 0
    high_bidder: int | None = None
    bidders: tuple[int, ...] = ()


@attrs.frozen(slots=False)  # copied by replace() on every move
class TurnState:
    """One player's turn in phase B: what they did so far (rulings R17, R18).

    Attributes:
        actions: actions used.
        works: works done.
        builds: buildings built.
        persons: person cards bought.
        freedoms: freedoms introduced.
        bonuses: bonus cards bought.
        turns_done: players who finished their turn this phase.

    Example:
        >>> TurnState()
        TurnState(actions=0, works=0, builds=0, persons=0, freedoms=0, bonuses=0,
        turns_done=0)
        >>> TurnState(actions=1, builds=1).actions
        1
    """

    actions: int = 0
    works: int = 0
    builds: int = 0
    persons: int = 0
    freedoms: int = 0
    bonuses: int = 0
    turns_done: int = 0


@attrs.frozen
class Placing:
    """The current player must place ``tile`` (a landscape won, a building bought).

    Example:
        >>> from princes_of_florence import GameConfig, new_game, apply, legal_moves, parse_move
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> for _ in range(3):  # each player returns one starting person
        ...     state = apply(state, legal_moves(state)[0])
        >>> for text in ("open forest", "pass", "pass"):
        ...     state = apply(state, parse_move(text))
        >>> state.pending
        Placing(tile=<Landscape.FOREST: 'forest'>)
        >>> [str(move) for move in legal_moves(state)][:2]
        ['place a3-a4-b3-b4', 'place a4-a5-b4-b5']
    """

    tile: Building | Landscape


@attrs.frozen
class CardChoice:
    """The current player keeps one of ``shown`` from ``deck`` (ruling R6).

    With ``returning`` set, the card to keep went to the player's hand
    already, and ``shown`` holds the cards still to go under the deck: the
    player puts them there one at a time, in an order of their choosing
    (:attr:`GameConfig.choose_returned_order`).

    Example:
        >>> from princes_of_florence import GameConfig, new_game, apply, legal_moves, parse_move
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> for _ in range(3):  # each player returns one starting person
        ...     state = apply(state, legal_moves(state)[0])
        >>> for text in ("open prestige", "pass", "pass"):
        ...     state = apply(state, parse_move(text))
        >>> state.pending.deck, len(state.pending.shown)
        (<Deck.PRESTIGE: 'prestige'>, 5)
    """

    deck: Deck
    shown: tuple[PersonId, ...] | tuple[BonusCardId, ...] | tuple[PrestigeCardId, ...]
    returning: bool = False


@attrs.frozen
class LandscapeChoice:
    """The current player won the 2-player landscape stack: which landscape? (R11).

    Example:
        >>> from princes_of_florence import GameConfig, new_game, apply, legal_moves, parse_move
        >>> state = new_game(GameConfig(players=2, seed=1))
        >>> for _ in range(2):
        ...     state = apply(state, legal_moves(state)[0])
        >>> for text in ("open landscape", "pass"):
        ...     state = apply(state, parse_move(text))
        >>> state.pending
        LandscapeChoice()
        >>> [str(move) for move in legal_moves(state)]
        ['landscape forest', 'landscape lake', 'landscape park']
    """


@attrs.frozen
class RecruitOffer:
    """The current player just won a recruiting card: use it now or keep it (R16).

    Example:
        >>> def question(pending: Pending | None) -> str:
        ...     match pending:
        ...         case RecruitOffer():
        ...             return "recruit a person, or keep the card"
        ...         case _:
        ...             return "something else"
        >>> question(RecruitOffer())
        'recruit a person, or keep the card'
    """


@attrs.frozen
class Working:
    """A work in progress: the person and the bonus cards played so far (R19).

    Example:
        >>> work = Working(person=PersonId.POET, bonus=(BonusCardId.B03,))
        >>> str(work.person), [str(card) for card in work.bonus]
        ('poet', ['B03'])
    """

    person: PersonId
    bonus: tuple[BonusCardId, ...] = ()


@attrs.frozen
class Conversion:
    """After a work: how much of ``payout`` to turn into prestige (R19).

    Example:
        >>> Conversion(payout=1400).payout // 200
        7
    """

    payout: int


@attrs.frozen
class Proposal:
    """A cooperative build being proposed, or waiting for its answer (R31, R32).

    The proposer names the partner, then the building, then the placement,
    then the payment asked of the partner (each a move of their own); once
    the payment is named, the partner decides: :attr:`GameState.current_player`
    is the partner until they accept or reject.  Everything here is public.

    Attributes:
        proposer: the active player, whose build action this is.
        partner: the neighbour asked.
        number: which proposal of this build action it is, 1 to 3 (R32).
        limit: the most the partner could raise when named, in hundreds
            (R4, R31): the payments that may be asked go up to it.  Public,
            also where money is hidden (R5): naming a partner opens the
            negotiation, and what the partner can pay is part of it.
        building: the building proposed, once named.
        cells: the placement across the border, once named (notation seen
            from the proposer's side: ``f4-g4/a4``).
        payment: the florins asked of the partner, once named.

    Example:
        >>> proposal = Proposal(
        ...     proposer=0, partner=1, number=1, limit=3500, building=Building.TOWER
        ... )
        >>> proposal.cells is None, proposal.payment is None
        (True, True)
    """

    proposer: int
    partner: int
    number: int
    limit: int = 0
    building: Building | None = None
    cells: str | None = None
    payment: int | None = None


@attrs.frozen
class OpenBuild:
    """A build action still open after ``proposals`` rejected proposals (R32).

    The active player proposes again (while fewer than 3 were made), builds
    alone, or gives the action up.

    Example:
        >>> OpenBuild(proposals=1).proposals < 3
        True
    """

    proposals: int


@attrs.frozen
class MerchantOffer:
    """The holder of the Merchant won an object: free, or pay and gain prestige? (R26).

    The auction's record already counts the object as won (the player is
    out of the phase, its stack taken); the object itself is handed over
    once the player has chosen: ``merchant free`` takes it without paying,
    ``merchant pay`` pays ``price`` and gains prestige equal to the
    player's rank on the track.  Everything here is public.

    Attributes:
        stack: the stack the object comes from.
        price: the winning bid, or the base price of the last player's
            purchase (R14).

    Example:
        >>> offer = MerchantOffer(stack=AuctionObject.JESTER, price=500)
        >>> str(offer.stack), offer.price
        ('jester', 500)
    """

    stack: AuctionObject
    price: int


@attrs.frozen
class ProfessorOffer:
    """The player has just taken the Professor in phase A2: draw now, or later? (R26).

    The rulebook lets the holder draw at once, before anyone else acts in
    phase A2: ``professor bonus`` or ``professor prestige`` draws now,
    ``professor later`` keeps the card for a later decision.  Phase A2 goes
    on with the next player once this is settled.

    Example:
        >>> ProfessorOffer()
        ProfessorOffer()
    """


Pending = (
    Placing
    | CardChoice
    | RecruitOffer
    | Working
    | Conversion
    | LandscapeChoice
    | Proposal
    | OpenBuild
    | MerchantOffer
    | ProfessorOffer
)
"""A sub-decision that must be settled first (by the current player)."""


@attrs.frozen
class CharacterState:
    """The character cards of Muse & Princess (rulings R25-R28), all public.

    Per-card tuples are in :class:`Character` order.

    Attributes:
        holders: the seat holding each card, taken and not yet used or
            returned, or ``None`` when the card lies beside the board.
        tokens: during phase A2, the seat whose token lies on each card.
        bids: during phase A2, the bid field each token lies on (0 where
            no token lies).
        done: during phase A2, per seat, whether the player took a card or
            passed.
        banker_money: the florins lying on the Banker (600, +100 for each
            round it is not taken, R26).
        banker_taken: the round and seat of the last time the Banker was
            taken, or ``None``.
        face_down: the cards other than the Banker used during the phase
            A2 in which they were taken; they lie face down until the next
            phase A2, so that nobody takes them again in this one (the
            rulebook; only the Professor can be, R26).

    Example:
        >>> from princes_of_florence import GameConfig, new_game
        >>> state = new_game(GameConfig(players=3, muse_and_princess=True))
        >>> state.characters.banker_money
        600
        >>> state.characters.holders
        (None, None, None, None, None, None)
    """

    holders: tuple[int | None, ...] = (None,) * 6
    tokens: tuple[int | None, ...] = (None,) * 6
    bids: tuple[int, ...] = (0,) * 6
    done: tuple[bool, ...] = ()
    banker_money: int = 600
    banker_taken: tuple[int, int] | None = None
    face_down: tuple[Character, ...] = ()


@attrs.frozen(slots=False)  # copied by replace() on every move
class GameState:
    """A complete game position.

    Attributes:
        config: the configuration the game was created with.
        round: 1 to 7.
        phase: the phase being played.
        start_player: the seat that starts this round (ruling R7).
        current_player: the seat to decide, or ``None`` once the game is over.
        players: one :class:`PlayerState` per seat.
        person_deck: person cards, top first.
        bonus_deck: bonus cards, top first.
        prestige_deck: prestige cards, top first.
        bonus_discard: bonus cards played, out of the game.
        building_supply: tiles left per building type, in :class:`Building` order.
        landscape_supply: tiles left per landscape type, in :class:`Landscape` order.
        freedom_supply: tiles left per freedom, in :class:`Freedom` order.
        jesters: jesters left.
        builders: builders left.
        recruiting: recruiting cards left.
        setup: the draft, during :attr:`Phase.SETUP`.
        auction: the auction, during :attr:`Phase.AUCTION`.
        turn: the current turn, during :attr:`Phase.ACTIONS`.
        pending: a sub-decision the current player must settle first.
        round_best: per seat, the highest work value this round (0: none).
        characters: the character cards, with Muse & Princess (else ``None``).

    Example:
        >>> from princes_of_florence import GameConfig, new_game
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> state.round, state.phase, state.current_player
        (1, <Phase.SETUP: 'setup'>, 0)
        >>> [player.money for player in state.players]
        [3500, 3500, 3500]
    """

    config: GameConfig
    round: int
    phase: Phase
    start_player: int
    current_player: int | None
    players: tuple[PlayerState, ...]
    person_deck: tuple[PersonId, ...]
    bonus_deck: tuple[BonusCardId, ...]
    prestige_deck: tuple[PrestigeCardId, ...]
    building_supply: tuple[int, ...]
    landscape_supply: tuple[int, ...]
    freedom_supply: tuple[int, ...]
    jesters: int
    builders: int
    recruiting: int
    bonus_discard: tuple[BonusCardId, ...] = ()
    setup: SetupState | None = None
    auction: AuctionState | None = None
    turn: TurnState | None = None
    pending: Pending | None = None
    round_best: tuple[int, ...] = ()
    characters: CharacterState | None = None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.GAME_OVER

    def player(self, player: int) -> PlayerState:
        """The state of player ``player``."""
        return self.players[player]


share_copies(
    SharedBuilding,
    PlacedTile,
    Principality,
    PlayerState,
    SetupState,
    AuctionState,
    TurnState,
    *get_args(Pending),
    CharacterState,
    GameState,
)
