"""The generic bots, game loop and tournaments work through the game protocol alone."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from princes_of_florence import GameConfig, GameRecord, SellPrestige, games
from princes_of_florence.bots import (
    Bot,
    MCTSBot,
    MCTSParams,
    RandomBot,
    make_bot,
    play_game,
    tournament,
)
from princes_of_florence.bots.mcts import softmax
from princes_of_florence.bots.tournament import bot_kinds
from princes_of_florence.game import GAME, PrincesOfFlorence
from princes_of_florence.search import evaluate


@attrs.frozen
class Unhelpful(PrincesOfFlorence):
    """The Princes of Florence offering a search nothing: no estimates, no evaluation."""

    name: str = "unhelpful"

    def estimates(self, state: Any) -> tuple[float, ...] | None:
        return None

    def evaluate(self, state: Any) -> tuple[float, ...] | None:
        return None


def test_play_game_takes_the_game_by_name_or_object() -> None:
    """``game=`` by name, by object or left out plays the same game."""
    config = GameConfig(players=3, seed=6)
    records = [
        play_game(config, [RandomBot(s) for s in range(3)], game=game)
        for game in (None, "princes", GAME)
    ]
    assert records[0] == records[1] == records[2]
    assert isinstance(records[0], GameRecord)


def test_play_game_draws_chance_moves() -> None:
    """With explicit chance the loop draws chance's moves; the record replays."""
    config = GameConfig(players=3, seed=2, explicit_chance=True)
    record = play_game(config, [RandomBot(s) for s in range(3)])
    states = GAME.replay(record)
    assert GAME.is_terminal(states[-1])
    assert any(GAME.current_player(state) is None for state in states[:-1])


def test_play_game_refuses_a_move_not_offered() -> None:
    """A bot answering with something not offered is a ValueError naming the player."""

    class Stubborn:
        def choose(self, view: Any, moves: Any) -> Any:
            return "nothing"

    with pytest.raises(
        ValueError, match="the bot of player 0 chose nothing, which was not offered"
    ):
        play_game(GameConfig(players=2, seed=1), [Stubborn(), Stubborn()])


def test_random_bot_makes_free_moves_by_the_protocol() -> None:
    """With sell_chance 1 and only free moves left to choose, the random bot sells."""
    moves = (SellPrestige(1), SellPrestige(2))
    assert RandomBot(0, sell_chance=1.0).choose(None, moves) in moves
    plain = GAME.legal_moves(GAME.new_game(GameConfig(players=3, seed=1)))
    assert RandomBot(0, sell_chance=1.0).choose(None, (*plain, *moves)) in moves
    assert RandomBot(0, sell_chance=0.0).choose(None, (*plain, *moves)) in plain


def test_search_without_estimates_plays_rollouts_to_the_end() -> None:
    """A game that offers no estimate is rolled out to the end; the search still answers."""
    game = Unhelpful()
    state = game.new_game(GameConfig(players=2, seed=3))
    view = game.observe(state, 0)
    bot = MCTSBot(1, MCTSParams(iterations=3, rollout_moves=2), game=game)
    assert bot.choose(view, game.legal_moves(view)) in game.legal_moves(view)
    assert bot.last is not None
    assert 3 == bot.last.iterations


@attrs.frozen
class FirstOnly(PrincesOfFlorence):
    """The Princes of Florence offering a search one move: the first legal one."""

    name: str = "first-only"

    def search_moves(self, state: Any) -> tuple[Any, ...]:
        return GAME.legal_moves(state)[:1]


def test_one_move_to_search_at_the_root_is_the_answer_at_once() -> None:
    """When the game offers one move at the root, the search stops after one iteration."""
    game = FirstOnly()
    state = game.new_game(GameConfig(players=3, seed=2))
    seat = state.current_player
    assert seat is not None
    view = game.observe(state, seat)
    moves = game.legal_moves(view)
    assert len(moves) > 1
    bot = MCTSBot(1, MCTSParams(iterations=50, rollout_moves=2), game=game)
    assert bot.choose(view, moves) == moves[0]
    assert bot.last is not None
    assert (bot.last.iterations, bot.last.root_moves) == (1, 1)
    wide = MCTSBot(1, MCTSParams(iterations=50, rollout_moves=2))
    wide.choose(view, moves)
    assert wide.last is not None
    assert wide.last.iterations == 50


