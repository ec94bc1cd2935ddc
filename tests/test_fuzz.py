"""Hostile input at every entry point: only the package's errors, bounded work, no change.

Each test feeds inputs from :mod:`fuzz_strategies` (valid things broken on purpose) to
the public entry points (the engine, the loaders, the encoding, the functions of a
state or a view, and the PettingZoo and OpenSpiel adapters, whose tests are skipped
without their extras) and asserts that every answer is a result or a
:class:`PrincesOfFlorenceError` with a short message, that nothing given is changed,
and that whatever is accepted is within :mod:`princes_of_florence.limits`, which bound
the work of every later call.  Every state accepted has legal moves that apply, and
plays to the end.  The command line (``main``) answers with exit status 0 or 2 and a
refusal of one line, never a traceback.  Work is bounded by sizes, never timed.  Each
test counts the inputs it tried per entry point and shows them in the ``figures`` summary.
"""

from __future__ import annotations

import importlib
import io
import math
import random
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzz_strategies import (
    GAME_KINDS,
    KINDS,
    action_values,
    command_lines,
    documents,
    game_documents,
    hostile_values,
    move_texts,
    moves_for,
    mutated_texts,
    nudged_states,
    samples,
)
from princes_of_florence import (
    IllegalMoveError,
    InvalidMoveError,
    PrincesOfFlorenceError,
    SerializationError,
    apply,
    cli,
    free_moves,
    games,
    is_legal,
    is_terminal,
    legal_moves,
    move_problem,
    outcome,
    parse_move,
    prestige_card_scores,
    render_table_text,
    render_text,
    work_preview,
)
from princes_of_florence import bench as bench_module
from princes_of_florence import errors as library_errors
from princes_of_florence.bots import RandomBot
from princes_of_florence.cli import main
from princes_of_florence.encoding import (
    ACTION_COUNT,
    action_mask,
    action_move,
    decode_move,
    encode_move,
    legal_actions,
)
from princes_of_florence.engine import apply_with_events
from princes_of_florence.limits import (
    MAX_DOCUMENT_CHARS,
    MAX_ITEMS,
    MAX_MONEY,
    MAX_PRESTIGE,
)
from princes_of_florence.moves import move_shape_problem
from princes_of_florence.observation import determinize, observe
from princes_of_florence.rules.invariants import state_problems
from princes_of_florence.serialization import (
    dumps,
    load_config,
    load_event,
    load_events,
    load_move,
    load_record,
    load_state,
    load_view,
    record_from_text,
    record_to_text,
)
from princes_of_florence.state import GameState

_PROFILE_EXAMPLES = settings().max_examples  # the profile loaded by conftest.py
EXAMPLES = _PROFILE_EXAMPLES * 2 if _PROFILE_EXAMPLES >= 200 else _PROFILE_EXAMPLES
"""Inputs per entry point: twice the thorough profile's count in CI (400; the whole
module, adapters included, takes about three minutes on a shared 2-core machine), the
quick profile's count locally (30)."""

fuzz = settings(max_examples=EXAMPLES)
"""The settings of every fuzz run."""

MAX_MESSAGE = 2_000
"""The longest error message any input may produce."""

MAX_OFFERED = 2 * MAX_PRESTIGE
"""The most moves legal_moves and free_moves may list together for an accepted state."""

LOADERS: dict[str, Callable[[str | bytes], object]] = {
    "state": load_state,
    "view": load_view,
    "move": load_move,
    "event": load_event,
    "events": load_events,
    "config": load_config,
    "record": load_record,
}


def _answer(call: Callable[[], Any]) -> Any:
    """The result of ``call``, or the package error it raised (a short one)."""
    try:
        return call()
    except PrincesOfFlorenceError as error:
        caught = error
    assert len(str(caught)) <= MAX_MESSAGE, str(caught)[:300]
    return caught


def _fingerprint(value: Any) -> Any:
    """Something equal for equal values, to tell that an input was not changed."""
    if attrs.has(type(value)):
        fields = attrs.fields(type(value))
        return (type(value), tuple(_fingerprint(getattr(value, f.name, None)) for f in fields))
    if isinstance(value, list | tuple):
        return (type(value), tuple(_fingerprint(v) for v in value))
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    return (type(value), id(value) if not _hashable(value) else value)


def _hashable(value: object) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _report(lines: list[str], name: str, counts: Counter[str]) -> None:
    tried = ", ".join(f"{entry} {count}" for entry, count in sorted(counts.items()))
    lines.append(f"fuzz {name}: {tried}")


