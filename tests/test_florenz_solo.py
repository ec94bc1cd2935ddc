"""The solo game against Strozzi (rules F123-F152)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from princes_of_florence.florenz.components import default_catalog
from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.engine import apply, is_terminal, legal_moves, new_game, outcome
from princes_of_florence.florenz.ids import Medici, Rank, Stage
from princes_of_florence.florenz.moves import ChooseColour, MoveMember, Place
from princes_of_florence.florenz.observation import determinize, observe
from princes_of_florence.florenz.rules import strozzi
from princes_of_florence.florenz.rules.common import STROZZI, Work
from princes_of_florence.florenz.rules.phases import begin_round
from princes_of_florence.florenz.state import GameState

CATALOG = default_catalog()
D, L, M = int(Rank.DEBUTANT), int(Rank.LADY), int(Rank.MAESTRO)


def _solo(seed: int = 1, **options: Any) -> GameState:
    return new_game(GameConfig(players=2, seed=seed, solo=True, **options))


def _work(state: GameState, **changes: Any) -> Work:
    return Work.of(attrs.evolve(state, **changes))


def test_setup_places_strozzis_guards_and_debutants() -> None:
    """F128-F130: the player starts; Strozzi's guards and his orange debutant
    at Cosimo's target, blue at Giovanni's, before the player places."""
    state = _solo()
    cosimo, giovanni = state.targets[Medici.COSIMO], state.targets[Medici.GIOVANNI]
    assert state.start == 0
    assert state.player == 0
    assert state.stage is Stage.SETUP
    assert state.queues[cosimo] == ((STROZZI, D),)
    assert state.queues[giovanni] == ((STROZZI, D),)
    assert state.strozzi is not None
    assert state.strozzi.colours[cosimo] == (1,)
    assert state.strozzi.colours[giovanni] == (2,)
    assert STROZZI in state.spies[state.targets[Medici.CONTESSINA]]
    assert STROZZI in state.doormen[giovanni]
    assert sum(1 for crest in state.escorts if STROZZI in crest) == 1
    assert state.families[STROZZI].guards == 9
    assert state.capacity == 4  # ruling FR41: blocking as for 2 families


def test_easier_game_starts_without_guards_and_less_time() -> None:
    """F151: no guards; 1 time less (round 1: 5)."""
    state = _solo(easier=True)
    assert state.families[STROZZI].guards == 12
    empty = next(loc for loc in range(1, 10) if not state.queues[loc])
    state = apply(state, Place(empty))
    assert state.families[STROZZI].time <= 5


@pytest.mark.parametrize(("options", "first"), [({}, 6), ({"harder_more_time": True}, 7)])
def test_strozzi_clock(options: dict[str, bool], first: int) -> None:
    """F131, FR43, FR58: 6 time in round 1 (harder 7); later max(tile, 4) (+1, at most 9)."""
    state = _solo(**options)
    work = _work(state, setup_order=())
    begin_round(work)
    before = work.families[STROZZI].time
    assert before <= first  # his first turn may have spent some
    assert strozzi.gain(_work(state, round=2), 2) == (4 if not options else 5)
    assert strozzi.gain(_work(state, round=2), 9) == 9


def test_cosimo_placement_goes_in_front_of_the_debutants() -> None:
    """F143: card A with Cosimo: a debutant of the card's colour in front of all debutants."""
    state = _solo()
    target = state.targets[Medici.COSIMO]
    queues = list(state.queues)
    queues[target] = ((0, L), (0, D))
    solo = state.strozzi
    assert solo is not None
    colours = list(solo.colours)
    colours[target] = (0, 0)
    state = attrs.evolve(
        state, queues=tuple(queues), strozzi=attrs.evolve(solo, colours=tuple(colours))
    )
    work = _work(state)
    strozzi._place_card(work, 0, 2)
    assert work.queues[target] == [(0, L), (STROZZI, D), (0, D)]
    assert work.strozzi is not None
    assert work.strozzi.colours[target] == [0, 2, 0]


def test_card_five_on_a_tie_asks_the_player() -> None:
    """F145, FR51: equal colours on the board: the player chooses (D7); in
    round 2 Medici C is Cosimo."""
    state = _solo(seed=3)
    work = _work(state, setup_order=(), stage=Stage.ACTION, player=STROZZI, round=2)
    work.strozzi.deck = [5, *[c for c in work.strozzi.deck if c != 5]]  # type: ignore[union-attr]
    work.families[STROZZI].time = 6
    strozzi.turn(work)
    assert work.stage is Stage.COLOUR
    assert work.player == 0
    state = work.freeze()
    assert legal_moves(state) == (ChooseColour(1), ChooseColour(2))
    after = apply(state, ChooseColour(2))
    assert after.stage is not Stage.COLOUR
    assert after.strozzi is not None
    assert after.strozzi.card == -1
    placed_blue = sum(c == 2 for loc in range(1, 10) for c in after.strozzi.colours[loc])
    assert placed_blue == 2
    assert apply(state, ChooseColour(1)) != after


def test_first_card_six_is_ignored_and_shuffled_back() -> None:
    """F146, FR62: card 6 first in a round: draw another, card 6 returns to the deck."""
    state = _solo()
    work = _work(state, setup_order=(), stage=Stage.ACTION, player=STROZZI)
    assert work.strozzi is not None
    work.strozzi.deck = [6, 10, *[c for c in work.strozzi.deck if c not in (6, 10)]]
    work.families[STROZZI].time = 6
    strozzi.turn(work)
    assert 6 in work.strozzi.deck
    assert work.strozzi.discards == [10]
    assert work.strozzi.drawn == 2


