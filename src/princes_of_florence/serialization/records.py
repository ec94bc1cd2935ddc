"""Game records of any game: comments, the checks of what people add, replay and text lines.

This module is generic: it knows no game.  A game record is a configuration
and the moves played, with what people keep with it (a date, the engine
version, :class:`Comment` remarks after moves) and, optionally, the outcome
it claims.  The game's own record class holds these; this module gives what
every game does with them alike:

* :func:`annotation_problems` checks the date, the engine version and the
  comments;
* :func:`replay` and :func:`replay_steps` play the moves from the
  configuration with the game's :class:`Rules` (any registered game of
  :mod:`princes_of_florence.games` has them, as has The Princes of Florence's
  :mod:`~princes_of_florence.engine` module), naming the first illegal move,
  and check the claimed outcome;
* :func:`write_text` and :func:`read_text` write and read the text form, header
  lines (``# name value``) then one move per line in the game's notation,
  each comment on a line of its own (``; text``) after its move.

>>> from princes_of_florence.errors import InvalidMoveError
>>> def parse(text: str) -> int:
...     if not text.isdigit():
...         raise InvalidMoveError(f"{text!r} is not a roll")
...     return int(text)
>>> text = write_text("1.0", [("players", "2")], ["3", "6"], [Comment(2, "A six!")])
>>> print(text, end="")
# schema 1.0
# players 2
3
6
; A six!
>>> read_text(text, 1, ("players",), lambda name, words, line: words, parse)
({'players': ['2']}, [3, 6], [Comment(move=2, text='A six!')])

The Princes of Florence's records (:mod:`princes_of_florence.serialization.princes`
and :mod:`princes_of_florence.serialization.princes_text`) are built on these.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Protocol, TypeVar

import attrs

from princes_of_florence.errors import IllegalMoveError, InvalidMoveError, SerializationError
from princes_of_florence.frozen import share_copies
from princes_of_florence.limits import (
    MAX_DOCUMENT_CHARS,
    MAX_ITEMS,
    MAX_NOTATION_CHARS,
    MAX_NUMBER_DIGITS,
    shorten,
)

__all__ = [
    "MAX_COMMENT_CHARS",
    "Comment",
    "Rules",
    "annotation_problems",
    "check_outcome",
    "header_number",
    "read_text",
    "replay",
    "replay_steps",
    "write_text",
]

StateT = TypeVar("StateT")
"""A game's state."""
MoveT = TypeVar("MoveT")
"""A game's moves."""
EventT = TypeVar("EventT")
"""What a move made happen, as a game tells it."""
ConfigT = TypeVar("ConfigT")
"""A game's configuration."""
ValueT = TypeVar("ValueT")
"""The value of a header of a text record, as the game reads it."""
MoveT_contra = TypeVar("MoveT_contra", contravariant=True)
"""A game's moves, as :class:`Rules` takes them."""
EventT_co = TypeVar("EventT_co", covariant=True)
"""A game's events, as :class:`Rules` gives them."""
ConfigT_contra = TypeVar("ConfigT_contra", contravariant=True)
"""A game's configuration, as :class:`Rules` takes it."""

MAX_COMMENT_CHARS = 500
"""The longest comment a record holds."""


@attrs.frozen
class Comment:
    """A remark kept with a record, after one of its moves.

    Attributes:
        move: the number of the move it follows, counted from 1.
        text: the remark, one line of at most
            :data:`~princes_of_florence.serialization.MAX_COMMENT_CHARS` characters.

    Example:
        >>> note = Comment(move=1, text="A bold start.")
        >>> annotation_problems(1, None, None, (note,))
        []
        >>> annotation_problems(0, None, None, (note,))
        ['a comment follows move 1: not a move of the record after the comment before it \
(1 to 0) @ $.data.comments[0]']
    """

    move: int
    text: str


share_copies(Comment)

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}([T ][0-9:.+\-Z]{1,30})?")


