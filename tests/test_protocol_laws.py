"""Every registered game keeps the protocol's laws, every move (see ``protocol_laws``).

Each game is played by :func:`protocol_laws.protocol_machine` over the option
sets listed here (its defaults when it lists none), with its own invariants
on top: for The Princes of Florence, money and components are conserved and
every state is one the engine can reach (``state_problems``); for Florenz, the
families' members, cups and guards and the 36 scandal cards are each in one place
and every field is within the rules; for Firenze, the 88 bricks, the seals and the
cards are each in one place and the limits hold.

The budget follows the Hypothesis profile (``HYPOTHESIS_PROFILE``): ``ci``
plays at least 30 complete games per game (about 12,000 moves), ``dev`` one or two.  The counts of
laws checked, moves played and games finished appear in the terminal summary
(see ``tests/conftest.py``).
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test

from princes_of_florence import games
from princes_of_florence.firenze.rules.invariants import state_problems as firenze_problems
from princes_of_florence.florenz.serialization import state_problems as florenz_problems
from princes_of_florence.games import AnyGame
from princes_of_florence.rules.invariants import state_problems
from protocol_laws import COUNTS, Extra, protocol_machine


def _princes_invariants(game: AnyGame, state: Any) -> Sequence[str]:
    """Money and components conserved, every field within the rules (R1-R34)."""
    return state_problems(state)


def _firenze_invariants(game: AnyGame, state: Any) -> Sequence[str]:
    """The 88 bricks, every seal and card in one place, the limits and the turn limit."""
    return firenze_problems(state)


def _florenz_invariants(game: AnyGame, state: Any) -> Sequence[str]:
    """Members, cups, guards and the 36 scandal cards in one place, every field within the rules."""
    return florenz_problems(state)


# Uniform random play takes about 11 moves a Firenze turn and rarely ends the game by
# the rules, so each set has a turn limit (ruling ZR44) that ends a game within the
# machine's steps; the rules' own end is played by tests/test_firenze_invariants.py.
_FIRENZE_TURNS = 20


OPTIONS: Mapping[str, Sequence[Mapping[str, Any]]] = {
    "princes": (
        {},
        {"hidden_money": True},
        {"choose_returned_order": True},
        {"muse_and_princess": True},
        {"cooperative_building": True},
        {"explicit_chance": True},
    ),
    "firenze": (
        {"max_turns": _FIRENZE_TURNS},
        {"max_turns": _FIRENZE_TURNS, "event_discard": "choice"},
        {"max_turns": _FIRENZE_TURNS, "hands": "counts", "anerkennung": "split"},
        {"max_turns": _FIRENZE_TURNS, "neutral_seals": "free_random", "campanile": False},
        {
            "max_turns": _FIRENZE_TURNS,
            "neutral_seals": "explicit",
            "neutral_seal_commissions": ["W3", "W8", "G3", "V4", "V8"],
            "balconies": "explicit",
            "balcony_tiles": ["BI-Y", "BII-G", "BIII-R", "BIV-B"],
        },
        {"max_turns": _FIRENZE_TURNS, "explicit_chance": True, "event_discard": "choice"},
    ),
}
"""The option sets each game is played with; a game not listed plays its defaults."""

EXTRA: Mapping[str, Extra] = {
    "princes": _princes_invariants,
    "florenz": _florenz_invariants,
    "firenze": _firenze_invariants,
}
"""Each game's own invariants, checked on every state besides the protocol's laws."""


CI_GAMES: Mapping[str, int] = {"florenz": 10}
"""Complete games a game's laws are checked through in CI, where fewer than 30: a
game of Florenz is long (up to five families and nine rounds) and its laws cost
most per move, so ten games keep it to minutes of CI, with its own state machine
(tests/test_florenz_random_games.py) playing more."""


def _budget(name: str) -> tuple[int, int, int]:
    """(examples per batch, steps per example, complete games required) for the profile."""
    if os.environ.get("HYPOTHESIS_PROFILE", "dev") == "ci":
        return 20, 600, CI_GAMES.get(name, 30)
    return 1, 600, 1


@pytest.mark.parametrize("name", games.names())
def test_every_move_keeps_the_protocols_laws(name: str, summary_lines: list[str]) -> None:
    """Random games of the game, every law of the protocol checked around every move."""
    game = games.get(name)
    machine = protocol_machine(game, OPTIONS.get(name, ({},)), EXTRA.get(name))
    examples, steps, finished = _budget(name)
    before = Counter(COUNTS)
    batches = 0
    while (COUNTS - before)["games finished"] < finished:
        batches += 1
        assert batches <= 10, "the games do not finish"
        run_state_machine_as_test(
            machine,
            settings=settings(
                settings(),
                max_examples=examples,
                stateful_step_count=steps,
                deadline=None,
                suppress_health_check=[
                    HealthCheck.too_slow,
                    HealthCheck.large_base_example,
                    HealthCheck.data_too_large,
                ],
            ),
        )
    run = COUNTS - before
    laws = sum(count for key, count in run.items() if key.startswith("law "))
    summary_lines.append(
        f"protocol laws, {name}: {run['moves played']} moves played, "
        f"{run['games finished']} games finished, {laws} law checks ("
        + ", ".join(
            f"{key[4:]} {count}" for key, count in sorted(run.items()) if key.startswith("law ")
        )
        + ")"
    )
    assert run["games finished"] >= finished
    assert all(
        run[f"law {law}"] > 0
        for law in (
            "pure",
            "illegal",
            "view moves",
            "determinize",
            "twin view",
            "twin events",
            "json",
            "encoding",
            "replay",
            "returns",
            *(("game invariants",) if name in EXTRA else ()),
        )
    )
