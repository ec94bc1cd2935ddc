"""Pictures of principalities: a text grid and an SVG drawing.

:func:`~princes_of_florence.render_text` prints a principality as a 7x7 grid, rank 7 on top, with
the cell names on the margins as a chess board is printed: ``#`` is the
palazzo, ``.`` an empty cell, an upper-case letter a building and a
lower-case letter a landscape (see :data:`TILE_LETTERS`).  Below the grid one
line per tile, in the order they were placed, names it and its cells, so two
tiles of one kind side by side are told apart.

>>> from princes_of_florence import Building, Landscape, Principality
>>> from princes_of_florence.geometry import parse_cells
>>> principality = (
...     Principality()
...     .with_tile(Building.CHAPEL, parse_cells("d1-d2"))
...     .with_tile(Landscape.FOREST, parse_cells("e5-e6-f5-f6"))
... )
>>> print(render_text(principality))
  a b c d e f g
7 . . . . . . . 7
6 . . . . f f . 6
5 . . . . f f . 5
4 . . . . . . . 4
3 . . . . . . . 3
2 # # # C . . . 2
1 # # # C . . . 1
  a b c d e f g
# palazzo a1-a2-b1-b2-c1-c2
C chapel d1-d2
f forest e5-e6-f5-f6

:func:`~princes_of_florence.render_svg` draws the same principality as a standalone SVG document:
each tile's cells filled in the colour of its kind (:data:`TILE_COLOURS`) and
marked with its letter, the tile's outline drawn thick, the cell names on the
margins and a legend of the kinds shown.  Each cell is a ``rect`` carrying
``data-cell`` (its name) and, where a tile or the palazzo covers it,
``data-tile`` (the kind), so a front end or a test can find any cell.  Only
the standard library is used.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from xml.etree import ElementTree as ET

from princes_of_florence.components import SharedMapLayout
from princes_of_florence.errors import ArgumentError, GeometryError
from princes_of_florence.geometry import CELL_NAMES, FULL_MASK, GRID_SIZE, Border, cells_notation
from princes_of_florence.ids import Building, Freedom, Landscape, Phase
from princes_of_florence.observation import PlayerView, PublicPlayer
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.cooperative import layout, render_shared_map
from princes_of_florence.state import GameState, PlacedTile, PlayerState, Principality

__all__ = [
    "PALAZZO_COLOUR",
    "TILE_COLOURS",
    "TILE_LETTERS",
    "render_shared_map_svg",
    "render_shared_map_text",
    "render_svg",
    "render_table_svg",
    "render_table_text",
    "render_text",
]

_FILES = "abcdefg"
_CELLS = GRID_SIZE * GRID_SIZE

TILE_LETTERS: dict[Building | Landscape, str] = {
    Building.UNIVERSITY: "U",
    Building.LABORATORY: "L",
    Building.WORKSHOP: "W",
    Building.LIBRARY: "B",
    Building.OPERA: "O",
    Building.STUDIO: "S",
    Building.HOSPITAL: "H",
    Building.THEATER: "T",
    Building.TOWER: "R",
    Building.CHAPEL: "C",
    Landscape.FOREST: "f",
    Landscape.LAKE: "l",
    Landscape.PARK: "p",
}
"""The letter of each tile kind; buildings upper case (liBrary, toweR), landscapes lower."""

TILE_COLOURS: dict[Building | Landscape, str] = {
    Building.UNIVERSITY: "#c0392b",
    Building.LABORATORY: "#8e44ad",
    Building.WORKSHOP: "#d35400",
    Building.LIBRARY: "#7f5539",
    Building.OPERA: "#e84393",
    Building.STUDIO: "#f1c40f",
    Building.HOSPITAL: "#e0e0e0",
    Building.THEATER: "#1f3a93",
    Building.TOWER: "#6c7a89",
    Building.CHAPEL: "#16a085",
    Landscape.FOREST: "#2d6a2d",
    Landscape.LAKE: "#5dade2",
    Landscape.PARK: "#a9dc76",
}
"""The fill colour of each tile kind in :func:`~princes_of_florence.render_svg`.

