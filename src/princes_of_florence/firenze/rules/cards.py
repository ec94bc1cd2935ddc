"""Phase 1 (choose a card, rules Z27-Z36) and the action cards' effects (Z67-Z103).

Each function changes a :class:`~princes_of_florence.firenze.rules.table.Table`;
the moves were checked for legality before (:mod:`.legal`).
"""

from __future__ import annotations

import attrs

from princes_of_florence.firenze.events import CardTaken
from princes_of_florence.firenze.ids import CardKind, Colour, Step, Title
from princes_of_florence.firenze.rules.table import NO_BRICKS, Table, bricks, payment
from princes_of_florence.firenze.state import Pending

__all__ = [
    "ALL_PLAYER_EVENTS",
    "choose_card",
    "choose_tower",
    "discard_event_brick",
    "eligible",
    "pay_card_brick",
    "pay_tower",
    "play_alchemist",
    "play_grosshaendler",
    "play_patrizier",
    "play_saboteur",
    "play_schmuggler",
    "resolve_patrizier",
]

ALL_PLAYER_EVENTS = (Title.TRIBUT, Title.LUXUSSTEUER, Title.HOCHWASSER)
"""The events that hit every player (Z85, Z88, Z97), the subject of Yucata's change (Z99)."""


def eligible(t: Table, player: int) -> list[int]:
    """The bricks of ``player``'s supply an event may take: for the active player in
    phase 1, not those from the chosen card (ruling ZR11; Z85, Z86)."""
    supply = t.players[player].supply
    if player != t.active:
        return list(supply)
    protected = t.card_bricks
    return [supply[c] - protected[c] for c in range(6)]


# -- choosing and paying (Z27-Z31) ---------------------------------------------------


def choose_card(t: Table, slot: int, fuerstin: bool) -> None:
    """Choose the row card at ``slot``, playing a Fürstin with it or not (Z27, Z82, ZR25)."""
    if fuerstin:
        _play_person(t, Title.FUERSTIN)
    if fuerstin or slot == 0:
        _take(t, slot)  # ruling ZR25: the skipped cards receive no bricks
    else:
        t.go(Step.PAY_CARD, payment(slot, Colour.W, 0))


def pay_card_brick(t: Table, colour: Colour) -> None:
    """Pay one brick of the card cost onto the leftmost unpaid skipped card (Z29, ZR10)."""
    pending = t.pending
    t.me.supply[colour] -= 1
    t.row[pending.count].bricks[colour] += 1
    paid = pending.count + 1
    if paid == pending.slot:
        _take(t, pending.slot)  # Z30: paid before the card is taken
    else:
        t.go(Step.PAY_CARD, payment(pending.slot, Colour.W, paid))


def _take(t: Table, slot: int) -> None:
    """Take the card and its bricks and handle it by kind (Z31, ZR12)."""
    card = t.row.pop(slot)
    title, counts = card.title, card.bricks
    supply = t.me.supply
    for colour in range(6):
        supply[colour] += counts[colour]
    t.card_bricks = bricks(counts)  # ruling ZR11
    kind = t.kind(title)
    if kind is CardKind.EVENT:
        t.emit(CardTaken(t.active, title, bricks(counts), "event"))
        if Title.PATRIZIER in t.me.hand and Title.PATRIZIER not in t.played:
            t.go(Step.PATRIZIER, Pending(title=title))  # ruling ZR32 (a)
        else:
            _resolve_event(t, title)
        return
    if title is Title.DENKMAL:
        to = _denkmal(t)
    elif kind is CardKind.BUILDING:
        if title in t.me.buildings:  # Z72: no two identical buildings
            t.discard_card(title)
            to = "discard"
        else:
            t.me.buildings.append(title)
            to = "buildings"
    elif kind is CardKind.CHURCH:
        t.church = [*t.church, title]  # Z73
        if title is Title.CAMPANILE:
            t.bell = [False] * len(t.players)  # Z101, ruling ZR37.4
        to = "church"
    else:
        t.me.hand.append(title)  # Z70, Z71
        to = "hand"
    t.emit(CardTaken(t.active, title, bricks(counts), to))
    finish_phase_one(t)


