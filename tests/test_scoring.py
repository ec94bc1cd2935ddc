"""Tests of prestige card scoring, best work and the winner (rulings R20, R24)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from factories import (
    full_principality,
    principality_of,
    rulebook_prestige_player,
    with_tiles,
)
from princes_of_florence.ids import (
    Building,
    Freedom,
    Landscape,
    PersonId,
    PrestigeCardId,
    Quantity,
)
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.scoring import (
    Outcome,
    best_work,
    end_scores,
    outcome_of,
    prestige_card_points,
)
from princes_of_florence.state import PlayerState

P = PrestigeCardId
RULEBOOK_TILES = (
    Building.UNIVERSITY,
    Building.WORKSHOP,
    Building.OPERA,
    Building.TOWER,
    Building.CHAPEL,
    Landscape.FOREST,
    Landscape.FOREST,
    Landscape.LAKE,
)
"""The tiles of the rulebook's end-of-game example player."""


def nobody() -> PlayerState:
    """A player with nothing at all."""
    return PlayerState(money=0)


def points(card: PrestigeCardId, *others: PlayerState) -> int:
    """The points ``card`` gives the rulebook player in seat 0, ``others`` in later seats."""
    return prestige_card_points(card, 0, (rulebook_prestige_player(card), *others))


RULEBOOK_EXAMPLES: list[tuple[PrestigeCardId, Sequence[PlayerState], int]] = [
    # P01: another player also has 5 buildings, a tie
    (
        P.P01,
        [
            with_tiles(
                nobody(),
                Building.LABORATORY,
                Building.LIBRARY,
                Building.STUDIO,
                Building.HOSPITAL,
                Building.THEATER,
            )
        ],
        3,
    ),
    # P02: two large buildings; another player with two large ones does not matter
    (P.P02, [with_tiles(nobody(), Building.LABORATORY, Building.UNIVERSITY)], 5),
    # P03: another player has fewer empty cells
    (P.P03, [with_tiles(nobody(), *RULEBOOK_TILES, Landscape.PARK)], 0),
    # P04: only forest and lake
    (P.P04, [nobody()], 0),
    # P05: another player also has 3 landscapes
    (P.P05, [with_tiles(nobody(), Landscape.FOREST, Landscape.LAKE, Landscape.PARK)], 4),
    # P06: the player alone has the most forests
    (P.P06, [with_tiles(nobody(), Landscape.FOREST)], 7),
    # P07: two other players also have 1 lake each
    (
        P.P07,
        [with_tiles(nobody(), Landscape.LAKE), with_tiles(nobody(), Landscape.LAKE)],
        3,
    ),
    # P08: only two freedoms
    (P.P08, [nobody()], 0),
    # P09: 5 buildings, 2 freedoms, 4 works
    (P.P09, [nobody()], 6),
    # P10: nobody has a jester
    (P.P10, [nobody(), nobody()], 0),
    # P11: another player also has 2 builders
    (P.P11, [attrs.evolve(nobody(), builders=2)], 3),
    # P12: nobody has a park
    (P.P12, [nobody(), nobody()], 0),
    # P13: no jester
    (P.P13, [nobody()], 0),
    # P14: another player has more than 4 works
    (
        P.P14,
        [
            attrs.evolve(
                nobody(),
                table_persons=(
                    PersonId.ACTOR,
                    PersonId.DOCTOR,
                    PersonId.LAWYER,
                    PersonId.SINGER,
                    PersonId.HISTORIAN,
                ),
            )
        ],
        0,
    ),
]


@pytest.mark.parametrize(("card", "others", "expected"), RULEBOOK_EXAMPLES)
def test_prestige_card_rulebook_example(
    card: PrestigeCardId, others: Sequence[PlayerState], expected: int
) -> None:
    """Each prestige card scores its rulebook example at the end (ruling R24)."""
    assert expected == points(card, *others)


