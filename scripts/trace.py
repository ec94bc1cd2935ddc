"""Print a digest of 300 seeded games, to show that a speed change changes no game.

Every game is played by seeded random choices (with prestige sales now and
then) through ``apply_with_events``; the digest covers every move, every
event, every state in JSON, and every tenth state determinized for the seat to
decide.  Run it before and after a change to the engine: the two digests must
be equal.

    .venv/bin/python scripts/trace.py [GAMES]
"""

from __future__ import annotations

import hashlib
import random
import sys

from princes_of_florence import (
    GameConfig,
    apply_with_events,
    determinize,
    dumps,
    free_moves,
    is_terminal,
    legal_moves,
    new_game,
    observe,
)


def main(games: int = 300) -> str:
    """The hex digest of ``games`` seeded games."""
    digest = hashlib.sha256()
    for number in range(games):
        config = GameConfig(players=3 + number % 3, seed=number, hidden_money=number % 2 == 1)
        rng = random.Random(number)
        state = new_game(config)
        step = 0
        while not is_terminal(state):
            sales = free_moves(state)
            moves = legal_moves(state)
            digest.update(" ".join(map(str, moves)).encode())
            if sales and rng.random() < 0.05:
                move = rng.choice(sales)
            else:
                move = moves[rng.randrange(len(moves))]
            state, events = apply_with_events(state, move)
            digest.update(repr(events).encode())
            digest.update(dumps(state).encode())
            if step % 10 == 0 and state.current_player is not None:
                view = observe(state, state.current_player)
                digest.update(dumps(determinize(view, random.Random(step))).encode())
            step += 1
    return digest.hexdigest()


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 300))
