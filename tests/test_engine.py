"""The engine's contract: whole games, purity, rejection, notation (R1, R24)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

from helpers import action_phase, after_draft, play
from princes_of_florence import (
    GameConfig,
    IllegalMoveError,
    Pass,
    SellPrestige,
    apply,
    engine,
    free_moves,
    is_legal,
    is_terminal,
    legal_moves,
    move_problem,
    new_game,
    observe,
    outcome,
    parse_move,
    work_preview,
)
from princes_of_florence.bots import RandomBot, play_game
from princes_of_florence.engine import _has_legal_move, apply_with_events
from princes_of_florence.errors import InvalidMoveError
from princes_of_florence.events import (
    MoneyPaid,
    MoneyReceived,
    PhaseStarted,
    PrestigeGained,
    PrestigeLost,
)
from princes_of_florence.ids import Phase
from princes_of_florence.moves import (
    Bid,
    Build,
    ChooseCard,
    EndTurn,
    Move,
    Open,
    PlaceTile,
    Recruit,
)
from princes_of_florence.rules.common import with_player
from princes_of_florence.rules.invariants import state_problems
from princes_of_florence.serialization import dumps, replay
from princes_of_florence.state import Working, replace
from strategies import play_random, played_games

CONFIGURATIONS: tuple[GameConfig, ...] = (
    GameConfig(players=2),
    GameConfig(players=2, hard_freedoms=True),
    GameConfig(players=3),
    GameConfig(players=4),
    GameConfig(players=5),
    GameConfig(players=3, choose_returned_order=True),
    GameConfig(players=2, muse_and_princess=True),
    GameConfig(players=4, muse_and_princess=True),
    GameConfig(players=5, muse_and_princess=True, choose_returned_order=True),
)
"""Every configuration the engine plays (the seed is set per test)."""


@pytest.mark.parametrize("base", CONFIGURATIONS, ids=repr)
@pytest.mark.parametrize("seed", range(4))
def test_random_games_end_after_round_seven(base: GameConfig, seed: int) -> None:
    """Random games of every configuration always end after round 7 with a valid outcome (R24)."""
    config = attrs.evolve(base, seed=seed)
    players = config.players
    bots = [RandomBot(seed * 10 + s) for s in range(players)]
    record = play_game(config, bots)
    final = replay(record)[-1]
    moves = record.moves
    assert is_terminal(final)
    assert (7, Phase.GAME_OVER, None) == (final.round, final.phase, final.current_player)
    assert () == legal_moves(final)
    result = outcome(final)
    best = max(zip(result.prestige, result.money, strict=True))
    expected = tuple(s for s in range(players) if (result.prestige[s], result.money[s]) == best)
    assert expected == result.winners
    assert len(moves) >= players + 7 * 2 * players  # a return, then a decision per phase
    assert () == state_problems(final)


def test_money_and_prestige_follow_the_events() -> None:
    """Money and prestige equal the start plus the events, after every move (R1)."""
    rng = random.Random(5)
    state = new_game(GameConfig(players=4, seed=5))
    money = [p.money for p in state.players]
    prestige = [0] * 4
    phases = []
    while not is_terminal(state):
        choices = legal_moves(state) + free_moves(state)[:1]
        state, events = apply_with_events(state, rng.choice(choices))
        for e in events:
            if isinstance(e, MoneyPaid):
                money[e.player] -= e.amount
            elif isinstance(e, MoneyReceived):
                money[e.player] += e.amount
            elif isinstance(e, PrestigeGained):
                prestige[e.player] += e.points
            elif isinstance(e, PrestigeLost):
                prestige[e.player] -= e.points
            elif isinstance(e, PhaseStarted):
                phases.append((e.round, e.phase))
        assert money == [p.money for p in state.players]
        assert prestige == [p.prestige for p in state.players]
        assert all(m >= 0 and m % 100 == 0 for m in money)
    assert [(r, p) for r in range(1, 8) for p in (Phase.AUCTION, Phase.ACTIONS)] == phases


def test_apply_never_changes_its_input() -> None:
    """apply returns a new state and leaves the old one equal to what it was."""
    rng = random.Random(1)
    state = new_game(GameConfig(players=3, seed=1))
    for _ in range(300):
        if is_terminal(state):
            break
        before = state
        snapshot = repr(state)
        state = apply(state, rng.choice(legal_moves(state)))
        assert snapshot == repr(before)
        assert state is not before


def test_illegal_move_raises_and_changes_nothing() -> None:
    """An illegal move raises IllegalMoveError naming move, player and reason."""
    state = new_game(GameConfig(players=3, seed=0))
    with pytest.raises(IllegalMoveError, match=r"illegal move 'pass' by player 0: every player"):
        apply(state, Pass())
    assert new_game(GameConfig(players=3, seed=0)) == state


@pytest.mark.parametrize("player", [False, 0.0])
def test_a_player_that_only_equals_a_number_is_refused(player: Any) -> None:
    """A move just offered by legal_moves, sent with False or 0.0 as player, is refused.

    Both compare equal to player 0 but are not a player; the check of an
    offered move says so as move_problem does, instead of applying it.
    """
    state = new_game(GameConfig(players=3, seed=3))
    move = legal_moves(state)[0]
    assert move_problem(state, move, player) is not None
    with pytest.raises(IllegalMoveError, match="a player is a number from 0 to 2"):
        apply(state, move, player)
    with pytest.raises(IllegalMoveError, match="a player is a number from 0 to 2"):
        apply_with_events(state, move, player)
    assert is_legal(state, move, player) is False


def test_sell_prestige_is_free_and_bounded() -> None:
    """Selling prestige is a free move, from 1 to the player's points, never below 0 (R3, D10)."""
    state = new_game(GameConfig(players=3, seed=0))
    assert () == free_moves(state)
    assert "no prestige point to sell now (ruling R3)" in (
        move_problem(state, SellPrestige(1)) or ""
    )
    rich = with_player(state, 0, attrs.evolve(state.players[0], prestige=2))
    assert (SellPrestige(1), SellPrestige(2)) == free_moves(rich)
    assert move_problem(rich, SellPrestige(2)) is None
    assert "can sell 1 to 2 prestige points, not 3" in (move_problem(rich, SellPrestige(3)) or "")


