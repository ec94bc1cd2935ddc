// The page of princes_of_florence's game server: it creates games and plays them.
// Everything it shows comes from the server (the library's protocol): the table as
// SVG, the question, the legal moves, the cards and the log. No code per game.
"use strict";

const $ = (selector) => document.querySelector(selector);
const token = new URLSearchParams(location.hash.slice(1)).get("token");
const playPath = location.pathname.match(/^\/play\/([A-Za-z0-9_-]+)$/);

function headers(json) {
  const result = {};
  if (token) result.Authorization = "Bearer " + token;
  if (json) result["Content-Type"] = "application/json";
  return result;
}

function element(tag, text, attributes) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  return node;
}

function setStatus(text) {
  $("#status").textContent = text;
}

// -- creating a game ------------------------------------------------------------------

async function createPage() {
  $("#create").hidden = false;
  const response = await fetch("/api/games");
  const catalogue = (await response.json()).games;
  const gameSelect = $("#game-name");
  for (const game of catalogue) gameSelect.append(element("option", game.title, { value: game.name }));
  const chosen = () => catalogue.find((game) => game.name === gameSelect.value);

  function drawSeats() {
    const game = chosen();
    const fieldset = $("#seats");
    fieldset.querySelectorAll("label").forEach((node) => node.remove());
    const count = Number($("#players").value);
    for (let seat = 0; seat < count; seat++) {
      const select = element("select", null, { name: "seat-" + seat, "data-seat": String(seat) });
      select.append(element("option", "a person", { value: "human" }));
      for (const bot of game.bots) select.append(element("option", "bot: " + bot, { value: "bot:" + bot }));
      if (seat > 0) select.value = "bot:" + game.bots[game.bots.length - 1];
      const label = element("label", "Seat " + (seat + 1) + " ");
      label.append(select);
      fieldset.append(label);
    }
  }

  function drawGame() {
    const game = chosen();
    const players = $("#players");
    players.replaceChildren(...game.player_counts.map((n) => element("option", String(n), { value: String(n) })));
    players.value = String(game.player_counts.includes(3) ? 3 : game.player_counts[0]);
    const options = $("#options");
    options.querySelectorAll("label").forEach((node) => node.remove());
    for (const [name, value] of Object.entries(game.options)) {
      const words = name.replaceAll("_", " ");
      let input;
      if (typeof value === "boolean") {
        input = element("input", null, { type: "checkbox", name: "option-" + name, "data-option": name });
        input.checked = value;
      } else if (typeof value === "number") {
        input = element("input", null, { type: "number", name: "option-" + name, "data-option": name, value: String(value) });
      } else {
        continue;
      }
      const label = element("label", words + " ");
      label.append(input);
      options.append(label);
    }
    drawSeats();
  }

  gameSelect.addEventListener("change", drawGame);
  $("#players").addEventListener("change", drawSeats);
  drawGame();

  $("#create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const seats = [...document.querySelectorAll("#seats select")].map((select) =>
      select.value === "human" ? { kind: "human" } : { kind: "bot", bot: select.value.slice(4) });
    const options = {};
    for (const input of document.querySelectorAll("#options input")) {
      options[input.dataset.option] = input.type === "checkbox" ? input.checked : Number(input.value);
    }
    const body = { game: gameSelect.value, seats, options };
    if ($("#seed").value !== "") body.seed = Number($("#seed").value);
    const answer = await fetch("/api/games", { method: "POST", headers: headers(true), body: JSON.stringify(body) });
    const data = await answer.json();
    if (!answer.ok) {
      setStatus(data.error);
      return;
    }
    setStatus("Game created.");
    const list = $("#link-list");
    list.replaceChildren();
    for (const seat of data.seats) {
      const item = element("li", "Seat " + (seat.player + 1) + ": ");
      if (seat.link) item.append(element("a", "play this seat", { href: seat.link, "data-seat-link": String(seat.player) }));
      else item.append("bot (" + seat.bot + ")");
      list.append(item);
    }
    const watch = element("li", "Everybody else: ");
    watch.append(element("a", "watch the game", { href: data.spectate, "data-spectate": "" }));
    list.append(watch);
    $("#links").hidden = false;
  });
}

