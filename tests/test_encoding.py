"""Action ids: one id per move in every state, and the published bounds."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from princes_of_florence import GameConfig, new_game
from princes_of_florence.encoding import (
    ACTION_COUNT,
    BLOCKS,
    LONGEST_GAME,
    MAX_BID,
    MAX_CONVERSION,
    MAX_LEGAL_MOVES,
    MAX_PRESTIGE_SALE,
    PLACEMENT_CELLS,
    action_mask,
    action_move,
    decode_move,
    encode_move,
    legal_actions,
)
from princes_of_florence.engine import free_moves, legal_moves
from princes_of_florence.errors import IllegalMoveError, InvalidMoveError
from princes_of_florence.ids import Building, Landscape, PersonId
from princes_of_florence.moves import (
    Bid,
    Build,
    Convert,
    Deal,
    Decline,
    MerchantFree,
    MerchantPay,
    Move,
    PlaceTile,
    ProfessorLater,
    Recruit,
    SellPrestige,
)
from princes_of_florence.observation import observe
from princes_of_florence.rules.placement import tile_placements
from princes_of_florence.state import GameState
from strategies import PlayedGame, played_games, states_in_play


def _decisions(game: PlayedGame) -> list[tuple[GameState, tuple[Move, ...]]]:
    return [(s, (*legal_moves(s), *free_moves(s))) for s in game.states]


@given(played_games())
def test_every_legal_move_has_a_unique_id_that_decodes_to_it(game: PlayedGame) -> None:
    """Each legal move of a random game encodes in range, uniquely, and decodes back."""
    for state, moves in _decisions(game):
        ids = [encode_move(m) for m in moves]
        assert all(0 <= i < ACTION_COUNT for i in ids)
        assert len(set(ids)) == len(ids)
        assert sorted(ids) == list(legal_actions(state))
        for move, action in zip(moves, ids, strict=True):
            assert move == action_move(action)
            assert move == decode_move(state, action)


@given(played_games())
def test_play_stays_within_the_published_bounds(game: PlayedGame) -> None:
    """No decision offers more than MAX_LEGAL_MOVES; no game is longer than LONGEST_GAME."""
    assert len(game.moves) <= LONGEST_GAME
    for state, moves in _decisions(game):
        assert len(moves) <= MAX_LEGAL_MOVES
        for player in state.players:
            assert player.prestige <= MAX_PRESTIGE_SALE
            assert player.money <= MAX_BID


@given(states_in_play())
def test_a_view_has_the_legal_actions_of_its_state(state: GameState) -> None:
    """The viewer to decide gets the state's actions and mask; everybody else none."""
    for viewer in range(len(state.players)):
        view = observe(state, viewer)
        mask = action_mask(view)
        assert len(mask) == ACTION_COUNT
        if viewer == state.current_player:
            assert legal_actions(state) == legal_actions(view)
            assert action_mask(state) == mask
        else:
            assert () == legal_actions(view)
            assert 0 == sum(mask)
    assert [i for i, bit in enumerate(action_mask(state)) if bit] == list(legal_actions(state))


def test_a_decoded_move_is_the_object_the_engine_offered() -> None:
    """decode_move returns the engine's own move object, so apply skips its check."""
    state = new_game(GameConfig(players=4, seed=5))
    offered = legal_moves(state)
    assert all(any(decode_move(state, a) is m for m in offered) for a in legal_actions(state))


def test_the_blocks_are_laid_end_to_end() -> None:
    """Each block starts where the previous ends, and the last ends at ACTION_COUNT."""
    start = 0
    for block in BLOCKS:
        assert start == block.start
        assert all(isinstance(m, block.kind) for m in block.moves)
        start += block.size
    assert ACTION_COUNT == start
    # one block per kind, but for the placements only the reverse side of the
    # board has (R29): a second ``place`` block, appended at the end
    kinds = [b.kind for b in BLOCKS]
    assert len(set(kinds)) == len(kinds) - 1
    assert [PlaceTile, PlaceTile] == [k for k in kinds if kinds.count(k) > 1]
    assert BLOCKS[-5].kind is PlaceTile
    assert BLOCKS[-4].kind is Deal  # chance's moves (explicit chance), added after
    # the Merchant's choice and the Professor kept (R26), added after them
    assert [MerchantFree, MerchantPay, ProfessorLater] == [b.kind for b in BLOCKS[-3:]]


def test_a_placement_id_is_its_cells_whatever_the_tile() -> None:
    """Every placement of every tile has an id; tiles covering the same cells share it."""
    for tile in (*Building, *Landscape):
        for placement in tile_placements(tile):
            assert PlaceTile(placement.notation) == action_move(
                encode_move(PlaceTile(placement.notation))
            )
    assert len(set(PLACEMENT_CELLS)) == len(PLACEMENT_CELLS)
    assert sorted(PLACEMENT_CELLS) == list(PLACEMENT_CELLS)


