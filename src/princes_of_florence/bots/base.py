"""What a bot is, and a loop that plays a whole game between bots.

A bot sees what its player may see and nothing more (ruling R5): at each of
its decisions it is handed the player's :class:`~princes_of_florence.PlayerView`
and the legal moves of that view, prestige sales included (R3), and returns
one of those moves.  It never receives the game state, so it cannot read the
hidden cards; a search bot fills them in itself with
:func:`~princes_of_florence.determinize`.

>>> from princes_of_florence.bots import RandomBot
>>> record = play_game(GameConfig(players=3, seed=2), [RandomBot(s) for s in range(3)])
>>> record.outcome is not None and len(record.moves) > 50
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from princes_of_florence.config import GameConfig
from princes_of_florence.engine import apply, free_moves, is_terminal, legal_moves, new_game
from princes_of_florence.engine import outcome as outcome_of
from princes_of_florence.moves import Move, SellPrestige
from princes_of_florence.observation import PlayerView, observe, view_legal_moves
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.serialization import GameRecord
from princes_of_florence.state import GameState

__all__ = ["Bot", "play_game", "view_moves"]


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

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """Return one of ``moves``, the legal moves of ``view``.

        Args:
            view: what the player to decide may see (their own view).
            moves: the legal moves of that view, as :func:`view_moves`
                gives them: the decision's moves, then the prestige sales.
        """
        ...


def view_moves(view: PlayerView) -> tuple[Move, ...]:
    """The legal moves of the player of ``view``, prestige sales last (R3).

    This is :func:`~princes_of_florence.view_legal_moves` followed by the
    sales of 1 point up to every point the player holds (none with Muse &
    Princess, R27); ``()`` when another player is to decide.  It depends on the view only.

    >>> from princes_of_florence import new_game
    >>> state = new_game(GameConfig(players=3, seed=4))
    >>> view_moves(observe(state, 0)) == legal_moves(state)
    True
    """
    if view.current_player is None or view.current_player != view.player:
        return ()
    most = view.players[view.current_player].prestige
    if not ruleset(view.config).sells_prestige:  # ruling R27: Muse & Princess
        most = 0
    sales = tuple(SellPrestige(p) for p in range(1, most + 1))
    return (*view_legal_moves(view), *sales)


def _moves_of(state: GameState) -> tuple[Move, ...]:
    """The legal moves of the player to decide, sales last: :func:`view_moves` of their view.

    Computed from the true state, which gives the same moves as the view
    (the player's choices depend only on what they see), only cheaper.
    """
    sales = free_moves(state)
    moves = legal_moves(state)
    return (*moves, *sales) if sales else moves


def play_game(config: GameConfig, bots: Sequence[Bot], rotation: int = 0) -> GameRecord:
    """Play a game from ``config`` to the end, one bot per player.

    Each bot is asked only at its own decisions, with its player's view and
    the legal moves of that view (see :class:`Bot`).

    Args:
        config: the game to play.
        bots: one bot per player; ``bots[i]`` plays player
            ``(i + rotation) % config.players``.
        rotation: how far the bots are moved round the table, so that a
            tournament can give every bot every place at the table.

    Returns:
        The game's record, with the configuration, every move in order and the
        outcome (per player, not per bot).

    Raises:
        ValueError: there is not exactly one bot per player, or a bot chose a
            move that was not offered.

    >>> from princes_of_florence.bots import RandomBot
    >>> bots = [RandomBot(s) for s in range(3)]
    >>> a = play_game(GameConfig(players=3, seed=2), bots)
    >>> b = play_game(GameConfig(players=3, seed=2), [RandomBot(s) for s in (1, 2, 0)], 1)
    >>> a == b
    True
    """
    players = config.players
    if len(bots) != players:
        raise ValueError(f"{players} players need {players} bots, not {len(bots)}")
    if isinstance(rotation, bool) or not isinstance(rotation, int):
        raise ValueError(f"rotation must be a whole number, not {rotation!r}")
    by_seat = [bots[(seat - rotation) % players] for seat in range(players)]
    state = new_game(config)
    moves: list[Move] = []
    while not is_terminal(state):
        seat = state.current_player
        assert seat is not None
        offered = _moves_of(state)
        move = by_seat[seat].choose(observe(state, seat), offered)
        if not any(move is m for m in offered) and move not in offered:
            raise ValueError(f"the bot of player {seat} chose {move}, which was not offered")
        state = apply(state, move)
        moves.append(move)
    return GameRecord(config, tuple(moves), outcome_of(state))
