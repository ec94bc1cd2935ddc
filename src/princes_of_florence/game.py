"""The Princes of Florence as a game of the library's protocol.

:data:`GAME` meets :class:`princes_of_florence.games.Game` with this package's
public API; it is registered as ``princes``.  Generic code (bots, tournaments,
adapters, the command line) plays the game through it.

>>> from princes_of_florence.game import GAME
>>> state = GAME.new_game(GAME.make_config(3, 1, {}))
>>> GAME.format_move(GAME.legal_moves(state)[0])
'return architect'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

import attrs

from princes_of_florence import decisions, engine, learning, narration, observation, render
from princes_of_florence import encoding as codes
from princes_of_florence import serialization as docs
from princes_of_florence.config import GameConfig
from princes_of_florence.errors import ConfigError, SerializationError
from princes_of_florence.events import Event
from princes_of_florence.games.protocol import Game, GameResult, LearningBuffers
from princes_of_florence.ids import Phase
from princes_of_florence.moves import Move, parse_move
from princes_of_florence.observation import PlayerView
from princes_of_florence.rules.scoring import Outcome
from princes_of_florence.state import GameState

__all__ = ["GAME", "PrincesOfFlorence"]

_StateOrView = GameState | PlayerView
_Buffer = TypeVar("_Buffer")


def _places(result: Outcome) -> tuple[int, ...]:
    """Each player's place, 1 for the best; a shared win shares first place (R24)."""
    keys = [(result.prestige[p], result.money[p]) for p in range(len(result.prestige))]
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


