"""One corrupted state per invariant that ``state_problems`` guards, with the exact problem named.

Each row of :data:`CORRUPTIONS` takes a position reached by legal play (see
``tests/positions.py``), breaks one invariant of
:mod:`princes_of_florence.rules.invariants`, and lists every problem the
checker must report, word for word, with the path after ``@``.  The base
positions themselves break nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from factories import handed, housed, principality_of
from helpers import action_phase, after_draft, play
from positions import (
    PASS_A2,
    after,
    characters_phase,
    coop_asked,
    coop_rejected,
    coop_shared,
    coop_turn,
    decline_auction,
    draft,
    end_phase_b,
    forest_won,
    holding,
    jester_taken,
    merchant_won,
    payout,
    poet_at_work,
    prestige_won,
    professor_drawn,
    professor_offered,
    professor_opens,
    recruiting_won,
    returning,
    turn,
    two_players,
)
from princes_of_florence import (
    AuctionObject,
    BonusCardId,
    Building,
    Freedom,
    GameConfig,
    GameState,
    Landscape,
    PersonId,
    Phase,
    PrestigeCardId,
    apply,
    legal_moves,
    new_game,
)
from princes_of_florence.geometry import PALAZZO_MASK, parse_cells
from princes_of_florence.rules.cooperative import reverse_side
from princes_of_florence.rules.invariants import principality_problems, state_problems
from princes_of_florence.state import (
    CardChoice,
    CharacterState,
    Conversion,
    Deck,
    LandscapeChoice,
    MerchantOffer,
    OpenBuild,
    PlacedTile,
    Placing,
    Principality,
    ProfessorOffer,
    Proposal,
    RecruitOffer,
    SetupState,
    SharedBuilding,
    Working,
    replace,
)


def player(state: GameState, seat: int, **changes: object) -> GameState:
    """``state`` with the player in ``seat`` changed (no other field follows)."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def auction(state: GameState, **changes: object) -> GameState:
    """``state`` with its auction record changed."""
    assert state.auction is not None
    return replace(state, auction=replace(state.auction, **changes))


def turn_record(state: GameState, **changes: object) -> GameState:
    """``state`` with its turn record changed."""
    assert state.turn is not None
    return replace(state, turn=replace(state.turn, **changes))


def bidding4() -> GameState:
    """4 players: player 0 opened the jester at 200, player 1 bids or passes."""
    return play(after_draft(players=4), "open jester")[0]


def second_draft() -> GameState:
    """The draft of 3 players after player 0 returned a card: player 1 returns one."""
    state = draft()
    return play(state, f"return {state.players[0].hand_persons[0]}")[0]


def built_tower() -> GameState:
    """Player 0 bought a tower in phase B and places it."""
    return after(turn(), "build tower")()


def game_over() -> GameState:
    """Phase B of round 1 made into the end of the game (no record, nobody to decide)."""
    return replace(action_phase(players=3), phase=Phase.GAME_OVER, turn=None, current_player=None)


TOWER_D = parse_cells("d4-d5-d6")
TOWER_F = parse_cells("f4-f5-f6")


def two_towers() -> GameState:
    """Player 0's principality holds a tower twice (the supply gave both)."""
    twice = Principality().with_tile(Building.TOWER, TOWER_D).with_tile(Building.TOWER, TOWER_F)
    return housed(turn(), 0, twice)


def principality(state: GameState, seat: int, principality: Principality) -> GameState:
    """``state`` with ``principality`` for ``seat``, the supply unchanged."""
    return player(state, seat, principality=principality)


def shown_six() -> GameState:
    """Player 0 won a prestige card and is shown six cards."""
    state = prestige_won()
    assert isinstance(state.pending, CardChoice)
    extra = state.prestige_deck[0]
    shown = CardChoice(Deck.PRESTIGE, (*state.pending.shown, extra))
    return replace(state, prestige_deck=state.prestige_deck[1:], pending=shown)


def all_returned() -> GameState:
    """3 players: the third starting person returned, but the draft goes on with player 0."""
    state = second_draft()
    state = play(state, f"return {state.players[1].hand_persons[0]}")[0]
    assert state.setup is not None
    returned = state.setup.returned
    last = state.players[2].hand_persons[0]
    state = player(state, 2, hand_persons=state.players[2].hand_persons[1:])
    return replace(state, setup=SetupState((*returned, last)), current_player=0)


ALCHEMIST, ARCHITECT, SINGER = PersonId.ALCHEMIST, PersonId.ARCHITECT, PersonId.SINGER
P13 = PrestigeCardId.P13
JESTER = AuctionObject.JESTER


def builder_taken_jester_open() -> GameState:
    """4 players: player 0 took a builder; player 1 opened the jester."""
    return play(after_draft(players=4), "open builder", "pass", "pass", "pass", "open jester")[0]


def returned_order(count: int) -> GameState:
    """Player 0 puts ``count`` bonus cards under the deck in order (R6), the rest in the deck."""
    state = returning()
    assert isinstance(state.pending, CardChoice)
    cards = (*state.pending.shown, *state.bonus_deck)
    waiting = CardChoice(Deck.BONUS, cards[:count], True)
    return replace(state, pending=waiting, bonus_deck=cards[count:])


Corruption = Callable[[], GameState]


# --- Cooperative Building (R29-R34) ---

TOWER_SHARED = SharedBuilding(
    Building.TOWER, (0, 1), (parse_cells("f4-g4"), parse_cells("a4")), "f4-g4/a4"
)
"""The tower players 0 and 1 share in :func:`coop_shared`."""


def laid(
    state: GameState, seat: int, *tiles: tuple[Building, int, SharedBuilding | None]
) -> GameState:
    """``state`` with player ``seat``'s principality the reverse side holding ``tiles``."""
    board = reverse_side()
    for tile, mask, record in tiles:
        board = board.with_tile(tile, mask, record)
    return player(state, seat, principality=board)


def shared_as(record: SharedBuilding) -> GameState:
    """:func:`coop_shared` with ``record`` for the tower in both principalities."""
    state = laid(coop_shared(), 0, (Building.TOWER, record.masks[0], record))
    return laid(state, 1, (Building.TOWER, record.masks[1], record))


def shared_by_non_neighbours() -> GameState:
    """4 players: players 0 and 2, who share no border, share a tower (R29)."""
    record = attrs.evolve(TOWER_SHARED, players=(0, 2))
    state = housed(
        coop_turn(players=4), 0, reverse_side().with_tile(Building.TOWER, record.masks[0], record)
    )
    return laid(state, 2, (Building.TOWER, record.masks[1], record))


def shared_against_a_wall() -> GameState:
    """Player 1 (no builder) holds a chapel at a3-b3-b4, laid before its part a4 of the tower."""
    state = laid(
        coop_shared(),
        1,
        (Building.CHAPEL, parse_cells("a3-b3-b4"), None),
        (Building.TOWER, parse_cells("a4"), TOWER_SHARED),
    )
    supply = tuple(
        n - (b is Building.CHAPEL) for b, n in zip(Building, state.building_supply, strict=True)
    )
    return replace(state, building_supply=supply)


CHAPEL_SHARED = SharedBuilding(
    Building.CHAPEL, (0, 1), (parse_cells("f6-g6"), parse_cells("a6")), "f6-g6/a6"
)
"""A chapel players 0 and 1 could share beside the tower of :func:`coop_shared`."""


def taken(state: GameState, *buildings: Building) -> GameState:
    """``state`` with one of each of ``buildings`` gone from the supply."""
    supply = tuple(
        n - buildings.count(b) for b, n in zip(Building, state.building_supply, strict=True)
    )
    return replace(state, building_supply=supply)


def shared_halves() -> GameState:
    """The tower of :func:`coop_shared` only in player 0's principality, and a shared
    chapel of players 0 and 1 only in player 1's (R33)."""
    state = laid(coop_shared(), 0, (Building.TOWER, TOWER_SHARED.masks[0], TOWER_SHARED))
    return laid(state, 1, (Building.CHAPEL, CHAPEL_SHARED.masks[1], CHAPEL_SHARED))


