"""Print IS-MCTS iterations per second at the start, middle and end of a game.

The positions come from a seeded game between four heuristic bots: the first
decision of round 1's auction, the first decision of round 4's action phase,
and the first decision of round 7's action phase that has two moves or more.
At each, an :class:`MCTSBot` runs ``ITERATIONS`` (default 300) iterations with
each rollout cut-off given; the rate is per second of the process's CPU time,
so that other work on a shared machine does not count against it.

    .venv/bin/python scripts/mcts_speed.py [ITERATIONS]
"""

from __future__ import annotations

import sys
import time

from princes_of_florence import GameConfig, Phase, apply, legal_moves, new_game, observe
from princes_of_florence.bots import HeuristicBot, MCTSBot, MCTSParams, play_game


def main(iterations: int = 300) -> None:
    """Search at three positions and print the iterations per second."""
    record = play_game(GameConfig(players=4, seed=77), [HeuristicBot() for _ in range(4)])
    state = new_game(record.config)
    marks = {"start": (1, Phase.AUCTION), "middle": (4, Phase.ACTIONS), "end": (7, Phase.ACTIONS)}
    found = {}
    for move in record.moves:
        for name, (round_, phase) in marks.items():
            if (
                name not in found
                and (state.round, state.phase) == (round_, phase)
                and len(legal_moves(state)) > 1
            ):
                found[name] = state
        state = apply(state, move)
    for rollout in (10, 30):
        for name in marks:
            position = found[name]
            seat = position.current_player
            assert seat is not None
            view = observe(position, seat)
            bot = MCTSBot(0, MCTSParams(iterations=iterations, rollout_moves=rollout))
            start = time.process_time()
            bot.search(view)
            used = time.process_time() - start
            print(
                f"rollout {rollout:2d}  {name:<6}  round {position.round} "
                f"{position.phase.value:<8} {len(legal_moves(position)):3d} moves  "
                f"{iterations:6d} iterations  {iterations / used:7.0f} per CPU second"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