@attrs.frozen
class PrincesOfFlorence:
    """The Princes of Florence, its 2-player game and both expansions."""

    name: str = "princes"
    title: str = "The Princes of Florence"
    player_counts: tuple[int, ...] = (2, 3, 4, 5)

    # -- what the game is ------------------------------------------------------

    def make_config(self, players: int, seed: int, options: Mapping[str, Any]) -> GameConfig:
        """A :class:`GameConfig` for ``players`` and ``seed`` with ``options`` as its fields."""
        known = {f.name for f in attrs.fields(GameConfig)} - {"players", "seed"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ConfigError(
                f"unknown option {unknown[0]!r}; the options are: {', '.join(sorted(known))}"
            )
        return GameConfig(players=players, seed=seed, **options)

    def config_players(self, config: GameConfig) -> int:
        return config.players

    def config_seed(self, config: GameConfig) -> int:
        return config.seed

    # -- playing -------------------------------------------------------------------

    def new_game(self, config: GameConfig) -> GameState:
        return engine.new_game(config)

    def current_player(self, state_or_view: _StateOrView) -> int | None:
        return state_or_view.current_player

    def legal_moves(self, state_or_view: _StateOrView) -> tuple[Move, ...]:
        if isinstance(state_or_view, PlayerView):
            return _view_moves(state_or_view)
        sales = engine.free_moves(state_or_view)
        moves = engine.legal_moves(state_or_view)
        return (*moves, *sales) if sales else moves

    def apply(self, state: GameState, move: Move, player: int | None = None) -> GameState:
        return engine.apply(state, move, player)

    def apply_with_events(
        self, state: GameState, move: Move, player: int | None = None
    ) -> tuple[GameState, tuple[Event, ...]]:
        return engine.apply_with_events(state, move, player)

    def is_terminal(self, state_or_view: _StateOrView) -> bool:
        return state_or_view.phase is Phase.GAME_OVER

    def outcome(self, state: GameState) -> Outcome:
        return engine.outcome(state)

    def result(self, state: GameState) -> GameResult:
        result = engine.outcome(state)
        return GameResult(scores=result.prestige, winners=result.winners, places=_places(result))

    def returns(self, state: GameState) -> tuple[float, ...]:
        return learning.returns(state)

    # -- hidden information -----------------------------------------------------------

    def observe(self, state: GameState, player: int) -> PlayerView:
        return observation.observe(state, player)

    def view_player(self, view: PlayerView) -> int:
        return view.player

    def events_for(self, events: Iterable[Event], player: int) -> tuple[Event, ...]:
        return observation.events_for(events, player)

    def determinize(self, view: PlayerView, rng: random.Random) -> GameState:
        return observation.determinize(view, rng)

    # -- chance ---------------------------------------------------------------------------

    def is_chance_node(self, state: GameState) -> bool:
        return engine.is_chance_node(state)

    def chance_outcomes(self, state: GameState) -> tuple[tuple[Move, float], ...]:
        return engine.chance_outcomes(state)

    # -- notation and JSON ----------------------------------------------------------------

    def format_move(self, move: Move) -> str:
        return str(move)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def dumps(self, obj: object) -> str:
        return docs.dumps(obj)

    def load_config(self, text: str | bytes) -> GameConfig:
        return docs.load_config(text)

    def load_state(self, text: str | bytes) -> GameState:
        return docs.load_state(text)

    def load_view(self, text: str | bytes) -> PlayerView:
        return docs.load_view(text)

    def load_move(self, text: str | bytes) -> Move:
        return docs.load_move(text)

    def load_event(self, text: str | bytes) -> Event:
        return docs.load_event(text)

    # -- records ---------------------------------------------------------------------------

    def make_record(
        self, config: GameConfig, moves: Sequence[Move], final: GameState | None = None
    ) -> docs.GameRecord:
        result = engine.outcome(final) if final is not None else None
        return docs.GameRecord(config, tuple(moves), result)

    def load_record(self, text: str | bytes) -> docs.GameRecord:
        return docs.load_record(text)

    def record_config(self, record: object) -> GameConfig:
        return _record(record).config

    def record_moves(self, record: object) -> tuple[Move, ...]:
        return _record(record).moves

    def replay(self, record: object) -> tuple[GameState, ...]:
        return docs.replay(_record(record))

    # -- words and pictures -----------------------------------------------------------------

    def decision_text(self, state_or_view: _StateOrView) -> str | None:
        asked = decisions.decision(state_or_view)
        return None if asked is None else asked.kind.value.replace("_", " ")

    def decision_data(self, state_or_view: _StateOrView) -> dict[str, Any] | None:
        asked = decisions.decision(state_or_view)
        if asked is None:
            return None
        return {"player": asked.player, "kind": asked.kind.value}

    def describe(
        self,
        item: Move | Event,
        where: GameState | PlayerView | GameConfig,
        viewer: int | None = None,
    ) -> str:
        return narration.describe(item, where)

    def render_text(self, state_or_view: _StateOrView) -> str:
        return render.render_table_text(state_or_view)

    def render_svg(self, state_or_view: _StateOrView) -> str:
        return render.render_table_svg(state_or_view)

    # -- bots --------------------------------------------------------------------------------

    def rollout_move(self, state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
        from princes_of_florence.bots.mcts import rollout_move

        return rollout_move(state, moves, rng)

    def evaluate(self, state: GameState) -> tuple[float, ...] | None:
        from princes_of_florence.bots.mcts import evaluate

        return evaluate(state)

    def bots(self) -> Mapping[str, Callable[[int], Any]]:
        from princes_of_florence.bots.heuristic import HeuristicBot

        return {"heuristic": lambda seed: HeuristicBot()}

    # -- learning ------------------------------------------------------------------------------

    @property
    def action_count(self) -> int:
        return codes.ACTION_COUNT

    @property
    def observation_length(self) -> int:
        return learning.OBSERVATION_LENGTH

    def encode_move(self, move: Move) -> int:
        return codes.encode_move(move)

    def decode_move(self, state_or_view: _StateOrView, action: int) -> Move:
        return codes.decode_move(state_or_view, action)

    def action_mask(self, state_or_view: _StateOrView) -> bytes:
        return codes.action_mask(state_or_view)

    def observation_vector(self, view: PlayerView) -> tuple[float, ...]:
        return learning.observation_vector(view)

    def observation_vector_into(self, view: PlayerView, out: _Buffer) -> _Buffer:
        return learning.observation_vector_into(view, out)

    def action_mask_into(self, state_or_view: _StateOrView, out: _Buffer) -> _Buffer:
        return codes.action_mask_into(state_or_view, out)

    def information_state(self, config: GameConfig, moves: Sequence[Move], player: int) -> str:
        return learning.information_state_string(docs.GameRecord(config, tuple(moves)), player)


def _view_moves(view: PlayerView) -> tuple[Move, ...]:
    from princes_of_florence.bots.base import view_moves

    return view_moves(view)


def _record(record: object) -> docs.GameRecord:
    if not isinstance(record, docs.GameRecord):
        raise SerializationError(
            f"expected a record of The Princes of Florence, not {type(record).__name__}"
        )
    return record


GAME: Game[GameState, PlayerView, Move, Event, GameConfig] = PrincesOfFlorence()
"""The Princes of Florence, as the protocol sees it (registered as ``princes``)."""

_BUFFERS: LearningBuffers[GameState, PlayerView] = PrincesOfFlorence()
"""mypy's proof that the game offers :class:`~princes_of_florence.games.LearningBuffers` too."""
