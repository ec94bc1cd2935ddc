"""The game server's HTTP API: creating, joining, viewing and playing games, and every refusal."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (starlette) is not installed")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

from starlette.testclient import TestClient

from princes_of_florence import games
from princes_of_florence.web import MAX_BODY, SQLiteStorage, create_app
from princes_of_florence.web.service import GameServer

HUMAN_FIRST = {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot"}]}


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:", seed=1)) as test_client:
        yield test_client


def _server(client: TestClient) -> GameServer:
    server: GameServer = client.app.state.server  # type: ignore[attr-defined]  # set by create_app
    return server


def _create(client: TestClient, body: dict[str, Any] | None = None) -> dict[str, Any]:
    response = client.post("/api/games", json={**HUMAN_FIRST, "seed": 5, **(body or {})})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _page(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}", headers=_auth(token) if token else {})
    assert response.status_code == 200, response.text
    page: dict[str, Any] = response.json()
    return page


def _stored(client: TestClient, game_id: str) -> tuple[int, str]:
    stored = _server(client).storage.load(game_id)
    assert stored is not None
    return stored.version, stored.state


def test_catalogue_lists_every_registered_game_with_options_and_bots(client: TestClient) -> None:
    """GET /api/games names each registered game, its player counts, options and bots."""
    listed = client.get("/api/games").json()["games"]
    assert [game["name"] for game in listed] == list(games.names())
    princes = next(game for game in listed if game["name"] == "princes")
    assert princes["player_counts"] == [2, 3, 4, 5]
    assert princes["options"]["muse_and_princess"] is False
    assert {"random", "heuristic"} <= set(princes["bots"])


def test_create_gives_a_secret_link_to_each_human_seat_only(client: TestClient) -> None:
    """A new game has a link with a token per human seat, none for bots, and a spectator link."""
    created = _create(client)
    seats = created["seats"]
    assert seats[0]["kind"] == "human"
    assert seats[0]["link"] == f"/play/{created['id']}#token={seats[0]['token']}"
    assert len(seats[0]["token"]) >= 20
    assert [seat["token"] for seat in seats[1:]] == [None, None]
    assert created["spectate"] == f"/play/{created['id']}"


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ({"game": "chess"}, "no game is called 'chess'"),
        ({"seats": [{"kind": "human"}]}, "played by 2, 3, 4, 5 players, not 1"),
        ({"seats": []}, "seats must name 1 to 8 seats"),
        ({"seats": "two"}, "seats must be a list"),
        ({"seats": [{"kind": "human"}, {"kind": "bot", "bot": "genius"}]}, "no bot is called"),
        ({"seats": [{"kind": "human"}, {"kind": "robot"}]}, "kind must be 'human' or 'bot'"),
        ({"seats": [{"kind": "human"}, {"kind": "bot", "colour": "red"}]}, "unknown field"),
        ({"options": {"speed": 3}}, "unknown option 'speed'"),
        ({"options": {"hard_freedoms": True}}, "bad options"),
        ({"seed": "1"}, "seed must be an integer"),
        ({"seed": True}, "seed must be an integer"),
        ({"players": 3}, "unknown field 'players'"),
        ({"game": "x" * 500}, "longer than 200 characters"),
    ],
)
def test_create_refuses_a_bad_request_with_its_reason(
    client: TestClient, body: dict[str, Any], reason: str
) -> None:
    """A bad creation request answers 400 naming the problem, and stores no game."""
    response = client.post("/api/games", json={**HUMAN_FIRST, **body})
    assert response.status_code == 400
    assert reason in response.json()["error"]
    assert _server(client).storage.game_ids() == ()


def test_malformed_json_and_wrong_shapes_are_refused(client: TestClient) -> None:
    """Bodies that are not JSON, or not a JSON object, answer 400 with a clear error."""
    response = client.post("/api/games", content=b"{not json")
    assert response.status_code == 400
    assert "not valid JSON" in response.json()["error"]
    response = client.post("/api/games", content=b"\xff\xfe")
    assert response.status_code == 400
    response = client.post("/api/games", content=b"[" * 8000 + b"]" * 8000)
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["error"]
    response = client.post("/api/games", json=[1, 2])
    assert response.status_code == 400
    assert response.json()["error"] == "the request must be a JSON object"


def test_a_body_over_the_limit_is_refused(client: TestClient) -> None:
    """A body larger than MAX_BODY answers 413, declared or not, and changes nothing."""
    big = json.dumps({**HUMAN_FIRST, "options": {"names": ["x" * MAX_BODY]}}).encode()
    response = client.post("/api/games", content=big)
    assert response.status_code == 413

    def chunks() -> Iterator[bytes]:
        yield big[: len(big) // 2]
        yield big[len(big) // 2 :]

    response = client.post("/api/games", content=chunks())  # streamed: no Content-Length
    assert response.status_code == 413
    assert _server(client).storage.game_ids() == ()


def test_unknown_game_id_is_404(client: TestClient) -> None:
    """A game id that does not exist answers 404 on every route."""
    assert client.get("/api/games/nope").status_code == 404
    assert client.post("/api/games/nope/moves", json={"move": "x", "version": 0}).status_code == 404
    assert client.get("/api/games/nope/stream").status_code == 404
    assert client.get("/api/games/" + "x" * 1000).status_code == 404


def test_a_player_sees_their_cards_and_a_spectator_none(client: TestClient) -> None:
    """The seat's page has its hand and its legal moves; the spectator's has neither."""
    created = _create(client)
    token = created["seats"][0]["token"]
    mine = _page(client, created["id"], token)
    assert mine["player"] == 0
    assert mine["your_turn"]
    assert len(mine["hand"]) == 4
    assert all(card["text"] for card in mine["hand"])
    assert {move["notation"] for move in mine["moves"]} == {
        "return " + card["name"].removeprefix("The ").replace(" ", "_") for card in mine["hand"]
    }
    watching = _page(client, created["id"])
    assert watching["player"] is None
    assert watching["hand"] == []
    assert watching["moves"] == []
    for card in mine["hand"]:
        assert card["name"].removeprefix("The ") not in json.dumps(watching)
    assert watching["svg"].startswith("<svg")


def test_a_wrong_or_missing_token_is_403_and_changes_nothing(client: TestClient) -> None:
    """A token of no seat, another game's token or none: 403, and the game is unchanged."""
    created = _create(client)
    other = _create(client)
    before = _stored(client, created["id"])
    move = {
        "move": _page(client, created["id"], created["seats"][0]["token"])["moves"][0]["notation"],
        "version": 0,
    }
    url = f"/api/games/{created['id']}/moves"
    for headers in (
        {},
        _auth("guess"),
        _auth(other["seats"][0]["token"]),
        {"Authorization": "Basic abc"},
        {"Authorization": "Bearer caf\xe9".encode("latin-1")},  # beyond ASCII: still 403
    ):
        response = client.post(url, json=move, headers=headers)
        assert response.status_code == 403, headers
        assert "error" in response.json()
    for headers in (_auth("guess"), {"Authorization": "Bearer \u00e9t\u00e9".encode("latin-1")}):
        assert client.get(f"/api/games/{created['id']}", headers=headers).status_code == 403
        stream = client.get(f"/api/games/{created['id']}/stream", headers=headers)
        assert stream.status_code == 403
    garbled = client.post(url, content=b"{not json", headers=_auth("guess"))
    assert garbled.status_code == 403  # the token is checked before the body is read
    assert _stored(client, created["id"]) == before


