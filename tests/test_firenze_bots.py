"""What Firenze tells a search bot: the moves worth trying, the rollout policy, the estimates."""

from __future__ import annotations

import random

import attrs
import pytest

from firenze_positions import (
    CATALOG,
    at_step,
    bare_row,
    building,
    counts,
    edit,
    fulfil_phase,
    game,
    tower,
)
from princes_of_florence.bots import MCTSBot, MCTSParams
from princes_of_florence.firenze import bots
from princes_of_florence.firenze.game import GAME
from princes_of_florence.firenze.ids import Colour, Step
from princes_of_florence.firenze.moves import (
    ChooseCard,
    EndPhase,
    Exchange,
    Fulfil,
    Move,
    PlaceBrick,
)
from princes_of_florence.firenze.rules.scoring import final_scores
from princes_of_florence.firenze.state import State


def _heuristic(state: State) -> Move:
    """The heuristic bot's move in ``state`` (it sees its own view)."""
    moves = [m for m in GAME.legal_moves(state) if not GAME.is_free_move(m)]
    return bots.HeuristicBot(0).choose(GAME.observe(state, state.decider), moves)


def _played(seed: int, moves: int) -> State:
    """A 4-player game after ``moves`` moves of the heuristic bots."""
    state = GAME.new_game(GAME.make_config(4, seed, {}))
    for _ in range(moves):
        if GAME.is_terminal(state):
            break
        state = GAME.apply(state, _heuristic(state))
    return state


def test_search_moves_leave_payments_to_the_heuristic() -> None:
    """At a payment, a discard or the limits the search tries the heuristic's move alone."""
    seen = set()
    for seed in range(3):
        state = GAME.new_game(GAME.make_config(4, seed, {}))
        while not GAME.is_terminal(state) and state.turns < 40:
            if state.step not in (Step.CHOOSE, Step.EXCHANGE, Step.BUILD, Step.FULFIL):
                assert (_heuristic(state),) == bots.search_moves(state)
                seen.add(state.step)
            state = GAME.apply(state, _heuristic(state))
    assert {Step.PAY_CARD, Step.PAY_BUILD, Step.LIMITS} <= seen


def test_search_moves_at_the_choice_are_the_cards_the_heuristic_values_most() -> None:
    """Choosing a card, the search tries the heuristic's card and the next best, WIDTH in all;
    with a tower to raise, also the card with the most bricks of its colour."""
    state = edit(game(4), 0, supply=counts(W=3, Y=3))
    tried = bots.search_moves(state)
    assert bots.WIDTH == len(tried)
    assert all(isinstance(m, ChooseCard) for m in tried)
    assert _heuristic(state) in tried
    ranked = sorted(
        (m for m in GAME.legal_moves(state) if isinstance(m, ChooseCard)),
        key=lambda m: -state.row[m.slot].bricks[Colour.V] + CATALOG.constants.row_costs[m.slot],
    )
    state = edit(state, 0, towers=[tower(Colour.V, 3)])
    tried = bots.search_moves(state)
    assert ranked[0] in tried
    assert bots.WIDTH <= len(tried) <= bots.WIDTH + 1


def test_search_moves_while_building_keep_the_heuristics_brick_and_the_end() -> None:
    """Building, the search tries the heuristic's brick, ending the phase and a few others."""
    state = building(game(), counts(W=2, G=4), towers=[tower(Colour.G, 4)])
    tried = bots.search_moves(state)
    assert _heuristic(state) in tried
    assert EndPhase() in tried
    assert 2 <= len(tried) <= 4
    assert all(isinstance(m, PlaceBrick | EndPhase) for m in tried)


def test_search_moves_at_the_commissions_include_waiting() -> None:
    """Fulfilling, the search tries the most valuable commission and ending the phase."""
    state = fulfil_phase([tower(Colour.G, 4)])
    tried = bots.search_moves(state)
    assert Fulfil(0) in tried
    assert EndPhase() in tried


