"""Florenz rules that the mutation run (scripts/mutation.sh --game florenz) found untested.

Each test checks one rule exactly where the random games and the worked examples
pass it by: scandal draws under explicit chance (a full hand counting the cards
still waiting, reshuffles with draws of several Medici waiting), the setup dealt
by chance in the solo game, and Strozzi's cards.
"""

from __future__ import annotations

import random
from itertools import combinations

import attrs
import pytest

from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.engine import apply, chance_outcomes, legal_moves, new_game
from princes_of_florence.florenz.errors import IllegalMoveError
from princes_of_florence.florenz.events import Scored
from princes_of_florence.florenz.ids import ChanceKind, Medici, Rank, ScandalKind, Stage
from princes_of_florence.florenz.moves import Boast, Chance, PlayScandal, Second, Stop
from princes_of_florence.florenz.rules import strozzi
from princes_of_florence.florenz.rules.common import (
    GRID_NEIGHBOURS,
    STROZZI,
    Rows,
    Work,
    _grid_neighbours,
)
from princes_of_florence.florenz.rules.dealing import outcomes
from princes_of_florence.florenz.rules.medici import _visit
from princes_of_florence.florenz.state import GameState
from test_florenz_refusals import STATES

FIG = ScandalKind.FIG_GUARD, ScandalKind.FIG_TELEPORT, ScandalKind.FIG_TRAVEL
CAR = ScandalKind.CAR_GIFT, ScandalKind.CAR_SWAP, ScandalKind.CAR_PROMOTE


def _dealt(config: GameConfig) -> GameState:
    """The first decision of a game with explicit chance, its setup dealt at random."""
    state = new_game(config)
    rng = random.Random(config.seed)
    while state.stage is Stage.CHANCE:
        moves, weights = zip(*chance_outcomes(state), strict=True)
        state = apply(state, rng.choices(moves, weights)[0])
    return state


def _with_cards(
    state: GameState,
    decks: dict[Medici, tuple[ScandalKind, ...]],
    discards: dict[Medici, tuple[ScandalKind, ...]],
) -> GameState:
    new_decks = list(state.decks)
    new_discards = list(state.discards)
    for medici, cards in decks.items():
        new_decks[medici] = cards
    for medici, cards in discards.items():
        new_discards[medici] = cards
    return attrs.evolve(state, decks=tuple(new_decks), discards=tuple(new_discards))


def test_a_full_hand_counts_the_cards_still_waiting_to_be_dealt() -> None:
    """F81, FR24 under explicit chance: 4 cards in hand and 1 waiting make the limit
    of 5, so the next draw is 1 time instead; another family's waiting card does not
    count."""
    state = _dealt(GameConfig(players=3, seed=2, explicit_chance=True))
    families = list(state.families)
    families[0] = attrs.evolve(families[0], hand=(ScandalKind.MES_CUP,) * 4, time=5)
    work = Work.of(attrs.evolve(state, families=tuple(families)))
    time = work.families[0].time
    work.draw(1, Medici.COSIMO)
    work.draw(0, Medici.COSIMO)  # 4 in hand, none of its own waiting: a card
    assert [(s.kind, s.target) for s in work.chance] == [
        (ChanceKind.CARD, 1),
        (ChanceKind.CARD, 0),
    ]
    assert work.families[0].time == time
    work.draw(0, Medici.COSIMO)  # 4 in hand and 1 waiting: the limit
    assert [s.target for s in work.chance] == [1, 0]
    assert work.families[0].time == time + 1


