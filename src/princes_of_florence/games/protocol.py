"""The game protocol: what generic code may ask of any game of the library.

Bots, tournaments, the PettingZoo and OpenSpiel adapters, game records, the web
server and the command line are written once against :class:`Game` and reach
no game's internals.  Each game of the library provides one object that meets
the protocol (mypy checks it) and registers it under a short name
(:func:`princes_of_florence.games.get`).

A game has five types of its own, the protocol's type parameters: its state,
the view one player has of it, its moves, its events and its configuration.
Generic code holds them as opaque values and hands them back to the game.

Every function keeps the contract of the library's first game:

- states, views, moves, events and configurations are immutable, and moves
  are hashable (a search tree keys its children by move);
- ``apply`` returns a new state and never changes its input; a move that is
  not legal raises the game's ``IllegalMoveError`` (a ``ValueError``) and
  changes nothing;
- ``legal_moves`` returns a tuple in one documented order, the free moves
  (moves a player may make at any of their decisions without ending it, such
  as selling prestige) after the decision's own moves;
- everything random comes from the seed in the configuration (or, with
  explicit chance, from chance moves chosen by the caller).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Literal, Protocol, TypeVar, cast, runtime_checkable

import attrs
from attrs import AttrsInstance

__all__ = [
    "AnyGame",
    "CardText",
    "ComponentData",
    "ComponentEntry",
    "Game",
    "GameResult",
    "LearningBuffers",
]

StateT = TypeVar("StateT")
"""A game's state, hidden information included."""
ViewT = TypeVar("ViewT")
"""What one player may see of a state."""
MoveT = TypeVar("MoveT")
"""A game's moves (chance moves included), hashable."""
EventT = TypeVar("EventT")
"""What a move made happen, as a game tells it."""
ConfigT = TypeVar("ConfigT")
"""A game's configuration (players, seed and options)."""


@attrs.frozen
class GameResult:
    """The result of a finished game, in the same words for every game.

    Attributes:
        scores: each player's final score (the game's victory points,
            prestige...), by player.
        winners: the players who won; more than one for a shared win, none
            when nobody wins (a solo game lost to an automated opponent).
        places: each player's place, 1 for the best; players who share a
            place after every tie-break have the same number.
        truncated: the game was ended by a limit of the engine (a cap on
            turns that keeps a stalled game finite) rather than by its rules.
        tiebreaks: each player's tie-break figure, by player, when the game
            breaks ties on score by one (money in The Princes of Florence);
            ``()`` when it has none.  Tournaments report its mean.

    Example:
        >>> GameResult(scores=(40, 52, 40), winners=(1,), places=(2, 1, 2)).winners
        (1,)
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    places: tuple[int, ...]
    truncated: bool = False
    tiebreaks: tuple[int, ...] = ()

    def rank_returns(self) -> tuple[float, ...]:
        """One number per player by place: with ``n`` players place ``k`` is worth
        ``(n - k) / (n - 1)``; players who share places share their values, so the
        numbers add up to ``n / 2``.

        >>> GameResult(scores=(40, 52, 40), winners=(1,), places=(2, 1, 2)).rank_returns()
        (0.25, 1.0, 0.25)
        """
        n = len(self.places)
        values = []
        for place in self.places:
            tied = self.places.count(place)
            values.append(sum((n - k) / (n - 1) for k in range(place, place + tied)) / tied)
        return tuple(values)


@attrs.frozen
class CardText:
    """A card a player sees, readable: its name, what it does, and where it lies.

    Attributes:
        name: the card's name, as the game's sentences name it.
        text: what the card does, in one line.
        place: where the player sees it: ``hand`` (held, hidden from the
            others) or ``shown`` (shown to the player alone, to choose from).

    Example:
        >>> CardText("B03", "+3 for a work with a forest.", "hand").place
        'hand'
    """

    name: str
    text: str
    place: str = "hand"


_PROVENANCE_FIELDS = frozenset({"provenance", "provenance_note", "source"})


def _value_text(value: object) -> str:
    """A value of a game's data file as short text, in the file's own spelling.

    >>> _value_text((1, (2, 3), {"a": True}))
    '[1, [2, 3], {a: true}]'
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, enum.Enum):
        return value.value if isinstance(value.value, str) else value.name
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_value_text(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_value_text(v)}" for k, v in value.items()) + "}"
    if attrs.has(type(value)):
        return "{" + ", ".join(f"{k}: {v}" for k, v in _field_texts(value, ())) + "}"
    return "-" if value is None else str(value)


