"""What each family may see (the engine contract's hidden information),
event redaction and determinization for search bots.

Hidden: a family's plan card (until the final scoring) and the faces of the
scandal cards in its hand, from everyone else (F20, ruling FR26); the order
of every deck and of the tiles not yet on the disc, from everyone.  Open by
elimination: the backs of every hand, the size of every deck, the time values
left, and that the last three location tiles are the carriages' start
locations (F24).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import attrs

from princes_of_florence.florenz.engine import legal_moves
from princes_of_florence.florenz.events import CardDrawn, Event
from princes_of_florence.florenz.ids import Medici, ScandalKind, Stage
from princes_of_florence.florenz.moves import Move
from princes_of_florence.florenz.rules.common import CATALOG, STROZZI
from princes_of_florence.florenz.state import Family, GameState
from princes_of_florence.memo import IdentityMemo

__all__ = [
    "PlayerView",
    "determinize",
    "events_for",
    "observe",
    "public_events",
    "public_view",
    "view_moves",
]

_ROUNDS = CATALOG.raw.family.rounds


@attrs.frozen
class PlayerView:
    """What ``player`` sees of a game.

    Attributes:
        player: the family whose view this is.
        state: the state with what the family may not see removed: other
            families' hands are empty and their plan cards -1 (until the end),
            the decks empty, the tiles not yet on the disc 0.
        hands: the backs (Medici) of every family's cards, sorted.
        deck_sizes: the number of cards in each Medici's deck.
        carriage_starts: the three location tiles of rounds 7-9, sorted (F24).
    """

    player: int
    state: GameState
    hands: tuple[tuple[Medici, ...], ...]
    deck_sizes: tuple[int, int, int]
    carriage_starts: tuple[int, int, int]


def _visible_location_tiles(state: GameState) -> int:
    """How many location tiles have been on the disc (F26, F115)."""
    return min(state.round + 2, _ROUNDS)


_HIDDEN: tuple[IdentityMemo[Family, Family], IdentityMemo[Family, Family]] = (
    IdentityMemo(4096),
    IdentityMemo(64),
)
"""Each live family as the other families see it, before the game is over and after: one
object for every viewer and every state the family is part of (made anew, it would
cost a new family for each other family in every view)."""


def _hidden_family(family: Family, over: bool) -> Family:
    """``family`` as another family sees it: no hand, and no plan card before the end."""
    memo = _HIDDEN[over]
    hidden = memo.get(family)
    if hidden is None:
        hidden = attrs.evolve(family, hand=(), plan=family.plan if over else -1)
        memo.put(family, hidden)
    return hidden


def observe(state: GameState, player: int) -> PlayerView:
    """``player``'s view of ``state``.

    >>> from princes_of_florence.florenz.engine import new_game
    >>> from princes_of_florence.florenz.config import GameConfig
    >>> view = observe(new_game(GameConfig(players=3, seed=2)), 1)
    >>> view.state.location_tiles[3:], view.state.families[0].plan
    ((0, 0, 0, 0, 0, 0), -1)
    """
    over = state.stage is Stage.OVER
    families = tuple(
        family if index == player else _hidden_family(family, over)
        for index, family in enumerate(state.families)
    )
    solo = state.strozzi
    if solo is not None:  # the Strozzi deck's order is nobody's
        solo = attrs.evolve(solo, deck=tuple(sorted(solo.deck)))
    seen = _visible_location_tiles(state)
    location_tiles = state.location_tiles[:seen] + (0,) * (len(state.location_tiles) - seen)
    time_seen = min(state.round, len(state.time_tiles))
    time_tiles = state.time_tiles[:time_seen] + (0,) * (len(state.time_tiles) - time_seen)
    redacted = attrs.evolve(
        state,
        families=families,
        location_tiles=location_tiles,
        time_tiles=time_tiles,
        decks=((), (), ()),
        strozzi=solo,
        chance=tuple(attrs.evolve(step, pool=()) for step in state.chance),
    )
    starts = sorted(state.location_tiles[6:])
    return PlayerView(
        player=player,
        state=redacted,
        hands=tuple(
            tuple(sorted(CATALOG.scandal_medici[k] for k in f.hand)) for f in state.families
        ),
        deck_sizes=(len(state.decks[0]), len(state.decks[1]), len(state.decks[2])),
        carriage_starts=(starts[0], starts[1], starts[2]),
    )


def public_view(state: GameState) -> PlayerView:
    """What a spectator sees: nobody's hand faces or plan card (a view of player -1)."""
    return observe(state, -1)


