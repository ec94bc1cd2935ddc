"""Phases 3 and 4: the active Medici moves and scores (rules F95-F111)."""

from __future__ import annotations

from princes_of_florence.florenz.events import MediciMoved
from princes_of_florence.florenz.ids import Medici, Rank
from princes_of_florence.florenz.rules.common import CATALOG, Work, control_order

__all__ = ["giovanni_order", "move_medici", "score_queue"]


def _visit(work: Work, medici: Medici, location: int) -> None:
    """Head VP, the boast card and the spies at one location reached (F97-F102, FR37)."""
    sector = CATALOG.raw.disc[work.round - 1]
    queue = work.queues[location]
    if queue:  # rule F98: an empty queue does not score
        family, rank = queue[0]
        if not (
            medici is Medici.CONTESSINA
            and rank == Rank.DEBUTANT
            and not work.config.contessina_head_debutants
        ):  # ruling FR60
            work.score(family, sector.head_vp, "head")  # rule F97
    cups = work.cups[location]
    for field in (2, 1, 0):  # rules F100, F101: only the highest cup, on the way too
        owner = cups[field]
        if owner != -1:
            if work.has_member(owner, location):
                work.draw(owner, medici, boast=True)
            break
    spies = work.spies[location]
    if spies:  # rule F76, ruling FR23; in turn order from the start family (FR37)
        for family in sorted(spies, key=lambda f: (f - work.start) % work.count):
            work.draw(family, medici)


def move_medici(work: Work) -> None:
    """The active Medici travels along the route to its target (F95, F96, FR36)."""
    medici = CATALOG.medici_of_round[work.round - 1]  # ruling FR4: sector r is round r
    target = work.targets[medici]
    location = work.carriages[medici]
    route = []
    while location != target:
        location = CATALOG.successor[location]
        route.append(location)
    work.events.append(MediciMoved(medici, tuple(route)))
    for location in route:
        _visit(work, medici, location)
    work.carriages[medici] = target  # rule F104: carriages stay on the board


def score_queue(work: Work) -> None:
    """Cosimo's or Contessina's queue scoring at the destination (F105-F108)."""
    medici = CATALOG.medici_of_round[work.round - 1]
    values = CATALOG.raw.disc[work.round - 1].queue_vp
    for position, (family, rank) in enumerate(work.queues[work.targets[medici]]):
        if medici is Medici.CONTESSINA and rank == Rank.DEBUTANT:
            continue  # rule F108
        work.score(family, values[position], "queue")  # rule F107


def giovanni_order(work: Work) -> list[int]:
    """The families at Giovanni's destination in control order (F109-F111, FR38)."""
    return control_order(work.queues[work.targets[Medici.GIOVANNI]])