def _field_texts(spec: object, leave_out: Collection[str]) -> tuple[tuple[str, str], ...]:
    fields: tuple[attrs.Attribute[Any], ...] = attrs.fields(cast("type[AttrsInstance]", type(spec)))
    return tuple(
        (field.name, _value_text(getattr(spec, field.name)))
        for field in fields
        if field.repr and field.name not in leave_out and field.name not in _PROVENANCE_FIELDS
    )


@attrs.frozen
class ComponentEntry:
    """One entry of a game's component data, and where its values come from.

    Attributes:
        kind: what sort of component the entry is (``tile``, ``person``,
            ``disc``, ``card``...); an entry that is one of a kind (a table
            of rule constants) has its own name as its kind.
        name: which one of its kind: its id, number or name in the data file.
        values: the entry's values by field, in the data file's order, each
            as short text (lists in brackets, enumerations as the file spells
            them); the provenance fields are left out.
        provenance: ``stated`` by the rules, ``derived`` (forced by stated
            text), or ``reconstructed`` when any part of the entry is: printed
            only in a picture, or not in the sources at all, and chosen so
            that every rule and example holds (the printed component may
            differ).
        source: the data file's note on where the values come from, as
            written: which parts are stated, which reconstructed, and why.

    Example:
        >>> entry = ComponentEntry("tile", "park", (("supply", "3"),), "reconstructed", "[R] cells")
        >>> entry.reconstructed
        True
    """

    kind: str
    name: str
    values: tuple[tuple[str, str], ...]
    provenance: Literal["stated", "derived", "reconstructed"]
    source: str

    @property
    def reconstructed(self) -> bool:
        """Whether any part of the entry is reconstructed."""
        return self.provenance == "reconstructed"

    @classmethod
    def of(
        cls,
        kind: str,
        name: str,
        spec: object,
        provenance: Literal["stated", "derived", "reconstructed"],
        source: str,
        leave_out: Collection[str] = (),
    ) -> ComponentEntry:
        """The entry of ``spec``, an attrs class of a game's catalog, its values
        read from its fields (those shown in its ``repr``, but the provenance
        fields ``provenance``, ``provenance_note`` and ``source``, and the
        fields named in ``leave_out``).

        >>> @attrs.frozen
        ... class Tower:
        ...     floors: int
        ...     colours: tuple[str, ...]
        ...     provenance: str
        >>> ComponentEntry.of("tower", "1", Tower(3, ("W", "V"), "R"), "reconstructed", "R").values
        (('floors', '3'), ('colours', '[W, V]'))
        """
        return cls(kind, name, _field_texts(spec, leave_out), provenance, source)


@attrs.frozen
class ComponentData:
    """A game's component data with the provenance of each entry, for people to read.

    Attributes:
        edition: the edition the data file describes, ``None`` when the file
            names none.
        entries: every entry of the data file that carries a provenance, in
            the file's order.

    Example:
        >>> data = ComponentData("reference", (
        ...     ComponentEntry("tile", "park", (), "reconstructed", "[R] shape"),
        ...     ComponentEntry("tile", "tower", (), "stated", "[S]"),
        ... ))
        >>> [entry.name for entry in data.reconstructed()]
        ['park']
    """

    edition: str | None
    entries: tuple[ComponentEntry, ...]

    def reconstructed(self) -> tuple[ComponentEntry, ...]:
        """The entries with a reconstructed part, in order."""
        return tuple(entry for entry in self.entries if entry.reconstructed)


