"""The decisions D1-D5 and their moves: what is legal, why a move is not,
and what a move does (rules F31, F51-F94, F109-F111; rulings FR8-FR35,
FR38, FR59, FR64).

Every move kind has one check (:func:`problem`), which refuses a move with
the rule it breaks.  The decisions met most often (D2-D4) list their legal
moves directly, without trying every candidate; :func:`legal_moves_by_check`
lists them through the checks, the reference the direct listing is tested
against.
"""

from __future__ import annotations

from typing import assert_never

from princes_of_florence.florenz.events import Event, MoveMade
from princes_of_florence.florenz.ids import LOCATIONS, Medici, Rank, ScandalKind, Stage
from princes_of_florence.florenz.moves import (
    Accept,
    Boast,
    BonusSwap,
    BonusTime,
    BonusVP,
    Chance,
    ChooseColour,
    Decline,
    Discard,
    Gift,
    Hurry,
    Move,
    MoveMember,
    Pass,
    Place,
    PlayScandal,
    Promote,
    Second,
    Send,
    Step,
    Stop,
)
from princes_of_florence.florenz.rules import dealing, strozzi
from princes_of_florence.florenz.rules.common import (
    CATALOG,
    GRID_NEIGHBOURS,
    STROZZI,
    Rows,
    Work,
    achievement,
    boast_field,
    insertion_index,
)
from princes_of_florence.florenz.rules.phases import advance, begin_round, finish_offer
from princes_of_florence.florenz.state import GameState, Piece, Walk

__all__ = ["apply_move", "legal_moves", "legal_moves_by_check", "problem"]

_COSTS = CATALOG.raw.costs
_FAMILY = CATALOG.raw.family
_PATH_NEIGHBOURS = tuple(tuple(n for n, _ in CATALOG.neighbours[loc]) for loc in range(10))
_PATH = CATALOG.path_index
_TRAVEL_STEPS = 3
_HURRY_STEPS = 2
_ARGS = {
    ScandalKind.FIG_GUARD: 2,
    ScandalKind.FIG_TELEPORT: 3,
    ScandalKind.FIG_TRAVEL: 3,
    ScandalKind.FIG_DEBUTANT: 1,
    ScandalKind.CAR_GIFT: 2,
    ScandalKind.CAR_SWAP: 4,
    ScandalKind.CAR_PROMOTE: 2,
    ScandalKind.CAR_ADVANCE: 2,
    ScandalKind.MES_CUP: 1,
    ScandalKind.MES_SWAP: 3,
    ScandalKind.MES_RETIRE: 2,
    ScandalKind.MES_BOAST: 1,
}

Queues = tuple[tuple[Piece, ...], ...] | list[list[Piece]] | Rows[Piece]

# The moves legal_moves lists, made once (moves are values): by location, and
# by queue position, each with the destination it reaches along a path.
_POSITIONS = range(16)  # more than any queue holds (F29)
_PASSES = tuple(Pass(loc) for loc in range(10))
_SENDS = tuple(Send(loc) for loc in range(10))
_BOASTS = tuple(Boast(loc) for loc in range(10))
_PROMOTES = tuple(tuple(Promote(loc, pos) for pos in _POSITIONS) for loc in range(10))
_MOVE_MEMBERS = tuple(
    tuple(
        tuple((to, MoveMember(loc, pos, to)) for to in _PATH_NEIGHBOURS[loc]) for pos in _POSITIONS
    )
    for loc in range(10)
)
_HURRIES = tuple(
    tuple(tuple((to, Hurry(loc, pos, to)) for to in _PATH_NEIGHBOURS[loc]) for pos in _POSITIONS)
    for loc in range(10)
)
_HURRY_MOVES = tuple(
    tuple(tuple(move for _, move in _HURRIES[loc][pos]) for pos in _POSITIONS) for loc in range(10)
)
_BONUS_SWAPS = tuple(BonusSwap(pos) for pos in _POSITIONS)
_BONUS_REST = (BonusTime(), BonusVP())
_DISCARDS = {kind: Discard(kind) for kind in ScandalKind}
_STEPS = tuple(Step(to) for to in range(10))
_STOP = Stop()
_MEDICI = tuple(Medici)
# Enum members read once: Python 3.11 reads a member from its class through
# EnumType.__getattr__, several times slower than a module global.
_ACTION, _BONUS, _HURRY, _TRAVEL = Stage.ACTION, Stage.BONUS, Stage.HURRY, Stage.TRAVEL
_OVER, _CHANCE, _SETUP, _COLOUR = Stage.OVER, Stage.CHANCE, Stage.SETUP, Stage.COLOUR


def _path(a: int, b: int) -> int:
    return _PATH[(a, b) if a < b else (b, a)]


def _own(state: GameState, location: int, position: int) -> int:
    """The rank of the deciding family's member at (location, position); 0 if none."""
    if location not in LOCATIONS:
        return 0
    queue = state.queues[location]
    if not 0 <= position < len(queue) or queue[position][0] != state.player:
        return 0
    return queue[position][1]


def _crests(medici: Medici) -> range:
    return range(len(CATALOG.paths)) if medici is Medici.COSIMO else range(1, 10)


def _guards_at(state: GameState, medici: Medici) -> tuple[tuple[int, ...], ...]:
    if medici is Medici.COSIMO:
        return state.escorts
    return state.spies if medici is Medici.CONTESSINA else state.doormen