def test_rulebook_examples_cover_every_card() -> None:
    """The rulebook examples above cover all 14 prestige cards (ruling R24)."""
    assert list(PrestigeCardId) == [card for card, _, _ in RULEBOOK_EXAMPLES]


MOST_CARDS: list[tuple[PrestigeCardId, Quantity, int, int]] = [
    (P.P01, Quantity.BUILDINGS, 6, 3),
    (P.P05, Quantity.LANDSCAPES, 7, 4),
    (P.P06, Quantity.FORESTS, 7, 4),
    (P.P07, Quantity.LAKES, 6, 3),
    (P.P10, Quantity.JESTERS, 6, 3),
    (P.P11, Quantity.BUILDERS, 6, 3),
    (P.P12, Quantity.PARKS, 5, 3),
    (P.P14, Quantity.WORKS, 7, 4),
]
"""Every "most" card: the quantity compared, the points alone and on a tie."""

_SOME_BUILDINGS = (Building.UNIVERSITY, Building.LIBRARY, Building.TOWER)
_SOME_LANDSCAPES = (Landscape.FOREST, Landscape.LAKE, Landscape.PARK)
_SOME_PERSONS = (PersonId.ACTOR, PersonId.POET, PersonId.DOCTOR)


def holding(q: Quantity, n: int, card: PrestigeCardId | None = None) -> PlayerState:
    """A player with exactly ``n`` (0 to 3) of ``q`` and nothing else, holding ``card``."""
    player = PlayerState(money=0, prestige_cards=() if card is None else (card,))
    match q:
        case Quantity.BUILDINGS:
            return with_tiles(player, *_SOME_BUILDINGS[:n])
        case Quantity.LANDSCAPES:
            return with_tiles(player, *_SOME_LANDSCAPES[:n])
        case Quantity.FORESTS:
            return with_tiles(player, *(Landscape.FOREST,) * n)
        case Quantity.LAKES:
            return with_tiles(player, *(Landscape.LAKE,) * n)
        case Quantity.PARKS:
            return with_tiles(player, *(Landscape.PARK,) * n)
        case Quantity.JESTERS:
            return attrs.evolve(player, jesters=n)
        case Quantity.BUILDERS:
            return attrs.evolve(player, builders=n)
        case Quantity.WORKS:
            return attrs.evolve(player, table_persons=_SOME_PERSONS[:n])
    raise AssertionError(f"no builder for {q}")


@pytest.mark.parametrize(("card", "q", "alone", "tie"), MOST_CARDS)
def test_most_card_catalog_entry(card: PrestigeCardId, q: Quantity, alone: int, tie: int) -> None:
    """The catalog entry of each "most" card matches components.md (ruling R24)."""
    spec = catalog().prestige_card(card)
    expected = (q, alone, tie)
    assert expected == (spec.quantity, spec.points, spec.tie_points)


@pytest.mark.parametrize(("card", "q", "alone", "tie"), MOST_CARDS)
@pytest.mark.parametrize(
    ("mine", "theirs", "outcome"),
    [
        pytest.param(2, (1, 0), "alone", id="alone"),
        pytest.param(2, (2, 1), "tie", id="tied"),
        pytest.param(2, (2, 2), "tie", id="three-way-tie"),
        pytest.param(2, (3, 1), "none", id="beaten"),
        pytest.param(0, (0, 0), "none", id="all-zero"),
        pytest.param(0, (1, 0), "none", id="zero-beaten"),
        pytest.param(1, (), "alone", id="one-player"),
    ],
)
def test_most_card_cases(
    card: PrestigeCardId,
    q: Quantity,
    alone: int,
    tie: int,
    mine: int,
    theirs: tuple[int, ...],
    outcome: str,
) -> None:
    """A "most" card: full points alone, tie points shared, 0 if beaten or at 0 (R24)."""
    players = (holding(q, mine, card), *(holding(q, n) for n in theirs))
    points = {"alone": alone, "tie": tie, "none": 0}[outcome]
    assert points == prestige_card_points(card, 0, players)