def _denkmal(t: Table) -> str:
    """Give Denkmal to the sole owner of the tallest tower, else discard it (Z80, ZR26)."""
    tallest = [max((tower.height for tower in p.towers), default=0) for p in t.players]
    top = max(tallest)
    owners = [p for p, height in enumerate(tallest) if height == top]
    if top == 0 or len(owners) != 1:
        t.discard_card(Title.DENKMAL)
        return "discard"
    t.players[owners[0]].hand.append(Title.DENKMAL)
    return f"hand of {owners[0]}"


def finish_phase_one(t: Table) -> None:
    """Shift and refill the row, then go to phase 2 (Z33, ruling ZR12)."""
    t.card_bricks = NO_BRICKS
    t.refill(Step.EXCHANGE)


# -- events (Z69, Z81-Z100) -------------------------------------------------------------


def resolve_patrizier(t: Table, cancel: bool) -> None:
    """Cancel the event just chosen with a Patrizier, or let it act (Z32, ZR32 a)."""
    title = t.pending.title
    assert title is not None
    if cancel:
        _play_person(t, Title.PATRIZIER)
        t.discard_card(title)
        finish_phase_one(t)
    else:
        _resolve_event(t, title)


def _resolve_event(t: Table, title: Title) -> None:
    """Carry out the event ``title`` at once (Z69)."""
    if title in ALL_PLAYER_EVENTS:
        if t.config.event_discard == "automatic":  # Z99
            for player in t.seat_order():  # ruling ZR43
                _automatic(t, title, player)
        else:
            _printed_next(t, title, t.seat_order())
            return
    elif title in (Title.EINSTURZ, Title.PFUSCH):
        if t.me.towers:  # ZR27, ZR33: without a tower nothing happens
            t.go(Step.EVENT_TOWER, Pending(title=title))
            return
    elif title is Title.LAGERBRAND:
        can = eligible(t, t.active)
        need = t.catalog.constants.lagerbrand_bricks
        if sum(can) > need:
            t.go(Step.EVENT_BRICKS, Pending(title=title, count=need, decider=t.active))
            return
        t.to_bag(t.active, can, "Lagerbrand")  # ruling ZR30: all eligible bricks
    elif title is Title.RENAISSANCE:
        t.discard_card(title)
        t.reshuffle(with_deck=True)  # Z92: Renaissance included, before the refill
        finish_phase_one(t)
        return
    _end_event(t, title)


def _end_event(t: Table, title: Title) -> None:
    t.discard_card(title)  # Z69
    finish_phase_one(t)


def choose_tower(t: Table, tower: int) -> None:
    """Einsturz: demolish the tower entirely (Z81); Pfusch: take one brick (Z91)."""
    title = t.pending.title
    assert title is not None
    if title is Title.EINSTURZ:
        t.remove_tower(t.active, tower, "Einsturz")
    else:
        t.take_brick(t.active, tower)
    _end_event(t, title)


def _discard_order(t: Table, player: int) -> list[int]:
    """Colours in the order the automatic discard takes them (ruling ZR36)."""
    built = {tower.colour for tower in t.players[player].towers}
    return sorted(range(6), key=lambda c: (c in built, c))


def _pick(order: list[int], pool: list[int], count: int) -> list[int]:
    """``count`` bricks from ``pool`` taken in ``order`` of colours (ruling ZR36)."""
    taken = [0] * 6
    for colour in order:
        if not count:
            break
        k = min(pool[colour], count)
        taken[colour] = k
        count -= k
    return taken


