"""A load benchmark of the game server on loopback: concurrent games, bounded in count and time.

``python -m princes_of_florence.web.load`` starts ``serve`` in a child process on
127.0.0.1 with a fresh database, then plays at once:

- ``--games`` games each with one scripted client in seat 0 (it plays a random
  legal move of its page as soon as it is its turn, as a page would) and bots
  in the other seats, which the server moves;
- ``--bot-games`` games of bots alone, which the server plays by itself.

It stops at the end of every game or after ``--seconds``, whichever comes
first, and prints the games finished, the moves played, the errors (every
answer other than 200 or 201, and every failed connection) and the 50th and
95th percentiles of a move's round trip: from sending the scripted client's
move to receiving its page back, the bots' answers included.
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

__all__ = ["main"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _call(url: str, body: object = None, token: str | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data is not None else {}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, None


class _Tally:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.round_trips: list[float] = []
        self.errors: list[str] = []
        self.finished = 0
        self.ids: list[str] = []


def _scripted(base: str, seed: int, players: int, deadline: float, tally: _Tally) -> None:
    rng = random.Random(seed)
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "heuristic"}] * (players - 1)
    try:
        status, created = _call(base + "/api/games", {"seats": seats, "seed": seed})
        if status != 201:
            raise RuntimeError(f"create answered {status}")
        game_id, token = created["id"], created["seats"][0]["token"]
        with tally.lock:
            tally.ids.append(game_id)
        status, page = _call(f"{base}/api/games/{game_id}", token=token)
        while status == 200 and not page["terminal"] and time.monotonic() < deadline:
            if not page["your_turn"]:
                time.sleep(0.02)
                status, page = _call(f"{base}/api/games/{game_id}", token=token)
                continue
            move = rng.choice(page["moves"])["notation"]
            body = {"move": move, "version": page["version"]}
            start = time.perf_counter()
            status, page = _call(f"{base}/api/games/{game_id}/moves", body, token)
            with tally.lock:
                tally.round_trips.append(time.perf_counter() - start)
        if status != 200:
            raise RuntimeError(f"a move answered {status}")
        if page["terminal"]:
            with tally.lock:
                tally.finished += 1
    except (OSError, RuntimeError, KeyError) as error:
        with tally.lock:
            tally.errors.append(f"{type(error).__name__}: {error}")


def _bots_only(base: str, seed: int, players: int, tally: _Tally) -> str | None:
    seats = [{"kind": "bot", "bot": "heuristic" if i % 2 else "random"} for i in range(players)]
    status, created = _call(base + "/api/games", {"seats": seats, "seed": seed})
    if status != 201:
        with tally.lock:
            tally.errors.append(f"create answered {status}")
        return None
    game_id: str = created["id"]
    with tally.lock:
        tally.ids.append(game_id)
    return game_id


def _percentile(values: Sequence[float], share: float) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[round(share * 100) - 1]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns 0, or 1 when any request failed."""
    parser = argparse.ArgumentParser(
        prog="python -m princes_of_florence.web.load", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=int, default=8, help="games with a scripted client")
    parser.add_argument("--bot-games", type=int, default=4, help="games of bots alone")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=120.0, help="stop after this long")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not 0 <= args.games <= 200 or not 0 <= args.bot_games <= 200:
        parser.error("--games and --bot-games must be 0 to 200")
    if not 0 < args.seconds <= 3600:
        parser.error("--seconds must be above 0 and at most 3600")
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    tally = _Tally()
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "load.sqlite3")
        command = [sys.executable, "-m", "princes_of_florence", "serve"]
        server = subprocess.Popen(
            [*command, "--port", str(port), "--db", db],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            started = time.monotonic()
            while True:
                try:
                    _call(base + "/api/games")
                    break
                except OSError:
                    if time.monotonic() - started > 30 or server.poll() is not None:
                        print("the server did not start", file=sys.stderr)
                        return 1
                    time.sleep(0.1)
            begin = time.monotonic()
            deadline = begin + args.seconds
            bot_ids = [
                _bots_only(base, args.seed + 1000 + n, args.players, tally)
                for n in range(args.bot_games)
            ]
            threads = [
                threading.Thread(
                    target=_scripted, args=(base, args.seed + n, args.players, deadline, tally)
                )
                for n in range(args.games)
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            moves = 0
            for game_id in [i for i in bot_ids if i is not None]:
                while True:
                    status, page = _call(f"{base}/api/games/{game_id}")
                    if status != 200:
                        tally.errors.append(f"a bot game answered {status}")
                        break
                    if page["terminal"] or time.monotonic() > deadline:
                        tally.finished += page["terminal"]
                        break
                    time.sleep(0.1)
            for game_id in tally.ids:
                status, page = _call(f"{base}/api/games/{game_id}")
                if status == 200:
                    moves += page["version"]
            elapsed = time.monotonic() - begin
        finally:
            server.terminate()
            server.wait(timeout=30)
    trips = sorted(tally.round_trips)
    print(f"games:  {args.games + args.bot_games} started, {tally.finished} finished")
    print(f"moves:  {moves} in all, {len(trips)} by scripted clients, in {elapsed:.1f} s")
    print(f"errors: {len(tally.errors)}")
    for error in tally.errors[:5]:
        print(f"  {error}")
    if trips:
        p50, p95 = _percentile(trips, 0.50) * 1000, _percentile(trips, 0.95) * 1000
        print(f"move round trip: p50 {p50:.1f} ms, p95 {p95:.1f} ms (bots' answers included)")
    return 1 if tally.errors else 0


if __name__ == "__main__":
    sys.exit(main())
