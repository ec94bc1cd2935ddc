"""Pictures of a Florenz table: plain text and a standalone SVG document
(standard library only).

Pieces are written by the family's colour initial and the rank: ``Bd`` a blue
debutant, ``Ol`` an orange lady, ``VM`` a violet maestro.
"""

from __future__ import annotations

from collections.abc import Collection
from xml.sax.saxutils import escape

from princes_of_florence.florenz.descriptions import colour
from princes_of_florence.florenz.ids import Medici, Stage
from princes_of_florence.florenz.observation import PlayerView
from princes_of_florence.florenz.rules.common import CATALOG
from princes_of_florence.florenz.state import GameState

__all__ = ["render_svg", "render_text"]

_RANK = {1: "d", 2: "l", 3: "M"}
_FILL = {
    "blue": "#3b6fd4",
    "green": "#3c9a4b",
    "orange": "#e8892c",
    "violet": "#8c56c2",
    "black": "#333333",
}
_MEDICI = ("Cosimo", "Contessina", "Giovanni")
_TILE_NAMES = {k: CATALOG.raw.boast_tiles[i].name for i, k in enumerate(CATALOG.boast_kinds)}


def _state(state_or_view: GameState | PlayerView) -> tuple[GameState, PlayerView | None]:
    if isinstance(state_or_view, PlayerView):
        return state_or_view.state, state_or_view
    return state_or_view, None


def _letter(family: int) -> str:
    return colour(family)[0]


def _location_lines(state: GameState, location: int) -> list[str]:
    queue = " ".join(_letter(f) + _RANK[r] for f, r in state.queues[location]) or "-"
    cups = "/".join(_letter(f) if f != -1 else "." for f in state.cups[location])
    marks = [f"carriage {_MEDICI[m]}" for m in Medici if state.carriages[m] == location]
    marks += [f"target {_MEDICI[m]}" for m in Medici if state.targets[m] == location]
    marks += [f"ring {colour(i)}" for i, f in enumerate(state.families) if f.ring == location]
    spies = "".join(_letter(f) for f in state.spies[location])
    doormen = "".join(_letter(f) for f in state.doormen[location])
    return [
        f"{location}: {_TILE_NAMES[state.boast_tiles[location]]} (cups {cups})",
        f"   queue [{len(state.queues[location])}/{state.capacity}]: {queue}",
        f"   spies {spies or '-'}, doormen {doormen or '-'}"
        + ("; " + ", ".join(marks) if marks else ""),
    ]


def render_text(state_or_view: GameState | PlayerView) -> str:
    """The table as plain text: locations, escorts, disc, families.

    >>> from princes_of_florence.florenz.engine import new_game
    >>> from princes_of_florence.florenz.config import GameConfig
    >>> print(render_text(new_game(GameConfig(players=2, seed=1))).splitlines()[0])
    Florenz, round 1 of 9
    """
    state, view = _state(state_or_view)
    lines = [f"Florenz, round {state.round} of {CATALOG.raw.family.rounds}"]
    for location in range(1, 10):
        lines.extend(_location_lines(state, location))
    escorts = [
        f"{a}-{b}: {''.join(_letter(f) for f in state.escorts[i])}"
        for i, (a, b) in enumerate(CATALOG.paths)
        if state.escorts[i]
    ]
    lines.append("escorts: " + (", ".join(escorts) if escorts else "none"))
    visible = [
        f"round {r}: {_MEDICI[CATALOG.medici_of_round[r - 1]]} to "
        f"{state.location_tiles[r - 1] or '?'}"
        for r in range(state.round, min(state.round + 2, 9) + 1)
    ]
    lines.append("disc: " + "; ".join(visible))
    for index, family in enumerate(state.families):
        hand = len(view.hands[index]) if view is not None else len(family.hand)
        flags = " (passed)" if family.passed else ""
        turn = " <" if state.stage is not Stage.OVER and state.player == index else ""
        lines.append(
            f"{colour(index)}: {family.vp} VP, {family.time} time, {hand} cards, "
            f"supply {family.debutants}d {family.ladies}l {family.maestros}M, "
            f"{family.gifts} gifts, {family.cups} cups, {family.guards} guards{flags}{turn}"
        )
    return "\n".join(lines)


