"""Game records: the recorded fixtures, the text form, and replay."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given

from helpers import load_script
from princes_of_florence import (
    GameConfig,
    SellPrestige,
    SerializationError,
    is_terminal,
    outcome,
    parse_move,
)
from princes_of_florence.rules.invariants import state_problems
from princes_of_florence.rules.scoring import Outcome
from princes_of_florence.serialization import (
    Comment,
    GameRecord,
    dumps,
    load_record,
    record_from_text,
    record_to_text,
    replay,
    replay_events,
)
from strategies import PlayedGame, played_games

DATA = Path(__file__).parent / "data"

FIXTURES = load_script("make_fixtures", DATA / "make_fixtures.py")
CONFIGS: tuple[GameConfig, ...] = FIXTURES.GAMES


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"seed-{c.seed}")
def test_json_and_text_fixtures_hold_the_same_record(config: GameConfig) -> None:
    """Each fixture game is stored twice, as JSON and as text, with one content."""
    json_path, text_path = FIXTURES.files(config)
    from_json = load_record(json_path.read_text(encoding="utf-8"))
    from_text = record_from_text(text_path.read_text(encoding="utf-8"))
    assert from_json == from_text
    assert config == from_json.config
    assert from_json.outcome is not None


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"seed-{c.seed}")
def test_replaying_a_fixture_reproduces_its_outcome(config: GameConfig) -> None:
    """Replay rebuilds every state; the last one is over with the recorded outcome (R24)."""
    record = load_record(FIXTURES.files(config)[0].read_text(encoding="utf-8"))
    states = replay(record)
    assert len(record.moves) + 1 == len(states)
    assert all(state_problems(state) == () for state in states[:: max(1, len(states) // 10)])
    assert is_terminal(states[-1])
    assert record.outcome == outcome(states[-1])


def test_the_fixtures_contain_prestige_sales() -> None:
    """The recording bots sometimes sell prestige (R3), so sell moves are covered."""
    for config in CONFIGS:
        record = record_from_text(FIXTURES.files(config)[1].read_text(encoding="utf-8"))
        assert any(isinstance(move, SellPrestige) for move in record.moves)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: f"seed-{c.seed}")
def test_the_fixture_script_writes_the_stored_files(config: GameConfig) -> None:
    """Playing the fixture game again gives byte for byte the stored files."""
    record = FIXTURES.play(config)
    json_path, text_path = FIXTURES.files(config)
    assert json_path.read_text(encoding="utf-8") == dumps(record) + "\n"
    assert text_path.read_text(encoding="utf-8") == record_to_text(record)


def test_replay_starts_with_the_initial_state() -> None:
    """The first state is new_game(config); a record without moves replays to it alone."""
    config = GameConfig(players=3, seed=8)
    (only,) = replay(GameRecord(config))
    assert config == only.config
    assert 1 == only.round


def test_an_illegal_move_names_its_number_the_move_and_the_reason() -> None:
    """Replay stops at the first illegal move with a SerializationError saying why."""
    record = record_from_text(FIXTURES.files(CONFIGS[0])[1].read_text(encoding="utf-8"))
    moves = list(record.moves)
    moves[6] = parse_move("bid 100")
    with pytest.raises(SerializationError, match=r"move 7 of the record is illegal: .*'bid 100'"):
        replay(attrs.evolve(record, moves=tuple(moves), outcome=None))


def test_a_wrong_outcome_is_detected() -> None:
    """A record whose claimed outcome differs from the replay is rejected."""
    record = load_record(FIXTURES.files(CONFIGS[1])[0].read_text(encoding="utf-8"))
    assert record.outcome is not None
    wrong = Outcome(record.outcome.prestige, record.outcome.money, (9,))
    with pytest.raises(SerializationError, match="claims the outcome"):
        replay(attrs.evolve(record, outcome=wrong))


def test_an_outcome_for_an_unfinished_game_is_detected() -> None:
    """A record cut short cannot claim an outcome."""
    record = load_record(FIXTURES.files(CONFIGS[2])[0].read_text(encoding="utf-8"))
    with pytest.raises(SerializationError, match="not over after its 10 moves"):
        replay(attrs.evolve(record, moves=record.moves[:10]))


def test_a_record_in_text_form_reads_like_the_documentation() -> None:
    """Headers first, then one move per line in notation."""
    record = GameRecord(
        GameConfig(players=3, seed=5, hidden_money=True),
        (parse_move("return poet"), parse_move("return actor")),
        Outcome((30, 41, 12), (200, 0, 1500), (1,)),
    )
    expected = (
        "# schema 1.1\n# players 3\n# seed 5\n# start_player 0\n# hidden_money true\n"
        "# final_prestige 30 41 12\n# final_money 200 0 1500\n# winners 1\n"
        "return poet\nreturn actor\n"
    )
    assert expected == record_to_text(record)
    assert record == record_from_text(expected)


def test_blank_lines_and_surrounding_spaces_are_ignored() -> None:
    """The text form tolerates blank lines and stray whitespace at line ends."""
    text = "\n# players 3\r\n#  seed   4\n\n  return poet  \n\n"
    record = record_from_text(text)
    assert GameConfig(players=3, seed=4) == record.config
    assert (parse_move("return poet"),) == record.moves


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("# players 3\n# seed 1\nreturn poet\nbid lots\n", r"line 4: 'lots' is not a whole number"),
        ("# players 3\n# seed 1\nfly away\n", r"line 3: unknown move 'fly away'"),
        ("# players 3\n# seeds 1\n", r"line 2: unknown header 'seeds'"),
        ("# players 3\n# seed 1\nreturn poet\n# winners 0\n", r"line 4: headers must come"),
        ("# players 3\n# players 4\n# seed 1\n", r"line 2: header # players appears twice"),
        ("# players 3\n# seed -1\n", r"line 2: '-1' is not a whole number"),
        ("# players 3\n# seed 1\n# hidden_money yes\n", r"line 3: # hidden_money must be"),
        ("# players 3\n# seed 1 2\n", r"line 2: # seed takes one value"),
        ("# schema 2.0\n# players 3\n# seed 1\n", r"line 1: schema '2.0' is not supported"),
        ("# seed 1\nreturn poet\n", "no # players header"),
        ("# players 3\n", "no # seed header"),
        ("# players 6\n# seed 1\n", "invalid configuration: players must be 2, 3, 4 or 5"),
        ("# players 3\n# seed 1\n# winners 0\n", "an outcome needs all of the headers"),
        (
            "# players 3\n# seed 1\n# final_prestige 1 2\n# final_money 0 0 0\n# winners 0\n",
            "one number per seat",
        ),
        (
            "# players 3\n# seed 1\n# final_prestige 1 2 3\n# final_money 0 0 0\n# winners 5\n",
            "winners must name",
        ),
    ],
)
def test_bad_text_records_are_rejected_naming_the_line(text: str, message: str) -> None:
    """Errors in the text form say what is wrong and, for a line, which one."""
    with pytest.raises(SerializationError, match=message):
        record_from_text(text)


@given(played_games())
def test_whole_games_replay_through_both_forms(game: PlayedGame) -> None:
    """A played game's record, through JSON or text, replays to the same states."""
    final = game.states[-1]
    claimed = outcome(final) if is_terminal(final) else None
    record = GameRecord(game.config, game.moves, claimed)
    through_text = record_from_text(record_to_text(record))
    through_json = load_record(dumps(record))
    assert record == through_text == through_json
    assert game.states == replay(through_json)