No two kinds share one.
"""

PALAZZO_COLOUR = "#3d3d3d"
"""The fill colour of the palazzo's cells."""

_EMPTY_COLOUR = "#fbf6e9"
_PALAZZO = "palazzo"


def _check_principality(function: str, principality: object) -> None:
    """Refuse anything but a principality whose every mask is a set of cells of the grid.

    A principality may be built by hand (see :func:`render_text`), so its
    fields are checked here: a negative mask would have no end of cells.
    """
    if not isinstance(principality, Principality):
        raise ArgumentError.wrong_kind(function, "a Principality", principality)
    tiles = principality.tiles
    if not isinstance(tiles, tuple) or not all(isinstance(t, PlacedTile) for t in tiles):
        raise ArgumentError(f"{function}: a principality's tiles must be a tuple of PlacedTile")
    masks = [
        ("occupied", principality.occupied),
        ("walls", principality.walls),
        ("palazzo", principality.palazzo),
        *((f"tiles[{i}].mask", placed.mask) for i, placed in enumerate(tiles)),
    ]
    for name, mask in masks:
        if type(mask) is not int or not 0 <= mask <= FULL_MASK:
            raise GeometryError(
                f"{function}: the principality's {name} is not a set of cells of the 7x7 grid"
                " (an int from 0 to 2**49 - 1)"
            )
    for i, placed in enumerate(tiles):
        if placed.tile not in TILE_LETTERS:
            raise ArgumentError(
                f"{function}: tiles[{i}] is not a building or a landscape, but"
                f" {type(placed.tile).__name__}"
            )


def _check_table(function: str, table: object) -> None:
    if not isinstance(table, GameState | PlayerView):
        raise ArgumentError.wrong_kind(function, "a GameState or a PlayerView", table)


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""The characters XML 1.0 cannot hold, not even escaped (control characters but
tab and line breaks, lone surrogates, U+FFFE and U+FFFF)."""


def _palazzo(principality: Principality) -> int:
    """The palazzo's cells: covered, but by no tile (on either side of a board)."""
    tiles = 0
    for placed in principality.tiles:
        tiles |= placed.mask
    return principality.occupied & ~tiles


def _cells(mask: int) -> Iterable[int]:
    return (cell for cell in range(_CELLS) if mask >> cell & 1)


def _owners(principality: Principality) -> list[int | None]:
    """Per cell, the index of the tile covering it, -1 for the palazzo, else None."""
    owners: list[int | None] = [None] * _CELLS
    for cell in _cells(_palazzo(principality)):
        owners[cell] = -1
    for index, placed in enumerate(principality.tiles):
        for cell in _cells(placed.mask):
            owners[cell] = index
    return owners


def _letter(principality: Principality, owner: int | None) -> str:
    if owner is None:
        return "."
    if owner < 0:
        return "#"
    return TILE_LETTERS[principality.tiles[owner].tile]


def _grid_lines(principality: Principality) -> list[str]:
    """The grid with its margins: files above and below, ranks left and right."""
    owners = _owners(principality)
    files = "  " + " ".join(_FILES)
    lines = [files]
    for rank in reversed(range(GRID_SIZE)):
        row = " ".join(
            _letter(principality, owners[rank * GRID_SIZE + file]) for file in range(GRID_SIZE)
        )
        lines.append(f"{rank + 1} {row} {rank + 1}")
    lines.append(files)
    return lines


def _legend_lines(principality: Principality) -> list[str]:
    """One line per tile in placement order, the palazzo first."""
    lines = [f"# {_PALAZZO} {cells_notation(_palazzo(principality))}"]
    lines.extend(
        f"{TILE_LETTERS[placed.tile]} {placed.tile} {cells_notation(placed.mask)}"
        for placed in principality.tiles
    )
    return lines


