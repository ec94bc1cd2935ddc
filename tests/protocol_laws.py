"""The laws of the game protocol, as a Hypothesis state machine for any registered game.

:func:`protocol_machine` builds a :class:`~hypothesis.stateful.RuleBasedStateMachine`
for one game of :mod:`princes_of_florence.games`.  It knows nothing of the
game but the protocol.  Its one rule starts a game from a drawn player
count, seed and option set when none is running (or the last one is over),
and otherwise plays a move drawn from the legal moves (a chance move at a
chance node) and checks every law below around it, every move.  Each check of a law is counted in
:data:`COUNTS` (under the law's name), as are moves played and games finished.

The laws (the names are those of the counts and of the docs' table):

``pure``
    ``apply`` and ``apply_with_events`` never change their input (its JSON is
    the same before and after) and give equal states for the same move.
``illegal``
    A move that is not legal (one seen earlier in the game, or a legal move
    with another ``player=``) raises a ``ValueError`` and changes nothing.
``view moves``
    The legal moves of the decider's view are the legal moves of the state;
    another player's view offers none.
``free moves last``
    Free moves come after every move that is not free.
``search moves``
    ``search_moves`` is a non-empty part of the legal moves, in their order,
    without free moves.
``determinize``
    ``observe`` of a ``determinize``\\ d view gives the same view back.
``twin view`` and ``twin events``
    A twin state, re-dealt from a player's view, gives that player the same
    view and observation vector; after the same move, when the player's views
    still agree, the same events as that player sees them and the same
    observation vector.
``json``
    Every state, view, move and event round-trips through ``dumps`` and the
    game's loaders; a move round-trips through its notation too.
``encoding``
    ``encode_move`` is one-to-one on the legal moves, ``decode_move`` inverts
    it, and the action mask holds exactly their ids.
``replay``
    A record of the game so far, through JSON, replays to every state played.
``returns``
    At the end the returns add up to 1, shared by the winners (each ``1/k``
    of ``k``), 0 for the others; the winners hold first place.

A game adds its own invariants with ``extra`` (a function of the game and the
state that returns the problems it finds, ``()`` for none), checked on every
state and counted as ``game invariants``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, rule

from princes_of_florence.games import AnyGame

COUNTS: Counter[str] = Counter()
"""Checks of each law, moves played and games finished, over the whole test session."""

Extra = Callable[[AnyGame, Any], Sequence[str]]
"""A game's own invariants: the problems of a state, ``()`` for none."""

_POOL = 64
"""How many moves seen earlier the machine keeps, to try as illegal moves."""


