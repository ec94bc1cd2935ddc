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
from princes_of_florence.serialization import replay
from princes_of_florence.state import CardChoice, replace

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
    """Round 1, phase B: player 0 took ``card`` for ``bid``, the others passed in A2."""
    state = characters_phase(players)
    state = play(state, f"token {card} {bid}", *[PASS_A2] * (players - 1))[0]
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
    first draws the Professor's prestige cards (R26, decision D20)."""
    state = characters_phase(start_player=3)
    state = play(state, PASS_A2, "token professor 300", PASS_A2, PASS_A2)[0]
    state = end_phase_b(state)
    return play(state, "professor prestige")[0]
