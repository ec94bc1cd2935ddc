"""The Muse & Princess expansion: phase A2 and the character cards (rulings R25-R28).

Phase A2 (:attr:`princes_of_florence.Phase.CHARACTERS`) follows the auction each round.  From the
start player clockwise, a player whose token lies on no card puts it on a
card (``token muse 500``) or passes (``no character``); a player whose token
still lies on a card when their turn comes pays that bid in cash and takes
the card, with no decision to make.  The Banker is used at once when taken.

The cards held are used by moves of their holder (:func:`use_moves`):

* the Princess, a work with no person card, for an action of phase B (R28);
* the Merchant, prestige equal to the holder's rank on the track, at any
  decision of theirs in phase B or as the opener in the next round's
  auction; if it is still held when the holder wins an object in the next
  round's auction, the holder chooses then (:func:`merchant_moves`):
  ``merchant free`` takes the object without paying, ``merchant pay`` pays
  for it and gains the prestige;
* the Professor, a free bonus or prestige card from the top five, at once
  when taken in phase A2, before anyone else acts (:func:`professor_moves`),
  or later at the same decisions as the Merchant.

The Muse and the Cardinal work by themselves during the holder's phase B
(:func:`~princes_of_florence.rules.actions.muse_bonus`,
:func:`~princes_of_florence.rules.actions.turn_limits`).  The Muse, the
Cardinal and an unused Princess go back when phase B ends; an unused
Merchant or Professor before the next phase A2 (R26).  After round 7 the
player who took the Banker in that round turns their money into prestige,
200 florins a point (R26, decision D21).  Every function here leaves a game
without the expansion (``state.characters is None``) unchanged.
"""

from __future__ import annotations

from princes_of_florence.events import (
    CharacterReturned,
    CharacterTaken,
    Declined,
    Event,
    MoneyReason,
    PrestigeReason,
    TokenPlaced,
)
from princes_of_florence.ids import Character, Phase, ProfessorDeck
from princes_of_florence.moves import (
    DeclineCharacter,
    MerchantFree,
    MerchantPay,
    Move,
    PlaceToken,
    PrincessWork,
    ProfessorLater,
    UseMerchant,
    UseProfessor,
)
from princes_of_florence.rules.actions import (
    can_act,
    count_action,
    muse_bonus,
    pay_work,
    work_minimum,
)
from princes_of_florence.rules.auction import hand_over
from princes_of_florence.rules.cards import draw_to_choose
from princes_of_florence.rules.common import (
    catalog,
    gain_prestige,
    holder,
    pay,
    payment_problem,
    receive,
    seats_from,
    use_character,
)
from princes_of_florence.state import (
    CharacterState,
    Deck,
    GameState,
    MerchantOffer,
    PlayerState,
    ProfessorOffer,
    replace,
)

__all__ = [
    "CHARACTERS",
    "USE_MOVES",
    "apply_characters",
    "apply_merchant",
    "apply_professor_later",
    "apply_use",
    "begin_characters",
    "character_moves",
    "character_problem",
    "close_characters",
    "convert_for_banker",
    "merchant_moves",
    "merchant_problem",
    "merchant_prestige",
    "princess_parts",
    "professor_moves",
    "professor_problem",
    "resume_characters",
    "use_moves",
    "use_problem",
]

CHARACTERS: tuple[Character, ...] = tuple(Character)
"""The six character cards, in :class:`~princes_of_florence.Character` order.

That is the order of every per-card tuple.
"""

_INDEX = {character: i for i, character in enumerate(CHARACTERS)}
_DECLINE = DeclineCharacter()
_PRINCESS = PrincessWork()
_MERCHANT = UseMerchant()
_MERCHANT_FREE = MerchantFree()
_MERCHANT_PAY = MerchantPay()
_PROFESSOR_LATER = ProfessorLater()
_PROFESSOR = (UseProfessor(ProfessorDeck.BONUS), UseProfessor(ProfessorDeck.PRESTIGE))
_PROFESSOR_DECK = {ProfessorDeck.BONUS: Deck.BONUS, ProfessorDeck.PRESTIGE: Deck.PRESTIGE}
_PHASE_B_CARDS = (Character.MUSE, Character.CARDINAL, Character.PRINCESS)
_LATER_CARDS = (Character.MERCHANT, Character.PROFESSOR)

