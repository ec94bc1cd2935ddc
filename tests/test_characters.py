"""The Muse & Princess expansion: phase A2 and the character cards (rulings R25-R28).

The rulebook's worked examples, each card's use and window (decisions
D19-D24 of the rules page), the cards' returns, the Banker's money, and the
exact reason every refused move of :mod:`princes_of_florence.rules.characters`
gives.  Positions are reached by legal moves from seeded new games; where a
holding is needed it is handed over with :mod:`factories`, which keeps every
invariant.
"""

from __future__ import annotations

import pytest

from factories import handed, housed, principality_of
from helpers import after_draft, play
from positions import (
    PASS_A2,
    characters_phase,
    decline_auction,
    end_phase_b,
    holding,
)
from princes_of_florence import (
    AuctionObject,
    Building,
    Character,
    GameConfig,
    GameState,
    IllegalMoveError,
    Landscape,
    PersonId,
    Phase,
    apply,
    free_moves,
    is_terminal,
    legal_moves,
    move_problem,
    new_game,
    parse_move,
)
from princes_of_florence.events import (
    CharacterReturned,
    CharacterTaken,
    CharacterUsed,
    Event,
    MoneyPaid,
    MoneyReason,
    MoneyReceived,
    ObjectWon,
    PhaseStarted,
    PrestigeGained,
    PrestigeReason,
    TokenPlaced,
    WorkDone,
)
from princes_of_florence.ids import ProfessorDeck
from princes_of_florence.moves import (
    MerchantFree,
    MerchantPay,
    PrincessWork,
    UseMerchant,
    UseProfessor,
)
from princes_of_florence.rules.characters import (
    character_problem,
    merchant_prestige,
    princess_parts,
    use_problem,
)
from princes_of_florence.rules.common import with_player
from princes_of_florence.rules.invariants import state_problems
from princes_of_florence.state import (
    CardChoice,
    CharacterState,
    Deck,
    MerchantOffer,
    Placing,
    ProfessorOffer,
    replace,
)


def with_round(state: GameState, number: int) -> GameState:
    """``state`` set in round ``number`` (the works' minimum and the Muse's part follow it)."""
    return replace(state, round=number)


def choose_first(state: GameState) -> GameState:
    """``state`` after keeping the first of the cards shown."""
    assert isinstance(state.pending, CardChoice)
    return play(state, f"choose {state.pending.shown[0]}")[0]


def texts(state: GameState) -> list[str]:
    return [str(move) for move in legal_moves(state)]


# --- The rulebook's examples ------------------------------------------------------------


def test_the_rulebook_example_of_phase_a2() -> None:
    """A Cardinal 300, B Merchant 400, C Cardinal 500 (A's token back), D Princess 300,
    A Banker 0 with 600 on it: B, C, D pay their bids, A receives 600 (R25, R26)."""
    state, events = play(
        characters_phase(),
        "token cardinal 300",
        "token merchant 400",
        "token cardinal 500",
        "token princess 300",
        "token banker 0",
    )
    assert TokenPlaced(2, Character.CARDINAL, 500, 0) in events  # A's token goes back
    assert [
        MoneyPaid(1, 400, MoneyReason.CHARACTER),
        CharacterTaken(1, Character.MERCHANT, 400),
        MoneyPaid(2, 500, MoneyReason.CHARACTER),
        CharacterTaken(2, Character.CARDINAL, 500),
        MoneyPaid(3, 300, MoneyReason.CHARACTER),
        CharacterTaken(3, Character.PRINCESS, 300),
        CharacterTaken(0, Character.BANKER, 0),
        CharacterUsed(0, Character.BANKER),
        MoneyReceived(0, 600, MoneyReason.BANKER),
    ] == [e for e in events if not isinstance(e, TokenPlaced)][:9]
    assert [4100, 3100, 3000, 3200] == [p.money for p in state.players]
    assert state.characters is not None
    # in Character order: Muse, Cardinal, Princess, Merchant, Professor, Banker (used)
    assert (None, 2, 3, 1, None, None) == state.characters.holders
    assert (1, 0) == state.characters.banker_taken
    # every card taken leaves no token and no bid on it
    assert (0,) * 6 == state.characters.bids
    assert (None,) * 6 == state.characters.tokens
    assert Phase.ACTIONS is state.phase
    assert () == state_problems(state)


def test_phase_a2_begins_with_no_token_and_no_bid_on_any_card() -> None:
    """Every card starts phase A2 bare: no token on it and no bid to beat (R25)."""
    state = characters_phase()
    assert state.characters is not None
    assert (None,) * 6 == state.characters.tokens
    assert (0,) * 6 == state.characters.bids
    assert (False,) * 4 == state.characters.done


def test_a_player_who_took_a_card_is_not_asked_again() -> None:
    """A takes the Princess when the turn comes back to her, then B, whose token went back,
    places it again; after B, phase A2 ends: A, holding a card, decides nothing more (R25)."""
    state, _ = play(
        characters_phase(),
        "token princess 300",
        "token muse 300",
        "token muse 400",  # B's token goes back
        PASS_A2,
    )
    assert state.characters is not None
    assert (1, 0) == (state.current_player, state.characters.holders[2])  # A took the Princess
    state, _ = play(state, "token cardinal 300")
    assert state.phase is Phase.ACTIONS
    assert state.characters is not None
    assert (2, 1, 0, None, None, None) == state.characters.holders


