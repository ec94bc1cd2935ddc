"""The solo game's automated family, Palla Strozzi (rules F123-F152,
rulings FR41-FR58, FR61, FR62, FR66).

Strozzi is family 1 and never decides: his turns run when his turn comes.
The only decision inside them is the player's choice of colour for card 5
on a tie (D7, F145).
"""

from __future__ import annotations

import random

from princes_of_florence.florenz.ids import ChanceKind, Medici, Rank, Stage
from princes_of_florence.florenz.rules.common import (
    CATALOG,
    STROZZI,
    StrozziWork,
    Work,
)
from princes_of_florence.florenz.state import ChanceStep

__all__ = [
    "PLAYER",
    "bonus_turn",
    "can_swap",
    "finish_place",
    "gain",
    "pass_strozzi",
    "play_card",
    "setup",
    "shuffle_deck",
    "turn",
]

PLAYER = 0
"""The player's family index in a solo game."""

_CARDS = {card.number: card for card in CATALOG.raw.strozzi}
_LETTERS = {"A": 0, "B": 1, "C": 2}
_COLOURS = {"orange": 1, "blue": 2}
_PREDECESSOR = [0] * 10
for _location in range(1, 10):
    _PREDECESSOR[CATALOG.successor[_location]] = _location
_FAMILY = CATALOG.raw.family


def _me(work: Work) -> StrozziWork:
    strozzi = work.strozzi
    assert strozzi is not None
    return strozzi


def _third(round_: int) -> int:
    """0 in rounds 1-3, 1 in 4-6, 2 in 7-9."""
    return (round_ - 1) // 3


def medici_of_letter(work: Work, letter: int) -> Medici:
    """Medici A, B or C of this round (F124): the Medici of sectors r, r+1, r+2 (at most 9)."""
    return CATALOG.medici_of_round[min(work.round + letter, _FAMILY.rounds) - 1]


def _targets(work: Work) -> list[int]:
    """The distinct targets of A, B and C, in that order (F124)."""
    found: list[int] = []
    for letter in range(3):
        target = work.targets[medici_of_letter(work, letter)]
        if target and target not in found:
            found.append(target)
    return found


def shuffle_deck(work: Work, cards: list[int]) -> None:
    """Shuffle ``cards`` with the game's seeded generator (FR3)."""
    rng = random.Random(f"{work.config.seed}:strozzi:{work.shuffles}")
    work.shuffles += 1
    cards.sort()
    rng.shuffle(cards)


def gain(work: Work, tile: int) -> int:
    """Strozzi's time gain in phase 1 (F131, FR43, F151, F152, FR57, FR58)."""
    if work.round == 1:
        base = 6  # rule F131, ruling FR43
        if work.config.easier:
            return base - 1
        return base + 1 if work.config.harder_more_time else base
    value = max(tile, 4)
    if work.config.easier:
        return max(tile - 1, 4)
    if work.config.harder_more_time:
        return min(value + 1, 9)
    return value


def _take(work: Work, rank: int, colour: int) -> None:
    """Take a piece of ``rank`` and ``colour`` from his board."""
    _me(work).supply[rank - 1][colour - 1] -= 1
    work.families[STROZZI].take(rank)


def _put_back(work: Work, rank: int, colour: int) -> None:
    _me(work).supply[rank - 1][colour - 1] += 1
    work.families[STROZZI].take(rank, -1)


def _supply_box(work: Work, rank: int, colour: int) -> None:
    """F150, FR56: with no piece of ``rank`` and ``colour`` on his board, return
    every piece of that colour not on a target location."""
    if _me(work).supply[rank - 1][colour - 1] > 0:
        return
    targets = {t for t in work.targets if t}
    for location in range(1, 10):
        if location in targets:
            continue
        position = len(work.queues[location]) - 1
        while position >= 0:
            family, piece_rank = work.queues[location][position]
            if family == STROZZI and work.colour(location, position) == colour:
                work.remove(location, position)
                _put_back(work, piece_rank, colour)
            position -= 1


