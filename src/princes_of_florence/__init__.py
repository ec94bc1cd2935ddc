"""A complete, typed, immutable rules engine for The Princes of Florence.

The stable surface is re-exported here::

    from princes_of_florence import GameConfig, new_game, legal_moves, apply

>>> state = new_game(GameConfig(players=4, seed=3))
>>> len(legal_moves(state))
4
"""

from princes_of_florence.components import Catalog, default_catalog, load_catalog
from princes_of_florence.config import GameConfig
from princes_of_florence.engine import (
    apply,
    apply_with_events,
    free_moves,
    is_legal,
    is_terminal,
    legal_moves,
    move_problem,
    new_game,
    outcome,
    prestige_card_scores,
    work_preview,
)
from princes_of_florence.errors import (
    CatalogError,
    ConfigError,
    GeometryError,
    IllegalMoveError,
    InvalidMoveError,
    PrincesOfFlorenceError,
    SerializationError,
)
from princes_of_florence.ids import (
    AuctionObject,
    BonusCardId,
    Building,
    Freedom,
    Landscape,
    PersonId,
    Phase,
    PrestigeCardId,
    Quantity,
    SizeClass,
)
from princes_of_florence.moves import (
    Bid,
    Build,
    BuyBonus,
    BuyPerson,
    ChooseCard,
    Convert,
    Decline,
    EndTurn,
    FinishWork,
    IntroduceFreedom,
    KeepRecruiting,
    Move,
    Open,
    Pass,
    PlaceTile,
    PlayBonus,
    Recruit,
    ReturnPerson,
    SellPrestige,
    Take,
    Work,
    parse_move,
)
from princes_of_florence.rules.scoring import Outcome
from princes_of_florence.rules.work_value import WorkBreakdown
from princes_of_florence.state import GameState, PlayerState, Principality

__version__ = "0.1.0"

__all__ = [
    "AuctionObject",
    "Bid",
    "BonusCardId",
    "Build",
    "Building",
    "BuyBonus",
    "BuyPerson",
    "Catalog",
    "CatalogError",
    "ChooseCard",
    "ConfigError",
    "Convert",
    "Decline",
    "EndTurn",
    "FinishWork",
    "Freedom",
    "GameConfig",
    "GameState",
    "GeometryError",
    "IllegalMoveError",
    "IntroduceFreedom",
    "InvalidMoveError",
    "KeepRecruiting",
    "Landscape",
    "Move",
    "Open",
    "Outcome",
    "Pass",
    "PersonId",
    "Phase",
    "PlaceTile",
    "PlayBonus",
    "PlayerState",
    "PrestigeCardId",
    "PrincesOfFlorenceError",
    "Principality",
    "Quantity",
    "Recruit",
    "ReturnPerson",
    "SellPrestige",
    "SerializationError",
    "SizeClass",
    "Take",
    "Work",
    "WorkBreakdown",
    "__version__",
    "apply",
    "apply_with_events",
    "default_catalog",
    "free_moves",
    "is_legal",
    "is_terminal",
    "legal_moves",
    "load_catalog",
    "move_problem",
    "new_game",
    "outcome",
    "parse_move",
    "prestige_card_scores",
    "work_preview",
]
