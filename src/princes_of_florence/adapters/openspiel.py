"""The game for OpenSpiel (``pip install "princes-of-florence[openspiel]"``).

Importing this module registers ``python_princes_of_florence``:

>>> import pyspiel
>>> import princes_of_florence.adapters.openspiel
>>> game = pyspiel.load_game("python_princes_of_florence", {"players": 3})
>>> game.num_players(), game.num_distinct_actions() == ACTION_COUNT
(3, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 21)

It is a sequential, imperfect-information game with explicit chance:

* **Chance.** The game is played with
  :attr:`~princes_of_florence.GameConfig.explicit_chance`: chance deals every
  deck one card at a time (each card left equally likely), the 2-player extra
  freedom tiles, and the person deck again after the draft.  A chance action
  is a :class:`~princes_of_florence.Deal`'s place in the ``deal`` block of
  the action ids (:data:`DEAL_BLOCK`), so there are at most
  ``DEAL_BLOCK.size`` outcomes.  A player sees only the cards dealt to them.
* **Actions** are the stable action ids of :mod:`princes_of_florence.encoding`
  (``num_distinct_actions() == ACTION_COUNT``); ``legal_actions()`` lists
  the ids of the player to decide, prestige sales included, ascending.
* **Observations.** ``observation_tensor(p)`` is
  :func:`~princes_of_florence.observation_vector` of ``p``'s view;
  ``observation_string(p)`` is that view as JSON.
* **Information states.** ``information_state_string(p)`` is the text form
  of ``p``'s :class:`~princes_of_florence.InformationState` (first
  view and redacted events: perfect recall).
* **Returns** at the end: :func:`~princes_of_florence.returns` (the
  winners share 1), or :func:`~princes_of_florence.rank_returns`
  with the parameter ``reward="rank"``.

Parameters: ``players`` (2 to 5), ``start_player``, ``hidden_money``,
``choose_returned_order``, ``hard_freedoms``, ``muse_and_princess``,
``cooperative_building`` (the fields of
:class:`~princes_of_florence.GameConfig`) and ``reward``.
``resample_from_infostate`` deals the cards the player cannot see at random
(:func:`~princes_of_florence.determinize`), for information-set search.

**Serialization** by ``state.serialize()`` and ``game.deserialize_state()``
never uses pickle (OpenSpiel's own ``pyspiel.deserialize_game_and_state``
does, for every Python game: never give it text from elsewhere).
``state.serialize()`` writes the actions played and the state as the package's JSON
(:func:`~princes_of_florence.dumps`), and ``game.deserialize_state(text)``
reads it back with :func:`~princes_of_florence.load_state`, replays the
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
from typing import Any

import numpy as np
import pyspiel

from princes_of_florence import (
    OBSERVATION_LENGTH,
    ConfigError,
    Deal,
    GameConfig,
    GameState,
    InformationState,
    InvalidMoveError,
    PrincesOfFlorenceError,
    SerializationError,
    apply_with_events,
    chance_outcomes,
    determinize,
    dumps,
    is_chance_node,
    is_terminal,
    load_state,
    new_game,
    observation_vector,
    observe,
    rank_returns,
    render_table_text,
    returns,
)
from princes_of_florence.encoding import (
    ACTION_COUNT,
    BLOCKS,
    LONGEST_GAME,
    action_move,
    decode_move,
    encode_move,
    legal_actions,
)
from princes_of_florence.limits import shorten

__all__ = [
    "DEAL_BLOCK",
    "GAME_TYPE",
    "PrincesOfFlorenceGame",
    "PrincesOfFlorenceObserver",
    "PrincesOfFlorenceState",
]

DEAL_BLOCK = next(block for block in BLOCKS if block.kind is Deal)
"""The action ids of chance's deals; a chance action is an index into its moves."""

_DEFAULTS: dict[str, Any] = {
    "players": 4,
    "start_player": 0,
    "hidden_money": False,
    "choose_returned_order": False,
    "hard_freedoms": False,
    "muse_and_princess": False,
    "cooperative_building": False,
    "reward": "win",
}