USE_MOVES: tuple[type[Move], ...] = (PrincessWork, UseMerchant, UseProfessor)
"""The moves that use a character card held (R26, R28)."""


def _spec_bids(character: Character) -> tuple[int, ...]:
    return catalog().character(character.value).bids


# --- Phase A2 --------------------------------------------------------------------------


def begin_characters(state: GameState, events: list[Event]) -> GameState:
    """Start phase A2: unused cards go back, the Banker's money grows, the start player bids.

    The Merchant and the Professor still held go back (R26).  The Banker
    holds 600 again the round after it was taken, and 100 more than before
    after a round it was not (R26).
    """
    characters = state.characters
    assert characters is not None
    state = _return_cards(state, _LATER_CARDS, events)
    characters = state.characters
    assert characters is not None
    money = characters.banker_money
    if state.round > 1:
        taken = characters.banker_taken
        if taken is not None and taken[0] == state.round - 1:
            money = catalog().rules.banker_start_money
        else:
            money += catalog().rules.banker_growth
    n = len(state.players)
    characters = replace(
        characters,
        tokens=(None,) * len(CHARACTERS),
        bids=(0,) * len(CHARACTERS),
        done=(False,) * n,
        banker_money=money,
        face_down=(),
    )
    state = replace(state, characters=characters, current_player=None)
    return _next_turn(state, state.start_player, events)


def _return_cards(state: GameState, cards: tuple[Character, ...], events: list[Event]) -> GameState:
    """The cards of ``cards`` still held go back beside the board, unused (R26)."""
    characters = state.characters
    assert characters is not None
    holders = list(characters.holders)
    for character in cards:
        seat = holders[_INDEX[character]]
        if seat is not None:
            events.append(CharacterReturned(seat, character))
            holders[_INDEX[character]] = None
    return replace(state, characters=replace(characters, holders=tuple(holders)))


def _taken_this_phase(characters: CharacterState, character: Character, round: int) -> bool:
    """Whether ``character`` was taken in this phase A2 (the Banker lies face down, R26)."""
    if character is Character.BANKER:
        taken = characters.banker_taken
        return taken is not None and taken[0] == round
    return characters.holders[_INDEX[character]] is not None or character in characters.face_down


def _next_turn(state: GameState, seat: int, events: list[Event]) -> GameState:
    """Hand phase A2 to ``seat`` or the next player clockwise still in it (R25).

    A player whose token still lies on a card pays and takes it, with no
    decision; when every player holds a card or passed, A2 ends
    (``current_player`` is ``None``).  A player who takes the Professor may
    draw at once, before anyone else acts: a
    :class:`~princes_of_florence.ProfessorOffer` stops the round of turns
    until they decide (R26, the rulebook's "sofort oder später").
    """
    for candidate in seats_from(state, seat):
        characters = state.characters
        assert characters is not None
        if characters.done[candidate]:
            continue
        if candidate not in characters.tokens:
            return replace(state, current_player=candidate)
        index = characters.tokens.index(candidate)
        state = _take(state, candidate, index, events)
        if CHARACTERS[index] is Character.PROFESSOR and (state.bonus_deck or state.prestige_deck):
            # ruling R26, the rulebook's "sofort": asked before the next player acts
            return replace(state, current_player=candidate, pending=ProfessorOffer())
    return replace(state, current_player=None)


def resume_characters(state: GameState, events: list[Event]) -> GameState:
    """Phase A2 goes on after the Professor's holder settled its use at once (R25, R26).

    The holder took the card at their own turn, so the next player
    clockwise from them is next.
    """
    seat = state.current_player
    assert seat is not None and state.pending is None
    return _next_turn(state, (seat + 1) % len(state.players), events)


def _take(state: GameState, seat: int, index: int, events: list[Event]) -> GameState:
    """``seat`` pays its bid in cash and takes the card its token lies on (R25, R26)."""
    characters = state.characters
    assert characters is not None
    character = CHARACTERS[index]
    price = characters.bids[index]
    tokens = list(characters.tokens)
    tokens[index] = None
    bids = list(characters.bids)
    bids[index] = 0
    done = list(characters.done)
    done[seat] = True
    holders = list(characters.holders)
    holders[index] = seat
    characters = replace(
        characters, tokens=tuple(tokens), bids=tuple(bids), done=tuple(done), holders=tuple(holders)
    )
    state = replace(state, characters=characters)
    state = pay(state, seat, price, MoneyReason.CHARACTER, events)
    events.append(CharacterTaken(seat, character, price))
    if character is Character.BANKER:  # ruling R26: used at once
        money = characters.banker_money
        state = use_character(state, seat, character, events)
        state = receive(state, seat, money, MoneyReason.BANKER, events)
        characters = state.characters
        assert characters is not None
        state = replace(state, characters=replace(characters, banker_taken=(state.round, seat)))
    return state


