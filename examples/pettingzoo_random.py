"""Random agents in the PettingZoo environment (needs the pettingzoo extra).

Run: ``python examples/pettingzoo_random.py [--players 4] [--games 3] [--seed 1]``.
Each agent picks uniformly among the actions its mask allows; the script
prints each game's length and each player's total reward: the loop a
learner would use with a policy in place of the random choice.
"""

from __future__ import annotations

import argparse

import numpy as np

from princes_of_florence.adapters.pettingzoo import env


def main(argv: list[str] | None = None) -> int:
    """Play the games and print the rewards."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--muse-and-princess", action="store_true")
    args = parser.parse_args(argv)
    game = env(players=args.players, muse_and_princess=args.muse_and_princess)
    rng = np.random.default_rng(args.seed)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for number in range(args.games):
        game.reset(seed=args.seed + number)
        steps = 0
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, _ = game.last()
            totals[agent] += reward
            if terminated or truncated:
                game.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            game.step(int(rng.choice(legal)))
            steps += 1
        print(f"game {number + 1}: {steps} steps")
    print("total rewards:", {agent: round(value, 3) for agent, value in totals.items()})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
