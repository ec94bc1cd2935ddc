"""A game server speaking JSON lines: one request per line in, one answer per line out.

Run: ``python examples/jsonl_server.py --players 3 --seed 7 < requests.jsonl``.

The server holds the only :class:`~princes_of_florence.GameState`.  Each
request names the player it comes from and, optionally, a move in notation
(``"bid 500"``) or in JSON (``{"type": "bid", "amount": 500}``)::

    {"player": 1}
    {"player": 1, "move": "open builder"}

Each answer is for that player only, and speaks to them ("You: ..."): their
view (its JSON), the question being asked in words and as data, their legal
moves in notation, the events since their last answer in words (redacted for
them by ``events_for``), their cards in words, and the table as text and as
an SVG element with the cells of their legal moves highlighted.  Everything
comes through the game's protocol (:func:`princes_of_florence.games.get`).
A refused move is answered with ``"ok": false`` and the reason; nothing changes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from princes_of_florence import PrincesOfFlorenceError, games

GAME = games.get("princes")


class Server:
    """One game, and the events each player has not been told yet."""

    def __init__(self, config: Any) -> None:
        self.state = GAME.new_game(config)
        self.unread: list[list[Any]] = [[] for _ in GAME.player_names(self.state)]

    def handle(self, request: dict[str, Any]) -> dict[str, Any]:
        """Apply the request's move, if any, and answer its player."""
        player = request.get("player")
        count = len(self.unread)
        if type(player) is not int or not 0 <= player < count:
            return {"ok": False, "error": f"player must be a number from 0 to {count - 1}"}
        error = None
        if "move" in request:
            try:
                move = _move(request["move"])
                self.state, events = GAME.apply_with_events(self.state, move, player)
            except PrincesOfFlorenceError as refused:
                error = str(refused)
            else:
                for queue in self.unread:
                    queue.extend(events)
        return self.answer(player, error)

    def answer(self, player: int, error: str | None = None) -> dict[str, Any]:
        """What ``player`` may know now, and what happened since their last answer."""
        view = GAME.observe(self.state, player)
        seen = GAME.events_for(self.unread[player], player)
        self.unread[player].clear()
        moves = GAME.legal_moves(view)
        cells = sorted({key for move in moves for key in GAME.move_cells(view, move)})
        reply: dict[str, Any] = {
            "ok": error is None,
            "player": player,
            "events": [GAME.describe(event, view, player) for event in seen],
            "question": GAME.decision_text(view),
            "decision": GAME.decision_data(view),
            "moves": [GAME.format_move(move) for move in moves],
            "hand": [[card.name, card.text, card.place] for card in GAME.hand(view)],
            "picture": GAME.render_text(view),
            "svg": GAME.render_svg_marked(view, highlight=cells),
            "view": json.loads(GAME.dumps(view))["data"],
        }
        if error is not None:
            reply["error"] = error
        if GAME.is_terminal(self.state):
            reply["winners"] = list(GAME.result(self.state).winners)
        return reply


def _move(sent: object) -> Any:
    """A move from its notation or its JSON object."""
    if isinstance(sent, str):
        return GAME.parse_move(sent)
    return GAME.load_move(json.dumps({"schema": "1.0", "kind": "move", "data": sent}))


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
    options = {"names": args.names.split(",")} if args.names else {}
    config = GAME.make_config(args.players, args.seed, options)
    serve(Server(config), sys.stdin)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