def _gift_problem(state: GameState, medici: Medici, crest: int, card: bool) -> str | None:
    family = state.families[state.player]
    if family.gifts < 1:
        return "the family has no gift on its board (rule F66)"
    if not card and not any(f == state.player for f, _ in state.queues[state.carriages[medici]]):
        return "no own member is at that Medici's carriage (rule F67)"
    if family.time < _COSTS.gift_base + family.given[medici]:
        return "too little time for the gift (rules F39, F68)"
    guards = _guards_at(state, medici)
    free = [c for c in _crests(medici) if not guards[c]]
    if family.guards and free:
        if crest not in free:
            return "the guard must go on a free crest of that Medici (rule F70, ruling FR17)"
    elif crest != -1:
        return "no guard can be placed: crest must be -1 (ruling FR17)"
    return None


Ways = tuple[tuple[int, ...], ...]


def _ways(state: GameState | Work) -> Ways:
    """By location, where a member of the deciding family may move along a
    path: every path, except in the harder solo game those with a Strozzi
    guard for the player (F152)."""
    if not state.config.harder_escorts:
        return _PATH_NEIGHBOURS
    return tuple(
        tuple(n for n in _PATH_NEIGHBOURS[loc] if STROZZI not in state.escorts[_path(loc, n)])
        for loc in range(10)
    )


def _can_finish(
    queues: Queues, location: int, steps: int, most: int, capacity: int, ways: Ways
) -> bool:
    """Whether a piece at ``location`` after ``steps`` steps can still end its
    walk legally within ``most`` steps (ruling FR64)."""
    if steps >= 1 and len(queues[location]) < capacity:
        return True
    if steps < most:
        return any(_can_finish(queues, n, steps + 1, most, capacity, ways) for n in ways[location])
    return False


def _placed(state: GameState, walk: Walk) -> tuple[list[list[Piece]], int]:
    """The queues after the walking piece stops where it is, and its position."""
    queues = [list(q) for q in state.queues]
    ahead = state.player in state.doormen[walk.location]
    index = insertion_index(queues[walk.location], walk.rank, ahead)
    queues[walk.location].insert(index, (state.player, walk.rank))
    return queues, index


def _second_walks(
    queues: Queues, family: int, capacity: int, exclude: tuple[int, int], ways: Ways
) -> bool:
    """Whether another member can start a travel walk with a completion (FR64)."""
    for location in LOCATIONS:
        for position, (owner, _) in enumerate(queues[location]):
            if owner == family and (location, position) != exclude:
                rest = [list(q) for q in queues]
                rest[location].pop(position)
                for to in ways[location]:
                    if _can_finish(rest, to, 1, _TRAVEL_STEPS, capacity, ways):
                        return True
    return False


def _travel_first_ok(state: GameState, location: int, position: int, to: int) -> bool:
    queues = [list(q) for q in state.queues]
    queues[location].pop(position)
    return _can_finish(queues, to, 1, _TRAVEL_STEPS, state.capacity, _ways(state))


def _card_problem(state: GameState, kind: ScandalKind, args: tuple[int, ...]) -> str | None:
    """Whether the card's effect can be carried out with ``args`` (F83-F94, FR19)."""
    family = state.families[state.player]
    if len(args) != _ARGS[kind]:
        return f"the card takes {_ARGS[kind]} parameters (rule F71)"
    cost = CATALOG.scandal_cost[kind]
    if kind is not ScandalKind.CAR_GIFT and family.time < cost:
        return "too little time for the card (rules F39, F71)"
    cap = state.capacity
    queues = state.queues
    match kind:
        case ScandalKind.FIG_GUARD:
            crest_kind, crest = args
            if crest_kind not in (0, 1, 2):
                return "no such kind of crest (rule F83)"
            medici = Medici(crest_kind)
            if crest not in _crests(medici):
                return "no such crest (rule F83)"
            if family.guards < 1:
                return "the family has no guard on its board (ruling FR27)"
            if state.player in _guards_at(state, medici)[crest]:
                return "the family already has a guard on that crest (ruling FR27)"
        case ScandalKind.FIG_TELEPORT:
            location, position, to = args
            if not _own(state, location, position):
                return "no own member there (rule F84)"
            if to not in LOCATIONS or to == location or len(queues[to]) >= cap:
                return "the destination must differ and have a free space (ruling FR28)"
        case ScandalKind.FIG_TRAVEL:
            location, position, to = args
            if not _own(state, location, position):
                return "no own member there (rule F85)"
            if to not in _ways(state)[location]:
                return "no path leads there (rule F85, ruling FR29)"
            if not _travel_first_ok(state, location, position, to):
                return "the walk could not end on a free space (ruling FR64)"
        case ScandalKind.FIG_DEBUTANT:
            (location,) = args
            if family.debutants < 1:
                return "no debutant on the family board (ruling FR35)"
            if location not in LOCATIONS or not any(
                f == state.player and r >= Rank.LADY for f, r in queues[location]
            ):
                return "no own lady or maestro at that location (rule F94)"
            if len(queues[location]) >= cap:
                return "the queue is full (rule F50, ruling FR35)"
        case ScandalKind.CAR_GIFT:
            medici_index, crest = args
            if medici_index not in (0, 1, 2):
                return "no such Medici (rule F86)"
            return _gift_problem(state, Medici(medici_index), crest, card=True)
        case ScandalKind.CAR_SWAP:
            location, position, other, other_position = args
            rank = _own(state, location, position)
            if not rank:
                return "no own member there (rule F87)"
            if other not in GRID_NEIGHBOURS[location]:
                return "the other location is not orthogonally adjacent (rule F87, ruling FR31)"
            if not 0 <= other_position < len(queues[other]):
                return "no petitioner there (rule F87)"
            if queues[other][other_position][1] >= rank:
                return "the other petitioner must be of lower rank (rule F87)"
        case ScandalKind.CAR_PROMOTE:
            location, position = args
            if _own(state, location, position) != Rank.DEBUTANT:
                return "no own debutant there (rule F88)"
            if family.ladies < 1:
                return "no lady on the family board (rule F88, ruling FR10)"
        case ScandalKind.CAR_ADVANCE:
            location, position = args
            rank = _own(state, location, position)
            if not rank:
                return "no own member there (rule F89)"
            if position == 0 or queues[location][position - 1][1] != rank:
                return "the member is already at the front of its rank (rule F89)"
        case ScandalKind.MES_CUP:
            (location,) = args
            if location not in LOCATIONS or state.player not in state.cups[location]:
                return "no own cup on that boast tile (rule F91)"
        case ScandalKind.MES_SWAP:
            location, position, other = args
            if location not in LOCATIONS or not 0 <= position < other < len(queues[location]):
                return "no two petitioners there (rule F90)"
            a, b = queues[location][position], queues[location][other]
            if a[1] != b[1] or a[0] == b[0]:
                return "only two petitioners of one rank and two families (ruling FR32)"
        case ScandalKind.MES_RETIRE:
            location, position = args
            if not _own(state, location, position):
                return "no own member there (rule F93)"
        case ScandalKind.MES_BOAST:
            (location,) = args
            return _boast_problem(state, location, card=True)
        case _:
            assert_never(kind)
    return None