def test_every_legal_move_round_trips_through_notation() -> None:
    """str(move) parses back to the same move for every move met in random games."""
    rng = random.Random(2)
    for seed in range(2):
        state = new_game(GameConfig(players=4, seed=seed))
        while not is_terminal(state):
            moves = legal_moves(state)
            for move in moves:
                assert move == parse_move(str(move))
            state = apply(state, rng.choice(moves))


def test_every_kind_of_move_has_one_handler() -> None:
    """apply finds each move's handler by its class: every member of Move has one."""
    from typing import get_args

    from princes_of_florence.engine import _HANDLERS
    from princes_of_florence.moves import Move

    assert set(_HANDLERS) == set(get_args(Move))
    for kind in _HANDLERS:
        assert kind.__subclasses__() == []  # a subclass would miss the look-up


def test_same_seed_same_game() -> None:
    """The same seed and moves give the same states (determinism)."""
    bots_a = [RandomBot(s) for s in range(4)]
    bots_b = [RandomBot(s) for s in range(4)]
    a = play_game(GameConfig(players=4, seed=9), bots_a)
    b = play_game(GameConfig(players=4, seed=9), bots_b)
    assert a == b


def test_reached_states_break_no_invariant() -> None:
    """States reached by random play (selling prestige too) satisfy every invariant."""
    rng = random.Random(11)
    for seed in range(3):
        state = new_game(GameConfig(players=3 + seed, seed=seed))
        while not is_terminal(state):
            state = apply(state, rng.choice(legal_moves(state) + free_moves(state)[:1]))
            assert () == state_problems(state)