def test_the_princess_work_of_the_rulebook_is_worth_13() -> None:
    """2 lakes, a university, a studio and 3 person cards: 6 + 4 + 3 = 13 (R28)."""
    state = holding("princess")
    tiles = (Landscape.LAKE, Landscape.LAKE, Building.UNIVERSITY, Building.STUDIO)
    state = housed(state, 0, principality_of(*tiles))
    player = state.players[0]
    assert 3 == len(player.hand_persons)
    assert 0 == player.builders
    parts = (("landscapes", 6), ("builders", 0), ("buildings", 4), ("persons", 3))
    assert parts == princess_parts(player)
    assert "princess" in texts(state)
    after, events = play(state, "princess")
    work = next(e for e in events if isinstance(e, WorkDone))
    assert (0, None, 13) == (work.player, work.person, work.value)
    assert CharacterUsed(0, Character.PRINCESS) in events
    assert after.turn is not None
    assert 1 == after.turn.works == after.turn.actions
    assert 13 == after.round_best[0]


def test_princess_parts_count_builders_and_recruiting_cards_but_no_jesters() -> None:
    """A builder is worth 2, a recruiting card 1 like a person; jesters and bonus cards 0."""
    state = handed(holding("princess"), 0, builders=2, recruiting=1, jesters=3)
    parts = dict(princess_parts(state.players[0]))
    assert {"landscapes": 0, "builders": 4, "buildings": 0, "persons": 4} == parts
    assert (*princess_parts(state.players[0]), ("muse", 5)) == princess_parts(state.players[0], 5)


def test_the_muse_in_round_5_adds_5_to_a_work() -> None:
    """The Muse adds the round number to every work of its holder (R26)."""
    state = with_round(holding("muse"), 5)
    state = handed(state, 0, hand=(PersonId.POET,), jesters=3)
    events = play(state, "work poet", "finish")[1]
    work = next(e for e in events if isinstance(e, WorkDone))
    assert ("muse", 5) == work.parts[-1]
    assert 15 == work.value == 10 + 5  # the poet with 3 jesters: 10 (R19)


def test_the_muse_counts_towards_the_minimum() -> None:
    """A person short of the round's minimum by at most the round number may work (D23)."""
    muse = with_round(handed(holding("muse"), 0, hand=(PersonId.POET,), jesters=3), 5)
    plain = with_round(handed(holding("cardinal"), 0, hand=(PersonId.POET,), jesters=3), 5)
    assert "work poet" in texts(muse)
    assert "work poet" not in texts(plain)
    assert (
        "poet can reach a work value of at most 10, below the round's minimum of 15 (ruling R19)"
    ) == move_problem(plain, parse_move("work poet"))


def test_the_merchant_gives_prestige_by_rank() -> None:
    """Ranks on the prestige track 1st, 2nd, 2nd, 4th: shared ranks take the best (R26)."""
    state = characters_phase()
    ranked = tuple(
        replace(p, prestige=points) for p, points in zip(state.players, (10, 7, 7, 3), strict=True)
    )
    state = replace(state, players=ranked)
    assert [1, 2, 2, 4] == [merchant_prestige(state, seat) for seat in range(4)]


def test_the_merchant_used_for_prestige() -> None:
    """``merchant`` gains the holder's rank in prestige and uses the card (R26)."""
    state = holding("merchant")
    ranked = tuple(replace(p, prestige=n) for p, n in zip(state.players, (1, 5, 1, 9), strict=True))
    state = replace(state, players=ranked)
    after, events = play(state, "merchant")
    assert [
        CharacterUsed(0, Character.MERCHANT),
        PrestigeGained(0, 3, PrestigeReason.MERCHANT),
    ] == events
    assert 4 == after.players[0].prestige
    assert after.characters is not None
    assert after.characters.holders[3] is None
    assert "merchant" not in texts(after)


def test_the_banker_holds_800_after_two_rounds_untaken() -> None:
    """600 at the start, 100 more for each round it is not taken (R26)."""
    state = characters_phase()
    money = []
    for _ in range(2):
        assert state.characters is not None
        money.append(state.characters.banker_money)
        state = decline_auction(end_phase_b(play(state, *[PASS_A2] * 4)[0]))
    assert state.characters is not None
    assert [600, 700, 800] == [*money, state.characters.banker_money]


def test_the_banker_holds_600_again_the_round_after_it_is_taken() -> None:
    """Taken in round 2 with 700 on it, the Banker holds 600 in round 3 (R26)."""
    state = decline_auction(end_phase_b(play(characters_phase(), *[PASS_A2] * 4)[0]))
    assert 1 == state.current_player  # round 2 starts with player 1 (R7)
    state, events = play(state, "token banker 200", *[PASS_A2] * 3)
    assert [
        MoneyPaid(1, 200, MoneyReason.CHARACTER),
        CharacterTaken(1, Character.BANKER, 200),
        CharacterUsed(1, Character.BANKER),
        MoneyReceived(1, 700, MoneyReason.BANKER),
    ] == [
        e
        for e in events
        if isinstance(e, MoneyPaid | CharacterTaken | CharacterUsed | MoneyReceived)
    ]
    state = decline_auction(end_phase_b(state))
    assert state.characters is not None
    assert 600 == state.characters.banker_money


