"""Florenz notation, JSON documents, action ids, pictures and words."""

from __future__ import annotations

import json
import random
import re
import xml.dom.minidom
from typing import Any

import attrs
import pytest

from princes_of_florence.florenz.bots import HeuristicBot
from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.descriptions import colour, decision_text, describe
from princes_of_florence.florenz.engine import (
    apply,
    apply_with_events,
    is_terminal,
    legal_moves,
    new_game,
    outcome,
)
from princes_of_florence.florenz.errors import (
    IllegalMoveError,
    InvalidMoveError,
    SerializationError,
)
from princes_of_florence.florenz.learning import (
    ACTION_COUNT,
    OBSERVATION_LENGTH,
    action_mask,
    decode_move,
    encode_move,
    observation_vector,
)
from princes_of_florence.florenz.moves import Move, Send
from princes_of_florence.florenz.notation import format_move, parse_move
from princes_of_florence.florenz.observation import observe, view_moves
from princes_of_florence.florenz.pictures import render_svg, render_text
from princes_of_florence.florenz.serialization import (
    GameRecord,
    dumps,
    load_config,
    load_event,
    load_move,
    load_record,
    load_state,
    load_view,
    replay,
)
from princes_of_florence.florenz.state import GameState


def _games(count: int) -> list[tuple[GameConfig, list[Move], list[GameState]]]:
    played = []
    for seed in range(count):
        config = GameConfig(players=2 + seed % 4, seed=seed)
        state = new_game(config)
        rng = random.Random(seed)
        moves, states = [], [state]
        while not is_terminal(state):
            move = rng.choice(legal_moves(state))
            state = apply(state, move)
            moves.append(move)
            states.append(state)
        played.append((config, moves, states))
    return played


GAMES = _games(4)


def test_every_move_round_trips_through_notation_json_and_action_ids() -> None:
    """format/parse, dumps/load_move and encode/decode are inverse on legal moves."""
    for _, _, states in GAMES:
        for state in states[::3]:
            moves = legal_moves(state)
            mask = action_mask(state)
            assert sum(mask) == len(moves)
            for move in moves:
                assert parse_move(format_move(move)) == move
                assert load_move(dumps(move)) == move
                assert decode_move(state, encode_move(move)) == move
                assert mask[encode_move(move)] == 1
    assert len({encode_move(m) for m in (Send(1), Send(2))}) == 2


def test_states_views_events_and_records_round_trip() -> None:
    """Every state, view and event is read back equal; records replay the game."""
    for config, moves, states in GAMES:
        assert load_config(dumps(config)) == config
        for state in states[::7]:
            assert load_state(dumps(state)) == state
            view = observe(state, 0)
            assert load_view(dumps(view)) == view
            assert len(observation_vector(view)) == OBSERVATION_LENGTH
        record = GameRecord(config, tuple(moves), outcome(states[-1]))
        again = load_record(dumps(record))
        assert again == record
        assert replay(again)[-1] == states[-1]
    state = GAMES[0][2][10]
    _, events = apply_with_events(state, legal_moves(state)[0])
    for event in events:
        assert load_event(dumps(event)) == event


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump 3",
        "send",
        "send x",
        "send ²",
        "move 1-2",
        "gift lorenzo 3",
        "play joker 1",
        "bonus gold",
        "promote 1",
    ],
)
def test_bad_notation_is_refused(text: str) -> None:
    """Malformed notation raises InvalidMoveError."""
    with pytest.raises(InvalidMoveError):
        parse_move(text)


def test_tampered_state_is_refused_with_the_problem() -> None:
    """load_state refuses a state the engine cannot play on, naming what is wrong."""
    state = GAMES[1][2][20]
    families = list(state.families)
    families[0] = attrs.evolve(families[0], time=13)
    text = dumps(attrs.evolve(state, families=tuple(families)))
    with pytest.raises(SerializationError, match=r"families\[0\].time"):
        load_state(text)
    document = json.loads(dumps(state))
    document["data"]["round"] = "two"
    with pytest.raises(SerializationError, match="round"):
        load_state(json.dumps(document))
    document = json.loads(dumps(state))
    document["game"] = "princes"
    with pytest.raises(SerializationError, match="florenz"):
        load_state(json.dumps(document))
    with pytest.raises(SerializationError, match="JSON"):
        load_state("{")
    with pytest.raises(SerializationError):
        dumps(object())


