"""The ``catalog-table`` directive: component tables built from the shipped catalog.

The tables of ``components.rst`` (tiles, person cards, bonus and prestige
cards, character cards, the borders of the shared map) are not written by
hand.  Each is a directive naming the table::

   .. catalog-table:: tiles

When the documentation is built, the directive reads
:func:`~princes_of_florence.components.catalog.default_catalog`, writes the
table as a ``list-table`` and parses that in place, so the page always shows
what ``catalog.toml`` holds.  An unknown table name, or a catalog that does not
load, is reported as an error and fails a ``-W`` build.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from princes_of_florence.components import catalog as catalog_module
from princes_of_florence.components.catalog import (
    BonusCardSpec,
    Catalog,
    PersonSpec,
    PrestigeCardSpec,
    PrestigeKind,
    TileSpec,
    default_catalog,
)
from princes_of_florence.errors import CatalogError
from princes_of_florence.ids import Quantity

# The signs of the bonus terms and prestige thresholds, named to keep the source ASCII.
_TIMES = "\N{MULTIPLICATION SIGN}"
_AT_LEAST = "\N{GREATER-THAN OR EQUAL TO}"

Row = list[str]
"""One table row: a cell of reStructuredText per column."""

_BONUS_GLOSSES: dict[Quantity, str] = {
    Quantity.SIZE_CLASSES: "large, medium, small present",
    Quantity.LANDSCAPES: "tiles",
    Quantity.LANDSCAPE_TYPES: "forest, lake, park present",
    Quantity.CATEGORIES: "forest, lake, park, jester, builder, prestige card, freedom present",
    Quantity.HAND_PERSONS: "person and recruiting cards in hand, not the one working",
    Quantity.WORKS: "own person and recruiting cards on the table, the one working included",
}
"""What a bonus card's quantity counts, shown when it is the card's only term."""


def _text(value: object) -> str:
    """``value`` as reStructuredText that renders exactly as its plain text."""
    return "".join(f"\\{char}" if char in string.punctuation else char for char in str(value))


def _literals(parts: Sequence[str]) -> str:
    """Each part as inline literal text, separated by spaces."""
    return " ".join(f"``{part}``" for part in parts)


def _shape_rows(tile: TileSpec) -> list[str]:
    """The tile's shape as row strings, top row first (``#`` covered, ``.`` empty)."""
    width = max(x for x, _ in tile.cells) + 1
    height = max(y for _, y in tile.cells) + 1
    covered = set(tile.cells)
    return [
        "".join("#" if (x, y) in covered else "." for x in range(width))
        for y in reversed(range(height))
    ]


def _tile_rows(catalog: Catalog) -> list[Row]:
    """One row per building and landscape tile."""
    rows: list[Row] = []
    for tile in catalog.tiles:
        kind = f"{tile.size} {tile.kind}" if tile.size is not None else str(tile.kind)
        rows.append(
            [
                _text(tile.id),
                _text(tile.name_de),
                _text(kind),
                _text(tile.supply),
                _text(len(tile.cells)),
                _literals(_shape_rows(tile)),
                _text(f"{tile.provenance}: {tile.provenance_note}"),
            ]
        )
    return rows


def _person_name(person: PersonSpec) -> str:
    """The English name, followed by the German one in brackets where known."""
    name = person.id.replace("_", " ")
    return f"{name} ({person.name_de})" if person.name_de else name


def _person_rows(catalog: Catalog) -> list[Row]:
    """One row per person card, in card-number order."""
    return [
        [
            _text(person.number),
            _text(_person_name(person)),
            _text(person.building),
            _text(person.landscape),
            _text(person.freedom),
            _text(person.provenance),
            _text(person.provenance_note),
        ]
        for person in catalog.persons
    ]


def _bonus_terms(card: BonusCardSpec) -> str:
    """The card's terms as ``per x quantity``, glossing a lone term's quantity."""
    text = " + ".join(f"{term.per} {_TIMES} {term.quantity}" for term in card.terms)
    if len(card.terms) == 1 and card.terms[0].quantity in _BONUS_GLOSSES:
        text += f" ({_BONUS_GLOSSES[card.terms[0].quantity]})"
    return text


def _bonus_rows(catalog: Catalog) -> list[Row]:
    """One row per bonus card: its terms and the rulebook example's value."""
    return [
        [_text(card.id), _text(_bonus_terms(card)), _text(card.example)]
        for card in catalog.bonus_cards
    ]