def test_reshuffles_of_two_decks_give_each_waiting_draw_its_own_cards() -> None:
    """F82, FR63, FR25 under explicit chance: a deck reshuffles when the draws waiting
    on it would empty it; the draws already waiting keep the old deck's cards (their
    pool), those of another Medici are left alone, the pooled cards are no longer free
    for later draws, and with an empty discard pile no card comes (FR25)."""
    state = _dealt(GameConfig(players=3, seed=2, explicit_chance=True))
    state = _with_cards(
        state,
        decks={Medici.COSIMO: FIG[:1], Medici.CONTESSINA: CAR[:1]},
        discards={Medici.COSIMO: FIG[1:], Medici.CONTESSINA: CAR[1:]},
    )
    work = Work.of(state)
    work.draw(0, Medici.CONTESSINA)  # the deck's last card: no reshuffle yet
    work.draw(1, Medici.CONTESSINA)  # reshuffle: family 0's draw keeps the old card
    work.draw(0, Medici.COSIMO)  # Cosimo's deck still has its card
    work.draw(2, Medici.COSIMO)  # reshuffle of Cosimo's deck alone
    work.draw(1, Medici.COSIMO)  # 3 cards, 1 in a pool, 1 draw waiting: no reshuffle
    assert list(work.decks[Medici.COSIMO]) == [0, 1, 2]
    assert list(work.decks[Medici.CONTESSINA]) == [4, 5, 6]
    card, contessina = int(ChanceKind.CARD), int(Medici.CONTESSINA)
    assert [(int(s.kind), s.target, s.medici, s.pool) for s in work.chance] == [
        (card, 0, contessina, (4,)),
        (card, 1, contessina, ()),
        (card, 0, 0, (0,)),
        (card, 2, 0, ()),
        (card, 1, 0, ()),
    ]
    time = work.families[2].time
    work.draw(2, Medici.COSIMO)  # 2 free cards for 2 waiting draws, no discards: none
    assert len(work.chance) == 5
    assert work.families[2].time == time
    work.discards[Medici.COSIMO].append(ScandalKind.FIG_DEBUTANT)
    work.draw(2, Medici.COSIMO)  # reshuffle: the 2 waiting draws share cards 1 and 2
    assert list(work.decks[Medici.COSIMO]) == [0, 1, 2, 3]
    assert [s.pool for s in work.chance] == [(4,), (), (0,), (1, 2), (1, 2), ()]
    work.settle()
    state = work.freeze()
    dealt = []
    while state.stage is Stage.CHANCE:
        dealt.append(outcomes(state))
        state = apply(state, Chance(dealt[-1][0][0]))
    assert dealt == [
        ((4, 1.0),),
        ((5, 0.5), (6, 0.5)),
        ((0, 1.0),),
        ((1, 0.5), (2, 0.5)),
        ((2, 1.0),),  # card 1 went to the draw before, which shared the pool
        ((3, 1.0),),
    ]
    assert [sorted(f.hand) for f in state.families] == [
        [FIG[0], CAR[0]],
        [FIG[2], CAR[1]],
        [FIG[1], ScandalKind.FIG_DEBUTANT],
    ]


def test_harder_plan_deals_strozzi_a_plan_card_by_chance() -> None:
    """F152 (harder_plan): Strozzi has a plan card like the player, so the setup dealt
    by chance deals two plan cards, the player's first; without it only the player's."""
    config = GameConfig(players=2, seed=4, solo=True, harder_plan=True, explicit_chance=True)
    plans = [s.target for s in new_game(config).chance if s.kind is ChanceKind.PLAN]
    assert plans == [0, 1]
    config = attrs.evolve(config, harder_plan=False)
    plans = [s.target for s in new_game(config).chance if s.kind is ChanceKind.PLAN]
    assert plans == [0]


def test_grid_neighbours_are_the_orthogonal_locations_of_the_three_by_three_board() -> None:
    """The board's locations 1-9 lie in three rows of three (1-3, 4-6, 7-9); the
    cards that reach a neighbour (F87) take the locations beside, above and below."""
    expected = {
        1: (2, 4),
        2: (1, 3, 5),
        3: (2, 6),
        4: (1, 5, 7),
        5: (2, 4, 6, 8),
        6: (3, 5, 9),
        7: (4, 8),
        8: (5, 7, 9),
        9: (6, 8),
    }
    for location, neighbours in expected.items():
        assert _grid_neighbours(location) == neighbours
        assert GRID_NEIGHBOURS[location] == neighbours
    assert GRID_NEIGHBOURS[0] == ()