def _bounded(state: GameState, playable: bool = True) -> None:
    """A state accepted from outside is within the limits, so every call on it is cheap."""
    for player in state.players:
        assert 0 <= player.money <= MAX_MONEY
        assert 0 <= player.prestige <= MAX_PRESTIGE
    if playable and not is_terminal(state):
        assert 1 <= len(legal_moves(state)) + len(free_moves(state)) <= MAX_OFFERED


def test_hostile_moves_and_players(summary_lines: list[str]) -> None:
    """apply, apply_with_events, move_problem and is_legal answer any move and player."""
    counts: Counter[str] = Counter()

    @fuzz
    @given(samples(), st.data())
    def run(sample: Any, data: st.DataObject) -> None:
        state = sample.state
        move: Any = data.draw(moves_for(state))
        player = data.draw(st.one_of(st.none(), st.integers(-1, 5), hostile_values()))
        before = dumps(state), _fingerprint(move), _fingerprint(player)
        problem = _answer(lambda: move_problem(state, move, player))
        legal = _answer(lambda: is_legal(state, move, player))
        assert problem is None or (type(problem) is str and 0 < len(problem) <= MAX_MESSAGE)
        assert legal is (problem is None)
        entries: tuple[Callable[..., Any], ...] = (apply, apply_with_events)
        for entry in entries:
            answer = _answer(partial(entry, state, move, player))
            if problem is None:
                assert not isinstance(answer, PrincesOfFlorenceError), answer
            else:
                expected = (
                    IllegalMoveError if move_shape_problem(move) is None else InvalidMoveError
                )
                assert type(answer) is expected, (answer, problem)
                assert problem in str(answer)
            counts[entry.__name__] += 1
        counts["move_problem"] += 1
        counts["is_legal"] += 1
        assert before == (dumps(state), _fingerprint(move), _fingerprint(player))

    run()
    _report(summary_lines, "moves", counts)


def test_hostile_move_text(summary_lines: list[str]) -> None:
    """parse_move reads a well-formed, bounded move or raises InvalidMoveError."""
    counts: Counter[str] = Counter()

    @fuzz
    @given(samples().flatmap(move_texts) | st.text(max_size=80) | st.binary(max_size=8))
    def run(text: Any) -> None:
        answer = _answer(lambda: parse_move(text))
        if not isinstance(answer, PrincesOfFlorenceError):
            assert move_shape_problem(answer) is None
            assert answer == parse_move(str(answer))
        else:
            assert isinstance(answer, InvalidMoveError)
        counts["parse_move"] += 1

    run()
    _report(summary_lines, "move text", counts)


@pytest.mark.parametrize("kind", KINDS)
def test_hostile_documents(kind: str, summary_lines: list[str]) -> None:
    """Every load_* function answers a broken document with a SerializationError, and
    refuses a document over the size limit before reading it."""
    counts: Counter[str] = Counter()
    load = LOADERS[kind]

    @fuzz
    @given(documents(kind), st.booleans())
    def run(made: tuple[str, str], as_bytes: bool) -> None:
        text, _source = made
        answer = _answer(lambda: load(text.encode() if as_bytes else text))
        counts[load.__name__] += 1
        if isinstance(answer, PrincesOfFlorenceError):
            assert isinstance(answer, SerializationError)
            if len(text) > MAX_DOCUMENT_CHARS:
                assert "characters; at most" in str(answer)
            return
        assert len(text) <= MAX_DOCUMENT_CHARS
        if isinstance(answer, GameState):
            _bounded(answer)
        if kind == "record":
            assert len(answer.moves) <= MAX_ITEMS
        assert dumps(answer) == dumps(load(dumps(answer)))

    run()
    _report(summary_lines, f"{kind} documents", counts)


def _error_of(name: str) -> type[SerializationError]:
    """The game's own SerializationError: that of its errors module, else the library's."""
    package = type(games.get(name)).__module__.rpartition(".")[0]
    try:
        errors_module = importlib.import_module(f"{package}.errors")
    except ImportError:
        return library_errors.SerializationError
    error: type[SerializationError] = errors_module.SerializationError
    return error


def _max_chars(name: str) -> int:
    """The longest document the game reads: its envelope's bound, else the library's."""
    package = type(games.get(name)).__module__.rpartition(".")[0]
    try:
        module = importlib.import_module(f"{package}.serialization")
    except ImportError:
        return MAX_DOCUMENT_CHARS
    return int(getattr(module, "MAX_DOCUMENT_CHARS", MAX_DOCUMENT_CHARS))