def render_svg(
    state_or_view: GameState | PlayerView,
    highlight: Collection[str] = (),
    selected: Collection[str] = (),
    last: Collection[str] = (),
    bare: bool = False,
) -> str:
    """The table as a standalone SVG document: the nine locations with their
    queues by family colour, cups, guards, carriages and targets, the visible
    disc sectors, and each family's clock, VP and hand size.

    Each location's frame carries its key ``location:N`` as ``data-key``; the
    locations keyed in ``highlight``, ``selected`` and ``last`` are marked.
    ``bare``: an ``<svg>`` element that scales to its container.

    >>> from princes_of_florence.florenz.engine import new_game
    >>> from princes_of_florence.florenz.config import GameConfig
    >>> import xml.dom.minidom
    >>> _ = xml.dom.minidom.parseString(render_svg(new_game(GameConfig(players=3, seed=1))))
    """
    state, view = _state(state_or_view)
    cell, width = 200, 600
    height = 3 * cell + 40 + 24 * len(state.families) + 40
    size = 'width="100%"' if bare else f'width="{width}" height="{height}"'
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" {size} '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="#f6f0e1"/>',
    ]
    colours = CATALOG.raw.family.colours
    for location in range(1, 10):
        row, column = divmod(location - 1, 3)
        x, y = column * cell, row * cell
        key = f"location:{location}"
        stroke = (
            "#c0392b"
            if key in selected
            else "#2e86c1"
            if key in highlight
            else "#f1c40f"
            if key in last
            else "#8b6f47"
        )
        width_ = 4 if stroke != "#8b6f47" else 2
        parts.append(
            f'<rect data-cell="{location}" data-key="{key}" x="{x + 4}" y="{y + 4}" '
            f'width="{cell - 8}" '
            f'height="{cell - 8}" fill="#fffaf0" stroke="{stroke}" stroke-width="{width_}"/>'
        )
        tile = escape(_TILE_NAMES[state.boast_tiles[location]])
        parts.append(f'<text x="{x + 12}" y="{y + 22}" font-weight="bold">{location}</text>')
        parts.append(f'<text x="{x + 30}" y="{y + 22}">{tile}</text>')
        for field, owner in enumerate(state.cups[location]):
            fill = _FILL[colours[owner]] if owner != -1 else "none"
            parts.append(
                f'<rect x="{x + 150}" y="{y + 70 - 18 * field}" width="14" height="14" '
                f'fill="{fill}" stroke="#555"/>'
            )
        for position in range(7):
            blocked = position >= state.capacity
            queue = state.queues[location]
            fill = "#bbbbbb" if blocked else "none"
            if position < len(queue):
                fill = _FILL[colours[queue[position][0]]]
            parts.append(
                f'<circle cx="{x + 22 + 20 * position}" cy="{y + 110}" r="8" '
                f'fill="{fill}" stroke="#555"/>'
            )
            if position < len(queue):
                parts.append(
                    f'<text x="{x + 18 + 20 * position}" y="{y + 114}" fill="#fff" '
                    f'font-size="10">{_RANK[queue[position][1]]}</text>'
                )
        guards = [("spy", f) for f in state.spies[location]]
        guards += [("door", f) for f in state.doormen[location]]
        for i, (kind, owner) in enumerate(guards):
            parts.append(
                f'<text x="{x + 12 + 60 * i}" y="{y + 140}" fill="{_FILL[colours[owner]]}">'
                f"{kind}</text>"
            )
        marks = [f"carriage {_MEDICI[m]}" for m in Medici if state.carriages[m] == location]
        marks += [f"target {_MEDICI[m]}" for m in Medici if state.targets[m] == location]
        for i, mark in enumerate(marks):
            parts.append(f'<text x="{x + 12}" y="{y + 160 + 14 * i}">{escape(mark)}</text>')
    for index, (a, b) in enumerate(CATALOG.paths):
        if state.escorts[index]:
            ra, ca = divmod(a - 1, 3)
            rb, cb = divmod(b - 1, 3)
            mx, my = (ca + cb + 1) * cell // 2, (ra + rb + 1) * cell // 2
            owner = state.escorts[index][0]
            parts.append(
                f'<rect x="{mx - 6}" y="{my - 6}" width="12" height="12" '
                f'fill="{_FILL[colours[owner]]}" stroke="#000"/>'
            )
    y = 3 * cell + 24
    sectors = [
        f"round {r}: {_MEDICI[CATALOG.medici_of_round[r - 1]]} to "
        f"{state.location_tiles[r - 1] or '?'}"
        for r in range(state.round, min(state.round + 2, 9) + 1)
    ]
    parts.append(f'<text x="8" y="{y}">{escape("; ".join(sectors))}</text>')
    for index, family in enumerate(state.families):
        y += 24
        hand = len(view.hands[index]) if view is not None else len(family.hand)
        parts.append(
            f'<rect x="8" y="{y - 12}" width="14" height="14" fill="{_FILL[colours[index]]}"/>'
        )
        parts.append(
            f'<text x="28" y="{y}">{colour(index)}: {family.vp} VP, {family.time} time, '
            f"{hand} cards{' (passed)' if family.passed else ''}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)
