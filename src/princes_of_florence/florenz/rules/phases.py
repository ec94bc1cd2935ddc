"""Setup, the turn order of the action phase, the round's automatic phases,
cleanup and the final scoring (rules F17-F37, F52-F54, F95-F122)."""

from __future__ import annotations

import random

import attrs

from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.events import GameEnded, PlanRevealed, RoundBegan
from princes_of_florence.florenz.ids import (
    LOCATIONS,
    BoastKind,
    ChanceKind,
    Medici,
    ScandalKind,
    Stage,
)
from princes_of_florence.florenz.rules import strozzi
from princes_of_florence.florenz.rules.common import CATALOG, STROZZI, Work
from princes_of_florence.florenz.rules.medici import giovanni_order, move_medici, score_queue
from princes_of_florence.florenz.state import ChanceStep, Family, GameState, Offer, Strozzi

__all__ = ["advance", "begin_round", "finish_offer", "new_game", "plan_vp"]

_FAMILY = CATALOG.raw.family
_COSTS = CATALOG.raw.costs
# Enum members read once: Python 3.11 reads a member from its class through
# EnumType.__getattr__, several times slower than a module global.
_BONUS, _ACTION = Stage.BONUS, Stage.ACTION


def new_game(config: GameConfig) -> GameState:
    """Set a game up from ``config`` (rules F17-F31), every random step drawn
    from its seed (ruling FR3); the first decision is D1.

    In the solo game (F125-F130) the player is family 0 and the start
    family, Strozzi family 1; Strozzi's guards and debutants are placed, and
    the first decision is the player's placement.
    """
    rng = random.Random(config.seed)
    n = config.players
    plans = list(range(len(CATALOG.raw.plans.cards)))
    rng.shuffle(plans)  # rule F20
    tiles = list(CATALOG.boast_kinds)
    rng.shuffle(tiles)  # rule F21
    carriage_tiles = rng.sample(LOCATIONS, 3)  # rule F23
    medici = list(Medici)
    rng.shuffle(medici)
    carriages = [0, 0, 0]
    for location, who in zip(carriage_tiles, medici, strict=True):
        carriages[who] = location
    others = [loc for loc in LOCATIONS if loc not in carriage_tiles]
    rng.shuffle(others)
    under = list(carriage_tiles)
    rng.shuffle(under)
    location_tiles = tuple(others + under)  # rule F24: tile k is round k's target
    time_tiles = list(CATALOG.raw.time_tiles.values)
    rng.shuffle(time_tiles)  # rule F25
    decks = []
    for who in Medici:  # rule F28
        deck = [
            kind
            for kind in ScandalKind
            if CATALOG.scandal_medici[kind] == who
            for _ in range(CATALOG.raw.scandal.copies)
        ]
        rng.shuffle(deck)
        decks.append(tuple(deck))
    start = 0 if config.solo else rng.randrange(n)  # rules F30, F128
    blocked = sum(1 for number in CATALOG.raw.queues.space_numbers if number > n)  # rule F29
    family = Family(
        time=_FAMILY.time_start,  # rules F18, F40
        vp=0,  # rule F19
        debutants=_FAMILY.debutants,
        ladies=_FAMILY.ladies,
        maestros=_FAMILY.maestros,
        retired=0,
        guards=_FAMILY.guards,
        cups=_FAMILY.cups,
        gifts=_FAMILY.gifts_start,  # rule F17
        given=(0, 0, 0),
        hand=(),
        plan=0,
    )
    families = tuple(attrs.evolve(family, plan=plans[i]) for i in range(n))
    order = tuple((start - k) % n for k in range(1, n + 1))  # rule F31
    empty: tuple[tuple[int, ...], ...] = ((),) * 10
    solo = None
    if config.solo:
        families = (families[0], _strozzi_family(family, plans[1] if config.harder_plan else -1))
        order = (0,)  # rule F130: Strozzi places first, automatically
        strozzi_deck = [card.number for card in CATALOG.raw.strozzi]
        rng.shuffle(strozzi_deck)  # rule F127
        solo = Strozzi(
            deck=tuple(strozzi_deck),
            discards=(),
            drawn=0,
            colours=((),) * 10,
            supply=((5, 5), (3, 3), (1, 1)),
            cups=(6, 6),
        )
    state = GameState(
        config=config,
        round=1,
        stage=Stage.SETUP,
        player=order[0],
        start=start,
        families=families,
        queues=((),) * 10,
        capacity=7 - blocked,
        boast_tiles=(tiles[0], *tiles),  # index 0 unused
        cups=((-1, -1, -1),) * 10,
        escorts=((),) * len(CATALOG.paths),
        spies=empty,
        doormen=empty,
        carriages=(carriages[0], carriages[1], carriages[2]),
        targets=(location_tiles[0], location_tiles[1], location_tiles[2]),  # rule F27
        location_tiles=location_tiles,
        time_tiles=tuple(time_tiles),
        decks=tuple(decks),
        discards=((), (), ()),
        shuffles=0,
        someone_passed=False,
        setup_order=order,
        strozzi=solo,
    )
    if config.explicit_chance:
        return _undealt(state)
    if solo is None:
        return state
    work = Work.of(state)
    strozzi.setup(work)
    return work.freeze()