def test_search_plays_florenz_alike_for_a_seed_and_budget() -> None:
    """MCTS plays a whole Florenz game through the protocol, the same for the same seeds."""
    florenz = games.get("florenz")
    config = florenz.make_config(2, 5, {})

    def record() -> object:
        bots: list[Bot] = [
            MCTSBot(3, MCTSParams(iterations=3, rollout_moves=1), game=florenz),
            RandomBot(1),
        ]
        return play_game(config, bots, game=florenz)

    first = record()
    assert florenz.is_terminal(florenz.replay(first)[-1])
    assert first == record()


def test_search_walks_through_chance_nodes() -> None:
    """MCTS plays a game with explicit chance, drawing chance's moves in its search."""
    config = GameConfig(players=2, seed=4, explicit_chance=True)
    bot = MCTSBot(2, MCTSParams(iterations=6, rollout_moves=40))
    record = play_game(config, [bot, RandomBot(1)])
    assert GAME.is_terminal(GAME.replay(record)[-1])


def test_cut_off_rewards_are_the_games_estimates_made_shares() -> None:
    """At the default temperature the search's softmax of the estimates is the game's evaluate."""
    state = GAME.new_game(GameConfig(players=4, seed=8))
    rng = random.Random(1)
    for _ in range(80):
        state = GAME.apply(state, rng.choice(GAME.search_moves(state)))
    estimates = GAME.estimates(state)
    assert estimates is not None
    assert softmax(estimates, 4.0) == evaluate(state) == GAME.evaluate(state)
    assert sum(softmax(estimates, 1.0)) == pytest.approx(1.0)


def test_bots_of_a_game_by_spec() -> None:
    """``make_bot`` offers the generic kinds and the game's own; the heuristic is the game's."""
    assert ("random", "heuristic", "mcts") == bot_kinds()
    assert set(GAME.bots()) <= set(bot_kinds("princes"))
    assert type(make_bot("heuristic", "seed text", "princes")) is type(GAME.bots()["heuristic"](0))
    with pytest.raises(ValueError, match="choose from random, heuristic, mcts"):
        make_bot("genius", game="princes")


def test_tournament_of_a_game_given_as_an_object() -> None:
    """A tournament names its game and gives the same table for the name and the object."""
    by_name = tournament(["random", "random"], 2, seed=3, game="princes")
    by_object = tournament(["random", "random"], 2, seed=3, game=games.get("princes"))
    assert by_name == by_object
    assert "princes" == by_name.game
    assert by_name == tournament(["random", "random"], 2, seed=3)


def test_names_keep_their_old_import_paths() -> None:
    """The Princes of Florence's names that moved are still found where they were published."""
    import importlib

    from princes_of_florence import heuristic, observation, search

    mcts = importlib.import_module("princes_of_florence.bots.mcts")
    base = importlib.import_module("princes_of_florence.bots.base")
    old = importlib.import_module("princes_of_florence.bots.heuristic")
    for name in ("estimate", "evaluate", "rollout_move", "within_cash"):
        assert getattr(mcts, name) is getattr(search, name)
    assert base.view_moves is observation.view_moves
    for name in ("HeuristicBot", "HeuristicParams", "future_work_pay", "heuristic_move"):
        assert getattr(old, name) is getattr(heuristic, name)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = mcts.nothing


@attrs.frozen
class Narrow(PrincesOfFlorence):
    """The Princes of Florence where a search tries one move for every player but player 0."""

    name: str = "narrow"

    def search_moves(self, state: Any) -> Any:
        moves = super().search_moves(state)
        return moves if self.current_player(state) == 0 else moves[:1]


def _nodes(node: Any) -> int:
    return 1 + sum(_nodes(child) for child in node.children.values())


def test_search_passes_through_forced_moves() -> None:
    """A move the game's search offers alone is no decision: an iteration expands on below it,
    so the tree grows by more than one node an iteration."""
    game = Narrow()
    state = game.new_game(GameConfig(players=3, seed=5))
    while game.current_player(state) != 0 or len(game.search_moves(state)) < 2:
        state = game.apply(state, game.search_moves(state)[0])
    bot = MCTSBot(1, MCTSParams(iterations=30, rollout_moves=4), game=game)
    root = bot.search(game.observe(state, 0))
    assert 30 == root.visits
    assert _nodes(root) > 30 + 1