def character_moves(state: GameState) -> tuple[Move, ...]:
    """The current player's moves in phase A2 (R25).

    Order: ``token`` by card in :class:`~princes_of_florence.Character` order and by bid
    ascending, then ``no character``.  A bid must be payable in cash; on a
    card holding another token only higher fields; a card taken in this
    phase is not offered.
    """
    seat = state.current_player
    characters = state.characters
    assert seat is not None and characters is not None
    cash = state.players[seat].money
    moves: list[Move] = []
    for character in CHARACTERS:
        if _taken_this_phase(characters, character, state.round):
            continue
        index = _INDEX[character]
        floor = characters.bids[index] if characters.tokens[index] is not None else -1
        moves.extend(
            PlaceToken(character, bid) for bid in _spec_bids(character) if floor < bid <= cash
        )
    moves.append(_DECLINE)
    return tuple(moves)


def character_problem(state: GameState, move: Move) -> str | None:
    """Why ``move`` is not legal now in phase A2, or ``None`` (R25, R27)."""
    if isinstance(move, DeclineCharacter):
        return None
    if not isinstance(move, PlaceToken):
        return "in phase A2 the player puts a token on a character card or passes (ruling R25)"
    seat = state.current_player
    characters = state.characters
    assert seat is not None and characters is not None
    character, bid = move.character, move.amount
    if _taken_this_phase(characters, character, state.round):
        return f"the {character} was taken in this phase (ruling R25)"
    bids = _spec_bids(character)
    if bid not in bids:
        return f"the {character} has bid fields {bids[0]} to {bids[-1]} in steps of 100, not {bid}"
    index = _INDEX[character]
    if characters.tokens[index] is not None and bid <= characters.bids[index]:
        return (
            f"the {character} holds a token at {characters.bids[index]}: "
            "only a higher field may be taken (ruling R25)"
        )
    cash = state.players[seat].money
    if bid > cash:
        return f"the player has {cash} florins and cannot bid {bid} in cash (R25, R27)"
    return None


def apply_characters(state: GameState, move: Move, events: list[Event]) -> GameState:
    """Apply a legal move of phase A2 (R25)."""
    seat = state.current_player
    characters = state.characters
    assert seat is not None and characters is not None
    if isinstance(move, DeclineCharacter):
        events.append(Declined(seat))
        done = list(characters.done)
        done[seat] = True
        state = replace(state, characters=replace(characters, done=tuple(done)))
    else:
        assert isinstance(move, PlaceToken)
        index = _INDEX[move.character]
        returned = characters.tokens[index]
        events.append(TokenPlaced(seat, move.character, move.amount, returned))
        tokens = list(characters.tokens)
        tokens[index] = seat
        bids = list(characters.bids)
        bids[index] = move.amount
        state = replace(
            state, characters=replace(characters, tokens=tuple(tokens), bids=tuple(bids))
        )
    return _next_turn(state, (seat + 1) % len(state.players), events)


# --- Using the cards held --------------------------------------------------------------


def _in_window(state: GameState) -> bool:
    """Whether the player deciding may use the Merchant or the Professor now (R26, D20).

    At their decision with nothing pending: in phase B, or as the opener in
    the auction.
    """
    if state.pending is not None:
        return False
    if state.phase is Phase.ACTIONS:
        return True
    auction = state.auction
    return state.phase is Phase.AUCTION and auction is not None and auction.stack is None


def princess_parts(player: PlayerState, muse: int = 0) -> tuple[tuple[str, int], ...]:
    """The parts of a Princess work (R28): 3 per landscape tile, 2 per builder,
    2 per building, 1 per person and recruiting card; the Muse's part if any.

    No bonus cards and no jesters count.
    """
    tiles = player.principality.tiles
    buildings = len(player.principality.buildings)
    parts = (
        ("landscapes", 3 * (len(tiles) - buildings)),
        ("builders", 2 * player.builders),
        ("buildings", 2 * buildings),
        ("persons", player.person_count),
    )
    return (*parts, ("muse", muse)) if muse else parts


