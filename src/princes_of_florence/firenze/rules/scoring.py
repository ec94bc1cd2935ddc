"""Final scoring (Z106-Z108, rulings ZR39, ZR40, ZR46)."""

from __future__ import annotations

import attrs

from princes_of_florence.firenze.components import default_catalog
from princes_of_florence.firenze.ids import Title
from princes_of_florence.firenze.state import State

__all__ = ["Outcome", "Score", "final_scores", "outcome"]


@attrs.frozen
class Score:
    """One player's prestige by source (ruling ZR40).

    Attributes:
        commissions: board commissions fulfilled (Z56).
        balconies: balconies fulfilled (Z58, ZR18).
        level_tiles: level tiles won (Z59).
        privileges: privileges won (Z83).
        end_bonus: the end tile's bonus (Z104).
        majorities: majority bonuses (Z106).
        keep_cards: each keep card with its prestige (Z107), in hand order.
    """

    commissions: int
    balconies: int
    level_tiles: int
    privileges: int
    end_bonus: int
    majorities: int
    keep_cards: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        """The final prestige."""
        return (
            self.commissions
            + self.balconies
            + self.level_tiles
            + self.privileges
            + self.end_bonus
            + self.majorities
            + sum(points for _, points in self.keep_cards)
        )


@attrs.frozen
class Outcome:
    """The end of a game: each player's score, the winners, and whether the turn limit
    ended it (ruling ZR44).

    Attributes:
        scores: each player's breakdown.
        winners: every player with the most prestige (Z108: shared wins, no tie-break).
        truncated: the game was ended by the turn limit.
    """

    scores: tuple[Score, ...]
    winners: tuple[int, ...]
    truncated: bool

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's final prestige."""
        return tuple(score.total for score in self.scores)


def majority_winners(state: State) -> tuple[int | None, ...]:
    """The winner of each colour's majority bonus, or ``None`` (Z106, ruling ZR39)."""
    catalog = default_catalog()
    per = catalog.floors_per_tower
    winners: list[int | None] = []
    for colour in range(6):
        counts: dict[int, int] = {}
        highest: dict[int, int] = {}
        for floor in range(per):
            owner = state.seals[colour * per + floor]
            if owner >= 0:  # neutral seals never count
                counts[owner] = counts.get(owner, 0) + 1
                highest[owner] = floor  # floors rise, so the last is the highest
        if not counts:
            winners.append(None)
            continue
        most = max(counts.values())
        tied = [p for p, k in counts.items() if k == most]
        winners.append(max(tied, key=lambda p: highest[p]))  # Z106: the highest seal
    return tuple(winners)


def final_scores(state: State) -> tuple[Score, ...]:
    """Every player's breakdown, the final scoring included (Z106, Z107)."""
    catalog = default_catalog()
    per = catalog.floors_per_tower
    lo = catalog.constants.min_floors
    majority = [0] * len(state.players)
    for colour, winner in enumerate(majority_winners(state)):
        if winner is not None:
            majority[winner] += catalog.majorities[colour].bonus
    scores = []
    for player, p in enumerate(state.players):
        keep: list[tuple[str, int]] = []
        for title in p.hand:
            spec = catalog.card(title)
            if title in (Title.ANERKENNUNG, Title.ANERKENNUNG3, Title.ANERKENNUNG4):
                count = sum(
                    1
                    for index, owner in enumerate(state.seals)
                    if owner == player and index % per + lo in spec.floors
                )  # ruling ZR46: balconies included
                keep.append((title.value, count * spec.value))
            elif spec.kind.value == "keep":
                keep.append((title.value, spec.value))
        a, b, c, d, e = p.earned
        scores.append(Score(a, b, c, d, e, majority[player], tuple(keep)))
    return tuple(scores)


def outcome(state: State) -> Outcome:
    """The outcome of a finished game (Z108, ruling ZR40)."""
    scores = final_scores(state)
    totals = [score.total for score in scores]
    best = max(totals)
    winners = tuple(p for p, total in enumerate(totals) if total == best)
    return Outcome(scores, winners, state.truncated)
