"""Florenz component data: the catalog (see :mod:`.catalog`)."""

from princes_of_florence.florenz.components.catalog import (
    Board,
    BoastTileSpec,
    Catalog,
    Costs,
    FamilySpec,
    PathSpec,
    Plans,
    Queues,
    ScandalCardSpec,
    ScandalSpec,
    SectorSpec,
    StrozziCardSpec,
    TimeTiles,
    default_catalog,
    parse_catalog,
)

__all__ = [
    "BoastTileSpec",
    "Board",
    "Catalog",
    "Costs",
    "FamilySpec",
    "PathSpec",
    "Plans",
    "Queues",
    "ScandalCardSpec",
    "ScandalSpec",
    "SectorSpec",
    "StrozziCardSpec",
    "TimeTiles",
    "default_catalog",
    "parse_catalog",
]
