"""What the protocol gives a front end: words, cells, marked pictures, cards and public views."""

from __future__ import annotations

import json
import random
import re
from xml.etree import ElementTree

import pytest

from princes_of_florence import (
    GameConfig,
    apply,
    free_moves,
    games,
    legal_moves,
    new_game,
    observe,
    view_legal_moves,
    work_preview,
)
from princes_of_florence.bots import view_moves
from princes_of_florence.decisions import Decision, DecisionKind, _asked, question
from princes_of_florence.errors import ArgumentError, PrincesOfFlorenceError
from princes_of_florence.events import MoneyPaid, MoneyReason, WorkDone
from princes_of_florence.game import GAME
from princes_of_florence.ids import BonusCardId, PersonId, Phase, PrestigeCardId
from princes_of_florence.moves import Decline, PlaceTile
from princes_of_florence.narration import card_text, describe
from princes_of_florence.observation import is_complete, public_events, public_view
from princes_of_florence.render import render_table_svg, render_table_text
from princes_of_florence.state import CardChoice, GameState

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("Anna", "Ben", "Carla")


def _auction_state() -> object:
    state = new_game(GameConfig(players=3, seed=1, names=NAMES))
    while state.phase.value == "setup":
        state = apply(state, legal_moves(state)[0])
    return state


def _auction() -> GameState:
    """The first decision of the auction phase, with the players named."""
    state = new_game(GameConfig(players=3, seed=1, names=NAMES))
    while state.phase is Phase.SETUP:
        state = apply(state, legal_moves(state)[0])
    return state


def test_describe_addresses_the_viewer_as_you() -> None:
    """The viewer's name becomes "you" and the verbs agree; the others keep their names."""
    config = GameConfig(players=3, names=NAMES)
    paid = MoneyPaid(player=1, amount=300, reason=MoneyReason.BUILD)
    assert describe(paid, config, viewer=1) == "You pay 300 florins for a building."
    assert describe(paid, config, viewer=0) == "Ben pays 300 florins for a building."
    assert describe(paid, config) == "Ben pays 300 florins for a building."
    work = WorkDone(player=2, person=PersonId.POET, value=9, parts=())
    assert describe(work, config, viewer=2) == "Your work by the poet is worth 9."
    state = _auction_state()
    assert describe(Decline(), state, viewer=0) == "You decline and leave the auction phase."  # type: ignore[arg-type]
    assert describe(Decline(), state, viewer=1) == "Anna declines and leaves the auction phase."  # type: ignore[arg-type]


def test_describe_refuses_a_viewer_who_is_no_player() -> None:
    """A viewer outside the game raises PrincesOfFlorenceError naming the range."""
    config = GameConfig(players=3)
    paid = MoneyPaid(player=1, amount=300, reason=MoneyReason.BUILD)
    with pytest.raises(PrincesOfFlorenceError, match="from 0 to 2, not 3"):
        describe(paid, config, viewer=3)
    with pytest.raises(PrincesOfFlorenceError):
        describe(paid, config, viewer=True)


def test_a_name_like_the_mark_is_not_mistaken_for_the_viewer() -> None:
    """Whatever the names, only the viewer becomes "you"."""
    config = GameConfig(players=2, names=("\u27eayou\u27eb", "Ben"))
    paid = MoneyPaid(player=0, amount=100, reason=MoneyReason.BUILD)
    assert describe(paid, config, viewer=1) == "\u27eayou\u27eb pays 100 florins for a building."


def test_every_card_has_readable_text() -> None:
    """card_text gives a line for every person, bonus and prestige card of the catalog."""
    for card in (*PersonId, *BonusCardId, *PrestigeCardId):
        text = card_text(card)
        assert text.endswith("."), card
        assert "_" not in text, card
    assert card_text(PersonId.MATHEMATICIAN).startswith("Works gain from a university")


def test_questions_are_sentences_addressed_to_the_viewer() -> None:
    """Through a whole game every decision has a sentence; the decider's own reads "You: "."""
    rng = random.Random(4)
    state = new_game(GameConfig(players=3, seed=4, names=NAMES))
    kinds = set()
    while state.current_player is not None:
        player = state.current_player
        text = question(state)
        assert text is not None
        assert text.startswith(NAMES[player] + ": ")
        assert text.endswith(".")
        assert question(observe(state, player), viewer=player) == "You" + text[len(NAMES[player]) :]
        data = GAME.decision_data(state)
        assert data is not None
        json.dumps(data)  # JSON-ready
        kinds.add(data["kind"])
        state = apply(state, rng.choice(legal_moves(state)))
    assert question(state) is None
    assert {"return_person", "place_tile", "choose_action"} <= kinds


