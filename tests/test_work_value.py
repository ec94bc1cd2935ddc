"""Tests of counting, bonus card values and work values (ruling R19, components.md)."""

from __future__ import annotations

import attrs
import pytest

from factories import (
    RULEBOOK_WORKER,
    principality_of,
    rulebook_bonus_player,
)
from princes_of_florence.errors import PrincesOfFlorenceError
from princes_of_florence.ids import (
    BonusCardId,
    Building,
    Freedom,
    Landscape,
    PersonId,
    PrestigeCardId,
    Quantity,
)
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.work_value import (
    WorkBreakdown,
    bonus_value,
    max_work_value,
    minimum_work,
    quantities,
    quantity,
    work_breakdown,
)
from princes_of_florence.state import PlayerState

RULEBOOK_BONUS_VALUES: dict[BonusCardId, int] = dict(
    zip(BonusCardId, (5, 4, 3, 5, 6, 3, 4, 2, 0, 4, 0, 2, 4, 3, 2, 3, 4, 5, 2, 3), strict=True)
)
"""The rulebook's worked example of every bonus card, B01 to B20."""


def poet_player() -> PlayerState:
    """Player A of the rulebook's work example: about to let the poet work in round 3."""
    return PlayerState(
        money=0,
        principality=principality_of(Building.THEATER),
        jesters=2,
        freedoms=(Freedom.TRAVEL,),
        hand_persons=(PersonId.POET,),
        hand_recruiting=1,
        table_persons=(PersonId.BOTANIST, PersonId.ALCHEMIST),
    )


@pytest.mark.parametrize(("card", "expected"), RULEBOOK_BONUS_VALUES.items())
def test_bonus_card_rulebook_example(card: BonusCardId, expected: int) -> None:
    """Each bonus card adds its rulebook example value to the example work (ruling R19)."""
    assert expected == bonus_value(card, rulebook_bonus_player(), RULEBOOK_WORKER)


@pytest.mark.parametrize(("card", "expected"), RULEBOOK_BONUS_VALUES.items())
def test_bonus_card_example_recorded_in_catalog(card: BonusCardId, expected: int) -> None:
    """The catalog records the rulebook's example value of each bonus card (ruling R19)."""
    assert expected == catalog().bonus_card(card).example


@pytest.mark.parametrize("card", BonusCardId)
def test_bonus_card_worker_still_in_hand(card: BonusCardId) -> None:
    """A working person still in hand counts as on the table: same values (ruling R19)."""
    player = rulebook_bonus_player(worker_in_hand=True)
    expected = RULEBOOK_BONUS_VALUES[card]
    assert expected == bonus_value(card, player, RULEBOOK_WORKER)


def test_poet_example_breakdown() -> None:
    """The rulebook's poet example: 4 + 0 + 3 + 4 + 4 = 15 (ruling R19)."""
    expected = WorkBreakdown(
        person=PersonId.POET, building=4, landscape=0, freedom=3, jesters=4, persons=4
    )
    assert expected == work_breakdown(poet_player(), PersonId.POET)


def test_poet_example_reaches_round_three_minimum() -> None:
    """The poet's 15 reaches round 3's minimum of 12 (ruling R19)."""
    expected = (15, 12)
    assert expected == (work_breakdown(poet_player(), PersonId.POET).total, minimum_work(3))


def test_poet_example_same_once_laid_out() -> None:
    """The poet counts once whether still in hand or already on the table (ruling R19)."""
    player = poet_player()
    laid_out = attrs.evolve(
        player,
        hand_persons=(),
        table_persons=(*player.table_persons, PersonId.POET),
    )
    expected = work_breakdown(player, PersonId.POET)
    assert expected == work_breakdown(laid_out, PersonId.POET)


def test_landscape_counts_with_one_tile() -> None:
    """One tile of the person's landscape gives +3 (ruling R19)."""
    player = attrs.evolve(poet_player(), principality=principality_of(Landscape.LAKE))
    expected = 3
    assert expected == work_breakdown(player, PersonId.POET).landscape


def test_landscape_counts_once_for_many_tiles() -> None:
    """Several tiles of the person's landscape still give +3, with no building (ruling R19)."""
    player = attrs.evolve(
        poet_player(), principality=principality_of(Landscape.LAKE, Landscape.LAKE)
    )
    breakdown = work_breakdown(player, PersonId.POET)
    expected = (0, 3)
    assert expected == (breakdown.building, breakdown.landscape)