def _solo_work(*, time: int, guards: int | None = None) -> Work:
    """A solo game at its first decision, Strozzi with ``time`` and (if given) ``guards``."""
    state = new_game(GameConfig(players=2, seed=3, solo=True))
    families = list(state.families)
    board = families[STROZZI]
    families[STROZZI] = attrs.evolve(
        board, time=time, guards=board.guards if guards is None else guards
    )
    return Work.of(attrs.evolve(state, families=tuple(families)))


def test_strozzis_guard_card_places_his_last_guard() -> None:
    """F149, FR55: card 10 places a guard of Strozzi while he has one left, the last
    one too; only without a guard (or in round 9) does it give him 2 VP instead."""
    work = _solo_work(guards=1, time=6)
    strozzi.play_card(work, 10)
    assert work.families[STROZZI].guards == 0
    assert work.families[STROZZI].vp == 0
    placed = (work.escorts, work.spies, work.doormen)
    assert sum(c.count(STROZZI) for crests in placed for c in crests) == 4  # 3 at setup
    work = _solo_work(guards=0, time=6)
    strozzi.play_card(work, 10)
    assert work.families[STROZZI].guards == 0
    assert work.events == [Scored(STROZZI, 2, "card")]


def test_strozzis_guard_card_scores_when_every_crest_on_the_way_is_taken() -> None:
    """F149, FR55: walking back from Medici B's target (Contessina's in round 1), a
    guard goes to the first spy crest free; with none free he gains 2 VP instead."""
    work = _solo_work(guards=3, time=6)
    for location in range(1, 10):
        work.spies[location] = (0,)
    strozzi.play_card(work, 10)
    assert work.families[STROZZI].guards == 3
    assert work.events == [Scored(STROZZI, 2, "card")]


def test_strozzis_boast_cards_use_the_other_colour_only_when_one_runs_out() -> None:
    """F148, FR54: card 8 places an orange boast cup, card 9 a blue one; with none of
    that colour left the other colour is used, and with no cup at all nothing happens."""
    work = _solo_work(time=12)
    assert work.strozzi is not None
    work.strozzi.cups = [1, 0]
    strozzi.play_card(work, 8)  # his last orange cup
    assert work.strozzi.cups == [0, 0]
    assert work.families[STROZZI].cups == 11
    assert [e.source for e in work.events if isinstance(e, Scored)] == ["boast"]
    strozzi.play_card(work, 9)  # no cup left: nothing
    assert work.strozzi.cups == [0, 0]
    assert work.families[STROZZI].cups == 11
    assert len(work.events) == 1
    work.strozzi.cups = [0, 2]
    strozzi.play_card(work, 8)  # no orange: a blue cup
    assert work.strozzi.cups == [0, 1]
    assert work.families[STROZZI].cups == 10
    assert len(work.events) == 2


def test_only_strozzis_pieces_have_a_colour() -> None:
    """F126: Strozzi's pieces are orange or blue; outside the solo game no piece has a
    colour (0)."""
    work = Work.of(_dealt(GameConfig(players=3, seed=1, explicit_chance=True)))
    assert {work.colour(location, 0) for location in range(1, 10)} == {0}


def test_strozzi_may_draw_a_sixth_card_in_a_round() -> None:
    """FR49: Strozzi draws at most 6 cards a round, so the sixth is still drawn and
    played, with the deck shuffled (random) or dealt by chance (explicit chance)."""
    work = _solo_work(time=6)
    assert work.strozzi is not None
    work.strozzi.drawn = 5
    strozzi.turn(work)
    assert work.strozzi is not None
    assert work.strozzi.drawn == 6
    assert len(work.strozzi.discards) == 1
    config = GameConfig(players=2, seed=3, solo=True, explicit_chance=True)
    state = _dealt(config)
    rng = random.Random(3)
    while not (state.chance and state.chance[0].kind is ChanceKind.STROZZI_CARD):
        if state.stage is Stage.CHANCE:
            moves, weights = zip(*chance_outcomes(state), strict=True)
            state = apply(state, rng.choices(moves, weights)[0])
        else:
            state = apply(state, rng.choice(legal_moves(state)))
    assert state.strozzi is not None
    state = attrs.evolve(state, strozzi=attrs.evolve(state.strozzi, drawn=5))
    card = next(value for value, _ in outcomes(state) if value != 6)
    after = apply(state, Chance(card))
    assert after.strozzi is not None
    assert after.strozzi.drawn == 6
    assert card in after.strozzi.discards


