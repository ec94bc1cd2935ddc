"""Positions for tests, reached deterministically from seeded new games.

Each function returns a position reached by legal moves from a seeded new game;
where a holding is needed, cards, tokens and tiles are handed over first with
:func:`factories.handed` and :func:`factories.housed`, which keep every
invariant.  The positions are the starting points of the tables of refusals and
of corrupted states.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from factories import full_principality, handed, housed, principality_of
from helpers import action_phase, after_draft, play
from princes_of_florence import (
    BonusCardId,
    Building,
    Freedom,
    GameConfig,
    GameState,
    Landscape,
    PersonId,
    Phase,
    apply,
    legal_moves,
    new_game,
    parse_move,
)
from princes_of_florence.bots import RandomBot, play_game
from princes_of_florence.geometry import parse_cells
from princes_of_florence.rules.cooperative import reverse_side
from princes_of_florence.serialization import replay
from princes_of_florence.state import CardChoice, Principality, ProfessorOffer, replace

Position = Callable[[], GameState]

FULL = full_principality(
    (
        *(Building.UNIVERSITY, Building.WORKSHOP, Building.LIBRARY, Building.HOSPITAL),
        *(Building.TOWER, Building.CHAPEL, Landscape.FOREST),
        *(Landscape.LAKE, Landscape.LAKE, Landscape.LAKE),
    )
)
"""A principality whose 43 cells are all covered: no room for any tile."""


# --- Positions --------------------------------------------------------------------


def draft() -> GameState:
    """The draft of a 3-player game (seed 0): player 0 returns a card (R8)."""
    return new_game(GameConfig(players=3, seed=0))


def prestigious() -> GameState:
    """The draft, player 0 holding 2 prestige points (R3)."""
    state = draft()
    rich = replace(state.players[0], prestige=2)
    return replace(state, players=(rich, *state.players[1:]))


def opening(**holdings: object) -> GameState:
    """Round 1, phase A, 3 players: player 0 opens, holding ``holdings`` more (R13)."""
    return handed(after_draft(players=3), 0, **holdings)  # type: ignore[arg-type]


def jester_taken() -> GameState:
    """Player 0 took a jester at 200; player 1 opens (R13)."""
    return play(after_draft(players=3), "open jester", "pass", "pass")[0]


def last_in_phase(**holdings: object) -> GameState:
    """Players 0 and 1 declined: player 2 is the last in the phase (R14)."""
    state = handed(after_draft(players=3), 2, **holdings)  # type: ignore[arg-type]
    return play(state, "decline", "decline")[0]


def last_after_jester() -> GameState:
    """Player 0 took a jester, player 1 declined: player 2 is the last (R14)."""
    return play(jester_taken(), "decline")[0]


def no_jester_left() -> GameState:
    """All seven jesters are player 1's: the jester stack is empty."""
    return handed(after_draft(players=3), 1, jesters=7)


def bidding(stack: str, **holdings: object) -> GameState:
    """Player 0 opened ``stack`` at 200; player 1, holding ``holdings``, bids or passes."""
    state = handed(after_draft(players=3), 1, **holdings)  # type: ignore[arg-type]
    return play(state, f"open {stack}")[0]


def bidding_without_room() -> GameState:
    """Player 0 opened the forest; player 1, whose principality is full, bids or passes."""
    state = housed(after_draft(players=3), 1, FULL)
    return play(state, "open forest")[0]


def forest_won() -> GameState:
    """Player 0 won a forest and places it (R16)."""
    return play(after_draft(players=3), "open forest", "pass", "pass")[0]


def prestige_won() -> GameState:
    """Player 0 won a prestige card and chooses one of five (R6, R16)."""
    return play(after_draft(players=3), "open prestige", "pass", "pass")[0]


def recruiting_won() -> GameState:
    """Player 0 won a recruiting card; player 1's poet lies face up (R16, R23)."""
    state = handed(after_draft(players=3), 1, table=(PersonId.POET,))
    return play(state, "open recruiting", "pass", "pass")[0]


def turn(seat: int = 0, **holdings: object) -> GameState:
    """Round 1, phase B, 3 players: player 0 acts, player ``seat`` holding ``holdings`` more."""
    return handed(action_phase(players=3), seat, **holdings)  # type: ignore[arg-type]


def towers_elsewhere() -> GameState:
    """4 players: the other three each built a tower, so none is left (R21)."""
    state = action_phase(players=4)
    for seat in (1, 2, 3):
        state = housed(state, seat, principality_of(Building.TOWER))
    return state


def travel_elsewhere() -> GameState:
    """Players 1 and 2 introduced travel: both travel tiles of 3 players are out (R9)."""
    return handed(turn(1, freedoms=(Freedom.TRAVEL,)), 2, freedoms=(Freedom.TRAVEL,))


