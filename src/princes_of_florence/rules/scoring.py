"""End-of-phase and end-of-game scoring: best work, prestige cards, the winner.

Prestige cards are data in the component catalog: a kind (most, fewest,
threshold), the quantity compared and the points.  This module only knows how
to compare the counts of :func:`~princes_of_florence.rules.work_value.quantity`
between players (components.md, ruling R24).

>>> best_work((12, 15, 0, 15))
(15, (1, 3))
>>> best_work((0, 0, 0))
(0, ())
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from princes_of_florence.components import PrestigeKind
from princes_of_florence.frozen import share_copies
from princes_of_florence.ids import PrestigeCardId, Quantity
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.work_value import quantities
from princes_of_florence.state import PlayerState

__all__ = [
    "Outcome",
    "best_work",
    "end_scores",
    "outcome_of",
    "prestige_card_points",
]


def prestige_card_points(card: PrestigeCardId, seat: int, players: Sequence[PlayerState]) -> int:
    """The points the prestige card ``card`` gives the player in ``seat`` at the end.

    Read from the card's catalog entry (components.md):

    - *most*: the full points if the owner alone has the highest count, the
      tie points if they share it, 0 if someone has more or if the owner's
      count is 0;
    - *fewest* (empty cells): the full points if the owner alone has the
      lowest count, the tie points if they share it, 0 if someone has fewer;
      a count of 0 is the best possible and scores;
    - *threshold*: the points if every requirement is met, else 0; the other
      players do not matter.

    Args:
        card: the prestige card.
        seat: the seat of its owner.
        players: every player, in seat order.

    Returns:
        The prestige points, never negative.
    """
    return _card_points(card, seat, [quantities(player) for player in players])


def _card_points(card: PrestigeCardId, seat: int, counts: Sequence[Mapping[Quantity, int]]) -> int:
    """:func:`prestige_card_points` with every player's :func:`quantities` given."""
    spec = catalog().prestige_card(card)
    if spec.kind is PrestigeKind.THRESHOLD:  # ruling R24: the others do not matter
        mine = counts[seat]
        met = all(mine[req.quantity] >= req.at_least for req in spec.requires)
        return spec.points if met else 0
    assert spec.quantity is not None, "most and fewest cards name a quantity"
    values = [each[spec.quantity] for each in counts]
    mine_value = values[seat]
    if spec.kind is PrestigeKind.MOST:
        if mine_value == 0 or mine_value < max(values):
            return 0  # rulebook, P12: a count of 0 never scores, not even on a tie
    elif mine_value > min(values):
        return 0  # fewest: someone has fewer; a count of 0 is the best and scores
    alone = values.count(mine_value) == 1
    return spec.points if alone else spec.tie_points


def end_scores(
    players: Sequence[PlayerState],
) -> tuple[tuple[tuple[PrestigeCardId, int], ...], ...]:
    """Every prestige card with its points, per seat, in the order held (ruling R24).

    Args:
        players: every player at the end of round 7, in seat order.

    Returns:
        One tuple per seat of ``(card, points)``.

    >>> from princes_of_florence.state import PlayerState
    >>> end_scores((PlayerState(money=0), PlayerState(money=0)))
    ((), ())
    """
    counts = [quantities(player) for player in players]
    return tuple(
        tuple((card, _card_points(card, seat, counts)) for card in player.prestige_cards)
        for seat, player in enumerate(players)
    )


def best_work(round_best: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The phase's best work value and every seat that reached it (ruling R20).

    Every player tied for the best gains the prize; if nobody worked (every
    value 0), nobody does.

    Args:
        round_best: per seat, the highest work value of this phase (0: none).

    Returns:
        ``(best value, seats)``; ``(0, ())`` when nobody worked.
    """
    best = max(round_best, default=0)
    if best <= 0:
        return 0, ()  # ruling R20: no works, no prize
    return best, tuple(seat for seat, value in enumerate(round_best) if value == best)


@attrs.frozen
class Outcome:
    """The result of a finished game (ruling R24).

    Attributes:
        prestige: final prestige per seat.
        money: final money per seat.
        winners: the seats with the most prestige, and among those the most
            money; more than one when they tie on both (a shared win).

    Example:
        >>> result = Outcome(prestige=(31, 35, 35), money=(900, 400, 1200), winners=(2,))
        >>> result.winners, result.ranking
        ((2,), (2, 1, 0))
    """

    prestige: tuple[int, ...]
    money: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def ranking(self) -> tuple[int, ...]:
        """Every seat, best first by prestige, then money, then seat order (R24).

        >>> Outcome((40, 52, 40), (900, 100, 1200), (1,)).ranking
        (1, 2, 0)
        """
        return tuple(
            sorted(
                range(len(self.prestige)),
                key=lambda seat: (-self.prestige[seat], -self.money[seat], seat),
            )
        )


def outcome_of(players: Sequence[PlayerState]) -> Outcome:
    """The outcome of a game whose players stand as given (ruling R24).

    The players' prestige must already include the prestige cards
    (:func:`end_scores`); this function only compares.

    Args:
        players: every player at the end, in seat order.

    Returns:
        The outcome; highest prestige wins, most money breaks a tie, a tie on
        both is shared.

    >>> from princes_of_florence.state import PlayerState
    >>> outcome_of(
    ...     (PlayerState(money=500, prestige=30), PlayerState(money=800, prestige=30))
    ... ).winners
    (1,)
    """
    prestige = tuple(player.prestige for player in players)
    money = tuple(player.money for player in players)
    # ruling R24: highest prestige, then most money; a tie on both is shared
    top = max(zip(prestige, money, strict=True), default=None)
    winners = tuple(
        seat for seat, key in enumerate(zip(prestige, money, strict=True)) if key == top
    )
    return Outcome(prestige=prestige, money=money, winners=winners)


share_copies(Outcome)