@pytest.mark.parametrize("name", games.names())
def test_hostile_documents_of_every_game(name: str, summary_lines: list[str]) -> None:
    """Every game's loaders, called through its protocol, answer a broken or hostile
    document with that game's own SerializationError (a text with a key twice, NaN,
    bytes that are not UTF-8, too many digits or too many characters always), and what
    they accept writes back to the same text and, for a state, can be played on."""
    counts: Counter[str] = Counter()
    game: Any = games.get(name)
    error = _error_of(name)
    max_chars = _max_chars(name)
    loaders = {kind: getattr(game, f"load_{kind}") for kind in GAME_KINDS}

    @fuzz
    @given(game_documents(name, max_chars), st.booleans())
    def run(made: tuple[str, Any, str, bool], as_bytes: bool) -> None:
        kind, text, _source, hostile = made
        if as_bytes and isinstance(text, str):
            text = text.encode()
        answer = _answer(lambda: loaders[kind](text))
        counts[f"load_{kind}"] += 1
        if isinstance(answer, PrincesOfFlorenceError):
            assert type(answer) is error, (type(answer), answer)
            if len(text) > max_chars:
                assert "characters; at most" in str(answer)
            counts["refused"] += 1
            return
        assert not hostile, f"a hostile text was read: {str(text)[:200]!r}"
        assert len(text) <= max_chars
        written = game.dumps(answer)
        assert game.dumps(loaders[kind](written)) == written
        if kind == "state" and not game.is_terminal(answer):
            offered = game.legal_moves(answer)
            assert offered, "an accepted state that is not over offers a move"
            game.apply(answer, offered[0])
        counts["accepted"] += 1

    run()
    _report(summary_lines, f"{name} documents", counts)


def test_hostile_text_records(summary_lines: list[str]) -> None:
    """record_from_text answers broken records with a SerializationError naming a line."""
    counts: Counter[str] = Counter()

    @fuzz
    @given(documents("record"), st.data())
    def run(made: tuple[str, str], data: st.DataObject) -> None:
        text, _source = made
        record = _answer(lambda: load_record(text))
        if isinstance(record, PrincesOfFlorenceError):
            lines = ["# players 3", "# seed 1", "return poet"]
        else:
            lines = record_to_text(record).splitlines()
        index = data.draw(st.integers(0, len(lines)))
        extra = data.draw(
            st.sampled_from(["# seed " + "9" * 4_400, "# players -1", "bid " + "1" * 30, ""])
            | st.text(max_size=20)
        )
        lines.insert(index, extra)
        answer = _answer(lambda: record_from_text("\n".join(lines)))
        if isinstance(answer, PrincesOfFlorenceError):
            assert isinstance(answer, SerializationError)
        counts["record_from_text"] += 1

    run()
    _report(summary_lines, "text records", counts)


def test_hostile_players_and_money_for_views(summary_lines: list[str]) -> None:
    """observe and determinize answer any player or money guess, changing nothing."""
    counts: Counter[str] = Counter()

    @fuzz
    @given(samples(), st.data())
    def run(sample: Any, data: st.DataObject) -> None:
        state = sample.state
        before = dumps(state)
        player = data.draw(st.integers(-1, 5) | hostile_values())
        view = _answer(lambda: observe(state, player))
        counts["observe"] += 1
        if isinstance(view, PrincesOfFlorenceError):
            view = observe(state, 0)
        money = data.draw(
            st.none()
            | st.lists(st.integers(0, 40).map(lambda k: k * 100) | hostile_values(), max_size=6)
            | hostile_values()
        )
        snapshot = _fingerprint(money)
        guess = _answer(lambda: determinize(view, random.Random(0), money))
        counts["determinize"] += 1
        if not isinstance(guess, PrincesOfFlorenceError):
            assert observe(guess, view.player) == view
            _bounded(guess, playable=view.current_player == view.player)
        assert snapshot == _fingerprint(money)
        assert before == dumps(state)

    run()
    _report(summary_lines, "views", counts)


def _every_move_applies(state: GameState) -> None:
    """Each legal move of ``state`` applies (no assertion of the rules fails) and leaves a
    state that breaks no invariant either."""
    for move in legal_moves(state):
        after = apply(state, move)
        assert () == state_problems(after), (str(move), state_problems(after)[:2])