def chose_twice() -> GameState:
    """Player 0 used both actions but may still recruit player 1's poet (R17, R23)."""
    state = handed(turn(0, recruiting=1), 1, table=(PersonId.POET,))
    state, _ = play(state, "freedom travel", "buy bonus")
    assert isinstance(state.pending, CardChoice)
    return play(state, f"choose {state.pending.shown[0]}")[0]


def after(state: GameState, *moves: str) -> Position:
    """A position: ``state`` after ``moves`` (the first choice when one is shown)."""

    def reach() -> GameState:
        reached = state
        for text in moves:
            if text == "choose":
                assert isinstance(reached.pending, CardChoice)
                text = f"choose {reached.pending.shown[0]}"
            reached = play(reached, text)[0]
        return reached

    return reach


def poet_at_work() -> GameState:
    """Player 0 works with the poet (1 jester, 4 persons): worth 6 of 7 without a bonus (R19)."""
    state = turn(0, hand=(PersonId.POET, BonusCardId.B11, BonusCardId.B01), jesters=1)
    return play(state, "work poet")[0]


def payout() -> GameState:
    """The poet's work with B11 is done, worth 8: 800 florins to convert or keep (R19)."""
    return play(poet_at_work(), "play B11", "finish")[0]


@cache
def finished() -> GameState:
    """A complete 3-player game between seeded random bots."""
    bots = [RandomBot(seat) for seat in range(3)]
    return replay(play_game(GameConfig(players=3, seed=2), bots))[-1]


def returning() -> GameState:
    """Player 0 kept B14 of five bonus cards and puts the other four under the deck (R6).

    The game lets the player choose the order of the cards returned
    (``choose_returned_order``); otherwise it is the 3-player game of :func:`turn`.
    """
    state = new_game(GameConfig(players=3, seed=0, choose_returned_order=True))
    while state.current_player is not None and state.phase is not Phase.ACTIONS:
        move = "decline" if state.phase is Phase.AUCTION else str(legal_moves(state)[0])
        state = play(state, move)[0]
    return play(state, "buy bonus", "choose B14")[0]


def two_players(**holdings: object) -> GameState:
    """Round 1, phase A of a 2-player game (seed 0): player 0, holding ``holdings``, opens."""
    return handed(after_draft(players=2), 0, **holdings)  # type: ignore[arg-type]


def landscape_won() -> GameState:
    """2 players: player 0 won the landscape stack and chooses a landscape (R11)."""
    return play(two_players(), "open landscape", "pass")[0]


def forests_gone() -> GameState:
    """2 players: player 1 laid every forest; player 0 won the landscape stack (R11, R15)."""
    state = housed(after_draft(players=2), 1, principality_of(*(Landscape.FOREST,) * 6))
    return play(state, "open landscape", "pass")[0]


# --- Muse & Princess ----------------------------------------------------------------


PASS_A2 = "no character"


def characters_phase(players: int = 4, start_player: int = 0) -> GameState:
    """Round 1, phase A2 (seed 0): everyone declined in the auction; ``start_player`` bids
    first."""
    config = GameConfig(players=players, seed=0, start_player=start_player, muse_and_princess=True)
    state = new_game(config)
    while state.phase is Phase.SETUP:
        state = apply(state, legal_moves(state)[0])
    state = decline_auction(state)
    assert state.phase is Phase.CHARACTERS
    return state


def holding(card: str, bid: int = 300, players: int = 4) -> GameState:
    """Round 1, phase B: player 0 took ``card`` for ``bid``, the others passed in A2.

    Offered the Professor at once, player 0 keeps it for later (R26).
    """
    state = characters_phase(players)
    state = play(state, f"token {card} {bid}", *[PASS_A2] * (players - 1))[0]
    if isinstance(state.pending, ProfessorOffer):
        state = play(state, "professor later")[0]
    assert state.phase is Phase.ACTIONS
    assert 0 == state.current_player
    return state


def end_phase_b(state: GameState) -> GameState:
    """Every player ends their turn until phase B is over."""
    while state.phase is Phase.ACTIONS:
        state = apply(state, parse_move("end"))
    return state


def decline_auction(state: GameState) -> GameState:
    """Every player declines until the auction is over."""
    while state.phase is Phase.AUCTION:
        state = apply(state, parse_move("decline"))
    return state


def professor_opens() -> GameState:
    """Round 2, phase A: player 0, who took the Professor in round 1, opens the auction and
    first draws the Professor's prestige cards (R26, decision D20): offered it at once when
    taken, they kept it for later."""
    state = characters_phase(start_player=3)
    state = play(state, PASS_A2, "token professor 300", PASS_A2, PASS_A2, "professor later")[0]
    state = end_phase_b(state)
    return play(state, "professor prestige")[0]


