"""The page in a real browser: Playwright for Python driving Debian's Chromium.

The server runs as ``python -m princes_of_florence serve`` in its own process,
on 127.0.0.1; the browser is the system's ``/usr/bin/chromium`` (never a
downloaded one).  These tests are skipped, with the reason, only where
Playwright or Chromium is not installed; ``scripts/check.sh`` installs both.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from princes_of_florence import games

pytest.importorskip("starlette", reason="the web extra (starlette, uvicorn) is not installed")
pytest.importorskip("uvicorn", reason="the web extra (starlette, uvicorn) is not installed")
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="Playwright for Python is not installed (pip install playwright)"
)
CHROMIUM = "/usr/bin/chromium"
if shutil.which(CHROMIUM) is None:
    pytest.skip(
        f"Debian's Chromium is not installed at {CHROMIUM} (apt-get install chromium)",
        allow_module_level=True,
    )

from playwright.sync_api import Browser, Page, sync_playwright  # noqa: E402

from princes_of_florence.web import SQLiteStorage  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOT = ROOT / "docs" / "_static" / "web-play.png"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
# Every response body the page reads, streamed ones included, kept for the tests.
RECORD_MESSAGES = """
window.receivedMessages = [];
const originalFetch = window.fetch;
window.fetch = async (...args) => {
  const response = await originalFetch(...args);
  const copy = response.clone();
  const received = { url: String(args[0]), chunks: [] };
  window.receivedMessages.push(received);
  (async () => {
    const reader = copy.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      received.chunks.push(value);
    }
  })().catch(() => {});
  return response;
};
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``serve`` in a child process, which a test may stop and start again."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(".log")

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        command = [sys.executable, "-m", "princes_of_florence", "serve"]
        command += ["--port", str(self.port), "--db", str(self.db)]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, env=env, stdout=log, stderr=log)
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=2):
                    return
            except OSError:
                assert self.process.poll() is None, self.log.read_text()
                if time.monotonic() >= deadline:
                    self.stop()  # a server that never answered is not left running
                    raise AssertionError("the server did not start") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=20)
            self.process = None

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.url + "/api/games",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            created: dict[str, Any] = json.load(response)
            return created


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "games.sqlite3")
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def _open(browser: Browser, url: str, errors: list[str]) -> Page:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.add_init_script(RECORD_MESSAGES)
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_function("document.body.dataset.version !== undefined")
    return page


def _version(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.version"))


def _click_a_move(page: Page, screenshot: Path | None = None) -> bool:
    """Play the seat's first legal move by clicks: cells for a placement, else a button.

    Where several moves fill exactly the same cells, clicking them plays none:
    the page opens the list of those moves, and the move is clicked there.

    Returns:
        Whether the move was one of several filling the same cells.
    """
    version = _version(page)
    placements = page.locator("#placements button")
    chosen_among = False
    if placements.count():
        joined = placements.first.get_attribute("data-cells") or ""
        notation = placements.first.get_attribute("data-notation")
        cells = joined.split()
        assert cells, "a placement names its cells"
        chosen_among = page.locator(f'#placements button[data-cells="{joined}"]').count() > 1
        for index, key in enumerate(cells):
            page.locator(f'#table rect[data-cell][data-key="{key}"]').click()
            if index == 0 and screenshot is not None and len(cells) > 1:
                page.wait_for_selector("#table rect.picked")
                screenshot.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(screenshot), full_page=True)
        if chosen_among:
            page.wait_for_selector("#placements[open]")
            assert _version(page) == version, "a click on cells several moves fill played one"
            assert page.locator("#status").text_content() == "Your turn."
            page.locator(f'#placements button[data-notation="{notation}"]').click()
    else:
        page.locator("#moves > button").first.click()
    page.wait_for_function(
        f"Number(document.body.dataset.version) > {version}"
        " || document.querySelector('#error').textContent !== ''"
    )
    assert page.locator("#error").text_content() == ""
    return chosen_among


