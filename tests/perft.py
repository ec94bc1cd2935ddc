"""Perft: count the move sequences from fixed positions, as chess engines do.

``perft(state, depth)`` is the number of distinct sequences of ``depth``
moves from ``legal_moves`` (prestige sales, the free moves of ruling R3, are
left out) that can be played from ``state``.  A sequence that reaches the end
of the game early is not counted.  The counts pin the exact set of legal
moves at every step: any change to what is legal, or to where a move leads,
changes some count.

The positions live in ``tests/data/perft/*.json``, one per file::

    {
      "name": "auction-opening-4p",
      "description": "...",
      "phase": "auction",
      "config": {"players": 4, "seed": 2, "start_player": 0},
      "moves": ["return poet", ...],          # played from new_game(config)
      "depth": 3,
      "counts": [8, 22, 50],                  # perft at depths 1, 2, 3
      "divide": {"open forest": 7, ...},      # per first move, at the last depth
      "hand_counts": {"1": 8, "2": 22},       # worked out from the rules alone
      "verified_by_hand": "..."               # how
    }

Run ``python tests/perft.py`` to print every count and check it against the
files; on a mismatch it prints the first moves whose sub-counts differ
(*divide*).  ``python tests/perft.py --update`` rewrites ``counts`` and
``divide`` from the engine; ``hand_counts`` are never rewritten.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from princes_of_florence import (
    GameConfig,
    GameState,
    IllegalMoveError,
    apply,
    legal_moves,
    new_game,
    parse_move,
)

__all__ = [
    "DATA",
    "Position",
    "count_all",
    "divide",
    "divide_report",
    "load_positions",
    "main",
    "perft",
    "position_state",
]

DATA = Path(__file__).resolve().parent / "data" / "perft"
"""The folder of the position files."""

Position = dict[str, Any]
"""One position file, as parsed JSON."""


def perft(state: GameState, depth: int) -> int:
    """The number of sequences of ``depth`` legal moves from ``state``.

    >>> perft(new_game(GameConfig(players=3, seed=1)), 2)
    16
    """
    if depth == 0:
        return 1
    moves = legal_moves(state)
    if depth == 1:
        return len(moves)  # bulk counting: the last moves need not be applied
    return sum(perft(apply(state, move), depth - 1) for move in moves)


def divide(state: GameState, depth: int) -> dict[str, int]:
    """``perft(state, depth)`` split by first move, in notation, in legal-move order.

    >>> divide(new_game(GameConfig(players=3, seed=1)), 1)  # doctest: +NORMALIZE_WHITESPACE
    {'return architect': 1, 'return physicist': 1, 'return organ_builder': 1,
     'return painter': 1}
    """
    return {str(move): perft(apply(state, move), depth - 1) for move in legal_moves(state)}


def count_all(state: GameState, depth: int) -> tuple[list[int], dict[str, int]]:
    """Perft at every depth from 1 to ``depth``, and the divide at ``depth``."""
    split = divide(state, depth)
    shallower = [perft(state, d) for d in range(1, depth)]
    return [*shallower, sum(split.values())], split


def position_state(position: Position) -> GameState:
    """The state of a position: its configuration's new game, then its moves."""
    state = new_game(GameConfig(**position["config"]))
    for text in position["moves"]:
        state = apply(state, parse_move(text))
    return state


def load_positions() -> list[tuple[Path, Position]]:
    """Every position file, sorted by file name."""
    return [(path, json.loads(path.read_text())) for path in sorted(DATA.glob("*.json"))]


def divide_report(expected: dict[str, int], actual: dict[str, int]) -> str:
    """The first moves whose sub-counts differ, one per line (empty if none)."""
    lines = []
    for move in sorted(expected.keys() | actual.keys()):
        want, got = expected.get(move), actual.get(move)
        if want != got:
            lines.append(f"  {move}: expected {want}, got {got}")
    return "\n".join(lines)


def _write(path: Path, position: Position) -> None:
    path.write_text(json.dumps(position, indent=2, ensure_ascii=False) + "\n")


def main(argv: list[str]) -> int:
    """Print the counts of every position; with ``--update``, rewrite them.

    Returns:
        0 when every count matches (or was updated), 1 otherwise.
    """
    update = "--update" in argv
    failures = 0
    for path, position in load_positions():
        try:
            state = position_state(position)
        except IllegalMoveError as error:
            failures += 1
            print(f"{position['name']}: the position cannot be reached: {error}")
            continue
        depth = position["depth"]
        start = time.perf_counter()
        counts, split = count_all(state, depth)
        seconds = time.perf_counter() - start
        print(f"{position['name']}: {counts} ({seconds:.2f} s)")
        if update:
            position["counts"], position["divide"] = counts, split
            _write(path, position)
            continue
        if counts != position.get("counts"):
            failures += 1
            print(f"  MISMATCH: expected {position.get('counts')}")
            print(divide_report(position.get("divide", {}), split))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