def merchant_won() -> GameState:
    """Round 2, phase A: player 0, who took the Merchant in round 1, opened the jester, the
    others passed; player 0 chooses the object free or paid with prestige (R26)."""
    state = characters_phase(start_player=3)
    state = play(state, PASS_A2, "token merchant 300", PASS_A2, PASS_A2)[0]
    state = end_phase_b(state)
    return play(state, "open jester", "pass", "pass", "pass")[0]


def professor_offered() -> GameState:
    """Round 1, phase A2 of 3 players: player 1 has just taken the Professor and is offered
    it at once, before player 0 acts in phase B (R26)."""
    state = characters_phase(players=3)
    return play(state, PASS_A2, "token professor 300", PASS_A2)[0]


def professor_drawn() -> GameState:
    """Round 1, phase A2 of 3 players: player 1 drew five bonus cards with the Professor just
    taken; the card lies face down (R26)."""
    return play(professor_offered(), "professor bonus")[0]


# --- Cooperative Building (R29-R34) ---------------------------------------------------


def coop_turn(seat: int = 0, players: int = 3, **holdings: object) -> GameState:
    """Round 1, phase B of a Cooperative Building game: player 0 acts on the shared map,
    player ``seat`` holding ``holdings`` more."""
    state = action_phase(players=players, cooperative_building=True)
    return handed(state, seat, **holdings)  # type: ignore[arg-type]


def coop_asked(payment: int = 500) -> GameState:
    """3 players: player 0 proposed a tower on f4-g4/a4 to player 1, who is asked ``payment``."""
    state = coop_turn()
    return play(state, "propose 1", "share tower", "across f4-g4/a4", f"ask {payment}")[0]


def coop_rejected(times: int = 1) -> GameState:
    """Player 0's proposal of a tower to player 1 rejected ``times`` times (R32)."""
    state = play(coop_asked(), "reject")[0]
    for _ in range(times - 1):
        state = play(state, "propose 1", "share tower", "across f4-g4/a4", "ask 500", "reject")[0]
    return state


def coop_shared() -> GameState:
    """Player 0 and player 1 share a tower on f4-g4/a4, player 1 paying 500 (R32)."""
    return play(coop_asked(), "accept")[0]


def reverse_board(*tiles: tuple[Building | Landscape, str]) -> Principality:
    """The reverse side of a board (R29) with ``tiles`` laid on the cells named."""
    board = reverse_side()
    for tile, cells in tiles:
        board = board.with_tile(tile, parse_cells(cells))
    return board


HEMMED = reverse_board(
    (Landscape.FOREST, "a1-a2-b1-b2"),
    (Landscape.LAKE, "a3-a4-b3"),
    (Landscape.PARK, "a5-a6"),
    (Landscape.FOREST, "b4-b5-c4-c5"),
    (Landscape.LAKE, "a7-b6-b7"),
    (Landscape.PARK, "c3-d3"),
    (Landscape.FOREST, "c6-c7-d6-d7"),
    (Landscape.LAKE, "d4-d5-e4"),
    (Landscape.PARK, "e3-f3"),
    (Landscape.FOREST, "e5-e6-f5-f6"),
    (Landscape.PARK, "e7-f7"),
    (Landscape.PARK, "f1-f2"),
)
"""A reverse side with only f4 and file g free: no building fits away from file g."""


def coop_hemmed() -> GameState:
    """Player 0 (no builder) has room for a building only at the border with player 1 (R30)."""
    return housed(coop_turn(), 0, HEMMED)


def coop_narrow() -> GameState:
    """As :func:`coop_hemmed`, and player 1's file a is covered but for a4: only some
    buildings fit across the border, the university does not (R31)."""
    narrow = reverse_board(
        (Landscape.LAKE, "a1-a2-b1"),
        (Landscape.FOREST, "a5-a6-b5-b6"),
        (Landscape.PARK, "a3-b3"),
        (Landscape.PARK, "a7-b7"),
    )
    return housed(coop_hemmed(), 1, narrow)


def coop_walled_partner() -> GameState:
    """Player 1's file a is covered by landscapes: nothing crosses the border with player 0."""
    walled = reverse_board(
        (Landscape.LAKE, "a1-a2-b1"),
        (Landscape.FOREST, "a3-a4-b3-b4"),
        (Landscape.PARK, "a5-a6"),
        (Landscape.LAKE, "a7-b6-b7"),
    )
    return housed(coop_turn(), 1, walled)


def coop_towers_elsewhere() -> GameState:
    """4 players on the shared map: players 1, 2 and 3 each built a tower, none is left."""
    state = coop_turn(players=4)
    for seat in (1, 2, 3):
        state = housed(state, seat, reverse_board((Building.TOWER, "d5-d6-d7")))
    return state