def _boast_problem(state: GameState, location: int, card: bool) -> str | None:
    family = state.families[state.player]
    if location not in LOCATIONS:
        return "no such location"
    if not card and not any(f == state.player for f, _ in state.queues[location]):
        return "no own member at that location (rule F60)"
    if not card and family.time < _COSTS.boast:
        return "too little time (rule F39)"
    if family.cups < 1:
        return "no boast cup left (rule F60)"
    if state.player in state.cups[location]:
        return "the family already has a cup on that tile (rule F60)"
    if boast_field(state, location, achievement(state, state.player, location)) < 0:
        return "no free field at or below the value (rule F62)"
    return None


_GUARD_ARGS: list[tuple[int, ...]] = [(m, c) for m in Medici for c in _crests(m)]
_LOCATION_ARGS: list[tuple[int, ...]] = [(loc,) for loc in LOCATIONS]
_GIFT_ARGS: list[tuple[int, ...]] = [(m, c) for m in Medici for c in (-1, *_crests(m))]


def _card_candidates(state: GameState, kind: ScandalKind) -> list[tuple[int, ...]]:
    """The argument tuples to try for ``kind`` (not to be changed: some are shared)."""
    own: list[tuple[int, ...]] = [
        (loc, pos)
        for loc in LOCATIONS
        for pos, (f, _) in enumerate(state.queues[loc])
        if f == state.player
    ]
    match kind:
        case ScandalKind.FIG_GUARD:
            return _GUARD_ARGS
        case ScandalKind.FIG_TELEPORT:
            return [(loc, pos, to) for loc, pos in own for to in LOCATIONS]
        case ScandalKind.FIG_TRAVEL:
            return [(loc, pos, to) for loc, pos in own for to in _ways(state)[loc]]
        case ScandalKind.FIG_DEBUTANT | ScandalKind.MES_CUP | ScandalKind.MES_BOAST:
            return _LOCATION_ARGS
        case ScandalKind.CAR_GIFT:
            return _GIFT_ARGS
        case ScandalKind.CAR_SWAP:
            return [
                (loc, pos, other, q)
                for loc, pos in own
                for other in GRID_NEIGHBOURS[loc]
                for q in range(len(state.queues[other]))
            ]
        case ScandalKind.CAR_PROMOTE | ScandalKind.CAR_ADVANCE | ScandalKind.MES_RETIRE:
            return own
        case ScandalKind.MES_SWAP:
            return [
                (loc, a, b)
                for loc in LOCATIONS
                for a in range(len(state.queues[loc]))
                for b in range(a + 1, len(state.queues[loc]))
            ]
        case _:
            assert_never(kind)


_EXPECTED: dict[Stage, tuple[type, ...]] = {
    Stage.SETUP: (Place,),
    Stage.ACTION: (Pass, Send, Promote, MoveMember, Hurry, Boast, Gift, PlayScandal),
    Stage.HURRY: (Step, Second),
    Stage.TRAVEL: (Step, Second, Stop),
    Stage.BONUS: (BonusSwap, BonusTime, BonusVP),
    Stage.GIOVANNI: (Accept, Decline),
    Stage.COLOUR: (ChooseColour,),
    Stage.CHANCE: (Chance,),
}
"""The move kinds of each decision (the engine contract's D1-D5)."""


