"""decision(): the question of every state and view, and the numbers shown beside it."""

from __future__ import annotations

import random
import typing

import attrs
import pytest

from princes_of_florence import (
    Accept,
    AskPayment,
    Bid,
    Build,
    BuyBonus,
    BuyPerson,
    ChooseCard,
    ChooseLandscape,
    Convert,
    Decline,
    DeclineCharacter,
    EndTurn,
    FinishWork,
    GameConfig,
    GameState,
    GiveUp,
    IntroduceFreedom,
    KeepRecruiting,
    MerchantFree,
    MerchantPay,
    Open,
    Pass,
    PlaceTile,
    PlaceToken,
    PlayBonus,
    PrincesOfFlorenceError,
    PrincessWork,
    ProfessorLater,
    Propose,
    ProposeBuilding,
    ProposePlacement,
    Recruit,
    Reject,
    ReturnCard,
    ReturnPerson,
    Take,
    UseMerchant,
    UseProfessor,
    Work,
    apply,
    legal_moves,
    new_game,
    observe,
)
from princes_of_florence.bots.human import QUESTIONS
from princes_of_florence.decisions import (
    PENDING_KINDS,
    PHASE_KINDS,
    DecisionKind,
    base_price,
    build_cost,
    decision,
    is_last_player_take,
    round_minimum,
)
from princes_of_florence.engine import work_preview
from princes_of_florence.ids import Phase
from princes_of_florence.observation import ViewPending
from princes_of_florence.state import CardChoice, Conversion, Pending, Placing

MOVES_OF: dict[DecisionKind, tuple[type, ...]] = {
    DecisionKind.RETURN_PERSON: (ReturnPerson,),
    DecisionKind.OPEN_OR_DECLINE: (Open, Decline),
    DecisionKind.RAISE_OR_PASS: (Bid, Pass),
    DecisionKind.LAST_PLAYER_TAKE: (Take, Decline),
    DecisionKind.CHOOSE_LANDSCAPE: (ChooseLandscape,),
    DecisionKind.PLACE_TILE: (PlaceTile,),
    DecisionKind.CHOOSE_CARD: (ChooseCard,),
    DecisionKind.CHOOSE_RETURNED_ORDER: (ReturnCard,),
    DecisionKind.RECRUIT: (Recruit, KeepRecruiting),
    DecisionKind.CHOOSE_ACTION: (
        Build,
        Work,
        BuyPerson,
        BuyBonus,
        IntroduceFreedom,
        EndTurn,
        Recruit,  # a recruiting card held is used as an action (R23)
        PrincessWork,
        UseMerchant,
        UseProfessor,
        Propose,  # Cooperative Building: a build action proposed to a neighbour (R31)
    ),
    DecisionKind.ADD_BONUS_OR_FINISH: (PlayBonus, FinishWork),
    DecisionKind.CONVERT: (Convert,),
    DecisionKind.BID_FOR_CHARACTER: (PlaceToken, DeclineCharacter),
    DecisionKind.CHOOSE_SHARED_BUILDING: (ProposeBuilding,),
    DecisionKind.PLACE_SHARED_BUILDING: (ProposePlacement,),
    DecisionKind.ASK_PAYMENT: (AskPayment,),
    DecisionKind.ANSWER_PROPOSAL: (Accept, Reject),
    DecisionKind.CONTINUE_BUILD: (Propose, Build, GiveUp),
    DecisionKind.MERCHANT_CHOICE: (MerchantFree, MerchantPay),
    DecisionKind.PROFESSOR_NOW: (ProfessorLater,),  # and the draws, UseProfessor
}
"""The move classes each kind of decision may offer (the tables' meaning, checked below)."""

CHARACTER_USES = {PrincessWork, UseMerchant, UseProfessor}
"""Muse & Princess: a character card held may be used at any decision its window allows (R26)."""

CONFIGS = (
    GameConfig(players=2, seed=5),
    GameConfig(players=3, seed=6, choose_returned_order=True),
    GameConfig(players=4, seed=7, muse_and_princess=True),
    GameConfig(players=5, seed=8),
    GameConfig(players=3, seed=9, cooperative_building=True),
)


def _states(config: GameConfig, games: int) -> list[GameState]:
    """Every state of ``games`` random games of ``config`` (the moves chosen with a seed)."""
    rng = random.Random(config.seed)
    seen = []
    for number in range(games):
        state = new_game(attrs.evolve(config, seed=config.seed + number))
        while True:
            seen.append(state)
            moves = legal_moves(state)
            if not moves:
                break
            state = apply(state, rng.choice(moves))
    return seen