# --- Phase A2 (R25, D19) ------------------------------------------------------------------


def test_phase_a2_offers_every_field_in_order_then_the_pass() -> None:
    """Tokens by card in Character order and by bid ascending, then ``no character`` (R25)."""
    moves = texts(characters_phase())
    fields = [f"token {c} {b}" for c in Character for b in range(300, 1600, 100)]
    fields = [f for f in fields if not f.startswith("token banker")]
    assert [*fields, *(f"token banker {b}" for b in range(0, 600, 100)), PASS_A2] == moves


def test_a_card_holding_a_token_takes_only_a_higher_field() -> None:
    """Over another token only a strictly higher field is offered (R25)."""
    state = play(characters_phase(), "token muse 700")[0]
    muse = [m for m in texts(state) if m.startswith("token muse")]
    assert [f"token muse {b}" for b in range(800, 1600, 100)] == muse


def test_a_bid_must_be_payable_in_cash() -> None:
    """Fields above the player's cash are not offered, whatever their prestige (R25, R27)."""
    state = handed(characters_phase(), 0, money=400, prestige=20)
    assert ["token muse 300", "token muse 400"] == [
        m for m in texts(state) if m.startswith("token muse")
    ]


def test_a_player_whose_token_lies_on_a_card_takes_it_at_their_turn() -> None:
    """No move is asked: the bid is paid and the card taken (R25)."""
    state, events = play(characters_phase(), "token muse 300", *[PASS_A2] * 3)
    assert [MoneyPaid(0, 300, MoneyReason.CHARACTER), CharacterTaken(0, Character.MUSE, 300)] == [
        e for e in events if isinstance(e, MoneyPaid | CharacterTaken)
    ]
    assert 3200 == state.players[0].money


@pytest.mark.parametrize(
    ("first", "card"),
    [("token banker 0", "banker"), ("token muse 300", "muse")],
)
def test_a_card_taken_in_this_phase_is_not_offered_again(first: str, card: str) -> None:
    """Once taken, a card holds no token again in this A2, even the Banker, used at once
    and face down (D19)."""
    state = play(characters_phase(), first, "token cardinal 300", "token cardinal 400", PASS_A2)[0]
    # player 0 took their card at their turn; player 1's token came back to them
    assert (Phase.CHARACTERS, 1) == (state.phase, state.current_player)
    assert not [m for m in texts(state) if m.startswith(f"token {card}")]
    assert f"the {card} was taken in this phase (ruling R25)" == move_problem(
        state, parse_move(f"{first.rsplit(' ', 1)[0]} 500")
    )
    others = [m for m in texts(state) if m.startswith("token professor")]
    assert [f"token professor {b}" for b in range(300, 1600, 100)] == others


REFUSALS = [
    pytest.param(
        (),
        "decline",
        "in phase A2 the player puts a token on a character card or passes (ruling R25)",
        id="an auction move in A2",
    ),
    pytest.param(
        (),
        "token muse 250",
        "the muse has bid fields 300 to 1500 in steps of 100, not 250",
        id="between fields",
    ),
    pytest.param(
        (),
        "token banker 600",
        "the banker has bid fields 0 to 500 in steps of 100, not 600",
        id="above the top field",
    ),
    pytest.param(
        ("token muse 700",),
        "token muse 700",
        "the muse holds a token at 700: only a higher field may be taken (ruling R25)",
        id="the same field",
    ),
    pytest.param(
        ("token muse 700",),
        "token muse 600",
        "the muse holds a token at 700: only a higher field may be taken (ruling R25)",
        id="a lower field",
    ),
]


@pytest.mark.parametrize(("moves", "move", "reason"), REFUSALS)
def test_phase_a2_refusals(moves: tuple[str, ...], move: str, reason: str) -> None:
    """Each refused move of phase A2 gets its exact reason (R25)."""
    state = play(characters_phase(), *moves)[0]
    assert reason == move_problem(state, parse_move(move))
    with pytest.raises(IllegalMoveError, match=r"ruling R25|steps of 100"):
        apply(state, parse_move(move))


def test_a_bid_beyond_cash_is_refused_in_cash_terms() -> None:
    """A field the player cannot pay in cash is refused, prestige or not (R25, R27)."""
    state = handed(characters_phase(), 0, money=400, prestige=20)
    assert "the player has 400 florins and cannot bid 500 in cash (R25, R27)" == move_problem(
        state, parse_move("token muse 500")
    )
    assert move_problem(state, parse_move("token muse 400")) is None


def test_character_problem_finds_nothing_against_a_legal_token() -> None:
    """A field within cash, on a card without a token, even the Banker's 0, is legal (R25)."""
    state = handed(characters_phase(), 0, money=400)
    moves = ("token muse 400", "token muse 300", "token banker 0")
    assert [None, None, None] == [character_problem(state, parse_move(m)) for m in moves]


# --- Using the cards (R26, R28, D20, D22, D24) ----------------------------------------