def test_most_card_scored_from_later_seat() -> None:
    """The owner's seat is the one compared, wherever it sits (ruling R24)."""
    players = (holding(Quantity.LAKES, 1), holding(Quantity.LAKES, 2, P.P07))
    expected = 6
    assert expected == prestige_card_points(P.P07, 1, players)


# Covers all 43 usable cells: 7 + 7 + 5 + 5 + 3 + 3 + 4 + 3 + 3 + 3 = 43.
FULL_TILES = (
    Building.UNIVERSITY,
    Building.WORKSHOP,
    Building.LIBRARY,
    Building.HOSPITAL,
    Building.TOWER,
    Building.CHAPEL,
    Landscape.FOREST,
    Landscape.LAKE,
    Landscape.LAKE,
    Landscape.LAKE,
)


def full_player(card: PrestigeCardId | None = None) -> PlayerState:
    """A player whose principality has no empty cell."""
    return PlayerState(
        money=0,
        principality=full_principality(FULL_TILES),
        prestige_cards=() if card is None else (card,),
    )


def test_full_principality_has_no_empty_cell() -> None:
    """The test principality covers all 43 cells with real tiles (P03, ruling R24)."""
    expected = 0
    assert expected == full_player().principality.empty_cells


def test_fewest_empty_cells_zero_alone() -> None:
    """P03: 0 empty cells is the best possible and scores 8 alone (ruling R24, D11)."""
    players = (full_player(P.P03), rulebook_prestige_player(), nobody())
    expected = 8
    assert expected == prestige_card_points(P.P03, 0, players)


def test_fewest_empty_cells_zero_tied() -> None:
    """P03: two players with 0 empty cells share: 4 points (ruling R24)."""
    expected = 4
    assert expected == prestige_card_points(P.P03, 0, (full_player(P.P03), full_player()))


def test_fewest_empty_cells_alone() -> None:
    """P03: fewest empty cells alone scores 8, whatever the count (ruling R24)."""
    players = (rulebook_prestige_player(P.P03), with_tiles(nobody(), Building.TOWER))
    expected = 8
    assert expected == prestige_card_points(P.P03, 0, players)


def test_fewest_empty_cells_catalog_entry() -> None:
    """The catalog's P03 compares empty cells: 8 alone, 4 on a tie (ruling R24)."""
    spec = catalog().prestige_card(P.P03)
    expected = (Quantity.EMPTY_CELLS, 8, 4)
    assert expected == (spec.quantity, spec.points, spec.tie_points)


def p09_player(buildings: int, freedoms: int, works: int) -> PlayerState:
    """A P09 holder with the given buildings, freedoms and works."""
    tiles = (Building.UNIVERSITY, Building.LIBRARY, Building.TOWER, Building.CHAPEL)
    return PlayerState(
        money=0,
        principality=principality_of(*tiles[:buildings]),
        freedoms=tuple(Freedom)[:freedoms],
        table_persons=(PersonId.ACTOR, PersonId.POET, PersonId.DOCTOR)[: min(works, 3)],
        table_recruiting=max(works - 3, 0),
        prestige_cards=(P.P09,),
    )


@pytest.mark.parametrize(
    ("counts", "expected"),
    [((4, 2, 4), 6), ((3, 2, 4), 0), ((4, 1, 4), 0), ((4, 2, 3), 0), ((4, 3, 4), 6)],
)
def test_threshold_card_boundaries(counts: tuple[int, int, int], expected: int) -> None:
    """P09 needs 4 buildings, 2 freedoms, 4 works; recruiting cards are works (R24)."""
    assert expected == prestige_card_points(P.P09, 0, (p09_player(*counts),))