def shared_twice_off_the_border() -> GameState:
    """A shared tower and a shared chapel of players 0 and 1, neither across their border."""
    tower = SharedBuilding(
        Building.TOWER, (0, 1), (parse_cells("f4-g4"), parse_cells("a5")), "f4-g4/a5"
    )
    chapel = attrs.evolve(CHAPEL_SHARED, masks=(parse_cells("f6-g6"), parse_cells("a7")))
    chapel = attrs.evolve(chapel, cells="f6-g6/a7")
    tiles = [(b.building, b.masks[i], b) for b in (tower, chapel) for i in (0, 1)]
    state = laid(coop_shared(), 0, tiles[0], tiles[2])
    return taken(laid(state, 1, tiles[1], tiles[3]), Building.CHAPEL)


def shared_twice_by_non_neighbours() -> GameState:
    """4 players: a tower shared by players 0 and 2, a chapel by 1 and 3: no border (R29)."""
    tower = attrs.evolve(TOWER_SHARED, players=(0, 2))
    chapel = attrs.evolve(CHAPEL_SHARED, players=(1, 3))
    state = coop_turn(players=4)
    for record in (tower, chapel):
        for seat, mask in zip(record.players, record.masks, strict=True):
            state = laid(state, seat, (record.building, mask, record))
    return taken(state, Building.TOWER, Building.CHAPEL)


def proposal(state: GameState, **changes: object) -> GameState:
    """``state`` with its pending :class:`Proposal` changed."""
    assert isinstance(state.pending, Proposal)
    return replace(state, pending=replace(state.pending, **changes))


def asked_of_player_2() -> GameState:
    """4 players: player 0's proposal names player 2, across no border of theirs (R29)."""
    state = play(coop_turn(players=4), "propose 1", "share tower", "across f4-g4/a4", "ask 500")[0]
    return replace(proposal(state, partner=2), current_player=2)


def shared_by_the_palazzo(builders: int = 2) -> GameState:
    """3 players: player 0 (2 builders) built a chapel on a5-a6-b6, then shared a tower on
    f1-g1/a1 with player 1, player 0's part against the palazzo (R31); then ``builders``
    of player 0's are put back in the supply."""
    state = play(
        coop_turn(0, builders=2),
        *("build chapel", "place a5-a6-b6", "propose 1", "share tower"),
        *("across f1-g1/a1", "ask 0", "accept"),
    )[0]
    state = replace(state, builders=state.builders + 2 - builders)
    return player(state, 0, builders=builders)


def dealt() -> GameState:
    """A new game with explicit chance: chance is about to deal the person deck."""
    return new_game(GameConfig(players=3, seed=1, explicit_chance=True))


def persons_drawn_by_the_opener() -> GameState:
    """The Professor's holder opening phase A, shown person cards: the Professor draws
    only bonus or prestige cards (R26); the prestige cards shown go back to their deck."""
    state = professor_opens()
    assert isinstance(state.pending, CardChoice)
    return replace(
        state,
        pending=CardChoice(Deck.PERSONS, state.person_deck[:5]),
        person_deck=state.person_deck[5:],
        prestige_deck=(*state.prestige_deck, *state.pending.shown),
    )


def row(name: str, corrupt: Corruption, *problems: str) -> object:
    return pytest.param(corrupt, problems, id=name)


P0 = "player 0: {} @ players[0].principality"
R8 = "the draft record must exist exactly during that phase @ setup, phase"