def problem(state: GameState, move: Move) -> str | None:
    """Why ``move`` is not legal now, naming the rule; ``None`` if it is."""
    stage = state.stage
    if stage is Stage.OVER:
        return "the game is over (rule F118)"
    family = state.families[state.player]
    if stage is Stage.CHANCE:
        if not isinstance(move, Chance):
            return "chance deals now (ruling FR3)"
        if move.value not in {value for value, _ in dealing.outcomes(state)}:
            return "chance cannot deal that now (ruling FR3)"
        return None
    if isinstance(move, Discard):
        if stage in (Stage.SETUP, Stage.COLOUR):
            return "cards are discarded only at decisions D2-D5 (ruling FR20)"
        if move.kind not in family.hand:
            return "no such card in the family's hand (rule F72)"
        return None
    if not isinstance(move, _EXPECTED[stage]):
        return f"the family must now make a {stage.name.lower()} decision (engine contract)"
    capped = stage is Stage.ACTION and family.actions >= state.config.action_cap
    if capped and not isinstance(move, Pass):
        return "the action cap is reached: only Pass is legal (ruling FR59)"
    cap = state.capacity
    queues = state.queues
    match move:
        case Place(location):
            if location not in LOCATIONS or queues[location]:
                return "the first debutant goes on an empty queue (rule F31)"
        case Pass(location):
            last = all(f.passed for i, f in enumerate(state.families) if i != state.player)
            if last and location != 0:
                return "the last family to pass places no ring (rule F53)"
            if not last and (
                location not in LOCATIONS or any(f.ring == location for f in state.families)
            ):
                return "the ring goes on a location without a ring (rule F52)"
        case Send(location):
            if family.debutants < 1:
                return "no debutant on the family board (rule F55)"
            if location not in LOCATIONS or len(queues[location]) >= cap:
                return "the queue has no free space (rules F50, F55)"
            if family.time < _COSTS.send:
                return "too little time (rule F39)"
        case Promote(location, position):
            rank = _own(state, location, position)
            if not rank:
                return "no own member there (rule F56)"
            if rank == Rank.MAESTRO or (family.ladies, family.maestros)[rank - 1] < 1:
                return "the higher piece is not on the family board (rule F56, ruling FR10)"
            if family.time < _COSTS.promote:
                return "too little time (rule F39)"
        case MoveMember(location, position, to) | Hurry(location, position, to):
            if not _own(state, location, position):
                return "no own member there (rule F57)"
            if to not in _ways(state)[location]:
                return "no path leads there (rules F15, F57, F152)"
            if isinstance(move, MoveMember):
                if len(queues[to]) >= cap:
                    return "the destination queue is full (rules F50, F57)"
                if family.time < _COSTS.move:
                    return "too little time (rule F39)"
            else:
                if family.time < _COSTS.hurry:
                    return "too little time (rule F39)"
                # ruling FR13: every first step has a completion, since the
                # piece may step back to where it started (FR12), which it left free
        case Step(to):
            walk = state.walk
            assert walk is not None
            most = _TRAVEL_STEPS if walk.travel else _HURRY_STEPS
            if walk.between or walk.steps >= most:
                return "the piece has no step left (rules F59, F85)"
            if to not in _ways(state)[walk.location]:
                return "no path leads there (rules F15, F57, F152)"
            if not _can_finish(queues, to, walk.steps + 1, most, cap, _ways(state)):
                return "the walk could not end on a free space (ruling FR64)"
        case Second(location, position, to):
            walk = state.walk
            assert walk is not None
            if walk.second:
                return "two members are moved at most (rules F59, F85)"
            if walk.travel and not walk.between:
                return "the travel card stops its first member first (ruling FR64)"
            if walk.travel:
                placed, exclude = [list(q) for q in queues], walk.placed
            else:
                if len(queues[walk.location]) >= cap:
                    return "the first member cannot stop where it is (rule F59)"
                placed, index = _placed(state, walk)
                exclude = (walk.location, index)
            if not (
                location in LOCATIONS
                and 0 <= position < len(placed[location])
                and placed[location][position][0] == state.player
                and (location, position) != exclude
            ):
                return "no other own member there (rules F59, F85)"
            if to not in _ways(state)[location]:
                return "no path leads there (rules F15, F57, F152)"
            if walk.travel:
                placed[location].pop(position)
                if not _can_finish(placed, to, 1, _TRAVEL_STEPS, cap, _ways(state)):
                    return "the walk could not end on a free space (ruling FR64)"
            elif len(placed[to]) >= cap:
                return "the destination queue is full (rules F50, F59)"
        case Stop():
            walk = state.walk
            assert walk is not None
            if not walk.between and len(queues[walk.location]) >= cap:
                return "the piece cannot stop at a full queue (rule F50, ruling FR29)"
        case Boast(location):
            return _boast_problem(state, location, card=False)
        case Gift(medici, crest):
            return _gift_problem(state, medici, crest, card=False)
        case PlayScandal(kind, args):
            if kind not in family.hand:
                return "no such card in the family's hand (rule F71)"
            return _card_problem(state, kind, args)
        case BonusSwap(position):
            ring = family.ring
            queue = queues[ring] if ring else ()
            if not 0 <= position < len(queue) - 1:
                return "no two petitioners there at the ring (rule F54)"
            a, b = queue[position], queue[position + 1]
            if a[1] != b[1] or a[0] == b[0] or state.player not in (a[0], b[0]):
                return "only an own member and another family's of the same rank (ruling FR8)"
        case BonusTime() | BonusVP() | Decline():
            pass
        case ChooseColour(colour):
            if colour not in (1, 2):
                return "the colour is 1 (orange) or 2 (blue) (rule F145)"
        case Chance():  # pragma: no cover - handled above
            raise AssertionError(move)
        case Accept():
            offer = state.offer
            assert offer is not None
            cost = CATALOG.raw.disc[state.round - 1].rewards[offer.reward][0]
            if family.time < cost:
                return "too little time for Giovanni's reward (rules F39, F110, ruling FR38)"
        case _:  # pragma: no cover - Discard was handled above
            raise AssertionError(move)
    return None