def annotation_problems(
    moves: int, date: str | None, engine: str | None, comments: Sequence[Comment]
) -> list[str]:
    """What is wrong with a record's date, engine version and comments (``[]``: nothing).

    Args:
        moves: how many moves the record holds.
        date: an ISO 8601 date (``2026-11-25``) or date and time, or ``None``.
        engine: the version of the package that played the game, or ``None``.
        comments: the remarks, in move order, each after one of the moves.

    Each problem ends with the path of the field in the record's document.

    >>> annotation_problems(0, "yesterday", None, ())
    ["date must be an ISO 8601 date such as 2026-11-25, not 'yesterday' @ $.data.date"]
    """
    problems = []
    if date is not None and not _DATE.fullmatch(date):
        problems.append(
            f"date must be an ISO 8601 date such as 2026-11-25, not {shorten(date)} @ $.data.date"
        )
    if engine is not None and not (0 < len(engine) <= MAX_NOTATION_CHARS and engine.isprintable()):
        problems.append(f"engine must be a version such as 0.1.0, not {shorten(engine)}")
    last = 0
    for index, comment in enumerate(comments):
        at = f" @ $.data.comments[{index}]"
        if not last <= comment.move <= moves or comment.move < 1:
            problems.append(
                f"a comment follows move {comment.move}: not a move of the record after the"
                f" comment before it (1 to {moves}){at}"
            )
        elif not 0 < len(comment.text) <= MAX_COMMENT_CHARS or not comment.text.isprintable():
            problems.append(
                f"a comment is one printable line of 1 to {MAX_COMMENT_CHARS} characters,"
                f" not {shorten(comment.text)}{at}"
            )
        last = max(last, comment.move)
    return problems


# --------------------------------------------------------------------------
# Replay


class Rules(Protocol[StateT, MoveT_contra, EventT_co, ConfigT_contra]):
    """What replaying a record needs of a game.

    Every game of :mod:`princes_of_florence.games` has these functions (its
    :class:`~princes_of_florence.games.Game`), and so has a module of engine
    functions such as :mod:`princes_of_florence.engine`.

    Example:
        >>> from princes_of_florence import GameConfig, engine
        >>> rules: Rules[object, object, object, object] = engine
        >>> rules.is_terminal(rules.new_game(GameConfig(players=3)))
        False
    """

    def new_game(self, config: ConfigT_contra, /) -> StateT:
        """The first state of a game of ``config``."""
        ...

    def apply(self, state: StateT, move: MoveT_contra, /) -> StateT:
        """The state after ``move``; raises an illegal move's error."""
        ...

    def apply_with_events(
        self, state: StateT, move: MoveT_contra, /
    ) -> tuple[StateT, tuple[EventT_co, ...]]:
        """The state after ``move`` and what happened."""
        ...

    def is_terminal(self, state: StateT, /) -> bool:
        """Whether the game is over."""
        ...

    def outcome(self, state: StateT, /) -> object:
        """The result of a game that is over."""
        ...


def check_outcome(
    rules: Rules[StateT, MoveT, EventT, ConfigT],
    state: StateT,
    moves: int,
    claimed: object | None,
    *,
    error: type[SerializationError] = SerializationError,
) -> None:
    """Check the outcome a record claims (``None``: none) against its last ``state``.

    Raises:
        SerializationError: (``error``) the game is not over after the record's
            ``moves`` moves, or its outcome is not the one claimed.

    >>> from princes_of_florence import GameConfig, engine
    >>> check_outcome(engine, engine.new_game(GameConfig(players=3)), 0, "a win")
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.SerializationError: the record claims an outcome, \
but the game is not over after its 0 moves
    """
    if claimed is not None:
        if not rules.is_terminal(state):
            raise error(
                f"the record claims an outcome, but the game is not over after its {moves} moves"
            )
        actual = rules.outcome(state)
        if actual != claimed:
            raise error(f"the record claims the outcome {claimed}, but the replay gives {actual}")