def test_rulebook_worker_breakdown() -> None:
    """The bonus example's worker: university and forest, no opinion, 5 cards (ruling R19)."""
    expected = WorkBreakdown(
        person=RULEBOOK_WORKER, building=4, landscape=3, freedom=0, jesters=0, persons=5
    )
    assert expected == work_breakdown(rulebook_bonus_player(), RULEBOOK_WORKER)


def test_breakdown_with_bonus_cards() -> None:
    """Bonus cards played join the breakdown in order, valued as played (ruling R19)."""
    cards = (BonusCardId.B20, BonusCardId.B07, BonusCardId.B19)
    breakdown = work_breakdown(rulebook_bonus_player(), RULEBOOK_WORKER, cards)
    values = ((BonusCardId.B20, 3), (BonusCardId.B07, 4), (BonusCardId.B19, 2))
    expected = (values, 12 + 9)
    assert expected == (breakdown.bonus, breakdown.total)


def test_parts_order_and_names() -> None:
    """``parts`` lists the five base parts, each bonus card, then the extras (ruling R19)."""
    breakdown = WorkBreakdown(
        person=PersonId.POET,
        building=4,
        landscape=3,
        freedom=0,
        jesters=2,
        persons=5,
        bonus=((BonusCardId.B07, 4), (BonusCardId.B11, 2)),
        extra=(("muse", 3),),
    )
    expected = (
        ("building", 4),
        ("landscape", 3),
        ("freedom", 0),
        ("jesters", 2),
        ("persons", 5),
        ("B07", 4),
        ("B11", 2),
        ("muse", 3),
    )
    assert expected == breakdown.parts()


def test_total_is_sum_of_parts() -> None:
    """``total`` adds every part, bonus cards and extras included (ruling R19)."""
    breakdown = WorkBreakdown(
        person=PersonId.POET,
        building=4,
        landscape=3,
        freedom=3,
        jesters=2,
        persons=5,
        bonus=((BonusCardId.B07, 4),),
        extra=(("muse", 6),),
    )
    expected = 27
    assert expected == breakdown.total == sum(value for _, value in breakdown.parts())


def test_max_work_value_plays_every_bonus_card() -> None:
    """The maximum plays every bonus card in hand (ruling R19)."""
    cards = (BonusCardId.B01, BonusCardId.B09, BonusCardId.B18)
    player = attrs.evolve(rulebook_bonus_player(), hand_bonus=cards)
    expected = 12 + 5 + 0 + 5
    assert expected == max_work_value(player, RULEBOOK_WORKER)


def test_max_work_value_without_bonus_cards() -> None:
    """Without bonus cards the maximum is the plain work value (ruling R19)."""
    expected = 15
    assert expected == max_work_value(poet_player(), PersonId.POET)


@pytest.mark.parametrize(
    ("round_", "expected"), [(1, 7), (2, 10), (3, 12), (4, 14), (5, 15), (6, 16), (7, 17)]
)
def test_minimum_work(round_: int, expected: int) -> None:
    """The minimum work value of each round (components.md, ruling R19)."""
    assert expected == minimum_work(round_)


@pytest.mark.parametrize("round_", [0, 8])
def test_minimum_work_outside_the_game(round_: int) -> None:
    """A round outside 1 to 7 is refused with its number named."""
    with pytest.raises(PrincesOfFlorenceError) as error:
        minimum_work(round_)
    assert f"round {round_} is not a round of the game (1 to 7)" == str(error.value)


def test_one_building_of_each_class_counts_each_class_once() -> None:
    """One large building alone is one size class; with a medium and a small one, three."""
    large = PlayerState(money=0, principality=principality_of(Building.UNIVERSITY))
    assert (1, 1, 0, 0, 1) == tuple(
        quantity(large, q)
        for q in (
            Quantity.BUILDINGS,
            Quantity.LARGE_BUILDINGS,
            Quantity.MEDIUM_BUILDINGS,
            Quantity.SMALL_BUILDINGS,
            Quantity.SIZE_CLASSES,
        )
    )
    each = PlayerState(
        money=0, principality=principality_of(Building.LABORATORY, Building.OPERA, Building.TOWER)
    )
    assert 3 == quantity(each, Quantity.SIZE_CLASSES)