// -- playing ----------------------------------------------------------------------------

let current = null; // the last page data shown
let picked = new Set(); // the cells a person has clicked for a placement
let pickedAt = null; // the version the cells were picked at
let sending = false;

async function playPage(gameId) {
  $("#play").hidden = false;
  const response = await fetch("/api/games/" + gameId, { headers: headers(false) });
  const data = await response.json();
  if (!response.ok) {
    setStatus(data.error);
    return;
  }
  show(data);
  follow(gameId);
}

// The server sends the page's data again at every change (server-sent events, read
// with fetch so that the token travels in a header). A lost connection (the server
// restarting) is retried until it answers again.
async function follow(gameId) {
  for (;;) {
    try {
      const response = await fetch("/api/games/" + gameId + "/stream", { headers: headers(false) });
      if (!response.ok) throw new Error("status " + response.status);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split("\n").filter((line) => line.startsWith("data: ")).map((line) => line.slice(6)).join("\n");
          if (data) {
            const page = JSON.parse(data);
            if (!current || page.version >= current.version) show(page);
          }
        }
      }
    } catch (error) {
      // the connection was lost: wait, then follow again
    }
    setStatus("Connection lost; reconnecting…");
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function nameOf(page, player) {
  return page.names[player];
}

function show(page) {
  if (pickedAt !== page.version) picked = new Set(); // a new decision: nothing picked yet
  pickedAt = page.version;
  current = page;
  document.body.dataset.version = String(page.version); // what a page or a test waits on
  const who = page.player === null ? "watching" : "you play " + nameOf(page, page.player);
  $("#title").textContent = page.title + " (" + who + ")";
  document.title = page.title;
  if (page.terminal) setStatus("The game is over.");
  // While a move of this page is on its way, the page does not say it is the
  // person's turn (a click then would be lost): the answer redraws it.
  else if (page.your_turn && sending) setStatus("Sending your move…");
  else if (page.your_turn) setStatus("Your turn.");
  else if (page.current_player !== null) setStatus("Waiting for " + nameOf(page, page.current_player) + ".");
  else setStatus("Chance is dealing.");
  $("#question").textContent = page.question || "";
  $("#table").innerHTML = page.svg; // the library's own SVG, drawn by the server
  drawPlayers(page);
  drawHand(page);
  drawLog(page);
  drawResult(page);
  drawMoves();
}

function drawPlayers(page) {
  const list = $("#players-list");
  list.replaceChildren();
  page.names.forEach((name, player) => {
    const seat = page.seats[player];
    let text = name + (seat.kind === "bot" ? " (bot: " + seat.bot + ")" : "");
    if (player === page.player) text += " (you)";
    list.append(element("li", text, { "data-player": String(player) }));
  });
}

function drawHand(page) {
  $("#hand-box").hidden = page.player === null;
  const list = $("#hand");
  list.replaceChildren();
  for (const card of page.hand) {
    const item = element("li", null, { class: card.place });
    item.append(element("strong", card.name + (card.place === "shown" ? " (shown to you)" : "")));
    item.append(element("br"));
    item.append(card.text);
    list.append(item);
  }
  if (!page.hand.length) list.append(element("li", "none"));
}

function drawLog(page) {
  const list = $("#log");
  list.replaceChildren(...page.log.map((line) => element("li", line)));
  list.scrollTop = list.scrollHeight;
}

function drawResult(page) {
  const box = $("#result-box");
  box.hidden = !page.result;
  if (!page.result) return;
  const rows = page.names.map((name, player) => ({ name, player, place: page.result.places[player], score: page.result.scores[player] }));
  rows.sort((a, b) => a.place - b.place);
  const body = $("#result tbody");
  body.replaceChildren();
  for (const row of rows) {
    const winner = page.result.winners.includes(row.player);
    const line = element("tr", null, winner ? { class: "winner" } : {});
    line.append(element("td", String(row.place)), element("td", row.name + (row.player === page.player ? " (you)" : "")), element("td", String(row.score)));
    body.append(line);
  }
}