def replay(
    rules: Rules[StateT, MoveT, EventT, ConfigT],
    config: ConfigT,
    moves: Sequence[MoveT],
    claimed: object | None = None,
    *,
    error: type[SerializationError] = SerializationError,
    illegal: type[Exception] | tuple[type[Exception], ...] = IllegalMoveError,
) -> tuple[StateT, ...]:
    """Every state of a recorded game, the first state first.

    Args:
        rules: the game's functions.
        config: the record's configuration.
        moves: the record's moves, in order.
        claimed: the outcome the record claims, or ``None``.
        error: the error raised, the game's own
            :class:`~princes_of_florence.SerializationError`.
        illegal: the error (or errors) the game's ``apply`` raises for an
            illegal move.

    Returns:
        ``len(moves) + 1`` states.

    Raises:
        SerializationError: (``error``) a move is illegal where it stands (the
            message gives its number, counted from 1, and the game's reason),
            or the claimed outcome is not the replayed one (:func:`check_outcome`).

    >>> from princes_of_florence import GameConfig, engine, parse_move
    >>> states = replay(engine, GameConfig(players=3, seed=5), [parse_move("return poet")])
    >>> len(states)
    2
    """
    state = rules.new_game(config)
    states = [state]
    for number, move in enumerate(moves, start=1):
        try:
            state = rules.apply(state, move)
        except illegal as problem:
            raise error(f"move {number} of the record is illegal: {problem}") from problem
        states.append(state)
    check_outcome(rules, state, len(moves), claimed, error=error)
    return tuple(states)


def replay_steps(
    rules: Rules[StateT, MoveT, EventT, ConfigT],
    config: ConfigT,
    moves: Sequence[MoveT],
    claimed: object | None = None,
    *,
    error: type[SerializationError] = SerializationError,
    illegal: type[Exception] | tuple[type[Exception], ...] = IllegalMoveError,
) -> Iterator[tuple[int, MoveT, StateT, tuple[EventT, ...], StateT]]:
    """:func:`replay` one move at a time: the move's number, the move, the state
    before it, its events and the state after it.

    Raises as :func:`replay` does, at the first illegal move, and after the
    last move if the claimed outcome differs.

    >>> from princes_of_florence import GameConfig, engine, parse_move
    >>> steps = replay_steps(engine, GameConfig(players=3, seed=5), [parse_move("return poet")])
    >>> [(number, str(move), len(events)) for number, move, _, events, _ in steps]
    [(1, 'return poet', 1)]
    """
    state = rules.new_game(config)
    for number, move in enumerate(moves, start=1):
        try:
            after, events = rules.apply_with_events(state, move)
        except illegal as problem:
            raise error(f"move {number} of the record is illegal: {problem}") from problem
        yield number, move, state, events, after
        state = after
    check_outcome(rules, state, len(moves), claimed, error=error)


# --------------------------------------------------------------------------
# Text records


def write_text(
    schema: str,
    headers: Iterable[tuple[str, str]],
    moves: Iterable[str],
    comments: Iterable[Comment],
) -> str:
    """The text form of a record: ``# schema``, the ``headers``, then the moves and comments.

    Args:
        schema: the schema version written.
        headers: each header's name and value, in order.
        moves: the moves in notation, in order.
        comments: the remarks, each written after its move.

    >>> print(write_text("1.0", [("seed", "7")], ["pass"], []), end="")
    # schema 1.0
    # seed 7
    pass
    """
    lines = [f"# schema {schema}"]
    lines += [f"# {name} {value}" for name, value in headers]
    remarks: dict[int, list[str]] = {}
    for comment in comments:
        remarks.setdefault(comment.move, []).append(comment.text)
    for number, move in enumerate(moves, start=1):
        lines.append(move)
        lines.extend(f"; {text}" for text in remarks.get(number, ()))
    return "\n".join(lines) + "\n"