class Game(Protocol[StateT, ViewT, MoveT, EventT, ConfigT]):
    """One game of the library, as generic code sees it.

    The attributes describe the game; the methods are its rules engine and
    the services around it.  A method that takes ``state_or_view`` accepts
    either the true state or one player's view of it.
    """

    # -- what the game is --------------------------------------------------

    @property
    def name(self) -> str:
        """The short name the game is registered under (``princes``, ``florenz``...)."""
        ...

    @property
    def title(self) -> str:
        """The game's full title, for people."""
        ...

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The numbers of players a configuration may have, smallest first."""
        ...

    def make_config(self, players: int, seed: int, options: Mapping[str, Any]) -> ConfigT:
        """A configuration for ``players`` players dealt from ``seed``.

        ``options`` are the game's own settings by the names of its
        configuration's fields; an unknown option or a bad value raises the
        game's ``ConfigError``.
        """
        ...

    def config_players(self, config: ConfigT) -> int:
        """How many players ``config`` seats."""
        ...

    def config_seed(self, config: ConfigT) -> int:
        """The seed of ``config``."""
        ...

    def reseed(self, config: ConfigT, seed: int) -> ConfigT:
        """``config`` with ``seed`` instead of its own (a tournament's next deal)."""
        ...

    # -- playing -------------------------------------------------------------

    def new_game(self, config: ConfigT) -> StateT:
        """The initial state of the game ``config`` describes."""
        ...

    def current_player(self, state_or_view: StateT | ViewT) -> int | None:
        """The player to decide; ``None`` at a chance node or at the end."""
        ...

    def legal_moves(self, state_or_view: StateT | ViewT) -> tuple[MoveT, ...]:
        """Every legal move of the player to decide, free moves last.

        Of a view: the same moves as of the state, when the view's player is
        to decide, and ``()`` otherwise.  At a chance node: the chance moves.
        """
        ...

    def is_free_move(self, move: MoveT) -> bool:
        """Whether ``move`` is a free move: one a player may make at any of their
        decisions without ending it (selling prestige); :meth:`legal_moves` lists
        them last."""
        ...

    def apply(self, state: StateT, move: MoveT, player: int | None = None) -> StateT:
        """The state after ``move``; with ``player``, refused unless that player decides."""
        ...

    def apply_with_events(
        self, state: StateT, move: MoveT, player: int | None = None
    ) -> tuple[StateT, tuple[EventT, ...]]:
        """:meth:`apply`, with what happened as events."""
        ...

    def is_terminal(self, state_or_view: StateT | ViewT) -> bool:
        """Whether the game is over."""
        ...

    def outcome(self, state: StateT) -> object:
        """The game's own result object of a finished game."""
        ...

    def result(self, state: StateT) -> GameResult:
        """The result of a finished game in the protocol's words."""
        ...

    def returns(self, state: StateT) -> tuple[float, ...]:
        """One number per player at the end: the winners share 1, the others get 0."""
        ...

    def rank_returns(self, state: StateT) -> tuple[float, ...]:
        """One number per player at the end, by place: with ``n`` players, place
        ``k`` is worth ``(n - k) / (n - 1)``; players who share places share
        their values, so the numbers add up to ``n / 2``."""
        ...

    # -- hidden information ----------------------------------------------------

    def observe(self, state: StateT, player: int) -> ViewT:
        """What ``player`` may see of ``state``."""
        ...

    def view_player(self, view: ViewT) -> int:
        """The player whose view ``view`` is."""
        ...

    def events_for(self, events: Iterable[EventT], player: int) -> tuple[EventT, ...]:
        """``events`` as ``player`` may see them."""
        ...

    def determinize(self, view: ViewT, rng: random.Random) -> StateT:
        """A state consistent with ``view``, the unseen parts dealt by ``rng``."""
        ...

    # -- chance -----------------------------------------------------------------

    def is_chance_node(self, state: StateT) -> bool:
        """Whether chance moves next (only with explicit chance configured)."""
        ...

    def chance_outcomes(self, state: StateT) -> tuple[tuple[MoveT, float], ...]:
        """The chance moves with their probabilities; ``()`` where chance does not move."""
        ...

    @property
    def chance_outcome_count(self) -> int:
        """How many chance outcome ids there are; each chance move has one id below
        this count, the same in every state.  0 for a game that deals everything
        from its seed and offers no explicit chance."""
        ...

    def chance_outcome_id(self, move: MoveT) -> int:
        """The chance outcome id of the chance move ``move``."""
        ...

    def chance_outcome_move(self, outcome: int) -> MoveT:
        """The chance move with id ``outcome``; an id out of range raises
        ``InvalidMoveError``."""
        ...

    # -- notation and JSON ----------------------------------------------------------

    def format_move(self, move: MoveT) -> str:
        """A move in the game's text notation."""
        ...

    def parse_move(self, text: str) -> MoveT:
        """A move from its notation; malformed text raises ``InvalidMoveError``."""
        ...

    def dumps(self, obj: object) -> str:
        """Any state, view, move, event, configuration or record as a JSON document."""
        ...

    def load_config(self, text: str | bytes) -> ConfigT:
        """A configuration from its JSON document, validated."""
        ...

    def load_state(self, text: str | bytes) -> StateT:
        """A state from its JSON document, validated: only states the engine can play on."""
        ...

    def load_view(self, text: str | bytes) -> ViewT:
        """A view from its JSON document, validated."""
        ...

    def load_move(self, text: str | bytes) -> MoveT:
        """A move from its JSON document."""
        ...

    def load_event(self, text: str | bytes) -> EventT:
        """An event from its JSON document."""
        ...

    # -- records -------------------------------------------------------------------

    def make_record(
        self, config: ConfigT, moves: Sequence[MoveT], final: StateT | None = None
    ) -> object:
        """A game record of ``config`` and ``moves``; with ``final``, its result too."""
        ...

    def load_record(self, text: str | bytes) -> object:
        """A record from its JSON document; a record of another game is refused."""
        ...

    def record_config(self, record: object) -> ConfigT:
        """The configuration of ``record``."""
        ...

    def record_moves(self, record: object) -> tuple[MoveT, ...]:
        """The moves of ``record``, in order."""
        ...

    def replay(self, record: object) -> tuple[StateT, ...]:
        """Every state of the recorded game, the initial state first, each move checked."""
        ...

    # -- words and pictures -------------------------------------------------------

    def decision_text(self, state_or_view: StateT | ViewT) -> str | None:
        """What the player to decide is asked, as a sentence; ``None`` when nobody is.

        Given a state or another player's view, it names the player to
        decide.  Given that player's own view, a game may address the sentence
        to them in the second person, as :meth:`describe` with ``viewer``
        does: The Princes of Florence asks "You: ...".
        """
        ...

    def decision_data(self, state_or_view: StateT | ViewT) -> dict[str, Any] | None:
        """What the player to decide is asked, as JSON-ready data (``kind`` and details)."""
        ...

    def describe(
        self,
        item: MoveT | EventT,
        where: StateT | ViewT | ConfigT,
        viewer: int | None = None,
    ) -> str:
        """A move or event in a plain sentence; addressed to ``viewer`` as "you"."""
        ...

    def render_text(self, state_or_view: StateT | ViewT) -> str:
        """The table as plain text."""
        ...

    def render_svg(self, state_or_view: StateT | ViewT) -> str:
        """The table as a standalone SVG document."""
        ...

    # -- for front ends --------------------------------------------------------------

    def options(self) -> Mapping[str, Any]:
        """The options :meth:`make_config` takes, by name, each with its default value.

        A game that can leave its chance moves to the caller (one whose
        :attr:`chance_outcome_count` is above 0) takes the option
        ``explicit_chance`` (``False`` by default), and then plays chance's
        moves as chance nodes (:meth:`is_chance_node`).
        """
        ...

    def player_names(self, state_or_view: StateT | ViewT) -> tuple[str, ...]:
        """The players' names, by player, as :meth:`describe` names them."""
        ...

    def public_view(self, state: StateT) -> ViewT:
        """What everybody sees of ``state`` (a spectator's view): no player's hidden cards."""
        ...

    def public_events(self, events: Iterable[EventT]) -> tuple[EventT, ...]:
        """``events`` as a spectator may see them: every hidden card left out."""
        ...

    def move_cells(self, state_or_view: StateT | ViewT, move: MoveT) -> tuple[str, ...]:
        """The keys of the cells of the table ``move`` fills, ``()`` for a move that fills none.

        A key names one cell of :meth:`render_svg_marked`'s picture, where the
        cell's element carries it as ``data-key``; a front end lets a person
        place a tile by clicking its cells.
        """
        ...

    def render_svg_marked(
        self,
        state_or_view: StateT | ViewT,
        highlight: Collection[str] = (),
        selected: Collection[str] = (),
        last: Collection[str] = (),
    ) -> str:
        """The table as a bare ``<svg>`` element for a page, scaling to its container.

        Each cell carries its key as ``data-key``; the cells with keys in
        ``highlight`` (legal), ``selected`` (picked) and ``last`` (the last
        move's) are marked.
        """
        ...

    def hand(self, view: ViewT) -> tuple[CardText, ...]:
        """The cards the view's player alone sees (held, or shown to choose from), readable."""
        ...

    def component_data(self) -> ComponentData:
        """The game's component data, each entry with its provenance and source.

        Read from the game's own data file: which values the rules state, and
        which were reconstructed (and so may differ from the printed
        components).  ``python -m princes_of_florence catalog --game NAME``
        lists the reconstructed entries.
        """
        ...

    # -- bots ------------------------------------------------------------------------

    def rollout_move(self, state: StateT, moves: Sequence[MoveT], rng: random.Random) -> MoveT:
        """The move a search bot's rollout plays from ``moves`` (uniformly at random,
        unless the game knows better)."""
        ...

    def search_moves(self, state: StateT) -> Sequence[MoveT]:
        """The moves a search bot tries in ``state``, a non-empty part of
        :meth:`legal_moves` in its order: at least the decision's moves that
        are not free (a game may leave out moves a search need not try)."""
        ...

    def estimates(self, state: StateT) -> tuple[float, ...] | None:
        """Each player's expected final score where a rollout stops short of the
        end, in the game's points, or ``None`` when the game offers none.

        A search bot turns them into rewards with its own temperature
        (a softmax), so that a lead of that many points counts ``e`` times."""
        ...

    def evaluate(self, state: StateT) -> tuple[float, ...] | None:
        """An estimate of each player's return where a rollout stops short of the end,
        or ``None`` when the game offers none (the rollout then plays to the end)."""
        ...

    def bots(self) -> Mapping[str, Callable[[int], Any]]:
        """The game's own bots by kind (``heuristic``...): each makes a bot from a seed.

        The bots meet :class:`princes_of_florence.bots.Bot`; the generic kinds
        (``random``, ``mcts``) are not listed here.
        """
        ...

    # -- learning ---------------------------------------------------------------------

    @property
    def action_count(self) -> int:
        """The number of action ids; every move maps to one id below it."""
        ...

    @property
    def observation_length(self) -> int:
        """The length of every observation vector."""
        ...

    @property
    def observation_bounds(self) -> tuple[float, float]:
        """The least and the greatest value any observation vector may hold."""
        ...

    @property
    def longest_game(self) -> int:
        """No game lasts more moves than this (free moves and chance moves included)."""
        ...

    def encode_move(self, move: MoveT) -> int:
        """The action id of ``move``."""
        ...

    def decode_move(self, state_or_view: StateT | ViewT, action: int) -> MoveT:
        """The legal move of ``state_or_view`` with id ``action``."""
        ...

    def action_move(self, action: int) -> MoveT:
        """The move with id ``action``, legal or not; an id out of range raises
        ``InvalidMoveError``."""
        ...

    def action_mask(self, state_or_view: StateT | ViewT) -> bytes:
        """One byte per action id: 1 where the action is legal."""
        ...

    def observation_vector(self, view: ViewT) -> tuple[float, ...]:
        """The fixed-length vector of what the view's player sees."""
        ...

    def information_state(self, config: ConfigT, moves: Sequence[MoveT], player: int) -> str:
        """``player``'s information state after ``moves`` of the game ``config``
        describes: everything the player has seen, in order (perfect recall)."""
        ...

    def information_state_start(self, state: StateT, player: int) -> tuple[str, ...]:
        """The first lines of ``player``'s information state in a game that starts at
        ``state``.

        With :meth:`information_state_next`, a follower of a game keeps every
        player's information state move by move: the lines of the start and of
        each move, joined by newlines, are :meth:`information_state`.
        """
        ...

    def information_state_next(
        self, state: StateT, player: int, events: Sequence[EventT]
    ) -> tuple[str, ...]:
        """The lines ``player``'s information state gains when a move made
        ``events`` happen and led to ``state``."""
        ...


AnyGame = Game[Any, Any, Any, Any, Any]
"""A game of any types, as generic code holds it."""


BufferT = TypeVar("BufferT")
"""A buffer the caller keeps (a numpy array, an ``array.array``...), filled and returned."""
StateC = TypeVar("StateC", contravariant=True)
"""A game's state, as :class:`LearningBuffers` takes it."""
ViewC = TypeVar("ViewC", contravariant=True)
"""A game's view, as :class:`LearningBuffers` takes it."""


@runtime_checkable
class LearningBuffers(Protocol[StateC, ViewC]):
    """What a game offers batch learners besides :class:`Game`: vectors and masks written
    into buffers the caller keeps, so that no tuple or bytes object is made per step.

    A game need not offer it: :mod:`princes_of_florence.vector` uses it where a
    game does (``isinstance(game, LearningBuffers)``) and otherwise copies
    :meth:`Game.observation_vector` and :meth:`Game.action_mask` into its
    arrays, with the same values, only slower.  The values written are always
    exactly those of the two :class:`Game` methods.
    """

    def observation_vector_into(self, view: ViewC, out: BufferT) -> BufferT:
        """:meth:`Game.observation_vector` of ``view`` written into ``out`` (a numpy
        array of ``observation_length`` numbers), which is returned."""
        ...

    def seat_vector_into(self, state: StateC, player: int, out: BufferT) -> BufferT:
        """:meth:`Game.observation_vector` of ``observe(state, player)`` written into
        ``out`` as :meth:`observation_vector_into` writes it, made without the view
        where the game can: what an environment asks for each step."""
        ...

    def action_mask_into(self, state_or_view: StateC | ViewC, out: BufferT) -> BufferT:
        """:meth:`Game.action_mask` written into ``out`` (a numpy array or another
        buffer of ``action_count`` items), which is returned."""
        ...

    def legal_actions(self, state_or_view: StateC | ViewC) -> tuple[int, ...]:
        """The action ids :meth:`Game.action_mask` marks legal, ascending, listed
        without a mask to read (what OpenSpiel's ``legal_actions()`` asks for)."""
        ...
