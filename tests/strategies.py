"""Hypothesis strategies shared by the tests.

Boards are grown the way a game grows them: tiles are laid one after another,
each at a placement that is legal under ruling R21 for the builders the owner
held at that moment.  Legality is checked here directly on the placement's
``mask`` and ``halo`` (no shortcut through the rules module under test).
"""

from __future__ import annotations

import random

import attrs
from hypothesis import strategies as st

from princes_of_florence.config import GameConfig
from princes_of_florence.engine import apply, free_moves, is_terminal, legal_moves, new_game
from princes_of_florence.geometry import Placement, placements_avoiding
from princes_of_florence.ids import Building, Landscape
from princes_of_florence.moves import Move
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.cooperative import reverse_side
from princes_of_florence.state import GameState, Principality

__all__ = [
    "PlayedGame",
    "TILES",
    "builder_counts",
    "game_configs",
    "grown_principalities",
    "play_random",
    "played_games",
    "states_in_play",
    "tiles",
]

Tile = Building | Landscape

TILES: tuple[Tile, ...] = (*Building, *Landscape)
"""Every tile type: the ten buildings, then the three landscapes."""


def tiles() -> st.SearchStrategy[Tile]:
    """Any of the 13 tile types."""
    return st.sampled_from(TILES)


def builder_counts() -> st.SearchStrategy[int]:
    """A number of builders a player may hold: 0 to 3."""
    return st.integers(min_value=0, max_value=3)


def _fits(principality: Principality, tile: Tile, builders: int, placement: Placement) -> bool:
    """Ruling R21 for one placement, straight from the definitions."""
    if placement.mask & principality.occupied:
        return False
    if isinstance(tile, Building):
        if principality.has_building(tile):
            return False
        if builders < 2 and placement.halo & principality.walls:
            return False
    return True


@st.composite
def grown_principalities(
    draw: st.DrawFn, max_steps: int = 16, reverse: bool = False
) -> Principality:
    """A principality after up to ``max_steps`` attempts to lay a random tile legally.

    Each step draws a tile type and a builder count (0 to 3); if the tile has
    no legal place the step is skipped, else one legal placement is drawn.
    With ``reverse`` the principality is the reverse side of a board, with
    the palazzo of the shared map (ruling R29); borders are not looked at.
    """
    principality = reverse_side() if reverse else Principality()
    blocked = principality.occupied
    steps = draw(st.integers(min_value=0, max_value=max_steps))
    for _ in range(steps):
        tile = draw(tiles())
        builders = draw(builder_counts())
        options = [
            p
            for p in placements_avoiding(catalog().tile(tile).cells, blocked)
            if _fits(principality, tile, builders, p)
        ]
        if options:
            chosen = draw(st.sampled_from(options))
            principality = principality.with_tile(tile, chosen.mask)
    return principality


@attrs.frozen
class PlayedGame:
    """A game played by random bots: its configuration, moves and every state.

    ``states[0]`` is the initial state and ``states[i]`` the state after
    ``moves[:i]``.
    """

    config: GameConfig
    moves: tuple[Move, ...]
    states: tuple[GameState, ...]


def play_random(
    config: GameConfig, bot_seed: int, sell_chance: float = 0.05, limit: int | None = None
) -> PlayedGame:
    """Play ``config`` with one random player per seat, sometimes selling prestige.

    Before each move, with probability ``sell_chance`` the player to decide
    sells a random number of prestige points (a free move, ruling R3) if they
    have any.  Play stops at the end of the game or after ``limit`` moves.
    """
    # Each seat picks uniformly from legal_moves with its own generator (as
    # the random bot did when it was handed the whole state), so that the
    # games, and the recorded fixtures, stay the same.
    rngs = [random.Random(bot_seed * 10 + seat) for seat in range(config.players)]
    sells = random.Random(f"sell:{bot_seed}")
    chance = random.Random(f"chance:{bot_seed}")  # deals, with explicit chance
    state = new_game(config)
    moves: list[Move] = []
    states = [state]
    while not is_terminal(state) and (limit is None or len(moves) < limit):
        seat = state.current_player
        sales = free_moves(state)
        move: Move
        if seat is None:  # chance deals: each card as likely as the others
            move = chance.choice(legal_moves(state))
        elif sales and sells.random() < sell_chance:
            move = sells.choice(sales)
        else:
            legal = legal_moves(state)
            move = legal[rngs[seat].randrange(len(legal))]
        state = apply(state, move)
        moves.append(move)
        states.append(state)
    return PlayedGame(config, tuple(moves), tuple(states))


@st.composite
def game_configs(draw: st.DrawFn) -> GameConfig:
    """A supported configuration: 2 to 5 players, any seed and start, money open or
    hidden, and any of the options, Muse & Princess, Cooperative Building and
    explicit chance."""
    players = draw(st.integers(min_value=2, max_value=5))
    return GameConfig(
        players=players,
        seed=draw(st.integers(min_value=0, max_value=2**32)),
        start_player=draw(st.integers(min_value=0, max_value=players - 1)),
        hidden_money=draw(st.booleans()),
        choose_returned_order=draw(st.booleans()),
        hard_freedoms=players == 2 and draw(st.booleans()),
        muse_and_princess=draw(st.booleans()),
        cooperative_building=draw(st.booleans()),
        explicit_chance=draw(st.booleans()),
    )


@st.composite
def played_games(draw: st.DrawFn, max_moves: int | None = None) -> PlayedGame:
    """A game played by random bots from a drawn configuration, to the end or ``max_moves``."""
    config = draw(game_configs())
    bot_seed = draw(st.integers(min_value=0, max_value=2**16))
    sell_chance = draw(st.sampled_from((0.0, 0.05, 0.2)))
    limit = None if max_moves is None else draw(st.integers(min_value=0, max_value=max_moves))
    return play_random(config, bot_seed, sell_chance, limit)


@st.composite
def states_in_play(draw: st.DrawFn) -> GameState:
    """A state reached by random play: any phase, any pending decision, or the end."""
    game = draw(played_games())
    return draw(st.sampled_from(game.states))