CORRUPTIONS = [
    # The frame: players, round, phase, who decides (state_problems).
    row(
        "players and config differ",
        lambda: replace(draft(), config=GameConfig(players=4)),
        "3 players but the config says 4 @ players",
        "2 travel tiles in play, expected 3 (ruling R9) @ freedom_supply[0]",
        "2 religion tiles in play, expected 3 (ruling R9) @ freedom_supply[1]",
        "2 opinion tiles in play, expected 3 (ruling R9) @ freedom_supply[2]",
        "6 freedom tiles in play, expected 9 @ freedom_supply",
    ),
    row("round 0", lambda: replace(draft(), round=0), "round 0 is outside 1 to 7 @ round"),
    row("round 8", lambda: replace(draft(), round=8), "round 8 is outside 1 to 7 @ round"),
    row(
        "nobody decides a live game",
        lambda: replace(draft(), current_player=None),
        "a decision is owed exactly when the game is not over @ current_player, phase",
    ),
    row(
        "current player 3 of 3",
        lambda: replace(draft(), current_player=3),
        "current player 3 is not a seat @ current_player",
    ),
    row(
        "current player -1",
        lambda: replace(draft(), current_player=-1),
        "current player -1 is not a seat @ current_player",
    ),
    row(
        "start player 3 of 3",
        lambda: replace(draft(), start_player=3),
        "start player 3 is not a seat @ start_player",
    ),
    row(
        "start player -1",
        lambda: replace(draft(), start_player=-1),
        "start player -1 is not a seat @ start_player",
    ),
    row(
        "no draft record in the draft",
        lambda: replace(draft(), setup=None),
        "the setup record must exist exactly during that phase @ setup, phase",
    ),
    row(
        "an auction record in phase B",
        lambda: replace(turn(), auction=after_draft(players=3).auction),
        "the auction record must exist exactly during that phase @ auction, phase",
    ),
    row(
        "no turn record in phase B",
        lambda: replace(turn(), turn=None),
        "the actions record must exist exactly during that phase @ turn, phase",
    ),
    # What each player holds (R2).
    row(
        "negative money",
        lambda: player(draft(), 1, money=-100),
        "player 1 has -100 florins (ruling R2) @ players[1].money",
    ),
    row(
        "money not in hundreds",
        lambda: player(draft(), 2, money=3550),
        "player 2 has 3550 florins (ruling R2) @ players[2].money",
    ),
    row(
        "negative prestige",
        lambda: player(draft(), 0, prestige=-1),
        "player 0 has -1 prestige (ruling R2) @ players[0].prestige",
    ),
    row(
        "four builders",
        lambda: handed(draft(), 0, builders=4),
        "player 0 has 4 builders (at most 3) @ players[0].builders",
    ),
    row(
        "negative builders",
        lambda: player(handed(draft(), 1, builders=1), 0, builders=-1),
        "player 0 has -1 builders (at most 3) @ players[0].builders",
        "5 builders in play, expected 6 @ builders",
    ),
    row(
        "negative jesters",
        lambda: player(handed(draft(), 1, jesters=1), 0, jesters=-1),
        "player 0 has a negative count @ players[0].jesters",
        "6 jesters in play, expected 7 @ jesters",
    ),
    row(
        "negative recruiting cards in hand",
        lambda: player(handed(draft(), 1, recruiting=1), 0, hand_recruiting=-1),
        "player 0 has a negative count @ players[0].hand_recruiting",
        "4 recruiting cards in play, expected 5 @ recruiting",
    ),
    row(
        "negative recruiting cards on the table",
        lambda: player(handed(draft(), 1, recruiting=1), 0, table_recruiting=-1),
        "player 0 has a negative count @ players[0].table_recruiting",
        "4 recruiting cards in play, expected 5 @ recruiting",
    ),
    row(
        "freedoms out of order",
        lambda: player(
            handed(draft(), 0, freedoms=(Freedom.TRAVEL, Freedom.RELIGION)),
            0,
            freedoms=(Freedom.RELIGION, Freedom.TRAVEL),
        ),
        "player 0's freedoms repeat or are out of order @ players[0].freedoms",
    ),
    row(
        "a freedom twice",
        lambda: player(
            handed(draft(), 0, freedoms=(Freedom.TRAVEL,)),
            0,
            freedoms=(Freedom.TRAVEL, Freedom.TRAVEL),
        ),
        "player 0's freedoms repeat or are out of order @ players[0].freedoms",
    ),
    # A principality (R21).
    row(
        "a building twice",
        two_towers,
        P0.format("the tower stands twice (ruling R21)"),
    ),
    row(
        "overlapping tiles",
        lambda: housed(
            turn(),
            0,
            Principality().with_tile(Building.TOWER, TOWER_D).with_tile(Landscape.LAKE, TOWER_D),
        ),
        P0.format("the lake overlaps another tile or the palazzo"),
        P0.format("the lake's cells are not a placement of its shape"),
    ),
    row(
        "a tile on the palazzo",
        lambda: principality(
            housed(turn(), 0, principality_of(Landscape.PARK)),
            0,
            Principality(
                tiles=(PlacedTile(Landscape.PARK, parse_cells("c2-c3")),),
                occupied=PALAZZO_MASK | parse_cells("c3"),
            ),
        ),
        P0.format("the park overlaps another tile or the palazzo"),
        P0.format("the park's cells are not a placement of its shape"),
    ),
    row(
        "occupied cells that no tile covers",
        lambda: principality(turn(), 0, Principality(occupied=PALAZZO_MASK | 1 << 48)),
        P0.format("the occupied mask does not match the tiles"),
    ),
    row(
        "walls that no building raises",
        lambda: principality(turn(), 0, Principality(walls=PALAZZO_MASK | 1 << 48)),
        P0.format("the walls mask does not match the buildings"),
    ),
    # Every card in exactly one place (R6, R8).
    row(
        "a person in two places",
        lambda: player(draft(), 1, hand_persons=(*draft().players[1].hand_persons, ALCHEMIST)),
        "person alchemist is in 2 places @ person_deck[0], players[1].hand_persons[4]",
    ),
    row(
        "a person in place of another",
        lambda: replace(draft(), person_deck=(ARCHITECT, *draft().person_deck[1:])),
        "person architect is in 2 places @ person_deck[0], person_deck[1]",
        "person alchemist is nowhere @ person_deck",
    ),
    row(
        "a person nowhere",
        lambda: replace(draft(), person_deck=draft().person_deck[1:]),
        "person alchemist is nowhere @ person_deck",
    ),
    row(
        "a person on the table and returned",
        lambda: replace(second_draft(), person_deck=(*second_draft().person_deck, SINGER)),
        "person singer is in 2 places @ person_deck[9], setup.returned[0]",
    ),
    row(
        "a person not in the catalog",
        lambda: replace(draft(), person_deck=(*draft().person_deck, "jester")),
        "person jester is not in the catalog @ person_deck[9]",
    ),
    row(
        "a card not in the catalog, twice",
        lambda: replace(draft(), person_deck=(*draft().person_deck, "jester", "jester")),
        "person jester is in 2 places @ person_deck[9], person_deck[10]",
        "person jester is not in the catalog @ person_deck[9], person_deck[10]",
    ),
    row(
        "a bonus card played and in the deck",
        lambda: replace(draft(), bonus_discard=(BonusCardId.B14,)),
        "bonus card B14 is in 2 places @ bonus_deck[0], bonus_discard[0]",
    ),
    row(
        "a bonus card nowhere",
        lambda: replace(draft(), bonus_deck=draft().bonus_deck[1:]),
        "bonus card B14 is nowhere @ bonus_deck",
    ),
    row(
        "a bonus card in hand and in the deck",
        lambda: player(draft(), 2, hand_bonus=(BonusCardId.B14,)),
        "bonus card B14 is in 2 places @ bonus_deck[0], players[2].hand_bonus[0]",
    ),
    row(
        "a prestige card held and in the deck",
        lambda: player(draft(), 0, prestige_cards=(PrestigeCardId.P13,)),
        "prestige card P13 is in 2 places @ prestige_deck[0], players[0].prestige_cards[0]",
    ),
    row(
        "a prestige card nowhere",
        lambda: replace(draft(), prestige_deck=draft().prestige_deck[1:]),
        "prestige card P13 is nowhere @ prestige_deck",
    ),
    row(
        "a prestige card shown and in the deck",
        lambda: replace(prestige_won(), prestige_deck=(P13, *prestige_won().prestige_deck)),
        "prestige card P13 is in 2 places @ prestige_deck[0], pending.shown[0]",
    ),
    # Every token and tile counted (R9, R11).
    row(
        "a recruiting card lost",
        lambda: replace(draft(), recruiting=4),
        "4 recruiting cards in play, expected 5 @ recruiting",
    ),
    row(
        "a recruiting card on a table added",
        lambda: player(draft(), 0, table_recruiting=1),
        "6 recruiting cards in play, expected 5 @ recruiting",
    ),
    row(
        "a recruiting card in hand added",
        lambda: player(draft(), 0, hand_recruiting=1),
        "6 recruiting cards in play, expected 5 @ recruiting",
    ),
    row(
        "a jester lost",
        lambda: replace(draft(), jesters=6),
        "6 jesters in play, expected 7 @ jesters",
    ),
    row(
        "a jester added",
        lambda: player(draft(), 1, jesters=1),
        "8 jesters in play, expected 7 @ jesters",
    ),
    row(
        "a builder lost",
        lambda: replace(draft(), builders=5),
        "5 builders in play, expected 6 @ builders",
    ),
    row(
        "a builder added",
        lambda: player(draft(), 2, builders=1),
        "7 builders in play, expected 6 @ builders",
    ),
    row(
        "a freedom tile lost",
        lambda: replace(draft(), freedom_supply=(2, 1, 2)),
        "1 religion tiles in play, expected 2 (ruling R9) @ freedom_supply[1]",
        "5 freedom tiles in play, expected 6 @ freedom_supply",
    ),
    row(
        "a third travel tile with 2 players",
        lambda: replace(after_draft(players=2), freedom_supply=(3, 1, 1)),
        "3 travel tiles in play, expected 1 or 2 (ruling R9) @ freedom_supply[0]",
    ),
    row(
        "a freedom introduced from nowhere",
        lambda: player(draft(), 0, freedoms=(Freedom.OPINION,)),
        "3 opinion tiles in play, expected 2 (ruling R9) @ freedom_supply[2]",
        "7 freedom tiles in play, expected 6 @ freedom_supply",
    ),
    row(
        "a building tile lost",
        lambda: replace(draft(), building_supply=(2, *draft().building_supply[1:])),
        "2 university tiles in play, expected 3 @ building_supply[0]",
    ),
    row(
        "a building built from nowhere",
        lambda: principality(turn(), 1, principality_of(Building.CHAPEL)),
        "4 chapel tiles in play, expected 3 @ building_supply[9]",
    ),
    row(
        "a landscape tile lost",
        lambda: replace(draft(), landscape_supply=(6, 6, 5)),
        "5 park tiles in play, expected 6 @ landscape_supply[2]",
    ),
    row(
        "a landscape won and left in the supply",
        lambda: replace(forest_won(), landscape_supply=(6, 6, 6)),
        "7 forest tiles in play, expected 6 @ landscape_supply[0]",
    ),
    row(
        "a landscape laid from nowhere",
        lambda: principality(turn(), 2, principality_of(Landscape.LAKE)),
        "7 lake tiles in play, expected 6 @ landscape_supply[1]",
    ),
    row(
        "a landscape to place in phase B",
        lambda: replace(turn(), pending=Placing(Landscape.PARK), landscape_supply=(6, 6, 5)),
        "a landscape waits to be placed outside the auction @ pending",
        "the pending Placing(tile=<Landscape.PARK: 'park'>) cannot arise for player 0 in"
        " actions @ pending",
    ),
    # The draft (R8).
    row(
        "a draft out of turn",
        lambda: replace(draft(), current_player=1),
        "player 1 drafts out of turn (ruling R8) @ current_player",
    ),
    row(
        "every person returned, the draft still on",
        all_returned,
        "3 starting persons returned by 3 players @ setup.returned",
    ),
    # Phase A (R12-R16, R4).
    row(
        "an auction of two seats among three",
        lambda: auction(after_draft(players=3), done=(False, False)),
        "the auction records 2 seats, not 3 @ auction.done",
    ),
    row(
        "an opener who is not a seat",
        lambda: auction(after_draft(players=3), opener=3),
        "the auction's opener 3 is not a seat @ auction.opener",
    ),
    row(
        "an opener before the first seat",
        lambda: auction(after_draft(players=3), opener=-1),
        "the auction's opener -1 is not a seat @ auction.opener",
    ),
    row(
        "one stack taken twice",
        lambda: replace(
            auction(jester_taken(), taken=(JESTER, JESTER), done=(True, True, False)),
            current_player=2,
        ),
        "an object was taken twice from one stack (ruling R13) @ auction.taken",
    ),
    row(
        "more taken than done",
        lambda: auction(jester_taken(), taken=(JESTER, AuctionObject.BUILDER)),
        "more objects taken than players done (ruling R13) @ auction.taken",
    ),
    row(
        "an object settled during an auction",
        lambda: auction(forest_won(), stack=JESTER, high_bid=200, high_bidder=1, bidders=(1, 2)),
        "an object is settled while an auction runs @ auction.stack, pending",
    ),
    row(
        "a bid with no auction",
        lambda: auction(after_draft(players=3), high_bid=300),
        "bids are recorded but no auction runs"
        " @ auction.bidders, auction.high_bidder, auction.high_bid",
    ),
    row(
        "a bidder with no auction",
        lambda: auction(after_draft(players=3), bidders=(0, 1)),
        "bids are recorded but no auction runs"
        " @ auction.bidders, auction.high_bidder, auction.high_bid",
    ),
    row(
        "a high bidder with no auction",
        lambda: auction(after_draft(players=3), high_bidder=0),
        "bids are recorded but no auction runs"
        " @ auction.bidders, auction.high_bidder, auction.high_bid",
    ),
    row(
        "an object settled by a player still in the phase",
        lambda: auction(forest_won(), done=(False, False, False)),
        "more objects taken than players done (ruling R13) @ auction.taken",
        "player 0 settles an object without having won one @ auction.done",
    ),
    row(
        "the wrong opener",
        lambda: replace(after_draft(players=3), current_player=1),
        "player 1 opens, not the next player in the phase (ruling R13) @ current_player",
    ),
    row(
        "an opener when everyone is done",
        lambda: auction(after_draft(players=3), done=(True, True, True)),
        "player 0 opens, not the next player in the phase (ruling R13) @ current_player",
    ),
    row(
        "a stack auctioned again",
        lambda: auction(builder_taken_jester_open(), taken=(JESTER,)),
        "the jester stack is auctioned a second time (ruling R13) @ auction.stack",
    ),
    row(
        "an auction of one bidder",
        lambda: auction(bidding4(), bidders=(0,)),
        "an auction runs with the bidders (0,) @ auction.bidders",
        "player 1 bids, but is not a bidder facing a higher bid @ current_player",
    ),
    row(
        "a bidder twice",
        lambda: auction(bidding4(), bidders=(0, 1, 1)),
        "an auction runs with the bidders (0, 1, 1) @ auction.bidders",
    ),
    row(
        "a bidder who is done",
        lambda: auction(bidding4(), done=(False, False, False, True)),
        "a bidder is not a seat still in the phase (ruling R13) @ auction.bidders",
    ),
    row(
        "a bidder who is not a seat",
        lambda: auction(bidding4(), bidders=(0, 1, 2, 3, 4)),
        "a bidder is not a seat still in the phase (ruling R13) @ auction.bidders",
    ),
    row(
        "a high bidder who is not bidding",
        lambda: auction(bidding4(), high_bidder=None),
        "the high bidder None is not bidding @ auction.high_bidder",
    ),
    row(
        "a high bidder one past the last seat",
        lambda: auction(bidding4(), high_bidder=4),
        "the high bidder 4 is not bidding @ auction.high_bidder",
    ),
    row(
        "a high bidder who could not use the object",
        lambda: handed(play(after_draft(players=4), "open builder")[0], 0, builders=3),
        "the high bidder 0 could not use the builder: the player already has 3 builders"
        " (ruling R15) @ auction.high_bidder",
    ),
    row(
        "a high bid below the base price",
        lambda: auction(bidding4(), high_bid=100),
        "a high bid of 100 (ruling R12) @ auction.high_bid",
    ),
    row(
        "a high bid off the steps",
        lambda: auction(bidding4(), high_bid=250),
        "a high bid of 250 (ruling R12) @ auction.high_bid",
    ),
    row(
        "a high bid the bidder cannot pay",
        lambda: player(bidding4(), 0, money=100),
        "the high bidder cannot pay the high bid (ruling R4) @ auction.high_bid",
    ),
    row(
        "the high bidder bids against themself",
        lambda: replace(bidding4(), current_player=0),
        "player 0 bids, but is not a bidder facing a higher bid @ current_player",
    ),
    row(
        "a player who passed bids",
        lambda: replace(play(bidding4(), "pass")[0], current_player=1),
        "player 1 bids, but is not a bidder facing a higher bid @ current_player",
    ),
    # Phase B (R17, R18).
    row(
        "every turn done, a player still to act",
        lambda: turn_record(turn(), turns_done=3),
        "3 turns done of 3 @ turn.turns_done",
    ),
    row(
        "negative turns done",
        lambda: turn_record(turn(), turns_done=-1),
        "-1 turns done of 3 @ turn.turns_done",
    ),
    row(
        "a turn out of order",
        lambda: replace(turn(), current_player=1),
        "player 1 plays out of turn (ruling R17) @ current_player",
    ),
    row(
        "a third action",
        lambda: turn_record(turn(), actions=3, works=3),
        "3 actions this turn, the limit is 2 (ruling R18) @ turn.actions",
        "3 works this turn, the limit is 2 (ruling R18) @ turn.works",
    ),
    row(
        "a third build",
        lambda: turn_record(turn(), actions=3, builds=3),
        "3 actions this turn, the limit is 2 (ruling R18) @ turn.actions",
        "3 builds this turn, the limit is 2 (ruling R18) @ turn.builds",
    ),
    row(
        "a third bonus card",
        lambda: turn_record(turn(), actions=3, bonuses=3),
        "3 actions this turn, the limit is 2 (ruling R18) @ turn.actions",
        "3 bonuses this turn, the limit is 2 (ruling R18) @ turn.bonuses",
    ),
    row(
        "a second person",
        lambda: turn_record(turn(), actions=2, persons=2),
        "2 persons this turn, the limit is 1 (ruling R18) @ turn.persons",
    ),
    row(
        "a second freedom",
        lambda: turn_record(turn(), actions=2, freedoms=2),
        "2 freedoms this turn, the limit is 1 (ruling R18) @ turn.freedoms",
    ),
    row(
        "a negative count",
        lambda: turn_record(turn(), actions=-1, builds=-1),
        "-1 actions this turn, the limit is 2 (ruling R18) @ turn.actions",
        "-1 builds this turn, the limit is 2 (ruling R18) @ turn.builds",
    ),
    row(
        "an action of no kind",
        lambda: turn_record(turn(), actions=1),
        "1 actions but 0 of them by kind @ turn.actions",
    ),
    row(
        "an action not counted",
        lambda: turn_record(turn(), bonuses=1),
        "0 actions but 1 of them by kind @ turn.actions",
    ),
    # A decision pending (R16, R19, R21, R23, R4).
    row(
        "a decision pending after the end",
        lambda: replace(game_over(), pending=RecruitOffer()),
        "a pending RecruitOffer with nobody to decide @ pending",
    ),
    row(
        "a building to place in phase A",
        lambda: replace(forest_won(), pending=Placing(Building.TOWER), landscape_supply=(6, 6, 6)),
        "the pending Placing(tile=<Building.TOWER: 'tower'>) cannot arise for player 0 in"
        " auction @ pending",
    ),
    row(
        "six cards shown",
        shown_six,
        "the pending CardChoice(deck=<Deck.PRESTIGE: 'prestige'>, shown=(<PrestigeCardId.P13:"
        " 'P13'>, <PrestigeCardId.P05: 'P05'>, <PrestigeCardId.P04: 'P04'>, <PrestigeCardId.P10:"
        " 'P10'>, <PrestigeCardId.P03: 'P03'>, <PrestigeCardId.P09: 'P09'>), returning=False)"
        " cannot arise for player 0 in auction @ pending",
    ),
    row(
        "no card shown",
        lambda: replace(
            prestige_won(),
            pending=CardChoice(Deck.PRESTIGE, ()),
            prestige_deck=(*prestige_won().pending.shown, *prestige_won().prestige_deck),  # type: ignore[union-attr]
        ),
        "the pending CardChoice(deck=<Deck.PRESTIGE: 'prestige'>, shown=(), returning=False)"
        " cannot arise for player 0 in auction @ pending",
    ),
    row(
        "a bonus card shown in phase A",
        lambda: replace(
            prestige_won(),
            pending=CardChoice(Deck.BONUS, prestige_won().bonus_deck[:1]),
            bonus_deck=prestige_won().bonus_deck[1:],
            prestige_deck=(*prestige_won().pending.shown, *prestige_won().prestige_deck),  # type: ignore[union-attr]
        ),
        "the pending CardChoice(deck=<Deck.BONUS: 'bonus'>, shown=(<BonusCardId.B14: 'B14'>,),"
        " returning=False) cannot arise for player 0 in auction @ pending",
    ),
    row(
        "cards to return in order where the game does not let the player",
        lambda: replace(returning(), config=GameConfig(players=3, seed=0)),
        "the pending CardChoice(deck=<Deck.BONUS: 'bonus'>, shown=(<BonusCardId.B12: 'B12'>,"
        " <BonusCardId.B17: 'B17'>, <BonusCardId.B01: 'B01'>, <BonusCardId.B18: 'B18'>),"
        " returning=True) cannot arise for player 0 in actions @ pending",
    ),
    row(
        "one card to return in order",
        lambda: returned_order(1),
        "the pending CardChoice(deck=<Deck.BONUS: 'bonus'>, shown=(<BonusCardId.B12: 'B12'>,),"
        " returning=True) cannot arise for player 0 in actions @ pending",
    ),
    row(
        "five cards to return in order",
        lambda: returned_order(5),
        "the pending CardChoice(deck=<Deck.BONUS: 'bonus'>, shown=(<BonusCardId.B12: 'B12'>,"
        " <BonusCardId.B17: 'B17'>, <BonusCardId.B01: 'B01'>, <BonusCardId.B18: 'B18'>,"
        " <BonusCardId.B05: 'B05'>), returning=True) cannot arise for player 0 in actions"
        " @ pending",
    ),
    row(
        "a recruiting offer in phase B",
        lambda: replace(handed(turn(), 0, recruiting=1), pending=RecruitOffer()),
        "the pending RecruitOffer() cannot arise for player 0 in actions @ pending",
    ),
    row(
        "a recruiting offer without the card",
        lambda: replace(player(recruiting_won(), 0, hand_recruiting=0), recruiting=5),
        "the pending RecruitOffer() cannot arise for player 0 in auction @ pending",
    ),
    row(
        "a work by a person not on the table",
        lambda: replace(poet_at_work(), pending=Working(PersonId.ACTOR)),
        "the pending Working(person=<PersonId.ACTOR: 'actor'>, bonus=()) cannot arise for"
        " player 0 in actions @ pending",
    ),
    row(
        "a work with a bonus card not held",
        lambda: replace(poet_at_work(), pending=Working(PersonId.POET, (BonusCardId.B02,))),
        "the work plays B02, which is not in the player's hand @ pending.bonus",
    ),
    row(
        "a work with a bonus card played twice",
        lambda: replace(
            poet_at_work(), pending=Working(PersonId.POET, (BonusCardId.B11, BonusCardId.B11))
        ),
        "the work plays B11, which is not in the player's hand @ pending.bonus",
    ),
    row(
        "a payout more than the money held",
        lambda: replace(payout(), pending=Conversion(10_000)),
        "the pending Conversion(payout=10000) cannot arise for player 0 in actions @ pending",
    ),
    row(
        "a payout of nothing",
        lambda: replace(payout(), pending=Conversion(0)),
        "the pending Conversion(payout=0) cannot arise for player 0 in actions @ pending",
    ),
    row(
        "a payout of one florin",
        lambda: replace(payout(), pending=Conversion(1)),
        "a payout of 1 (ruling R19) @ pending.payout",
    ),
    row(
        "a payout off the hundreds",
        lambda: replace(payout(), pending=Conversion(850)),
        "a payout of 850 (ruling R19) @ pending.payout",
    ),
    row(
        "a building its buyer cannot pay for",
        lambda: player(built_tower(), 0, money=600),
        "player 0 cannot pay for the tower waiting to be built (R4) @ pending, players[0].money",
    ),
    row(
        "a landscape to choose in phase B (2 players)",
        lambda: replace(action_phase(players=2), pending=LandscapeChoice()),
        "the pending LandscapeChoice() cannot arise for player 0 in actions @ pending",
    ),
    row(
        "a landscape to choose with 4 players",
        lambda: replace(after_draft(players=4), pending=LandscapeChoice()),
        "player 0 settles an object without having won one @ auction.done",
        "the pending LandscapeChoice() cannot arise for player 0 in auction @ pending",
    ),
    row(
        "cards drawn by the opener without the Professor",
        lambda: replace(
            professor_opens(), config=GameConfig(players=4, start_player=3), characters=None
        ),
        "player 0 settles an object without having won one @ auction.done",
    ),
    row(
        "person cards drawn in the auction of a Muse & Princess game",
        persons_drawn_by_the_opener,
        "the pending CardChoice(deck=<Deck.PERSONS: 'persons'>, shown=(<PersonId.BOTANIST:"
        " 'botanist'>, <PersonId.SCULPTOR: 'sculptor'>, <PersonId.SINGER: 'singer'>,"
        " <PersonId.PHILOSOPHER: 'philosopher'>, <PersonId.ALCHEMIST: 'alchemist'>),"
        " returning=False) cannot arise for player 0 in auction @ pending",
    ),
    # Muse & Princess: the Merchant's choice on winning, the Professor at once (R26).
    row(
        "the Merchant's choice offered to a player not holding it",
        lambda: replace(merchant_won(), characters=CharacterState(done=(True,) * 4)),
        "the pending MerchantOffer(stack=<AuctionObject.JESTER: 'jester'>, price=200) cannot"
        " arise for player 0 in auction @ pending",
    ),
    row(
        "the Merchant's choice at a price no auction reaches",
        lambda: replace(merchant_won(), pending=MerchantOffer(AuctionObject.JESTER, 250)),
        "the pending MerchantOffer(stack=<AuctionObject.JESTER: 'jester'>, price=250) cannot"
        " arise for player 0 in auction @ pending",
    ),
    row(
        "the Merchant's choice for a stack not taken",
        lambda: replace(merchant_won(), pending=MerchantOffer(AuctionObject.BUILDER, 200)),
        "the pending MerchantOffer(stack=<AuctionObject.BUILDER: 'builder'>, price=200) cannot"
        " arise for player 0 in auction @ pending",
    ),
    row(
        "the Merchant's choice in phase B",
        lambda: replace(holding_merchant(), pending=MerchantOffer(AuctionObject.JESTER, 200)),
        "the pending MerchantOffer(stack=<AuctionObject.JESTER: 'jester'>, price=200) cannot"
        " arise for player 0 in actions @ pending",
    ),
    row(
        "the Professor offered to a player not holding it",
        lambda: replace(professor_offered(), current_player=0),
        "the pending ProfessorOffer() cannot arise for player 0 in characters @ pending",
    ),
    row(
        "the Professor offered in the auction",
        lambda: replace(merchant_won(), pending=ProfessorOffer()),
        "the pending ProfessorOffer() cannot arise for player 0 in auction @ pending",
    ),
    row(
        "cards drawn in phase A2 with the Professor not face down",
        lambda: replace(professor_drawn(), characters=CharacterState(done=(True,) * 3)),
        "the pending CardChoice(deck=<Deck.BONUS: 'bonus'>, shown=(<BonusCardId.B14: 'B14'>,"
        " <BonusCardId.B12: 'B12'>, <BonusCardId.B17: 'B17'>, <BonusCardId.B01: 'B01'>,"
        " <BonusCardId.B18: 'B18'>), returning=False) cannot arise for player 1 in characters"
        " @ pending",
    ),
    row(
        "a recruiting card to use in phase A2",
        lambda: replace(professor_offered(), pending=RecruitOffer()),
        "the pending RecruitOffer() cannot arise for player 1 in characters @ pending",
    ),
    row(
        "a pending decision in the draft",
        lambda: replace(draft(), pending=RecruitOffer()),
        "the pending RecruitOffer() cannot arise for player 0 in setup @ pending",
    ),
    # Chance deals (explicit_chance) only before and after the draft, at no decision.
    row(
        "chance deals after a person was returned",
        lambda: replace(dealt(), setup=SetupState(returned=(PersonId.POET,))),
        "chance deals during the draft @ setup.returned",
    ),
    row(
        "chance deals at a pending decision",
        lambda: replace(dealt(), pending=RecruitOffer()),
        "chance deals while a decision is pending @ pending",
        "a pending RecruitOffer with nobody to decide @ pending",
    ),
    row(
        "an extra freedom tile of 2 players lost",
        lambda: replace(two_players(), freedom_supply=(1, 2, 1)),
        "4 freedom tiles in play, expected 5 @ freedom_supply",
    ),
    row(
        "a freedom tile lost while chance deals",
        lambda: replace(dealt(), freedom_supply=(1, 2, 2)),
        "1 travel tiles in play, expected 2 (ruling R9) @ freedom_supply[0]",
        "5 freedom tiles in play, expected 6 @ freedom_supply",
    ),
    # The best works of the round (R20).
    row(
        "no best works recorded",
        lambda: replace(turn(), round_best=()),
        "the round's best works () do not fit 3 players @ round_best",
    ),
    row(
        "best works of two players among three",
        lambda: replace(turn(), round_best=(0, 0)),
        "the round's best works (0, 0) do not fit 3 players @ round_best",
    ),
    row(
        "a negative best work",
        lambda: replace(turn(), round_best=(0, -1, 0)),
        "player 1's best work -1 is not 0 to 319 @ round_best[1]",
    ),
    # Cooperative Building: the shared map and shared buildings (R29-R33).
    row(
        "a shared building in one principality only",
        lambda: laid(coop_shared(), 1),
        "the shared tower of players (0, 1) lies in the principalities of players (0,)"
        " (ruling R33) @ players[0].principality",
    ),
    row(
        "a shared part not the one its record names",
        lambda: laid(coop_shared(), 1, (Building.TOWER, parse_cells("a5"), TOWER_SHARED)),
        "player 1's part of the shared tower is not the part its record names"
        " @ players[1].principality.tiles[0]",
    ),
    row(
        "a shared building held by a player it does not name",
        lambda: shared_as(attrs.evolve(TOWER_SHARED, players=(0, 2))),
        "player 1's tower names a shared building of players (0, 2) (tower)"
        " @ players[1].principality.tiles[0]",
        "the shared tower of players (0, 2) lies in the principalities of players (0, 1)"
        " (ruling R33) @ players[0].principality, players[1].principality",
    ),
    row(
        "a shared building of players with no border",
        shared_by_non_neighbours,
        "the shared tower joins players 0 and 2, who are not neighbours (ruling R29)"
        " @ players[0].principality, players[2].principality",
    ),
    row(
        "shared cells that do not cross the border",
        lambda: shared_as(
            SharedBuilding(
                Building.TOWER, (0, 1), (parse_cells("f4-g4"), parse_cells("a5")), "f4-g4/a5"
            )
        ),
        "the shared tower: 'f4-g4/a5' is not a placement of the tower across the border of"
        " players 0 and 1 @ players[0].principality, players[1].principality",
    ),
    row(
        "shared parts that are not the building's cells",
        lambda: shared_as(attrs.evolve(TOWER_SHARED, cells="f5-g5/a5")),
        "the shared tower's parts f4-g4 and a4 are not its cells f5-g5/a5"
        " @ players[0].principality, players[1].principality",
    ),
    # Two shared buildings with problems: each is named.
    row(
        "two shared buildings, each in one principality only",
        shared_halves,
        "the shared tower of players (0, 1) lies in the principalities of players (0,)"
        " (ruling R33) @ players[0].principality",
        "the shared chapel of players (0, 1) lies in the principalities of players (1,)"
        " (ruling R33) @ players[1].principality",
    ),
    row(
        "two shared buildings of players with no border",
        shared_twice_by_non_neighbours,
        "the shared tower joins players 0 and 2, who are not neighbours (ruling R29)"
        " @ players[0].principality, players[2].principality",
        "the shared chapel joins players 1 and 3, who are not neighbours (ruling R29)"
        " @ players[1].principality, players[3].principality",
    ),
    row(
        "two shared buildings whose cells do not cross the border",
        shared_twice_off_the_border,
        "the shared tower: 'f4-g4/a5' is not a placement of the tower across the border of"
        " players 0 and 1 @ players[0].principality, players[1].principality",
        "the shared chapel: 'f6-g6/a7' is not a placement of the chapel across the border of"
        " players 0 and 1 @ players[0].principality, players[1].principality",
    ),
    row(
        "a shared part against a wall of an owner with no builder",
        shared_against_a_wall,
        "player 1's part of the shared tower shares an edge with a building or the palazzo"
        " and the player has fewer than 2 builders (ruling R31)"
        " @ players[1].principality.tiles[1]",
    ),
    row(
        "a shared building counted twice in the supply",
        lambda: replace(
            coop_shared(),
            building_supply=tuple(
                n - (b is Building.TOWER)
                for b, n in zip(Building, coop_shared().building_supply, strict=True)
            ),
        ),
        "2 tower tiles in play, expected 3 @ building_supply[8]",
    ),
    row(
        "the front side of the board on the shared map",
        lambda: player(coop_turn(), 0, principality=Principality()),
        "player 0's palazzo lies on a1-a2-b1-b2-c1-c2, not on the reverse side's cells"
        " @ players[0].principality.palazzo",
    ),
    row(
        "the reverse side of the board without Cooperative Building",
        lambda: player(turn(), 0, principality=reverse_side()),
        "player 0's palazzo lies on c1-c2-d1-d2-e1-e2, not on the front side's cells"
        " @ players[0].principality.palazzo",
    ),
    # Cooperative Building: proposals and answers (R31, R32).
    row(
        "a proposal answered by the proposer",
        lambda: replace(coop_asked(), current_player=0),
        "the pending Proposal(proposer=0, partner=1, number=1, limit=3500,"
        " building=<Building.TOWER: 'tower'>, cells='f4-g4/a4', payment=500) cannot arise for"
        " player 0 in actions @ pending",
    ),
    row(
        "a proposal with cells and no building",
        lambda: proposal(coop_asked(), building=None),
        "the pending Proposal(proposer=0, partner=1, number=1, limit=3500, building=None,"
        " cells='f4-g4/a4', payment=500) cannot arise for player 1 in actions @ pending",
    ),
    row(
        "a shared part against the palazzo, built after a chapel, with 1 builder",
        lambda: shared_by_the_palazzo(builders=1),
        "player 0's part of the shared tower shares an edge with a building or the palazzo and"
        " the player has fewer than 2 builders (ruling R31) @ players[0].principality.tiles[1]",
    ),
    row(
        "a proposal numbered 0",
        lambda: proposal(coop_asked(), number=0),
        "the pending Proposal(proposer=0, partner=1, number=0, limit=3500,"
        " building=<Building.TOWER: 'tower'>, cells='f4-g4/a4', payment=500) cannot arise for"
        " player 1 in actions @ pending",
    ),
    row(
        "a fourth proposal of one build action",
        lambda: proposal(coop_asked(), number=4),
        "the pending Proposal(proposer=0, partner=1, number=4, limit=3500,"
        " building=<Building.TOWER: 'tower'>, cells='f4-g4/a4', payment=500) cannot arise for"
        " player 1 in actions @ pending",
    ),
    row(
        "a proposal by no player of the game",
        lambda: proposal(coop_asked(), proposer=3),
        "player 3 plays out of turn (ruling R17) @ current_player",
        "the pending Proposal(proposer=3, partner=1, number=1, limit=3500,"
        " building=<Building.TOWER: 'tower'>, cells='f4-g4/a4', payment=500) cannot arise for"
        " player 1 in actions @ pending",
    ),
    row(
        "a proposal to a player across no border",
        asked_of_player_2,
        "the pending Proposal(proposer=0, partner=2, number=1, limit=3500,"
        " building=<Building.TOWER: 'tower'>, cells='f4-g4/a4', payment=500) cannot arise for"
        " player 2 in actions @ pending",
    ),
    row(
        "a proposal without Cooperative Building",
        lambda: replace(turn(), pending=Proposal(0, 1, 1, 3500)),
        "the pending Proposal(proposer=0, partner=1, number=1, limit=3500, building=None,"
        " cells=None, payment=None) cannot arise for player 0 in actions @ pending",
    ),
    row(
        "a proposer who cannot pay the build cost",
        lambda: player(coop_asked(), 0, money=0),
        "player 0 cannot pay the build cost of the proposal (R4, R31) @ pending, players[0].money",
    ),
    row(
        "a partner who cannot raise what the proposal names",
        lambda: player(coop_asked(), 1, money=1000),
        "player 1 cannot raise the 3500 the proposal names (R31) @ pending.limit, players[1].money",
    ),
    row(
        "a payment asked above what the partner can raise",
        lambda: proposal(coop_asked(), payment=3600),
        "a payment of 3600 asked, of at most 3500 (R31) @ pending.payment",
    ),
    row(
        "an answer outside the proposer's turn",
        lambda: turn_record(coop_asked(), turns_done=1),
        "player 0 plays out of turn (ruling R17) @ current_player",
    ),
    row(
        "a build action open after no proposal",
        lambda: replace(coop_rejected(), pending=OpenBuild(0)),
        "the pending OpenBuild(proposals=0) cannot arise for player 0 in actions @ pending",
    ),
    row(
        "a build action open after four proposals",
        lambda: replace(coop_rejected(), pending=OpenBuild(4)),
        "the pending OpenBuild(proposals=4) cannot arise for player 0 in actions @ pending",
    ),
    row(
        "a build action open without Cooperative Building",
        lambda: replace(turn(), pending=OpenBuild(1)),
        "the pending OpenBuild(proposals=1) cannot arise for player 0 in actions @ pending",
    ),
    # Who decides is judged only once the seats and phases are sound.
    row(
        "a player out of turn with bad money",
        lambda: player(replace(turn(), current_player=1), 2, money=50),
        "player 2 has 50 florins (ruling R2) @ players[2].money",
    ),
]


