"""Information-set MCTS from OpenSpiel against random players (needs the openspiel extra).

Run: ``python examples/openspiel_ismcts.py [--players 2] [--simulations 20] [--seed 1]``.
OpenSpiel's ISMCTSBot plays player 0 of ``python_princes_of_florence``; the
others play uniformly at random.  The bot searches states dealt from its own
information state (``resample_from_infostate``), so it never sees hidden cards.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import princes_of_florence.adapters.openspiel  # noqa: F401  # registers the game


def play(players: int, simulations: int, seed: int) -> list[float]:
    """One game: the bot is player 0; returns every player's return."""
    game = pyspiel.load_game("python_princes_of_florence", {"players": players})
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return [float(value) for value in state.returns()]


def main(argv: list[str] | None = None) -> int:
    """Play one game and print the returns."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print("returns:", play(args.players, args.simulations, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