def _wait_for_turn_or_end(page: Page, timeout: float = 60_000) -> bool:
    """Wait until the seat is to move (True) or the game is over (False)."""
    page.wait_for_function(
        "document.querySelector('#status').textContent === 'Your turn.'"
        " || !document.querySelector('#result-box').hidden",
        timeout=timeout,
    )
    return bool(page.locator("#result-box").is_hidden())


@pytest.mark.parametrize("name", games.names())
def test_a_person_plays_a_whole_game_by_clicks_against_bots(
    server: Server, browser: Browser, name: str
) -> None:
    """The game is created on the page, its seat joined by the link, and played to the end.

    The first tile placement of The Princes of Florence is pictured for the
    docs (``docs/_static/web-play.png``) once a first cell is picked.
    """
    if name == games.DEFAULT:
        SCREENSHOT.unlink(missing_ok=True)
    errors: list[str] = []
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(server.url + "/")
    page.select_option("#game-name", name)
    game = games.get(name)
    players = game.player_counts[0]
    page.select_option("#players", str(players))
    page.fill("#seed", "7")
    page.click("#create-button")
    page.locator('[data-seat-link="0"]').click()
    page.wait_for_function("document.body.dataset.version !== undefined")
    shot = SCREENSHOT if name == games.DEFAULT else None
    moves = chosen_among = 0
    while _wait_for_turn_or_end(page):
        chosen_among += _click_a_move(page, shot)
        if shot is not None and shot.exists():
            shot = None  # the first placement is pictured, a cell picked
        moves += 1
        assert moves < 2000, "the game did not end"
    rows = page.locator("#result tbody tr")
    assert rows.count() == players
    assert page.locator("#result tbody tr.winner").count() >= 1
    assert page.locator("#status").text_content() == "The game is over."
    log = page.locator("#log li").all_text_contents()
    assert any(line.startswith("You ") for line in log)
    assert errors == []
    # No build step and nothing from the internet: every request goes to the server.
    assert requested
    assert [url for url in requested if not url.startswith(server.url + "/")] == []
    if name == games.DEFAULT:
        assert SCREENSHOT.exists()
    if name == "florenz":  # a location takes a piece sent or a pass: asked which, on the page
        assert chosen_among > 0


def _replayed_states(server: Server, game_id: str) -> list[Any]:
    """Every state of a game, version by version, rebuilt from what the server stored."""
    storage = SQLiteStorage(str(server.db))
    try:
        stored = storage.load(game_id)
        assert stored is not None
        game = games.get(stored.game)
        state = game.new_game(game.load_config(stored.config))
        states = [state]
        for record in storage.moves(game_id):
            state = game.apply(state, game.load_move(record.move), record.player)
            states.append(state)
        return states
    finally:
        storage.close()


def _hidden_words(state: Any, player: int) -> set[str]:
    """The words that name a card ``player`` holds hidden in ``state`` (The Princes of Florence)."""
    holding = state.players[player]
    words = {person.value.replace("_", " ") for person in holding.hand_persons}
    working = (
        state.pending.played
        if state.pending is not None and hasattr(state.pending, "played")
        else ()
    )
    words |= {card.value for card in holding.hand_bonus if card not in working}
    words |= {card.value for card in holding.prestige_cards}
    return words


