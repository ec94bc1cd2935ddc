"""Random Firenze games for every player count and option, with the game's invariants
checked after every move (issue: "Verification").

Each example draws a configuration and a move-choosing seed, and plays a game to its end
(by the rules or by a turn limit drawn small to bound the time) with a policy between
uniform random play and play that builds and fulfils, so that games also end by the rules.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from princes_of_florence.firenze import FirenzeConfig, legal_moves, new_game, outcome
from princes_of_florence.firenze.components import default_catalog
from princes_of_florence.firenze.engine import apply_with_events
from princes_of_florence.firenze.events import BonusGained, CommissionFulfilled
from princes_of_florence.firenze.ids import CardKind, Step, Title
from princes_of_florence.firenze.moves import DeliverBellTower, Fulfil, Move, PlaceBrick
from princes_of_florence.firenze.rules.invariants import state_problems
from princes_of_florence.firenze.state import NO_PLAYER, State

CATALOG = default_catalog()
_COUNTS: Counter[str] = Counter()
_MOVES: Counter[str] = Counter()
_ENDED: Counter[str] = Counter()


@pytest.fixture(scope="module", autouse=True)
def _report(summary_lines: list[str]) -> object:
    yield
    for key in sorted(_COUNTS):
        summary_lines.append(
            f"firenze invariants {key}: {_COUNTS[key]} games ({_ENDED[key]} ended by the "
            f"rules, the others by their turn limit), {_MOVES[key]} moves checked"
        )


# The Hypothesis budget of the profile, shared by the six player-count and discard
# configurations, each of which draws every other option.
_EXAMPLES = max(5, settings().max_examples // 6)


def configs(
    players: int, event_discard: str, turns: st.SearchStrategy[int]
) -> st.SearchStrategy[FirenzeConfig]:
    """Configurations of ``players`` and ``event_discard`` with every other option drawn."""
    return st.builds(
        FirenzeConfig,
        players=st.just(players),
        seed=st.integers(0, 2**31),
        campanile=st.booleans(),
        neutral_seals=st.sampled_from(["recommended_random", "free_random"]),
        event_discard=st.just(event_discard),
        anerkennung=st.sampled_from(["both", "split"]),
        hands=st.sampled_from(["open", "counts"]),
        max_turns=turns,
        explicit_chance=st.booleans(),
    )


def _choose(moves: tuple[Move, ...], rng: random.Random, purpose: float) -> Move:
    if rng.random() < purpose:
        for kind in (Fulfil, DeliverBellTower):
            found = [m for m in moves if isinstance(m, kind)]
            if found:
                return rng.choice(found)
        places = [m for m in moves if isinstance(m, PlaceBrick)]
        if places:
            raised = [m for m in places if m.tower is not None]
            return rng.choice(raised if raised and rng.random() < 0.8 else places)
    return rng.choice(moves)


def _limits_kept(state: State, player: int) -> list[str]:
    """Z63-Z66: the player's holdings after their phase 6."""
    c = CATALOG.constants
    p = state.players[player]
    problems = []
    lagerhaus = Title.LAGERHAUS in p.buildings
    if sum(p.supply) > (c.supply_limit_lagerhaus if lagerhaus else c.supply_limit):
        problems.append(f"player {player} keeps {sum(p.supply)} bricks after phase 6")
    persons = [t for t in p.hand if CATALOG.card(t).kind is CardKind.PERSON]
    if not lagerhaus and len(p.hand) + len(p.buildings) > c.card_limit and (persons or p.buildings):
        problems.append(f"player {player} keeps too many cards after phase 6")
    return problems


def _check_move(before: State, after: State, events: tuple[object, ...]) -> list[str]:
    problems = list(state_problems(after))
    a = before.active
    same_turn = after.turns == before.turns
    if after.active != a or (after.is_over and not before.is_over):
        problems += _limits_kept(after, a)
    if (
        same_turn
        and before.step in (Step.BUILD, Step.PAY_BUILD)
        and after.step
        in (
            Step.BUILD,
            Step.PAY_BUILD,
        )
    ):  # Z42: towers only grow while building
        old, new = before.players[a].towers, after.players[a].towers
        if len(new) < len(old) or any(n.height < o.height for o, n in zip(old, new, strict=False)):
            problems.append("a tower shrank in phase 3")
    if same_turn and after.step.phase >= 5:  # Z49: abandoned towers are gone after phase 4
        abandoned = [t for t in after.players[a].towers if t.at_turn_start and not t.raised]
        if abandoned:
            problems.append("an abandoned tower survived phase 4")
    fulfilled = sum(e.prestige for e in events if isinstance(e, CommissionFulfilled))
    bonus = sum(e.prestige for e in events if isinstance(e, BonusGained))
    for p_before, p_after in zip(before.players, after.players, strict=True):
        if any(x < y for x, y in zip(p_after.earned, p_before.earned, strict=True)):
            problems.append("prestige fell during the game")
    gain = sum(p.prestige for p in after.players) - sum(p.prestige for p in before.players)
    if gain != fulfilled + bonus:  # prestige changes only by the listed sources
        problems.append(f"prestige rose by {gain}, the events account for {fulfilled + bonus}")
    if after.turns > after.config.max_turns:
        problems.append("the game outlived its turn limit (ZR44)")
    return problems


@pytest.mark.parametrize("event_discard", ["automatic", "choice"])
@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=_EXAMPLES)
@given(data=st.data(), seed=st.integers(0, 2**31), purpose=st.sampled_from([0.0, 0.9]))
def test_random_games_keep_every_invariant(
    players: int, event_discard: str, data: st.DataObject, seed: int, purpose: float
) -> None:
    """After every move of a random game every invariant holds, and the game ends in time."""
    # uniform play rarely ends by the rules: a short limit; purposeful play ends in ~100 turns
    turns = st.integers(8, 60) if purpose == 0.0 else st.integers(60, 400)
    config = data.draw(configs(players, event_discard, turns))
    rng = random.Random(seed)
    state = new_game(config)
    assert not state_problems(state)
    moves = 0
    while not state.is_over:
        legal = legal_moves(state)
        assert legal, "a state that is not over offers a move (ruling ZR45)"
        move = _choose(legal, rng, purpose)
        after, events = apply_with_events(state, move)
        problems = _check_move(state, after, events)
        assert not problems, (move, problems)
        state = after
        moves += 1
    result = outcome(state)
    if state.truncated:  # ruling ZR44: the limit, perhaps during the last turns
        assert state.turns == config.max_turns
        assert result.truncated
    else:  # Z104, Z105: someone placed their last seal and the last turns were played
        assert state.end_holder != NO_PLAYER
    assert result.winners
    assert legal_moves(state) == ()
    key = f"{config.players} players, event_discard={config.event_discard}"
    _COUNTS[key] += 1
    _MOVES[key] += moves
    _ENDED[key] += not state.truncated