def _undealt(state: GameState) -> GameState:
    """The state before chance deals the setup (explicit chance, FR3): every
    dealt value a placeholder, the decks without an order, and the chance
    steps in the order of the rulebook's setup."""
    config = state.config
    n = len(state.families)
    steps: list[ChanceStep] = []
    if not config.solo:
        steps.append(ChanceStep(ChanceKind.START))  # rule F30
    planned = (
        [0, STROZZI] if config.solo and config.harder_plan else [0] if config.solo else range(n)
    )
    steps += [ChanceStep(ChanceKind.PLAN, f) for f in planned]  # rule F20
    steps += [ChanceStep(ChanceKind.BOAST_TILE, loc) for loc in LOCATIONS]  # rule F21
    steps += [ChanceStep(ChanceKind.CARRIAGE, m) for m in Medici]  # rule F23
    steps += [ChanceStep(ChanceKind.LOCATION_TILE, r) for r in range(1, 10)]  # rules F24, F26
    steps += [ChanceStep(ChanceKind.TIME_TILE, r) for r in range(2, 10)]  # rules F25, F26
    solo = state.strozzi
    if solo is not None:
        solo = attrs.evolve(solo, deck=tuple(sorted(solo.deck)))
    return attrs.evolve(
        state,
        stage=Stage.CHANCE,
        player=-1,
        start=0,
        families=tuple(attrs.evolve(f, plan=-1) for f in state.families),
        boast_tiles=(BoastKind.GREAT_INFLUENCE,) * 10,
        carriages=(0, 0, 0),
        targets=(0, 0, 0),
        location_tiles=(0,) * 9,
        time_tiles=(0,) * 8,
        decks=tuple(tuple(sorted(d)) for d in state.decks),
        setup_order=(0,) if config.solo else (),
        strozzi=solo,
        chance=tuple(steps),
        resume=(Stage.SETUP, 0),
    )


def _strozzi_family(family: Family, plan: int) -> Family:
    """Strozzi's board: every piece of orange and blue, no clock yet (F126, F131)."""
    return attrs.evolve(
        family,
        time=0,
        debutants=2 * _FAMILY.debutants,
        ladies=2 * _FAMILY.ladies,
        maestros=2 * _FAMILY.maestros,
        guards=2 * _FAMILY.guards,
        cups=2 * _FAMILY.cups,
        gifts=0,
        plan=plan,
    )


def begin_round(work: Work) -> None:
    """Phase 1: every family gains the round's time (F32, F41); phase 2 begins (F33)."""
    gain = CATALOG.raw.time_tiles.round_one if work.round == 1 else work.time_tiles[work.round - 2]
    work.events.append(RoundBegan(work.round, gain))
    for index, family in enumerate(work.families):
        if work.strozzi is not None and index == STROZZI:
            family.gain_time(strozzi.gain(work, gain))  # rule F131
        else:
            family.gain_time(gain)
        family.passed = False
        family.ring = 0
        family.actions = 0
    work.someone_passed = False
    if work.strozzi is not None:
        work.strozzi.drawn = 0
        work.strozzi.player_first = False
    work.stage = Stage.ACTION
    work.player = work.start
    if work.strozzi is not None and work.player == STROZZI:  # the start family (F128)
        strozzi.turn(work)
        if work.stage is not Stage.COLOUR and not work.waiting_for_strozzi():
            advance(work)


def advance(work: Work) -> None:
    """The decision after a completed action or bonus: the next family on
    turn (F33), a bonus for one that has passed (F54), or the end of the
    action phase once all have passed (F53)."""
    work.walk = None
    while True:
        if work.families.all_passed():
            _end_action_phase(work)
            return
        work.player = (work.player + 1) % work.count
        passed = work.families.passed(work.player)
        work.stage = _BONUS if passed else _ACTION
        solo = work.strozzi
        if solo is None:
            return
        if work.player == STROZZI:
            if passed:
                strozzi.bonus_turn(work)  # rules F136, F137
            else:
                strozzi.turn(work)
                if work.stage is Stage.COLOUR or work.waiting_for_strozzi():
                    return  # D7: the player chooses the colour; or chance deals his card
            continue
        if passed and solo.player_first and work.config.harder_no_pass_bonus:
            continue  # rule F152
        return