def test_bids_sales_and_conversions_have_ids_up_to_their_bounds() -> None:
    """The numbered blocks reach exactly their published bounds."""
    for move in (Bid(100), Bid(MAX_BID), Convert(0), Convert(MAX_CONVERSION)):
        assert move == action_move(encode_move(move))
    sales = next(block for block in BLOCKS if block.kind is SellPrestige)
    assert sales.start + sales.size - 1 == encode_move(SellPrestige(MAX_PRESTIGE_SALE))
    assert encode_move(Bid(300)) + 1 == encode_move(Bid(400))


@pytest.mark.parametrize(
    "move",
    [
        Bid(MAX_BID + 100),
        Bid(250),
        Convert(MAX_CONVERSION + 1),
        SellPrestige(0),
        SellPrestige(MAX_PRESTIGE_SALE + 1),
        PlaceTile("c1-c2"),  # inside the palazzo on either side of the board
        Recruit(5, PersonId.POET),  # seats 0 to 4 only
    ],
)
def test_a_move_outside_the_space_has_no_id(move: Move) -> None:
    """encode_move names the move it cannot encode."""
    with pytest.raises(InvalidMoveError, match="has no action id"):
        encode_move(move)


@pytest.mark.parametrize("action", [-1, ACTION_COUNT, True, "3", 2.0])
def test_an_action_outside_the_space_is_refused(action: object) -> None:
    """action_move and decode_move refuse what is not an id, naming it."""
    with pytest.raises(InvalidMoveError, match="is not an action id"):
        action_move(action)  # type: ignore[arg-type]  # the wrong types are the point
    with pytest.raises(InvalidMoveError, match="is not an action id"):
        decode_move(new_game(), action)  # type: ignore[arg-type]


def test_decoding_an_illegal_action_names_the_move() -> None:
    """An id that is not legal now raises IllegalMoveError naming its move."""
    state = new_game(GameConfig(players=3, seed=2))
    with pytest.raises(IllegalMoveError, match=r"\(decline\) is not legal now"):
        decode_move(state, encode_move(Decline()))


_WRONG_TYPES: list[Any] = [
    Bid(300.0),  # type: ignore[arg-type]  # a float amount, on purpose
    Bid(True),  # a bool amount, on purpose
    Convert(False),  # a bool, on purpose
    Recruit(1.0, PersonId.PAINTER),  # type: ignore[arg-type]  # a float seat, on purpose
    Build("university"),  # type: ignore[arg-type]  # the enum's text, on purpose
    SellPrestige(2.0),  # type: ignore[arg-type]  # a float, on purpose
    Bid([300]),  # type: ignore[arg-type]  # a list, on purpose
    None,
    "bid 300",
    300,
]


@pytest.mark.parametrize("move", _WRONG_TYPES, ids=repr)
def test_a_move_with_a_field_of_the_wrong_type_has_no_id(move: Any) -> None:
    """Bid(300.0) equals Bid(300) and hashes alike, yet is malformed: encode_move refuses
    it as apply does, with an InvalidMoveError."""
    with pytest.raises(InvalidMoveError):
        encode_move(move)


def test_the_same_moves_with_their_types_have_ids() -> None:
    """The well-formed moves next to the malformed ones do have ids."""
    for move in (Bid(300), Convert(0), Recruit(1, PersonId.PAINTER), SellPrestige(2)):
        assert move == action_move(encode_move(move))


@pytest.mark.parametrize(
    "action", [-1, ACTION_COUNT, 2**70, 1.0, "3", b"3", True, None, [3]], ids=repr
)
def test_an_action_that_is_not_an_id_is_refused(action: Any) -> None:
    """decode_move and action_move take a Python int from 0 to ACTION_COUNT - 1 only."""
    state = new_game(GameConfig(players=3))
    with pytest.raises(InvalidMoveError, match="is not an action id"):
        action_move(action)
    with pytest.raises(InvalidMoveError, match="is not an action id"):
        decode_move(state, action)


def test_the_identity_table_keeps_out_the_classes_of_moves_made_anew(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When the table of moves met is emptied, a class of which it held many moves that
    nothing else held (moves made anew for each state) is kept out from then on; a class
    whose moves something else holds (the engine's shared placements) is not."""
    from princes_of_florence import encoding
    from princes_of_florence.moves import Bid

    met: dict[int, tuple[object, int]] = {}
    anew: set[type] = set()
    monkeypatch.setattr(encoding, "_MET", met)
    monkeypatch.setattr(encoding, "_MADE_ANEW", anew)
    placements = tuple(tile_placements(Building.CHAPEL))  # held here too
    assert len(placements) >= encoding._ANEW_EVIDENCE
    for move in placements:
        met[id(move)] = (move, 0)
    for _ in range(encoding._ANEW_EVIDENCE):
        bid = Bid(amount=300)  # made anew: only the table holds it
        met[id(bid)] = (bid, 0)
    encoding._empty_met()
    assert anew == {Bid}
    assert not met