def test_pieces_at_index_0_are_refused() -> None:
    """Index 0 of the by-location tuples is no location: a piece moved there is refused.

    The totals still add up, so only the check of index 0 tells the state apart.
    """
    state = GAMES[1][2][20]
    location = next(loc for loc in range(1, 10) if state.queues[loc])
    queues = list(state.queues)
    queues[0], queues[location] = queues[location][:1], queues[location][1:]
    assert load_state(dumps(state)) == state
    with pytest.raises(SerializationError, match="index 0"):
        load_state(dumps(attrs.evolve(state, queues=tuple(queues))))
    player = next(i for i, f in enumerate(state.families) if f.guards)
    families = list(state.families)
    families[player] = attrs.evolve(families[player], guards=families[player].guards - 1)
    spies = ((player,), *state.spies[1:])
    with pytest.raises(SerializationError, match="index 0"):
        load_state(dumps(attrs.evolve(state, families=tuple(families), spies=spies)))
    with pytest.raises(SerializationError, match="spies"):
        load_state(dumps(attrs.evolve(state, spies=state.spies[:9])))
    with pytest.raises(SerializationError, match="escorts"):
        load_state(dumps(attrs.evolve(state, escorts=state.escorts[:-1])))


def test_replay_refuses_an_illegal_record() -> None:
    """A record whose move is illegal where it stands is refused."""
    config, moves, _ = GAMES[0]
    with pytest.raises(SerializationError, match=r"^move 1 of the record is illegal: "):
        replay(GameRecord(config, (Send(1), *moves)))


def test_replay_numbers_the_illegal_move_from_1_and_leaves_it_named() -> None:
    """The first illegal move is named by its number, counted from 1, with the rule broken."""
    config, moves, states = GAMES[0]
    wrong = next(move for move in moves if move not in legal_moves(states[3]))
    with pytest.raises(IllegalMoveError) as rule:
        apply(states[3], wrong)
    with pytest.raises(SerializationError) as caught:
        replay(GameRecord(config, (*moves[:3], wrong, *moves[4:])))
    assert f"move 4 of the record is illegal: {rule.value}" == str(caught.value)


def test_replay_checks_the_claimed_outcome() -> None:
    """A claimed outcome must be the replayed game's, and the game must be over to have one."""
    config, moves, states = GAMES[1]
    real = outcome(states[-1])
    assert replay(GameRecord(config, tuple(moves), real))[-1] == states[-1]
    other = attrs.evolve(real, vp=tuple(vp + 1 for vp in real.vp))
    with pytest.raises(SerializationError) as claimed:
        replay(GameRecord(config, tuple(moves), other))
    assert f"the record claims the outcome {other}, but the replay gives {real}" == str(
        claimed.value
    )
    with pytest.raises(SerializationError) as caught:
        replay(GameRecord(config, tuple(moves[:5]), real))
    expected = "the record claims an outcome, but the game is not over after its 5 moves"
    assert expected == str(caught.value)


def test_replay_plays_the_moves_given_instead_of_the_records() -> None:
    """With ``moves``, replay plays those from the record's configuration."""
    config, moves, states = GAMES[2]
    assert tuple(states[:6]) == replay(GameRecord(config, tuple(moves)), moves[:5])


def test_decode_refuses_an_illegal_action() -> None:
    """decode_move names the action that is not legal."""
    state = GAMES[0][2][0]
    with pytest.raises(IllegalMoveError):
        decode_move(state, encode_move(Send(1)))
    with pytest.raises(InvalidMoveError):
        decode_move(state, ACTION_COUNT)


