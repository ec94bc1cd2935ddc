"""Firenze setup options refused with their reasons, the invariant checker's findings, and
the row when both piles are empty (rulings ZR3, ZR4, ZR13, ZR51)."""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs
import pytest

from firenze_positions import counts, edit, game, play, set_row
from princes_of_florence.firenze import FirenzeConfig, legal_moves, new_game
from princes_of_florence.firenze.components import default_catalog
from princes_of_florence.firenze.errors import ConfigError
from princes_of_florence.firenze.ids import Colour, Step, Title
from princes_of_florence.firenze.moves import ChooseCard
from princes_of_florence.firenze.rules.invariants import state_problems
from princes_of_florence.firenze.rules.setup import parse_commission
from princes_of_florence.firenze.state import NEUTRAL, State, Tower


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"balconies": "explicit", "balcony_tiles": ("BI-Y",)}, "must name 4 tiles"),
        (
            {"balconies": "explicit", "balcony_tiles": ("BI-Y", "BII-G", "BIII-R", "Bx")},
            "'Bx', which is no balcony tile",
        ),
        (
            {"balconies": "explicit", "balcony_tiles": ("BII-G", "BI-Y", "BIII-R", "BIV-B")},
            "is not numeral 1",
        ),
        (
            {
                "neutral_seals": "explicit",
                "neutral_seal_commissions": ("W3", "W3", "G3", "V4", "V8"),
            },
            "5 distinct commissions",
        ),
        (
            {
                "balconies": "explicit",
                "balcony_tiles": ("BI-Y", "BII-G", "BIII-R", "BIV-B"),
                "neutral_seals": "explicit",
                "neutral_seal_commissions": ("Y4", "W8", "G3", "V4", "V8"),
            },
            r"Y4 carries a balcony \(ZR51\)",
        ),
        (
            {
                "neutral_seals": "explicit",
                "neutral_seal_commissions": ("W3", "W9", "G3", "V4", "V8"),
            },
            "no commission is called 'W9'",
        ),
        ({"neutral_seals": "explicit"}, "given exactly when neutral_seals is 'explicit'"),
        ({"event_discard": "auto"}, "event_discard must be one of automatic, choice"),
        ({"max_turns": 0}, "max_turns must be an integer from 1 to 1000, not 0"),
        # ruling ZX6: the limit of ZR44 may be lowered, never raised
        ({"max_turns": 1001}, "max_turns must be an integer from 1 to 1000, not 1001"),
        ({"start_seat": 3}, "start_seat must be a seat 0..1"),
        ({"campanile": 1}, "campanile must be true or false"),
    ],
)
def test_bad_setup_is_refused(options: dict[str, object], message: str) -> None:
    """Each impossible setup raises ConfigError saying why."""
    with pytest.raises(ConfigError, match=message):
        new_game(FirenzeConfig.from_options(2, 1, options))


def test_explicit_board_is_used() -> None:
    """Ruling ZR51: the listed balconies and neutral seals are the board's."""
    state = game()
    catalog = default_catalog()
    assert state.balconies == ("BI-Y", "BII-G", "BIII-R", "BIV-B")
    neutral = {i for i, owner in enumerate(state.seals) if owner == NEUTRAL}
    assert neutral == {parse_commission(catalog, n) for n in ("W3", "W8", "G3", "V4", "V8")}


def test_free_random_neutral_seals_avoid_balconies() -> None:
    """Ruling ZR4: free_random takes any 5 balcony-free commissions."""
    for seed in range(10):
        state = new_game(FirenzeConfig(players=2, seed=seed, neutral_seals="free_random"))
        assert sum(1 for owner in state.seals if owner == NEUTRAL) == 5
        assert not state_problems(state)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda s: attrs.evolve(s, bag=(s.bag[0] + 1, *s.bag[1:])), "colour 0 has"),
        (lambda s: attrs.evolve(s, bag=(-1, *s.bag[1:])), "negative"),
        (
            lambda s: attrs.evolve(
                s, players=(attrs.evolve(s.players[0], seals=3), *s.players[1:])
            ),
            "seals, not 9",
        ),
        (
            lambda s: attrs.evolve(
                s, players=(attrs.evolve(s.players[0], prestige=4), *s.players[1:])
            ),
            "not the sum of its sources",
        ),
        (
            lambda s: edit(s, 0, buildings=[Title.WERKSTATT, Title.WERKSTATT]),
            "two identical buildings",
        ),
        (lambda s: attrs.evolve(s, seals=(0, *s.seals[1:])), "5 neutral seals|seals, not"),
        (lambda s: attrs.evolve(s, discard=(Title.RUHM,)), "cards are somewhere, not 52"),
        (lambda s: attrs.evolve(s, bell=(False, False)), "Campanile's small seals"),
        (lambda s: attrs.evolve(s, placed=7), "more than 6 bricks"),
        (
            lambda s: attrs.evolve(
                s,
                players=(
                    attrs.evolve(s.players[0], towers=(Tower(Colour.W, 0, True, False),)),
                    *s.players[1:],
                ),
            ),
            "empty tower",
        ),
        (
            lambda s: attrs.evolve(
                s,
                players=(attrs.evolve(s.players[0], supply=(-1, 0, 0, 0, 0, 0)), *s.players[1:]),
            ),
            "negative",
        ),
        (lambda s: attrs.evolve(s, row=s.row + s.row[:1]), "too many cards"),
    ],
)
def test_invariant_checker_finds_each_problem(
    change: Callable[[State], State], problem: str
) -> None:
    """state_problems names each kind of broken state (so the random games can fail)."""
    problems = " / ".join(state_problems(change(game())))
    assert re.search(problem, problems), problems


def test_row_stays_short_when_both_piles_are_empty() -> None:
    """Ruling ZR13: with no card left anywhere the space stays empty."""
    state = attrs.evolve(game(), deck=(), discard=())
    state = edit(state, 0, supply=counts(W=2))
    state = play(set_row(state, 0, Title.RUHM, counts()), ChooseCard(0))
    assert len(state.row) == 5


def test_empty_row_skips_phase_one() -> None:
    """Ruling ZR13: an empty row skips phase 1."""
    state = attrs.evolve(game(), row=(), deck=(), discard=())
    state = attrs.evolve(state, step=Step.LIMITS)
    state = play(state, legal_moves(state)[-1])
    assert state.active == 1
    assert state.step is not Step.CHOOSE