def _candidates(state: GameState) -> list[Move]:
    stage = state.stage
    own = [
        (loc, pos)
        for loc in LOCATIONS
        for pos, (f, _) in enumerate(state.queues[loc])
        if f == state.player
    ]
    found: list[Move] = []
    if stage is Stage.SETUP:
        found.extend(Place(loc) for loc in LOCATIONS)
    elif stage is Stage.ACTION:
        found.append(Pass(0))
        found.extend(Pass(loc) for loc in LOCATIONS)
        found.extend(Send(loc) for loc in LOCATIONS)
        found.extend(Promote(loc, pos) for loc, pos in own)
        found.extend(MoveMember(a, p, t) for a, p in own for t in _PATH_NEIGHBOURS[a])
        found.extend(Hurry(a, p, t) for a, p in own for t in _PATH_NEIGHBOURS[a])
        found.extend(Boast(loc) for loc in LOCATIONS)
        for medici in Medici:
            found.extend(Gift(medici, c) for c in (-1, *_crests(medici)))
        for kind in sorted(set(state.families[state.player].hand)):
            found.extend(PlayScandal(kind, args) for args in _card_candidates(state, kind))
    elif stage in (Stage.HURRY, Stage.TRAVEL):
        walk = state.walk
        assert walk is not None
        found.extend(Step(t) for t in _PATH_NEIGHBOURS[walk.location])
        if walk.travel:
            found.append(Stop())
            queues: Queues = state.queues
        else:
            queues = (
                _placed(state, walk)[0]
                if state.capacity > len(state.queues[walk.location])
                else state.queues
            )
        for loc in LOCATIONS:
            for pos, (f, _) in enumerate(queues[loc]):
                if f == state.player:
                    found.extend(Second(loc, pos, t) for t in _PATH_NEIGHBOURS[loc])
    elif stage is Stage.BONUS:
        ring = state.families[state.player].ring
        if ring:
            found.extend(BonusSwap(p) for p in range(len(state.queues[ring]) - 1))
        found.extend((BonusTime(), BonusVP()))
    elif stage is Stage.GIOVANNI:
        found.extend((Accept(), Decline()))
    elif stage is Stage.COLOUR:
        found.extend((ChooseColour(1), ChooseColour(2)))
    return found


def legal_moves_by_check(state: GameState) -> tuple[Move, ...]:
    """:func:`legal_moves` computed the slow way: every candidate move kept
    if :func:`problem` finds nothing against it.  The reference the fast
    listing is tested against."""
    if state.stage is Stage.OVER:
        return ()
    if state.stage is Stage.CHANCE:
        return tuple(Chance(value) for value, _ in dealing.outcomes(state))
    moves = [m for m in _candidates(state) if problem(state, m) is None]
    if state.stage not in (Stage.SETUP, Stage.COLOUR):
        moves.extend(Discard(k) for k in sorted(set(state.families[state.player].hand)))
    return tuple(moves)


def _action_moves(state: GameState) -> list[Move]:
    """The legal moves of D2, listed directly (the same moves, in the same
    order, as the candidates that :func:`problem` accepts)."""
    me = state.player
    families = state.families
    family = families[me]
    queues = state.queues
    cap = state.capacity
    found: list[Move] = []
    last = True
    for index, other in enumerate(families):
        if index != me and not other.passed:
            last = False
            break
    if last:
        found.append(_PASSES[0])  # rule F53
    else:
        rings = {f.ring for f in families}
        found += [_PASSES[loc] for loc in LOCATIONS if loc not in rings]  # rule F52
    if family.actions >= state.config.action_cap:
        return found  # ruling FR59
    time = family.time
    room = [len(queue) < cap for queue in queues]  # by location: a free space (F50)
    if family.debutants and time >= _COSTS.send:
        found += [_SENDS[loc] for loc in LOCATIONS if room[loc]]
    own = [  # (location, position, rank) of each own member
        (loc, pos, rank)
        for loc in LOCATIONS
        for pos, (f, rank) in enumerate(queues[loc])
        if f == me
    ]
    if time >= _COSTS.promote:
        higher = (0, family.ladies, family.maestros, 0)
        found += [_PROMOTES[loc][pos] for loc, pos, rank in own if higher[rank]]
    ways = _ways(state)
    if ways is _PATH_NEIGHBOURS:  # every path
        if time >= _COSTS.move:
            found += [
                move for loc, pos, _ in own for to, move in _MOVE_MEMBERS[loc][pos] if room[to]
            ]
        if time >= _COSTS.hurry:
            for loc, pos, _ in own:
                found += _HURRY_MOVES[loc][pos]
    else:  # a subsequence of each, in its order (F152)
        if time >= _COSTS.move:
            found += [
                move
                for loc, pos, _ in own
                for to, move in _MOVE_MEMBERS[loc][pos]
                if room[to] and to in ways[loc]
            ]
        if time >= _COSTS.hurry:
            found += [
                move for loc, pos, _ in own for to, move in _HURRIES[loc][pos] if to in ways[loc]
            ]
    if time >= _COSTS.boast and family.cups:
        found += [_BOASTS[loc] for loc in _boastable(state, own)]
    if family.gifts:
        present = {loc for loc, _, _ in own}
        for medici in _MEDICI:
            if time < _COSTS.gift_base + family.given[medici]:
                continue
            if state.carriages[medici] not in present:
                continue  # rule F67
            guards = _guards_at(state, medici)
            free = [c for c in _CRESTS[medici] if not guards[c]]
            gifts = _GIFTS[medici]
            if family.guards and free:
                found += [gifts[c] for c in free]
            else:
                found.append(gifts[-1])
    hand = family.hand
    if hand:
        for kind in sorted(set(hand)):
            _card_moves(state, kind, own, room, found)
    return found


def _boastable(state: GameState, own: list[tuple[int, int, int]]) -> list[int]:
    """The locations, in order, where the deciding family has a member and no
    cup yet, and a cup for its achievement finds a field (F60-F62)."""
    me = state.player
    cups = state.cups
    found: list[int] = []
    last = 0
    for loc, _, _ in own:  # by location
        if loc == last:
            continue
        last = loc
        fields = cups[loc]
        # a free bottom field takes any value (F62): only a full bottom asks for the value
        if me not in fields and (
            fields[0] == -1 or boast_field(state, loc, achievement(state, me, loc)) >= 0
        ):
            found.append(loc)
    return found