def test_every_kind_of_decision_has_a_sentence() -> None:
    """question() words every DecisionKind, the details it carries included."""
    for kind in DecisionKind:
        asked = Decision(0, kind, price=300, cards=5, minimum=9, payout=800)
        text = _asked(asked)
        assert len(text.split()) > 3, kind  # a clause, not the kind's name


def test_public_view_and_events_hide_every_hand() -> None:
    """A spectator's view holds no hand; the public events name no hidden card."""
    state = new_game(GameConfig(players=3, seed=2, hidden_money=True))
    view = public_view(state)
    assert (view.hand_persons, view.hand_bonus, view.prestige_cards) == ((), (), ())
    assert [p.money for p in view.players] == [None, None, None]
    _, events = GAME.apply_with_events(state, legal_moves(state)[0])
    assert [getattr(e, "person", None) for e in public_events(events)] == [None] * len(events)
    assert "data-key" in GAME.render_svg_marked(view)


@pytest.mark.parametrize(
    "options",
    [{}, {"hidden_money": True}, {"muse_and_princess": True}, {"cooperative_building": True}],
)
def test_a_spectator_is_asked_nothing_hidden_and_every_view_is_complete(
    options: dict[str, bool],
) -> None:
    """Through whole games the public view answers every question; players' views are complete."""
    working = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(GAME.make_config(3, seed, options))
        while state.current_player is not None:
            public = public_view(state)
            assert not is_complete(public) or not any(
                p.hand_persons or p.hand_bonus or p.prestige_cards for p in state.players
            )
            assert all(is_complete(observe(state, p)) for p in range(3))
            text = GAME.decision_text(public)
            assert text is not None
            data = GAME.decision_data(public)
            assert data is not None
            if data["kind"] == "add_bonus_or_finish":
                working += 1
                assert "work_value" not in data  # a spectator's view cannot value it
                assert GAME.decision_data(state)["work_value"] is not None  # type: ignore[index]
            state = apply(state, rng.choice(legal_moves(state)))
    assert working > 0


def test_move_cells_name_the_cells_of_the_picture() -> None:
    """A placement's keys are cells of the marked picture; other moves fill none."""
    rng = random.Random(1)
    state = new_game(GameConfig(players=3, seed=1))
    while not any(isinstance(m, PlaceTile) for m in legal_moves(state)):
        assert GAME.move_cells(state, legal_moves(state)[0]) == ()
        state = apply(state, rng.choice(legal_moves(state)))
    player = state.current_player
    moves = [m for m in legal_moves(state) if isinstance(m, PlaceTile)]
    keys = GAME.move_cells(state, moves[0])
    assert keys == tuple(f"{player}:{cell}" for cell in moves[0].cells.split("-"))
    svg = ElementTree.fromstring(
        GAME.render_svg_marked(state, highlight=keys, selected=keys[1:2], last=keys[:1])
    )
    cells = {r.get("data-key") for r in svg.iter(SVG + "rect") if r.get("data-cell")}
    assert len(cells) == 49 * 3
    assert set(keys) <= cells
    marks = [
        (r.get("data-mark"), r.get("data-for"))
        for r in svg.iter(SVG + "rect")
        if r.get("data-mark")
    ]
    assert sorted(marks) == sorted(
        [("highlight", k) for k in keys] + [("selected", keys[1]), ("last", keys[0])]
    )
    assert svg.get("width") == "100%"
    assert svg.get("height") is None


def test_render_table_svg_without_marks_is_unchanged() -> None:
    """The document form has no keys and no marks, as before."""
    text = render_table_svg(new_game(GameConfig(players=2)))
    assert text.startswith("<?xml")
    assert "data-key" not in text
    assert "data-mark" not in text


def test_render_table_svg_refuses_bad_marks() -> None:
    """A mark that is one string or holds a non-string, or a bare that is no bool: ArgumentError."""
    state = new_game(GameConfig(players=2))
    for bad in ({"highlight": "0:a1"}, {"selected": [1]}, {"last": 5}, {"bare": "yes"}):
        with pytest.raises(ArgumentError, match="render_table_svg"):
            render_table_svg(state, **bad)


def test_hand_shows_held_and_shown_cards_readably() -> None:
    """The hand lists the view's own cards with their text, and the cards shown to choose from."""
    state = new_game(GameConfig(players=3, seed=1))
    hand = GAME.hand(observe(state, 0))
    assert [card.name for card in hand] == [
        "The " + p.value.replace("_", " ") for p in state.players[0].hand_persons
    ]
    rng = random.Random(3)
    while not isinstance(state.pending, CardChoice):
        state = apply(state, rng.choice(legal_moves(state)))
    chooser = state.current_player
    assert chooser is not None
    shown = [card for card in GAME.hand(observe(state, chooser)) if card.place == "shown"]
    assert len(shown) == len(state.pending.shown)
    other = (chooser + 1) % 3
    assert all(card.place == "hand" for card in GAME.hand(observe(state, other)))


