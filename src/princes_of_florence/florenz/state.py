"""The state of a Florenz game: frozen data only.

Locations are numbered 1-9; tuples indexed by location hold an unused entry
at index 0, so that ``state.queues[5]`` is the queue of location 5.  A queue
is a tuple of ``(family, rank)`` pairs, head first (rule F47).
"""

from __future__ import annotations

import attrs

from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.ids import BoastKind, ChanceKind, ScandalKind, Stage

__all__ = ["ChanceStep", "Family", "GameState", "Offer", "Piece", "Queue", "Strozzi", "Walk"]

Piece = tuple[int, int]
"""A petitioner: (family, rank)."""

Queue = tuple[Piece, ...]
"""A queue, head first."""


@attrs.frozen
class Family:
    """One family's board, clock, VP and hand.

    Attributes:
        time: the clock, 0 to 12 (F39).
        vp: victory points (never decrease).
        debutants: debutants on the family board (the supply).
        ladies: ladies on the family board.
        maestros: maestros on the family board.
        retired: members removed for good by the card F93 (ruling FR34).
        guards: guards on the family board.
        cups: boast cups on the family board.
        gifts: gifts on the family board.
        given: gifts given, by Medici (F68).
        hand: scandal cards in hand, sorted (faces hidden, F80, ruling FR26).
        plan: the index of the family's plan card (hidden, F20).
        passed: whether the family has passed this round (F52).
        ring: the location of its ring, 0 when it has none on the board.
        actions: actions taken in this action phase (ruling FR59).
    """

    time: int
    vp: int
    debutants: int
    ladies: int
    maestros: int
    retired: int
    guards: int
    cups: int
    gifts: int
    given: tuple[int, int, int]
    hand: tuple[ScandalKind, ...]
    plan: int
    passed: bool = False
    ring: int = 0
    actions: int = 0


@attrs.frozen
class Walk:
    """A Hurry or the travel card under way (rulings FR13, FR29, FR64).

    Attributes:
        travel: the travel card (F85: 1-3 steps each) rather than Hurry (F59).
        rank: the rank of the piece on its way (it stands in no queue).
        location: where the piece is now.
        steps: steps it has taken.
        second: whether it is the second member moved.
        placed: (location, position) of the first member after it stopped,
            which the second member may not be; (0, -1) before that.
        between: travel card only: the first member has stopped and the
            family may start a second member's walk or end the card.
    """

    travel: bool
    rank: int
    location: int
    steps: int
    second: bool
    placed: tuple[int, int] = (0, -1)
    between: bool = False


@attrs.frozen
class Offer:
    """Giovanni's scoring under way (rule F109, ruling FR38).

    Attributes:
        families: the families still to be offered a reward, in control order.
        reward: the index of the reward offered next (0 to 2).
    """

    families: tuple[int, ...]
    reward: int


@attrs.frozen
class Strozzi:
    """Strozzi's part of a solo game (rules F123-F152); he is family 1.

    Attributes:
        deck: his deck of Strozzi cards (numbers 1-10), top first (F127).
        discards: his discarded cards, face up (F133).
        drawn: cards he has drawn this round (at most 6, ruling FR49).
        colours: by location, the colour of each queue piece: 0 for the
            player's, 1 orange, 2 blue (F126).
        supply: his pieces on his board by rank (debutant, lady, maestro),
            each as (orange, blue).
        cups: his boast cups on his board, (orange, blue).
        player_first: whether the player passed first this round (F152).
        card: the letter (0 A, 1 B, 2 C) of card 5 waiting for the player's
            choice of colour (D7, F145); -1 when none waits.
    """

    deck: tuple[int, ...]
    discards: tuple[int, ...]
    drawn: int
    colours: tuple[tuple[int, ...], ...]
    supply: tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
    cups: tuple[int, int]
    player_first: bool = False
    card: int = -1


@attrs.frozen
class ChanceStep:
    """A random step waiting for its outcome (explicit chance).

    Attributes:
        kind: what is dealt.
        target: the family (START: unused; PLAN, CARD), location (BOAST_TILE),
            Medici (CARRIAGE), round (LOCATION_TILE, TIME_TILE), or for
            STROZZI_CARD 1 if it is the first card of his round.
        medici: CARD: the Medici whose deck it comes from.
        pool: CARD: the cards it is dealt from when its deck was reshuffled
            after the draw (the cards left in the old deck); empty: the deck.
    """

    kind: ChanceKind
    target: int = 0
    medici: int = 0
    pool: tuple[int, ...] = ()


@attrs.frozen
class GameState:
    """A Florenz game at one decision (or at its end).

    Attributes:
        config: the configuration the game was set up from.
        round: the round, 1 to 9.
        stage: what the game waits for.
        player: the family to decide; -1 when the game is over.
        start: the start family of this round (F30, F112).
        families: each family's board.
        queues: by location (index 0 unused), the queue head first.
        capacity: the free spaces of every queue (F29, F50).
        boast_tiles: by location, its boast tile (F21).
        cups: by location, the family on the bottom, middle and top field (-1 free).
        escorts: by path index, the families with a guard there (F75, F83).
        spies: by location, the families with a spy on its boast tile (F76).
        doormen: by location, the families with a doorman beside its queue (F78).
        carriages: the location of each Medici's carriage (F23).
        targets: the location of each Medici's target marker, 0 once removed (F117).
        location_tiles: the location tile of each round's sector, round 1 first (F24).
        time_tiles: the time tile of rounds 2 to 9 (F25).
        decks: each Medici's scandal deck, top card first (F28).
        discards: each Medici's discard pile.
        shuffles: how many reshuffles have been made (they are seeded by it, FR3).
        someone_passed: whether a family has passed this round (F52).
        setup_order: the families still to place their first debutant (F31).
        walk: a Hurry or travel card under way.
        offer: Giovanni's scoring under way.
        strozzi: Strozzi's part of a solo game; ``None`` otherwise.
        chance: with explicit chance, the random steps waiting for their
            outcomes, first first (ruling FR3).
        resume: the stage and family to decide once they are dealt.
    """

    config: GameConfig
    round: int
    stage: Stage
    player: int
    start: int
    families: tuple[Family, ...]
    queues: tuple[Queue, ...]
    capacity: int
    boast_tiles: tuple[BoastKind, ...]
    cups: tuple[tuple[int, int, int], ...]
    escorts: tuple[tuple[int, ...], ...]
    spies: tuple[tuple[int, ...], ...]
    doormen: tuple[tuple[int, ...], ...]
    carriages: tuple[int, int, int]
    targets: tuple[int, int, int]
    location_tiles: tuple[int, ...]
    time_tiles: tuple[int, ...]
    decks: tuple[tuple[ScandalKind, ...], ...]
    discards: tuple[tuple[ScandalKind, ...], ...]
    shuffles: int
    someone_passed: bool
    setup_order: tuple[int, ...]
    walk: Walk | None = None
    offer: Offer | None = None
    strozzi: Strozzi | None = None
    chance: tuple[ChanceStep, ...] = ()
    resume: tuple[Stage, int] = (Stage.ACTION, 0)