def test_a_row_set_by_index_is_in_the_frozen_rows() -> None:
    """Rows: a row replaced by index (as a rule or a test sets a whole queue, deck or
    pile) is frozen with the others; rows never reached stay the tuples they were."""
    source = ((1, 2), (3,), ())
    rows = Rows(source)
    assert rows.freeze() is source
    rows[1] = [4, 5]
    assert rows.freeze() == ((1, 2), (4, 5), ())


def _pieces(work: Work, location: int) -> list[tuple[int, int, int]]:
    """The queue at ``location`` as (family, rank, colour), the head first."""
    return [
        (family, rank, work.colour(location, position))
        for position, (family, rank) in enumerate(work.queues[location])
    ]


def test_strozzis_friend_card_promotes_a_debutant_with_a_lady_of_either_colour() -> None:
    """F147, FR53: card 7 makes his rearmost debutant at the first target (Cosimo's, 6,
    in round 1) a lady, of the debutant's colour if one is at home, else of the other;
    only without any lady at home does it pass to the next step."""
    for ladies, colour in (([1, 0], 1), ([0, 1], 2)):
        work = _solo_work(time=6)
        assert work.strozzi is not None
        assert _pieces(work, 6) == [(STROZZI, Rank.DEBUTANT, 1)]  # his setup (F130)
        work.strozzi.supply[1] = list(ladies)
        work.strozzi.supply[2] = [0, 0]
        strozzi.play_card(work, 7)
        assert _pieces(work, 6) == [(STROZZI, Rank.LADY, colour)]
        assert work.strozzi.supply[1] == [0, 0]


def test_strozzis_friend_card_makes_his_lady_a_maestro_where_he_has_one() -> None:
    """F147, FR53: where he already has a lady, card 7 does not promote his debutant
    there; it makes the lady a maestro of her colour."""
    work = _solo_work(time=6)
    assert work.strozzi is not None
    work.strozzi.supply[1][1] -= 1
    work.families[STROZZI].take(Rank.LADY)
    work.insert(6, STROZZI, Rank.LADY, colour=2)
    strozzi.play_card(work, 7)
    assert _pieces(work, 6) == [(STROZZI, Rank.MAESTRO, 2), (STROZZI, Rank.DEBUTANT, 1)]
    assert work.strozzi.supply[2] == [1, 0]


def _place(work: Work, location: int, rank: Rank, colour: int) -> None:
    """Put a piece of Strozzi's of ``rank`` and ``colour`` from his board at ``location``."""
    assert work.strozzi is not None
    work.strozzi.supply[rank - 1][colour - 1] -= 1
    work.families[STROZZI].take(rank)
    work.insert(location, STROZZI, rank, colour=colour)


def test_strozzis_friend_card_brings_a_maestro_home_for_his_lady() -> None:
    """F147, F150, FR53, FR56: with no maestro at home, card 7 brings back one of his
    maestros from a location that is no target, of his lady's colour if there is one,
    else the first found; his lady becomes that maestro."""
    for maestros, expected, left in (
        ({1: 1, 5: 2}, 1, {1: [], 2: []}),  # only an orange one away from the targets
        ({1: 1, 2: 2}, 2, {1: [(STROZZI, Rank.MAESTRO, 1)], 2: []}),  # a blue one too
    ):
        work = _solo_work(time=6)
        work.targets[Medici.CONTESSINA] = 5  # targets 6, 5 and 3: location 1 is none
        for location, colour in maestros.items():
            _place(work, location, Rank.MAESTRO, colour)
        _place(work, 6, Rank.LADY, 2)
        strozzi.play_card(work, 7)
        assert _pieces(work, 6) == [
            (STROZZI, Rank.MAESTRO, expected),
            (STROZZI, Rank.DEBUTANT, 1),
        ]
        assert {location: _pieces(work, location) for location in left} == left
        assert work.strozzi is not None
        assert work.strozzi.supply[1] == [3, 3]  # the lady is back home
        assert work.strozzi.supply[2] == [0, 0]