def _place_one(work: Work, letter: int, rank: int, colour: int, front: bool) -> None:
    """Place one piece for a card of ``letter`` (F143, F144, F150, FR50, FR66)."""
    _supply_box(work, rank, colour)
    if _me(work).supply[rank - 1][colour - 1] <= 0:
        return  # ruling FR56: nothing to place
    order = [(letter + k) % 3 for k in range(3)]  # ruling FR50: A-B-C-A from the letter
    location = 0
    for each in order:
        target = work.targets[medici_of_letter(work, each)]
        if target and work.free(target) > 0:
            location = target
            break
    if not location:
        start = work.targets[medici_of_letter(work, 0)]
        here = start
        for _ in range(9):
            here = _PREDECESSOR[here]
            if work.free(here) > 0:
                location = here
                break
    if not location:
        return
    _take(work, rank, colour)
    work.insert(location, STROZZI, rank, front=front, colour=colour)


def _colour_count(work: Work, colour: int) -> int:
    me = _me(work)
    return sum(
        1
        for location in range(1, 10)
        for position, (family, _) in enumerate(work.queues[location])
        if family == STROZZI and me.colours[location][position] == colour
    )


def _place_card(work: Work, letter: int, colour: int) -> None:
    medici = medici_of_letter(work, letter)
    if medici is Medici.COSIMO:
        _place_one(work, letter, Rank.DEBUTANT, colour, front=True)  # rule F143
    elif medici is Medici.CONTESSINA:
        _place_one(work, letter, Rank.LADY, colour, front=False)
    else:
        _place_one(work, letter, Rank.DEBUTANT, 1, front=False)
        _place_one(work, letter, Rank.DEBUTANT, 2, front=False)


def finish_place(work: Work, colour: int) -> None:
    """Card 5 after the player chose ``colour`` on a tie (D7, FR51)."""
    me = _me(work)
    letter = me.card
    me.card = -1
    _place_card(work, letter, colour)


def _rearmost(work: Work, location: int, rank: int) -> int:
    queue = work.queues[location]
    for position in range(len(queue) - 1, -1, -1):
        if queue[position] == (STROZZI, rank):
            return position
    return -1


def _replace(work: Work, location: int, position: int, rank: int, colour: int) -> None:
    """Replace his piece at (location, position) by one of ``rank`` + 1 of ``colour``."""
    old = work.colour(location, position)
    work.remove(location, position)
    _put_back(work, rank, old)
    _take(work, rank + 1, colour)
    work.insert(location, STROZZI, rank + 1, colour=colour)  # ruling FR11


def _friend(work: Work) -> None:
    """Card 7 (F147, FR53)."""
    me = _me(work)
    targets = {t for t in work.targets if t}
    for location in _targets(work):
        queue = work.queues[location]
        has_lady = (STROZZI, Rank.LADY) in queue
        debutant = _rearmost(work, location, Rank.DEBUTANT)
        ladies_home = me.supply[1][0] + me.supply[1][1]
        if debutant >= 0 and not has_lady and ladies_home:
            colour = work.colour(location, debutant)
            if me.supply[1][colour - 1] <= 0:
                colour = 3 - colour
            _replace(work, location, debutant, Rank.DEBUTANT, colour)
            return
        lady = _rearmost(work, location, Rank.LADY)
        if lady >= 0:
            lady_colour = work.colour(location, lady)
            home = [c for c in (lady_colour, 3 - lady_colour) if me.supply[2][c - 1] > 0]
            returnable = [
                me.colours[loc][pos]
                for loc in range(1, 10)
                if loc not in targets
                for pos, piece in enumerate(work.queues[loc])
                if piece == (STROZZI, Rank.MAESTRO)
            ]
            if home:
                _replace(work, location, lady, Rank.LADY, home[0])
                return
            if returnable:
                colour = lady_colour if lady_colour in returnable else returnable[0]
                _supply_box(work, Rank.MAESTRO, colour)
                lady = _rearmost(work, location, Rank.LADY)
                _replace(work, location, lady, Rank.LADY, colour)
                return
    cups = me.cups
    _boast(work, 1 if cups[0] >= cups[1] else 2)  # card 7's fallback, components §12