def test_the_merchant_and_professor_are_offered_last_in_phase_b() -> None:
    """Uses follow the actions and ``end``: merchant, professor bonus, professor prestige."""
    assert ["end", "merchant"] == texts(holding("merchant"))[-2:]
    assert ["end", "professor bonus", "professor prestige"] == texts(holding("professor"))[-3:]


def test_the_merchant_is_not_offered_with_a_decision_pending() -> None:
    """In the middle of a choice of cards the window is closed (D20)."""
    state = play(holding("merchant"), "buy bonus")[0]
    assert isinstance(state.pending, CardChoice)
    assert "merchant" not in texts(state)
    assert (
        "the merchant is used at a decision in phase B or as the opener in the auction,"
        " with nothing pending (ruling R26)"
    ) == use_problem(state, UseMerchant())
    assert "the player must first choose one of the cards shown (ruling R6)" == move_problem(
        state, UseMerchant()
    )


def merchant_opens() -> GameState:
    """Round 2, phase A: player 0, who took the Merchant in round 1, opens (R7, R13)."""
    state = characters_phase(start_player=3)
    state = play(state, PASS_A2, "token merchant 300", PASS_A2, PASS_A2)[0]
    assert state.characters is not None
    assert 0 == state.characters.holders[3]
    state = end_phase_b(state)
    assert (2, Phase.AUCTION, 0) == (state.round, state.phase, state.current_player)
    return state


def test_the_merchant_is_offered_to_the_opener_of_the_next_auction() -> None:
    """The next round's auction: as the opener, not while bidding (D20)."""
    state = merchant_opens()
    assert "merchant" == texts(state)[-1]
    assert move_problem(state, UseMerchant()) is None
    bidding = play(state, "open jester", "bid 300", "pass", "pass")[0]
    assert 0 == bidding.current_player
    assert bidding.auction is not None
    assert bidding.auction.stack is AuctionObject.JESTER
    assert "merchant" not in texts(bidding)
    assert (
        "the merchant is used at a decision in phase B or as the opener in the auction,"
        " with nothing pending (ruling R26)"
    ) == move_problem(bidding, UseMerchant())


def test_the_merchant_offers_its_choice_when_the_object_is_won() -> None:
    """Winning the jester holding the Merchant, the holder chooses: free or pay (R26)."""
    state, events = play(merchant_opens(), "open jester", "pass", "pass", "pass")
    assert MerchantOffer(AuctionObject.JESTER, 200) == state.pending
    assert 0 == state.current_player
    assert ["merchant free", "merchant pay"] == texts(state)
    assert not any(isinstance(e, ObjectWon | CharacterUsed | MoneyPaid) for e in events)
    assert () == state_problems(state)


def test_the_merchant_makes_the_object_won_free() -> None:
    """``merchant free``: the object won is free and the Merchant used (R26)."""
    state = play(merchant_opens(), "open jester", "pass", "pass", "pass")[0]
    state, events = play(state, "merchant free")
    assert [
        CharacterUsed(0, Character.MERCHANT),
        ObjectWon(0, AuctionObject.JESTER, 0),
    ] == events
    assert (3200, 0, 1) == (
        state.players[0].money,
        state.players[0].prestige,
        state.players[0].jesters,
    )
    assert state.characters is not None
    assert state.characters.holders[3] is None
    assert (None, 1) == (state.pending, state.current_player)  # the auction goes on


def test_the_merchant_makes_the_last_players_purchase_free() -> None:
    """The last player's purchase at the base price offers the choice too (R14, R26)."""
    state = end_phase_b(holding("merchant"))
    assert (2, 1) == (state.round, state.start_player)
    state = play(state, "decline", "decline", "decline", "take jester")[0]
    assert MerchantOffer(AuctionObject.JESTER, 200) == state.pending
    state, events = play(state, "merchant free")
    assert ObjectWon(0, AuctionObject.JESTER, 0) in events
    assert CharacterUsed(0, Character.MERCHANT) in events


def test_the_last_players_purchase_paid_gains_the_prestige() -> None:
    """``merchant pay`` after ``take``: the base price paid, 1st of four all on 0: 1 point."""
    state = end_phase_b(holding("merchant"))
    state = play(state, "decline", "decline", "decline", "take jester")[0]
    state, events = play(state, "merchant pay")
    assert [
        CharacterUsed(0, Character.MERCHANT),
        MoneyPaid(0, 200, MoneyReason.AUCTION),
        ObjectWon(0, AuctionObject.JESTER, 200),
        PrestigeGained(0, 1, PrestigeReason.MERCHANT),
    ] == events[:4]  # then phase A is over
    assert (3000, 1) == (state.players[0].money, state.players[0].prestige)


def ranked(prestige: tuple[int, int, int, int]) -> GameState:
    """Round 2, phase A: player 0 holds the Merchant and opens; prestige as given."""
    state = merchant_opens()
    for seat, points in enumerate(prestige):
        state = with_player(state, seat, replace(state.players[seat], prestige=points))
    return state


def won_for_500(state: GameState) -> GameState:
    """Player 0 opens the jester, 1 and 2 raise, 3 passes, 0 bids 500 and wins it."""
    state = play(state, "open jester", "bid 300", "bid 400", "pass", "bid 500", "pass", "pass")[0]
    assert MerchantOffer(AuctionObject.JESTER, 500) == state.pending
    return state