def holding_merchant() -> GameState:
    """Round 1, phase B: player 0 holds the Merchant (R26)."""
    return holding("merchant")


# --- Muse & Princess: the character cards (R25-R28) ---


def cards(state: GameState, **changes: object) -> GameState:
    """``state`` with its character record changed."""
    assert state.characters is not None
    return replace(state, characters=replace(state.characters, **changes))


def muse_bid() -> GameState:
    """Round 1, phase A2 of 4 players: player 0's token lies on the Muse at 500; player 1
    decides (R25)."""
    return play(characters_phase(), "token muse 500")[0]


def banker_taken() -> GameState:
    """Round 1, phase B: player 0 took the Banker for 200 and its 600 (R26)."""
    return play(characters_phase(), "token banker 200", *[PASS_A2] * 3)[0]


def merchant_kept() -> GameState:
    """Round 2, phase A: player 0 still holds the Merchant taken in round 1 (R26)."""
    state = characters_phase(start_player=3)
    state = play(state, PASS_A2, "token merchant 300", PASS_A2, PASS_A2)[0]
    return end_phase_b(state)


def mp_auction() -> GameState:
    """Round 1, phase A of a Muse & Princess game: nobody holds a card yet."""
    config = GameConfig(players=3, seed=0, muse_and_princess=True)
    return after_draft_of(config)