def test_tampered_state_is_reported() -> None:
    """A card in two places and negative money are named by state_problems."""
    state = new_game(GameConfig(players=3, seed=0))
    card = state.person_deck[0]
    bad = attrs.evolve(state, person_deck=(card, *state.person_deck))
    assert any(f"person {card} is in 2 places" in p for p in state_problems(bad))
    poor = with_player(state, 1, attrs.evolve(state.players[1], money=-100))
    assert ("player 1 has -100 florins (ruling R2) @ players[1].money",) == state_problems(poor)


def test_a_decider_out_of_turn_is_reported() -> None:
    """Who decides must follow the phase's record: draft, opener, bidder, turn (R8, R13, R17)."""
    draft = new_game(GameConfig(players=3, seed=0))
    assert any("drafts out of turn" in p for p in state_problems(replace(draft, current_player=2)))
    auction = after_draft(players=4)
    assert () == state_problems(auction)
    wrong_opener = replace(auction, current_player=1)
    assert any("opens, not the next player" in p for p in state_problems(wrong_opener))
    bidding, _ = play(auction, "open jester")
    assert () == state_problems(bidding)
    assert bidding.auction is not None
    stray = replace(bidding, auction=replace(bidding.auction, high_bidder=None))
    assert any("high bidder None is not bidding" in p for p in state_problems(stray))
    own_bid = replace(bidding, current_player=0)
    assert any("is not a bidder facing a higher bid" in p for p in state_problems(own_bid))
    turn = action_phase(players=4)
    assert () == state_problems(turn)
    assert any("plays out of turn" in p for p in state_problems(replace(turn, current_player=3)))
    assert turn.turn is not None
    over = replace(turn, turn=replace(turn.turn, works=3, actions=3))
    assert any("3 works this turn, the limit is 2" in p for p in state_problems(over))


def test_a_pending_decision_that_cannot_arise_is_reported() -> None:
    """A building waiting to be placed in phase A, or one its builder cannot pay for (R4)."""
    state = action_phase(players=3)
    state, _ = play(state, "build tower")
    assert () == state_problems(state)
    broke = with_player(state, 0, replace(state.players[0], money=600))
    assert any("cannot pay for the tower" in p for p in state_problems(broke))
    auction = after_draft(players=3)
    wrong = replace(auction, pending=state.pending)
    assert any("cannot arise for player 0 in auction" in p for p in state_problems(wrong))


def test_a_move_offered_for_one_state_is_checked_again_in_another() -> None:
    """apply trusts a move object only for the state legal_moves just offered it for."""
    draft = new_game(GameConfig(players=3))
    auction = after_draft(players=3)
    offered = legal_moves(auction)[0]
    assert str(offered).startswith("open ")
    assert legal_moves(auction)[0] is offered  # the answer for `auction` is remembered
    with pytest.raises(IllegalMoveError, match="return one of the four starting persons"):
        apply(draft, offered)
    legal_moves(auction)
    seat = auction.current_player
    assert seat is not None
    other = (seat + 1) % 3
    with pytest.raises(IllegalMoveError, match=f"not player {other}'s"):
        apply(auction, offered, player=other)
    assert apply(auction, offered, player=seat) == apply(auction, attrs.evolve(offered))


def test_a_move_from_the_wrong_seat_is_refused_for_that_reason_only() -> None:
    """With ``player`` given, another seat learns only whose decision it is (R5)."""
    state = after_draft(players=4, seed=3)
    state, _ = play(state, "open prestige", "pass", "pass", "pass")
    assert state.pending is not None  # player 0 chooses from prestige cards only it sees
    secret = parse_move("choose P01")
    for seat in (1, 2, 3):
        problem = move_problem(state, secret, player=seat)
        assert f"it is player 0's decision, not player {seat}'s" == problem
        with pytest.raises(IllegalMoveError, match=f"by player {seat}: it is player 0's") as e:
            apply(state, secret, player=seat)
        assert "shown" not in str(e.value)
    # The seat to decide gets the full answer, as without ``player``.
    assert move_problem(state, secret) == move_problem(state, secret, player=0)
    move = legal_moves(state)[0]
    assert apply(state, move) == apply(state, move, player=0)