def _prestige_condition(card: PrestigeCardSpec) -> str:
    """The compared quantity, or every requirement of a threshold card."""
    if card.kind is PrestigeKind.THRESHOLD:
        return ", ".join(f"{need.quantity} {_AT_LEAST} {need.at_least}" for need in card.requires)
    return str(card.quantity)


def _prestige_points(card: PrestigeCardSpec) -> str:
    """The points, with the tie points of a most or fewest card."""
    if card.kind is PrestigeKind.THRESHOLD:
        return str(card.points)
    return f"{card.points} (tie {card.tie_points})"


def _prestige_rows(catalog: Catalog) -> list[Row]:
    """One row per prestige card: kind, condition and points."""
    return [
        [
            _text(card.id),
            _text(card.kind),
            _text(_prestige_condition(card)),
            _text(_prestige_points(card)),
        ]
        for card in catalog.prestige_cards
    ]


def _character_rows(catalog: Catalog) -> list[Row]:
    """One row per character card: bid fields, what it does and its mark."""
    return [
        [
            _text(f"{card.id} ({card.name_de})"),
            _text(f"{card.min_bid} to {card.max_bid} by {card.step}"),
            _text(card.text),
            _text(card.provenance),
        ]
        for card in catalog.characters
    ]


def _shared_map_rows(catalog: Catalog) -> list[Row]:
    """One row per border of the shared map, layout by layout."""
    return [
        [
            _text(layout.players),
            _text(f"player {border.player}: {border.cells}"),
            _text(f"player {border.neighbour}: {border.neighbour_cells}"),
            _text(catalog.shared_map.provenance),
        ]
        for layout in catalog.shared_map.layouts
        for border in layout.borders
    ]


@dataclass(frozen=True)
class _Table:
    """How one catalog table looks: its header, column widths and rows."""

    header: tuple[str, ...]
    widths: tuple[int, ...]
    rows: Callable[[Catalog], list[Row]]


_TABLES: dict[str, _Table] = {
    "tiles": _Table(
        ("tile", "German", "kind", "supply", "cells", "shape (top row first)", "mark"),
        (14, 14, 12, 8, 8, 18, 26),
        _tile_rows,
    ),
    "persons": _Table(
        ("no.", "person", "building", "landscape", "freedom", "mark", "note"),
        (5, 22, 14, 10, 10, 8, 31),
        _person_rows,
    ),
    "bonus_cards": _Table(("card", "terms", "example"), (8, 72, 10), _bonus_rows),
    "prestige_cards": _Table(
        ("card", "kind", "condition", "points"), (8, 14, 58, 20), _prestige_rows
    ),
    "characters": _Table(
        ("card", "bids (florins)", "effect", "mark"), (20, 18, 54, 8), _character_rows
    ),
    "shared_map": _Table(
        ("players", "cells of one player", "border the cells of", "mark"),
        (10, 30, 30, 8),
        _shared_map_rows,
    ),
}
"""Every table the directive can build, by the name given as its argument."""


def _list_table(table: _Table, catalog: Catalog) -> list[str]:
    """The lines of a ``list-table`` directive holding ``table``."""
    lines = [
        ".. list-table::",
        "   :header-rows: 1",
        f"   :widths: {' '.join(str(width) for width in table.widths)}",
        "",
    ]
    for row in [[_text(title) for title in table.header], *table.rows(catalog)]:
        lines.append(f"   * - {row[0]}")
        lines.extend(f"     - {cell}" for cell in row[1:])
    return lines


class CatalogTable(SphinxDirective):
    """``.. catalog-table:: NAME``: the catalog table ``NAME``, built from the data."""

    required_arguments = 1
    optional_arguments = 0
    has_content = False

    def run(self) -> list[nodes.Node]:
        """Build the named table and parse it into nodes."""
        name = self.arguments[0]
        table = _TABLES.get(name)
        if table is None:
            known = ", ".join(sorted(_TABLES))
            raise self.error(f"unknown catalog table {name!r} (expected one of: {known})")
        try:
            catalog = default_catalog()
        except CatalogError as exc:
            raise self.error(f"cannot load the component catalog: {exc}") from None
        self.env.note_dependency(str(Path(catalog_module.__file__).with_name("catalog.toml")))
        source, _ = self.get_source_info()
        content = StringList(_list_table(table, catalog), source=f"{source} (catalog-table {name})")
        container = nodes.Element()
        self.state.nested_parse(content, self.content_offset, container)
        return container.children


def setup(app: Sphinx) -> dict[str, bool | str]:
    """Register the ``catalog-table`` directive."""
    app.add_directive("catalog-table", CatalogTable)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