_GIFTS = tuple({c: Gift(m, c) for c in (-1, *_crests(m))} for m in _MEDICI)
"""By Medici, its gifts by crest (-1: no guard placed)."""
_CRESTS = tuple(_crests(m) for m in _MEDICI)
_GUARD_PLAYS = tuple(
    (args[0], args[1], PlayScandal(ScandalKind.FIG_GUARD, args)) for args in _GUARD_ARGS
)
_GIFT_PLAYS = tuple(
    {args[1]: PlayScandal(ScandalKind.CAR_GIFT, args) for args in _GIFT_ARGS if args[0] == m}
    for m in _MEDICI
)
"""By Medici, the plays of the card F86 by crest (-1: no guard placed)."""
_LOCATION_PLAYS = {
    kind: tuple(PlayScandal(kind, args) for args in [(0,), *_LOCATION_ARGS])
    for kind in (ScandalKind.FIG_DEBUTANT, ScandalKind.MES_CUP, ScandalKind.MES_BOAST)
}
"""By card kind, its plays by location (index 0 unused)."""


def _card_moves(
    state: GameState,
    kind: ScandalKind,
    own: list[tuple[int, int, int]],
    room: list[bool],
    found: list[Move],
) -> None:
    """Append the legal plays of a card of ``kind``: the candidates of
    :func:`_card_candidates` that :func:`_card_problem` accepts, in their
    order, found without trying each."""
    me = state.player
    family = state.families[me]
    if kind is not ScandalKind.CAR_GIFT and family.time < CATALOG.scandal_cost[kind]:
        return  # rules F39, F71
    queues = state.queues
    match kind:
        case ScandalKind.FIG_GUARD:  # rule F83, ruling FR27
            if family.guards >= 1:
                by_medici = tuple(_guards_at(state, m) for m in _MEDICI)
                found += [move for m, c, move in _GUARD_PLAYS if me not in by_medici[m][c]]
        case ScandalKind.FIG_TELEPORT:  # rule F84, ruling FR28
            found += [
                PlayScandal(kind, (loc, pos, to))
                for loc, pos, _ in own
                for to in LOCATIONS
                if to != loc and room[to]
            ]
        case ScandalKind.FIG_TRAVEL:  # rule F85, rulings FR29, FR64
            ways = _ways(state)
            found += [
                PlayScandal(kind, (loc, pos, to))
                for loc, pos, _ in own
                for to in ways[loc]
                if (to != loc and room[to]) or _travel_first_ok(state, loc, pos, to)
            ]
        case ScandalKind.FIG_DEBUTANT:  # rule F94, ruling FR35
            if family.debutants >= 1:
                plays = _LOCATION_PLAYS[kind]
                seen: list[int] = []
                for loc, _, rank in own:
                    if rank >= Rank.LADY and room[loc] and loc not in seen:
                        seen.append(loc)
                        found.append(plays[loc])
        case ScandalKind.CAR_GIFT:  # rule F86, ruling FR30
            if family.gifts >= 1:
                for m in _MEDICI:
                    if family.time < _COSTS.gift_base + family.given[m]:
                        continue  # rules F39, F68
                    guards = _guards_at(state, m)
                    free = [c for c in _CRESTS[m] if not guards[c]]
                    gifts = _GIFT_PLAYS[m]
                    if family.guards and free:
                        found += [gifts[c] for c in free]
                    else:
                        found.append(gifts[-1])
        case ScandalKind.CAR_SWAP:  # rule F87, ruling FR31
            found += [
                PlayScandal(kind, (loc, pos, other, q))
                for loc, pos, rank in own
                for other in GRID_NEIGHBOURS[loc]
                for q, (_, theirs) in enumerate(queues[other])
                if theirs < rank
            ]
        case ScandalKind.CAR_PROMOTE:  # rule F88, ruling FR10
            if family.ladies >= 1:
                found += [
                    PlayScandal(kind, (loc, pos)) for loc, pos, rank in own if rank == Rank.DEBUTANT
                ]
        case ScandalKind.CAR_ADVANCE:  # rule F89
            found += [
                PlayScandal(kind, (loc, pos))
                for loc, pos, rank in own
                if pos and queues[loc][pos - 1][1] == rank
            ]
        case ScandalKind.MES_CUP:  # rule F91
            plays = _LOCATION_PLAYS[kind]
            found += [plays[loc] for loc in LOCATIONS if me in state.cups[loc]]
        case ScandalKind.MES_SWAP:  # rule F90, ruling FR32
            for loc in LOCATIONS:
                queue = queues[loc]
                size = len(queue)
                for a in range(size - 1):
                    family_a, rank_a = queue[a]
                    found += [
                        PlayScandal(kind, (loc, a, b))
                        for b in range(a + 1, size)
                        if queue[b][1] == rank_a and queue[b][0] != family_a
                    ]
        case ScandalKind.MES_RETIRE:  # rule F93
            found += [PlayScandal(kind, (loc, pos)) for loc, pos, _ in own]
        case ScandalKind.MES_BOAST:  # rule F92, ruling FR33
            if family.cups >= 1:
                plays = _LOCATION_PLAYS[kind]
                cups = state.cups
                found += [
                    plays[loc]
                    for loc in LOCATIONS
                    if me not in cups[loc]
                    and (
                        cups[loc][0] == -1
                        or boast_field(state, loc, achievement(state, me, loc)) >= 0
                    )
                ]
        case _:
            assert_never(kind)


