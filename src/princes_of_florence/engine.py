"""The engine: new games, legal moves, and applying a move.

>>> from princes_of_florence import GameConfig, new_game, legal_moves, apply
>>> state = new_game(GameConfig(players=3, seed=1))
>>> state.phase, state.current_player
(<Phase.SETUP: 'setup'>, 0)
>>> state = apply(state, legal_moves(state)[0])
>>> state.current_player
1

Every function here is pure: ``apply`` returns a new state and never changes
the one it was given; an illegal move raises :class:`~princes_of_florence.IllegalMoveError` whose
message names the move, the player and the reason.

Legality is defined by :func:`~princes_of_florence.legal_moves`: a move is legal exactly when it is
in ``legal_moves(state)``, or it is a :class:`~princes_of_florence.SellPrestige` the player can
make (ruling R3; listed by :func:`~princes_of_florence.free_moves`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import singledispatch
from typing import Protocol

from princes_of_florence.config import GameConfig
from princes_of_florence.errors import (
    ArgumentError,
    GeometryError,
    IllegalMoveError,
    InvalidMoveError,
)
from princes_of_florence.events import Event, MoneyReason, PrestigeReason
from princes_of_florence.ids import Building, Phase, PrestigeCardId
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
from princes_of_florence.rules import (
    actions,
    auction,
    cards,
    characters,
    negotiation,
    phases,
    setup,
)
from princes_of_florence.rules.common import catalog, lose_prestige, receive
from princes_of_florence.rules.cooperative import alone_blocked, alone_border_problem
from princes_of_florence.rules.placement import (
    is_legal_placement,
    parse_placement,
    place_moves,
)
from princes_of_florence.rules.scoring import Outcome, end_scores, outcome_of
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.rules.work_value import WorkBreakdown, work_breakdown
from princes_of_florence.state import (
    CardChoice,
    Conversion,
    GameState,
    LandscapeChoice,
    MerchantOffer,
    OpenBuild,
    Placing,
    ProfessorOffer,
    Proposal,
    RecruitOffer,
    Working,
)

__all__ = [
    "AnyView",
    "apply",
    "apply_with_events",
    "chance_outcomes",
    "free_moves",
    "is_chance_node",
    "is_legal",
    "is_terminal",
    "legal_moves",
    "move_problem",
    "new_game",
    "outcome",
    "prestige_card_scores",
    "work_preview",
]


def new_game(config: GameConfig | None = None) -> GameState:
    """Create a game: decks shuffled from the seed, starting persons dealt.

    The first decisions are the starting-person draft (ruling R8).

    Args:
        config: the configuration; the default is four players, seed 0.

    Returns:
        The initial state.

    Example:
        >>> from princes_of_florence import GameConfig
        >>> state = new_game(GameConfig(players=4, seed=1))
        >>> state.phase, state.current_player, len(state.players[0].hand_persons)
        (<Phase.SETUP: 'setup'>, 0, 4)
    """
    return setup.create(config if config is not None else GameConfig())


def is_terminal(state: GameState) -> bool:
    """Whether the game is over.

    Raises:
        ArgumentError: ``state`` is not a game state (``None``, a number...).

    Example:
        >>> from princes_of_florence import GameConfig
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> is_terminal(state)
        False
        >>> while not is_terminal(state):
        ...     state = apply(state, legal_moves(state)[0])
        >>> state.phase, legal_moves(state)
        (<Phase.GAME_OVER: 'game_over'>, ())
    """
    try:
        return state.phase is Phase.GAME_OVER
    except AttributeError:  # caught, not checked first: this is called after every move
        raise ArgumentError.wrong_kind("is_terminal", "a GameState", state) from None


_last: tuple[GameState, tuple[Move, ...]] | None = None


def remember_offered(state: GameState, moves: tuple[Move, ...]) -> None:
    """Make ``moves`` the engine's last answer of legal moves for ``state``.

    ``moves`` must be exactly :func:`legal_moves` of ``state`` (the same
    objects): applying one of them then skips the legality check, as for the
    objects of the last answer (see :func:`~princes_of_florence.apply`).  The
    action encoding calls it when it decodes an action into a move it keeps
    from an earlier answer for this state.
    """
    global _last
    _last = (state, moves)


class AnyView(Protocol):
    """A player's view, :class:`~princes_of_florence.PlayerView`, as the engine's functions take it.

    The engine sits below :mod:`~princes_of_florence.observation`, which
    defines the view and tells :func:`~princes_of_florence.legal_moves`,
    :func:`~princes_of_florence.free_moves` and
    :func:`~princes_of_florence.work_preview` how to answer for one; this
    protocol names the view in their signatures without importing it.
    """

    @property
    def player(self) -> int:
        """The player the view belongs to."""
        ...

    @property
    def current_player(self) -> int | None:
        """The player to decide, or ``None``."""
        ...


@singledispatch
def _view_legal_moves(table: object) -> tuple[Move, ...]:
    """:func:`legal_moves` of a value that is no state: observation registers the view."""
    raise ArgumentError.wrong_kind("legal_moves", "a GameState or a PlayerView", table)


@singledispatch
def _view_free_moves(table: object) -> tuple[SellPrestige, ...]:
    """:func:`free_moves` of a value that is no state: observation registers the view."""
    raise ArgumentError.wrong_kind("free_moves", "a GameState or a PlayerView", table)


@singledispatch
def _view_work_preview(table: object) -> WorkBreakdown | None:
    """:func:`work_preview` of a value that is no state: observation registers the view."""
    raise ArgumentError.wrong_kind("work_preview", "a GameState or a PlayerView", table)


def legal_moves(state: GameState | AnyView) -> tuple[Move, ...]:
    """Every legal move of the player to decide, in a fixed order; of a state or a view.

    For a :class:`~princes_of_florence.PlayerView` of the player to decide
    this is exactly the answer for the true state (the player's choices
    depend only on what the player sees); for a view of any other player,
    ``()``.

    The order depends only on the state; per decision it is:

    * the draft: ``return``, in hand order (:func:`.rules.setup.setup_moves`);
    * phase A: ``open`` (or the last player's ``take``) in stack order, then
      ``decline``; while bidding ``bid`` then ``pass``
      (:func:`.rules.auction.auction_moves`);
    * phase B: ``work``, ``build``, ``buy person``, ``freedom``, ``buy bonus``,
      ``recruit``, ``end`` (:func:`.rules.actions.action_moves`);
    * the 2-player landscape stack won: ``landscape``, in :class:`Landscape`
      order (:func:`.rules.auction.landscape_moves`);
    * a tile to place: ``place``, ascending by notation
      (:func:`.rules.placement.place_moves`);
    * cards shown: ``choose``, in the order drawn; then, where the player
      orders the rest (R6), ``under`` in the order drawn;
    * a work: ``play`` in catalog order, then ``finish``
      (:func:`.rules.actions.bonus_moves`); then ``convert`` from 0 up
      (``rules.actions.convert_moves``);
    * a recruiting card won: ``recruit`` by seat clockwise from the player's
      left (:func:`.rules.cards.recruit_moves`), then ``keep``;
    * a proposal of a shared building (Cooperative Building) and the build
      action left open after a rejection: see
      :func:`.rules.negotiation.negotiation_moves`;
    * the Merchant's holder who won an object: ``merchant free``, ``merchant
      pay`` (:func:`.rules.characters.merchant_moves`); the Professor just
      taken: ``professor`` by deck, ``professor later``
      (:func:`.rules.characters.professor_moves`).

    * at a chance node (:func:`is_chance_node`): ``deal``, in catalog order.

    Selling prestige (R3) is *not* listed here: the sales open to the player
    are :func:`~princes_of_florence.free_moves` (of a state or a view), so that
    a search does not branch on every number of points a player might sell.
    ``legal_moves(x) + free_moves(x)`` is every move the player may make, and
    is what :func:`~princes_of_florence.bots.view_moves` and a game's
    :meth:`~princes_of_florence.games.Game.legal_moves` give.  Empty exactly
    when the game is over (or, for a view, when another player decides).

    Args:
        state: a :class:`~princes_of_florence.GameState`, or a
            :class:`~princes_of_florence.PlayerView`.

    Raises:
        ArgumentError: ``state`` is neither a state nor a view.

    Example:
        >>> from princes_of_florence import GameConfig, observe
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> [str(move) for move in legal_moves(state)]
        ['return architect', 'return physicist', 'return organ_builder', 'return painter']
        >>> legal_moves(observe(state, 0)) == legal_moves(state), legal_moves(observe(state, 1))
        (True, ())
    """
    global _last
    cached = _last
    if cached is not None and cached[0] is state:
        return cached[1]
    if not isinstance(state, GameState):  # only when the cache misses: a state costs nothing more
        return _view_legal_moves(state)
    seat = state.current_player
    pending = state.pending
    moves: tuple[Move, ...]
    if seat is None:
        moves = setup.deal_moves(state)  # chance deals, or the game is over
    elif pending is None:
        moves = phases.decision_moves(state)
    elif isinstance(pending, Placing):
        player = state.players[seat]
        blocked = alone_blocked(state, seat, player.builders)  # ruling R30
        moves = place_moves(player.principality, pending.tile, player.builders, blocked)
    elif isinstance(pending, CardChoice):
        if pending.returning:
            moves = tuple([ReturnCard(c) for c in pending.shown])
        else:
            moves = tuple([ChooseCard(c) for c in pending.shown])
    elif isinstance(pending, Working):
        moves = actions.bonus_moves(state)
    elif isinstance(pending, Conversion):
        moves = actions.convert_moves(state)
    elif isinstance(pending, LandscapeChoice):
        moves = auction.landscape_moves(state)
    elif isinstance(pending, Proposal | OpenBuild):
        moves = negotiation.negotiation_moves(state)
    elif isinstance(pending, MerchantOffer):
        moves = characters.merchant_moves(state)
    elif isinstance(pending, ProfessorOffer):
        moves = characters.professor_moves(state)
    else:
        assert isinstance(pending, RecruitOffer)
        moves = (*cards.recruit_moves(state), KeepRecruiting())
    _last = (state, moves)
    return moves


def _has_legal_move(state: GameState) -> bool:
    """Whether the player to decide has a legal move: ``bool(legal_moves(state))``.

    For the loaders' check of a state already found sound by
    :func:`~princes_of_florence.rules.invariants.state_problems`.  In phase
    B with nothing pending the player may always end the turn (R17:
    ``rules.actions.action_moves`` offers ``end`` last, whatever else it
    offers), so the moves are not listed there; elsewhere they are.
    """
    if state.pending is None and state.phase is Phase.ACTIONS:
        return True
    return bool(legal_moves(state))


def free_moves(state: GameState | AnyView) -> tuple[SellPrestige, ...]:
    """Prestige sales open to the player to decide: 1 point up to all (R3); of a state or a view.

    These are the moves :func:`legal_moves` leaves out: a sale does not end
    the player's decision.  None with Muse & Princess (R27); for a view of a
    player who is not deciding, ``()``.

    Example:
        >>> from princes_of_florence import GameConfig
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> free_moves(state)  # no prestige to sell yet
        ()
        >>> while not free_moves(state):
        ...     state = apply(state, legal_moves(state)[0])
        >>> [str(move) for move in free_moves(state)]
        ['sell 1', 'sell 2', 'sell 3']
    """
    if not isinstance(state, GameState):
        return _view_free_moves(state)
    return tuple(SellPrestige(p) for p in range(1, _sellable(state) + 1))


def _sellable(state: GameState) -> int:
    """The most prestige points the player to decide may sell now (R3): all they have.

    :func:`~princes_of_florence.free_moves` and :func:`move_problem` both read this one number.
    """
    seat = state.current_player
    if seat is None or not ruleset(state.config).sells_prestige:  # rulings R3, R27
        return 0
    return state.players[seat].prestige


def is_legal(state: GameState, move: Move, player: int | None = None) -> bool:
    """Whether ``move`` may be applied to ``state`` (by ``player``, if given).

    Example:
        >>> from princes_of_florence import GameConfig, parse_move
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> is_legal(state, legal_moves(state)[0]), is_legal(state, parse_move("open forest"))
        (True, False)
        >>> is_legal(state, legal_moves(state)[0], player=2)
        False
    """
    if not isinstance(state, GameState):
        raise ArgumentError.wrong_kind("is_legal", "a GameState", state)
    return move_problem(state, move, player) is None


def move_problem(state: GameState, move: Move, player: int | None = None) -> str | None:
    """Why ``move`` is illegal in ``state``, or ``None`` when it is legal.

    This is :func:`apply`'s check without raising.  Anything may be passed
    as ``move`` and ``player``: a value that is not a well-formed move (see
    :func:`~princes_of_florence.moves.move_shape_problem`), or a player that
    is not a seat number, gets a reason too, never an exception.

    Args:
        state: the state the move would be applied to.
        move: the move.
        player: the seat the move comes from, if known.  A move from a seat
            other than the one to decide is refused with only that reason,
            so the answer tells that seat nothing about hidden cards or
            hidden money (ruling R5).

    Raises:
        ArgumentError: ``state`` is not a :class:`~princes_of_florence.GameState`.

    >>> state = new_game(GameConfig(players=3))
    >>> move_problem(state, Pass())
    'every player must first return one of the four starting persons'
    >>> move_problem(state, Pass(), player=2)
    "it is player 0's decision, not player 2's"
    """
    shape = move_shape_problem(move)
    if shape is not None:
        return shape
    if not isinstance(state, GameState):
        raise ArgumentError.wrong_kind("move_problem", "a GameState", state)
    seat = state.current_player
    if seat is None and not is_terminal(state):  # a chance node
        return _chance_problem(state, move, player)
    if player is not None and (type(player) is not int or player != seat):
        count = len(state.players)
        if type(player) is not int:
            return f"a player is a number from 0 to {count - 1}, not a {type(player).__name__}"
        if not 0 <= player < count:
            shown = player if abs(player) < 10**6 else "out of range"
            return f"there is no player {shown} in a game of {count}"
        if seat is None:
            return "the game is over"
        return f"it is player {seat}'s decision, not player {player}'s"
    if seat is None:
        return "the game is over"
    if isinstance(move, SellPrestige):
        most = _sellable(state)
        if 1 <= move.points <= most:
            return None
        if not ruleset(state.config).sells_prestige:
            return "prestige cannot be sold with Muse & Princess (ruling R27)"
        if most == 0:
            return "the player has no prestige point to sell now (ruling R3)"
        return f"the player can sell 1 to {most} prestige points, not {move.points} (ruling R3)"
    pending = state.pending
    if isinstance(pending, Placing) and isinstance(move, PlaceTile):
        # The same answer as the membership test below, without scanning
        # what can be a hundred placements.
        owner = state.players[seat]
        cells = move.cells
        blocked = alone_blocked(state, seat, owner.builders)  # ruling R30
        if isinstance(cells, str) and is_legal_placement(
            owner.principality, pending.tile, owner.builders, cells, blocked
        ):
            return None
    else:
        moves = legal_moves(state)
        for legal in moves:  # moves taken from legal_moves: no __eq__ calls
            if legal is move:
                return None
        if move in moves:
            return None
    return _reason(state, move) or "it is not one of the legal moves now"


def _chance_problem(state: GameState, move: Move, player: object) -> str | None:
    if player is not None:
        return "chance deals now: no player decides"
    if not isinstance(move, Deal):
        return "chance deals now: only a deal may be applied"
    if move.item not in setup.dealing(state):
        return f"{move.item} cannot be dealt now (it was dealt, or another deck is dealt)"
    return None


def is_chance_node(state: GameState) -> bool:
    """Whether chance decides now: a :class:`~princes_of_florence.Deal` is owed.

    Only with :attr:`~princes_of_florence.GameConfig.explicit_chance`; then ``current_player``
    is ``None`` while the game is not over, and :func:`legal_moves` lists the
    deals, each as likely as the others (:func:`chance_outcomes`).

    >>> is_chance_node(new_game(GameConfig(players=2, explicit_chance=True)))
    True
    >>> is_chance_node(new_game(GameConfig(players=2)))
    False
    """
    try:
        return state.current_player is None and not is_terminal(state)
    except AttributeError:  # caught, not checked first: search calls this at every node
        raise ArgumentError.wrong_kind("is_chance_node", "a GameState", state) from None


def chance_outcomes(state: GameState) -> tuple[tuple[Move, float], ...]:
    """Every deal chance may make now with its probability (all equal); ``()`` elsewhere.

    >>> outcomes = chance_outcomes(new_game(GameConfig(players=3, explicit_chance=True)))
    >>> len(outcomes), str(outcomes[0][0]), outcomes[0][1] == 1 / len(outcomes)
    (21, 'deal mathematician', True)
    """
    if not is_chance_node(state):
        return ()
    moves = legal_moves(state)
    return tuple((move, 1.0 / len(moves)) for move in moves)


def _reason(state: GameState, move: Move) -> str | None:
    """A specific explanation for an illegal move, where one is known."""
    pending = state.pending
    if pending is None:
        return phases.decision_problem(state, move)
    if isinstance(pending, Placing):
        if not isinstance(move, PlaceTile):
            return f"the player must first place the {pending.tile} (ruling R16/R21)"
        seat = state.current_player
        assert seat is not None
        owner = state.players[seat]
        try:
            placement = parse_placement(pending.tile, move.cells, owner.principality.palazzo)
        except GeometryError as error:
            return str(error)
        if str(placement) != move.cells:
            return f"cells must be written sorted: place {placement}"
        if isinstance(pending.tile, Building):
            blocked = alone_blocked(state, seat, owner.builders)
            if placement.mask & blocked:
                principalities = [p.principality for p in state.players]
                border = alone_border_problem(principalities, seat, placement.mask, owner.builders)
                if border is not None:
                    return border
        return f"{move.cells} is not a legal place for the {pending.tile} (ruling R21)"
    if isinstance(pending, CardChoice):
        if pending.returning:
            if not isinstance(move, ReturnCard):
                return "the player must first put the cards not kept under the deck (ruling R6)"
            return f"{move.card} is not among the cards waiting to go under the deck"
        if not isinstance(move, ChooseCard):
            return "the player must first choose one of the cards shown (ruling R6)"
        return f"{move.card} is not among the cards shown"
    if isinstance(pending, Working):
        if isinstance(move, FinishWork):
            return "the work has not reached the round's minimum value yet (ruling R19)"
        if isinstance(move, PlayBonus):
            return (
                f"{move.card} is not in hand, was played already, comes before a card "
                "already played (cards are added in catalog order), or would leave the "
                "round's minimum out of reach"
            )
        return "the player must first finish the work in progress (ruling R19)"
    if isinstance(pending, Conversion):
        if isinstance(move, Convert):
            return (
                f"only the payout of {pending.payout} florins may be converted, "
                "at 200 per point (ruling R19)"
            )
        return "the player must first say how much of the payout to convert (ruling R19)"
    if isinstance(pending, LandscapeChoice):
        return auction.landscape_problem(state, move)
    if isinstance(pending, Proposal | OpenBuild):
        return negotiation.negotiation_problem(state, move)
    if isinstance(pending, MerchantOffer):
        return characters.merchant_problem(state, move)
    if isinstance(pending, ProfessorOffer):
        return characters.professor_problem(state, move)
    if isinstance(move, Recruit):
        return cards.recruit_problem(state, move)
    return "the player must first use the recruiting card won or keep it (ruling R16)"


def apply(state: GameState, move: Move, player: int | None = None) -> GameState:
    """The state after ``move``; ``state`` itself is never changed.

    Every move is checked.  The check is quickest for a move object just
    returned by :func:`~princes_of_florence.legal_moves` for this same state, as a bot's is: the
    engine remembers its last answer and recognises the object.  A move
    built or parsed anew is checked by :func:`move_problem`; the result is
    the same.

    Args:
        state: the state to move from.
        move: the move, one of :func:`~princes_of_florence.legal_moves` or
            :func:`~princes_of_florence.free_moves`.
        player: the seat the move comes from, if known (a server passes the
            seat of the client that sent it); a move from any other seat
            than the one to decide is refused (see :func:`move_problem`).

    Raises:
        InvalidMoveError: ``move`` is not a well-formed move (an object of
            another class, a field of the wrong type or out of bounds: see
            :func:`~princes_of_florence.moves.move_shape_problem`); nothing
            is applied.
        IllegalMoveError: ``move`` is not legal now; the message says why.

    >>> state = new_game(GameConfig(players=3))
    >>> apply(state, ReturnPerson(state.players[0].hand_persons[0]), player=1)
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.IllegalMoveError: illegal move 'return singer' by player 1: \
it is player 0's decision, not player 1's
    """
    return _apply(state, move, player, [])


def apply_with_events(
    state: GameState, move: Move, player: int | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Like :func:`apply`, also returning the events of the move, in order.

    Raises:
        InvalidMoveError: ``move`` is not a well-formed move.
        IllegalMoveError: ``move`` is not legal now; the message says why.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> state, events = apply_with_events(state, legal_moves(state)[0])
        >>> [describe(event, state) for event in events]
        ['Player 1 returns the architect.']
    """
    events: list[Event] = []
    return _apply(state, move, player, events), tuple(events)


def _apply(state: GameState, move: Move, player: int | None, events: list[Event]) -> GameState:
    """Check ``move``, apply it and move past a completed phase, appending to ``events``.

    A move taken from the last :func:`~princes_of_florence.legal_moves` answer for this very state
    is legal without asking :func:`move_problem`: bots and search apply the
    objects they were offered.  Anything else is checked by
    :func:`move_problem`, and refused with its reason.
    """
    cached = _last
    offered = False
    if (
        cached is not None
        and cached[0] is state
        and (player is None or (type(player) is int and player == state.current_player))
    ):  # False == 0 and 0.0 == 0, but neither is a player: move_problem refuses them
        for legal in cached[1]:
            if legal is move:
                offered = True
                break
    if not offered:
        if not isinstance(state, GameState):
            raise ArgumentError.wrong_kind("apply", "a GameState", state)
        problem = move_problem(state, move, player)
        if problem is not None:
            if move_shape_problem(move) is not None:
                raise InvalidMoveError(f"a malformed move: {problem}")
            raise _illegal(state, move, problem, player)
    state = _HANDLERS[move.__class__](state, move, events)
    if state.current_player is None and not setup.dealing(state):  # a phase is complete
        state = phases.advance(state, events)
    return state


def _illegal(state: GameState, move: Move, problem: str, player: int | None) -> IllegalMoveError:
    """The error for ``move`` by ``player`` (or whoever decides), illegal because of ``problem``."""
    seat = state.current_player if player is None else player
    who = "nobody" if seat is None else f"player {shorten(seat, 20)}"  # any value a client sent
    return IllegalMoveError(f"illegal move {str(move)!r} by {who}: {problem}")


_Handler = Callable[[GameState, Move, list[Event]], GameState]
"""Applies one kind of legal move, appending its events."""


def _place(state: GameState, move: Move, events: list[Event]) -> GameState:
    pending = state.pending
    assert isinstance(move, PlaceTile) and isinstance(pending, Placing)
    tile = pending.tile
    seat = state.current_player
    assert seat is not None
    mask = parse_placement(tile, move.cells, state.players[seat].principality.palazzo).mask
    if isinstance(tile, Building):
        return actions.place_building(state, tile, mask, move.cells, events)
    return auction.place_landscape(state, tile, mask, move.cells, events)


def _choose(state: GameState, move: Move, events: list[Event]) -> GameState:
    assert isinstance(move, ChooseCard)
    return _drawn(cards.choose_card(state, move, events), events)


def _under(state: GameState, move: Move, events: list[Event]) -> GameState:
    assert isinstance(move, ReturnCard)
    return _drawn(cards.return_card(state, move, events), events)


def _drawn(state: GameState, events: list[Event]) -> GameState:
    """After a card kept or put under: go on once nothing of the draw is left (R6)."""
    if state.pending is not None:
        return state
    if state.phase is Phase.AUCTION:
        return auction.continue_auction(state)
    if state.phase is Phase.CHARACTERS:  # the Professor used at once (R26)
        return characters.resume_characters(state, events)
    return actions.settle_turn(state, events)


def _recruit(state: GameState, move: Move, events: list[Event]) -> GameState:
    assert isinstance(move, Recruit)
    state = cards.recruit(state, move, events)
    if state.phase is Phase.AUCTION:
        return auction.continue_auction(state, pending=None)
    return actions.settle_turn(state, events)


def _keep(state: GameState, move: Move, events: list[Event]) -> GameState:
    return auction.continue_auction(cards.keep_recruiting(state, events))


def _play(state: GameState, move: Move, events: list[Event]) -> GameState:
    assert isinstance(move, PlayBonus)
    return actions.play_bonus(state, move, events)


def _finish(state: GameState, move: Move, events: list[Event]) -> GameState:
    return actions.finish_work(state, events)


def _convert(state: GameState, move: Move, events: list[Event]) -> GameState:
    assert isinstance(move, Convert)
    return actions.convert(state, move, events)


def _landscape(state: GameState, move: Move, events: list[Event]) -> GameState:
    assert isinstance(move, ChooseLandscape)
    return auction.choose_landscape(state, move, events)


def _sell(state: GameState, move: Move, events: list[Event]) -> GameState:
    seat = state.current_player
    assert isinstance(move, SellPrestige) and seat is not None
    state = lose_prestige(state, seat, move.points, PrestigeReason.SALE, events)
    rate = catalog().rules.florins_per_sold_prestige
    return receive(state, seat, move.points * rate, MoneyReason.SALE, events)


def _build(state: GameState, move: Move, events: list[Event]) -> GameState:
    if isinstance(state.pending, OpenBuild):  # alone, after a rejected proposal (R32)
        return negotiation.apply_negotiation(state, move, events)
    return actions.apply_action(state, move, events)


def _return(state: GameState, move: Move, events: list[Event]) -> GameState:
    assert isinstance(move, ReturnPerson)
    return setup.apply_setup(state, move, events)


def _deal(state: GameState, move: Move, events: list[Event]) -> GameState:
    assert isinstance(move, Deal)
    return setup.apply_deal(state, move, events)


_HANDLERS: dict[type[Move], _Handler] = {
    Deal: _deal,
    ReturnPerson: _return,
    Open: auction.apply_auction,
    Decline: auction.apply_auction,
    Bid: auction.apply_auction,
    Pass: auction.apply_auction,
    Take: auction.apply_auction,
    PlaceTile: _place,
    ChooseCard: _choose,
    ReturnCard: _under,
    ChooseLandscape: _landscape,
    Recruit: _recruit,
    KeepRecruiting: _keep,
    Build: _build,
    Work: actions.apply_action,
    PlayBonus: _play,
    FinishWork: _finish,
    Convert: _convert,
    BuyPerson: actions.apply_action,
    BuyBonus: actions.apply_action,
    IntroduceFreedom: actions.apply_action,
    EndTurn: actions.apply_action,
    SellPrestige: _sell,
    PlaceToken: characters.apply_characters,
    DeclineCharacter: characters.apply_characters,
    PrincessWork: characters.apply_use,
    UseMerchant: characters.apply_use,
    UseProfessor: characters.apply_use,
    MerchantFree: characters.apply_merchant,
    MerchantPay: characters.apply_merchant,
    ProfessorLater: characters.apply_professor_later,
    Propose: negotiation.apply_negotiation,
    ProposeBuilding: negotiation.apply_negotiation,
    ProposePlacement: negotiation.apply_negotiation,
    AskPayment: negotiation.apply_negotiation,
    Accept: negotiation.apply_negotiation,
    Reject: negotiation.apply_negotiation,
    GiveUp: negotiation.apply_negotiation,
}
"""How each kind of move is applied: one entry per member of :data:`Move`,
looked up by the move's class (the move classes have no subclasses).
:func:`phases.advance <.rules.phases.advance>` then moves past a completed phase."""


def outcome(state: GameState) -> Outcome:
    """Final prestige, money and winners (ruling R24).

    Raises:
        ArgumentError: ``state`` is not a :class:`~princes_of_florence.GameState`.
        IllegalMoveError: the game is not over yet.

    Example:
        >>> from princes_of_florence import GameConfig
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> while not is_terminal(state):
        ...     state = apply(state, legal_moves(state)[0])
        >>> result = outcome(state)
        >>> result.winners, result.prestige
        ((1,), (0, 28, 0))
    """
    if not isinstance(state, GameState):
        raise ArgumentError.wrong_kind("outcome", "a GameState", state)
    if not is_terminal(state):
        raise IllegalMoveError("the game is not over yet: there is no outcome")
    return outcome_of(state.players)


def prestige_card_scores(state: GameState) -> tuple[tuple[tuple[PrestigeCardId, int], ...], ...]:
    """Per seat, each prestige card held and what it scores (or scored) (R24).

    Raises:
        ArgumentError: ``state`` is not a :class:`~princes_of_florence.GameState`
            (a view hides the other players' cards).

    Example:
        >>> import random
        >>> from princes_of_florence import GameConfig
        >>> rng = random.Random(1)
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> while not is_terminal(state):
        ...     state = apply(state, rng.choice(legal_moves(state)))
        >>> prestige_card_scores(state)
        ((), (), ((<PrestigeCardId.P07: 'P07'>, 3), (<PrestigeCardId.P05: 'P05'>, 4)))
    """
    if not isinstance(state, GameState):
        raise ArgumentError.wrong_kind("prestige_card_scores", "a GameState", state)
    return end_scores(state.players)


def work_preview(state: GameState | AnyView) -> WorkBreakdown | None:
    """The breakdown of the work in progress, or ``None`` when none is; of a state or a view.

    A work lies face up (its person and bonus cards), so a view of any player
    shows the same breakdown as the true state.

    Raises:
        ArgumentError: ``state`` is neither a :class:`~princes_of_florence.GameState`
            nor a :class:`~princes_of_florence.PlayerView`.

    Example:
        >>> import random
        >>> from princes_of_florence import GameConfig
        >>> rng = random.Random(1)
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> work_preview(state) is None  # no work under way
        True
        >>> while work_preview(state) is None:
        ...     state = apply(state, rng.choice(legal_moves(state)))
        >>> preview = work_preview(state)
        >>> str(preview.person), preview.freedom, preview.persons, preview.total
        ('goldsmith', 3, 7, 10)
    """
    if not isinstance(state, GameState):
        return _view_work_preview(state)
    pending = state.pending
    if not isinstance(pending, Working) or state.current_player is None:
        return None
    return work_breakdown(state.players[state.current_player], pending.person, pending.bonus)
