"""Hypothesis strategies for hostile input: mutated moves, move text and JSON documents.

Every strategy starts from something valid (a move just offered, its notation, the
JSON of a state, view, move, event, configuration or record taken from games played
by random bots) and breaks it the way a careless or hostile client might: wrong
types, missing and extra keys, huge and negative numbers, huge strings, swapped
records, deep nesting.  Sizes are bounded so that a test's work per input is too.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any, get_args

import attrs
from hypothesis import strategies as st

from princes_of_florence import games
from princes_of_florence.config import GameConfig
from princes_of_florence.encoding import ACTION_COUNT
from princes_of_florence.engine import apply_with_events, is_terminal, legal_moves
from princes_of_florence.ids import AuctionObject, BonusCardId, Building, PersonId
from princes_of_florence.moves import Move
from princes_of_florence.observation import observe
from princes_of_florence.serialization import GameRecord, dumps, record_to_text
from princes_of_florence.state import Conversion, GameState, Proposal
from strategies import PlayedGame, play_random

__all__ = [
    "HUGE_DIGITS",
    "Sample",
    "action_values",
    "command_lines",
    "GAME_KINDS",
    "documents",
    "game_documents",
    "hostile_values",
    "move_texts",
    "moves_for",
    "mutated_texts",
    "nudged_states",
    "samples",
]

HUGE_DIGITS = 4_400
"""Digits of the huge numbers put in text: more than Python's int() reads (4,300)."""

_HUGE = "\x00huge\x00"
_DEEP = "\x00deep\x00"
"""Markers replaced in the JSON text by a huge number and by deep nesting."""


@attrs.frozen(repr=False)
class Sample:
    """One position of a played game: the state, the move played from it, its events."""

    game: PlayedGame
    index: int

    def __repr__(self) -> str:  # the game is long; its configuration and the index say it
        config = self.game.config
        return f"Sample(players={config.players}, seed={config.seed}, index={self.index})"

    @property
    def state(self) -> GameState:
        """The state before the move."""
        return self.game.states[self.index]

    @property
    def move(self) -> Move | None:
        """The move played from it, or ``None`` at the end of the game."""
        return self.game.moves[self.index] if self.index < len(self.game.moves) else None


_GAMES: list[PlayedGame] = []


def _games() -> list[PlayedGame]:
    """Five games, played once per process: of 3, 4 and 5 players, then one of Muse &
    Princess (4 players, money hidden) and one of both expansions (3 players), so that
    every field of a document, the character cards and shared buildings included, is
    broken somewhere."""
    if not _GAMES:
        for players in (3, 4, 5):
            config = GameConfig(players=players, seed=players, hidden_money=players == 4)
            _GAMES.append(play_random(config, players, sell_chance=0.1))
        muse = GameConfig(players=4, seed=6, hidden_money=True, muse_and_princess=True)
        both = GameConfig(players=3, seed=7, muse_and_princess=True, cooperative_building=True)
        for seed, config in enumerate((muse, both), start=6):
            _GAMES.append(play_random(config, seed, sell_chance=0.1))
    return _GAMES


@st.composite
def samples(draw: st.DrawFn) -> Sample:
    """A position of one of the played games, the end included."""
    game = draw(st.sampled_from(_games()))
    return Sample(game, draw(st.integers(min_value=0, max_value=len(game.moves))))


def _huge_ints() -> st.SearchStrategy[int]:
    # printable (under 4,300 digits) so that Hypothesis can report a failing example
    return st.sampled_from([10**30, -(10**30), 2**64, -(2**63) - 1, 10**4000, -(10**4000)])


def hostile_values() -> st.SearchStrategy[Any]:
    """Python values a client might send in place of a move's field, or a player."""
    enums = st.sampled_from([*PersonId, *BonusCardId, *Building, *AuctionObject])
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-1_000, max_value=200_000),
        _huge_ints(),
        st.floats(allow_nan=True),
        st.text(max_size=20),
        st.text(max_size=2).map(lambda t: t * 50_000),
        enums,
        enums.map(str),
        st.sampled_from([object(), b"poet", 3j, (), frozenset()]),
    )
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=3), max_leaves=5)


