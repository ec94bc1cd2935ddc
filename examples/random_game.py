"""Play one seeded game between random players and print its events.

Run: ``python examples/random_game.py``.
"""

from __future__ import annotations

import random

from princes_of_florence import GameConfig, is_terminal, legal_moves, new_game, outcome
from princes_of_florence.engine import apply_with_events
from princes_of_florence.events import MoneyPaid, MoneyReceived, WorkDone


def main() -> None:
    """Play seed 3 with four random players; print works and the ledger."""
    rng = random.Random(3)
    state = new_game(GameConfig(players=4, seed=3))
    while not is_terminal(state):
        move = rng.choice(legal_moves(state))
        state, events = apply_with_events(state, move)
        for event in events:
            if isinstance(event, WorkDone):
                print(f"player {event.player}: {event.person} works for {event.value}")
            elif isinstance(event, MoneyPaid | MoneyReceived):
                sign = "-" if isinstance(event, MoneyPaid) else "+"
                print(f"player {event.player}: {sign}{event.amount} ({event.reason})")
    print("winners:", outcome(state).winners)


if __name__ == "__main__":
    main()
