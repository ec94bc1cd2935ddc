"""A game server speaking JSON lines: one request per line in, one answer per line out.

Run: ``python examples/jsonl_server.py --players 3 --seed 7 < requests.jsonl``.

The server holds the only :class:`~princes_of_florence.GameState`.  Each
request names the player it comes from and, optionally, a move in notation
(``"bid 500"``) or in JSON (``{"type": "bid", "amount": 500}``)::

    {"player": 1}
    {"player": 1, "move": "open builder"}

Each answer is for that player only: their view (the JSON of
:func:`~princes_of_florence.observe`), the decision being asked, their legal
moves in notation, the events since their last answer in words (redacted
for them by :func:`~princes_of_florence.events_for`) and a text picture of
the table.  A refused move is answered with ``"ok": false`` and the reason;
nothing changes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from princes_of_florence import (
    Decision,
    Event,
    GameConfig,
    GameState,
    Move,
    PrincesOfFlorenceError,
    apply_with_events,
    decision,
    describe,
    dumps,
    events_for,
    is_terminal,
    load_move,
    new_game,
    observe,
    outcome,
    parse_move,
    render_table_text,
)
from princes_of_florence.bots import view_moves


class Server:
    """One game, and the events each player has not been told yet."""

    def __init__(self, config: GameConfig) -> None:
        self.state: GameState = new_game(config)
        self.unread: list[list[Event]] = [[] for _ in range(config.players)]

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        """Apply the request's move, if any, and answer its player."""
        player = request.get("player")
        count = self.state.config.players
        if type(player) is not int or not 0 <= player < count:
            return {"ok": False, "error": f"player must be a number from 0 to {count - 1}"}
        error = None
        if "move" in request:
            try:
                move = _move(request["move"])
                self.state, events = apply_with_events(self.state, move, player=player)
            except PrincesOfFlorenceError as refused:
                error = str(refused)
            else:
                for queue in self.unread:
                    queue.extend(events)
        return self.answer(player, error)

    def answer(self, player: int, error: str | None = None) -> dict[str, Any]:
        """What ``player`` may know now, and what happened since their last answer."""
        view = observe(self.state, player)
        seen = events_for(self.unread[player], player)
        self.unread[player].clear()
        asked = decision(view)
        reply: dict[str, Any] = {
            "ok": error is None,
            "player": player,
            "events": [describe(event, view) for event in seen],
            "decision": None if asked is None else _decision(asked),
            "moves": [str(move) for move in view_moves(view)],
            "picture": render_table_text(view),
            "view": json.loads(dumps(view))["data"],
        }
        if error is not None:
            reply["error"] = error
        if is_terminal(self.state):
            reply["winners"] = list(outcome(self.state).winners)
        return reply


def _decision(asked: Decision) -> dict[str, Any]:
    """The decision as JSON: its kind and the attributes that are set."""
    found: dict[str, Any] = {"player": asked.player, "kind": asked.kind.value}
    for name in ("stack", "tile", "deck"):
        value = getattr(asked, name)
        if value is not None:
            found[name] = value.value
    for name in ("price", "cards", "minimum", "payout"):
        if getattr(asked, name) is not None:
            found[name] = getattr(asked, name)
    if asked.work is not None and asked.work_value is not None:
        found["work"] = {"person": asked.work.person.value, "value": asked.work_value.total}
    return found


def _move(sent: object) -> Move:
    """A move from its notation or its JSON object."""
    if isinstance(sent, str):
        return parse_move(sent)
    document = {"schema": "1.0", "kind": "move", "data": sent}
    return load_move(json.dumps(document))


def serve(server: Server, lines: Iterable[str], write: Any = print) -> None:
    """Answer every request line with one JSON line."""
    for line in lines:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as error:
            write(json.dumps({"ok": False, "error": f"not JSON: {error}"}))
            continue
        if not isinstance(request, dict):
            write(json.dumps({"ok": False, "error": "a request is a JSON object"}))
            continue
        write(json.dumps(server.handle(request)))


def main(argv: Sequence[str] | None = None) -> int:
    """Serve one game on standard input and output."""
    parser = argparse.ArgumentParser(description="A JSON-lines game server.")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--names", help="the players' names, comma separated")
    args = parser.parse_args(argv)
    config = GameConfig(players=args.players, seed=args.seed)
    if args.names:
        config = attrs.evolve(config, names=tuple(args.names.split(",")))
    serve(Server(config), sys.stdin)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