def test_strozzi_places_nothing_when_no_piece_of_the_colour_can_come_home() -> None:
    """F150, FR56: with no orange debutant on his board and none away from the targets
    to bring back, card 1 (an orange debutant for Medici A) places nothing."""
    work = _solo_work(time=6)
    assert work.strozzi is not None
    work.strozzi.supply[0][0] = 0
    before = [_pieces(work, location) for location in range(1, 10)]
    strozzi.play_card(work, 1)
    assert [_pieces(work, location) for location in range(1, 10)] == before
    assert work.strozzi.supply[0] == [0, 4]


def test_strozzis_friend_card_falls_back_to_a_boast_in_his_commoner_colour() -> None:
    """F147 and the card's fallback (components §12): with nobody to promote at any
    target, card 7 places a boast cup of the colour he has more of, orange on a tie."""
    for cups, after in (([2, 3], [2, 2]), ([3, 3], [2, 3]), ([4, 1], [3, 1])):
        work = _solo_work(time=6)
        assert work.strozzi is not None
        work.strozzi.supply[1] = [0, 0]  # no lady at home: no debutant is promoted
        work.strozzi.cups = list(cups)
        strozzi.play_card(work, 7)
        assert work.strozzi.cups == after
        assert [e.source for e in work.events if isinstance(e, Scored)] == ["boast"]


def test_a_card_dealt_in_round_one_changes_only_the_hand_and_the_deck() -> None:
    """FR3 with explicit chance: the setup's steps end once (F27 for the targets,
    F129 and F130 for Strozzi); a scandal card dealt later in round 1 (a spy's, F76) gives
    the card and does not set the targets or Strozzi's pieces up again."""
    state = _dealt(GameConfig(players=2, seed=3, solo=True, explicit_chance=True))
    rng = random.Random(3)
    while state.stage is not Stage.ACTION:  # the player's setup placements
        state = apply(state, rng.choice(legal_moves(state)))
    assert state.round == 1
    work = Work.of(state)
    work.draw(0, Medici.COSIMO)
    work.settle()
    waiting = work.freeze()
    card = outcomes(waiting)[0][0]
    after = apply(waiting, Chance(card))
    assert after.families[0].hand == (ScandalKind(card),)
    hand = attrs.evolve(after.families[0], hand=())
    # resume: where the game went on from after the chance node, the same decision
    assert after.resume == (state.stage, state.player)
    families = (hand, *after.families[1:])
    assert attrs.evolve(after, families=families, decks=state.decks, resume=state.resume) == state


def test_strozzis_first_round_time_in_each_variant() -> None:
    """F131, FR43: Strozzi gains 6 time in round 1; 7 in the harder variant's more-time
    rule (F152) and 5 in the easier game (F151, FR57)."""
    plain = GameConfig(players=2, seed=3, solo=True)
    for config, expected in (
        (plain, 6),
        (attrs.evolve(plain, harder_more_time=True), 7),
        (attrs.evolve(plain, easier=True), 5),
    ):
        work = Work.of(new_game(config))
        assert work.round == 1
        assert strozzi.gain(work, 9) == expected


def test_strozzi_passing_first_gains_two_time_in_the_harder_variant() -> None:
    """F152 (harder_first_pass_time): Strozzi gains 2 time when he is the first of the
    round to pass; passing after another family gains him nothing."""
    config = GameConfig(players=2, seed=3, solo=True, harder_first_pass_time=True)
    state = attrs.evolve(new_game(config), stage=Stage.ACTION)
    work = Work.of(state)
    board = work.families[STROZZI]
    board.time = 3
    strozzi.pass_strozzi(work)
    assert board.time == 5
    assert board.passed
    work = Work.of(state)
    work.someone_passed = True
    work.families[STROZZI].time = 3
    strozzi.pass_strozzi(work)
    assert work.families[STROZZI].time == 3