def header_number(
    word: str, name: str, line: int, *, error: type[SerializationError] = SerializationError
) -> int:
    """The whole number ``word`` of the header ``name`` on line ``line``.

    Raises:
        SerializationError: (``error``) ``word`` is not a whole number of at
            most :data:`~princes_of_florence.limits.MAX_NUMBER_DIGITS` digits.

    >>> header_number("12", "seed", 3)
    12
    >>> header_number("-1", "seed", 3)
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.SerializationError: line 3: '-1' is not a whole number in # seed
    """
    if not word.isdigit() or not word.isascii():
        raise error(f"line {line}: {shorten(word)} is not a whole number in # {name}")
    if len(word) > MAX_NUMBER_DIGITS:
        raise error(
            f"line {line}: a number of {len(word)} digits in # {name}; at most {MAX_NUMBER_DIGITS}"
        )
    return int(word)


def read_text(
    text: str,
    major: int,
    headers: Sequence[str],
    header_value: Callable[[str, list[str], int], ValueT],
    parse_move: Callable[[str], MoveT],
    *,
    error: type[SerializationError] = SerializationError,
    invalid: type[Exception] | tuple[type[Exception], ...] = InvalidMoveError,
) -> tuple[dict[str, ValueT], list[MoveT], list[Comment]]:
    """Read the lines of a text record: its headers, moves and comments.

    Blank lines are skipped.  Header lines (``# name value``) come first, each
    at most once; ``# schema`` must name a version of the ``major`` version
    read.  Then one move per line, each followed by its comments (``; text``).

    Args:
        text: the record.
        major: the major schema version read.
        headers: the names of the game's headers (``schema`` besides).
        header_value: the value of the header ``name`` from its words, given
            the line's number for messages.
        parse_move: the game's notation reader.
        error: the error raised, the game's own
            :class:`~princes_of_florence.SerializationError`.
        invalid: the error (or errors) ``parse_move`` raises for a line
            that is not a move.

    Returns:
        The headers' values by name (``schema`` left out), the moves and
        the comments, in order.  Nothing is checked beyond the form: the
        game checks which headers it needs and replays the moves.

    Raises:
        SerializationError: (``error``) the text is too long, a header is
            unknown, repeated or after a move, the schema is of another major
            version, a comment comes before the first move, a line is not a
            move, or there are more than :data:`~princes_of_florence.limits.MAX_ITEMS`
            moves; the message names the line.

    >>> read_text("# seed 1\\n# seed 2\\n", 1, ("seed",), lambda n, w, i: w, str)
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.SerializationError: line 2: header # seed appears twice
    """
    if not isinstance(text, str):
        raise error(f"a record must be text, not {type(text).__name__}")
    if len(text) > MAX_DOCUMENT_CHARS:
        raise error(f"the record has {len(text)} characters; at most {MAX_DOCUMENT_CHARS} are read")
    known = ("schema", *headers)
    found: dict[str, ValueT] = {}
    seen: set[str] = set()
    comments: list[Comment] = []
    moves: list[MoveT] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith(";"):
            if not moves:
                raise error(f"line {number}: a comment must follow a move")
            comments.append(Comment(len(moves), line[1:].strip()))
            continue
        if line.startswith("#"):
            words = line[1:].split()
            if moves:
                raise error(f"line {number}: headers must come before the moves")
            if not words or words[0] not in known:
                name = words[0] if words else ""
                raise error(
                    f"line {number}: unknown header {shorten(name)};"
                    f" expected one of {', '.join(known)}"
                )
            name = words[0]
            if name in seen:
                raise error(f"line {number}: header # {name} appears twice")
            seen.add(name)
            if name == "schema":
                if len(words) != 2 or not re.fullmatch(rf"{major}\.\d+", words[1]):
                    raise error(
                        f"line {number}: schema {' '.join(words[1:])!r} is not supported; "
                        f"this version reads schema {major}.x"
                    )
                continue
            found[name] = header_value(name, words[1:], number)
            continue
        if len(moves) == MAX_ITEMS:
            raise error(f"line {number}: a record holds at most {MAX_ITEMS} moves")
        try:
            moves.append(parse_move(line))
        except invalid as problem:
            raise error(f"line {number}: {problem}") from None
    return found, moves, comments