def _plays_to_the_end(state: GameState, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(5_000):  # a game has a few hundred moves
        if is_terminal(state):
            return
        moves = legal_moves(state)
        assert moves, "a live state with no legal move"
        state = apply(state, moves[int(rng.random() * len(moves))])
    raise AssertionError("the game did not end")


def test_any_accepted_state_plays_to_the_end(summary_lines: list[str]) -> None:
    """A state load_state accepts, however it was made, plays to the end by random moves,
    and every one of its legal moves applies."""
    counts: Counter[str] = Counter()

    @fuzz
    @given(documents("state"), st.integers(0, 2**16))
    def run(made: tuple[str, str], seed: int) -> None:
        state = _answer(lambda: load_state(made[0]))
        counts["load_state"] += 1
        if isinstance(state, PrincesOfFlorenceError):
            return
        counts["accepted and played"] += 1
        _every_move_applies(state)
        _plays_to_the_end(state, seed)

    run()
    _report(summary_lines, "playable states", counts)


# ---------------------------------------------------------------------------
# The encoding: action ids, moves and tables of any kind


def _offered(state: GameState) -> tuple[Any, ...]:
    return (*legal_moves(state), *free_moves(state))


def test_hostile_actions(summary_lines: list[str]) -> None:
    """action_move and decode_move (of a state and of a view) answer any action with a
    legal move or an InvalidMoveError or IllegalMoveError, changing nothing."""
    counts: Counter[str] = Counter()

    @fuzz
    @given(samples(), action_values(), st.integers(0, 4))
    def run(sample: Any, action: Any, seat: int) -> None:
        state = sample.state
        before = dumps(state), _fingerprint(action)
        move = _answer(lambda: action_move(action))
        counts["action_move"] += 1
        decoded = _answer(lambda: decode_move(state, action))
        counts["decode_move (state)"] += 1
        if isinstance(move, PrincesOfFlorenceError):
            assert isinstance(move, InvalidMoveError)
            assert type(decoded) is InvalidMoveError
        elif isinstance(decoded, PrincesOfFlorenceError):
            assert isinstance(decoded, IllegalMoveError)
        else:
            assert decoded == move
            assert any(decoded is offered for offered in _offered(state))
        view = observe(state, seat % len(state.players))
        from_view = _answer(lambda: decode_move(view, action))
        counts["decode_move (view)"] += 1
        if not isinstance(from_view, PrincesOfFlorenceError):
            assert view.current_player == view.player
            assert from_view == decoded
        assert before == (dumps(state), _fingerprint(action))

    run()
    _report(summary_lines, "actions", counts)


def test_hostile_moves_to_encode(summary_lines: list[str]) -> None:
    """encode_move gives an id only to a well-formed move of the action space (Bid(300.0)
    has none), and the id stands for that move."""
    counts: Counter[str] = Counter()

    @fuzz
    @given(samples(), st.data())
    def run(sample: Any, data: st.DataObject) -> None:
        move: Any = data.draw(moves_for(sample.state))
        before = _fingerprint(move)
        action = _answer(lambda: encode_move(move))
        counts["encode_move"] += 1
        if isinstance(action, PrincesOfFlorenceError):
            assert isinstance(action, InvalidMoveError)
        else:
            assert type(action) is int
            assert 0 <= action < ACTION_COUNT
            # Bids above MAX_MONEY have ids, but are out of the limits a move is read within.
            shape = move_shape_problem(move)
            assert shape is None or "must be 0 to" in shape
            known = action_move(action)
            assert known == move
            assert dumps(known) == dumps(move)  # the same fields, of the same types
        assert before == _fingerprint(move)

    run()
    _report(summary_lines, "moves to encode", counts)


def test_hostile_tables(summary_lines: list[str]) -> None:
    """Every function of a state or a view answers anything else, or a view relabelled as
    another player's, with a package error: no AttributeError, no failed assertion."""
    counts: Counter[str] = Counter()
    entries: dict[str, Callable[[Any], object]] = {
        "legal_actions": legal_actions,
        "action_mask": action_mask,
        "decode_move": lambda table: decode_move(table, 0),
        "legal_moves": legal_moves,
        "is_terminal": is_terminal,
        "outcome": outcome,
        "work_preview": work_preview,
        "prestige_card_scores": prestige_card_scores,
        "render_table_text": render_table_text,
        "render_text": render_text,
        "determinize": lambda table: determinize(table, random.Random(0)),
    }

    @fuzz
    @given(samples(), st.integers(0, 4), st.integers(0, 4), hostile_values())
    def run(sample: Any, seat: int, label: int, value: Any) -> None:
        state = sample.state
        count = len(state.players)
        relabelled = attrs.evolve(observe(state, seat % count), player=label % count)
        before = _fingerprint(value)
        for name, entry in entries.items():
            for table in (value, relabelled):
                _answer(partial(entry, table))
                counts[name] += 1
        assert before == _fingerprint(value)

    run()
    _report(summary_lines, "tables", counts)


# ---------------------------------------------------------------------------
# The adapters: PettingZoo's step and observe, OpenSpiel's apply_action and
# deserialize_state.  Each input first plays a random number of legal steps
# from a fresh game, so that the hostile one meets every kind of decision.

ADAPTER_STEPS = 60
"""The most legal steps played before each hostile input to an adapter."""


def _numpy_integers(action: Any) -> Any:
    """``action`` as a numpy integer where it fits one, to try the types step takes."""
    import numpy as np

    if type(action) is int and 0 <= action < 2**63:
        return np.int64(action)
    return action


def test_hostile_pettingzoo_steps(summary_lines: list[str]) -> None:
    """PettingZoo's step answers any action (numpy integers, floats, text, None) with a
    step or a package error that changes nothing; observe answers any agent name."""
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
    import numpy as np

    from princes_of_florence.adapters.pettingzoo import env

    counts: Counter[str] = Counter()
    game = env(players=3, muse_and_princess=True)

    @fuzz
    @given(
        st.integers(0, 2**16),
        st.integers(0, ADAPTER_STEPS),
        action_values() | st.none() | action_values().map(_numpy_integers),
        st.sampled_from(["player_0", "player_2", "player_3", "player_", "", "0"])
        | hostile_values(),
    )
    def run(seed: int, steps: int, action: Any, agent: Any) -> None:
        game.reset(seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if not game.agents or is_terminal(game.state):
                break
            game.step(rng.choice(legal_actions(game.state)))
        before = game.state, game.agent_selection, dict(game.rewards)
        answer = _answer(lambda: game.step(action))
        counts["step"] += 1
        if isinstance(answer, PrincesOfFlorenceError):
            assert before == (game.state, game.agent_selection, dict(game.rewards))
        else:
            legal = isinstance(action, int | np.integer) and not isinstance(action, bool)
            assert legal or (action is None and before[0] is game.state)
        seen = _answer(lambda: game.observe(agent))
        counts["observe"] += 1
        if not isinstance(seen, PrincesOfFlorenceError):
            assert agent in game.possible_agents
            assert seen["action_mask"].dtype == np.int8

    run()
    _report(summary_lines, "pettingzoo", counts)


def test_hostile_openspiel_actions_and_texts(summary_lines: list[str]) -> None:
    """OpenSpiel's apply_action answers any integer with a step or a package error,
    recording nothing; deserialize_state answers any text with a SerializationError or
    the very state serialized, and no text unpickles."""
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    import princes_of_florence.adapters.openspiel  # noqa: F401  # registers the game

    counts: Counter[str] = Counter()
    game = pyspiel.load_game("python_princes_of_florence", {"players": 3})

    @fuzz
    @given(
        st.integers(0, 2**16),
        st.integers(0, ADAPTER_STEPS),
        st.integers(-3, ACTION_COUNT + 3) | st.integers(-(2**63) + 1, 2**63 - 1),
        st.data(),
    )
    def run(seed: int, steps: int, action: int, data: st.DataObject) -> None:
        state = game.new_initial_state()
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_terminal():
                break
            options = state.chance_outcomes() if state.is_chance_node() else None
            state.apply_action(
                rng.choice(options)[0] if options else rng.choice(state.legal_actions())
            )
        history, game_state = state.history(), state.game_state
        if action != -1:  # OpenSpiel refuses its invalid action itself, before the game
            answer = _answer(lambda: state.apply_action(action))
            counts["apply_action"] += 1
            if isinstance(answer, PrincesOfFlorenceError):
                assert isinstance(answer, InvalidMoveError | IllegalMoveError)
                assert (history, game_state) == (state.history(), state.game_state)
            else:
                assert [*history, action] == state.history()
        text = state.serialize()
        broken = data.draw(mutated_texts(text) | st.text(max_size=40) | st.just(text))
        read = _answer(lambda: game.deserialize_state(broken))
        counts["deserialize_state"] += 1
        if isinstance(read, PrincesOfFlorenceError):
            assert isinstance(read, SerializationError)
        else:
            assert read.serialize() == broken or read.game_state == state.game_state

    run()
    _report(summary_lines, "openspiel", counts)


def test_a_number_nudged_leaves_no_accepted_state_stuck(summary_lines: list[str]) -> None:
    """One integer of a played state moved a little (a character bid one step above the
    bidder's cash, a best work below the round's minimum, the Banker's money a round
    ahead): load_state refuses it, or every legal move of it applies and it plays on."""
    counts: Counter[str] = Counter()

    @fuzz
    @given(nudged_states(), st.integers(0, 2**16))
    def run(text: str, seed: int) -> None:
        state = _answer(lambda: load_state(text))
        counts["load_state"] += 1
        if isinstance(state, PrincesOfFlorenceError):
            assert isinstance(state, SerializationError)
            return
        counts["accepted and played"] += 1
        _bounded(state)
        _every_move_applies(state)
        _plays_to_the_end(state, seed)

    run()
    _report(summary_lines, "nudged states", counts)


def _cli_error_is_one_line(err: str) -> None:
    """Standard error of a refusal: no traceback, and the reason on one line (after
    argparse's usage, for an option it refuses itself)."""
    assert "Traceback" not in err, err[-500:]
    lines = err.rstrip("\n").split("\n")
    reason = lines[-1]
    assert reason.startswith("error: ") or ": error: " in reason, err[-500:]
    assert all(line.startswith(("usage:", " ")) for line in lines[:-1]), err[-500:]


def test_hostile_command_lines(
    summary_lines: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """main() answers any argument list, any file to replay and any standard input with
    exit status 0 or 2, and a refusal with one line on standard error, never a traceback.

    Work is bounded: every bot named is checked by make_bot and then played by a random
    bot, the benchmarks measure nothing, tournaments play in this process, and numbers of
    several digits after --games, --seconds or --workers become 2.
    """
    counts: Counter[str] = Counter()
    real_make_bot = tournament_module.make_bot

    def checked_random_bot(spec: str, seed: int | str = 0, game: Any = None) -> Any:
        real_make_bot(spec, seed, game)  # refuses what the command line must refuse
        return RandomBot(seed)

    monkeypatch.setattr(cli, "make_bot", checked_random_bot)
    monkeypatch.setattr(tournament_module, "make_bot", checked_random_bot)
    real_run = tournament_module._run
    monkeypatch.setattr(
        tournament_module,
        "_run",
        lambda name, specs, config, seed, games, workers: real_run(
            name, specs, config, seed, games, 1
        ),
    )
    for name in bench_module.BENCHMARKS:
        monkeypatch.setitem(bench_module.BENCHMARKS, name, lambda seconds: {"runs": 1.0})
    paths = {
        "missing": str(tmp_path / "missing" / "game.json"),
        "directory": str(tmp_path),
        "/dev/zero": "/dev/zero" if Path("/dev/zero").exists() else str(tmp_path),
        "nul": "game\x00.json",
    }

    @fuzz
    @given(command_lines())
    def run(made: tuple[list[str], str, str, bytes]) -> None:
        argv, stdin, kind, content = made
        path = paths.get(kind, str(tmp_path / "file.txt"))
        if kind not in paths:
            Path(path).write_bytes(content)
        saved = str(tmp_path / "saved.json")
        argv = [path if word == "FILE" else word for word in argv]
        if "--save" in argv[:-1]:
            argv[argv.index("--save") + 1] = saved if kind == "record" else path
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        try:
            status = main(argv)
        except SystemExit as exit_:
            status = exit_.code if isinstance(exit_.code, int) else 2
        captured = capsys.readouterr()
        assert status in (0, 2), (argv, status, captured.err[-500:])
        if status == 2:
            _cli_error_is_one_line(captured.err)
        else:
            assert "Traceback" not in captured.err
        counts[f"main {argv[0] if argv and argv[0] in _COMMANDS else '(no command)'}"] += 1

    run()
    _report(summary_lines, "command lines", counts)


_COMMANDS = ("play", "replay", "tournament", "bench", "catalog")

tournament_module = importlib.import_module("princes_of_florence.bots.tournament")
"""The module (the package's ``tournament`` is its function of that name)."""