def after_draft_of(config: GameConfig) -> GameState:
    state = new_game(config)
    while state.phase is Phase.SETUP:
        state = apply(state, legal_moves(state)[0])
    return state


def worked() -> GameState:
    """Round 1, phase B of 3 players: player 0's best work so far is 9 (R20)."""
    return replace(turn(), round_best=(9, 0, 0))


BID = "characters.tokens[0], characters.bids[0]"

NUMBER_AND_CHARACTER_CORRUPTIONS = [
    row(
        "a character bid beyond the bidder's cash",
        lambda: player(muse_bid(), 0, money=400),
        f"player 0 bids 500 on the muse with 400 florins in cash (R27) @ {BID}, players[0].money",
    ),
    row(
        "a character bid on no field of the card",
        lambda: cards(muse_bid(), bids=(550, 0, 0, 0, 0, 0)),
        f"a bid of 550 on the muse, whose fields are 300 to 1500 (ruling R25) @ {BID}",
    ),
    row(
        "a bid of 2**64 - 1",
        lambda: cards(muse_bid(), bids=(2**64 - 1, 0, 0, 0, 0, 0)),
        "a bid of 18446744073709551615 on the muse, whose fields are 300 to 1500 (ruling R25)"
        f" @ {BID}",
    ),
    row(
        "a bid with no token",
        lambda: cards(characters_phase(), bids=(0, 300, 0, 0, 0, 0)),
        "a bid of 300 on the cardinal with no token @ characters.tokens[1], characters.bids[1]",
    ),
    row(
        "two tokens of one player",
        lambda: cards(
            muse_bid(), tokens=(0, 0, None, None, None, None), bids=(500, 300, 0, 0, 0, 0)
        ),
        "a player has two tokens on the cards (ruling R25) @ characters.tokens",
    ),
    row(
        "a token of a player done",
        lambda: cards(muse_bid(), done=(True, False, False, False)),
        f"player 0 is done with phase A2 and has a token @ {BID}",
    ),
    row(
        "the decider has a token",
        lambda: replace(muse_bid(), current_player=0),
        "player 0 decides in phase A2 but has a token on a card (ruling R25)"
        " @ current_player, characters.tokens[0]",
    ),
    row(
        "a token on a card taken in this phase",
        lambda: cards(
            muse_bid(), holders=(2, None, None, None, None, None), done=(False, False, True, False)
        ),
        f"a token lies on the muse, taken in this phase (R25) @ {BID}",
    ),
    row(
        "a token outside phase A2",
        lambda: cards(
            holding("muse"), tokens=(None, 2, None, None, None, None), bids=(0, 300, 0, 0, 0, 0)
        ),
        "tokens or bids lie on the cards outside phase A2 @ characters.tokens",
    ),
    row(
        "a token of no player",
        lambda: cards(muse_bid(), tokens=(2**64 - 1, None, None, None, None, None)),
        "18446744073709551615 is not a player of the game @ characters.tokens[0]",
    ),
    row(
        "a card held by no player",
        lambda: cards(holding("muse"), holders=(4, None, None, None, None, None)),
        "4 is not a player of the game @ characters.holders[0]",
    ),
    row(
        "the Banker held",
        lambda: cards(holding("muse"), holders=(0, None, None, None, None, 1)),
        "player 1 holds the banker, which cannot be held now @ characters.holders[5]",
    ),
    row(
        "two cards held by one player",
        lambda: cards(holding("muse"), holders=(0, 0, None, None, None, None)),
        "a player holds two character cards (ruling R25) @ characters.holders",
    ),
    row(
        "the Muse held in the next round's auction",
        lambda: cards(merchant_kept(), holders=(1, None, None, 0, None, None)),
        "player 1 holds the muse after phase B (ruling R26) @ characters.holders[0]",
    ),
    row(
        "a card held before the first phase A2",
        lambda: cards(mp_auction(), holders=(None, None, None, 0, None, None)),
        "player 0 holds the merchant, which cannot be held now @ characters.holders[3]",
    ),
    row(
        "a card held by a player still in phase A2",
        lambda: cards(muse_bid(), holders=(None, 2, None, None, None, None)),
        "player 2 holds the cardinal and is still in phase A2 (ruling R25) @ characters.holders[1]",
    ),
    row(
        "the Banker's money grown too soon",
        lambda: cards(characters_phase(), banker_money=700),
        "the Banker holds 700 florins, not 600 (ruling R26) @ characters.banker_money",
    ),
    row(
        "the Banker's money not grown",
        lambda: cards(decline_auction(merchant_kept()), banker_money=600),
        "the Banker holds 600 florins, not 700 (ruling R26) @ characters.banker_money",
    ),
    row(
        "the Banker's money 2**64 - 1",
        lambda: cards(merchant_kept(), banker_money=2**64 - 1),
        "the Banker holds 18446744073709551615 florins, not 600 (ruling R26)"
        " @ characters.banker_money",
    ),
    row(
        "the Banker's money not in hundreds",
        lambda: cards(banker_taken(), banker_money=650),
        "the Banker holds 650 florins, not 600 (ruling R26) @ characters.banker_money",
    ),
    row(
        "the Banker taken in a later round",
        lambda: cards(holding("muse"), banker_taken=(2, 1)),
        "the Banker was taken in round 2, not a round of phase A2 so far"
        " @ characters.banker_taken[0]",
    ),
    row(
        "the Banker taken by no player",
        lambda: cards(holding("muse"), banker_taken=(1, 2**64 - 1)),
        "18446744073709551615 is not a player of the game @ characters.banker_taken[1]",
    ),
    row(
        "the Banker and the Muse taken by one player",
        lambda: cards(holding("muse"), banker_taken=(1, 0)),
        "player 0 took the Banker and another card in one phase A2 (ruling R25)"
        " @ characters.banker_taken, characters.holders",
    ),
    row(
        "the Banker taken by a player still in A2",
        lambda: cards(muse_bid(), banker_taken=(1, 2)),
        "player 2 took the Banker and is still in phase A2 (ruling R25) @ characters.banker_taken",
    ),
    row(
        "a player still in the last phase A2",
        lambda: cards(holding("muse"), done=(True, False, True, True)),
        "a player is still in the last phase A2 (R25) @ characters.done",
    ),
    row(
        "a player done before phase A2",
        lambda: cards(mp_auction(), done=(True, False, False)),
        "a player is done with a phase A2 not yet begun @ characters.done",
    ),
    row(
        "the done flags of 2 players among 4",
        lambda: cards(holding("muse"), done=(True, True)),
        "done has 2 entries, not 4 @ characters.done",
    ),
    row(
        "a Muse & Princess game without its cards",
        lambda: replace(muse_bid(), characters=None),
        "a game of Muse & Princess has no character cards @ characters",
    ),
    row(
        "character cards in the base game",
        lambda: replace(turn(), characters=CharacterState(done=(True,) * 3)),
        "character cards belong to the Muse & Princess expansion (R25) @ characters",
    ),
    row(
        "phase A2 in the base game",
        lambda: replace(after_draft(players=3), phase=Phase.CHARACTERS, auction=None),
        "characters is not a phase of this game @ phase",
    ),
    # Numbers bounded by the play that leads to them (R19, R31).
    row(
        "a payout above the round's best work",
        lambda: replace(payout(), round_best=(7, 0, 0)),
        "a payout of 800 for a work, and player 0's best work of the round is 7 (ruling R19)"
        " @ pending.payout, round_best[0]",
    ),
    row(
        "a proposal naming a negative limit",
        lambda: proposal(coop_asked(), limit=-100),
        "player 1 cannot raise the -100 the proposal names (R31) @ pending.limit, players[1].money",
    ),
    # The best works of the round (R19, R20).
    row(
        "a best work of 2**64 - 1",
        lambda: replace(worked(), round_best=(2**64 - 1, 0, 0)),
        "player 0's best work 18446744073709551615 is not 0 to 319 @ round_best[0]",
    ),
    row(
        "a best work below the round's minimum",
        lambda: replace(worked(), round_best=(6, 0, 0)),
        "player 0's best work 6 is below the round's minimum 7 (ruling R19) @ round_best[0]",
    ),
    row(
        "a best work of a player whose turn has not come",
        lambda: replace(worked(), round_best=(9, 12, 0)),
        "player 1 has a best work before their turn came (R17) @ round_best[1]",
    ),
    row(
        "a best work in phase A",
        lambda: replace(jester_taken(), round_best=(0, 0, 9)),
        "player 2's best work 9 outside phase B (ruling R20) @ round_best[2]",
    ),
]