function covers(move) {
  return [...picked].every((key) => move.cells.includes(key));
}

// The moves that fill exactly the cells picked (``size`` of them).
function exactly(size) {
  return current.moves.filter((move) => move.cells.length === size && size > 0 && covers(move));
}

function drawMoves() {
  const page = current;
  const box = $("#moves");
  box.replaceChildren();
  if (!page.your_turn) return;
  const placed = page.moves.filter((move) => move.cells.length);
  const plain = page.moves.filter((move) => !move.cells.length);
  for (const move of plain) box.append(moveButton(move));
  if (!placed.length) return;
  // Placements: click the cells on the table; the cells a tile may still cover are
  // outlined, the cells picked filled; the list below offers the same moves.
  const candidates = placed.filter(covers);
  const open = new Set(candidates.flatMap((move) => move.cells));
  // The server outlines every legal cell; once a cell is picked, only those still open.
  for (const mark of document.querySelectorAll('#table rect[data-mark="highlight"]')) {
    if (picked.size && !open.has(mark.getAttribute("data-for"))) mark.style.display = "none";
  }
  for (const rect of document.querySelectorAll("#table rect[data-cell][data-key]")) {
    const key = rect.getAttribute("data-key");
    if (picked.has(key)) rect.classList.add("picked");
    if (placed.some((move) => move.cells.includes(key))) {
      rect.classList.add("candidate");
      rect.addEventListener("click", () => pick(key));
    }
  }
  // Several moves may fill exactly the cells picked (a location of Florenz takes a
  // piece sent or a pass): the click plays none of them; the list, opened, asks which.
  const choice = picked.size > 0 && exactly(picked.size).length > 1;
  let hint = picked.size ? "Pick more cells, or click a picked cell to drop it." : "Click the cells of the table where the tile goes.";
  if (choice) hint = "Several moves fill these cells: choose one below, or click a picked cell to drop it.";
  const fit = candidates.length === 1 ? "1 placement fits" : candidates.length + " placements fit";
  box.append(element("p", hint + " (" + fit + ".)", { id: "placement-hint" }));
  const details = element("details", null, { id: "placements" });
  details.open = choice;
  details.append(element("summary", "or choose from the list"));
  for (const move of candidates) details.append(moveButton(move));
  box.append(details);
}

function pick(key) {
  if (sending) return;
  if (picked.has(key)) picked.delete(key);
  else {
    picked.add(key);
    if (!current.moves.some((move) => move.cells.length && covers(move))) picked = new Set([key]);
  }
  const exact = exactly(picked.size);
  if (exact.length === 1) {
    play(exact[0].notation);
    return;
  }
  $("#table").innerHTML = current.svg;
  drawMoves();
}

function moveButton(move) {
  const button = element("button", move.text, { type: "button", "data-notation": move.notation, "data-cells": move.cells.join(" ") });
  button.disabled = sending;
  button.addEventListener("click", () => play(move.notation));
  return button;
}

async function play(notation) {
  if (sending || !current) return;
  sending = true;
  for (const button of document.querySelectorAll("#moves button")) button.disabled = true;
  $("#error").textContent = "";
  try {
    const response = await fetch("/api/games/" + current.id + "/moves", {
      method: "POST",
      headers: headers(true),
      body: JSON.stringify({ move: notation, version: current.version }),
    });
    const data = await response.json();
    if (response.ok) {
      // The event stream may have brought a later page already; never go back.
      if (!current || data.version >= current.version) current = data;
    } else if (response.status === 409) {
      $("#error").textContent = "The game moved on before your move arrived; here it is now.";
      const again = await fetch("/api/games/" + current.id, { headers: headers(false) });
      if (again.ok) {
        const page = await again.json();
        if (page.version >= current.version) current = page;
      }
    } else {
      $("#error").textContent = data.error;
    }
  } catch (error) {
    $("#error").textContent = "The server cannot be reached; try again in a moment.";
  } finally {
    sending = false;
    show(current);
  }
}

if (playPath) playPage(playPath[1]);
else createPage();