def _fields(config: GameConfig) -> dict[str, object]:
    return {
        name: getattr(config, name)
        for name in ("players", "seed", "choose_returned_order", "muse_and_princess")
    }


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    """Every state of two random games of each configuration."""
    return [state for config in CONFIGS for state in _states(config, 2)]


def test_every_kind_is_offered_and_matches_the_legal_moves(states: list[GameState]) -> None:
    """Each kind arises, and the legal moves of each decision are moves of its kind."""
    seen = set()
    for state in states:
        found = decision(state)
        if found is None:
            assert () == legal_moves(state)
            continue
        assert found.player == state.current_player
        seen.add(found.kind)
        classes = {type(move) for move in legal_moves(state)} - CHARACTER_USES
        assert classes <= set(MOVES_OF[found.kind]), (found, classes)
    assert set(DecisionKind) == seen


def test_every_view_asks_the_same_question_as_its_state(states: list[GameState]) -> None:
    """A view's decision is its state's, for every player's view (the card count stands)."""
    for state in states[::5]:
        for player in range(len(state.players)):
            assert decision(state) == decision(observe(state, player))


def test_the_decision_says_what_it_is_about(states: list[GameState]) -> None:
    """Stack and bid, tile, deck and count, the work so far, the minimum and the payout."""
    for state in states:
        found = decision(state)
        pending = state.pending
        if found is None:
            continue
        if found.kind is DecisionKind.RAISE_OR_PASS:
            assert state.auction is not None
            assert (state.auction.stack, state.auction.high_bid) == (found.stack, found.price)
        elif found.kind in (DecisionKind.OPEN_OR_DECLINE, DecisionKind.LAST_PLAYER_TAKE):
            assert base_price(state) == found.price
        elif found.kind is DecisionKind.PLACE_TILE:
            assert isinstance(pending, Placing)
            assert pending.tile == found.tile
            assert all(str(move).startswith("place ") for move in legal_moves(state))
        elif found.kind in (DecisionKind.CHOOSE_CARD, DecisionKind.CHOOSE_RETURNED_ORDER):
            assert isinstance(pending, CardChoice)
            assert pending.deck == found.deck
            assert len(pending.shown) == found.cards
        elif found.kind is DecisionKind.ADD_BONUS_OR_FINISH:
            assert pending == found.work
            assert work_preview(state) == found.work_value
            assert round_minimum(state) == found.minimum
        elif found.kind is DecisionKind.CONVERT:
            assert isinstance(pending, Conversion)
            assert pending.payout == found.payout


def test_the_last_player_take_is_reported_only_then(states: list[GameState]) -> None:
    """``is_last_player_take`` holds exactly where ``take`` moves are offered (R14)."""
    for state in states:
        takes = any(isinstance(move, Take) for move in legal_moves(state))
        assert takes <= is_last_player_take(state)
        if is_last_player_take(state):
            assert not any(isinstance(move, Open) for move in legal_moves(state))


def test_the_accessors_read_the_rules() -> None:
    """Minimum work 7 to 17 by round (R19), build cost by builders (R21), base price (R12)."""
    state = new_game(GameConfig(players=3))
    assert [7, 10, 12, 14, 15, 16, 17] == [
        round_minimum(attrs.evolve(state, round=r)) for r in range(1, 8)
    ]
    assert 700 == build_cost(state, 2)
    assert 300 == base_price(new_game(GameConfig(players=2)))
    assert 200 == base_price(observe(state, 1))


@pytest.mark.parametrize("player", [3, -1, "0", True])
def test_build_cost_names_a_bad_player(player: object) -> None:
    """A player that is not one of the game is refused with the package's error."""
    with pytest.raises(PrincesOfFlorenceError, match="player must be a player number from 0 to 2"):
        build_cost(new_game(GameConfig(players=3)), player)  # type: ignore[arg-type]


def test_decision_refuses_what_is_neither_a_state_nor_a_view() -> None:
    """A config is not a state: the error says what was expected."""
    with pytest.raises(PrincesOfFlorenceError, match="expected a GameState or a PlayerView"):
        decision(GameConfig())  # type: ignore[arg-type]


def test_the_tables_cover_every_phase_and_pending_class() -> None:
    """Every phase with decisions and every pending class of states and views has a row."""
    classes = set(typing.get_args(Pending)) | set(typing.get_args(ViewPending))
    assert classes == set(PENDING_KINDS)
    assert set(Phase) - {Phase.GAME_OVER} == set(PHASE_KINDS)


def test_the_terminal_has_a_question_for_every_kind() -> None:
    """The person at the terminal is told what is asked, whatever the kind."""
    assert set(DecisionKind) == set(QUESTIONS)