def render_text(principality: Principality) -> str:
    """The principality as a text grid with cell names and a line per tile.

    Args:
        principality: any principality, from a state, a view or built by hand
            (the reverse side of a board, with its palazzo elsewhere, too).

    Returns:
        Eleven lines of grid (files on the top and bottom margins, ranks on
        the left and right, rank 7 on top) followed by one line for the
        palazzo and one per tile in placement order: its letter, its kind and
        its cells in move notation.  No line ends in a space.

    Raises:
        ArgumentError: ``principality`` is not a
            :class:`~princes_of_florence.Principality`, or its tiles are not
            placed tiles.
        GeometryError: one of its masks is not a set of cells of the grid
            (negative, or past the 49 cells).

    >>> print(render_text(Principality()).splitlines()[7])
    1 # # # . . . . 1
    """
    _check_principality("render_text", principality)
    return "\n".join([*_grid_lines(principality), *_legend_lines(principality)])


# --------------------------------------------------------------------------
# SVG

_CELL = 36
"""The side of one cell in the SVG, in user units."""
_MARGIN = 22
"""Room for the cell names around the grid."""
_LEGEND_ROW = 20


def _svg(width: int, height: int, title: str) -> ET.Element:
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": str(width),
            "height": str(height),
            "viewBox": f"0 0 {width} {height}",
            "font-family": "sans-serif",
            "role": "img",
        },
    )
    ET.SubElement(root, "title").text = title
    return root


def _text(parent: ET.Element, x: float, y: float, text: str, **attributes: str) -> None:
    element = ET.SubElement(
        parent,
        "text",
        {"x": f"{x:g}", "y": f"{y:g}", "text-anchor": "middle", **attributes},
    )
    element.text = text


