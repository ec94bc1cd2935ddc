"""The HTTP side of the game server: a Starlette application.

Routes (JSON in and out; the seat's token in an ``Authorization: Bearer``
header, never in a URL, so that no access log or history keeps it):

- ``GET /``: the page that creates a game; ``GET /play/{id}``: the page
  that plays it (the seat's token after ``#token=`` in its link, which the
  browser never sends);
- ``GET /api/games``: the registered games with their options and bots;
- ``POST /api/games``: create a game ``{"game", "seats", "options", "seed"}``;
- ``GET /api/games/{id}``: the page's data for the token's seat, or for a
  spectator without a token;
- ``POST /api/games/{id}/moves``: play ``{"move": notation, "version": n}``;
- ``GET /api/games/{id}/stream``: the same data again at every change, as
  server-sent events.

Refusals answer ``{"error": reason}`` with 400 (a malformed request or an
illegal move), 403 (a wrong or missing token), 404 (no such game), 409 (a
move against an older version), 413 (a body over :data:`MAX_BODY` bytes).
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from importlib import resources

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from princes_of_florence.web.service import GameServer, Refused
from princes_of_florence.web.storage import SQLiteStorage, Storage

__all__ = ["MAX_BODY", "create_app"]

log = logging.getLogger("princes_of_florence.web")

MAX_BODY = 16 * 1024
"""The largest request body accepted, in bytes."""
HEARTBEAT = 15.0
"""Seconds between two keep-alive comments on an idle event stream."""

_STATIC = resources.files("princes_of_florence.web") / "static"


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refused(403, "the Authorization header must be 'Bearer <token>'")
    return token.strip()


async def _json_body(request: Request) -> object:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise Refused(413, f"the request body is larger than {MAX_BODY} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise Refused(413, f"the request body is larger than {MAX_BODY} bytes")
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise Refused(400, f"the request body is not valid JSON: {error}") from None
    except RecursionError:
        raise Refused(400, "the request body is nested too deeply") from None


def _refusals(
    handler: Callable[[Request], Awaitable[Response]],
) -> Callable[[Request], Awaitable[Response]]:
    async def guarded(request: Request) -> Response:
        try:
            return await handler(request)
        except Refused as refused:
            return JSONResponse({"error": refused.reason}, status_code=refused.status)

    return guarded


def create_app(storage: Storage | str = ":memory:", seed: int | None = None) -> Starlette:
    """The server as an ASGI application.

    Args:
        storage: where games are kept: a :class:`~princes_of_florence.web.storage.Storage`,
            or the path of an SQLite file (``:memory:`` keeps them only while
            the application runs).
        seed: the seed of the server's own random choices (game seeds,
            random bots); ``None`` for a random one.

    Returns:
        A Starlette application; unfinished games are loaded, and their bots
        resume, when it starts.
    """
    store = SQLiteStorage(storage) if isinstance(storage, str) else storage
    server = GameServer(store, seed)

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        resumed = server.resume()
        log.info("serving; %d unfinished games loaded", resumed)
        yield
        await server.close()

    async def page(request: Request) -> Response:
        return FileResponse(str(_STATIC / "index.html"), media_type="text/html")

    async def catalogue(request: Request) -> Response:
        return JSONResponse({"games": server.catalogue()})

    async def create(request: Request) -> Response:
        created = await server.create(await _json_body(request))
        return JSONResponse(created, status_code=201)

    async def show(request: Request) -> Response:
        table = server.table(request.path_params["game_id"])
        player = server.seat(table, _token(request))
        return JSONResponse(server.page(table, player))

    async def move(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        table = server.table(game_id)  # 404 before anything else
        token = _token(request)
        if token is None:
            raise Refused(403, "a move needs the seat's token")
        server.seat(table, token)  # 403 before the body is read
        body = await _json_body(request)
        return JSONResponse(await server.move(game_id, token, body))

    async def stream(request: Request) -> Response:
        table = server.table(request.path_params["game_id"])
        player = server.seat(table, _token(request))
        pages = server.follow(table.id, player, HEARTBEAT)

        async def events() -> AsyncIterator[str]:
            try:
                async for data in pages:
                    if data is None:
                        yield ": still here\n\n"
                    else:
                        yield f"event: page\ndata: {json.dumps(data, separators=(',', ':'))}\n\n"
            finally:
                await pages.aclose()

        return StreamingResponse(
            events(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    routes = [
        Route("/", page),
        Route("/play/{game_id}", page),
        Route("/api/games", _refusals(catalogue), methods=["GET"]),
        Route("/api/games", _refusals(create), methods=["POST"]),
        Route("/api/games/{game_id}", _refusals(show), methods=["GET"]),
        Route("/api/games/{game_id}/moves", _refusals(move), methods=["POST"]),
        Route("/api/games/{game_id}/stream", _refusals(stream), methods=["GET"]),
        Mount("/static", StaticFiles(directory=str(_STATIC)), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.server = server
    return app


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "games.sqlite3") -> int:
    """Serve the games in ``db`` at ``http://host:port/`` until interrupted (uvicorn)."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    # uvicorn's access log is off: it would print each request's path, and our own
    # log lines name games and versions only, never a move or a card.
    # Pages hold their event streams open: on shutdown they get 3 seconds, then are cut
    # (a page reconnects by itself when the server is back).
    uvicorn.run(
        create_app(db),
        host=host,
        port=port,
        access_log=False,
        log_level="info",
        timeout_graceful_shutdown=3,
    )
    return 0