def _princess_problem(state: GameState, seat: int) -> str | None:
    if state.phase is not Phase.ACTIONS or state.pending is not None:
        return "the Princess works only at the start of an action in phase B (ruling R28)"
    if not can_act(state, "works"):
        return "the player has no action left for a Princess work (rulings R17, R28)"
    value = sum(points for _, points in princess_parts(state.players[seat]))
    needed = work_minimum(state, seat)
    if value < needed:
        return f"the Princess work is worth {value}, below the round's minimum (ruling R28)"
    return None


def merchant_prestige(state: GameState, seat: int) -> int:
    """The holder's rank on the prestige track: 1st, 2nd, 2nd, 4th (R26)."""
    mine = state.players[seat].prestige
    return 1 + sum(1 for player in state.players if player.prestige > mine)


def use_moves(state: GameState) -> tuple[Move, ...]:
    """The uses of the cards the current player holds, where their window is open (R26).

    Order: ``princess``, ``merchant``, ``professor bonus``, ``professor prestige``.
    """
    seat = state.current_player
    if state.characters is None or seat is None:
        return ()
    moves: list[Move] = []
    if holder(state, Character.PRINCESS) == seat and _princess_problem(state, seat) is None:
        moves.append(_PRINCESS)
    if _in_window(state):
        if holder(state, Character.MERCHANT) == seat:
            moves.append(_MERCHANT)
        if holder(state, Character.PROFESSOR) == seat:
            moves.extend(m for m in _PROFESSOR if getattr(state, _DECK_FIELD[m.deck]))
    return tuple(moves)


_DECK_FIELD = {ProfessorDeck.BONUS: "bonus_deck", ProfessorDeck.PRESTIGE: "prestige_deck"}


def use_problem(state: GameState, move: Move) -> str | None:
    """Why the current player cannot make the use ``move`` now, or ``None`` (R26, R28)."""
    seat = state.current_player
    assert seat is not None
    if state.characters is None:
        return "character cards belong to the Muse & Princess expansion (ruling R25)"
    character = (
        Character.PRINCESS
        if isinstance(move, PrincessWork)
        else Character.MERCHANT
        if isinstance(move, UseMerchant)
        else Character.PROFESSOR
    )
    if holder(state, character) != seat:
        return f"the player does not hold the {character}"
    if isinstance(move, PrincessWork):
        return _princess_problem(state, seat)
    if not _in_window(state):
        return (
            f"the {character} is used at a decision in phase B or as the opener in the "
            "auction, with nothing pending (ruling R26)"
        )
    if isinstance(move, UseProfessor) and not getattr(state, _DECK_FIELD[move.deck]):
        return f"the {move.deck} deck is empty (ruling R6)"
    return None


def apply_use(state: GameState, move: Move, events: list[Event]) -> GameState:
    """Apply a legal use of a character card held (R26, R28)."""
    seat = state.current_player
    assert seat is not None
    if isinstance(move, PrincessWork):
        state = use_character(state, seat, Character.PRINCESS, events)
        turn = count_action(state, "works")
        parts = princess_parts(state.players[seat], muse_bonus(state, seat))
        return pay_work(replace(state, turn=turn), seat, None, parts, events)
    if isinstance(move, UseMerchant):
        points = merchant_prestige(state, seat)
        state = use_character(state, seat, Character.MERCHANT, events)
        return gain_prestige(state, seat, points, PrestigeReason.MERCHANT, events)
    assert isinstance(move, UseProfessor)
    state = use_character(state, seat, Character.PROFESSOR, events)
    if isinstance(state.pending, ProfessorOffer):  # at once, in the phase A2 it was taken
        characters = state.characters
        assert characters is not None
        # the rulebook: a card used in this A2 lies face down, not to be taken again
        face_down = (*characters.face_down, Character.PROFESSOR)
        characters = replace(characters, face_down=face_down)
        state = replace(state, pending=None, characters=characters)
    return draw_to_choose(state, _PROFESSOR_DECK[move.deck], events)


# --- The Merchant's choice on winning, the Professor at once -----------------------