def test_card_six_later_spends_the_time_and_passes() -> None:
    """F146: all time spent (Giovanni's round: all but 3), then he passes."""
    state = _solo()
    work = _work(state, setup_order=(), stage=Stage.ACTION, player=STROZZI)
    assert work.strozzi is not None
    work.strozzi.drawn = 1
    work.strozzi.deck = [6, *[c for c in work.strozzi.deck if c != 6]]
    work.families[STROZZI].time = 7
    strozzi.turn(work)
    assert work.families[STROZZI].time == 0
    assert work.families[STROZZI].passed


def test_guard_card_in_round_nine_gives_two_vp() -> None:
    """F149: in round 9 (or without a crest) Strozzi gains 2 VP instead."""
    state = _solo()
    work = _work(state, round=9)
    vp = work.families[STROZZI].vp
    strozzi._guard(work)
    assert work.families[STROZZI].vp == vp + 2


def test_boast_card_scores_the_tile_multiplied() -> None:
    """F148, FR54, FR61: after Medici A's carriage; rounds 1-3: twice, bottom field."""
    state = _solo()
    work = _work(state)
    location = CATALOG.successor[work.carriages[Medici.COSIMO]]
    kind = work.boast_tiles[location]
    per_item = CATALOG.raw.boast_tiles[CATALOG.boast_kinds.index(kind)].per_item
    strozzi._boast(work, 1)
    assert work.families[STROZZI].vp == 2 * per_item
    assert work.cups[location][0] == STROZZI
    assert work.strozzi is not None
    assert work.strozzi.cups == [5, 6]


def test_strozzi_takes_time_for_scandal_cards() -> None:
    """F139, FR48: the card is discarded and he gains 1 time."""
    work = _work(_solo())
    work.families[STROZZI].time = 3
    work.draw(STROZZI, Medici.COSIMO)
    assert work.families[STROZZI].time == 4
    assert not work.families[STROZZI].hand
    assert len(work.discards[Medici.COSIMO]) == 1


def test_own_escort_in_solo_gives_vp_and_time() -> None:
    """F138: moving over your own escort: 1 VP and 1 time."""
    state = _solo()
    empty = next(loc for loc in (1, 3, 7, 9) if not state.queues[loc])
    state = apply(state, Place(empty))
    while state.player != 0 or state.stage is not Stage.ACTION:
        state = apply(state, legal_moves(state)[0])
    location = next(loc for loc in range(1, 10) if (0, D) in state.queues[loc])
    position = state.queues[location].index((0, D))
    to, path = CATALOG.neighbours[location][0]
    escorts = list(state.escorts)
    escorts[path] = (0,)
    state = attrs.evolve(state, escorts=tuple(escorts))
    if len(state.queues[to]) >= state.capacity:
        pytest.skip("the neighbour is full in this deal")
    before = state.families[0]
    after = apply(state, MoveMember(location, position, to))
    assert after.families[0].vp >= before.vp + 1
    assert after.families[0].time == min(12, before.time - 1 + 1)


def test_harder_escorts_block_the_player() -> None:
    """F152: the player may not move over a path with a Strozzi guard."""
    state = _solo(harder_escorts=True)
    empty = next(loc for loc in range(1, 10) if not state.queues[loc])
    state = apply(state, Place(empty))
    for move in legal_moves(state):
        if isinstance(move, MoveMember):
            path = CATALOG.path_index[(min(move.location, move.to), max(move.location, move.to))]
            assert STROZZI not in state.escorts[path]


def test_solo_result_only_more_vp_wins() -> None:
    """F142: a tie is a loss."""
    state = _solo()
    families = [attrs.evolve(f, vp=50) for f in state.families]
    over = attrs.evolve(state, families=tuple(families), stage=Stage.OVER, player=-1)
    assert outcome(over).winners == (1,)
    families[0] = attrs.evolve(families[0], vp=51)
    assert outcome(attrs.evolve(over, families=tuple(families))).winners == (0,)


def test_strozzi_deck_holds_ten_cards_each_round_and_his_order_is_hidden() -> None:
    """FR49 and the contract: the Strozzi deck order is nobody's."""
    state = _solo(seed=5)
    rng = random.Random(5)
    while not is_terminal(state):
        solo = state.strozzi
        assert solo is not None
        view = observe(state, 0)
        assert view.state.strozzi is not None
        assert view.state.strozzi.deck == tuple(sorted(solo.deck))
        assert observe(determinize(view, rng), 0) == view
        state = apply(state, rng.choice(legal_moves(state)))


def test_passing_strozzi_places_his_ring_at_a_target() -> None:
    """F134, FR44: the ring goes to a target where the swap is possible, else he keeps it."""
    state = _solo()
    work = _work(state, setup_order=(), stage=Stage.ACTION, player=STROZZI)
    work.families[0].passed = False
    strozzi.pass_strozzi(work)
    family = work.families[STROZZI]
    assert family.passed
    assert family.ring == 0 or family.ring in work.targets


def test_solo_game_through_the_protocol() -> None:
    """The registered game plays the solo game; Strozzi never decides."""
    from princes_of_florence import games

    game = games.get("florenz")
    config = game.make_config(2, 4, {"solo": True, "easier": True})
    state = game.new_game(config)
    rng = random.Random(4)
    moves = []
    while not game.is_terminal(state):
        assert game.current_player(state) == 0
        move = rng.choice(game.legal_moves(state))
        state = game.apply(state, move)
        moves.append(move)
    result = game.result(state)
    assert len(result.winners) == 1
    assert (
        game.replay(game.load_record(game.dumps(game.make_record(config, moves, state))))[-1]
        == state
    )