@st.composite
def moves_for(draw: st.DrawFn, state: GameState) -> object:
    """Something passed as a move: a legal move broken by type, a move of any kind with
    hostile fields, a subclass instance, or no move at all."""
    offered = legal_moves(state)
    kind = draw(st.sampled_from(["field", "any", "subclass", "other"]))
    if kind == "field" and offered:
        move = draw(st.sampled_from(offered))
        fields = attrs.fields(type(move))
        if fields:
            field = draw(st.sampled_from(fields))
            changes: dict[str, Any] = {field.name: draw(hostile_values())}
            return attrs.evolve(move, **changes)
        return move
    if kind in ("any", "field"):
        cls = draw(st.sampled_from(get_args(Move)))
        values = [draw(hostile_values()) for _ in attrs.fields(cls)]
        return cls(*values)
    if kind == "subclass" and offered:
        move = draw(st.sampled_from(offered))
        cls = type(move)
        sub = type(f"Fake{cls.__name__}", (cls,), {})
        return sub(*attrs.astuple(move, recurse=False))
    return draw(hostile_values())


def _mutate_text(draw: st.DrawFn, text: str) -> str:
    operation = draw(st.sampled_from(["insert", "delete", "replace", "huge", "append"]))
    at = draw(st.integers(min_value=0, max_value=len(text)))
    if operation == "insert":
        return text[:at] + draw(st.text(max_size=5)) + text[at:]
    if operation == "delete":
        end = draw(st.integers(min_value=at, max_value=len(text)))
        return text[:at] + text[end:]
    if operation == "replace":
        return text[:at] + draw(st.text(min_size=1, max_size=3)) + text[at + 1 :]
    if operation == "huge":
        return text[:at] + "9" * HUGE_DIGITS + text[at:]
    return text + draw(st.sampled_from([" ", " 1", "x" * 10_000, "\n", "\x00", " -1", "0"]))


def action_values() -> st.SearchStrategy[Any]:
    """Something passed as an action id: an id, an integer just outside the space or far
    from it, or any hostile value (a float such as ``5.0``, text, a bool...)."""
    return st.one_of(
        st.integers(min_value=0, max_value=ACTION_COUNT - 1),
        st.integers(min_value=-3, max_value=2).map(lambda k: k if k < 0 else ACTION_COUNT + k),
        _huge_ints(),
        st.integers(min_value=0, max_value=ACTION_COUNT - 1).map(float),
        st.sampled_from([float("inf"), float("-inf"), float("nan"), 2.0**63]),
        hostile_values(),
    )


@st.composite
def mutated_texts(draw: st.DrawFn, text: str) -> str:
    """``text`` mutated one to three times (insertions, deletions, huge numbers...)."""
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        text = _mutate_text(draw, text)
    return text


