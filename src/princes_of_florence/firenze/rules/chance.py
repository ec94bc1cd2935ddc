"""Explicit chance (option ``explicit_chance``): chance deals each card and draws each
brick as a move of its own, with the probabilities of the shuffled deck and the bag
(ruling ZR42), so that a search (OpenSpiel's) can see every chance event.

The draw pile then has no order: while start cards remain on top (Z21), the next
card is one of them, each remaining start card equally likely; after that, any card
of the pile.  Every brick is drawn uniformly from the bag.
"""

from __future__ import annotations

from collections import Counter

import attrs

from princes_of_florence.firenze.events import CardRevealed
from princes_of_florence.firenze.ids import COLOURS, Colour, Step, Title
from princes_of_florence.firenze.moves import DealCard, DrawBrick, Move
from princes_of_florence.firenze.rules.table import Slot, Table, bricks
from princes_of_florence.firenze.state import State

__all__ = ["chance_outcomes", "deal_card", "draw_brick"]


def chance_outcomes(state: State) -> tuple[tuple[Move, float], ...]:
    """The chance moves of ``state`` with their probabilities; ``()`` off a chance node."""
    if state.step is not Step.CHANCE:
        return ()
    pending = state.pending
    if pending.count:
        total = sum(state.bag)
        return tuple(
            (DrawBrick(COLOURS[c]), state.bag[c] / total) for c in range(6) if state.bag[c]
        )
    block = state.deck[: state.start_on_top] if state.start_on_top else state.deck
    counts = Counter(block)
    return tuple((DealCard(title), counts[title] / len(block)) for title in sorted(counts))


def deal_card(t: Table, title: Title) -> None:
    """Chance deals ``title`` onto the first empty row space (Z33); its bricks follow."""
    deck = list(t.deck)
    limit = t.start_on_top if t.start_on_top else len(deck)
    deck.pop(deck.index(title, 0, limit))
    t.deck = deck
    if t.start_on_top:
        t.start_on_top -= 1
    t.row.append(Slot(title, [0] * 6))
    slot = len(t.row) - 1
    count = min(t.catalog.constants.bricks_per_new_card, sum(t.bag))  # Z34
    resume = t.pending.resume
    assert resume is not None
    if not t.deck and t.discard:
        t.reshuffle(with_deck=False)  # ruling ZR13: "Sobald" the deck is used up
    if count:
        t.go(Step.CHANCE, attrs.evolve(t.pending, slot=slot, count=count))
    else:
        t.emit(CardRevealed(slot, title, bricks(t.row[slot].bricks)))
        t.refill(resume)


def draw_brick(t: Table, colour: Colour) -> None:
    """Chance draws a brick of ``colour`` from the bag onto the card being filled."""
    pending = t.pending
    t.bag[colour] -= 1
    card = t.row[pending.slot]
    card.bricks[colour] += 1
    if pending.count > 1:
        t.go(Step.CHANCE, attrs.evolve(pending, count=pending.count - 1))
        return
    resume = pending.resume
    assert resume is not None
    if pending.title is Title.GROSSHAENDLER:  # Z84: a redraw, then back to the decision
        t.go(resume)
        return
    t.emit(CardRevealed(pending.slot, card.title, bricks(card.bricks)))
    t.refill(resume)