def test_pictures_and_words() -> None:
    """Text and SVG pictures of states and views; every move and event described."""
    for _, moves, states in GAMES[:2]:
        for state, move in list(zip(states, moves, strict=False))[::11]:
            text = render_text(state)
            assert text.startswith(f"Florenz, round {state.round}")
            xml.dom.minidom.parseString(render_svg(state))
            xml.dom.minidom.parseString(render_svg(observe(state, 0)))
            assert render_text(observe(state, 1)).count("VP") == len(state.families)
            assert describe(move, state).endswith(".")
            assert decision_text(state) is not None
            _, events = apply_with_events(state, move)
            for event in events:
                assert describe(event, state, viewer=0).endswith(".")
        assert decision_text(states[-1]) is None


def test_decisions_speak_to_the_family_deciding() -> None:
    """A view of the family to decide is asked in the second person, others name it."""
    from princes_of_florence.florenz.game import GAME
    from princes_of_florence.florenz.ids import Stage

    asked: dict[Stage, GameState] = {}
    for _, _, states in GAMES:
        for state in states:
            if state.stage not in (Stage.OVER, Stage.CHANCE):
                asked.setdefault(state.stage, state)
    assert {Stage.SETUP, Stage.ACTION, Stage.BONUS, Stage.GIOVANNI} <= set(asked)
    for stage, state in asked.items():
        me, other = state.player, (state.player + 1) % len(state.families)
        mine = GAME.decision_text(observe(state, me))
        named = GAME.decision_text(observe(state, other))
        assert mine is not None
        assert named is not None
        assert mine.startswith(f"Round {state.round}. You: ")
        assert named == mine.replace("You:", f"{colour(me)}:")
        assert GAME.decision_text(state) == named
        clause = mine.split("You: ")[1]
        assert clause.split()[0] in {"place", "take", "accept", "choose"}, stage
        assert " its " not in clause  # spoken to the family, not about it
    giovanni = decision_text(asked[Stage.GIOVANNI])
    assert giovanni is not None
    assert "accept or decline Giovanni's reward of " in giovanni
    assert giovanni.endswith(" time.")


def test_heuristic_bot_beats_random_play() -> None:
    """Against three random families the heuristic family wins most games."""
    wins = 0
    games = 6
    for seed in range(games):
        state = new_game(GameConfig(players=4, seed=seed))
        rng = random.Random(seed)
        bot = HeuristicBot()
        seat = seed % 4
        while not is_terminal(state):
            moves = legal_moves(state)
            if state.player == seat:
                view = observe(state, seat)
                move = bot.choose(view, view_moves(view))
            else:
                move = rng.choice(moves)
            state = apply(state, move)
        wins += seat in outcome(state).winners
    assert wins >= games - 1


def test_information_state_grows_with_the_game_and_hides_the_others_cards() -> None:
    """Perfect recall: each move adds to the string; others' card faces stay hidden."""
    from princes_of_florence.florenz.game import GAME

    config, moves, _ = GAMES[2]
    short = GAME.information_state(config, moves[:20], 0)
    long = GAME.information_state(config, moves, 0)
    assert long.startswith(short)
    assert len(long) > len(short)
    for line in long.splitlines()[1:]:
        document = json.loads(line)["data"]
        if document["type"] == "card_drawn" and document["player"] != 0:
            assert document["kind"] is None