def test_the_rulebook_example_of_the_merchant_paid() -> None:
    """„Rot ersteigert ein Objekt in Phase A1 für 500 Florin. Rot entscheidet sich für das
    Bezahlen … Da Rot an 4. Position liegt, erhält er 4 PP" (R26)."""
    state = won_for_500(ranked((2, 5, 7, 9)))
    state, events = play(state, "merchant pay")
    assert [
        CharacterUsed(0, Character.MERCHANT),
        MoneyPaid(0, 500, MoneyReason.AUCTION),
        ObjectWon(0, AuctionObject.JESTER, 500),
        PrestigeGained(0, 4, PrestigeReason.MERCHANT),
    ] == events
    red = state.players[0]
    assert (2700, 6, 1) == (red.money, red.prestige, red.jesters)
    assert () == state_problems(state)


@pytest.mark.parametrize(
    ("prestige", "points"),
    [
        ((9, 1, 2, 3), 1),  # 1st
        ((5, 5, 2, 1), 1),  # 1st, shared
        ((4, 6, 2, 1), 2),  # 2nd
        ((4, 6, 4, 1), 2),  # 2nd, shared: 1st, 2nd, 2nd, 4th
        ((4, 6, 6, 1), 3),  # 3rd: 1st, 1st, 3rd
        ((3, 6, 5, 5), 4),  # 4th behind a shared 2nd
        ((0, 6, 6, 6), 4),  # 4th behind a shared 1st
        ((0, 0, 0, 0), 1),  # everybody 1st
    ],
)
def test_the_merchant_paid_gives_the_rank_on_the_track(
    prestige: tuple[int, int, int, int], points: int
) -> None:
    """Paying, the holder gains their rank; shared ranks take the best one (R26)."""
    state = play(won_for_500(ranked(prestige)), "merchant pay")[0]
    assert prestige[0] + points == state.players[0].prestige
    assert 3200 - 500 == state.players[0].money


def test_the_merchant_paid_for_a_second_builder_gives_the_rank_held_as_it_pays() -> None:
    """The rank is the one held when the price is paid: the second builder's 3 points come
    with the object and do not raise it, though its event comes first (R16, R26, D22)."""
    state = handed(ranked((4, 6, 5, 1)), 0, builders=1)  # 3rd; 4 + 3 = 7 would be 1st
    state = play(state, "open builder", "pass", "pass", "pass")[0]
    assert MerchantOffer(AuctionObject.BUILDER, 200) == state.pending
    state, events = play(state, "merchant pay")
    assert [
        CharacterUsed(0, Character.MERCHANT),
        MoneyPaid(0, 200, MoneyReason.AUCTION),
        ObjectWon(0, AuctionObject.BUILDER, 200),
        PrestigeGained(0, 3, PrestigeReason.BUILDER),
        PrestigeGained(0, 3, PrestigeReason.MERCHANT),
    ] == events
    assert (4 + 3 + 3, 2) == (state.players[0].prestige, state.players[0].builders)
    assert () == state_problems(state)


def test_the_issues_reproduction_now_offers_the_choice() -> None:
    """4 players, seed 1: player 0 took the Merchant for 300; in round 2 they win the jester
    for 500 and are asked; free, they pay nothing (R26)."""
    config = GameConfig(players=4, seed=1, muse_and_princess=True)
    state = new_game(config)
    while state.phase is Phase.SETUP:
        state = apply(state, legal_moves(state)[0])
    state = decline_auction(state)
    state = play(state, "token merchant 300", PASS_A2, PASS_A2, PASS_A2)[0]
    state = end_phase_b(state)
    moves = ("open jester", "pass", "pass", "bid 300", "bid 400", "bid 500", "pass")
    state, events = play(state, *moves)
    assert ObjectWon(0, AuctionObject.JESTER, 0) not in events
    assert MerchantOffer(AuctionObject.JESTER, 500) == state.pending
    assert 0 == state.current_player
    free, events = play(state, "merchant free")
    assert ObjectWon(0, AuctionObject.JESTER, 0) in events
    assert 3200 == free.players[0].money


def test_a_landscape_won_with_the_merchant_is_placed_after_the_choice() -> None:
    """The forest won and paid for waits to be placed; the prestige is gained (R16, R26)."""
    state = play(merchant_opens(), "open forest", "pass", "pass", "pass")[0]
    assert MerchantOffer(AuctionObject.FOREST, 200) == state.pending
    state, events = play(state, "merchant pay")
    assert PrestigeGained(0, 1, PrestigeReason.MERCHANT) in events
    assert Placing(Landscape.FOREST) == state.pending
    assert 0 == state.current_player


def test_the_merchant_used_before_the_auction_offers_no_choice() -> None:
    """Used as the opener, the Merchant is gone: the object won is paid for (R26)."""
    state = play(merchant_opens(), "merchant")[0]
    state, events = play(state, "open jester", "pass", "pass", "pass")
    assert ObjectWon(0, AuctionObject.JESTER, 200) in events
    assert state.pending is None