def test_an_illegal_move_is_400_with_its_reason_and_changes_nothing(client: TestClient) -> None:
    """An illegal move, a malformed notation or a malformed body: 400 with the reason."""
    created = _create(client)
    token = created["seats"][0]["token"]
    game_id = created["id"]
    held = {move["notation"] for move in _page(client, game_id, token)["moves"]}
    absent = next(
        f"return {person}"
        for person in ("architect", "poet", "doctor", "actor", "painter")
        if f"return {person}" not in held
    )
    before = _stored(client, game_id)
    url = f"/api/games/{game_id}/moves"
    cases = [
        ({"move": absent, "version": 0}, "player 0"),
        ({"move": "fly away", "version": 0}, "fly"),
        ({"move": "return historian"}, "'version'"),
        ({"move": 3, "version": 0}, "move must be a str"),
        ({"move": "end", "version": "0"}, "version must be an integer"),
        ({"move": "end", "version": 0, "extra": 1}, "unknown field 'extra'"),
    ]
    for body, reason in cases:
        response = client.post(url, json=body, headers=_auth(token))
        assert response.status_code == 400, body
        assert reason in response.json()["error"], (body, response.json())
    assert _stored(client, game_id) == before


def test_a_move_out_of_turn_is_refused(client: TestClient) -> None:
    """A seat whose turn it is not gets 400 saying whose decision it is."""
    created = _create(client, {"seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}]})
    game_id, second = created["id"], created["seats"][1]["token"]
    page = _page(client, game_id, second)
    assert page["moves"] == []
    assert not page["your_turn"]
    response = client.post(
        f"/api/games/{game_id}/moves",
        json={"move": "return poet", "version": 0},
        headers=_auth(second),
    )
    assert response.status_code == 400
    assert re.search(r"player 0's decision|not player 1's|decision", response.json()["error"])


def test_a_move_against_an_older_version_is_409(client: TestClient) -> None:
    """A move naming a version the game has left answers 409 and changes nothing."""
    created = _create(client)
    token, game_id = created["seats"][0]["token"], created["id"]
    page = _page(client, game_id, token)
    url = f"/api/games/{game_id}/moves"
    first = client.post(
        url, json={"move": page["moves"][0]["notation"], "version": 0}, headers=_auth(token)
    )
    assert first.status_code == 200
    after = first.json()
    assert after["version"] >= 3  # the two bots answered on the server
    before = _stored(client, game_id)
    stale = client.post(
        url, json={"move": after["moves"][0]["notation"], "version": 0}, headers=_auth(token)
    )
    assert stale.status_code == 409
    assert f"at version {after['version']}" in stale.json()["error"]
    assert _stored(client, game_id) == before


def test_bots_move_on_the_server_and_the_log_speaks_to_the_player(client: TestClient) -> None:
    """After the person's move the bots answer at once; the log says "You" to the person."""
    created = _create(client)
    token, game_id = created["seats"][0]["token"], created["id"]
    page = _page(client, game_id, token)
    answer = client.post(
        f"/api/games/{game_id}/moves",
        json={"move": page["moves"][0]["notation"], "version": 0},
        headers=_auth(token),
    ).json()
    assert answer["your_turn"]
    assert answer["log"][0].startswith("You return the ")
    assert "Player 2 returns a person card." in answer["log"]
    assert answer["version"] == len(_server(client).storage.moves(game_id))


def test_a_game_of_bots_plays_to_the_end_and_shows_the_scores(client: TestClient) -> None:
    """A game of bots alone is played by the server to its end; the result is on the page."""
    created = _create(client, {"seats": [{"kind": "bot", "bot": "heuristic"}, {"kind": "bot"}]})
    deadline = time.monotonic() + 60
    page = _page(client, created["id"])
    while not page["terminal"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.05)
        page = _page(client, created["id"])
    result = page["result"]
    assert len(result["scores"]) == 2
    assert result["winners"]
    assert sorted(result["places"])[0] == 1


def _play_until(client: TestClient, game_id: str, token: str, moves: int) -> dict[str, Any]:
    page = _page(client, game_id, token)
    for _ in range(moves):
        if page["terminal"]:
            break
        response = client.post(
            f"/api/games/{game_id}/moves",
            json={"move": page["moves"][0]["notation"], "version": page["version"]},
            headers=_auth(token),
        )
        assert response.status_code == 200, response.text
        page = response.json()
    return page


def test_games_survive_a_restart_of_the_server(tmp_path: Path) -> None:
    """A second server on the same SQLite file shows the same game and plays on."""
    db = str(tmp_path / "games.sqlite3")
    with TestClient(create_app(db, seed=2)) as first:
        created = _create(first)
        token, game_id = created["seats"][0]["token"], created["id"]
        before = _play_until(first, game_id, token, 6)
    with TestClient(create_app(db, seed=3)) as second:
        again = _page(second, game_id, token)
        assert again["version"] == before["version"]
        assert again["svg"] == before["svg"]
        assert again["log"] == before["log"]
        assert again["hand"] == before["hand"]
        later = _play_until(second, game_id, token, 3)
        assert later["version"] > before["version"]
    storage = SQLiteStorage(db)
    try:
        stored = storage.load(game_id)
        assert stored is not None
        games.get(stored.game).load_state(stored.state)  # the library's validated JSON
    finally:
        storage.close()


def test_the_stream_sends_the_page_and_then_every_change(client: TestClient) -> None:
    """GET .../stream is server-sent events: the seat's page now, then after each change."""
    created = _create(client)
    token, game_id = created["seats"][0]["token"], created["id"]
    server = _server(client)

    async def pages_seen() -> list[dict[str, Any] | None]:
        table = server.table(game_id)
        pages = server.follow(game_id, 0, heartbeat=0.05)
        first = await anext(pages)
        quiet = await anext(pages)  # nothing changed: a heartbeat
        move = table.game.legal_moves(table.game.observe(table.state, 0))[0]
        await server.move(game_id, token, {"move": table.game.format_move(move), "version": 0})
        second = await anext(pages)
        await pages.aclose()
        return [first, quiet, second]

    first, quiet, second = client.portal.call(pages_seen)  # type: ignore[union-attr]  # open inside the with block
    assert first is not None
    assert first["version"] == 0
    assert quiet is None
    assert second is not None
    assert second["version"] >= 3
    assert not server.table(game_id).followers  # the follower is gone once closed
    response = client.get(f"/api/games/{game_id}/stream", headers=_auth("guess"))
    assert response.status_code == 403


def test_nothing_logged_names_a_move_or_a_card(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    """The server's log lines name games and versions, never a move or a card."""
    caplog.set_level("INFO", logger="princes_of_florence.web")
    created = _create(client)
    token = created["seats"][0]["token"]
    page = _play_until(client, created["id"], token, 5)
    text = caplog.text
    assert "created" in text
    assert "moved" in text
    for card in page["hand"]:
        assert card["name"] not in text
    persons = [p for p in ("historian", "poet", "architect", "lawyer", "doctor") if p in text]
    assert persons == []
    assert token not in text


@pytest.mark.parametrize(
    ("options", "players"),
    [
        ({"muse_and_princess": True}, 3),
        ({"cooperative_building": True}, 3),
        ({"explicit_chance": True, "hidden_money": True}, 3),
        ({"choose_returned_order": True}, 3),
        ({"start_player": 2}, 3),
        ({"hard_freedoms": True}, 2),  # the 2-player option (ruling R9)
    ],
    ids=lambda param: "+".join(param) if isinstance(param, dict) else f"{param}p",
)
def test_every_option_plays_to_the_end_through_the_api(
    client: TestClient, options: dict[str, Any], players: int
) -> None:
    """With each option a person's seat plays a whole game against bots (and chance)."""
    seats = HUMAN_FIRST["seats"][:players]
    created = _create(client, {"options": options, "seed": 9, "seats": seats})
    token, game_id = created["seats"][0]["token"], created["id"]
    deadline = time.monotonic() + 120
    page = _page(client, game_id, token)
    moved = 0
    while not page["terminal"]:
        assert time.monotonic() < deadline, "the game did not end"
        if not page["your_turn"]:
            time.sleep(0.01)
            page = _page(client, game_id, token)
            continue
        assert page["question"]
        choice = page["moves"][moved % len(page["moves"])]
        response = client.post(
            f"/api/games/{game_id}/moves",
            json={"move": choice["notation"], "version": page["version"]},
            headers=_auth(token),
        )
        assert response.status_code == 200, response.text
        page = response.json()
        moved += 1
    assert moved > 10
    assert len(page["result"]["scores"]) == players


def test_the_serve_command_passes_its_options(monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve --host --port --db`` starts the server with them; localhost by default."""
    import princes_of_florence.web as web
    from princes_of_florence.cli import main

    calls: list[tuple[str, int, str]] = []

    def fake_serve(host: str, port: int, db: str) -> int:
        calls.append((host, port, db))
        return 0

    monkeypatch.setattr(web, "serve", fake_serve)
    assert main(["serve"]) == 0
    assert main(["serve", "--host", "127.0.0.2", "--port", "9001", "--db", "x.sqlite3"]) == 0
    assert calls == [("127.0.0.1", 8000, "games.sqlite3"), ("127.0.0.2", 9001, "x.sqlite3")]


def _marks(svg: str, mark: str) -> set[str]:
    return set(re.findall(rf'data-mark="{mark}" data-for="([^"]+)"', svg))


def test_the_table_marks_the_legal_cells_and_the_last_placement(client: TestClient) -> None:
    """A placement's page outlines every cell a legal move fills; the next marks the tile laid."""
    created = _create(client, {"seats": [{"kind": "human"}, {"kind": "bot"}], "seed": 7})
    token, game_id = created["seats"][0]["token"], created["id"]
    page = _page(client, game_id, token)
    deadline = time.monotonic() + 60
    while not any(move["cells"] for move in page["moves"]):
        assert time.monotonic() < deadline, "no placement came"
        assert not page["terminal"]
        assert _marks(page["svg"], "highlight") == set()
        if not page["your_turn"]:
            time.sleep(0.01)
            page = _page(client, game_id, token)
            continue
        page = _play_until(client, game_id, token, 1)
    legal = {key for move in page["moves"] for key in move["cells"]}
    assert _marks(page["svg"], "highlight") == legal
    placed = next(move for move in page["moves"] if move["cells"])
    response = client.post(
        f"/api/games/{game_id}/moves",
        json={"move": placed["notation"], "version": page["version"]},
        headers=_auth(token),
    )
    assert response.status_code == 200, response.text
    after = response.json()
    assert _marks(after["svg"], "last") == set(placed["cells"])
    assert _marks(_page(client, game_id)["svg"], "last") == set(placed["cells"])  # a spectator's