def test_a_player_that_is_not_a_seat_is_named() -> None:
    """A seat out of range (or not a number) is refused, before anything else."""
    state = new_game(GameConfig(players=3))
    move = legal_moves(state)[0]
    assert "there is no player 3 in a game of 3" == move_problem(state, move, player=3)
    assert "there is no player -1 in a game of 3" == move_problem(state, move, player=-1)
    assert "a player is a number from 0 to 2, not a str" == move_problem(
        state,
        move,
        player="0",  # type: ignore[arg-type]
    )
    for lookalike in (0.0, True, 10**5000):
        assert move_problem(state, move, player=lookalike) is not None  # type: ignore[arg-type]
    # A seat of a million or more is not spelled out (its digits could be endless).
    for seat, shown in ((999_999, "999999"), (10**6, "out of range"), (-(10**6), "out of range")):
        expected = f"there is no player {shown} in a game of 3"
        assert expected == move_problem(state, move, player=seat)
    assert "there is no player out of range in a game of 3" == move_problem(
        state, move, player=10**5000
    )


def _lookalikes(move: Move) -> list[object]:
    """Copies of ``move`` that ``==`` might confuse with it, or that break its types."""

    class Sub(type(move)):  # type: ignore[misc]  # a subclass, on purpose
        pass

    fakes: list[object] = [Sub(*attrs.astuple(move, recurse=False)), None, str(move)]
    for field in attrs.fields(type(move)):
        value = getattr(move, field.name)
        twin = float(value) if type(value) is int else 1.5
        for fake in (str(value), twin, None, [value], 10**5000, -1, True):
            if type(fake) is not type(value):  # a cell string is its own text
                changes: dict[str, Any] = {field.name: fake}
                fakes.append(attrs.evolve(move, **changes))
    return fakes


def test_a_look_alike_of_a_legal_move_is_refused_by_type() -> None:
    """A legal move's copy with a string, float, list or None field, or of a subclass, is
    refused as malformed by every entry point, and nothing changes (defect class 1)."""
    kinds_seen: set[type] = set()
    for seed in range(3):
        bots = [RandomBot(s, sell_chance=0.0) for s in range(4)]
        moves = play_game(GameConfig(players=4, seed=seed), bots).moves
        state = new_game(GameConfig(players=4, seed=seed))
        for move in moves:
            if type(move) not in kinds_seen:
                kinds_seen.add(type(move))
                before = dumps(state)
                for fake in _lookalikes(move):
                    assert move_problem(state, fake) is not None  # type: ignore[arg-type]
                    assert not is_legal(state, fake)  # type: ignore[arg-type]
                    with pytest.raises(InvalidMoveError):
                        apply(state, fake)  # type: ignore[arg-type]
                    with pytest.raises(InvalidMoveError):
                        apply_with_events(state, fake)  # type: ignore[arg-type]
                assert before == dumps(state)
            state = apply(state, move)
    assert len(kinds_seen) >= 15


@pytest.mark.parametrize(
    ("fake", "field"),
    [
        (Bid(300.0), "Bid.amount"),  # type: ignore[arg-type]
        (Build("university"), "Build.building"),  # type: ignore[arg-type]
        (ChooseCard("B02"), "ChooseCard.card"),  # type: ignore[arg-type]
        (PlaceTile(123), "PlaceTile.cells"),  # type: ignore[arg-type]
        (Recruit(None, None), "Recruit.from_player"),  # type: ignore[arg-type]
        (Open(7), "Open.stack"),  # type: ignore[arg-type]
    ],
)
def test_the_malformed_moves_of_the_report_name_their_field(fake: Move, field: str) -> None:
    """Each look-alike reported as accepted or crashing now names the field at fault."""
    state = action_phase()
    with pytest.raises(InvalidMoveError, match=field):
        apply(state, fake)