def tower_with_the_last_florins() -> GameState:
    """Player 0 places a tower bought with exactly the 700 florins they have (R4, R21)."""
    return player(built_tower(), 0, money=700)


BASES = [
    dealt,
    professor_opens,
    merchant_won,
    professor_offered,
    professor_drawn,
    muse_bid,
    banker_taken,
    merchant_kept,
    lambda: decline_auction(merchant_kept()),
    mp_auction,
    lambda: holding("muse"),
    worked,
    tower_with_the_last_florins,
    coop_turn,
    coop_asked,
    # Nothing asked, all the partner can raise asked, a proposer with just the cost (R31).
    lambda: coop_asked(payment=0),
    lambda: coop_asked(payment=3500),
    lambda: player(coop_asked(), 0, money=700),
    coop_rejected,
    lambda: coop_rejected(3),
    # The third and last proposal of a build action, asked of the partner (R32).
    lambda: play(coop_rejected(2), "propose 1", "share tower", "across f4-g4/a4", "ask 500")[0],
    coop_shared,
    shared_by_the_palazzo,
    returning,
    lambda: returned_order(2),
    draft,
    second_draft,
    after_draft,
    bidding4,
    jester_taken,
    forest_won,
    prestige_won,
    recruiting_won,
    turn,
    built_tower,
    poet_at_work,
    payout,
    builder_taken_jester_open,
]