def _end_action_phase(work: Work) -> None:
    """Phases 3 and 4 (F34, F35)."""
    move_medici(work)
    medici = CATALOG.medici_of_round[work.round - 1]
    if medici is Medici.GIOVANNI:
        _offer(work, tuple(giovanni_order(work)), 0)
    else:
        score_queue(work)
        _finish_round(work)


def _offer(work: Work, families: tuple[int, ...], reward: int) -> None:
    """Offer Giovanni's reward ``reward`` to the first family that can pay it,
    even after discarding all its cards (F109, F110, FR38); a family that
    cannot pay is passed over without a decision."""
    rewards = CATALOG.raw.disc[work.round - 1].rewards
    while reward < len(rewards) and families:
        family = work.families[families[0]]
        cost = rewards[reward][0]
        if work.strozzi is not None and families[0] == STROZZI:
            if family.time:  # rule F140
                vp = rewards[reward][1]
                if family.time < cost and work.config.easier:
                    vp //= 2  # rule F151, ruling FR57
                family.time = max(0, family.time - cost)
                work.score(STROZZI, vp, "giovanni")
                reward += 1
            families = families[1:]
            continue
        if family.time + len(family.hand) * _COSTS.discard_time >= cost:
            work.offer = Offer(families=families, reward=reward)
            work.stage = Stage.GIOVANNI
            work.player = families[0]
            return
        families = families[1:]
    work.offer = None
    _finish_round(work)


def finish_offer(work: Work, accepted: bool) -> None:
    """Resolve the offered family's choice and go on with the next (FR38)."""
    offer = work.offer
    assert offer is not None
    if accepted:
        cost, vp = CATALOG.raw.disc[work.round - 1].rewards[offer.reward]
        family = work.families[offer.families[0]]
        family.time -= cost
        work.score(offer.families[0], vp, "giovanni")
        _offer(work, offer.families[1:], offer.reward + 1)
    else:
        _offer(work, offer.families[1:], offer.reward)


def _finish_round(work: Work) -> None:
    """Phase 5 after rounds 1-8 (F112-F117, FR39), or the end after round 9 (F118)."""
    if work.round == _FAMILY.rounds:  # rule F36: no cleanup after round 9
        _final_scoring(work)
        return
    n = work.count
    work.start = (work.start + 1) % n  # rule F112
    for family in work.families:
        family.ring = 0  # rule F113
        family.gifts += CATALOG.raw.disc[work.round - 1].gifts  # rule F114
    if work.strozzi is not None:  # rule F141, ruling FR49
        solo = work.strozzi
        assert len(solo.deck) >= 3 and len(solo.deck) + len(solo.discards) == 10
        if work.config.explicit_chance:
            solo.deck = sorted(solo.deck + solo.discards)  # without an order
        else:
            top, rest = solo.deck[:3], solo.deck[3:] + solo.discards
            strozzi.shuffle_deck(work, rest)
            solo.deck = top + rest
        solo.discards = []
    medici = CATALOG.medici_of_round[work.round - 1]
    if work.round <= 6:
        work.targets[medici] = work.location_tiles[work.round + 2]  # rules F115, F116
    else:
        work.targets[medici] = 0  # rule F117
    work.round += 1  # rule F103: the used tiles leave with the round
    begin_round(work)


def plan_vp(work: Work, family: int) -> int:
    """The VP of ``family``'s plan card (F120)."""
    plan = work.families[family].plan
    if plan < 0:
        return 0  # rule F142: Strozzi has no plan card (but F152)
    locations = CATALOG.raw.plans.cards[plan]
    members = sum(1 for loc in locations for f, _ in work.queues[loc] if f == family)
    table = CATALOG.raw.plans.table
    return table[min(members, len(table) - 1)]


def _final_scoring(work: Work) -> None:
    """Cards become time (FR67), time becomes VP (F119), plan cards score (F120)."""
    for index, family in enumerate(work.families):
        for kind in list(family.hand):
            work.discard(index, kind)
            family.gain_time(_COSTS.discard_time)  # ruling FR67
        work.score(index, family.time // _COSTS.time_per_final_vp, "time")  # rule F119
        work.events.append(PlanRevealed(index, family.plan))
        work.score(index, plan_vp(work, index), "plan")  # rule F120
    work.stage = Stage.OVER
    work.player = -1
    work.offer = None
    work.events.append(GameEnded(tuple(f.vp for f in work.families)))
