"""The Firenze table drawn as plain text and as a standalone SVG (standard library only).

Both show the six board towers with their commissions, seals, balconies and level
tiles, the church, the card row with its bricks, and each player's site, supply,
hand, buildings, seals and prestige.

>>> from princes_of_florence.firenze import FirenzeConfig, new_game
>>> text = render_text(new_game(FirenzeConfig(players=2, seed=1)))
>>> text.splitlines()[0]
'Firenze: turn 1, player 0 to decide: choose a card from the row (phase 1)'
>>> render_svg(new_game(FirenzeConfig(players=2, seed=1))).startswith('<svg')
True
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from princes_of_florence.firenze.components import default_catalog
from princes_of_florence.firenze.descriptions import bricks_text, decision_text
from princes_of_florence.firenze.ids import Colour, Step
from princes_of_florence.firenze.observation import PlayerView
from princes_of_florence.firenze.state import NEUTRAL, OPEN, State

__all__ = ["render_svg", "render_text"]

_FILL = ("#f4f1e8", "#e8c84a", "#4f9a4a", "#9a4a32", "#3f6fb0", "#7a4fa0")
_INK = ("#222", "#222", "#fff", "#fff", "#fff", "#fff")
_SEAT = ("#d33", "#36c", "#2a2", "#c9c")
_NUMERALS = ("I", "II", "III", "IV")


def _header(where: State | PlayerView) -> str:
    if where.step is Step.OVER:
        tail = "game over" + (" (turn limit)" if where.truncated else "")
    elif where.step is Step.CHANCE:
        tail = "chance to move"
    else:
        asked = decision_text(where) or ""
        tail = asked.split(": ", 1)[1].rstrip(".")
        tail = f"player {where.decider} to decide: {tail}"
    return f"Firenze: turn {where.turns + 1}, {tail}"


def _balcony_cells(where: State | PlayerView) -> dict[int, str]:
    catalog = default_catalog()
    cells = {}
    for numeral, tile in enumerate(where.balconies, start=1):
        spec = catalog.balcony(tile)
        cells[catalog.commission_index(spec.colour, spec.floors)] = _NUMERALS[numeral - 1]
    return cells


def render_text(where: State | PlayerView) -> str:
    """The table as plain text (a state or any player's view)."""
    catalog = default_catalog()
    lo = catalog.constants.min_floors
    per = catalog.floors_per_tower
    balconies = _balcony_cells(where)
    lines = [_header(where), ""]
    lines.append("Board: . open, # neutral seal, digit: a player's seal, (I-IV) balcony")
    lines.append("        " + "".join(f"{lo + f:>8}" for f in range(per)) + "   flag")
    for colour in Colour:
        cells = []
        for f in range(per):
            index = colour * per + f
            owner = where.seals[index]
            mark = "." if owner == OPEN else "#" if owner == NEUTRAL else str(owner)
            if index in balconies:
                mark += f"({balconies[index]})"
            cells.append(f"{mark:>8}")
        flag = catalog.majorities[colour].bonus
        lines.append(f"  {colour.name}     " + "".join(cells) + f"   {flag}")
    tiles = " ".join(str(f) for f in where.level_tiles) or "none"
    lines.append(f"Level tiles left: {tiles}")
    church = ", ".join(t.value for t in where.church) or "empty"
    if where.bell:
        sealed = [str(p) for p, done in enumerate(where.bell) if done]
        church += f" (small seals: {', '.join(sealed) or 'none'})"
    lines.append(f"Church: {church}")
    holder = "nobody" if where.end_holder < 0 else f"player {where.end_holder}"
    lines.append(f"End tile: {holder}")
    lines.append("")
    lines.append("Row (cost = slot):")
    for slot, card in enumerate(where.row):
        lines.append(f"  [{slot}] {card.title.value:<20} {bricks_text(card.bricks)}")
    deck = where.deck_size if isinstance(where, PlayerView) else len(where.deck)
    lines.append(f"Bag: {bricks_text(where.bag)}; draw pile {deck}; discard {len(where.discard)}")
    lines.append("")
    for seat, p in enumerate(where.players):
        star = "*" if seat == where.active and where.step is not Step.OVER else " "
        lines.append(f"{star}Player {seat}: prestige {p.prestige}, seals left {p.seals}")
        lines.append(f"    supply: {bricks_text(p.supply)}")
        towers = ", ".join(
            f"{t.colour.name}{t.height}" + ("" if t.at_turn_start else " new") for t in p.towers
        )
        lines.append(f"    site: {towers or 'empty'}")
        hand = ", ".join(t.value for t in p.hand)
        if isinstance(where, PlayerView) and len(p.hand) != where.hand_sizes[seat]:
            hand = f"{where.hand_sizes[seat]} cards"
        built = ", ".join(t.value for t in p.buildings) or "none"
        lines.append(f"    hand: {hand or 'empty'}; buildings: {built}")
    return "\n".join(lines) + "\n"


def _hand(where: State | PlayerView, seat: int) -> str:
    """A player's hand as the table shows it: the titles, or the size where hidden."""
    hand = where.players[seat].hand
    if isinstance(where, PlayerView) and len(hand) != where.hand_sizes[seat]:
        return f"{where.hand_sizes[seat]} cards"
    return ", ".join(t.value for t in hand) or "empty"


def render_svg(where: State | PlayerView, *, bare: bool = False) -> str:
    """The table as a standalone SVG document (valid XML).

    With ``bare`` the ``<svg>`` element scales to its container (width 100%, no fixed
    height), for a page.

    >>> from princes_of_florence.firenze import FirenzeConfig, new_game
    >>> render_svg(new_game(FirenzeConfig(players=2, seed=1)), bare=True)[:40]
    '<svg xmlns="http://www.w3.org/2000/svg" '
    """
    catalog = default_catalog()
    lo = catalog.constants.min_floors
    per = catalog.floors_per_tower
    balconies = _balcony_cells(where)
    cell = 34
    out: list[str] = []
    add = out.append
    add(f'<text x="10" y="20" font-size="14">{escape(_header(where))}</text>')
    top = 40
    for colour in Colour:
        x = 40 + colour * (cell + 10)
        add(f'<text x="{x + 8}" y="{top + 12}" font-size="12">{colour.name}</text>')
        for f in range(per):
            y = top + 20 + (per - 1 - f) * cell
            index = colour * per + f
            owner = where.seals[index]
            add(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{_FILL[colour]}" '
                'stroke="#555"/>'
            )
            label = str(lo + f) + (f" {balconies[index]}" if index in balconies else "")
            add(
                f'<text x="{x + 3}" y="{y + 12}" font-size="9" fill="{_INK[colour]}">'
                f"{escape(label)}</text>"
            )
            if owner == NEUTRAL:
                add(f'<circle cx="{x + 17}" cy="{y + 22}" r="7" fill="#999" stroke="#333"/>')
            elif owner >= 0:
                add(
                    f'<circle cx="{x + 17}" cy="{y + 22}" r="7" fill="{_SEAT[owner]}" '
                    'stroke="#333"/>'
                )
        add(
            f'<text x="{x + 4}" y="{top + 20 + per * cell + 14}" font-size="10">'
            f"flag {catalog.majorities[colour].bonus}</text>"
        )
    y = top + 20 + per * cell + 40
    tiles = " ".join(str(f) for f in where.level_tiles) or "none"
    church = ", ".join(t.value for t in where.church) or "empty"
    caption = escape(f"Level tiles: {tiles}; church: {church}")
    add(f'<text x="10" y="{y}" font-size="12">{caption}</text>')
    y += 20
    for slot, card in enumerate(where.row):
        x = 10 + slot * 110
        add(f'<rect x="{x}" y="{y}" width="100" height="60" fill="#fffbe8" stroke="#333"/>')
        add(f'<text x="{x + 4}" y="{y + 14}" font-size="10">{escape(card.title.value)}</text>')
        add(f'<text x="{x + 4}" y="{y + 28}" font-size="9">cost {slot}</text>')
        k = 0
        for colour in Colour:
            for _ in range(card.bricks[colour]):
                add(
                    f'<rect x="{x + 4 + k * 12}" y="{y + 38}" width="10" height="10" '
                    f'fill="{_FILL[colour]}" stroke="#333"/>'
                )
                k += 1
    y += 80
    for seat, p in enumerate(where.players):
        line = (
            f"Player {seat}: prestige {p.prestige}, seals {p.seals}, supply "
            f"{bricks_text(p.supply)}, buildings "
            f"{', '.join(t.value for t in p.buildings) or 'none'}"
        )
        add(f'<text x="10" y="{y}" font-size="12" fill="{_SEAT[seat]}">{escape(line)}</text>')
        hand = f"hand: {_hand(where, seat)}"
        add(f'<text x="10" y="{y + 15}" font-size="11">{escape(hand)}</text>')
        for i, t in enumerate(p.towers):
            x = 10 + i * 22
            for h in range(t.height):
                add(
                    f'<rect x="{x}" y="{y + 66 - h * 6}" width="18" height="6" '
                    f'fill="{_FILL[t.colour]}" stroke="#333"/>'
                )
        y += 90
    width = 680
    body = "\n".join(out)
    if bare:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0 0 {width} {y}" '
            f'preserveAspectRatio="xMinYMin meet">\n<rect width="100%" height="100%" '
            f'fill="#fff"/>\n{body}\n</svg>'
        )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{y}" '
        f'viewBox="0 0 {width} {y}">\n<rect width="100%" height="100%" fill="#fff"/>\n'
        f"{body}\n</svg>\n"
    )