def protocol_machine(
    game: AnyGame,
    options: Sequence[Mapping[str, Any]] = ({},),
    extra: Extra | None = None,
) -> type[RuleBasedStateMachine]:
    """A state machine that plays ``game`` and checks the protocol's laws every move.

    Args:
        game: the game.
        options: the option sets a game may be configured with; one is drawn
            per game (``{}``, the game's defaults, by default).
        extra: the game's own invariants, checked (and counted as the law
            ``game invariants``) on every state; ``None`` for a game with none.
    """

    class ProtocolLaws(RuleBasedStateMachine):
        """Plays one game of ``game`` to the end, checking every law every move."""

        def __init__(self) -> None:
            super().__init__()
            self.config: Any = None
            self.state: Any = None
            self.text = ""
            self.states: list[Any] = []
            self.moves: list[Any] = []
            self.pool: list[Any] = []

        def law(self, name: str) -> None:
            COUNTS[f"law {name}"] += 1

        def start(self, players: int, seed: int, chosen: Mapping[str, Any]) -> None:
            """Start a new game: the one running is over (or none has started)."""
            self.config = game.make_config(players, seed, chosen)
            self.state = game.new_game(self.config)
            self.text = game.dumps(self.state)
            self.states = [self.state]
            self.moves = []
            self.check_state(self.state, random.Random(seed))

        def check_state(self, state: Any, rng: random.Random) -> None:
            """The laws of one state: views, JSON, encoding, order of moves, the game's own."""
            if extra is not None:
                problems = extra(game, state)
                assert not problems, problems
                self.law("game invariants")
            assert game.load_state(game.dumps(state)) == state
            self.law("json")
            players = game.config_players(self.config)
            decider = game.current_player(state)
            legal = game.legal_moves(state)
            assert game.is_terminal(state) == (not legal), "moves are offered until the end"
            for player in range(players):
                view = game.observe(state, player)
                assert game.view_player(view) == player
                assert game.load_view(game.dumps(view)) == view
                self.law("json")
                assert game.current_player(view) == decider
                if player == decider:
                    assert game.legal_moves(view) == legal
                else:
                    assert game.legal_moves(view) == ()
                self.law("view moves")
                dealt = game.determinize(view, rng)
                assert game.observe(dealt, player) == view
                self.law("determinize")
            if game.is_terminal(state):
                self.check_end(state)
                return
            free = [game.is_free_move(move) for move in legal]
            assert free == sorted(free), "free moves come last"
            self.law("free moves last")
            if decider is not None:
                searched = list(game.search_moves(state))
                assert searched, "a search has a move to try"
                assert all(move in legal for move in searched)
                order = [legal.index(move) for move in searched]
                assert order == sorted(order), "search moves keep the legal order"
                assert not any(game.is_free_move(move) for move in searched)
                self.law("search moves")
            ids = [game.encode_move(move) for move in legal]
            assert len(set(ids)) == len(ids), "one id per legal move"
            assert all(0 <= action < game.action_count for action in ids)
            assert [game.decode_move(state, action) for action in ids] == list(legal)
            mask = game.action_mask(state)
            assert len(mask) == game.action_count
            assert {i for i, bit in enumerate(mask) if bit} == set(ids)
            self.law("encoding")

        def check_end(self, state: Any) -> None:
            returns = game.returns(state)
            result = game.result(state)
            players = game.config_players(self.config)
            assert len(returns) == players == len(result.scores) == len(result.places)
            assert sum(returns) == pytest.approx(1.0)
            share = 1.0 / len(result.winners) if result.winners else 0.0
            assert returns == pytest.approx(
                [share if p in result.winners else 0.0 for p in range(players)]
            )
            assert all(result.places[p] == 1 for p in result.winners)
            self.law("returns")

        @rule(
            choice=st.integers(0, 2**16),
            seed=st.integers(0, 2**32 - 1),
            players=st.sampled_from(game.player_counts),
            chosen=st.sampled_from(tuple(options)),
        )
        def play(self, choice: int, seed: int, players: int, chosen: Mapping[str, Any]) -> None:
            """Play one legal move, checking the laws around it; start a game when none runs."""
            if self.state is None or game.is_terminal(self.state):
                self.start(players, seed, chosen)
                return
            rng = random.Random(seed)
            state = self.state
            legal = game.legal_moves(state)
            move = legal[choice % len(legal)]
            decider = game.current_player(state)
            self.try_illegal(state, legal, decider, rng)
            after, events = game.apply_with_events(state, move)
            assert game.dumps(state) == self.text, "apply_with_events changed its input"
            assert game.apply(state, move) == after
            assert game.dumps(state) == self.text, "apply changed its input"
            if decider is not None:
                assert game.apply(state, move, player=decider) == after
            self.law("pure")
            assert game.load_move(game.dumps(move)) == move
            assert game.parse_move(game.format_move(move)) == move
            for event in events:
                assert game.load_event(game.dumps(event)) == event
            self.law("json")
            self.check_twin(state, move, after, events, rng)
            COUNTS["moves played"] += 1
            self.moves.append(move)
            self.states.append(after)
            if move not in self.pool:
                self.pool = [*self.pool[-_POOL + 1 :], move]
            self.state = after
            self.text = game.dumps(after)
            self.check_state(after, rng)
            if game.is_terminal(after):
                COUNTS["games finished"] += 1
                self.check_replay()

        def try_illegal(
            self, state: Any, legal: Sequence[Any], decider: int | None, rng: random.Random
        ) -> None:
            """A move seen earlier that is not legal now, and a legal move by another player."""
            stale = [move for move in self.pool if move not in legal]
            tries: list[tuple[Any, int | None]] = []
            if stale:
                tries.append((rng.choice(stale), None))
            players = game.config_players(self.config)
            if decider is not None and players > 1:
                other = (decider + 1 + rng.randrange(players - 1)) % players
                tries.append((rng.choice(legal), other))
            for move, player in tries:
                with pytest.raises(ValueError):  # noqa: PT011 - each game words its refusal
                    game.apply(state, move, player=player)
                assert game.dumps(state) == self.text, "a refused move changed the state"
                self.law("illegal")

        def check_twin(
            self, state: Any, move: Any, after: Any, events: Sequence[Any], rng: random.Random
        ) -> None:
            """A state re-dealt from one player's view looks the same to that player, before
            and after the same move."""
            players = game.config_players(self.config)
            player = rng.randrange(players)
            view = game.observe(state, player)
            twin = game.determinize(view, rng)
            assert game.observe(twin, player) == view
            assert game.observation_vector(game.observe(twin, player)) == game.observation_vector(
                view
            )
            self.law("twin view")
            if move not in game.legal_moves(twin):
                return  # the move needs what the player cannot see (another hand's card)
            twin_after, twin_events = game.apply_with_events(twin, move)
            seen = game.observe(after, player)
            if game.observe(twin_after, player) != seen:
                return  # the move showed the player something dealt otherwise (a drawn card)
            mine = game.events_for(twin_events, player)
            real = game.events_for(events, player)
            if mine != real and sorted(map(repr, mine)) == sorted(map(repr, real)):
                return  # the same cards drawn in another order: dealt otherwise, seen as drawn
            assert mine == real
            assert game.observation_vector(
                game.observe(twin_after, player)
            ) == game.observation_vector(seen)
            self.law("twin events")

        def check_replay(self) -> None:
            """The game's record, through JSON, replays to every state played."""
            final = self.state if game.is_terminal(self.state) else None
            record = game.make_record(self.config, self.moves, final)
            loaded = game.load_record(game.dumps(record))
            assert game.record_moves(loaded) == tuple(self.moves)
            assert list(game.replay(loaded)) == self.states
            self.law("replay")

        def teardown(self) -> None:
            if self.state is not None and not game.is_terminal(self.state):
                self.check_replay()

    ProtocolLaws.__name__ = f"ProtocolLaws_{game.name}"
    ProtocolLaws.__qualname__ = ProtocolLaws.__name__
    return ProtocolLaws