def test_protocol_members_to_come() -> None:
    """Options, rank returns, chance outcome ids, bounds, the longest game and
    information states kept move by move."""
    from princes_of_florence.florenz.game import GAME
    from princes_of_florence.florenz.moves import Chance

    game: Any = GAME
    assert game.options()["explicit_chance"] is False
    assert game.options()["action_cap"] == 60
    assert "players" not in game.options()
    config, moves, states = GAMES[3]
    ranks = game.rank_returns(states[-1])
    assert sum(ranks) == pytest.approx(len(ranks) / 2)
    assert game.chance_outcome_move(game.chance_outcome_id(Chance(7))) == Chance(7)
    with pytest.raises(InvalidMoveError):
        game.chance_outcome_move(game.chance_outcome_count)
    assert game.action_move(encode_move(Send(3))) == Send(3)
    low, high = game.observation_bounds
    assert len(moves) <= game.longest_game
    lines = list(game.information_state_start(states[0], 1))
    state = states[0]
    for move in moves:
        state, events = apply_with_events(state, move)
        lines.extend(game.information_state_next(state, 1, events))
    assert "\n".join(lines) == game.information_state(config, moves, 1)
    for state in states[::5]:
        for player in range(len(state.families)):
            vector = observation_vector(observe(state, player))
            assert low <= min(vector)
            assert max(vector) <= high


def test_observation_vector_bounds_in_the_solo_game() -> None:
    """Strozzi's double supply stays within the bounds."""
    state = new_game(GameConfig(players=2, seed=1, solo=True))
    rng = random.Random(1)
    while not is_terminal(state):
        for player in (0, 1):
            vector = observation_vector(observe(state, player))
            assert 0.0 <= min(vector)
            assert max(vector) <= 1.0
        state = apply(state, rng.choice(legal_moves(state)))


def test_protocol_members_for_search_and_tournaments() -> None:
    """reseed, free moves, the moves a search tries and the rewards of a cut-off."""
    from princes_of_florence.florenz.bots import CANDIDATES, MARGIN, ratings
    from princes_of_florence.florenz.game import GAME
    from princes_of_florence.florenz.ids import ScandalKind, Stage
    from princes_of_florence.florenz.moves import Discard

    game: Any = GAME
    config = GameConfig(players=3, seed=1, action_cap=30)
    assert game.reseed(config, 9) == GameConfig(players=3, seed=9, action_cap=30)
    assert game.is_free_move(Discard(ScandalKind.MES_CUP))
    assert not game.is_free_move(Send(2))
    sizes = set()
    for state in GAMES[1][2][::3]:
        if is_terminal(state):
            continue
        tried = tuple(game.search_moves(state))
        legal = legal_moves(state)
        assert tried
        assert [legal.index(move) for move in tried] == sorted(legal.index(m) for m in tried)
        assert not any(game.is_free_move(move) for move in tried)
        plain = [move for move in legal if not game.is_free_move(move)]
        rated = dict(zip(plain, ratings(state, plain), strict=True))
        best = max(rated.values())
        if state.stage is not Stage.GIOVANNI:
            assert len(tried) <= CANDIDATES
            # the heuristic's own choice is always searched, and nothing far below it
            assert max(plain, key=rated.__getitem__) in tried
            assert all(rated[move] >= best - MARGIN for move in tried)
            left_out = [rated[move] for move in plain if move not in tried]
            assert all(rated[move] >= max(left_out, default=-1e9) for move in tried)
        sizes.add(len(tried))
        assert game.estimates(state) is None  # the cut-off is scored by evaluate
        shares = game.evaluate(state)
        assert len(shares) == len(state.families)
        assert sum(shares) == pytest.approx(1.0)
    assert {1, CANDIDATES} <= sizes  # clear decisions offer one move, others a few


def test_rollout_move_mostly_plays_the_heuristic_choice() -> None:
    """Rollouts play the best rated move nine times in ten, else one at random."""
    from princes_of_florence.florenz.bots import HeuristicBot
    from princes_of_florence.florenz.game import GAME

    game: Any = GAME
    state = next(s for s in GAMES[2][2] if s.stage.name == "ACTION" and len(legal_moves(s)) > 20)
    moves = game.search_moves(state)
    assert len(moves) > 1
    rng = random.Random(4)
    picked = [game.rollout_move(state, moves, rng) for _ in range(600)]
    assert all(move in moves for move in picked)
    view = observe(state, state.player)
    best = HeuristicBot().choose(view, view_moves(view))
    share = picked.count(best) / len(picked)
    assert share == pytest.approx(0.9 + 0.1 / len(moves), abs=0.06)
    # once another state is rated, the ratings of this one are gone: a move at random
    game.search_moves(apply(state, moves[0]))
    picked = [game.rollout_move(state, moves, rng) for _ in range(600)]
    assert picked.count(best) / len(picked) == pytest.approx(1 / len(moves), abs=0.06)