def _automatic(t: Table, title: Title, player: int) -> None:
    """Yucata's automatic resolution of ``title`` for ``player`` (Z99, Z100, ZR31, ZR36)."""
    p = t.players[player]
    if title is Title.HOCHWASSER:
        pool = eligible(t, player)
        count = (sum(pool) + 2) // 3  # Z85: a third, rounded up
        t.to_bag(player, _pick(_discard_order(t, player), pool, count), "Hochwasser")
        return
    order = _discard_order(t, player)  # the tower colours when the event starts
    ranked = sorted(range(len(p.towers)), key=lambda i: (-p.towers[i].height, i))
    if title is Title.TRIBUT:
        paid = [0] * 6
        doomed = []
        for i in ranked:  # tallest first, older first at equal height
            colour = p.towers[i].colour
            if paid[colour] < p.supply[colour]:
                paid[colour] += 1
            else:
                doomed.append(i)
        t.to_bag(player, paid, "Tribut")
    else:
        c = t.catalog.constants
        taxed = [i for i in ranked if p.towers[i].height >= c.luxury_tax_min_height]
        paying = min(sum(p.supply) // c.luxury_tax_bricks, len(taxed))
        t.to_bag(player, _pick(order, p.supply, paying * c.luxury_tax_bricks), "Luxussteuer")
        doomed = taxed[paying:]
    for i in sorted(doomed, reverse=True):
        t.demolish(player, i, title.value)


def _printed_next(t: Table, title: Title, queue: list[int]) -> None:
    """The printed rule: the next affected player decides (Z100 [printed], ZR9, ZR43)."""
    c = t.catalog.constants
    while queue:
        player = queue.pop(0)
        rest = tuple(queue)
        p = t.players[player]
        if title is Title.HOCHWASSER:
            count = (sum(eligible(t, player)) + 2) // 3
            if count:
                t.go(
                    Step.EVENT_BRICKS, Pending(title=title, count=count, decider=player, queue=rest)
                )
                return
        elif title is Title.TRIBUT:
            if _tribut_from(t, player, 0, rest):
                return
        else:
            taxed = _taxed(t, player)
            paying = min(sum(p.supply) // c.luxury_tax_bricks, len(taxed))
            if paying and paying < len(taxed):
                t.go(
                    Step.EVENT_TOWERS_PAID,
                    Pending(title=title, count=paying, decider=player, queue=rest),
                )
                return
            if paying:
                t.go(
                    Step.EVENT_BRICKS,
                    Pending(
                        title=title,
                        count=paying * c.luxury_tax_bricks,
                        decider=player,
                        queue=rest,
                        chosen=tuple(taxed),
                    ),
                )
                return
            for i in sorted(taxed, reverse=True):
                t.demolish(player, i, title.value)
    _end_event(t, title)


def _taxed(t: Table, player: int) -> list[int]:
    least = t.catalog.constants.luxury_tax_min_height
    return [i for i, tower in enumerate(t.players[player].towers) if tower.height >= least]


def _tribut_from(t: Table, player: int, first: int, queue: tuple[int, ...]) -> bool:
    """Settle Tribut colour by colour from ``first``; True when ``player`` must choose."""
    p = t.players[player]
    for colour in range(first, 6):
        towers = [i for i, tower in enumerate(p.towers) if tower.colour == colour]
        have = p.supply[colour]
        if not towers:
            continue
        if 0 < have < len(towers):
            t.go(
                Step.EVENT_TOWERS_PAID,
                Pending(
                    title=Title.TRIBUT,
                    colour=Colour(colour),
                    count=have,
                    decider=player,
                    queue=queue,
                ),
            )
            return True
        paid = min(have, len(towers))
        counts = [0] * 6
        counts[colour] = paid
        t.to_bag(player, counts, "Tribut")
        for i in sorted(towers[paid:], reverse=True):
            t.demolish(player, i, "Tribut")
    return False


def pay_tower(t: Table, tower: int) -> None:
    """Printed rule: pay for ``tower`` under Tribut or Luxussteuer (Z100 [printed])."""
    pending = t.pending
    chosen = (*pending.chosen, tower)
    player = pending.decider
    if pending.count > 1:
        t.go(Step.EVENT_TOWERS_PAID, attrs.evolve(pending, count=pending.count - 1, chosen=chosen))
        return
    if pending.title is Title.TRIBUT:
        colour = pending.colour
        counts = [0] * 6
        counts[colour] = len(chosen)
        t.to_bag(player, counts, "Tribut")
        towers = t.players[player].towers
        doomed = [i for i, tw in enumerate(towers) if tw.colour == colour and i not in chosen]
        for i in sorted(doomed, reverse=True):
            t.demolish(player, i, "Tribut")
        if not _tribut_from(t, player, colour + 1, pending.queue):
            _printed_next(t, Title.TRIBUT, list(pending.queue))
        return
    per = t.catalog.constants.luxury_tax_bricks
    t.go(Step.EVENT_BRICKS, attrs.evolve(pending, count=len(chosen) * per, chosen=chosen))


def discard_event_brick(t: Table, colour: Colour) -> None:
    """Return one brick chosen for Lagerbrand or a printed-rule event (ZR30, Z100)."""
    pending = t.pending
    title = pending.title
    assert title is not None
    player = pending.decider
    counts = [0] * 6
    counts[colour] = 1
    t.to_bag(player, counts, title.value)
    if pending.count > 1:
        t.go(Step.EVENT_BRICKS, attrs.evolve(pending, count=pending.count - 1))
        return
    if title is Title.LAGERBRAND:
        _end_event(t, title)
        return
    if title is Title.LUXUSSTEUER:
        doomed = [i for i in _taxed(t, player) if i not in pending.chosen]
        for i in sorted(doomed, reverse=True):
            t.demolish(player, i, title.value)
    _printed_next(t, title, list(pending.queue))


# -- persons (Z70, ZR21) ----------------------------------------------------------------


def _play_person(t: Table, title: Title) -> None:
    """Play a person from the hand: it is discarded and counts as played this turn (Z70)."""
    t.me.hand.remove(title)
    t.played = [*t.played, title]
    t.discard_card(title)


def play_grosshaendler(t: Table, slot: int) -> None:
    """Return a row card's bricks to the bag and draw as many back (Z84, ZR29)."""
    _play_person(t, Title.GROSSHAENDLER)
    card = t.row[slot].bricks
    count = sum(card)
    for colour in range(6):
        t.bag[colour] += card[colour]
    if t.config.explicit_chance:  # chance draws the bricks one by one
        t.row[slot].bricks = [0] * 6
        pending = Pending(title=Title.GROSSHAENDLER, slot=slot, count=count, resume=t.step)
        t.go(Step.CHANCE, pending)
        return
    t.row[slot].bricks = t.draw_bricks(count, t.rng())


def play_alchemist(t: Table, give: Colour, take: Colour) -> None:
    """Swap a supply brick for a chosen bag brick (Z74, ZR24)."""
    _play_person(t, Title.ALCHEMIST)
    supply = t.me.supply
    supply[give] -= 1
    t.bag[give] += 1
    t.bag[take] -= 1
    supply[take] += 1


def play_schmuggler(t: Table, player: int, give: Colour, take: Colour) -> None:
    """Swap a supply brick with one of another player's supply (Z95, ZR35)."""
    _play_person(t, Title.SCHMUGGLER)
    mine = t.me.supply
    theirs = t.players[player].supply
    mine[give] -= 1
    theirs[give] += 1
    theirs[take] -= 1
    mine[take] += 1


def play_saboteur(t: Table, player: int, tower: int) -> None:
    """Return one brick of another player's tower to the bag (Z94, ZR34)."""
    _play_person(t, Title.SABOTEUR)
    t.take_brick(player, tower)


def play_patrizier(t: Table, title: Title) -> None:
    """Discard a hand card with a Patrizier (Z90 b, ZR32)."""
    _play_person(t, Title.PATRIZIER)
    t.me.hand.remove(title)
    t.discard_card(title)
