"""Play in the browser: a game server and its page for every game of the library.

``python -m princes_of_florence serve`` (the ``web`` extra: Starlette and
uvicorn) serves :func:`create_app` on ``http://127.0.0.1:8000/``: a person
creates a game there, with its options and seats (people or bots), and each
seat joins by its own link carrying a secret token.  Games are kept in an
SQLite file (:mod:`princes_of_florence.web.storage`) and survive a restart.

The server and the page know each game only through the protocol
(:mod:`princes_of_florence.games`), so every registered game plays in them.
"""

from princes_of_florence.web.app import MAX_BODY, create_app, serve
from princes_of_florence.web.service import GameServer, Refused
from princes_of_florence.web.storage import MoveRecord, Seat, SQLiteStorage, Storage, StoredGame

__all__ = [
    "MAX_BODY",
    "GameServer",
    "MoveRecord",
    "Refused",
    "SQLiteStorage",
    "Seat",
    "Storage",
    "StoredGame",
    "create_app",
    "serve",
]