def test_front_end_members() -> None:
    """Names, the spectator's view, clickable locations and the cards a family holds."""
    from princes_of_florence.florenz.game import GAME
    from princes_of_florence.florenz.ids import ScandalKind
    from princes_of_florence.florenz.moves import Boast

    state = GAMES[1][2][30]
    assert GAME.player_names(state)[0] == "Blue"
    spectator = GAME.public_view(state)
    assert all(f.hand == () and f.plan == -1 for f in spectator.state.families)
    assert load_view(dumps(spectator)) == spectator
    assert GAME.move_cells(state, Boast(5)) == ("location:5",)
    assert GAME.move_cells(state, Send(2)) == ("location:2",)
    svg = GAME.render_svg_marked(
        state, highlight={"location:5"}, selected={"location:7"}, last={"location:2"}
    )
    assert 'data-key="location:5"' in svg
    strokes = dict(re.findall(r'data-key="(location:\d)"[^>]*stroke="(#\w+)"', svg))
    assert len(strokes) == 9
    assert (strokes.pop("location:5"), strokes.pop("location:7"), strokes.pop("location:2")) == (
        "#2e86c1",  # highlighted: legal
        "#c0392b",  # selected
        "#f1c40f",  # the last move's
    )
    assert set(strokes.values()) == {"#8b6f47"}  # unmarked
    families = list(state.families)
    families[0] = attrs.evolve(families[0], hand=(ScandalKind.MES_RETIRE,))
    view = observe(attrs.evolve(state, families=tuple(families)), 0)
    cards = GAME.hand(view)
    assert cards[0].name.startswith("mes_retire")
    assert cards[-1].name.startswith("plan card")


# --------------------------------------------------------------------------
# Refusals: every loader answers a hostile document with Florenz's own error

_LOADERS: dict[str, Any] = {
    "state": load_state,
    "view": load_view,
    "move": load_move,
    "event": load_event,
    "config": load_config,
    "record": load_record,
}


def _valid_documents() -> dict[str, str]:
    """A valid document of every kind, from the middle of a played game."""
    config, moves, states = GAMES[1]
    state, move = states[20], moves[20]
    _, events = apply_with_events(state, move)
    return {
        "state": dumps(state),
        "view": dumps(observe(state, 0)),
        "move": dumps(move),
        "event": dumps(events[0]),
        "config": dumps(config),
        "record": dumps(GameRecord(config, tuple(moves[:30]))),
    }


DOCUMENTS = _valid_documents()


def _refused(kind: str, text: str | bytes, message: str) -> None:
    with pytest.raises(SerializationError, match=message) as caught:
        _LOADERS[kind](text)
    assert type(caught.value) is SerializationError  # Florenz's own, not the library's
    assert len(str(caught.value)) < 1_000


def _with_key(text: str, key_and_value: str) -> str:
    """``text`` with ``key_and_value`` put first in its outer object."""
    return "{" + key_and_value + "," + text[1:]