def _ink(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (a ``#rrggbb`` colour)."""
    red, green, blue = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else "#ffffff"


def _draw_principality(parent: ET.Element, principality: Principality, x: int, y: int) -> int:
    """Draw the grid of ``principality`` into ``parent`` with its top-left corner at ``x, y``.

    The grid takes ``GRID_SIZE`` cells of 36 units and a margin of 22 on every
    side for the cell names.  This is the building block of every picture
    here: a drawing of several principalities (the whole table, the shared
    map of Cooperative Building) places one grid per player with it.

    Args:
        parent: the SVG element to draw into.
        principality: the principality to draw.
        x: the left edge of the margin.
        y: the top edge of the margin.

    Returns:
        The width (and height) used, margins included.
    """
    owners = _owners(principality)
    group = ET.SubElement(parent, "g", {"class": "principality"})
    left, top = x + _MARGIN, y + _MARGIN
    size = GRID_SIZE * _CELL
    for cell in range(_CELLS):
        file, rank = cell % GRID_SIZE, cell // GRID_SIZE
        cx, cy = left + file * _CELL, top + (GRID_SIZE - 1 - rank) * _CELL
        owner = owners[cell]
        attributes = {"data-cell": CELL_NAMES[cell]}
        if owner is None:
            fill = _EMPTY_COLOUR
        elif owner < 0:
            fill, attributes["data-tile"] = PALAZZO_COLOUR, _PALAZZO
        else:
            kind = principality.tiles[owner].tile
            fill, attributes["data-tile"] = TILE_COLOURS[kind], str(kind)
        rect = ET.SubElement(
            group,
            "rect",
            {
                "x": str(cx),
                "y": str(cy),
                "width": str(_CELL),
                "height": str(_CELL),
                "fill": fill,
                "stroke": "#b8b0a0",
                "stroke-width": "1",
                **attributes,
            },
        )
        if owner is not None and owner >= 0:
            placed = principality.tiles[owner]
            ET.SubElement(rect, "title").text = f"{placed.tile} {cells_notation(placed.mask)}"
            _text(
                group,
                cx + _CELL / 2,
                cy + _CELL / 2 + 5,
                TILE_LETTERS[placed.tile],
                fill=_ink(fill),
                **{"font-size": "14"},
            )
    _outlines(group, owners, left, top)
    ET.SubElement(
        group,
        "rect",
        {
            "x": str(left),
            "y": str(top),
            "width": str(size),
            "height": str(size),
            "fill": "none",
            "stroke": "#000000",
            "stroke-width": "2",
        },
    )
    for index, name in enumerate(_FILES):
        middle = left + index * _CELL + _CELL / 2
        for ly in (top - 7, top + size + 15):
            _text(group, middle, ly, name, **{"font-size": "12"})
    for rank in range(GRID_SIZE):
        base = top + (GRID_SIZE - 1 - rank) * _CELL + _CELL / 2 + 4
        for lx in (left - 11, left + size + 11):
            _text(group, lx, base, str(rank + 1), **{"font-size": "12"})
    return size + 2 * _MARGIN


def _outlines(group: ET.Element, owners: Sequence[int | None], left: int, top: int) -> None:
    """Thick lines between cells of different tiles, so that each tile reads as one."""
    segments: list[str] = []
    for cell in range(_CELLS):
        file, rank = cell % GRID_SIZE, cell // GRID_SIZE
        x0, y0 = left + file * _CELL, top + (GRID_SIZE - 1 - rank) * _CELL
        if file + 1 < GRID_SIZE and owners[cell] != owners[cell + 1]:
            segments.append(f"M{x0 + _CELL} {y0}v{_CELL}")
        if rank + 1 < GRID_SIZE and owners[cell] != owners[cell + GRID_SIZE]:
            segments.append(f"M{x0} {y0}h{_CELL}")
    if segments:
        ET.SubElement(
            group,
            "path",
            {"d": "".join(segments), "stroke": "#000000", "stroke-width": "2.5", "fill": "none"},
        )


def _draw_legend(parent: ET.Element, kinds: Sequence[Building | Landscape], x: int, y: int) -> int:
    """Draw a legend of the palazzo and ``kinds`` (swatch, letter, name), one row each.

    Returns:
        The height used.
    """
    group = ET.SubElement(parent, "g", {"class": "legend"})
    rows: list[tuple[str, str, str]] = [(PALAZZO_COLOUR, "#", _PALAZZO)]
    rows.extend((TILE_COLOURS[kind], TILE_LETTERS[kind], str(kind)) for kind in kinds)
    for index, (fill, letter, name) in enumerate(rows):
        top = y + index * _LEGEND_ROW
        ET.SubElement(
            group,
            "rect",
            {
                "x": str(x),
                "y": str(top),
                "width": "14",
                "height": "14",
                "fill": fill,
                "stroke": "#000000",
                "data-legend": name,
            },
        )
        _text(
            group,
            x + 22,
            top + 12,
            f"{letter}  {name}",
            **{"text-anchor": "start", "font-size": "12"},
        )
    return len(rows) * _LEGEND_ROW


def _kinds(principalities: Iterable[Principality]) -> list[Building | Landscape]:
    """The tile kinds placed, in the order of :data:`TILE_LETTERS` (buildings first)."""
    present = {placed.tile for p in principalities for placed in p.tiles}
    return [kind for kind in TILE_LETTERS if kind in present]


def _to_svg_text(root: ET.Element) -> str:
    """``root`` as an SVG document: an XML declaration and the element, indented."""
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode")


def render_svg(principality: Principality, title: str = "principality") -> str:
    """The principality as a standalone SVG document.

    Args:
        principality: any principality (see :func:`~princes_of_florence.render_text`).
        title: the document's ``<title>``, which screen readers announce:
            text without the control characters XML cannot hold (tab and
            line breaks are allowed).

    Returns:
        An SVG document (text) showing the grid with the cell names on its margins,
        each tile's cells in the colour of its kind with its letter and a
        tooltip naming the tile and its cells, and a legend on the right
        naming the palazzo and each kind shown.

    Raises:
        ArgumentError: ``principality`` is not a principality (see
            :func:`~princes_of_florence.render_text`), or ``title`` is not
            text or holds a character XML cannot hold.
        GeometryError: a mask of the principality is not a set of cells.

    >>> from xml.etree import ElementTree
    >>> svg = ElementTree.fromstring(render_svg(Principality()))
    >>> sorted({r.get("data-tile") for r in svg.iter("{http://www.w3.org/2000/svg}rect")
    ...         if r.get("data-cell")}, key=str)
    [None, 'palazzo']
    """
    _check_principality("render_svg", principality)
    if not isinstance(title, str):
        raise ArgumentError.wrong_kind("render_svg", "a title (a str)", title)
    bad = _NOT_XML.search(title)
    if bad is not None:
        raise ArgumentError(
            f"render_svg: the title holds U+{ord(bad.group()):04X}, a character XML cannot hold"
        )
    kinds = _kinds([principality])
    grid = GRID_SIZE * _CELL + 2 * _MARGIN
    legend_width = 130
    height = max(grid, (len(kinds) + 1) * _LEGEND_ROW + 2 * _MARGIN)
    root = _svg(grid + legend_width, height, title)
    _draw_principality(root, principality, 0, 0)
    _draw_legend(root, kinds, grid + 8, _MARGIN)
    return _to_svg_text(root)


# --------------------------------------------------------------------------
# The whole table

_PHASES = {
    Phase.SETUP: "the draft of starting persons",
    Phase.AUCTION: "the auction",
    Phase.CHARACTERS: "the character auction",
    Phase.ACTIONS: "the actions",
    Phase.GAME_OVER: "the game is over",
}


def _players(table: GameState | PlayerView) -> tuple[PlayerState | PublicPlayer, ...]:
    """What the table shows of each player, in player order."""
    return table.players


def _name(player: int) -> str:
    return f"player {player}"


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


def _headline(table: GameState | PlayerView, named: bool = False) -> str:
    """The round, the phase and whose decision it is; ``named``: players by their names."""

    def name(player: int) -> str:
        return table.config.names[player] if named else _name(player)

    if table.phase is Phase.GAME_OVER:
        return f"round {table.round} of {catalog().rules.rounds}: the game is over"
    deciding = table.current_player
    who = f"; {name(deciding)} to decide" if deciding is not None else ""
    return (
        f"round {table.round} of {catalog().rules.rounds}, {_PHASES[table.phase]}"
        f"{who} ({name(table.start_player)} started the round)"
    )


def _supply(table: GameState | PlayerView) -> list[str]:
    """The tiles and tokens left in the supply."""
    buildings = ", ".join(
        f"{building} {left}" for building, left in zip(Building, table.building_supply, strict=True)
    )
    landscapes = ", ".join(
        f"{landscape} {left}"
        for landscape, left in zip(Landscape, table.landscape_supply, strict=True)
    )
    freedoms = ", ".join(
        f"{freedom} {left}" for freedom, left in zip(Freedom, table.freedom_supply, strict=True)
    )
    return [
        f"supply: {_count(table.jesters, 'jester')}, {_count(table.builders, 'builder')}, "
        f"{table.recruiting} recruiting cards",
        f"  buildings: {buildings}",
        f"  landscapes: {landscapes}; freedoms: {freedoms}",
    ]


def _player_line(player: int, holding: PlayerState | PublicPlayer) -> str:
    """One player's public holdings: money, prestige, tokens, freedoms, persons shown."""
    money = "money hidden" if holding.money is None else f"{holding.money} florins"
    parts = [
        money,
        f"{holding.prestige} prestige",
        _count(holding.jesters, "jester"),
        _count(holding.builders, "builder"),
    ]
    if holding.freedoms:
        parts.append("freedoms: " + ", ".join(str(f) for f in holding.freedoms))
    shown = [str(person) for person in holding.table_persons]
    shown += ["recruiting card"] * holding.table_recruiting
    if shown:
        parts.append("on the table: " + ", ".join(shown))
    return f"{_name(player)}: " + "; ".join(parts)


def render_table_text(table: GameState | PlayerView) -> str:
    """The whole table as text: the round, the supply and every player's principality.

    Works on a full state and on a player's view alike; a view shows what its
    player may see (other players' money only where the configuration shows
    it, ruling R5).  Hands are not shown: they are not on the table.

    Args:
        table: a :class:`~princes_of_florence.state.GameState` or a
            :class:`~princes_of_florence.observation.PlayerView`.

    Returns:
        A headline (round, phase, whose decision), three lines of supply, then
        per player a line of holdings and the grid of :func:`~princes_of_florence.render_text`,
        indented by two spaces.

    Raises:
        ArgumentError: ``table`` is neither a state nor a view.
        GeometryError: a principality's mask is not a set of cells.

    >>> from princes_of_florence import GameConfig, new_game
    >>> text = render_table_text(new_game(GameConfig(players=3, seed=1)))
    >>> print(text.splitlines()[0])
    round 1 of 7, the draft of starting persons; player 0 to decide (player 0 started the round)
    >>> print("\\n".join(text.splitlines()[4:6]))
    player 0: 3500 florins; 0 prestige; 0 jesters; 0 builders
      a b c d e f g
    """
    _check_table("render_table_text", table)
    lines = [_headline(table), *_supply(table)]
    for player, holding in enumerate(_players(table)):
        lines.append(_player_line(player, holding))
        lines.extend(f"  {line}" for line in render_text(holding.principality).splitlines())
    return "\n".join(lines)


_COLUMNS = 3
"""Principalities per row in :func:`render_table_svg`."""
_HEADING = 52
_GAP = 16
"""Room between two grids side by side."""


def render_table_svg(
    table: GameState | PlayerView,
    *,
    highlight: Iterable[str] = (),
    selected: Iterable[str] = (),
    last: Iterable[str] = (),
    bare: bool = False,
) -> str:
    """The whole table as one SVG document: every player's principality, headed.

    The principalities stand three to a row in player order, each headed by
    the player and their money and prestige (money hidden in a view where the
    configuration hides it, ruling R5), with one legend for every tile kind on
    the table.

    Cells are named by their *keys*: the player's number and the cell,
    ``"0:d1"``.  Marks are drawn over the cells, as python-chess's
    ``chess.svg`` marks squares: ``highlight`` (the cells a legal move may
    fill) in blue, ``selected`` (the cells a person has picked) filled
    green, ``last`` (the cells of the last tile placed) framed in red.

    Args:
        table: a :class:`~princes_of_florence.state.GameState` or a
            :class:`~princes_of_florence.observation.PlayerView`.
        highlight: keys of the cells to highlight.
        selected: keys of the cells to mark selected.
        last: keys of the cells to frame as the last move's.
        bare: return the ``<svg>`` element alone (no XML declaration, to
            put in a page), scaling to its container's width, every cell
            ``rect`` carrying its key as ``data-key``.

    Returns:
        An SVG document (text); each player's grid is a ``g`` element with
        ``data-player`` set to the player's number, headed by the player's
        number (bare: by their name, :attr:`~princes_of_florence.GameConfig.names`).

    Raises:
        ArgumentError: ``table`` is neither a state nor a view, a mark is not
            an iterable of keys (strings), or ``bare`` is not a bool.
        GeometryError: a principality's mask is not a set of cells.

    >>> from xml.etree import ElementTree
    >>> from princes_of_florence import GameConfig, new_game
    >>> svg = ElementTree.fromstring(render_table_svg(new_game(GameConfig(players=4))))
    >>> len(svg.findall("{http://www.w3.org/2000/svg}g[@data-player]"))
    4
    >>> bare = render_table_svg(new_game(GameConfig(players=2)), highlight=["1:d1"], bare=True)
    >>> bare.startswith("<svg"), 'data-key="1:d1"' in bare, 'data-mark="highlight"' in bare
    (True, True, True)
    """
    _check_table("render_table_svg", table)
    for holding in table.players:
        _check_principality("render_table_svg", holding.principality)
    if not isinstance(bare, bool):
        raise ArgumentError.wrong_kind("render_table_svg", "bare as a bool", bare)
    marks = {
        "highlight": _keys("highlight", highlight),
        "selected": _keys("selected", selected),
        "last": _keys("last", last),
    }
    names = table.config.names
    players = _players(table)
    headings = []
    for player, holding in enumerate(players):
        money = "money hidden" if holding.money is None else f"{holding.money} florins"
        tokens = f"{_count(holding.jesters, 'jester')}, {_count(holding.builders, 'builder')}"
        freedoms = ", ".join(str(f) for f in holding.freedoms)
        headings.append(
            (
                f"{names[player] if bare else _name(player)}: {money}, {holding.prestige} prestige",
                f"{tokens}; freedoms: {freedoms}" if freedoms else tokens,
            )
        )
    principalities = [holding.principality for holding in players]
    root = _grids(_headline(table, bare), principalities, headings)
    _mark_cells(root, marks, bare)
    if not bare:
        return _to_svg_text(root)
    root.set("width", "100%")
    del root.attrib["height"]
    root.set("preserveAspectRatio", "xMinYMin meet")
    return ET.tostring(root, encoding="unicode")  # not indented: a page reads it, not a person


def _keys(name: str, keys: object) -> frozenset[str]:
    """The cell keys of a mark argument, checked: an iterable of strings, not one string."""
    if isinstance(keys, str | bytes) or not isinstance(keys, Iterable):
        raise ArgumentError.wrong_kind("render_table_svg", f"{name} as cell keys", keys)
    found = frozenset(keys)
    for key in found:
        if not isinstance(key, str):
            raise ArgumentError.wrong_kind("render_table_svg", f"a key of {name} (a str)", key)
    return found


_MARKS = {
    "highlight": {"fill": "#1e88e5", "fill-opacity": "0.25", "stroke": "#1565c0"},
    "selected": {"fill": "#2e7d32", "fill-opacity": "0.55", "stroke": "#1b5e20"},
    "last": {"fill": "none", "stroke": "#d50000", "stroke-dasharray": "4 2"},
}


def _mark_cells(root: ET.Element, marks: dict[str, frozenset[str]], keyed: bool) -> None:
    """Key the cells of each player's grid (``keyed``) and draw ``marks`` over them."""
    for group in root.findall("g[@data-player]"):
        player = group.get("data-player")
        overlays = []
        for rect in group.iter("rect"):
            cell = rect.get("data-cell")
            if cell is None:
                continue
            key = f"{player}:{cell}"
            if keyed:
                rect.set("data-key", key)
            for mark, keys in marks.items():
                if key in keys:
                    place = {name: rect.get(name, "") for name in ("x", "y", "width", "height")}
                    overlays.append(
                        {
                            **place,
                            **_MARKS[mark],
                            "stroke-width": "3",
                            "data-mark": mark,
                            "data-for": key,
                            "pointer-events": "none",
                        }
                    )
        for overlay in overlays:
            ET.SubElement(group, "rect", overlay)


def _origin(player: int, columns: int) -> tuple[int, int]:
    """The top-left corner of the heading of ``player``'s grid in :func:`_grids`."""
    grid = GRID_SIZE * _CELL + 2 * _MARGIN
    row, column = divmod(player, columns)
    return column * (grid + _GAP), _HEADING + row * (grid + _HEADING)


def _grids(
    title: str, principalities: Sequence[Principality], headings: Sequence[tuple[str, str]]
) -> ET.Element:
    """An SVG of the principalities three to a row, each headed, and one legend."""
    kinds = _kinds(principalities)
    grid = GRID_SIZE * _CELL + 2 * _MARGIN
    columns = min(_COLUMNS, len(principalities))
    rows = -(-len(principalities) // columns)
    width = columns * (grid + _GAP) + 130
    height = max(_HEADING + rows * (grid + _HEADING), _HEADING + (len(kinds) + 2) * _LEGEND_ROW)
    root = _svg(width, height, title)
    _text(root, 8, 20, title, **{"text-anchor": "start", "font-size": "14"})
    for player, (principality, heading) in enumerate(zip(principalities, headings, strict=True)):
        x, y = _origin(player, columns)
        group = ET.SubElement(root, "g", {"data-player": str(player)})
        _text(
            group,
            x + _MARGIN,
            y + 14,
            heading[0],
            **{"text-anchor": "start", "font-size": "13", "font-weight": "bold"},
        )
        _text(group, x + _MARGIN, y + 30, heading[1], **{"text-anchor": "start", "font-size": "11"})
        _draw_principality(group, principality, x, y + _HEADING - _MARGIN + 6)
    _draw_legend(root, kinds, columns * (grid + _GAP) + 8, _HEADING + _MARGIN)
    return root


# --------------------------------------------------------------------------
# The shared map of Cooperative Building

_BORDER_COLOUR = "#d4a017"
_SIDES = {(0, 1): "top", (0, -1): "bottom", (-1, 0): "left", (1, 0): "right"}


def render_shared_map_text(principalities: Sequence[Principality]) -> str:
    """The shared map of Cooperative Building as text, every border drawn (R29).

    The text drawing of
    :func:`~princes_of_florence.rules.cooperative.render_shared_map`, here
    beside its SVG counterpart :func:`render_shared_map_svg` for front ends.

    >>> from princes_of_florence.rules.cooperative import reverse_side
    >>> text = render_shared_map_text((reverse_side(),) * 2)
    >>> text == render_shared_map((reverse_side(),) * 2)
    True
    """
    return render_shared_map(principalities)


def render_shared_map_svg(
    principalities: Sequence[Principality], shared: SharedMapLayout | None = None
) -> str:
    """The shared map of Cooperative Building as SVG: every grid, its borders marked (R29).

    The SVG counterpart of
    :func:`~princes_of_florence.rules.cooperative.render_shared_map`: the
    principalities (reverse sides of the boards) stand three to a row, each
    headed by its player and the neighbours across its borders, and each
    border is drawn as a thick gold line along the edge of the cells it runs
    beside, so that a tile laid across it can be followed from grid to grid.

    Args:
        principalities: every player's principality, by player.
        shared: the layout to draw; the catalog's for this many players when
            ``None``.

    Returns:
        An SVG document (text); each border segment is a ``line`` with
        ``data-border`` set to the neighbour's number and ``data-cell`` to
        the cell it runs beside.

    >>> from xml.etree import ElementTree
    >>> from princes_of_florence.rules.cooperative import reverse_side
    >>> svg = ElementTree.fromstring(render_shared_map_svg((reverse_side(),) * 2))
    >>> lines = svg.iter("{http://www.w3.org/2000/svg}line")
    >>> sorted({line.get("data-border") for line in lines})
    ['0', '1']
    """
    if not isinstance(principalities, list | tuple):
        raise ArgumentError.wrong_kind(
            "render_shared_map_svg", "a list or tuple of principalities", principalities
        )
    for principality in principalities:
        _check_principality("render_shared_map_svg", principality)
    if shared is None:
        shared = layout(len(principalities))
    borders: list[list[tuple[int, Border]]] = []
    for player in range(len(principalities)):
        borders.append([])
        for other in shared.neighbours(player):
            near = shared.border(player, other)
            assert near is not None, "a neighbour shares a border"
            borders[player].append((other, near))
    headings = [
        (
            _name(player),
            "borders "
            + ", ".join(f"{_name(other)} ({_SIDES[near.near_normal]})" for other, near in mine),
        )
        for player, mine in enumerate(borders)
    ]
    root = _grids(f"the shared map of {len(principalities)} players", principalities, headings)
    columns = min(_COLUMNS, len(principalities))
    for group, mine in zip(root.findall("g[@data-player]"), borders, strict=True):
        x, y = _origin(int(group.get("data-player", "0")), columns)
        left, top = x + _MARGIN, y + _HEADING + 6
        for other, near in mine:
            dx, dy = near.near_normal
            for cell, _ in near.pairs:
                file, rank = cell % GRID_SIZE, cell // GRID_SIZE
                cx = left + file * _CELL + _CELL / 2 + dx * _CELL / 2
                cy = top + (GRID_SIZE - 1 - rank) * _CELL + _CELL / 2 - dy * _CELL / 2
                half_x, half_y = abs(dy) * _CELL / 2, abs(dx) * _CELL / 2
                ET.SubElement(
                    group,
                    "line",
                    {
                        "x1": f"{cx - half_x:g}",
                        "y1": f"{cy - half_y:g}",
                        "x2": f"{cx + half_x:g}",
                        "y2": f"{cy + half_y:g}",
                        "stroke": _BORDER_COLOUR,
                        "stroke-width": "6",
                        "data-border": str(other),
                        "data-cell": CELL_NAMES[cell],
                    },
                )
    return _to_svg_text(root)