def test_threshold_p13_met() -> None:
    """P13: 1 builder, 1 jester and 2 landscapes score 7 (ruling R24)."""
    player = PlayerState(
        money=0,
        principality=principality_of(Landscape.PARK, Landscape.PARK),
        builders=1,
        jesters=1,
        prestige_cards=(P.P13,),
    )
    expected = 7
    assert expected == prestige_card_points(P.P13, 0, (player,))


def test_threshold_ignores_other_players() -> None:
    """P04: all three landscape types score 8, whoever else has them (ruling R24)."""
    owner = with_tiles(PlayerState(money=0, prestige_cards=(P.P04,)), *_SOME_LANDSCAPES)
    expected = 8
    assert expected == prestige_card_points(P.P04, 0, (owner, owner, owner))


def test_end_scores_per_seat_in_order_held() -> None:
    """Every held prestige card is scored, per seat, in the order held (ruling R24)."""
    first = attrs.evolve(rulebook_prestige_player(), prestige_cards=(P.P09, P.P02, P.P04))
    second = PlayerState(money=0)
    third = attrs.evolve(nobody(), prestige_cards=(P.P12,))
    expected = (((P.P09, 6), (P.P02, 5), (P.P04, 0)), (), ((P.P12, 0),))
    assert expected == end_scores((first, second, third))


def test_best_work_single() -> None:
    """The single best work value gets the prize (ruling R20)."""
    expected = (17, (2,))
    assert expected == best_work((12, 0, 17, 15))


def test_best_work_tie_shared() -> None:
    """Every player tied for the best work gets the prize (ruling R20)."""
    expected = (15, (0, 3))
    assert expected == best_work((15, 12, 0, 15))


def test_best_work_nobody_worked() -> None:
    """No works this phase: nobody gets the prize (ruling R20)."""
    expected = (0, ())
    assert expected == best_work((0, 0, 0))


def test_best_work_of_no_seat_at_all() -> None:
    """An empty record (no seats) is no work either, and no prize."""
    assert (0, ()) == best_work(())


def test_best_work_of_value_one_still_wins() -> None:
    """Any positive value is a work: 1 beats 0 and is shared on a tie."""
    assert (1, (0, 2)) == best_work((1, 0, 1))


def test_outcome_of_no_players_has_no_winner() -> None:
    """Comparing nobody gives empty tallies and no winner."""
    assert Outcome(prestige=(), money=(), winners=()) == outcome_of(())


def test_outcome_highest_prestige_wins() -> None:
    """The most prestige wins, whatever the money (ruling R24)."""
    players = (
        PlayerState(money=5000, prestige=40),
        PlayerState(money=100, prestige=41),
        PlayerState(money=900, prestige=12),
    )
    expected = Outcome(prestige=(40, 41, 12), money=(5000, 100, 900), winners=(1,))
    assert expected == outcome_of(players)


def test_outcome_money_breaks_tie() -> None:
    """Tied on prestige, the most money wins (ruling R24)."""
    players = (
        PlayerState(money=700, prestige=50),
        PlayerState(money=1200, prestige=50),
        PlayerState(money=3000, prestige=49),
    )
    outcome = outcome_of(players)
    expected = ((1,), (1, 0, 2))
    assert expected == (outcome.winners, outcome.ranking)


def test_outcome_full_tie_shared() -> None:
    """Tied on prestige and money, the win is shared (ruling R24)."""
    players = (
        PlayerState(money=300, prestige=30),
        PlayerState(money=800, prestige=45),
        PlayerState(money=800, prestige=45),
        PlayerState(money=800, prestige=44),
    )
    outcome = outcome_of(players)
    expected = ((1, 2), (1, 2, 3, 0))
    assert expected == (outcome.winners, outcome.ranking)


def test_outcome_ranking_ties_in_seat_order() -> None:
    """Players tied on both keys are ranked in seat order (ruling R24)."""
    players = (PlayerState(money=0, prestige=5),) * 3
    outcome = outcome_of(players)
    expected = ((0, 1, 2), (0, 1, 2))
    assert expected == (outcome.winners, outcome.ranking)
