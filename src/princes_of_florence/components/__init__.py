"""Component data: the catalog of tiles, cards and rule constants.

See :mod:`princes_of_florence.components.catalog`.
"""

from princes_of_florence.components.catalog import (
    BonusCardSpec,
    BonusTerm,
    BorderSpec,
    Catalog,
    CharacterSpec,
    PersonSpec,
    PrestigeCardSpec,
    PrestigeKind,
    PrestigeRequirement,
    Provenance,
    RulesConstants,
    SharedMapLayout,
    SharedMapSpec,
    TileKind,
    TileSpec,
    default_catalog,
    load_catalog,
    parse_catalog,
)

__all__ = [
    "BonusCardSpec",
    "BonusTerm",
    "BorderSpec",
    "Catalog",
    "CharacterSpec",
    "PersonSpec",
    "PrestigeCardSpec",
    "PrestigeKind",
    "PrestigeRequirement",
    "Provenance",
    "RulesConstants",
    "SharedMapLayout",
    "SharedMapSpec",
    "TileKind",
    "TileSpec",
    "default_catalog",
    "load_catalog",
    "parse_catalog",
]