def test_strozzis_ring_goes_where_he_can_swap_and_is_not_at_the_head() -> None:
    """FR47 (F134, F136): passing, Strozzi puts his ring on a free target where he can
    swap with the player later, preferring one whose queue he does not head."""
    work = _solo_work(time=6)
    assert work.strozzi is not None
    assert strozzi.PLAYER == 0
    queues: dict[int, tuple[list[tuple[int, int]], list[int]]] = {
        6: ([(STROZZI, Rank.LADY), (0, Rank.DEBUTANT), (STROZZI, Rank.DEBUTANT)], [1, 0, 1]),
        1: ([(0, Rank.DEBUTANT), (STROZZI, Rank.DEBUTANT)], [0, 2]),
    }
    for location, (queue, colours) in queues.items():
        work.queues[location] = queue
        work.strozzi.colours[location] = colours
    assert strozzi.can_swap(work, 6)
    assert strozzi.can_swap(work, 1)
    strozzi.pass_strozzi(work)
    assert work.families[STROZZI].ring == 1


def test_strozzis_celebration_scores_two_vp_per_time_in_the_harder_variant() -> None:
    """F146, F152 (harder_celebration_vp): card 6 spends all his time (in a round of
    Cosimo's) and, in the harder variant, gives him 2 VP for each time spent."""
    config = GameConfig(players=2, seed=3, solo=True, harder_celebration_vp=True)
    state = new_game(config)
    families = list(state.families)
    families[STROZZI] = attrs.evolve(families[STROZZI], time=5)
    work = Work.of(attrs.evolve(state, families=tuple(families)))
    strozzi.play_card(work, 6)
    assert work.families[STROZZI].time == 0
    assert [e for e in work.events if isinstance(e, Scored)] == [Scored(STROZZI, 10, "card")]


@pytest.mark.parametrize(
    ("where", "move", "reason"),
    [
        ("poor", Boast(1), "too little time (rule F39)"),
        ("action", Boast(2), "no own member at that location (rule F60)"),
        ("action", Boast(0), "no such location"),
        ("action", Boast(10), "no such location"),
    ],
)
def test_a_refused_boast_gives_its_whole_reason(where: str, move: Boast, reason: str) -> None:
    """F39, F60: a boast refused for time, for want of an own member there, or for a
    location off the board ends its message with exactly that reason."""
    with pytest.raises(IllegalMoveError) as raised:
        apply(STATES[where](), move)
    assert str(raised.value).endswith(f": {reason}")


def _travel_card(others: tuple[tuple[int, tuple[tuple[int, int], ...]], ...]) -> GameState:
    """Family 0 at its action with the travel card, its debutant at 1 walked to 2 and
    stopped there; ``others`` are more queues (location, pieces) set before."""
    state = STATES["action"]()
    families = list(state.families)
    families[0] = attrs.evolve(families[0], hand=(ScandalKind.FIG_TRAVEL,))
    queues = list(state.queues)
    for location, pieces in others:
        queues[location] = pieces
    state = attrs.evolve(state, families=tuple(families), queues=tuple(queues))
    state = apply(state, PlayScandal(ScandalKind.FIG_TRAVEL, (1, 0, 2)))
    return apply(state, Stop())


def test_the_travel_card_ends_when_no_other_own_member_could_walk() -> None:
    """F85, FR64: once the first member has stopped, the card offers a second member's
    walk only if the family has another member (another family's members and the one
    just stopped do not count); with none the action is over and the next family acts."""
    state = _travel_card(())
    assert state.stage is Stage.ACTION
    assert state.walk is None
    assert state.player == 1
    assert state.queues[2] == ((0, Rank.DEBUTANT),)
    state = _travel_card(((9, ((0, Rank.LADY),)),))
    assert state.stage is Stage.TRAVEL
    assert state.walk is not None
    assert state.walk.between
    assert set(legal_moves(state)) == {Second(9, 0, 6), Second(9, 0, 8), Stop()}