def _walk_moves(state: GameState) -> list[Move]:
    """The legal moves of D3, listed directly (the same moves, in the same
    order, as the candidates that :func:`problem` accepts)."""
    walk = state.walk
    assert walk is not None
    me = state.player
    queues = state.queues
    cap = state.capacity
    ways = _ways(state)
    found: list[Move] = []
    most = _TRAVEL_STEPS if walk.travel else _HURRY_STEPS
    here = walk.location
    if not walk.between and walk.steps < most:  # rules F59, F85
        found += [
            _STEPS[to]
            for to in _PATH_NEIGHBOURS[here]
            if to in ways[here] and _can_finish(queues, to, walk.steps + 1, most, cap, ways)
        ]
    if walk.travel and (walk.between or len(queues[here]) < cap):
        found.append(_STOP)  # rule F50, ruling FR29
    if walk.second or (walk.travel and not walk.between):
        return found  # rules F59, F85, ruling FR64
    if walk.travel:
        placed: Queues = queues
        exclude = walk.placed
    elif len(queues[here]) >= cap:
        return found  # rule F59: the first member cannot stop where it is
    else:
        placed, index = _placed(state, walk)
        exclude = (here, index)
    for loc in LOCATIONS:
        for pos, (f, _) in enumerate(placed[loc]):
            if f != me or (loc, pos) == exclude:
                continue
            for to in _PATH_NEIGHBOURS[loc]:
                if to not in ways[loc]:
                    continue
                if walk.travel:
                    if not (to != loc and len(placed[to]) < cap):
                        rest = [list(q) for q in placed]
                        rest[loc].pop(pos)
                        if not _can_finish(rest, to, 1, _TRAVEL_STEPS, cap, ways):
                            continue  # ruling FR64
                elif len(placed[to]) >= cap:
                    continue  # rules F50, F59
                found.append(Second(loc, pos, to))
    return found


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move of the family to decide, in a fixed order: the
    decision's own moves, then the free discards (FR20) by card kind."""
    stage = state.stage
    if stage is _ACTION:
        moves = _action_moves(state)
    elif stage is _BONUS:
        moves = _bonus_moves(state)
    elif stage is _HURRY or stage is _TRAVEL:
        moves = _walk_moves(state)
    elif stage is _OVER:
        return ()
    elif stage is _CHANCE:
        return tuple(Chance(value) for value, _ in dealing.outcomes(state))
    else:
        moves = [m for m in _candidates(state) if problem(state, m) is None]
        if stage is _SETUP or stage is _COLOUR:
            return tuple(moves)  # no discards at D1 and D7 (ruling FR20)
    hand = state.families[state.player].hand
    if hand:
        moves += [_DISCARDS[k] for k in sorted(set(hand))]
    return tuple(moves)


def _bonus_moves(state: GameState) -> list[Move]:
    """The legal moves of D4, listed directly (the same moves, in the same
    order, as the candidates that :func:`problem` accepts)."""
    me = state.player
    found: list[Move] = []
    ring = state.families[me].ring
    if ring:
        queue = state.queues[ring]
        for position in range(len(queue) - 1):
            a, b = queue[position], queue[position + 1]
            if a[1] == b[1] and a[0] != b[0] and me in (a[0], b[0]):  # ruling FR8
                found.append(_BONUS_SWAPS[position])
    found.extend(_BONUS_REST)
    return found


def _step(work: Work, to: int) -> None:
    """The walking piece takes one step; escorts act after it (F75, FR64)."""
    walk = work.walk
    assert walk is not None
    work.cross(work.player, _path(walk.location, to))
    work.walk = Walk(walk.travel, walk.rank, to, walk.steps + 1, walk.second, walk.placed)


def _begin_walk(work: Work, travel: bool, location: int, position: int, to: int) -> None:
    _, rank = work.remove(location, position)
    work.walk = Walk(travel, rank, location, 0, False)
    work.stage = Stage.TRAVEL if travel else Stage.HURRY
    _step(work, to)


def _stop(work: Work) -> int:
    """The walking piece joins the queue where it is, as a newcomer (FR64)."""
    walk = work.walk
    assert walk is not None
    return work.insert(walk.location, work.player, walk.rank)


def _play(work: Work, kind: ScandalKind, args: tuple[int, ...]) -> bool:
    """Carry the card out (F83-F94); whether the action is complete."""
    me = work.player
    family = work.families[me]
    cost = CATALOG.scandal_cost[kind]
    if cost >= 0:
        family.time -= cost
    else:
        family.gain_time(-cost)  # rule F93
    work.discard(me, kind)
    match kind:
        case ScandalKind.FIG_GUARD:
            crest_kind, crest = args
            family.guards -= 1
            _add_guard(work, Medici(crest_kind), crest)
        case ScandalKind.FIG_TELEPORT:
            location, position, to = args
            _, rank = work.remove(location, position)
            work.insert(to, me, rank)  # rulings FR22, FR28: no escort
        case ScandalKind.FIG_TRAVEL:
            location, position, to = args
            _begin_walk(work, True, location, position, to)
            return False
        case ScandalKind.FIG_DEBUTANT:
            family.debutants -= 1
            work.insert(args[0], me, Rank.DEBUTANT)
        case ScandalKind.CAR_GIFT:
            _gift(work, Medici(args[0]), args[1])  # ruling FR30: a gift in every respect
        case ScandalKind.CAR_SWAP:
            location, position, other, other_position = args
            mine = work.queues[location][position]
            theirs = work.queues[other][other_position]
            work.remove(location, position)
            work.remove(other, other_position)
            colour = work.removed_colour
            work.insert(other, mine[0], mine[1])  # ruling FR31: both are newcomers
            work.insert(location, theirs[0], theirs[1], colour=colour)
        case ScandalKind.CAR_PROMOTE:
            _promote(work, args[0], args[1])
        case ScandalKind.CAR_ADVANCE:
            location, position = args
            _, rank = work.remove(location, position)
            work.insert(location, me, rank, front=True)
        case ScandalKind.MES_CUP:
            cups = work.cups[args[0]]
            cups[cups.index(me)] = -1
            family.cups += 1
        case ScandalKind.MES_SWAP:
            location, a, b = args
            work.swap(location, a, b)  # ruling FR65: no doorman acts
        case ScandalKind.MES_RETIRE:
            work.remove(args[0], args[1])
            family.retired += 1  # ruling FR34
        case ScandalKind.MES_BOAST:
            _boast(work, args[0])  # rule F92, ruling FR33
        case _:
            assert_never(kind)
    return True