def _boast(work: Work, colour: int) -> None:
    """Cards 8 and 9 (F148, FR54, FR61)."""
    me = _me(work)
    if me.cups[0] + me.cups[1] == 0:
        return  # no cup at all: nothing happens (our ruling)
    if me.cups[colour - 1] == 0:
        colour = 3 - colour  # ruling FR54
    third = _third(work.round)
    multiplier = third + (1 if work.config.easier else 2)  # rules F148, F151
    field = third
    location = work.carriages[medici_of_letter(work, 0)]
    for _ in range(9):
        location = CATALOG.successor[location]
        cups = work.cups[location]
        if cups[field] == -1 and STROZZI not in cups:
            kind = work.boast_tiles[location]
            per_item = CATALOG.raw.boast_tiles[CATALOG.boast_kinds.index(kind)].per_item
            base = work.config.strozzi_boast_vp or per_item  # ruling FR61
            work.score(STROZZI, base * multiplier, "boast")
            cups[field] = STROZZI
            me.cups[colour - 1] -= 1
            work.families[STROZZI].cups -= 1
            return


def _guard(work: Work) -> None:
    """Card 10 (F149, FR55)."""
    family = work.families[STROZZI]
    if work.round == _FAMILY.rounds or family.guards == 0:
        work.score(STROZZI, 2, "card")
        return
    medici = medici_of_letter(work, 1)
    target = work.targets[medici]
    here = target
    for _ in range(9):
        if medici is Medici.COSIMO:
            before = _PREDECESSOR[here]
            pair = (min(before, here), max(before, here))
            path = CATALOG.path_index.get(pair)
            if path is not None and not work.escorts[path]:
                work.escorts[path] = (*work.escorts[path], STROZZI)
                family.guards -= 1
                return
            here = before
        else:
            crests = work.spies if medici is Medici.CONTESSINA else work.doormen
            if not crests[here]:
                crests[here] = (*crests[here], STROZZI)
                family.guards -= 1
                return
            here = _PREDECESSOR[here]
    work.score(STROZZI, 2, "card")


def can_swap(work: Work, location: int) -> bool:
    """F136, FR46: his rearmost member at ``location`` has the player's
    member of its rank directly in front of it."""
    queue = work.queues[location]
    for position in range(len(queue) - 1, 0, -1):
        if queue[position][0] == STROZZI:
            front = queue[position - 1]
            return front[0] == PLAYER and front[1] == queue[position][1]
    return False


def pass_strozzi(work: Work) -> None:
    """Strozzi passes and places his ring (F134, FR44, FR47, F152)."""
    family = work.families[STROZZI]
    family.passed = True
    if not work.someone_passed:
        work.someone_passed = True
        if work.config.harder_first_pass_time:
            family.gain_time(2)  # rule F152
    if work.families.all_passed():
        return  # rule F53: the last to pass places no ring
    rings = {f.ring for f in work.families}
    free = [t for t in _targets(work) if t not in rings]
    swaps = [t for t in free if can_swap(work, t)]
    best = [t for t in swaps if not (work.queues[t] and work.queues[t][0][0] == STROZZI)]
    chosen = best or swaps
    family.ring = chosen[0] if chosen else 0


def bonus_turn(work: Work) -> None:
    """After passing: swap at his ring, else VP 1/2/3 (F136, F137)."""
    ring = work.families[STROZZI].ring
    if ring and can_swap(work, ring):
        queue = work.queues[ring]
        position = max(i for i, piece in enumerate(queue) if piece[0] == STROZZI)
        work.swap(ring, position - 1, position)
    else:
        work.score(STROZZI, _third(work.round) + 1, "bonus")