@pytest.mark.parametrize("base", BASES, ids=lambda f: f.__name__)
def test_the_uncorrupted_positions_break_nothing(base: Corruption) -> None:
    """Each position the corruptions start from is sound."""
    assert () == state_problems(base())


@pytest.mark.parametrize(("corrupt", "problems"), CORRUPTIONS + NUMBER_AND_CHARACTER_CORRUPTIONS)
def test_each_corruption_is_named_with_its_path(
    corrupt: Corruption, problems: tuple[str, ...]
) -> None:
    """state_problems names exactly the invariants the corrupted state breaks."""
    assert problems == state_problems(corrupt())


def test_an_empty_game_over_breaks_nothing() -> None:
    """The end of the game without a record or a decision is sound."""
    assert () == state_problems(game_over())


def test_principality_problems_of_a_sound_principality() -> None:
    """A principality built tile by tile has no problem; one built by hand may."""
    assert [] == principality_problems(principality_of(Building.TOWER, Landscape.PARK))
    loose = Principality(tiles=(PlacedTile(Building.TOWER, TOWER_D),))
    assert [
        "the occupied mask does not match the tiles",
        "the walls mask does not match the buildings",
    ] == principality_problems(loose)


def test_the_catalog_counts_follow_the_catalog_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ids and supplies read from a catalog are remembered for that catalog object only:
    another catalog (here, 2 universities) is read afresh, and the first one again after."""
    from importlib import resources

    from princes_of_florence.components import default_catalog, parse_catalog
    from princes_of_florence.rules import invariants

    text = resources.files("princes_of_florence.components").joinpath("catalog.toml")
    shipped_text = text.read_text(encoding="utf-8")
    at = shipped_text.index("supply = 3")  # the university's, the first tile
    other = parse_catalog(f"{shipped_text[:at]}supply = 2{shipped_text[at + 10 :]}")
    monkeypatch.setattr(invariants, "_counts", None)
    shipped = invariants._catalog_counts(default_catalog())
    changed = invariants._catalog_counts(other)
    assert (2, 3) == changed.building_supplies[:2]
    assert (3, 3) == shipped.building_supplies[:2]
    assert shipped == invariants._catalog_counts(default_catalog())
    assert tuple(p.id for p in other.persons) == changed.person_ids


def test_state_problems_read_the_catalog_counts_cold(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no counts remembered, the checker reads them and names a card in two places."""
    from princes_of_florence.rules import invariants

    monkeypatch.setattr(invariants, "_counts", None)
    assert () == state_problems(turn())
    state = turn()
    twice = replace(state, bonus_deck=(*state.bonus_deck, state.bonus_deck[0]))
    monkeypatch.setattr(invariants, "_counts", None)
    assert [f"bonus card {state.bonus_deck[0]} is in 2 places"] == [
        p.partition(" @")[0] for p in state_problems(twice)
    ]
