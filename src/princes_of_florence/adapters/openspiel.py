"""Every game of the library for OpenSpiel (``pip install "princes-of-florence[openspiel]"``).

Importing this module registers one OpenSpiel game per game of the library
(:func:`princes_of_florence.games.names`): The Princes of Florence as
``python_princes_of_florence``, every other game ``NAME`` as ``python_NAME``
(``python_florenz``, ``python_firenze``); :data:`SHORT_NAMES` holds them.

>>> import pyspiel
>>> import princes_of_florence.adapters.openspiel
>>> game = pyspiel.load_game("python_princes_of_florence", {"players": 3})
>>> from princes_of_florence import games
>>> game.num_players(), game.num_distinct_actions() == games.get("princes").action_count
(3, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 21)

Each game reaches its rules only through the game protocol
(:class:`princes_of_florence.games.Game`).  It is a sequential,
imperfect-information game:

* **Chance.** A game that offers explicit chance (one with chance outcome
  ids, :attr:`~princes_of_florence.games.Game.chance_outcome_count`) is
  played with it (its option ``explicit_chance``): chance's moves are OpenSpiel chance
  nodes, each outcome the chance move's id
  (:meth:`~princes_of_florence.games.Game.chance_outcome_id`), below
  ``max_chance_outcomes()``.  In The Princes of Florence chance deals every
  deck one card at a time (each card left equally likely), the 2-player extra
  freedom tiles, and the person deck again after the draft; an outcome is a
  :class:`~princes_of_florence.Deal`'s place in the ``deal`` block of the
  action ids, so there are at most 58 outcomes.  A player sees only the cards
  dealt to them.  A game without explicit chance deals from its seed, the
  parameter ``seed``, and has no chance nodes (OpenSpiel's ``DETERMINISTIC``
  chance mode; what is dealt stays hidden all the same).
* **Actions** are the game's stable action ids
  (:mod:`princes_of_florence.encoding` for this game;
  ``num_distinct_actions()`` is the game's ``action_count``);
  ``legal_actions()`` lists the ids of the player to decide, free moves
  (prestige sales) included, ascending.
* **Observations.** ``observation_tensor(p)`` is the game's observation
  vector of ``p``'s view (:func:`~princes_of_florence.observation_vector`
  here); ``observation_string(p)`` is that view as JSON.
* **Information states.** ``information_state_string(p)`` is the game's
  information state of ``p``
  (:meth:`~princes_of_florence.games.Game.information_state`; here the text
  form of ``p``'s :class:`~princes_of_florence.InformationState`: first view
  and redacted events, perfect recall), kept move by move.

  Called from Python, a state answers ``observation_tensor``,
  ``information_state_string``, ``legal_actions`` and ``is_chance_node``
  itself, with what OpenSpiel's C++ methods give (through the game's
  observers for the first two), without their trips between Python and C++
  and their copies (the observation's C++ method also makes a new initial
  state each time, to learn the tensor's size); an argument other than a
  player's ``int`` goes to OpenSpiel's method.
* **Returns** at the end: the game's returns (the winners share 1), or its
  rank returns with the parameter ``reward="rank"``
  (:func:`~princes_of_florence.returns` and
  :func:`~princes_of_florence.rank_returns` here).

Parameters: ``players`` (2 to 5 here), the game's options
(:meth:`~princes_of_florence.games.Game.options`; here ``start_player``,
``hidden_money``, ``choose_returned_order``, ``hard_freedoms``,
``muse_and_princess``, ``cooperative_building``, the fields of
:class:`~princes_of_florence.GameConfig`), ``seed`` for a game without
explicit chance, and ``reward``.  ``resample_from_infostate`` deals what the
player cannot see at random
(:meth:`~princes_of_florence.games.Game.determinize`), for information-set
search.

**Serialization** by ``state.serialize()`` and ``game.deserialize_state()``
never uses pickle (OpenSpiel's own ``pyspiel.deserialize_game_and_state``
does, for every Python game: never give it text from elsewhere).
``state.serialize()`` writes the actions played and the state as the game's
JSON (:meth:`~princes_of_florence.games.Game.dumps`), and
``game.deserialize_state(text)`` reads it back with the game's validating
loader (:meth:`~princes_of_florence.games.Game.load_state`), replays the
actions, each checked, and refuses with
:class:`~princes_of_florence.SerializationError` a text whose state is not
the one its actions reach:

>>> text = state.serialize()
>>> game.deserialize_state(text).history() == state.history()
True
>>> game.deserialize_state(text.replace("[]", "[-1]", 1))
Traceback (most recent call last):
...
princes_of_florence.errors.SerializationError: action 1 of the history: outcome -1 is not a
chance outcome (0 to 57)
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping, Sequence
from itertools import chain
from typing import Any, ClassVar

import numpy as np
import pyspiel
from numpy.typing import NDArray

from princes_of_florence import games
from princes_of_florence.adapters._common import default_players, shorten
from princes_of_florence.errors import (
    ConfigError,
    InvalidMoveError,
    PrincesOfFlorenceError,
    SerializationError,
)
from princes_of_florence.games import AnyGame
from princes_of_florence.games._arrays import write_vector
from princes_of_florence.memo import IdentityMemo

__all__ = [
    "GAME_TYPE",
    "GAME_TYPES",
    "SHORT_NAMES",
    "OpenSpielGame",
    "OpenSpielObserver",
    "OpenSpielState",
    "PrincesOfFlorenceGame",
    "PrincesOfFlorenceObserver",
    "PrincesOfFlorenceState",
    "game_class",
    "short_name",
]

SHORT_NAMES: Mapping[str, str] = {"princes": "python_princes_of_florence"}
"""The OpenSpiel names that are not ``python_<game>``, by the game's registered name."""