def test_the_merchants_choice_comes_first() -> None:
    """With the choice open, nothing else is legal; the reason names the choice (R26)."""
    state = play(merchant_opens(), "open jester", "pass", "pass", "pass")[0]
    assert (
        "the player won the jester holding the Merchant and must first choose: "
        "merchant free or merchant pay (ruling R26)"
    ) == move_problem(state, parse_move("decline"))
    assert "it is player 0's decision, not player 1's" == move_problem(
        state, MerchantFree(), player=1
    )


def test_the_merchant_pay_is_refused_without_the_cash() -> None:
    """A price beyond the cash cannot be paid (R4, R27): only ``merchant free`` is offered."""
    state = play(merchant_opens(), "open jester", "pass", "pass", "pass")[0]
    poor = with_player(state, 0, replace(state.players[0], money=100))
    poor = replace(poor, players=poor.players)
    assert ["merchant free"] == texts(poor)
    assert "the player has 100 florins and cannot pay 200 in cash (R4, R27)" == move_problem(
        poor, MerchantPay()
    )


def professor_taken(players: int = 3) -> tuple[GameState, list[Event]]:
    """Round 1, phase A2: player 0 passed, player 1 put a token on the Professor, the rest
    passed; at player 1's turn they take it."""
    state = characters_phase(players)
    return play(state, PASS_A2, "token professor 300", *[PASS_A2] * (players - 2))


def test_the_professor_is_offered_at_once_when_taken() -> None:
    """Before anyone else acts, the holder draws now or later (R26: „sofort oder später")."""
    state, events = professor_taken()
    assert CharacterTaken(1, Character.PROFESSOR, 300) == events[-1]
    assert (Phase.CHARACTERS, 1, ProfessorOffer()) == (
        state.phase,
        state.current_player,
        state.pending,
    )
    assert ["professor bonus", "professor prestige", "professor later"] == texts(state)
    assert () == state_problems(state)


def test_the_professor_drawn_at_once_comes_before_phase_b() -> None:
    """3 players: player 1 draws the prestige cards before player 0 acts in phase B."""
    state, _ = professor_taken()
    top = state.prestige_deck[:5]
    state, events = play(state, "professor prestige")
    assert CharacterUsed(1, Character.PROFESSOR) in events
    assert (Phase.CHARACTERS, 1, CardChoice(Deck.PRESTIGE, top)) == (
        state.phase,
        state.current_player,
        state.pending,
    )
    assert () == state_problems(state)
    state, _ = play(state, f"choose {top[3]}")
    assert top[3] in state.players[1].prestige_cards
    assert (Phase.ACTIONS, 0) == (state.phase, state.current_player)
    assert state.characters is not None
    assert state.characters.holders[4] is None


def test_the_professor_kept_for_later_is_offered_in_phase_b() -> None:
    """``professor later``: A2 goes on; the holder uses it at a later decision (R26)."""
    state, _ = professor_taken()
    state, events = play(state, "professor later")
    assert [PhaseStarted(1, Phase.ACTIONS, 0)] == events  # nothing used, nothing drawn
    assert (Phase.ACTIONS, 0) == (state.phase, state.current_player)
    assert state.characters is not None
    assert 1 == state.characters.holders[4]
    state = play(state, "end")[0]
    assert ["professor bonus", "professor prestige"] == texts(state)[-2:]


def test_the_professor_used_at_once_lies_face_down_in_that_phase_a2() -> None:
    """Used in the A2 it was taken, the Professor is not offered to a later player there
    (the rulebook: „zunächst verdeckt abgelegt")."""
    state = characters_phase()
    state = play(state, "token professor 300", "token muse 300", "token muse 400", PASS_A2)[0]
    assert isinstance(state.pending, ProfessorOffer)
    assert 0 == state.current_player
    state = choose_first(play(state, "professor bonus")[0])
    assert (Phase.CHARACTERS, 1) == (state.phase, state.current_player)
    assert state.characters is not None
    assert (Character.PROFESSOR,) == state.characters.face_down
    assert not any(text.startswith("token professor") for text in texts(state))
    assert "the professor was taken in this phase (ruling R25)" == move_problem(
        state, parse_move("token professor 500")
    )
    assert () == state_problems(state)


def test_the_professor_is_not_offered_at_once_with_both_decks_empty() -> None:
    """Nothing to draw: the card is kept, and A2 goes on (R6, R26)."""
    state = characters_phase(3)
    state = play(state, PASS_A2, "token professor 300")[0]
    gone = replace(state, bonus_deck=(), bonus_discard=(*state.bonus_discard, *state.bonus_deck))
    gone = replace(gone, prestige_deck=())
    gone = with_player(
        gone,
        2,
        replace(
            gone.players[2], prestige_cards=(*gone.players[2].prestige_cards, *state.prestige_deck)
        ),
    )
    after = play(gone, PASS_A2)[0]
    assert (Phase.ACTIONS, None) == (after.phase, after.pending)


def test_the_professor_offer_refuses_other_moves() -> None:
    """With the offer open, a token is refused with the reason (R26)."""
    state, _ = professor_taken()
    assert (
        "the player just took the Professor and must first draw with it now or keep it "
        "for later (ruling R26)"
    ) == move_problem(state, parse_move("no character"))
    empty = replace(state, bonus_deck=(), bonus_discard=(*state.bonus_discard, *state.bonus_deck))
    assert ["professor prestige", "professor later"] == texts(empty)
    assert "the bonus deck is empty (ruling R6)" == move_problem(
        empty, UseProfessor(ProfessorDeck.BONUS)
    )