GAME_TYPE = pyspiel.GameType(
    short_name="python_princes_of_florence",
    long_name="Python The Princes of Florence",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)
"""The game type registered as ``python_princes_of_florence``."""


class PrincesOfFlorenceGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel has no type hints
    """The game for one configuration: see the module's docstring.

    Raises:
        ConfigError: an impossible configuration or an unknown ``reward``.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        settings = {**_DEFAULTS, **(params or {})}
        reward = settings.pop("reward")
        if reward not in ("win", "rank"):
            raise ConfigError(f"reward must be 'win' or 'rank', not {reward!r}")
        self.config = GameConfig(**settings, explicit_chance=True)
        self.reward_kind: str = reward
        players = self.config.players
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_COUNT,
            max_chance_outcomes=DEAL_BLOCK.size,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if reward == "win" else players / 2,
            max_game_length=LONGEST_GAME,
        )
        super().__init__(GAME_TYPE, info, params or {})

    def new_initial_state(self) -> PrincesOfFlorenceState:
        """The state before the deal: a chance node."""
        return PrincesOfFlorenceState(self)

    def deserialize_state(self, text: str) -> PrincesOfFlorenceState:
        """The state :meth:`PrincesOfFlorenceState.serialize` wrote, every part checked.

        The state document is read by :func:`~princes_of_florence.load_state`;
        the actions are replayed from the start, each one checked as
        ``apply_action`` checks it, and the state they reach (with any
        resampling on the way) must be the document's.  Nothing is unpickled.

        Raises:
            SerializationError: the text is not such a serialization, an
                action is not legal where it stands, or the actions do not
                reach the state written.
        """
        return _deserialize(self, text)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> PrincesOfFlorenceObserver:
        """An observer: information states with perfect recall, else observations."""
        perfect_recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return PrincesOfFlorenceObserver(perfect_recall, params)


class PrincesOfFlorenceState(pyspiel.State):  # type: ignore[misc]  # pyspiel has no type hints
    """A game in progress: the engine's state and every player's information state.

    Attributes:
        game_state: the engine's :class:`~princes_of_florence.GameState`.
    """

    def __init__(self, game: PrincesOfFlorenceGame) -> None:
        super().__init__(game)
        self._config = game.config
        self._reward_kind = game.reward_kind
        self._infos: list[InformationState] = []
        self._lines: list[tuple[str, ...]] = []
        # Every resampling (resample_from_infostate) that made this state:
        # after how many actions, for which player, and the state dealt.
        self._resampled: list[tuple[int, int, GameState]] = []
        self._start(new_game(game.config))

    def _start(self, state: GameState) -> None:
        self.game_state = state
        self._infos = [InformationState.start(state, p) for p in range(self._config.players)]
        self._lines = [info.lines() for info in self._infos]

    def current_player(self) -> int:
        """The player to decide, or OpenSpiel's chance or terminal id."""
        state = self.game_state
        if is_terminal(state):
            return int(pyspiel.PlayerId.TERMINAL)
        if is_chance_node(state):
            return int(pyspiel.PlayerId.CHANCE)
        assert state.current_player is not None
        return state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return list(legal_actions(self.game_state))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Every deal left, by its index in :data:`DEAL_BLOCK`, each equally likely."""
        return [
            (encode_move(move) - DEAL_BLOCK.start, probability)
            for move, probability in chance_outcomes(self.game_state)
        ]

    def _apply_action(self, action: int) -> None:
        state = self.game_state
        move = _deal(action) if is_chance_node(state) else decode_move(state, action)
        state, events = apply_with_events(state, move)
        self.game_state = state
        for player, info in enumerate(self._infos):
            longer = info.extended(events)
            seen = longer.events[len(info.events) :]
            self._lines[player] += tuple(dumps(event) for event in seen)
            self._infos[player] = longer

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return str(_deal(action))
        return str(action_move(action))

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return is_terminal(self.game_state)

    def returns(self) -> list[float]:
        """The returns at the end (see the module's docstring); zeros before."""
        state = self.game_state
        if not is_terminal(state):
            return [0.0] * self._config.players
        values = returns(state) if self._reward_kind == "win" else rank_returns(state)
        return list(values)

    def information_state(self, player: int) -> InformationState:
        """The player's :class:`~princes_of_florence.InformationState`."""
        return self._infos[player]

    def information_state_text(self, player: int) -> str:
        """The text form of the player's information state."""
        return "\n".join(self._lines[player])

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state the player cannot tell from this one, the hidden cards dealt at random.

        The player's information state is this one's; the other players'
        start from their view of the dealt state (their history in that
        world is not known).
        """
        state = self.game_state
        clone = self.clone()
        rng = random.Random(_sample_seed(probability_sampler))
        guess = determinize(observe(state, player_id), rng)
        # The player keeps their history; the others' histories in the dealt
        # world are unknown, so theirs start from their view of it.
        clone._resample(player_id, guess, self)
        return clone

    def _resample(self, player: int, guess: GameState, known: PrincesOfFlorenceState) -> None:
        """Deal ``guess``; ``player`` keeps their history, that of ``known``."""
        self._start(guess)
        self._infos[player] = known._infos[player]
        self._lines[player] = known._lines[player]
        self._resampled = [*known._resampled, (len(known.history()), player, guess)]

    def serialize(self) -> str:
        """The state as text: JSON lines, never pickle.

        The first line holds the actions played (``history``, chance's
        included) and where the state was resampled; then one state document
        (:func:`~princes_of_florence.dumps`) per resampling, the state dealt;
        the last line is the document of this state.  Read it with
        :meth:`PrincesOfFlorenceGame.deserialize_state`.
        """
        head = {
            "game": GAME_TYPE.short_name,
            "history": [int(action) for action in self.history()],
            "resampled": [[at, player] for at, player, _ in self._resampled],
        }
        lines = [json.dumps(head, separators=(",", ":"))]
        lines += [dumps(guess) for _, _, guess in self._resampled]
        lines.append(dumps(self.game_state))
        return "\n".join(lines)

    def __str__(self) -> str:
        """The table as text."""
        return render_table_text(self.game_state)


def _deal(action: int) -> Deal:
    """The deal a chance action stands for.

    Raises:
        InvalidMoveError: ``action`` is not an index of :data:`DEAL_BLOCK`.
    """
    if type(action) is not int or not 0 <= action < DEAL_BLOCK.size:
        raise InvalidMoveError(
            f"outcome {shorten(action)} is not a chance outcome (0 to {DEAL_BLOCK.size - 1})"
        )
    move = DEAL_BLOCK.moves[action]
    assert isinstance(move, Deal)
    return move


_MAX_HEAD_CHARS = 64 + 12 * LONGEST_GAME
"""The longest first line of a serialized state: the actions of the longest game."""


def _deserialize(game: PrincesOfFlorenceGame, text: object) -> PrincesOfFlorenceState:
    """Read what :meth:`PrincesOfFlorenceState.serialize` wrote (see the game's method)."""
    if not isinstance(text, str):
        raise SerializationError(f"a serialized state is text, not {type(text).__name__}")
    head_text, _, rest = text.partition("\n")
    if len(head_text) > _MAX_HEAD_CHARS:
        raise SerializationError(
            f"the first line has {len(head_text)} characters; at most {_MAX_HEAD_CHARS} are read"
        )
    try:
        head = json.loads(head_text, parse_constant=_no_constant, object_pairs_hook=_unique)
    except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError
        raise SerializationError(f"the first line is not JSON: {error}") from None
    history, resampled = _head(head)
    documents = rest.split("\n") if rest else []
    if len(documents) != len(resampled) + 1:
        raise SerializationError(
            f"expected {len(resampled) + 1} state documents after the first line,"
            f" not {len(documents)}"
        )
    states = [_load_state(document, number) for number, document in enumerate(documents, 2)]
    state = game.new_initial_state()
    done = 0
    for (at, player), guess in zip(resampled, states, strict=False):
        _replay(state, history[done:at], done)
        done = at
        if player >= game.config.players:
            raise SerializationError(f"resampled for player {player}, not a player of the game")
        if observe(guess, player) != observe(state.game_state, player):
            raise SerializationError(
                f"the state resampled after {at} actions is not one player {player} sees as theirs"
            )
        state._resample(player, guess, state.clone())
    _replay(state, history[done:], done)
    if state.game_state != states[-1]:
        raise SerializationError("the state written is not the one its actions reach")
    return state


def _load_state(document: str, line: int) -> GameState:
    """The state document on ``line`` of a serialized state, read by load_state."""
    try:
        return load_state(document)
    except SerializationError as error:
        raise SerializationError(f"line {line}: {shorten(str(error), _MAX_MESSAGE)}") from None


_MAX_MESSAGE = 500
"""The most characters of a state document's error repeated in the adapter's."""


def _no_constant(name: str) -> object:
    raise SerializationError(f"the first line holds {name}, which is not JSON")


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the first line, each key once: a repeated key is refused."""
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise SerializationError("the first line repeats a key")
    return dict(pairs)


def _head(head: object) -> tuple[list[int], list[tuple[int, int]]]:
    """The actions and the resamplings of a serialized state's first line."""
    if not isinstance(head, dict) or set(head) != {"game", "history", "resampled"}:
        raise SerializationError(
            "the first line must be an object with game, history and resampled"
        )
    if head["game"] != GAME_TYPE.short_name:
        raise SerializationError(
            f"the state is of game {shorten(head['game'])}, not {GAME_TYPE.short_name}"
        )
    history = head["history"]
    if not isinstance(history, list) or not all(type(a) is int for a in history):
        raise SerializationError("history must be a list of actions (integers)")
    if len(history) > LONGEST_GAME:
        raise SerializationError(
            f"the history has {len(history)} actions; no game lasts more than {LONGEST_GAME}"
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


def _replay(state: PrincesOfFlorenceState, actions: list[int], done: int) -> None:
    """Apply ``actions`` to ``state``, the first being action ``done + 1`` of the history."""
    for number, action in enumerate(actions, done + 1):
        if state.is_terminal():
            raise SerializationError(f"action {number} of the history comes after the end")
        try:
            # Checked here first: OpenSpiel's own check of -1 prints to stderr.
            if state.is_chance_node():
                _deal(action)
            else:
                action_move(action)
            state.apply_action(action)
        except PrincesOfFlorenceError as error:
            raise SerializationError(f"action {number} of the history: {error}") from None


def _sample_seed(sampler: Any) -> int:
    """A seed from OpenSpiel's probability sampler (a callable giving [0, 1))."""
    try:
        return int(float(sampler()) * 2**53)
    except TypeError:
        return random.getrandbits(53)


class PrincesOfFlorenceObserver:
    """OpenSpiel's observer: a player's view, or their information state.

    With perfect recall (information states) ``string_from`` gives the text of
    :class:`~princes_of_florence.InformationState` and the tensor is empty;
    otherwise ``tensor`` is the observation vector and ``string_from`` the view
    as JSON.  Both are always the player's own view of the table.
    """

    def __init__(self, perfect_recall: bool, params: dict[str, Any] | None = None) -> None:
        if params:
            raise ConfigError(f"the observer takes no parameters, not {params!r}")
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else OBSERVATION_LENGTH
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor} if size else {}

    def set_from(self, state: PrincesOfFlorenceState, player: int) -> None:
        """Fill ``tensor`` with ``player``'s observation of ``state``."""
        if not self.perfect_recall:
            self.tensor[:] = observation_vector(observe(state.game_state, player))

    def string_from(self, state: PrincesOfFlorenceState, player: int) -> str:
        """``player``'s information state or view of ``state`` as text."""
        if self.perfect_recall:
            return state.information_state_text(player)
        return dumps(observe(state.game_state, player))


pyspiel.register_game(GAME_TYPE, PrincesOfFlorenceGame)
