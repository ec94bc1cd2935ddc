"""Firenze's component data: the catalog file and its loader."""

from princes_of_florence.firenze.components.catalog import (
    BalconySpec,
    BrickSpec,
    CardSpec,
    Catalog,
    CommissionSpec,
    Constants,
    LevelTileSpec,
    MajoritySpec,
    default_catalog,
    load_catalog,
    parse_catalog,
)

__all__ = [
    "BalconySpec",
    "BrickSpec",
    "CardSpec",
    "Catalog",
    "CommissionSpec",
    "Constants",
    "LevelTileSpec",
    "MajoritySpec",
    "default_catalog",
    "load_catalog",
    "parse_catalog",
]