def test_the_professor_shows_five_cards_of_the_deck_chosen() -> None:
    """``professor prestige`` draws the top five prestige cards to keep one, free (R26)."""
    state = holding("professor")
    top = state.prestige_deck[:5]
    after, events = play(state, "professor prestige")
    assert CharacterUsed(0, Character.PROFESSOR) in events
    assert isinstance(after.pending, CardChoice)
    assert top == after.pending.shown
    assert 3200 == after.players[0].money
    kept = play(after, f"choose {top[2]}")[0]
    assert top[2] in kept.players[0].prestige_cards
    assert "professor bonus" not in texts(kept)


def test_the_professor_is_not_offered_for_an_empty_deck() -> None:
    """A deck with no card left cannot be drawn from (R6)."""
    state = replace(holding("professor"), bonus_deck=())
    state = replace(state, bonus_discard=(*state.bonus_discard,))
    assert "professor bonus" not in texts(state)
    assert "the bonus deck is empty (ruling R6)" == use_problem(
        state, UseProfessor(ProfessorDeck.BONUS)
    )


def test_a_use_in_its_window_has_no_problem() -> None:
    """use_problem finds nothing against a use the holder may make now (R26)."""
    merchant, professor = holding("merchant"), holding("professor")
    expected = (None, None, None)
    assert expected == (
        use_problem(merchant, UseMerchant()),
        use_problem(professor, UseProfessor(ProfessorDeck.BONUS)),
        use_problem(professor, UseProfessor(ProfessorDeck.PRESTIGE)),
    )


def test_a_card_not_held_cannot_be_used() -> None:
    """Only the holder uses a card (R26)."""
    state = holding("merchant")
    assert "the player does not hold the professor" == move_problem(
        state, parse_move("professor bonus")
    )
    assert "the player does not hold the princess" == move_problem(state, parse_move("princess"))


def test_character_cards_belong_to_the_expansion() -> None:
    """Without Muse & Princess a use is refused for that reason (R25)."""
    state = after_draft(4)
    state = decline_auction(state)
    assert "character cards belong to the Muse & Princess expansion (ruling R25)" == (
        use_problem(state, parse_move("merchant"))
    )


def test_the_princess_below_the_minimum_is_refused() -> None:
    """A Princess work must reach the round's minimum (R28)."""
    state = holding("princess")
    assert "princess" not in texts(state)
    assert "the Princess work is worth 3, below the round's minimum (ruling R28)" == (
        move_problem(state, parse_move("princess"))
    )


def princess_with_13() -> GameState:
    """Phase B, player 0 holds the Princess with a work worth 13 to do (R28)."""
    tiles = (Landscape.LAKE, Landscape.LAKE, Building.UNIVERSITY, Building.STUDIO)
    return housed(holding("princess"), 0, principality_of(*tiles))


def test_a_princess_work_worth_exactly_the_minimum_is_done() -> None:
    """2 lakes, 3 buildings and 3 persons make 15, round 5's minimum: allowed (R28)."""
    tiles = (
        Landscape.LAKE,
        Landscape.LAKE,
        Building.UNIVERSITY,
        Building.STUDIO,
        Building.LIBRARY,
    )
    state = with_round(housed(holding("princess"), 0, principality_of(*tiles)), 5)
    assert 15 == sum(points for _, points in princess_parts(state.players[0]))
    assert use_problem(state, PrincessWork()) is None
    assert "princess" in texts(state)


def test_the_muse_lowers_the_minimum_of_the_princess_work() -> None:
    """Worth 13 in round 4 (minimum 14) the work is refused, unless its player holds the
    Muse, whose part of 4 makes the work's 13 enough (R26, R28)."""
    state = with_round(princess_with_13(), 4)
    assert "the Princess work is worth 13, below the round's minimum (ruling R28)" == (
        move_problem(state, PrincessWork())
    )
    assert state.characters is not None
    holders = (0, *state.characters.holders[1:])  # the Muse first, in Character order
    muse = replace(state, characters=replace(state.characters, holders=holders))
    assert move_problem(muse, PrincessWork()) is None
    assert "princess" in texts(muse)
    work = next(e for e in play(muse, "princess")[1] if isinstance(e, WorkDone))
    assert (0, None, 13 + 4) == (work.player, work.person, work.value)  # the Muse's part too


def test_the_princess_works_only_at_the_start_of_an_action() -> None:
    """Not while a decision is pending, and not outside phase B (R28)."""
    pending = play(princess_with_13(), "buy bonus")[0]
    reason = "the Princess works only at the start of an action in phase B (ruling R28)"
    assert reason == use_problem(pending, PrincessWork())
    assert "princess" not in texts(pending)
    state = end_phase_b(princess_with_13())
    assert state.phase is Phase.AUCTION
    assert state.characters is not None
    characters = replace(state.characters, holders=(None, None, state.current_player, *(None,) * 3))
    auction = replace(state, characters=characters)
    assert reason == move_problem(auction, PrincessWork())


