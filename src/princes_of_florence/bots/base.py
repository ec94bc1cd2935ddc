"""What a bot is, and a loop that plays a whole game between bots, for any game.

A bot sees what its player may see and nothing more (ruling R5): at each of
its decisions it is handed the player's view and the legal moves of that
view, free moves (prestige sales, R3) last, and returns one of those moves.
It never receives the game state, so it cannot read hidden cards; a search
bot fills them in itself with the game's ``determinize``.

Everything here goes through the game protocol (:mod:`princes_of_florence.games`);
a game is named by its registered name, The Princes of Florence by default.

>>> from princes_of_florence import GameConfig
>>> from princes_of_florence.bots import RandomBot
>>> record = play_game(GameConfig(players=3, seed=2), [RandomBot(s) for s in range(3)])
>>> record.outcome is not None and len(record.moves) > 50
True
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from typing import Any, Protocol

from princes_of_florence import games
from princes_of_florence.games import AnyGame

__all__ = ["Bot", "play_game", "play_to_end", "resolve_game"]


class Bot(Protocol):
    """Anything that picks a move for its player from what that player sees.

    Example:
        >>> from princes_of_florence import GameConfig, PlayerView, Move
        >>> class FirstMove:
        ...     def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        ...         return moves[0]
        >>> record = play_game(GameConfig(players=3, seed=1), [FirstMove()] * 3)
        >>> record.outcome.winners
        (1,)
    """

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """Return one of ``moves``, the legal moves of ``view``.

        Args:
            view: what the player to decide may see (their own view).
            moves: the legal moves of that view, as the game's
                ``legal_moves`` gives them: the decision's moves, then the
                free moves (for The Princes of Florence,
                :func:`~princes_of_florence.bots.view_moves`).
        """
        ...


def resolve_game(game: AnyGame | str | None) -> AnyGame:
    """The game ``game`` names: a game itself, a registered name, or ``None`` for the default.

    >>> resolve_game(None).name
    'princes'
    """
    if game is None or isinstance(game, str):
        return games.get(games.DEFAULT if game is None else game)
    return game


def play_to_end(
    game: AnyGame, config: Any, bots: Sequence[Bot], rotation: int = 0
) -> tuple[list[Any], Any]:
    """Play ``config`` of ``game`` to the end; the moves in order and the final state.

    Chance moves (with explicit chance configured) are drawn by their
    probabilities from a generator seeded with the configuration's seed.
    See :func:`~princes_of_florence.bots.play_game` for the arguments and errors.
    """
    players = game.config_players(config)
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, not {len(bots)}")
    if isinstance(rotation, bool) or not isinstance(rotation, int):
        raise ValueError(f"rotation must be a whole number, not {rotation!r}")
    by_seat = [bots[(seat - rotation) % players] for seat in range(players)]
    state = game.new_game(config)
    moves: list[Any] = []
    chance: random.Random | None = None
    while not game.is_terminal(state):
        seat = game.current_player(state)
        if seat is None:  # a chance node: chance draws its move
            if chance is None:
                chance = random.Random(game.config_seed(config))
            outcomes = game.chance_outcomes(state)
            move = chance.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            offered = game.legal_moves(state)
            move = by_seat[seat].choose(game.observe(state, seat), offered)
            if not any(move is m for m in offered) and move not in offered:
                try:
                    shown = game.format_move(move)
                except (TypeError, ValueError, AttributeError):  # not a move of this game
                    shown = repr(move)
                raise ValueError(f"the bot of player {seat} chose {shown}, which was not offered")
        state = game.apply(state, move)
        moves.append(move)
    return moves, state


def play_game(
    config: Any,
    bots: Sequence[Bot],
    rotation: int = 0,
    *,
    game: AnyGame | str | None = None,
) -> Any:
    """Play a game from ``config`` to the end, one bot per player.

    Each bot is asked only at its own decisions, with its player's view and
    the legal moves of that view (see :class:`Bot`).

    Args:
        config: the game to play: a configuration of ``game`` (a
            :class:`~princes_of_florence.GameConfig` for The Princes of Florence).
        bots: one bot per player; ``bots[i]`` plays player
            ``(i + rotation) % players``.
        rotation: how far the bots are moved round the table, so that a
            tournament can give every bot every place at the table.
        game: the game (or its registered name); The Princes of Florence by default.

    Returns:
        The game's record (its ``make_record``), with the configuration, every
        move in order and the result (per player, not per bot): a
        :class:`~princes_of_florence.GameRecord` for The Princes of Florence.

    Raises:
        ValueError: there is not exactly one bot per player, or a bot chose a
            move that was not offered.

    >>> from princes_of_florence import GameConfig
    >>> from princes_of_florence.bots import RandomBot
    >>> bots = [RandomBot(s) for s in range(3)]
    >>> a = play_game(GameConfig(players=3, seed=2), bots)
    >>> b = play_game(GameConfig(players=3, seed=2), [RandomBot(s) for s in (1, 2, 0)], 1)
    >>> a == b
    True
    """
    played = resolve_game(game)
    moves, final = play_to_end(played, config, bots, rotation)
    return played.make_record(config, moves, final)


def __getattr__(name: str) -> object:
    """``view_moves``, a function of The Princes of Florence, where it was first published.

    It lives in :mod:`princes_of_florence.observation`; this keeps the old
    import path ``princes_of_florence.bots.base.view_moves`` working without
    the generic module depending on the game.
    """
    if name == "view_moves":
        return getattr(importlib.import_module("princes_of_florence.observation"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