_CHANCE = "explicit_chance"
"""The option of a game that leaves its chance moves to the caller."""

_CHANCE_PLAYER = int(pyspiel.PlayerId.CHANCE)
"""OpenSpiel's number of the chance player."""

_MAX_MESSAGE = 500
"""The most characters of a state document's error repeated in the adapter's."""


def short_name(game: str) -> str:
    """The name the game registered as ``game`` has in OpenSpiel.

    >>> short_name("princes"), short_name("florenz")
    ('python_princes_of_florence', 'python_florenz')
    """
    return SHORT_NAMES.get(game, f"python_{game}")


def _explicit_chance(game: AnyGame) -> bool:
    """Whether ``game`` leaves its chance moves to the caller (option ``explicit_chance``)."""
    return game.chance_outcome_count > 0


def _parameters(game: AnyGame) -> dict[str, Any]:
    """OpenSpiel's parameters of ``game`` and their defaults."""
    options = {
        key: value
        for key, value in game.options().items()
        if key != _CHANCE and isinstance(value, bool | int | float | str)
    }
    seed = {} if _explicit_chance(game) else {"seed": 0}
    return {"players": default_players(game), **options, **seed, "reward": "win"}


def _game_type(name: str) -> Any:
    game = games.get(name)
    chance = pyspiel.GameType.ChanceMode
    constant = min(game.player_counts) >= 2  # a solo game can be lost by everyone
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Python {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance.EXPLICIT_STOCHASTIC if _explicit_chance(game) else chance.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.CONSTANT_SUM if constant else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.player_counts),
        min_num_players=min(game.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """A game of the library for one configuration: see the module's docstring.

    Each registered game has its own subclass (:func:`game_class`), which
    names it in :attr:`game_name`.

    Attributes:
        game: the game, as the protocol sees it.
        config: the game's configuration (explicit chance where offered).
        reward_kind: ``"win"`` or ``"rank"``.

    Raises:
        ConfigError: an impossible configuration or an unknown ``reward``.
    """

    game_name: ClassVar[str] = games.DEFAULT
    """The registered name of the game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = games.get(self.game_name)
        kind = GAME_TYPES[self.game_name]
        settings = {**_parameters(game), **(params or {})}
        reward = settings.pop("reward")
        if reward not in ("win", "rank"):
            raise ConfigError(f"reward must be 'win' or 'rank', not {shorten(reward)}")
        players = settings.pop("players")
        seed = settings.pop("seed", 0)
        if _explicit_chance(game):
            settings[_CHANCE] = True
        self.game = game
        self.config = game.make_config(players, seed, settings)
        self.reward_kind: str = reward
        constant = kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=game.action_count,
            max_chance_outcomes=game.chance_outcome_count if _explicit_chance(game) else 0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=(1.0 if reward == "win" else players / 2) if constant else None,
            max_game_length=game.longest_game,
        )
        super().__init__(kind, info, params or {})
        # States are immutable: every initial state starts from this one.  OpenSpiel
        # makes an initial state each time it asks for the size of an observation.
        self.first_state: Any = game.new_game(self.config)

    def new_initial_state(self) -> OpenSpielState:
        """The state before the first move (a chance node, with explicit chance)."""
        return self.state_class(self)

    state_class: ClassVar[type[OpenSpielState]]
    """The class of the game's states."""

    def deserialize_state(self, text: str) -> OpenSpielState:
        """The state :meth:`OpenSpielState.serialize` wrote, every part checked.

        The state documents are read by the game's ``load_state``; the actions
        are replayed from the start, each one checked as ``apply_action``
        checks it, and the state they reach (with any resampling on the way)
        must be the document's.  Nothing is unpickled.

        Raises:
            SerializationError: the text is not such a serialization, an
                action is not legal where it stands, or the actions do not
                reach the state written.
        """
        return _deserialize(self, text)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> OpenSpielObserver:
        """An observer: information states with perfect recall, else observations."""
        perfect_recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return OpenSpielObserver(self.game_name, perfect_recall, params)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type hints
    """A game in progress: the game's state and every player's information state.

    Attributes:
        game_state: the game's state (:class:`~princes_of_florence.GameState`
            for The Princes of Florence).
    """

    def __init__(self, game: OpenSpielGame) -> None:
        super().__init__(game)
        self._name = game.game_name
        self._reward_kind = game.reward_kind
        self._players = game.num_players()
        self._chance_count = game.max_chance_outcomes()
        self._action_count = game.num_distinct_actions()
        self._lines: list[_Lines] = []
        # The state last asked about, its player (OpenSpiel's number) and its legal
        # actions once listed.
        self._known: tuple[Any, int, tuple[int, ...] | None] = (None, 0, None)
        # Every resampling (resample_from_infostate) that made this state:
        # after how many actions, for which player, and the state dealt.
        self._resampled: list[tuple[int, int, Any]] = []
        self._start(game.first_state)

    @property
    def _game(self) -> AnyGame:
        """The game, found by name: a clone of the state copies no game."""
        game = _GAMES.get(self._name)
        if game is None:
            game = _GAMES[self._name] = games.get(self._name)
        return game

    @property
    def _buffers(self) -> games.LearningBuffers[Any, Any] | None:
        """The game where it offers :class:`~princes_of_florence.games.LearningBuffers`,
        else ``None``, found once by name like the game."""
        return _buffers_of(self._name)

    def _start(self, state: Any) -> None:
        self.game_state = state
        step = _Step(self._game, state, None)
        self._lines = [_Lines.start(step, player) for player in range(self._players)]

    def current_player(self) -> int:
        """The player to decide, or OpenSpiel's chance or terminal id."""
        state = self.game_state
        known = self._known
        if known[0] is state:  # OpenSpiel asks again and again between two moves
            return known[1]
        game = self._game
        if game.is_terminal(state):
            player = int(pyspiel.PlayerId.TERMINAL)
        elif game.is_chance_node(state):
            player = int(pyspiel.PlayerId.CHANCE)
        else:
            decides = game.current_player(state)
            assert decides is not None
            player = int(decides)
        self._known = (state, player, None)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        state = self.game_state
        known = self._known
        if known[0] is state and known[2] is not None:
            return list(known[2])
        game, buffers = self._game, self._buffers
        if game.is_chance_node(state):
            actions = sorted(outcome for outcome, _ in self.chance_outcomes())
        elif buffers is not None:  # the ids themselves, no mask between
            actions = list(buffers.legal_actions(state))
        else:
            # read as booleans (the mask holds 0 and 1): numpy's fast way to find them
            mask = np.frombuffer(game.action_mask(state), dtype=np.bool_)
            actions = np.flatnonzero(mask).tolist()
        self._known = (state, self.current_player(), tuple(actions))
        return actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every chance move, by its outcome id, with its probability."""
        game = self._game
        ids = _CHANCE_IDS.get(self._name)
        if ids is None:
            ids = _CHANCE_IDS[self._name] = {}
        outcomes = []
        for move, probability in game.chance_outcomes(self.game_state):
            outcome = ids.get(move)
            if outcome is None:
                outcome = ids[move] = game.chance_outcome_id(move)
            outcomes.append((outcome, probability))
        return outcomes

    def _apply_action(self, action: int) -> None:
        game, state = self._game, self.game_state
        if game.is_chance_node(state):
            move = self._chance_move(action)
        else:
            move = game.decode_move(state, self._action_id(action))
        state, events = game.apply_with_events(state, move)
        self.game_state = state
        # Each player's lines of the move are worked out when first asked for.
        step = _Step(game, state, events)
        self._lines = [lines.then(step) for lines in self._lines]

    def _chance_move(self, outcome: int) -> Any:
        """The chance move of ``outcome``.

        Raises:
            InvalidMoveError: ``outcome`` is not a chance outcome id.
        """
        if type(outcome) is not int or not 0 <= outcome < self._chance_count:
            raise InvalidMoveError(
                f"outcome {shorten(outcome)} is not a chance outcome"
                f" (0 to {self._chance_count - 1})"
            )
        return self._game.chance_outcome_move(outcome)

    def _action_id(self, action: int) -> int:
        """``action``, checked to be an action id.

        Raises:
            InvalidMoveError: it is not.
        """
        if type(action) is not int or not 0 <= action < self._action_count:
            raise InvalidMoveError(
                f"action {shorten(action)} is not an action id (0 to {self._action_count - 1})"
            )
        return action

    def _action_to_string(self, player: int, action: int) -> str:
        game = self._game
        if player == pyspiel.PlayerId.CHANCE:
            return game.format_move(self._chance_move(action))
        return game.format_move(game.action_move(self._action_id(action)))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._game.is_terminal(self.game_state)

    def returns(self) -> list[float]:
        """The returns at the end (see the module's docstring); zeros before."""
        game, state = self._game, self.game_state
        if not game.is_terminal(state):
            return [0.0] * self._players
        values = game.returns(state) if self._reward_kind == "win" else game.rank_returns(state)
        return list(values)

    def information_state_text(self, player: int) -> str:
        """The text of the player's information state."""
        return self._lines[player].text()

    def is_chance_node(self) -> bool:
        """OpenSpiel's ``is_chance_node()``, answered without a round trip through C++."""
        return self.current_player() == _CHANCE_PLAYER

    def legal_actions(self, *args: Any, **kwargs: Any) -> Any:
        """OpenSpiel's ``legal_actions([player])``: the same list, given without a round
        trip through OpenSpiel's C++ where a player decides and is the one asked about (or
        none is given); anything else (chance, the end, another player) goes to OpenSpiel's
        own method."""
        player = self._asked(args, kwargs)
        if player is None or player != self.current_player():
            return super().legal_actions(*args, **kwargs)
        return self._legal_actions(player)

    def _asked(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> int | None:
        """The player a call of :meth:`observation_tensor`,
        :meth:`information_state_string` or :meth:`legal_actions` asks about, where the
        state answers it in Python: no argument (the player to decide) or one ``int``,
        a player's number.  ``None`` for anything else, which OpenSpiel's own method
        answers (or refuses with its ``SpielError``)."""
        if kwargs or len(args) > 1:
            return None
        player = args[0] if args else self.current_player()
        return player if type(player) is int and 0 <= player < self._players else None

    def observation_tensor(self, *args: Any, **kwargs: Any) -> Any:
        """OpenSpiel's ``observation_tensor([player])``: the same floats, given without
        a round trip through OpenSpiel's C++, which would make a new initial state to
        learn the size of the tensor, then copy the tensor twice."""
        player = self._asked(args, kwargs)
        if player is None:
            return super().observation_tensor(*args, **kwargs)
        return _vector(self._name, self.game_state, player).tolist()

    def information_state_string(self, *args: Any, **kwargs: Any) -> Any:
        """OpenSpiel's ``information_state_string([player])``: the same text, given
        without a round trip through OpenSpiel's C++, which would copy it twice."""
        player = self._asked(args, kwargs)
        if player is None:
            return super().information_state_string(*args, **kwargs)
        return self._lines[player].text()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state the player cannot tell from this one, what they cannot see dealt at random.

        The player's information state is this one's; the other players'
        start from their view of the dealt state (their history in that
        world is not known).
        """
        game = self._game
        clone = self.clone()
        rng = random.Random(_sample_seed(probability_sampler))
        guess = game.determinize(game.observe(self.game_state, player_id), rng)
        clone._resample(player_id, guess, self)
        return clone

    def _resample(self, player: int, guess: Any, known: OpenSpielState) -> None:
        """Deal ``guess``; ``player`` keeps their history, that of ``known``."""
        self._start(guess)
        self._lines[player] = known._lines[player]
        self._resampled = [*known._resampled, (len(known.history()), player, guess)]

    def serialize(self) -> str:
        """The state as text: JSON lines, never pickle.

        The first line holds the game's OpenSpiel name, the actions played
        (``history``, chance's included) and where the state was resampled;
        then one state document (the game's ``dumps``) per resampling, the
        state dealt; the last line is the document of this state.  Read it
        with :meth:`OpenSpielGame.deserialize_state`.
        """
        head = {
            "game": self.get_game().get_type().short_name,
            "history": [int(action) for action in self.history()],
            "resampled": [[at, player] for at, player, _ in self._resampled],
        }
        dumps = self._game.dumps
        lines = [json.dumps(head, separators=(",", ":"))]
        lines += [dumps(guess) for _, _, guess in self._resampled]
        lines.append(dumps(self.game_state))
        return "\n".join(lines)

    def __str__(self) -> str:
        """The table as text."""
        return self._game.render_text(self.game_state)


class _Step:
    """What a player's information-state lines are made of: the game, the state a move
    led to and the move's events (``None`` for the start)."""

    __slots__ = ("events", "game", "state")

    def __init__(self, game: AnyGame, state: Any, events: Sequence[Any] | None) -> None:
        self.game = game
        self.state = state
        self.events = events


class _Lines:
    """The lines of one player's information state, as an immutable chain.

    Adding the lines of a move shares every line before them, and a copy of
    the chain is the chain itself, so that cloning a state (``copy.deepcopy``,
    at every step of a search) copies no line; pickled, it is one flat tuple.
    The lines of a link are worked out when first asked for (every player's
    link of a move shares one :class:`_Step`), and the text of the last link
    asked for is kept, so that asking for the information state after each
    move joins only the new lines to it.
    """

    __slots__ = ("_before", "_lines", "_player", "_step", "_text")

    def __init__(
        self,
        before: _Lines | None,
        lines: tuple[str, ...] | None,
        step: _Step | None = None,
        player: int = 0,
    ) -> None:
        self._before = before
        self._lines = lines
        self._step = step
        self._player = player
        self._text: str | None = None

    @classmethod
    def of(cls, lines: tuple[str, ...]) -> _Lines:
        """A chain of ``lines``."""
        return cls(None, tuple(lines))

    @classmethod
    def start(cls, step: _Step, player: int) -> _Lines:
        """A chain of the first lines of ``player`` in the game ``step`` starts."""
        return cls(None, None, step, player)

    def then(self, step: _Step) -> _Lines:
        """This chain followed by the lines this chain's player gains in ``step``."""
        return _Lines(self, None, step, self._player)

    def lines(self) -> tuple[str, ...]:
        """The lines of this link alone."""
        lines = self._lines
        if lines is None:
            step = self._step
            assert step is not None
            game = step.game
            if step.events is None:
                lines = tuple(game.information_state_start(step.state, self._player))
            else:
                lines = tuple(game.information_state_next(step.state, self._player, step.events))
            self._lines = lines
            self._step = None  # the state is no longer needed here
        return lines

    def all(self) -> tuple[str, ...]:
        """Every line, first to last."""
        links: list[_Lines] = []
        link: _Lines | None = self
        while link is not None:
            links.append(link)
            link = link._before
        links.reverse()
        return tuple(chain.from_iterable(link.lines() for link in links))

    def text(self) -> str:
        """The lines joined by newlines."""
        if self._text is not None:
            return self._text
        links: list[_Lines] = []
        link: _Lines | None = self
        while link is not None and link._text is None:
            links.append(link)
            link = link._before
        # A text is kept only where it holds a line at least, so that the text of
        # one empty line and that of no line are never confused.
        pieces: list[str] = [] if link is None else [link._text or ""]
        for newer in reversed(links):
            pieces += newer.lines()
        text = "\n".join(pieces)
        if pieces:
            if link is not None:
                link._text = None  # one text kept per chain: no copy of every prefix
            self._text = text
        return text

    def __copy__(self) -> _Lines:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> _Lines:
        return self

    def __reduce__(self) -> tuple[Any, tuple[tuple[str, ...]]]:
        return (_Lines.of, (self.all(),))


def _deserialize(spiel: OpenSpielGame, text: object) -> OpenSpielState:
    """Read what :meth:`OpenSpielState.serialize` wrote (see the game's method)."""
    game = spiel.game
    if not isinstance(text, str):
        raise SerializationError(f"a serialized state is text, not {type(text).__name__}")
    head_text, _, rest = text.partition("\n")
    most = _max_head_chars(game)
    if len(head_text) > most:
        raise SerializationError(
            f"the first line has {len(head_text)} characters; at most {most} are read"
        )
    try:
        head = json.loads(head_text, parse_constant=_no_constant, object_pairs_hook=_unique)
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
        raise SerializationError(f"the first line is not JSON: {error}") from None
    history, resampled = _head(head, spiel.get_type().short_name, game.longest_game)
    documents = rest.split("\n") if rest else []
    if len(documents) != len(resampled) + 1:
        raise SerializationError(
            f"expected {len(resampled) + 1} state documents after the first line,"
            f" not {len(documents)}"
        )
    states = [_load_state(game, document, line) for line, document in enumerate(documents, 2)]
    state = spiel.new_initial_state()
    done = 0
    for (at, player), guess in zip(resampled, states, strict=False):
        _replay(state, history[done:at], done)
        done = at
        if player >= spiel.num_players():
            raise SerializationError(f"resampled for player {player}, not a player of the game")
        if game.observe(guess, player) != game.observe(state.game_state, player):
            raise SerializationError(
                f"the state resampled after {at} actions is not one player {player} sees as theirs"
            )
        state._resample(player, guess, state.clone())
    _replay(state, history[done:], done)
    if state.game_state != states[-1]:
        raise SerializationError("the state written is not the one its actions reach")
    return state


def _max_head_chars(game: AnyGame) -> int:
    """The longest first line of a serialized state: the actions of the longest game."""
    return 64 + 12 * game.longest_game


def _load_state(game: AnyGame, document: str, line: int) -> Any:
    """The state document on ``line`` of a serialized state, read by the game's load_state."""
    try:
        return game.load_state(document)
    except SerializationError as error:
        raise SerializationError(f"line {line}: {shorten(str(error), _MAX_MESSAGE)}") from None


def _no_constant(name: str) -> object:
    raise SerializationError(f"the first line holds {name}, which is not JSON")


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the first line, each key once: a repeated key is refused."""
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise SerializationError("the first line repeats a key")
    return dict(pairs)


def _head(head: object, name: str, longest: int) -> tuple[list[int], list[tuple[int, int]]]:
    """The actions and the resamplings of a serialized state's first line."""
    if not isinstance(head, dict) or set(head) != {"game", "history", "resampled"}:
        raise SerializationError(
            "the first line must be an object with game, history and resampled"
        )
    if head["game"] != name:
        raise SerializationError(f"the state is of game {shorten(head['game'])}, not {name}")
    history = head["history"]
    if not isinstance(history, list) or not all(type(a) is int for a in history):
        raise SerializationError("history must be a list of actions (integers)")
    if len(history) > longest:
        raise SerializationError(
            f"the history has {len(history)} actions; no game lasts more than {longest}"
        )
    resampled = head["resampled"]
    pairs: list[tuple[int, int]] = []
    last = 0
    for item in resampled if isinstance(resampled, list) else [None]:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(type(n) is int and n >= 0 for n in item)
            or not last <= item[0] <= len(history)
        ):
            raise SerializationError(
                "resampled must list [actions, player] pairs of non-negative integers,"
                " in the order of the history"
            )
        last = item[0]
        pairs.append((item[0], item[1]))
    return history, pairs


def _replay(state: OpenSpielState, actions: list[int], done: int) -> None:
    """Apply ``actions`` to ``state``, the first being action ``done + 1`` of the history."""
    for number, action in enumerate(actions, done + 1):
        if state.is_terminal():
            raise SerializationError(f"action {number} of the history comes after the end")
        try:
            # Checked here first: OpenSpiel's own check of -1 prints to stderr.
            if state.is_chance_node():
                state._chance_move(action)
            else:
                state._action_id(action)
            state.apply_action(action)
        except PrincesOfFlorenceError as error:
            raise SerializationError(f"action {number} of the history: {error}") from None


def _sample_seed(sampler: Any) -> int:
    """A seed from OpenSpiel's probability sampler (a callable giving [0, 1))."""
    try:
        return int(float(sampler()) * 2**53)
    except TypeError:
        return random.getrandbits(53)


class OpenSpielObserver:
    """OpenSpiel's observer: a player's view, or their information state.

    With perfect recall (information states) ``string_from`` gives the text of
    the player's information state and the tensor is empty; otherwise
    ``tensor`` is the observation vector and ``string_from`` the view as JSON.
    Both are always the player's own view of the table.

    Args:
        name: the registered name of the game.
        perfect_recall: information states, not observations.
        params: none are taken.
    """

    def __init__(
        self, name: str, perfect_recall: bool, params: dict[str, Any] | None = None
    ) -> None:
        if params:
            raise ConfigError(f"the observer takes no parameters, not {shorten(params)}")
        game = games.get(name)
        self.game = game
        self._name = name
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else game.observation_length
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor} if size else {}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s observation of ``state``."""
        if not self.perfect_recall:
            self.tensor[:] = _vector(self._name, state.game_state, player)

    def string_from(self, state: OpenSpielState, player: int) -> str:
        """``player``'s information state or view of ``state`` as text."""
        if self.perfect_recall:
            return state.information_state_text(player)
        return self.game.dumps(self.game.observe(state.game_state, player))


# -- The Princes of Florence under its own names ---------------------------------


class PrincesOfFlorenceState(OpenSpielState):
    """A game of The Princes of Florence in progress (see :class:`OpenSpielState`)."""


class PrincesOfFlorenceGame(OpenSpielGame):
    """The Princes of Florence, registered as ``python_princes_of_florence``."""

    game_name = "princes"
    state_class = PrincesOfFlorenceState


PrincesOfFlorenceObserver = OpenSpielObserver
"""The observer of The Princes of Florence: :class:`OpenSpielObserver`."""

OpenSpielGame.state_class = OpenSpielState


def _class_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_")) + "Game"


_CLASSES: dict[str, type[OpenSpielGame]] = {"princes": PrincesOfFlorenceGame}


def game_class(name: str) -> type[OpenSpielGame]:
    """The OpenSpiel game class of the game registered as ``name``.

    >>> game_class("princes").__name__
    'PrincesOfFlorenceGame'
    """
    known = _CLASSES.get(name)
    if known is None:
        games.get(name)  # an unknown name is a ConfigError
        title = _class_name(name)
        known = type(title, (OpenSpielGame,), {"game_name": name, "__module__": __name__})
        known.__doc__ = f"The game registered as {name!r}, as OpenSpiel's {short_name(name)}."
        setattr(sys.modules[__name__], title, known)  # so that pickle finds it by name
        _CLASSES[name] = known
    return known


_GAMES: dict[str, AnyGame] = {}
"""Each game by its registered name, once looked up."""
_BUFFERS: dict[str, games.LearningBuffers[Any, Any] | None] = {}
"""Each game by name where it offers :class:`~princes_of_florence.games.LearningBuffers`,
else ``None``, once asked (a check against a protocol costs more than a step)."""

_CHANCE_IDS: dict[str, dict[Any, int]] = {}
"""The outcome id of each chance move met, by game name (a game has a few dozen)."""

_VECTORS: dict[str, IdentityMemo[Any, dict[int, NDArray[np.float32]]]] = {}
"""The observation vectors of the states last observed, by game name, state and player:
OpenSpiel observes a new initial state whenever it asks for the size of an observation,
and a state's ``observation_tensor`` and the observers' ``set_from`` share them."""


def _vector(name: str, state: Any, player: int) -> NDArray[np.float32]:
    """The observation vector of ``player``'s view of ``state`` in the game ``name``, as
    float32, kept while the state is among the last observed: the caller must not change it."""
    known_states = _VECTORS.get(name)
    if known_states is None:
        known_states = _VECTORS[name] = IdentityMemo(64)
    known = known_states.get(state)
    if known is None:
        known = {}
        known_states.put(state, known)
    vector = known.get(player)
    if vector is None:
        game = _GAMES.get(name) or games.get(name)
        buffers = _buffers_of(name)
        if buffers is not None:  # written in place from the state, no view between
            vector = buffers.seat_vector_into(
                state, player, np.empty(game.observation_length, np.float32)
            )
        else:
            view = game.observe(state, player)
            vector = write_vector(
                game.observation_vector(view), np.empty(game.observation_length, np.float32)
            )
        known[player] = vector
    return vector


def _buffers_of(name: str) -> games.LearningBuffers[Any, Any] | None:
    """The game ``name`` where it offers :class:`~princes_of_florence.games.LearningBuffers`,
    else ``None``, found once."""
    if name not in _BUFFERS:
        game = _GAMES.get(name) or games.get(name)
        _BUFFERS[name] = game if isinstance(game, games.LearningBuffers) else None
    return _BUFFERS[name]


GAME_TYPES: dict[str, Any] = {name: _game_type(name) for name in games.names()}
"""The OpenSpiel game type of each registered game, by its registered name."""

GAME_TYPE = GAME_TYPES["princes"]
"""The game type registered as ``python_princes_of_florence``."""

for _name in games.names():
    pyspiel.register_game(GAME_TYPES[_name], game_class(_name))