def test_a_record_written_before_the_renames_still_replays() -> None:
    """A record of the first schema 1.0 form (``recruit`` with ``seat``) loads and replays."""
    old = (DATA / "legacy" / "record-before-renames.json").read_text()
    assert '"seat":0' in old
    record = load_record(old)
    assert record == load_record((DATA / "game-101.json").read_text())
    assert is_terminal(replay(record)[-1])


def _kept_record() -> GameRecord:
    """The first recorded game with names, a date, a version and two comments."""
    record = load_record((DATA / "game-101.json").read_text())
    config = attrs.evolve(record.config, names=("Anna", "Ben Bo", "Carla"))
    comments = (Comment(1, "a bold start"), Comment(1, "really"), Comment(40, "the turn"))
    return attrs.evolve(record, config=config, date="2026-11-25", engine="0.1.0", comments=comments)


def test_metadata_and_comments_survive_json_and_text() -> None:
    """Names, date, engine version, result and comments come back from both forms."""
    record = _kept_record()
    assert record == load_record(dumps(record))
    text = record_to_text(record)
    assert "# date 2026-11-25" in text.splitlines()
    assert "; the turn" in text.splitlines()
    assert record == record_from_text(text)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"date": "yesterday"}, "date must be an ISO 8601 date"),
        ({"engine": ""}, "engine must be a version"),
        ({"comments": (Comment(0, "before"),)}, "a comment follows move 0"),
        ({"comments": (Comment(999, "after"),)}, "a comment follows move 999"),
        ({"comments": (Comment(5, "b"), Comment(4, "a"))}, "a comment follows move 4"),
        ({"comments": (Comment(5, "two\nlines"),)}, "one printable line"),
    ],
)
def test_bad_metadata_is_refused_when_loaded(changes: dict[str, Any], message: str) -> None:
    """A record's date, version and comments are checked at the edge, JSON and text alike.

    (The text form ties each comment to the move it follows, so only the date
    and the version can be wrong there.)
    """
    record = attrs.evolve(_kept_record(), **changes)
    with pytest.raises(SerializationError, match=message):
        load_record(dumps(record))
    if "comments" not in changes:
        with pytest.raises(SerializationError, match=message):
            record_from_text(record_to_text(record))


def test_replay_events_yields_every_move_with_its_events() -> None:
    """Each step holds the move, the states around it and its events; the last state ends."""
    record = _kept_record()
    steps = list(replay_events(record))
    assert [step.move for step in steps] == list(record.moves)
    assert replay(record)[1:] == tuple(step.after for step in steps)
    assert all(step.events for step in steps)
    assert steps[1].before == steps[0].after


def test_replay_events_checks_the_claimed_outcome() -> None:
    """A record claiming another result fails after its last move, as replay does."""
    record = _kept_record()
    assert record.outcome is not None
    wrong = attrs.evolve(record, outcome=attrs.evolve(record.outcome, winners=(1,)))
    with pytest.raises(SerializationError, match="claims the outcome"):
        list(replay_events(wrong))