def _frames(received: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The page documents in every response a page received: JSON answers and event streams."""
    pages = []
    for response in received:
        text = "".join(response["chunks"])
        if response["url"].endswith("/stream"):
            pages += [json.loads(data) for data in re.findall(r"^data: (.*)$", text, re.MULTILINE)]
        elif text:
            pages.append(json.loads(text))  # every answer of the play page is a page document
    return pages


def test_a_second_seat_never_receives_the_first_seats_hidden_cards(
    server: Server, browser: Browser
) -> None:
    """Seat 1's page, its DOM and every message it receives, never names seat 0's hidden cards."""
    created = server.create(
        {
            "game": "princes",
            "seed": 11,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
        }
    )
    errors: list[str] = []
    first = _open(browser, server.url + created["seats"][0]["link"], errors)
    second = _open(browser, server.url + created["seats"][1]["link"], errors)
    checked_dom = 0
    for _ in range(40):
        for page in (first, second):
            page.wait_for_timeout(50)
            if page.locator("#status").text_content() == "Your turn.":
                _click_a_move(page)
        states = _replayed_states(server, created["id"])
        version = _version(second)
        second.wait_for_function(f"Number(document.body.dataset.version) >= {len(states) - 1}")
        hidden = _hidden_words(states[-1], 0)
        dom = second.content()
        for word in hidden:
            assert not re.search(rf"\b{re.escape(word)}\b", dom, re.IGNORECASE), (word, version)
        checked_dom += 1
    states = _replayed_states(server, created["id"])
    received = second.evaluate("window.receivedMessages")
    pages = _frames(received)
    assert len(pages) > 20
    for page_data in pages:
        assert page_data["player"] == 1
        hidden = _hidden_words(states[page_data["version"]], 0)
        text = json.dumps(page_data)
        for word in hidden:
            assert not re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE), (
                word,
                page_data["version"],
            )
    # The check can fail: seat 0's own page does show its cards.
    own = _hidden_words(states[-1], 0)
    assert own
    assert any(re.search(rf"\b{re.escape(w)}\b", first.content(), re.IGNORECASE) for w in own)
    assert checked_dom == 40
    assert errors == []


def test_the_page_carries_on_after_the_server_restarts(server: Server, browser: Browser) -> None:
    """Stopped and started again mid-game, the server keeps the game; the page reconnects."""
    created = server.create(
        {
            "game": "princes",
            "seed": 3,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot"}],
        }
    )
    errors: list[str] = []
    page = _open(browser, server.url + created["seats"][0]["link"], errors)
    for _ in range(8):
        assert _wait_for_turn_or_end(page)
        _click_a_move(page)
    # The bots answer the last click on the server: the version is read once the
    # person is asked again, when nothing moves until they do.
    assert _wait_for_turn_or_end(page)
    before = _version(page)
    server.stop()
    page.wait_for_function(
        "document.querySelector('#status').textContent.startsWith('Connection lost')"
    )
    server.start()
    assert _wait_for_turn_or_end(page)
    assert _version(page) == before
    for _ in range(8):
        assert _wait_for_turn_or_end(page)
        _click_a_move(page)
    assert _version(page) > before
    # While the server was down Chromium reported each request that failed (the stream
    # cut, the reconnections refused); no other error, and no error of the page's script.
    network = [e for e in errors if e.startswith("Failed to load resource: net::ERR_")]
    assert network
    assert [e for e in errors if e not in network] == []


def test_a_click_while_the_move_is_answered_is_never_lost(server: Server, browser: Browser) -> None:
    """The stream can show the person's next turn before their move's answer arrives.

    Until the answer arrives the page does not say "Your turn." and its buttons
    are disabled (a click then would be dropped); after it, the next move plays.
    The answer is held back here by the browser itself, after the server has
    played the move and the bots' replies.
    """
    created = server.create(
        {"game": "princes", "seed": 3, "seats": [{"kind": "human"}, {"kind": "bot"}]}
    )
    errors: list[str] = []
    page = _open(browser, server.url + created["seats"][0]["link"], errors)
    held: list[tuple[Any, Any]] = []

    def hold(route: Any) -> None:
        held.append((route, route.fetch()))  # the server has answered; the page waits

    page.route("**/moves", hold)
    assert _wait_for_turn_or_end(page)
    page.locator("#moves > button").first.click()
    while not held:
        page.wait_for_timeout(20)
    route, response = held.pop()
    answer = response.json()
    assert answer["your_turn"], "the bot answered and the person is asked again"
    # The stream brings the page of the answer's version before the answer itself.
    page.wait_for_function(f"Number(document.body.dataset.version) >= {answer['version']}")
    assert page.locator("#status").text_content() == "Sending your move…"
    buttons = page.locator("#moves button").all()
    assert buttons
    assert all(button.is_disabled() for button in buttons)
    route.fulfill(response=response)
    page.unroute("**/moves")
    assert _wait_for_turn_or_end(page)
    assert all(button.is_enabled() for button in page.locator("#moves button").all())
    _click_a_move(page)
    assert errors == []