def test_search_with_one_move_to_try_is_no_search() -> None:
    """Where the game's search tries one move of several legal ones, the bot plays it at once."""
    game = Narrow()
    state = game.new_game(GameConfig(players=3, seed=5))
    while game.current_player(state) != 1 or len(game.legal_moves(state)) < 2:
        state = game.apply(state, game.search_moves(state)[0])
    view = game.observe(state, 1)
    bot = MCTSBot(1, MCTSParams(iterations=30, rollout_moves=4), game=game)
    assert game.search_moves(state)[0] == bot.choose(view, game.legal_moves(view))
    assert bot.last is not None
    assert (1, 1) == (bot.last.iterations, bot.last.root_moves)


@attrs.frozen
class Counted(PrincesOfFlorence):
    """The Princes of Florence whose rollouts play the last move offered, counted."""

    name: str = "counted"
    played: list[int] = attrs.field(factory=list, eq=False)

    def rollout_move(self, state: Any, moves: Any, rng: random.Random) -> Any:
        self.played.append(1)
        return moves[-1]


def _wide_view(game: PrincesOfFlorence) -> tuple[Any, Any]:
    """The first state of a seeded game where a search tries 3 moves or more, and its view."""
    state = game.new_game(GameConfig(players=3, seed=5))
    while len(game.search_moves(state)) < 3:
        state = game.apply(state, game.search_moves(state)[0])
    player = game.current_player(state)
    assert player is not None
    return state, game.observe(state, player)


def test_guided_search_expands_the_rollout_policys_move_first() -> None:
    """With ``guided`` the search expands first what the game's rollout policy picks
    among the untried moves (here the last), instead of one at random."""
    game = Counted()
    state, view = _wide_view(game)
    tried = list(game.search_moves(state))
    for iterations in (1, 2):
        bot = MCTSBot(1, MCTSParams(iterations=iterations, rollout_moves=0, guided=True), game)
        assert tried[-iterations:] == sorted(bot.search(view).children, key=tried.index)


def test_cut_off_from_the_root_rolls_deep_paths_out_less() -> None:
    """With ``from_root`` a rollout stops ``rollout_moves`` moves after the root, so the
    moves of the tree count toward the cut-off."""
    counts = []
    for from_root in (False, True):
        game = Counted()
        _, view = _wide_view(game)
        params = MCTSParams(iterations=20, rollout_moves=6, from_root=from_root)
        MCTSBot(1, params, game).search(view)
        counts.append(len(game.played))
    assert 20 * 6 == counts[0]
    assert counts[1] <= 20 * 5


def test_search_flags_by_spec() -> None:
    """``guided`` and ``from_root`` are set by 1 or 0 in a spec (anything else is refused),
    the softmax's ``temperature`` by a number."""
    bot = make_bot("mcts:iterations=5:guided=1:from_root=1:temperature=10")
    assert isinstance(bot, MCTSBot)
    assert (True, True, 10.0) == (bot.params.guided, bot.params.from_root, bot.params.temperature)
    off = make_bot("mcts:guided=0")
    assert isinstance(off, MCTSBot)
    assert not off.params.guided
    with pytest.raises(ValueError, match="is 1 or 0, not 'yes'"):
        make_bot("mcts:guided=yes")


@attrs.frozen
class Asked(PrincesOfFlorence):
    """The Princes of Florence counting the rollout moves it is asked for."""

    name: str = "asked"
    asked: list[int] = attrs.field(factory=lambda: [0])

    def rollout_move(self, state: Any, moves: Any, rng: random.Random) -> Any:
        self.asked[0] += 1
        return super().rollout_move(state, moves, rng)


def test_rollout_explore_draws_that_share_of_rollout_moves_itself() -> None:
    """``rollout_explore`` 1 never asks the game's policy, 0 always does; the search
    stays alike for a seed either way, and a share outside 0..1 is refused."""
    state = GAME.new_game(GameConfig(players=3, seed=4))
    seat = state.current_player
    assert seat is not None
    view = GAME.observe(state, seat)
    moves = GAME.legal_moves(view)
    for share, asked in ((0.0, True), (1.0, False)):
        game = Asked()
        params = MCTSParams(iterations=6, rollout_moves=5, rollout_explore=share, guided=True)
        chosen = [MCTSBot(2, params, game=game).choose(view, moves) for _ in range(2)]
        assert chosen[0] == chosen[1]
        assert (game.asked[0] > 0) is asked
    spec = make_bot("mcts:explore=0.25")
    assert isinstance(spec, MCTSBot)
    assert 0.25 == spec.params.rollout_explore
    for bad in (-0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match="rollout_explore"):
            MCTSParams(rollout_explore=bad)