def test_no_seat_may_move_once_the_game_is_over() -> None:
    """After the end every seat is told the game is over."""
    final = replay(play_game(GameConfig(players=3, seed=1), [RandomBot(s) for s in range(3)]))[-1]
    for seat in range(3):
        assert "the game is over" == move_problem(final, Pass(), player=seat)


@settings(max_examples=25)
@given(played_games())
def test_has_legal_move_is_whether_legal_moves_lists_one(game: Any) -> None:
    """The loaders' quick test agrees with legal_moves in every state of a game, of every
    configuration; in phase B with nothing pending ending the turn is always legal (R17)."""
    for state in game.states:
        offered = legal_moves(state)
        assert _has_legal_move(state) is bool(offered)
        if state.phase is Phase.ACTIONS and state.pending is None:
            assert EndTurn() in offered


def test_has_legal_move_sees_a_work_that_can_no_longer_reach_the_minimum() -> None:
    """In phase B with a work pending, there may be no move at all (round 7's minimum)."""
    game = play_random(GameConfig(players=4, seed=77), 7, sell_chance=0.1)
    stuck = [
        late
        for late in (replace(s, round=7) for s in game.states if isinstance(s.pending, Working))
        if not legal_moves(late)
    ]
    assert stuck
    assert not any(_has_legal_move(state) for state in stuck)


def test_a_move_offered_for_this_very_state_is_applied_without_a_second_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """apply trusts the objects legal_moves just gave for the same state, and checks the rest."""
    asked: list[Move] = []
    original = engine.move_problem

    def counting(state: Any, move: Move, player: int | None = None) -> str | None:
        asked.append(move)
        return original(state, move, player)

    monkeypatch.setattr(engine, "move_problem", counting)
    state = after_draft(3)
    offered = legal_moves(state)
    seat = state.current_player
    assert seat is not None
    apply(state, offered[0])
    apply(state, offered[-1], player=seat)
    assert [] == asked
    copy = attrs.evolve(offered[0])  # equal, not the object offered
    apply(state, copy)
    with pytest.raises(IllegalMoveError, match="not a float"):
        apply(state, offered[0], player=float(seat))  # type: ignore[arg-type]
    assert [copy] == asked[:1]
    assert 2 == len(asked)
    asked.clear()
    later = apply(state, offered[0])
    apply(later, legal_moves(later)[0])
    apply(state, offered[0])  # offered for an earlier state: checked again
    assert [offered[0]] == asked


@pytest.mark.parametrize(
    "config",
    [
        GameConfig(players=2, seed=3),
        GameConfig(players=4, seed=6, hidden_money=True, muse_and_princess=True),
        GameConfig(players=3, seed=7, muse_and_princess=True, cooperative_building=True),
    ],
    ids=["two players", "muse and princess", "cooperative"],
)
def test_legal_and_free_moves_of_a_view_are_the_states(config: GameConfig) -> None:
    """For every option set, the decider's view lists the state's moves and sales; others none."""
    rng = random.Random(config.seed)
    state = new_game(config)
    sold = 0
    while not is_terminal(state):
        player = state.current_player
        if player is None:  # a chance node: nobody's view decides
            assert all(() == legal_moves(observe(state, p)) for p in range(config.players))
            state = apply(state, rng.choice(legal_moves(state)))
            continue
        view = observe(state, player)
        assert (legal_moves(state), free_moves(state)) == (legal_moves(view), free_moves(view))
        assert work_preview(state) == work_preview(view)
        other = observe(state, (player + 1) % config.players)
        assert ((), ()) == (legal_moves(other), free_moves(other))
        sold += len(free_moves(state))
        state = apply(state, rng.choice(legal_moves(state)))
    assert (sold == 0) is config.muse_and_princess  # ruling R27: no sales with Muse & Princess
