"""The configuration of a Firenze game: players, seed and the options of ``rules.md`` §18.

>>> config = FirenzeConfig(players=3, seed=7)
>>> config.event_discard, config.hands, config.max_turns
('automatic', 'open', 1000)
>>> FirenzeConfig(players=5, seed=1)
Traceback (most recent call last):
...
princes_of_florence.firenze.errors.ConfigError: players must be 2, 3 or 4, not 5 (ruling ZR2)
"""

from __future__ import annotations

from typing import Any, NoReturn

import attrs

from princes_of_florence.firenze.errors import ConfigError
from princes_of_florence.limits import MAX_SEED, shorten

__all__ = [
    "ANERKENNUNG_MODES",
    "BALCONY_MODES",
    "EVENT_DISCARD_MODES",
    "HAND_MODES",
    "MAX_TURNS",
    "NEUTRAL_SEAL_MODES",
    "FirenzeConfig",
]

EVENT_DISCARD_MODES = ("automatic", "choice")
"""``automatic``: Yucata's discard by the system (Z99, the default); ``choice``: printed."""
ANERKENNUNG_MODES = ("both", "split")
"""How Anerkennung reads „3 bzw. 4 Etagen“ (ruling ZR46)."""
HAND_MODES = ("open", "counts")
"""Whether views show hands or only their sizes (ruling ZR41)."""
NEUTRAL_SEAL_MODES = ("recommended_random", "free_random", "explicit")
"""How the 5 neutral seals are placed (ruling ZR4)."""
BALCONY_MODES = ("random", "explicit")
"""How the 4 balconies are chosen (rulings ZR3, ZR51)."""


def _fail(message: str) -> NoReturn:
    raise ConfigError(message)


MAX_TURNS = 1000
"""The longest turn limit a configuration may set (ruling ZR44's 1,000 player turns)."""


@attrs.frozen
class FirenzeConfig:
    """Everything that fixes a game before the first move.

    Attributes:
        players: 2, 3 or 4 (Z11, ruling ZR2).
        seed: the seed of every random draw (ruling ZR42); 0 to 2**64 - 1.
        start_seat: the start player (ruling ZR5).
        campanile: whether Campanile is in the deck (ruling ZR6).
        neutral_seals: ``recommended_random``, ``free_random`` or ``explicit`` (ZR4).
        neutral_seal_commissions: the 5 commissions (``"W3"``...) of ``explicit``.
        balconies: ``random`` or ``explicit`` (ZR3, ZR51).
        balcony_tiles: the 4 tile ids of ``explicit``, numerals I to IV in order.
        event_discard: ``automatic`` (Yucata, Z99) or ``choice`` (printed, Z100).
        anerkennung: ``both`` or ``split`` (ZR46).
        hands: ``open`` or ``counts`` (ZR41).
        max_turns: the player turns after which a stalled game ends, truncated (ZR44);
            1 to :data:`MAX_TURNS`.
        explicit_chance: chance deals each card and draws each brick as a chance
            move (for OpenSpiel), instead of drawing from the seed.
    """

    players: int
    seed: int = 0
    start_seat: int = 0
    campanile: bool = True
    neutral_seals: str = "recommended_random"
    neutral_seal_commissions: tuple[str, ...] = ()
    balconies: str = "random"
    balcony_tiles: tuple[str, ...] = ()
    event_discard: str = "automatic"
    anerkennung: str = "both"
    hands: str = "open"
    max_turns: int = 1000
    explicit_chance: bool = False

    def __attrs_post_init__(self) -> None:
        if not _exact(self.players, int) or self.players not in (2, 3, 4):
            _fail(f"players must be 2, 3 or 4, not {shorten(self.players)} (ruling ZR2)")
        if not _exact(self.seed, int) or not 0 <= self.seed <= MAX_SEED:
            _fail(f"seed must be an integer from 0 to 2**64 - 1, not {shorten(self.seed)}")
        if not _exact(self.start_seat, int) or not 0 <= self.start_seat < self.players:
            _fail(
                f"start_seat must be a seat 0..{self.players - 1}, not {shorten(self.start_seat)}"
            )
        if not _exact(self.campanile, bool):
            _fail(f"campanile must be true or false, not {shorten(self.campanile)}")
        _choice("neutral_seals", self.neutral_seals, NEUTRAL_SEAL_MODES)
        _choice("balconies", self.balconies, BALCONY_MODES)
        _choice("event_discard", self.event_discard, EVENT_DISCARD_MODES)
        _choice("anerkennung", self.anerkennung, ANERKENNUNG_MODES)
        _choice("hands", self.hands, HAND_MODES)
        # ruling ZR44 (and ours, ZX6): the limit may be lowered, never raised above
        # 1,000 player turns, so that every game has a known longest length
        if not _exact(self.max_turns, int) or not 1 <= self.max_turns <= MAX_TURNS:
            _fail(
                f"max_turns must be an integer from 1 to {MAX_TURNS}, not {shorten(self.max_turns)}"
            )
        if not _exact(self.explicit_chance, bool):
            _fail(f"explicit_chance must be true or false, not {shorten(self.explicit_chance)}")
        _names("neutral_seal_commissions", self.neutral_seal_commissions)
        _names("balcony_tiles", self.balcony_tiles)
        if (self.neutral_seals == "explicit") != bool(self.neutral_seal_commissions):
            _fail("neutral_seal_commissions are given exactly when neutral_seals is 'explicit'")
        if (self.balconies == "explicit") != bool(self.balcony_tiles):
            _fail("balcony_tiles are given exactly when balconies is 'explicit'")

    @classmethod
    def from_options(cls, players: int, seed: int, options: dict[str, Any]) -> FirenzeConfig:
        """A configuration from option names and values; an unknown option raises ConfigError."""
        fields = {field.name for field in attrs.fields(cls)} - {"players", "seed"}
        for name in options:
            if name not in fields:
                _fail(
                    f"unknown option {shorten(name)}; the options are: {', '.join(sorted(fields))}"
                )
        values = dict(options)
        for name in ("neutral_seal_commissions", "balcony_tiles"):
            if name in values and isinstance(values[name], list):
                values[name] = tuple(values[name])
        return cls(players=players, seed=seed, **values)


def _exact(value: object, kind: type) -> bool:
    """Whether ``value`` is of exactly type ``kind`` (``True`` is no integer here)."""
    return type(value) is kind


def _choice(name: str, value: object, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        _fail(f"{name} must be one of {', '.join(allowed)}, not {shorten(value)}")


def _names(name: str, value: object) -> None:
    if type(value) is not tuple or not all(type(item) is str for item in value):
        _fail(f"{name} must be a tuple of names, not {shorten(value)}")