def _add_guard(work: Work, medici: Medici, crest: int) -> None:
    # rules F73, F74; ruling FR18: a guard never leaves the board
    if medici is Medici.COSIMO:
        work.escorts[crest] = (*work.escorts[crest], work.player)
    elif medici is Medici.CONTESSINA:
        work.spies[crest] = (*work.spies[crest], work.player)
    else:
        work.doormen[crest] = (*work.doormen[crest], work.player)


def _gift(work: Work, medici: Medici, crest: int) -> None:
    family = work.families[work.player]
    family.time -= _COSTS.gift_base + family.given[medici]  # rule F68
    family.gifts -= 1
    family.given[medici] += 1  # rule F69
    if crest != -1:
        family.guards -= 1
        _add_guard(work, medici, crest)  # rule F70


def _promote(work: Work, location: int, position: int) -> None:
    family = work.families[work.player]
    _, rank = work.remove(location, position)
    family.take(rank, -1)  # ruling FR10: the replaced piece goes home
    family.take(rank + 1)
    work.insert(location, work.player, rank + 1)  # rule F49, ruling FR11: a newcomer


def _boast(work: Work, location: int) -> None:
    family = work.families[work.player]
    vp = achievement(work, work.player, location)  # ruling FR15
    field = boast_field(work, location, vp)
    work.score(work.player, vp, "boast")  # rule F61, ruling FR14
    family.cups -= 1
    work.cups[location][field] = work.player  # rule F64: the cup stays


def apply_move(state: GameState, move: Move) -> tuple[GameState, tuple[Event, ...]]:
    """The state after the legal ``move`` (the caller has checked it), and
    what happened."""
    work = Work.of(state)
    if not isinstance(move, Chance):
        work.events.append(MoveMade(state.player, move))
    me = work.player
    family = work.families[me]
    done = True
    match move:
        # the most frequent moves first (a class pattern is tried after another)
        case BonusTime():
            family.gain_time(_COSTS.pass_bonus_time)
        case BonusVP():
            work.score(me, _COSTS.pass_bonus_vp, "bonus")
        case Pass(location):
            family.passed = True
            family.ring = location
            if not work.someone_passed:
                work.someone_passed = True
                family.gain_time(_COSTS.first_pass_time)  # rule F52
                if work.strozzi is not None:
                    work.strozzi.player_first = True  # rule F152
        case MoveMember(location, position, to):
            family.time -= _COSTS.move
            _, rank = work.remove(location, position)
            work.insert(to, me, rank)  # rule F57
            work.cross(me, _path(location, to))  # rule F58
        case Send(location):
            family.time -= _COSTS.send
            family.debutants -= 1
            work.insert(location, me, Rank.DEBUTANT)  # rule F55
        case Hurry(location, position, to):
            family.time -= _COSTS.hurry  # ruling FR13: paid at the first step
            _begin_walk(work, False, location, position, to)
            done = False
        case Gift(medici, crest):
            _gift(work, medici, crest)
        case Second(location, position, to):
            walk = work.walk
            assert walk is not None
            if not walk.travel:
                _stop(work)
            _, rank = work.remove(location, position)
            work.walk = Walk(walk.travel, rank, location, 0, True)
            _step(work, to)
            if walk.travel:
                done = False
            else:
                _stop(work)
        case Step(to):
            _step(work, to)
            walk = work.walk
            assert walk is not None
            done = False
            if walk.steps == (_TRAVEL_STEPS if walk.travel else _HURRY_STEPS):
                done = _after_stop(work, _stop(work))
        case Boast(location):
            family.time -= _COSTS.boast
            _boast(work, location)
        case PlayScandal(kind, args):
            done = _play(work, kind, args)
        case Promote(location, position):
            family.time -= _COSTS.promote
            _promote(work, location, position)
        case BonusSwap(position):
            work.swap(family.ring, position, position + 1)  # ruling FR9: not entering
        case Discard(kind):
            work.discard(me, kind)
            family.gain_time(_COSTS.discard_time)  # rule F72
            return _finish(work)
        case Place(location):
            family.debutants -= 1
            work.insert(location, me, Rank.DEBUTANT)
            work.setup_order = work.setup_order[1:]
            if work.setup_order:
                work.player = work.setup_order[0]
            else:
                begin_round(work)
            return _finish(work)
        case Stop():
            walk = work.walk
            assert walk is not None
            done = True if walk.between else _after_stop(work, _stop(work))
        case Accept() | Decline():
            finish_offer(work, isinstance(move, Accept))
            return _finish(work)
        case Chance(value):
            dealing.resolve(work, value)
            return _finish(work)
        case ChooseColour(colour):
            strozzi.finish_place(work, colour)  # ruling FR51
            work.player = STROZZI
            work.stage = Stage.ACTION
            advance(work)
            return _finish(work)
        case _:
            assert_never(move)
    if isinstance(move, (Pass, Send, Promote, MoveMember, Hurry, Boast, Gift, PlayScandal)):
        family.actions += 1
    if done:
        advance(work)
    return _finish(work)


def _finish(work: Work) -> tuple[GameState, tuple[Event, ...]]:
    """The state a move leaves, at a chance node if random steps wait."""
    work.settle()
    return work.freeze(), tuple(work.events)


def _after_stop(work: Work, index: int) -> bool:
    """After a walking member stopped at queue position ``index``: whether the
    action is complete; the travel card may go on with a second member (FR64)."""
    walk = work.walk
    assert walk is not None
    if walk.second or not walk.travel:
        return True
    placed = (walk.location, index)
    if not _second_walks(work.queues, work.player, work.capacity, placed, _ways(work)):
        return True
    work.walk = Walk(True, walk.rank, walk.location, walk.steps, False, placed, True)
    return False