def test_empty_player_counts() -> None:
    """A new player has 43 empty cells and nothing else; the palazzo is no building (R19)."""
    player = PlayerState(money=3500)
    counts = {q: quantity(player, q) for q in Quantity}
    expected = dict.fromkeys(Quantity, 0) | {Quantity.EMPTY_CELLS: 43}
    assert expected == counts


def test_rulebook_player_counts() -> None:
    """Every quantity of the bonus example's player, the worker on the table (ruling R19)."""
    expected = {
        Quantity.BUILDINGS: 5,
        Quantity.LARGE_BUILDINGS: 2,
        Quantity.MEDIUM_BUILDINGS: 1,
        Quantity.SMALL_BUILDINGS: 2,
        Quantity.SIZE_CLASSES: 3,
        Quantity.LANDSCAPES: 3,
        Quantity.FORESTS: 2,
        Quantity.LAKES: 1,
        Quantity.PARKS: 0,
        Quantity.LANDSCAPE_TYPES: 2,
        Quantity.FREEDOMS: 2,
        Quantity.JESTERS: 0,
        Quantity.BUILDERS: 2,
        Quantity.PRESTIGE_CARDS: 1,
        Quantity.CATEGORIES: 5,
        Quantity.HAND_PERSONS: 2,
        Quantity.WORKS: 3,
        Quantity.EMPTY_CELLS: 43 - (7 + 7 + 5 + 3 + 3) - (4 + 4 + 3),
    }
    player = rulebook_bonus_player()
    assert expected == {q: quantity(player, q, RULEBOOK_WORKER) for q in Quantity}


def test_categories_all_seven() -> None:
    """Every category present counts 7, each only once (B18, ruling R19)."""
    player = PlayerState(
        money=0,
        principality=principality_of(
            Landscape.FOREST, Landscape.FOREST, Landscape.LAKE, Landscape.PARK
        ),
        jesters=2,
        builders=1,
        freedoms=(Freedom.OPINION,),
        prestige_cards=(PrestigeCardId.P04,),
    )
    expected = 7
    assert expected == quantity(player, Quantity.CATEGORIES)


def test_persons_working_in_hand() -> None:
    """A working person in hand counts on the table instead (B19, B20, ruling R19)."""
    player = PlayerState(
        money=0,
        hand_persons=(PersonId.POET, PersonId.ACTOR),
        hand_recruiting=1,
        table_persons=(PersonId.DOCTOR,),
        table_recruiting=1,
    )
    raw = (quantity(player, Quantity.HAND_PERSONS), quantity(player, Quantity.WORKS))
    working = (
        quantity(player, Quantity.HAND_PERSONS, PersonId.POET),
        quantity(player, Quantity.WORKS, PersonId.POET),
    )
    expected = ((3, 2), (2, 3))
    assert expected == (raw, working)


def test_persons_working_on_table() -> None:
    """A working person already on the table changes no count (B19, B20, ruling R19)."""
    player = PlayerState(
        money=0,
        hand_persons=(PersonId.ACTOR,),
        table_persons=(PersonId.DOCTOR, PersonId.POET),
    )
    working = (
        quantity(player, Quantity.HAND_PERSONS, PersonId.POET),
        quantity(player, Quantity.WORKS, PersonId.POET),
    )
    expected = (1, 2)
    assert expected == working


def test_buildings_never_count_palazzo_or_landscapes() -> None:
    """Buildings count only building tiles: not the palazzo, not landscapes (R19)."""
    player = PlayerState(money=0, principality=principality_of(Building.LIBRARY, Landscape.FOREST))
    expected = (1, 1)
    assert expected == (quantity(player, Quantity.BUILDINGS), quantity(player, Quantity.LANDSCAPES))


def test_empty_cells_after_tiles() -> None:
    """Empty cells are 43 minus the cells the tiles cover (P03, ruling R24)."""
    player = PlayerState(money=0, principality=principality_of(Building.LABORATORY, Landscape.PARK))
    expected = 43 - 7 - 2
    assert expected == quantity(player, Quantity.EMPTY_CELLS)


def test_quantities_agree_with_quantity() -> None:
    """``quantities`` gives every count ``quantity`` gives, in one call (ruling R19)."""
    player = rulebook_bonus_player(worker_in_hand=True)
    expected = {q: quantity(player, q, RULEBOOK_WORKER) for q in Quantity}
    assert expected == dict(quantities(player, RULEBOOK_WORKER))