def _draw(work: Work) -> int:
    me = _me(work)
    me.drawn += 1
    assert me.drawn <= 6, "Strozzi draws at most 6 cards a round (ruling FR49)"
    return me.deck.pop(0)


def turn(work: Work) -> None:
    """One turn of Strozzi that has not passed (F133-F135, F143-F150); may
    leave a D7 decision for the player (card 5 on a tie)."""
    family = work.families[STROZZI]
    me = _me(work)
    giovanni_round = CATALOG.medici_of_round[work.round - 1] is Medici.GIOVANNI
    if (
        giovanni_round
        and family.time < 4
        and any(f == STROZZI for f, _ in work.queues[work.targets[Medici.GIOVANNI]])
    ):  # rule F135, ruling FR45
        pass_strozzi(work)
        return
    if family.time == 0:  # rule F134
        pass_strozzi(work)
        return
    first = me.drawn == 0
    if work.config.explicit_chance:
        work.chance.append(ChanceStep(ChanceKind.STROZZI_CARD, 1 if first else 0))
        return
    card = _draw(work)
    if card == 6 and first:  # rule F146, ruling FR62
        card = _draw(work)
        me.deck.append(6)
        shuffle_deck(work, me.deck)
    play_card(work, card)


def play_card(work: Work, card: int) -> None:
    """Strozzi pays and carries out ``card`` (F133, F143-F150)."""
    family = work.families[STROZZI]
    me = _me(work)
    giovanni_round = CATALOG.medici_of_round[work.round - 1] is Medici.GIOVANNI
    spec = _CARDS[card]
    family.time = max(0, family.time - spec.cost)  # rule F133
    me.discards.append(card)
    family.actions += 1
    if spec.action == "place":
        letter = _LETTERS[spec.medici]
        if spec.colour == "fewer":  # rule F145
            medici = medici_of_letter(work, letter)
            if medici is Medici.GIOVANNI:
                _place_card(work, letter, 1)
                return
            orange, blue = _colour_count(work, 1), _colour_count(work, 2)
            if orange == blue:
                me.card = letter
                work.stage = Stage.COLOUR  # D7
                work.player = PLAYER
                return
            _place_card(work, letter, 1 if orange < blue else 2)
        else:
            _place_card(work, letter, _COLOURS[spec.colour])
    elif spec.action == "celebrate":  # rule F146
        keep = 3 if giovanni_round else 0
        spent = max(0, family.time - keep)
        family.time -= spent
        if work.config.harder_celebration_vp:
            work.score(STROZZI, 2 * spent, "card")  # rule F152
        pass_strozzi(work)
    elif spec.action == "friend":
        _friend(work)
    elif spec.action == "boast":
        _boast(work, _COLOURS[spec.colour])
    else:
        _guard(work)


def setup(work: Work) -> None:
    """Strozzi's setup (F126-F130): his guards, then his two debutants."""
    if not work.config.easier:  # rule F151: the easier game starts without guards
        family = work.families[STROZZI]
        carriage = work.carriages[Medici.COSIMO]
        nxt = CATALOG.successor[carriage]
        pair = (1, 2) if carriage == 1 else (min(carriage, nxt), max(carriage, nxt))
        path = CATALOG.path_index[pair]
        work.escorts[path] = (STROZZI,)  # rule F129
        spy = work.targets[Medici.CONTESSINA]
        work.spies[spy] = (STROZZI,)
        door = work.targets[Medici.GIOVANNI]
        work.doormen[door] = (STROZZI,)
        family.guards -= 3
    for medici, colour in ((Medici.COSIMO, 1), (Medici.GIOVANNI, 2)):  # rule F130
        _take(work, Rank.DEBUTANT, colour)
        work.insert(work.targets[medici], STROZZI, Rank.DEBUTANT, colour=colour)