def test_options_are_the_defaults_make_config_takes() -> None:
    """options() lists make_config's settings with defaults; names may come as a JSON list."""
    options = dict(GAME.options())
    assert options["muse_and_princess"] is False
    assert GAME.make_config(3, 1, options) == GameConfig(players=3, seed=1)
    named = GAME.make_config(2, 1, {"names": ["A", "B"]})
    assert named.names == ("A", "B")
    assert GAME.player_names(new_game(named)) == ("A", "B")


@pytest.mark.parametrize("name", games.names())
def test_every_game_gives_a_page_what_it_needs(name: str) -> None:
    """Through a random game of every registered game, the front-end members keep their contract."""
    game = games.get(name)
    players = game.player_counts[0]
    state = game.new_game(game.make_config(players, 5, {}))
    rng = random.Random(5)
    while not game.is_terminal(state):
        public = game.public_view(state)
        json.dumps(game.decision_data(public))
        player = game.current_player(state)
        assert player is not None
        view = game.observe(state, player)
        moves = game.legal_moves(view)
        keys = {k for move in moves for k in game.move_cells(view, move)}
        svg = game.render_svg_marked(view, highlight=keys)
        assert keys <= set(re.findall(r'data-key="([^"]+)"', svg))
        for card in game.hand(view):
            assert card.name
            assert card.text
            assert card.place in {"hand", "shown"}
        move = rng.choice(moves)
        assert game.describe(move, view, player)
        state, events = game.apply_with_events(state, move, player)
        for event in game.public_events(events):
            assert game.describe(event, public)
    assert len(game.player_names(state)) == players


def test_legal_moves_of_a_view_are_the_states_for_the_player_to_decide() -> None:
    """legal_moves, free_moves and work_preview take a view: the decider's gets the state's answer.

    Any other player's view gets () and (); the work in progress is public, so every complete
    view values it as the state does, and a spectator's view (which no state completes) None.
    """
    rng = random.Random(7)
    state = new_game(GameConfig(players=3, seed=7, names=NAMES))
    works = 0
    while state.current_player is not None:
        player = state.current_player
        moves, sales = legal_moves(state), free_moves(state)
        for other in range(3):
            view = observe(state, other)
            if other == player:
                assert (moves, sales) == (legal_moves(view), free_moves(view))
                assert (*moves, *sales) == view_moves(view) == GAME.legal_moves(view)
                assert moves == view_legal_moves(view)
            else:
                assert ((), (), ()) == (legal_moves(view), free_moves(view), view_moves(view))
            assert work_preview(state) == work_preview(view)
        works += work_preview(state) is not None
        spectator = public_view(state)
        assert (None, ()) == (work_preview(spectator), legal_moves(spectator))
        state = apply(state, rng.choice(moves))
    assert works > 0
    assert legal_moves(observe(state, 0)) == ()


def test_legal_moves_of_a_state_keep_their_cache() -> None:
    """A state's moves are computed once: the same tuple comes back, even after a view's."""
    state = _auction()
    first = legal_moves(state)
    assert legal_moves(observe(state, 0)) == first
    assert legal_moves(state) == first
    assert legal_moves(state) is legal_moves(state)


def test_decision_text_of_the_deciders_view_speaks_to_them() -> None:
    """decision_text of the decider's own view reads "You: ..."; of anything else, the name."""
    state = _auction()
    player = state.current_player
    assert player is not None
    named = GAME.decision_text(state)
    assert named is not None
    assert named.startswith(NAMES[player] + ": ")
    assert GAME.decision_text(observe(state, player)) == "You" + named[len(NAMES[player]) :]
    for other in {0, 1, 2} - {player}:
        assert GAME.decision_text(observe(state, other)) == named
    assert GAME.decision_text(public_view(state)) == named


def test_the_table_renderers_name_the_players_as_describe_does() -> None:
    """render_table_text and render_table_svg head each player with the configured name."""
    state = _auction()
    text = render_table_text(state)
    player = state.current_player
    assert player is not None
    assert f"; {NAMES[player]} to decide ({NAMES[0]} started the round)" in text.splitlines()[0]
    for name in NAMES:
        assert f"\n{name}: " in text
    assert "player 0" not in text
    svg = render_table_svg(state)
    for name in NAMES:
        assert f">{name}: " in svg
    assert "player 0" not in svg


def test_str_of_a_state_or_a_view_is_the_table_and_repr_is_unchanged() -> None:
    """str() shows the table as render_table_text draws it; repr() is still the attrs value."""
    state = _auction()
    view = observe(state, 2)
    assert str(state) == render_table_text(state)
    assert str(view) == render_table_text(view)
    assert f"{state}" == render_table_text(state)
    assert repr(state).startswith("GameState(config=GameConfig(players=3")
    assert repr(view).startswith("PlayerView(player=2")