def test_search_moves_at_the_exchange_take_the_colour_of_the_nearest_tower() -> None:
    """The exchange the search tries takes the colour of the tower nearest a commission."""
    state = at_step(
        edit(game(), 0, supply=counts(W=4), towers=[tower(Colour.G, 4), tower(Colour.Y, 1)]),
        Step.EXCHANGE,
    )
    tried = bots.search_moves(state)
    assert EndPhase() in tried
    exchanges = [m for m in tried if isinstance(m, Exchange)]
    assert 1 == len(exchanges)
    assert Colour.G == exchanges[0].colour  # G6 is as near as Y3 and worth more


def test_rollout_move_is_the_heuristics() -> None:
    """A rollout plays the heuristic bot's move whenever it is among the moves offered,
    and one of those offered otherwise."""
    rng = random.Random(3)
    decisions = 0
    for seed in range(4):
        state = GAME.new_game(GAME.make_config(4, seed, {}))
        while not GAME.is_terminal(state) and state.turns < 20:
            tried = bots.search_moves(state)
            move = bots.rollout_move(state, tried, rng)
            assert move == _heuristic(state)
            decisions += len(tried) > 1
            others = [m for m in tried if m != move]
            if others:
                assert bots.rollout_move(state, others, rng) in others
            state = GAME.apply(state, move)
    assert decisions > 50


def _ended(state: State) -> State:
    """``state`` with its game over, so that estimates count it as it stands."""
    return at_step(state, Step.OVER)


def test_estimates_without_towers_seals_or_keep_cards_are_the_supply() -> None:
    """With no tower, seal or keep card yet, a player's estimate is a quarter point a brick."""
    state = _ended(game(4))
    assert tuple(0.25 * sum(p.supply) for p in state.players) == bots.estimates(state)


def test_estimates_play_the_turn_under_way_to_its_end() -> None:
    """A position cut off inside a turn is valued once the heuristic has ended the turn."""
    state = _played(2, 203)
    assert state.step is not Step.CHOOSE
    ended = state
    while ended.turns == state.turns:
        ended = GAME.apply(ended, _heuristic(ended))
    assert bots.estimates(state) == bots.estimates(ended)


def test_estimates_count_the_final_scoring_now() -> None:
    """An estimate starts from the final scoring as if the game ended now."""
    state = _ended(_played(2, 400))
    scores = final_scores(state)
    for p, score, value in zip(state.players, scores, bots.estimates(state), strict=True):
        assert score.total + 0.25 * sum(p.supply) <= value


def test_estimates_value_a_tower_by_the_commission_it_grows_toward() -> None:
    """A tower counts more the nearer it stands to an open commission, and not at all when
    no open commission of its colour is left above it."""
    base = _ended(bare_row(game()))

    def mine(*towers: tuple[Colour, int]) -> float:
        state = edit(base, 0, supply=counts(), towers=[tower(c, h) for c, h in towers])
        return bots.estimates(state)[0]

    assert 0.0 < mine((Colour.G, 2)) < mine((Colour.G, 4)) < mine((Colour.G, 5))
    closed = attrs.evolve(
        base,
        seals=tuple(
            1 if index // CATALOG.floors_per_tower == Colour.Y else owner
            for index, owner in enumerate(base.seals)
        ),
    )
    state = edit(closed, 0, supply=counts(), towers=[tower(Colour.Y, 4)])
    assert bots.estimates(state)[0] == pytest.approx(final_scores(state)[0].total, abs=1e-9)


def test_mcts_plays_firenze_deterministically_for_a_seed() -> None:
    """The search bot gives the same move for the same seed and budget, guided or not."""
    state = _played(1, 30)
    while GAME.current_player(state) is None or len(bots.search_moves(state)) < 2:
        state = GAME.apply(state, _heuristic(state))
    player = GAME.current_player(state)
    assert player is not None
    view = GAME.observe(state, player)
    moves = GAME.legal_moves(view)
    for guided in (False, True):
        params = MCTSParams(iterations=12, rollout_moves=8, guided=guided, from_root=guided)
        chosen = [MCTSBot(7, params, GAME).choose(view, moves) for _ in range(2)]
        assert chosen[0] == chosen[1]
        assert chosen[0] in bots.search_moves(state)