def _fill(work: Work, *locations: int) -> None:
    """Fill the queues at ``locations`` with the player's debutants."""
    for location in locations:
        while work.free(location):
            work.insert(location, 0, Rank.DEBUTANT)


def test_strozzi_tries_the_targets_from_the_cards_letter_round_the_circle() -> None:
    """F144, FR50: card 5 of Medici C (Giovanni in round 1: targets A 6, B 1, C 3)
    finds C's and A's targets full and places both debutants at B's target, the A-B-C-A
    order read cyclically from C."""
    work = _solo_work(time=6)
    assert tuple(work.targets) == (6, 1, 3)
    _fill(work, 3, 6)
    strozzi.play_card(work, 5)
    assert _pieces(work, 1) == [(STROZZI, Rank.DEBUTANT, 1), (STROZZI, Rank.DEBUTANT, 2)]
    assert _pieces(work, 2) == []


def test_strozzi_walks_back_from_medici_as_target_when_every_target_is_full() -> None:
    """F144: with the targets of A (6), B (1) and C (3) full, card 1 walks back against
    the arrows from A's target: 3 is full, so his orange debutant goes to 2 (walking
    back from B's target would have found 4)."""
    work = _solo_work(time=6)
    _fill(work, 1, 3, 6)
    strozzi.play_card(work, 1)
    assert _pieces(work, 2) == [(STROZZI, Rank.DEBUTANT, 1)]
    assert _pieces(work, 4) == []


def _reshuffled() -> tuple[list[ScandalKind], int]:
    """Family 0 draws from Cosimo's empty deck, his discard pile holding 8 cards, after
    5 reshuffles; the deck then, and the reshuffles made."""
    state = STATES["action"]()
    pile = (*FIG, *CAR, ScandalKind.MES_CUP, ScandalKind.MES_SWAP)
    state = attrs.evolve(_with_cards(state, {Medici.COSIMO: ()}, {Medici.COSIMO: pile}), shuffles=5)
    work = Work.of(state)
    work.draw(0, Medici.COSIMO)
    assert not work.discards[Medici.COSIMO]
    return [*work.families[0].hand, *work.decks[Medici.COSIMO]], work.shuffles


def test_a_reshuffle_is_seeded_by_the_game_and_counted() -> None:
    """F82, FR3: an empty deck takes its discard pile in an order drawn from the game's
    seed and the number of reshuffles made, which goes up by one; the same state
    reshuffles the same way."""
    cards, shuffles = _reshuffled()
    assert shuffles == 6
    assert sorted(cards) == sorted((*FIG, *CAR, ScandalKind.MES_CUP, ScandalKind.MES_SWAP))
    assert _reshuffled() == (cards, shuffles)


def test_spies_draw_in_turn_order_from_the_start_family() -> None:
    """F76, FR23, FR37: where a Medici stops, each family with a spy on the boast tile
    draws a scandal card, in turn order from the round's start family, so that the
    deck's top card goes to the spy whose family comes first from the start."""
    state = new_game(GameConfig(players=4, seed=1))
    location = next(loc for loc in range(1, 10) if not state.queues[loc])
    medici = Medici.COSIMO
    deck = (ScandalKind.FIG_GUARD, ScandalKind.CAR_SWAP, ScandalKind.MES_CUP)
    state = _with_cards(state, {medici: deck}, {})
    checked = 0
    for start in range(4):
        for spies in combinations(range(4), 2):
            work = Work.of(attrs.evolve(state, start=start))
            work.spies[location] = spies
            _visit(work, medici, location)
            expected = Work.of(attrs.evolve(state, start=start))
            for family in sorted(spies, key=lambda f: (f - start) % 4):
                expected.draw(family, medici)
            assert [f.hand for f in work.families] == [f.hand for f in expected.families]
            first = min(spies, key=lambda f: (f - start) % 4)
            assert deck[0] in work.families[first].hand
            checked += 1
    assert checked == 24