def merchant_moves(state: GameState) -> tuple[Move, ...]:
    """The choices of the Merchant's holder who just won an object (R26).

    Order: ``merchant free``, then ``merchant pay`` where the price can be
    paid (in cash with Muse & Princess, R4, R27; a bid was covered in cash,
    so it always can in play).
    """
    pending = state.pending
    seat = state.current_player
    assert isinstance(pending, MerchantOffer) and seat is not None
    if payment_problem(state, seat, pending.price) is None:
        return (_MERCHANT_FREE, _MERCHANT_PAY)
    return (_MERCHANT_FREE,)


def merchant_problem(state: GameState, move: Move) -> str | None:
    """Why ``move`` does not settle the Merchant's choice, or ``None`` (R26)."""
    pending = state.pending
    seat = state.current_player
    assert isinstance(pending, MerchantOffer) and seat is not None
    if isinstance(move, MerchantFree):
        return None
    if isinstance(move, MerchantPay):
        return payment_problem(state, seat, pending.price)
    return (
        f"the player won the {pending.stack} holding the Merchant and must first choose: "
        "merchant free or merchant pay (ruling R26)"
    )


def apply_merchant(state: GameState, move: Move, events: list[Event]) -> GameState:
    """Apply the Merchant's choice: the object free, or paid with prestige by rank (R26).

    Paying, the player gains the prestige of their rank at the moment they
    pay (the rulebook's "aktuelle Position"), after the object is handed
    over.
    """
    pending = state.pending
    seat = state.current_player
    auction = state.auction
    assert isinstance(pending, MerchantOffer) and seat is not None and auction is not None
    points = merchant_prestige(state, seat)
    state = use_character(replace(state, pending=None), seat, Character.MERCHANT, events)
    if isinstance(move, MerchantFree):
        return hand_over(state, seat, pending.stack, 0, auction, events)
    assert isinstance(move, MerchantPay)
    state = hand_over(state, seat, pending.stack, pending.price, auction, events)
    return gain_prestige(state, seat, points, PrestigeReason.MERCHANT, events)


def professor_moves(state: GameState) -> tuple[Move, ...]:
    """The choices of the player who just took the Professor in phase A2 (R26).

    Order: ``professor bonus``, ``professor prestige`` (where the deck is
    not empty), then ``professor later``.
    """
    assert isinstance(state.pending, ProfessorOffer)
    draws = [m for m in _PROFESSOR if getattr(state, _DECK_FIELD[m.deck])]
    return (*draws, _PROFESSOR_LATER)


def professor_problem(state: GameState, move: Move) -> str | None:
    """Why ``move`` does not settle the Professor just taken, or ``None`` (R26)."""
    assert isinstance(state.pending, ProfessorOffer)
    if isinstance(move, ProfessorLater):
        return None
    if isinstance(move, UseProfessor):
        return f"the {move.deck} deck is empty (ruling R6)"
    return (
        "the player just took the Professor and must first draw with it now or keep it "
        "for later (ruling R26)"
    )


def apply_professor_later(state: GameState, move: Move, events: list[Event]) -> GameState:
    """The Professor just taken is kept for a later decision; phase A2 goes on (R26)."""
    assert isinstance(move, ProfessorLater) and isinstance(state.pending, ProfessorOffer)
    return resume_characters(replace(state, pending=None), events)


# --- The end of phase B and of the game ------------------------------------------------


def close_characters(state: GameState, events: list[Event]) -> GameState:
    """After phase B: the Muse, the Cardinal and an unused Princess go back (R26)."""
    if state.characters is None:
        return state
    return _return_cards(state, _PHASE_B_CARDS, events)


def convert_for_banker(state: GameState, events: list[Event]) -> GameState:
    """After round 7: who took the Banker in that round turns money into prestige (R26).

    As much as the money allows, 200 florins a point (decision D21).
    """
    characters = state.characters
    if characters is None or characters.banker_taken is None:
        return state
    taken_round, seat = characters.banker_taken
    if taken_round != state.round:
        return state
    rate = catalog().rules.florins_per_converted_prestige
    points = state.players[seat].money // rate
    if points == 0:
        return state
    state = pay(state, seat, points * rate, MoneyReason.BANKER, events)
    return gain_prestige(state, seat, points, PrestigeReason.BANKER, events)