@pytest.mark.parametrize("kind", sorted(_LOADERS))
@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("deep", "malformed JSON"),
        ("repeated key", r"the key 'game' appears twice in one object"),
        ("repeated inner key", r"the key '\w+' appears twice in one object"),
        ("NaN", "NaN is not a number JSON allows"),
        ("Infinity", "Infinity is not a number JSON allows"),
        ("-Infinity", "-Infinity is not a number JSON allows"),
        ("oversized", r"the document has 100001 characters; at most 100000 are read"),
        ("not UTF-8", "the document is not UTF-8"),
        ("digits", r"a number has too many digits \(at most 20\)"),
        ("unknown envelope field", r"unknown fields in the document: surplus @ \$"),
        ("unknown data field", r"extra fields found \(surplus\)"),
        ("another game", r"this is a \w+ of the game 'princes', not of Florenz \('florenz'\)"),
        ("no game", r"the document does not name its game \('florenz'\) @ \$\.game"),
        ("another kind", r"expected a \w+ document, not kind '\w+' @ \$\.kind"),
        ("another schema", r"schema 2\.0 is not supported: this version reads schema 1\.x"),
        ("not an object", "a document must be an object with schema, kind and data, not an array"),
        ("not text", "a document must be text, not int"),
    ],
)
def test_every_loader_refuses_a_hostile_document(kind: str, case: str, message: str) -> None:
    """Each text-level refusal, for each loader, is Florenz's SerializationError saying why."""
    valid = DOCUMENTS[kind]
    document = json.loads(valid)
    text: Any
    if case == "deep":
        text = "[" * 100_000
    elif case == "repeated key":
        text = _with_key(valid, '"game":"florenz"')
    elif case == "repeated inner key":
        data = json.dumps(document["data"], separators=(",", ":"))
        first = next(iter(document["data"]))
        twice = _with_key(data, f"{json.dumps(first)}:{json.dumps(document['data'][first])}")
        text = valid.replace(data, twice)
    elif case in ("NaN", "Infinity", "-Infinity"):
        text = _with_key(valid, f'"x":{case}')
    elif case == "oversized":
        text = valid + " " * (100_001 - len(valid))
    elif case == "not UTF-8":
        text = valid.replace('"schema"', '"sch\udcffema"').encode("utf-8", "surrogateescape")
    elif case == "digits":
        text = _with_key(valid, '"x":' + "9" * 5_000)
    elif case == "unknown envelope field":
        text = _with_key(valid, '"surplus":1')
    elif case == "unknown data field":
        text = json.dumps({**document, "data": {**document["data"], "surplus": 1}})
    elif case == "another game":
        text = json.dumps({**document, "game": "princes"})
    elif case == "no game":
        text = json.dumps({k: v for k, v in document.items() if k != "game"})
    elif case == "another kind":
        text = DOCUMENTS["config" if kind != "config" else "move"]
    elif case == "another schema":
        text = json.dumps({**document, "schema": "2.0"})
    elif case == "not an object":
        text = json.dumps([document])
    else:
        text = 7
    _refused(kind, text, message)