@st.composite
def move_texts(draw: st.DrawFn, sample: Sample) -> str:
    """Move text: the notation of a legal move, mutated one or more times, or any text."""
    offered = legal_moves(sample.state)
    if not offered or draw(st.integers(min_value=0, max_value=4)) == 0:
        return draw(st.text(max_size=30))
    text = str(draw(st.sampled_from(offered)))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        text = _mutate_text(draw, text)
    return text


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside ``data``, the root included."""
    found = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += _paths(value, (*prefix, index))
    return found


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


def _json_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-1_000, max_value=200_000),
        st.integers(),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=10),
        st.sampled_from(["poet", "B07", "forest", "auction", "bid", "state", _HUGE, _DEEP]),
    )
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
        ),
        max_leaves=6,
    )


def _mutation(draw: st.DrawFn, data: Any) -> Any:
    """``data`` with one part broken; returns the new document data."""
    paths = _paths(data)
    path = draw(st.sampled_from(paths))
    target = _get(data, path)
    operations = ["value", "huge", "negative", "string", "deep", "nest"]
    if type(target) is int:
        operations += ["nudge", "nudge"]
    if isinstance(target, dict):
        operations += ["drop_key", "extra_key", "many_keys"]
    if isinstance(target, list):
        operations += ["swap", "duplicate", "truncate", "many_items"]
    operation = draw(st.sampled_from(operations))
    if operation == "value":
        replacement: Any = draw(_json_values())
    elif operation == "huge":
        replacement = draw(st.sampled_from([_HUGE, 10**30, 2**64, 10**7, 10**12, 1e308]))
    elif operation == "negative":
        replacement = draw(st.sampled_from([-1, -100, -(2**63), -(10**9)]))
    elif operation == "string":
        replacement = "x" * draw(st.sampled_from([1, 1_000, 60_000, 150_000]))
    elif operation == "nudge":
        replacement = draw(_nudged(target))
    elif operation == "deep":
        replacement = _DEEP
    elif operation == "nest":
        replacement = [target]
    elif operation == "drop_key":
        replacement = dict(target)
        if replacement:
            replacement.pop(draw(st.sampled_from(sorted(replacement))))
    elif operation == "extra_key":
        replacement = {**target, draw(st.text(max_size=8)): draw(_json_values())}
    elif operation == "many_keys":
        replacement = {**target, **{f"k{i}": i for i in range(draw(st.sampled_from([50, 20_000])))}}
    elif operation == "swap" and len(target) >= 2:
        i, j = draw(st.permutations(range(len(target))))[:2]
        replacement = list(target)
        replacement[i], replacement[j] = replacement[j], replacement[i]
    elif operation == "duplicate" and target:
        replacement = [*target, draw(st.sampled_from(target))]
    elif operation == "truncate":
        replacement = target[: draw(st.integers(min_value=0, max_value=len(target)))]
    elif operation == "many_items":
        replacement = [*target, *([0] * draw(st.sampled_from([1_200, 100_000])))]
    else:
        replacement = draw(_json_values())
    if not path:
        return replacement
    parent = _get(data, path[:-1])
    parent[path[-1]] = replacement
    return data


def _text(document: dict[str, Any]) -> str:
    text = json.dumps(document, separators=(",", ":"))
    text = text.replace(json.dumps(_HUGE), "1" * HUGE_DIGITS)
    return text.replace(json.dumps(_DEEP), "[" * 40_000 + "]" * 40_000)


KINDS = ("state", "view", "move", "event", "events", "config", "record")
"""Every kind of document."""


def _valid(kind: str, sample: Sample, rng: random.Random) -> str:
    """A valid document of ``kind`` taken from ``sample``."""
    state = sample.state
    move = sample.move
    if kind == "state":
        return dumps(state)
    if kind == "view":
        return dumps(observe(state, rng.randrange(len(state.players))))
    if kind == "config":
        return dumps(state.config)
    if kind == "record":
        game = sample.game
        return dumps(GameRecord(game.config, game.moves[: sample.index]))
    if move is None or is_terminal(state):
        return dumps(legal_moves(sample.game.states[0])[0])
    if kind == "move":
        return dumps(move)
    _after, events = apply_with_events(state, move)
    if kind == "event":
        return dumps(events[0])
    return dumps(events)


@st.composite
def documents(draw: st.DrawFn, kind: str) -> tuple[str, str]:
    """A document meant as ``kind``: valid, or broken one to three times (envelope
    included), or the document of another kind; with the kind it was made from."""
    sample = draw(samples())
    source = draw(st.sampled_from(KINDS)) if draw(st.integers(0, 9)) == 0 else kind
    text = _valid(source, sample, random.Random(draw(st.integers(0, 2**16))))
    document = json.loads(text)
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        if draw(st.integers(0, 9)) == 0:
            document = _mutation(draw, document)
        else:
            document["data"] = _mutation(draw, document["data"])
        if not isinstance(document, dict) or "data" not in document:
            break
    if not isinstance(document, dict):
        return json.dumps(document), source
    return _text(document), source


def _nudged(number: int) -> st.SearchStrategy[int]:
    """A number near ``number``, as a careless edit or an off-by-one would leave it: one
    step of 100 or of 1 either way, halved, doubled, zero, negated or 2**64 - 1."""
    steps = [number - 100, number + 100, number - 1, number + 1]
    return st.sampled_from([*steps, number // 2, number * 2, 0, -number, 2**64 - 1])


_DERIVED = re.compile(
    r"money|prestige|bids|banker|round_best|high_bid|payout|limit|payment|holders|tokens"
    r"|opener|bidders|high_bidder|current_player|start_player|round|turns_done|builders"
)
"""Paths of the numbers the rules derive from play, which a nudge most often breaks
subtly (a bid a player can no longer pay, a best work no work reached)."""


def _bounds(state: GameState) -> list[tuple[tuple[Any, ...], tuple[Any, ...], int]]:
    """The numbers the decision of ``state`` turns on, as bounds play keeps: ``(lower,
    upper, scale)`` paths with ``lower <= upper * scale``.  A character bid and the
    bidder's cash, the high bid and the high bidder's cash, a payout and the best work
    of the round, the limit of a proposal and the partner's cash."""
    bounds: list[tuple[tuple[Any, ...], tuple[Any, ...], int]] = []
    characters = state.characters
    if characters is not None:
        for index, seat in enumerate(characters.tokens):
            if seat is not None:
                bounds.append((("characters", "bids", index), ("players", seat, "money"), 1))
    auction = state.auction
    if auction is not None and auction.high_bidder is not None:
        bounds.append((("auction", "high_bid"), ("players", auction.high_bidder, "money"), 1))
    seat = state.current_player
    if isinstance(state.pending, Conversion) and seat is not None:
        bounds.append((("pending", "payout"), ("round_best", seat), 100))
        bounds.append((("pending", "payout"), ("players", seat, "money"), 1))
    if isinstance(state.pending, Proposal):
        bounds.append((("pending", "limit"), ("players", state.pending.partner, "money"), 1))
    return bounds


