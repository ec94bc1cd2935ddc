"""What one player may see: views, events as seen, and determinization (ruling ZR41).

Open to all: the board, the row and its bricks, every site, supply and building,
prestige, seals, the discard pile, the bag's contents (88 bricks minus the visible
ones) and the size of the draw pile.  Hidden from everyone: the order of the draw
pile and the seed (which would reveal it and every future bag draw).  Hands are shown
by default, since every card enters a hand face up; under option ``hands = "counts"``
a view shows only the sizes of the other players' hands.

>>> from princes_of_florence.firenze import FirenzeConfig, new_game
>>> state = new_game(FirenzeConfig(players=2, seed=4))
>>> view = observe(state, 1)
>>> view.deck_size == len(state.deck), view.config.seed
(True, 0)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable

import attrs

from princes_of_florence.firenze.components import default_catalog
from princes_of_florence.firenze.config import FirenzeConfig
from princes_of_florence.firenze.errors import ArgumentError
from princes_of_florence.firenze.events import EVENT_TYPES, Event
from princes_of_florence.firenze.ids import CardKind, Step, Title
from princes_of_florence.firenze.state import Bricks, Pending, PlayerState, RowCard, State
from princes_of_florence.limits import shorten
from princes_of_florence.memo import IdentityMemo

__all__ = [
    "PlayerView",
    "determinize",
    "events_for",
    "observe",
    "public_events",
    "public_view",
    "view_state",
]

_EVENT_STEPS = (Step.PATRIZIER, Step.EVENT_TOWER, Step.EVENT_BRICKS, Step.EVENT_TOWERS_PAID)


@attrs.frozen
class PlayerView:
    """One player's view of a state (the fields of :class:`State` that player may see).

    Attributes:
        player: whose view this is.
        config: the configuration, its seed hidden (0).
        players: every player's belongings; under ``hands = "counts"`` the other
            players' hands are empty here and their sizes are in ``hand_sizes``.
        hand_sizes: the size of every hand.
        deck_size: the number of cards in the draw pile (its order is hidden).
        start_on_top: how many start cards still lie on top of the draw pile.
        (the other attributes are those of :class:`State`.)
    """

    player: int
    config: FirenzeConfig
    players: tuple[PlayerState, ...]
    hand_sizes: tuple[int, ...]
    bag: Bricks
    row: tuple[RowCard, ...]
    deck_size: int
    start_on_top: int
    discard: tuple[Title, ...]
    seals: tuple[int, ...]
    balconies: tuple[str, ...]
    level_tiles: tuple[int, ...]
    church: tuple[Title, ...]
    bell: tuple[bool, ...]
    end_holder: int
    active: int
    step: Step
    pending: Pending
    turns: int
    played: tuple[Title, ...]
    exchanged: bool
    placed: int
    card_bricks: Bricks
    truncated: bool

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.step is Step.OVER

    @property
    def decider(self) -> int:
        """The player to decide."""
        if self.step in (Step.EVENT_BRICKS, Step.EVENT_TOWERS_PAID):
            return self.pending.decider
        return self.active


_SEEDLESS: IdentityMemo[FirenzeConfig, FirenzeConfig] = IdentityMemo(512)
"""The configuration a view shows, without its seed, of each live game's configuration:
made once a game, not once a view (a configuration checks every field when made)."""


def _seedless(config: FirenzeConfig) -> FirenzeConfig:
    shown = _SEEDLESS.get(config)
    if shown is None:
        shown = attrs.evolve(config, seed=0)
        _SEEDLESS.put(config, shown)
    return shown


def observe(state: State, player: int) -> PlayerView:
    """What ``player`` sees of ``state`` (ruling ZR41)."""
    if not isinstance(state, State):
        raise ArgumentError.wrong_kind("observe", "a Firenze State", state)
    if type(player) is not int or not 0 <= player < len(state.players):
        raise ArgumentError(
            f"observe needs a seat 0..{len(state.players) - 1}, not {shorten(player)}"
        )
    counts = state.config.hands == "counts"
    players = tuple(
        attrs.evolve(p, hand=()) if counts and seat != player else p
        for seat, p in enumerate(state.players)
    )
    return PlayerView(
        player=player,
        config=_seedless(state.config),
        players=players,
        hand_sizes=tuple(len(p.hand) for p in state.players),
        bag=state.bag,
        row=state.row,
        deck_size=len(state.deck),
        start_on_top=state.start_on_top,
        discard=state.discard,
        seals=state.seals,
        balconies=state.balconies,
        level_tiles=state.level_tiles,
        church=state.church,
        bell=state.bell,
        end_holder=state.end_holder,
        active=state.active,
        step=state.step,
        pending=state.pending,
        turns=state.turns,
        played=state.played,
        exchanged=state.exchanged,
        placed=state.placed,
        card_bricks=state.card_bricks,
        truncated=state.truncated,
    )


def events_for(events: Iterable[Event], player: int) -> tuple[Event, ...]:
    """``events`` as ``player`` sees them: every card moves face up and the deck's order
    is never reported, so every event is public (ruling ZR41)."""
    return _events(events, "events_for")


def public_view(state: State) -> PlayerView:
    """What a spectator sees of ``state``: a view with no hidden card (ruling ZR41).

    It is the view of a player who is not deciding (so it offers no move); under
    ``hands = "counts"`` that player's own hand is taken out too, leaving only the
    sizes of the hands.  With open hands a spectator sees everything a player does.

    >>> from princes_of_florence.firenze import FirenzeConfig, new_game
    >>> state = new_game(FirenzeConfig(players=2, seed=4, hands="counts"))
    >>> view = public_view(state)
    >>> [p.hand for p in view.players], view.hand_sizes == tuple(len(p.hand) for p in state.players)
    ([(), ()], True)
    """
    if not isinstance(state, State):
        raise ArgumentError.wrong_kind("public_view", "a Firenze State", state)
    view = observe(state, 0 if state.decider != 0 else 1)
    if state.config.hands == "open":
        return view
    return attrs.evolve(view, players=tuple(attrs.evolve(p, hand=()) for p in view.players))


def public_events(events: Iterable[Event]) -> tuple[Event, ...]:
    """``events`` as a spectator sees them: every event is public, as for every player
    (:func:`events_for`, ruling ZR41)."""
    return _events(events, "public_events")


def _all_cards(config: FirenzeConfig) -> Counter[Title]:
    cards: Counter[Title] = Counter()
    for spec in default_catalog().deck_titles(config.anerkennung):
        if spec.id is Title.CAMPANILE and not config.campanile:
            continue
        cards[spec.id] += spec.copies
    return cards


def _start_cards(config: FirenzeConfig) -> Counter[Title]:
    cards: Counter[Title] = Counter()
    for spec in default_catalog().deck_titles(config.anerkennung):
        cards[spec.id] += spec.start_copies
    return cards


def _wanted(view: PlayerView) -> Callable[[Title], bool] | None:
    """What the active player's hidden hand must hold for the step awaited, if anything:
    the Patrizier asked about (ruling ZR32 a), or a person to discard for the card limit
    when no building is there to discard (Z65)."""
    if view.step is Step.PATRIZIER:
        return lambda title: title is Title.PATRIZIER
    if view.step is Step.DISCARD_CARDS and not view.players[view.active].buildings:
        catalog = default_catalog()
        return lambda title: catalog.card(title).kind is CardKind.PERSON
    return None


def _events(events: Iterable[Event], function: str) -> tuple[Event, ...]:
    """``events`` as a tuple, each one checked to be a Firenze event."""
    return ArgumentError.checked_items(function, events, EVENT_TYPES, "Firenze event")


def determinize(view: PlayerView, rng: random.Random) -> State:
    """A state consistent with ``view``: the draw pile's order, any hidden hands and the
    seed of future draws dealt by ``rng`` (ruling ZR41).

    Raises:
        ArgumentError: ``view`` is not a Firenze :class:`PlayerView`.

    While start cards remain on top, every card that has left the draw pile is a start
    card, so the remaining start cards are dealt on top and the others below them.  A
    hidden hand of the active player holds what the step awaited shows it holds: the
    Patrizier it is asked about, a person to discard for the card limit.
    """
    if type(view) is not PlayerView:
        raise ArgumentError.wrong_kind("determinize", "a Firenze PlayerView", view)
    visible: Counter[Title] = Counter(card.title for card in view.row)
    visible.update(view.discard)
    visible.update(view.church)
    for p in view.players:
        visible.update(p.hand)
        visible.update(p.buildings)
    if view.step in _EVENT_STEPS and view.pending.title is not None:
        visible[view.pending.title] += 1
    hidden = _all_cards(view.config) - visible
    unknown_hands = [
        (seat, view.hand_sizes[seat])
        for seat, p in enumerate(view.players)
        if len(p.hand) != view.hand_sizes[seat]
    ]
    if view.start_on_top:
        top_pool = sorted((_start_cards(view.config) - visible).elements())
        rest = sorted((hidden - Counter(top_pool)).elements())
    else:
        top_pool = []
        rest = sorted(hidden.elements())
    rng.shuffle(top_pool)
    rng.shuffle(rest)
    source = top_pool if view.start_on_top else rest
    players = list(view.players)
    for seat, size in unknown_hands:
        dealt = []
        wanted = _wanted(view) if seat == view.active and size else None
        if wanted is not None:  # the first hidden card that fits (the pile is shuffled)
            found = next((i for i, title in enumerate(source) if wanted(title)), None)
            if found is not None:
                dealt.append(source.pop(found))
        more = size - len(dealt)
        dealt += source[:more]
        del source[:more]
        players[seat] = attrs.evolve(players[seat], hand=tuple(sorted(dealt)))
    deck = top_pool + rest
    return State(
        config=attrs.evolve(view.config, seed=rng.getrandbits(32)),
        players=tuple(players),
        bag=view.bag,
        row=view.row,
        deck=tuple(deck),
        start_on_top=view.start_on_top,
        discard=view.discard,
        seals=view.seals,
        balconies=view.balconies,
        level_tiles=view.level_tiles,
        church=view.church,
        bell=view.bell,
        end_holder=view.end_holder,
        active=view.active,
        step=view.step,
        pending=view.pending,
        turns=view.turns,
        draws=0,
        played=view.played,
        exchanged=view.exchanged,
        placed=view.placed,
        card_bricks=view.card_bricks,
        truncated=view.truncated,
    )


def view_state(view: PlayerView) -> State:
    """A state with the view's public parts and an empty draw pile: enough to list the
    legal moves of the view's player (the draw pile never decides what is legal)."""
    return State(
        config=view.config,
        players=view.players,
        bag=view.bag,
        row=view.row,
        deck=(),
        start_on_top=0,
        discard=view.discard,
        seals=view.seals,
        balconies=view.balconies,
        level_tiles=view.level_tiles,
        church=view.church,
        bell=view.bell,
        end_holder=view.end_holder,
        active=view.active,
        step=view.step,
        pending=view.pending,
        turns=view.turns,
        draws=0,
        played=view.played,
        exchanged=view.exchanged,
        placed=view.placed,
        card_bricks=view.card_bricks,
        truncated=view.truncated,
    )