def _int_path(data: Any, path: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """The path of the first integer inside ``data`` (not a boolean), depth first."""
    if type(data) is int and path:
        return path
    items = (
        data.items()
        if isinstance(data, dict)
        else enumerate(data)
        if isinstance(data, list)
        else ()
    )
    for key, value in items:
        found = _int_path(value, (*path, key))
        if found is not None:
            return found
    return None


def _shown(path: tuple[Any, ...]) -> str:
    return "$.data" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def _replaced(document: dict[str, Any], path: tuple[Any, ...], value: Any) -> str:
    data = document["data"]
    for step in path[:-1]:
        data = data[step]
    data[path[-1]] = value
    return json.dumps(document)


@pytest.mark.parametrize("kind", sorted(_LOADERS))
@pytest.mark.parametrize("wrong", ["float", "bool", "text"])
def test_every_loader_names_a_wrong_type_at_its_path(kind: str, wrong: str) -> None:
    """An integer given as 4.0, true or "4" is refused with the value and its path."""
    document = json.loads(DOCUMENTS[kind])
    path = _int_path(document["data"])
    assert path is not None
    number = _get(document["data"], path)
    value, shown = {
        "float": (float(number), re.escape(f"{float(number)!r}")),
        "bool": (True, "True"),
        "text": (str(number), re.escape(repr(str(number)))),
    }[wrong]
    message = (
        rf"(expected an integer, not {shown}|{shown} is not a \w+) @ {re.escape(_shown(path))}"
    )
    _refused(kind, _replaced(document, path, value), message)


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


@pytest.mark.parametrize(
    ("kind", "path", "value", "message"),
    [
        ("state", ("stage",), "ACTION", r"'ACTION' is not a Stage @ \$\.data\.stage"),
        ("state", ("stage",), 99, r"99 is not a Stage @ \$\.data\.stage"),
        ("state", ("stage",), 1.0, r"1\.0 is not a Stage @ \$\.data\.stage"),
        ("state", ("stage",), False, r"False is not a Stage @ \$\.data\.stage"),
        ("view", ("state", "stage"), "1", r"'1' is not a Stage @ \$\.data\.state\.stage"),
        ("state", ("families", 0, "passed"), 0, r"expected true or false, not 0"),
        ("state", ("round",), 2**64, r"an integer of 65 bits is out of range @ \$\.data\.round"),
        (
            "state",
            ("families", 0),
            [],
            r"expected an object, not an array @ \$\.data\.families\[0\]",
        ),
        ("move", ("type",), "teleport", r"unknown move tag 'teleport'; expected one of accept,"),
        ("move", ("type",), "Send", r"unknown move tag 'Send'"),
        ("move", ("type",), [], r"unknown move tag \[\]; expected one of"),
        ("event", ("type",), None, r"an event needs a 'type' tag"),
        ("config", ("players",), 9, r"players must be 2, 3, 4 or 5, not 9 .* @ \$\.data"),
        (
            "record",
            ("moves", 0),
            {"type": "send", "location": "4"},
            r"\$\.data\.moves\[0\]\.location",
        ),
        ("record", ("game",), "firenze", r"expected a record of florenz, not 'firenze'"),
    ],
)
def test_nested_values_are_refused_by_what_they_are(
    kind: str, path: tuple[Any, ...], value: Any, message: str
) -> None:
    """A string, a number, a float or false for an enum, a wrong value deep inside: each named."""
    document = json.loads(DOCUMENTS[kind])
    _refused(kind, _replaced(document, path, value), message)


def test_a_document_of_another_game_is_refused() -> None:
    """Firenze's and The Princes of Florence's real documents are not read as Florenz's."""
    from princes_of_florence import games

    for name in ("firenze", "princes"):
        other = games.get(name)
        config = other.make_config(other.player_counts[0], 1, {})
        state = other.new_game(config)
        for text in (other.dumps(state), other.dumps(config)):
            kind = json.loads(text)["kind"]
            with pytest.raises(SerializationError, match=r"'florenz'|not of Florenz"):
                _LOADERS[kind](text)
        with pytest.raises(SerializationError, match=rf"the game '{name}'"):
            load_record(other.dumps(other.make_record(config, ())))


def test_the_quick_reader_and_the_converter_read_alike() -> None:
    """Every valid document reads the same through the quick reader and the converter
    alone, enum members included (a Medici, not its number); the quick reader gives up
    on what the converter refuses, so the converter names it."""
    from princes_of_florence.florenz import serialization
    from princes_of_florence.florenz.ids import Medici
    from princes_of_florence.florenz.moves import Gift
    from princes_of_florence.serialization import converter, quick

    classes = dict(serialization._KINDS)
    for kind, text in DOCUMENTS.items():
        data = json.loads(text)["data"]
        read = serialization._quick_reader(classes[kind])
        slow = converter.structure(serialization._converter(), data, classes[kind], kind)
        if read is not None:
            assert repr(read(data)) == repr(slow)
    gift = load_move(dumps(Gift(Medici.GIOVANNI, 3)))
    assert isinstance(gift, Gift)
    assert type(gift.medici) is Medici
    state = json.loads(DOCUMENTS["state"])["data"]
    read_state = serialization._quick_reader(GameState)
    assert read_state is not None
    for wrong in (True, 1.0, "1", None):
        with pytest.raises(quick.GiveUp):
            read_state({**state, "stage": wrong})