_POSITIONS: dict[str, list[GameState]] = {}


def _positions() -> dict[str, list[GameState]]:
    """The states of the played games by what is going on: a character bid standing, an
    auction running, a decision pending, anything."""
    if not _POSITIONS:
        for game in _games():
            for state in game.states:
                characters = state.characters
                if characters is not None and any(t is not None for t in characters.tokens):
                    _POSITIONS.setdefault("character bid", []).append(state)
                elif state.auction is not None and state.auction.stack is not None:
                    _POSITIONS.setdefault("auction", []).append(state)
                elif state.pending is not None:
                    _POSITIONS.setdefault("pending", []).append(state)
                _POSITIONS.setdefault("any", []).append(state)
    return _POSITIONS


@st.composite
def nudged_states(draw: st.DrawFn) -> str:
    """The JSON of a state of a played game with one integer moved.

    The state is as often one with a character bid standing, one with an auction
    running, one with a decision pending, or any.  The integer is as often any, one of
    the numbers the rules derive (:data:`_DERIVED`), or one the decision turns on
    (:func:`_bounds`), each nudged (see :func:`_nudged`); or a bound the decision
    relies on is crossed by one step of 100 (a bid above the bidder's cash, cash below
    the high bid, a payout above the best work).
    """
    positions = _positions()
    state = draw(st.sampled_from(positions[draw(st.sampled_from(sorted(positions)))]))
    document = json.loads(dumps(state))
    data = document["data"]
    numbers = [p for p in _paths(data) if type(_get(data, p)) is int]
    derived = [p for p in numbers if _DERIVED.search("/".join(map(str, p)))]
    bounds = _bounds(state)
    mode = draw(st.sampled_from(["any", "derived", "decision", "crossed"]))
    if mode == "crossed" and bounds:
        lower, upper, scale = draw(st.sampled_from(bounds))
        if draw(st.booleans()):  # the lower one raised above the upper one
            path, value = lower, _get(data, upper) * scale + 100
        else:  # the upper one lowered below the lower one
            path, value = upper, (_get(data, lower) - 100) // scale
    else:
        choices = {"derived": derived, "decision": [p for b in bounds for p in b[:2]]}
        path = draw(st.sampled_from(choices.get(mode) or numbers))
        value = draw(_nudged(_get(data, path)))
    _get(data, path[:-1])[path[-1]] = value
    return json.dumps(document, separators=(",", ":"))