def test_the_princess_needs_an_action_left() -> None:
    """After two actions no Princess work is left to do, though the turn is open (R17, R28)."""
    state = handed(princess_with_13(), 0, recruiting=1)
    state = handed(state, 1, table=(PersonId.ACTOR,))  # someone to recruit keeps it open
    state = choose_first(play(state, "freedom travel", "buy person")[0])
    assert state.turn is not None
    assert (0, 2) == (state.current_player, state.turn.actions)
    assert ["recruit 1 actor", "end"] == texts(state)
    assert "the player has no action left for a Princess work (rulings R17, R28)" == (
        move_problem(state, PrincessWork())
    )


def test_the_cardinal_gives_a_third_action_but_one_person() -> None:
    """Three actions with the Cardinal, still one person and one freedom (R26, D24)."""
    state = choose_first(play(holding("cardinal"), "buy bonus")[0])
    state = play(state, "freedom travel")[0]
    assert 0 == state.current_player
    assert state.turn is not None
    assert 2 == state.turn.actions
    assert "the limit of 1 freedom per turn is reached (ruling R18)" == move_problem(
        state, parse_move("freedom religion")
    )
    state = choose_first(play(state, "buy person")[0])
    assert 1 == state.current_player  # the third action ended the turn


def test_no_prestige_is_sold_with_the_expansion() -> None:
    """There is no prestige sale with Muse & Princess (R27)."""
    state = handed(holding("muse"), 0, prestige=5)
    assert () == free_moves(state)
    assert "prestige cannot be sold with Muse & Princess (ruling R27)" == move_problem(
        state, parse_move("sell 1")
    )


# --- Returns (R26) ------------------------------------------------------------------------


def test_the_phase_b_cards_go_back_when_phase_b_ends() -> None:
    """The Muse, the Cardinal and an unused Princess go back after phase B (R26)."""
    state = characters_phase()
    state = play(state, "token muse 300", "token cardinal 300", "token princess 300", PASS_A2)[0]
    after, events = play(state, "end", "end", "end", "end")
    assert [
        CharacterReturned(0, Character.MUSE),
        CharacterReturned(1, Character.CARDINAL),
        CharacterReturned(2, Character.PRINCESS),
    ] == [e for e in events if isinstance(e, CharacterReturned)]
    assert after.characters is not None
    assert (None,) * 6 == after.characters.holders


def test_an_unused_merchant_goes_back_before_the_next_a2() -> None:
    """The Merchant and the Professor are kept through the next auction (R26)."""
    state = characters_phase()
    state = play(state, "token merchant 300", "token professor 300", PASS_A2, PASS_A2)[0]
    state = play(state, "professor later")[0]
    state = end_phase_b(state)
    assert state.characters is not None
    assert (0, 1) == state.characters.holders[3:5]
    state, events = play(state, *["decline"] * 4)
    assert [
        CharacterReturned(0, Character.MERCHANT),
        CharacterReturned(1, Character.PROFESSOR),
    ] == [e for e in events if isinstance(e, CharacterReturned)]


# --- The end of the game (D21) ------------------------------------------------------------


def test_the_banker_taken_in_round_7_converts_money_at_the_end() -> None:
    """After round 7 the Banker's taker turns all the money they can into prestige (D21)."""
    state = with_round(characters_phase(), 7)
    state = replace(state, characters=CharacterState(done=(False,) * 4, banker_money=600))
    state, events = play(state, "token banker 0", *[PASS_A2] * 3)
    money = state.players[0].money
    assert 4100 == money
    state, events = play(state, "end", "end", "end", "end")
    assert is_terminal(state)
    assert MoneyPaid(0, 4000, MoneyReason.BANKER) in events
    assert PrestigeGained(0, 20, PrestigeReason.BANKER) in events
    assert 100 == state.players[0].money


@pytest.mark.parametrize(("money", "points"), [(300, 1), (199, 0)])
def test_the_banker_converts_a_single_point_and_never_a_part(money: int, points: int) -> None:
    """300 florins make 1 point with 100 left; 199 make none and nothing is paid (D21)."""
    state = with_round(characters_phase(), 7)
    state = replace(state, characters=CharacterState(done=(False,) * 4, banker_money=600))
    state, _ = play(state, "token banker 0", *[PASS_A2] * 3)
    state = with_player(state, 0, replace(state.players[0], money=money))
    prestige = state.players[0].prestige
    state, events = play(state, "end", "end", "end", "end")
    banker = [e for e in events if getattr(e, "reason", None) == MoneyReason.BANKER]
    converted = [MoneyPaid(0, 200, MoneyReason.BANKER), PrestigeGained(0, 1, PrestigeReason.BANKER)]
    assert banker == (converted if points else [])
    assert money - 200 * points == state.players[0].money
    assert prestige + points <= state.players[0].prestige


def test_the_banker_taken_before_round_7_gives_nothing_at_the_end() -> None:
    """A Banker taken in round 6 has been used: no conversion at the end (D21)."""
    state = with_round(characters_phase(), 7)
    assert state.characters is not None
    state = replace(state, characters=replace(state.characters, banker_taken=(6, 0)))
    state, events = play(state, *[PASS_A2] * 4, "end", "end", "end", "end")
    assert is_terminal(state)
    assert not any(isinstance(e, MoneyPaid) and e.reason is MoneyReason.BANKER for e in events)