def public_events(events: Iterable[Event]) -> tuple[Event, ...]:
    """``events`` as a spectator sees them: every drawn card's face hidden."""
    return events_for(events, -1)


def view_moves(view: PlayerView) -> tuple[Move, ...]:
    """The legal moves of the view's family: those of the state when it
    decides, none otherwise."""
    state = view.state
    if state.stage is Stage.OVER or state.player != view.player:
        return ()
    return legal_moves(state)


def events_for(events: Iterable[Event], player: int) -> tuple[Event, ...]:
    """``events`` as ``player`` may see them: others' card faces hidden (FR26)."""
    return tuple(
        CardDrawn(e.player, e.medici, None)
        if isinstance(e, CardDrawn) and e.player != player
        else e
        for e in events
    )


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """A state consistent with ``view``, what the view's family cannot see
    dealt at random by ``rng``.

    >>> from princes_of_florence.florenz.engine import new_game
    >>> from princes_of_florence.florenz.config import GameConfig
    >>> state = new_game(GameConfig(players=3, seed=2))
    >>> view = observe(state, 0)
    >>> observe(determinize(view, random.Random(1)), 0) == view
    True
    """
    state = view.state
    me = view.player
    families = list(state.families)
    # plan cards of the others (F20)
    plans = [p for p in range(len(CATALOG.raw.plans.cards)) if p not in {f.plan for f in families}]
    rng.shuffle(plans)
    for index, family in enumerate(families):
        planless = state.config.solo and index == STROZZI and not state.config.harder_plan
        if family.plan == -1 and not planless:
            families[index] = attrs.evolve(family, plan=plans.pop())
    # scandal cards: the others' hands by their backs, the rest into the decks
    decks: list[tuple[ScandalKind, ...]] = []
    dealt: list[list[ScandalKind]] = [list(f.hand) for f in families]
    for medici in Medici:
        pool = [
            kind
            for kind in ScandalKind
            if CATALOG.scandal_medici[kind] is medici
            for _ in range(CATALOG.raw.scandal.copies)
        ]
        for kind in (*state.families[me].hand, *state.discards[medici]):
            if CATALOG.scandal_medici[kind] is medici:
                pool.remove(kind)
        rng.shuffle(pool)
        for index in range(len(families)):
            if index != me:
                for back in view.hands[index]:
                    if back is medici:
                        dealt[index].append(pool.pop())
        if state.config.explicit_chance:
            pool.sort()  # explicit chance keeps decks without an order
        decks.append(tuple(pool))
    for index, family in enumerate(families):
        families[index] = attrs.evolve(family, hand=tuple(sorted(dealt[index])))
    # location tiles (F24): rounds 4-6 from the other locations, 7-9 from the carriage starts
    tiles = list(state.location_tiles)
    known = set(tiles) - {0}
    starts = [loc for loc in view.carriage_starts if loc not in known]
    others = [loc for loc in range(1, 10) if loc not in known and loc not in view.carriage_starts]
    rng.shuffle(starts)
    rng.shuffle(others)
    for index, tile in enumerate(tiles):
        if tile == 0:
            tiles[index] = (others if index < 6 else starts).pop()
    # time tiles (F25): the values not yet seen
    times = list(state.time_tiles)
    left = list(CATALOG.raw.time_tiles.values)
    for value in times:
        if value:
            left.remove(value)
    rng.shuffle(left)
    times = [value or left.pop() for value in times]
    solo = state.strozzi
    if solo is not None and not state.config.explicit_chance:
        deck = list(solo.deck)
        rng.shuffle(deck)
        solo = attrs.evolve(solo, deck=tuple(deck))
    return attrs.evolve(
        state,
        strozzi=solo,
        families=tuple(families),
        decks=tuple(decks),
        location_tiles=tuple(tiles),
        time_tiles=tuple(times),
    )