_WORDS = (
    *("play", "replay", "tournament", "bench", "catalog", "--help", "-h", ""),
    *("--players", "--seed", "--bots", "--human", "--names", "--save", "--player"),
    *("--games", "--workers", "--seconds", "--hidden-money", "--muse-and-princess"),
    *("--cooperative-building", "--hard-freedoms", "--choose-returned-order"),
    *("random", "heuristic", "mcts", "mcts:seconds=nan", "mcts:iterations=2:rollout=1"),
    *("random:sell=nan", "mcts:c=-1", "genius", ",", "random,random", "json", "games"),
    *("0", "1", "2", "3", "4", "5", "6", "-1", "99", "nan", "inf", "-inf", "1e999", "0.001"),
    *("9" * 4_301, "²", "٣", "x", "a,b,c", "\x00", "--", "-", "FILE"),
)
"""The words command lines are made of: commands, options, values good and bad."""

_FILE_KINDS = ("record", "text", "bytes", "missing", "directory", "/dev/zero", "nul")


@st.composite
def command_lines(draw: st.DrawFn) -> tuple[list[str], str, str, bytes]:
    """Arguments for the command line, what standard input holds, and a file: its kind
    (see :data:`_FILE_KINDS`) and content.  The word ``FILE`` in the arguments stands
    for the file's path, as do the path after ``replay`` and after ``--save``."""
    command = draw(st.sampled_from(["play", "replay", "tournament", "bench", "catalog", ""]))
    words = draw(st.lists(st.sampled_from(_WORDS) | st.text(max_size=12), min_size=0, max_size=6))
    argv = [command, *words] if command else words
    if command == "replay":
        argv.insert(1, "FILE")
    if command == "tournament" and "--games" not in argv:  # bounded: a few games at most
        argv += ["--games", draw(st.sampled_from(["2", "3", "4", "x", "-2"]))]
    if "--games" in argv or "--seconds" in argv or "--workers" in argv:
        # a budget far above the words' (10**30 games) would be a long run asked for
        argv = [w if not (w.isdigit() and len(w) > 1) else "2" for w in argv]
    sample = draw(samples())
    kind = draw(st.sampled_from(_FILE_KINDS))
    content = b""
    if kind == "record":
        game = sample.game
        record = GameRecord(game.config, game.moves[: sample.index])
        text = record_to_text(record) if draw(st.booleans()) else dumps(record)
        for _ in range(draw(st.integers(0, 2))):
            text = _mutate_text(draw, text)
        content = text.encode("utf-8", "surrogatepass")
    elif kind == "text":
        content = draw(st.text(max_size=200)).encode("utf-8", "surrogatepass")
    elif kind == "bytes":
        content = draw(st.binary(max_size=200))
    stdin = "\n".join(draw(st.lists(st.sampled_from(["1", "2", "x", "sell 1", "²", ""]))))
    return argv, stdin, kind, content


# ---------------------------------------------------------------------------
# The documents of every registered game, through the game protocol

GAME_KINDS = ("state", "view", "move", "event", "config", "record")
"""The kinds of document every game's protocol reads (``load_state``, ...)."""


@attrs.frozen(repr=False, eq=False)
class ProtocolGame:
    """A game of any registered game, played at random through its protocol."""

    name: str
    config: Any
    states: tuple[Any, ...]
    moves: tuple[Any, ...]
    events: tuple[tuple[Any, ...], ...]

    def __repr__(self) -> str:  # the states are long; the game and its length say it
        return f"ProtocolGame({self.name!r}, moves={len(self.moves)})"


_PROTOCOL_GAMES: dict[str, list[ProtocolGame]] = {}

_PROTOCOL_MOVES = 150
"""The moves played of each game: enough to reach every kind of event of the opening
rounds, few enough that setting up stays well under a second."""


def protocol_games(name: str) -> list[ProtocolGame]:
    """Two games of ``name`` (the fewest players, then the most), played once per process
    at random through :func:`princes_of_florence.games.get`'s protocol alone, chance
    outcomes drawn by their probabilities."""
    if name not in _PROTOCOL_GAMES:
        game = games.get(name)
        played = []
        for players in (game.player_counts[0], game.player_counts[-1]):
            rng = random.Random(f"{name}:{players}")
            config = game.make_config(players, players, {})
            state = game.new_game(config)
            states: list[Any] = [state]
            moves: list[Any] = []
            events: list[tuple[Any, ...]] = []
            while not game.is_terminal(state) and len(moves) < _PROTOCOL_MOVES:
                if game.is_chance_node(state):
                    outcomes = game.chance_outcomes(state)
                    weights = [probability for _, probability in outcomes]
                    move = rng.choices([move for move, _ in outcomes], weights)[0]
                else:
                    move = rng.choice(game.legal_moves(state))
                state, happened = game.apply_with_events(state, move)
                states.append(state)
                moves.append(move)
                events.append(tuple(happened))
            played.append(ProtocolGame(name, config, tuple(states), tuple(moves), tuple(events)))
        _PROTOCOL_GAMES[name] = played
    return _PROTOCOL_GAMES[name]


def _protocol_valid(played: ProtocolGame, kind: str, index: int, rng: random.Random) -> str:
    """A valid document of ``kind`` from position ``index`` of ``played``."""
    game = games.get(played.name)
    state = played.states[index]
    if kind == "state":
        return game.dumps(state)
    if kind == "view":
        return game.dumps(game.observe(state, rng.randrange(played.config.players)))
    if kind == "config":
        return game.dumps(played.config)
    if kind == "record":
        return game.dumps(game.make_record(played.config, played.moves[:index]))
    step = min(index, len(played.moves) - 1)
    if kind == "move":
        return game.dumps(played.moves[step])
    happened = next((e for e in played.events[step:] if e), None) or next(
        e for e in played.events if e
    )
    return game.dumps(happened[rng.randrange(len(happened))])


_TEXT_HOSTILITIES = ("repeated key", "NaN", "Infinity", "not UTF-8", "digits", "oversized")
"""What :func:`game_documents` may do to a document's text, each always refused."""


@st.composite
def game_documents(draw: st.DrawFn, name: str, max_chars: int) -> tuple[str, Any, str, bool]:
    """A document of the game ``name`` meant as one of :data:`GAME_KINDS`: valid, or
    broken in its data one to three times as :func:`documents` breaks them, or the
    document of another kind, and sometimes made hostile in its text (a key given twice,
    ``NaN``, bytes that are not UTF-8, a number of too many digits, more than
    ``max_chars`` characters).

    Returns the kind, the text (or bytes), the kind it was made from, and whether the
    text is hostile (then every loader must refuse it).
    """
    kind = draw(st.sampled_from(GAME_KINDS))
    source = draw(st.sampled_from(GAME_KINDS)) if draw(st.integers(0, 9)) == 0 else kind
    played_games = protocol_games(name)
    played = played_games[draw(st.integers(0, len(played_games) - 1))]  # not hashed: long
    index = draw(st.integers(min_value=0, max_value=len(played.moves)))
    text = _protocol_valid(played, source, index, random.Random(draw(st.integers(0, 2**16))))
    document = json.loads(text)
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        if draw(st.integers(0, 9)) == 0:
            document = _mutation(draw, document)
        else:
            document["data"] = _mutation(draw, document["data"])
        if not isinstance(document, dict) or "data" not in document:
            break
    text = _text(document) if isinstance(document, dict) else json.dumps(document)
    if draw(st.integers(0, 4)) != 0 or not isinstance(document, dict) or not document:
        return kind, text, source, False
    hostility = draw(st.sampled_from(_TEXT_HOSTILITIES))
    if hostility == "repeated key":
        key = draw(st.sampled_from(sorted(document)))
        hostile: Any = "{" + json.dumps(key) + ":" + json.dumps(document[key]) + "," + text[1:]
    elif hostility in ("NaN", "Infinity"):
        hostile = "{" + f'"x":{draw(st.sampled_from(["", "-"]))}{hostility}' + "," + text[1:]
    elif hostility == "not UTF-8":
        at = draw(st.integers(min_value=1, max_value=len(text) - 1))
        hostile = text[:at].encode() + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80"]))
        hostile += text[at:].encode()
    elif hostility == "digits":
        hostile = '{"x":' + "7" * draw(st.sampled_from([4_301, HUGE_DIGITS])) + "," + text[1:]
    else:
        hostile = text + " " * (max_chars + 1 - len(text))
    return kind, hostile, source, True
