"""Views, determinization and redacted events: what a player may know (ruling R5)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from positions import merchant_won, professor_drawn, professor_offered
from princes_of_florence import GameConfig, apply, legal_moves, new_game, parse_move
from princes_of_florence.engine import apply_with_events, is_terminal
from princes_of_florence.errors import PrincesOfFlorenceError
from princes_of_florence.events import (
    CardKept,
    CardReturned,
    CardsShown,
    Event,
    MoneyPaid,
    MoneyReason,
    PersonReturned,
)
from princes_of_florence.ids import BonusCardId, Phase
from princes_of_florence.moves import BuyBonus, Work
from princes_of_florence.observation import (
    HiddenCardChoice,
    PlayerView,
    SetupView,
    determinize,
    events_for,
    money_floor,
    observe,
    view_legal_moves,
)
from princes_of_florence.rules.common import with_player
from princes_of_florence.rules.invariants import state_problems
from princes_of_florence.serialization import dumps, load_view
from princes_of_florence.state import Card, CardChoice, Deck, GameState, Working
from strategies import PlayedGame, play_random, states_in_play

GAMES: tuple[PlayedGame, ...] = (
    play_random(GameConfig(players=3, seed=31), bot_seed=1, sell_chance=0.05),
    play_random(GameConfig(players=4, seed=32, hidden_money=True), bot_seed=2),
    play_random(GameConfig(players=5, seed=33, start_player=3), bot_seed=3, sell_chance=0.1),
    play_random(GameConfig(players=3, seed=34, choose_returned_order=True), bot_seed=4),
    play_random(GameConfig(players=2, seed=35), bot_seed=5, sell_chance=0.05),
    play_random(GameConfig(players=4, seed=36, muse_and_princess=True), bot_seed=6),
)
"""Three whole games; their states cover every phase and pending decision."""


def _all_states() -> Iterator[GameState]:
    for game in GAMES:
        yield from game.states


def _first(predicate: str) -> GameState:
    """The first state of the recorded games whose pending decision is ``predicate``."""
    for state in _all_states():
        if type(state.pending).__name__ == predicate:
            return state
    raise AssertionError(f"no state with a pending {predicate}")


def _hidden_cards(state: GameState, viewer: int) -> set[Card]:
    """Every card whose identity the viewer may not know in ``state``."""
    hidden: set[Card] = {*state.person_deck, *state.bonus_deck, *state.prestige_deck}
    working = state.pending.bonus if isinstance(state.pending, Working) else ()
    for seat, player in enumerate(state.players):
        if seat == viewer:
            continue
        hidden.update(player.hand_persons)
        hidden.update(c for c in player.hand_bonus if c not in working)  # played: face up
        if not state.is_over:
            hidden.update(player.prestige_cards)
    if isinstance(state.pending, CardChoice) and state.current_player != viewer:
        hidden.update(state.pending.shown)
    if state.setup is not None:
        own = observe(state, viewer).setup
        assert own is not None
        hidden.update(c for c in state.setup.returned if c != own.own)
    return hidden


def _evolve(state: GameState, **changes: Any) -> GameState:
    """``attrs.evolve`` with fields named at run time."""
    return attrs.evolve(state, **changes)


def _hidden_variants(state: GameState, viewer: int, rng: random.Random) -> Iterator[GameState]:
    """States that differ from ``state`` only in what ``viewer`` cannot see."""
    yield attrs.evolve(state, config=attrs.evolve(state.config, seed=state.config.seed + 1))
    for field in ("person_deck", "bonus_deck", "prestige_deck"):
        cards: list[Any] = list(getattr(state, field))
        rng.shuffle(cards)
        yield _evolve(state, **{field: tuple(cards)})
    for seat, player in enumerate(state.players):
        if seat == viewer:
            continue
        if player.hand_persons and state.person_deck:
            hand = list(player.hand_persons)
            persons = list(state.person_deck)
            hand[0], persons[0] = persons[0], hand[0]
            swapped = with_player(state, seat, attrs.evolve(player, hand_persons=tuple(hand)))
            yield attrs.evolve(swapped, person_deck=tuple(persons))
        if player.prestige_cards and state.prestige_deck and not state.is_over:
            held = list(player.prestige_cards)
            prestige = list(state.prestige_deck)
            held[-1], prestige[-1] = prestige[-1], held[-1]
            swapped = with_player(state, seat, attrs.evolve(player, prestige_cards=tuple(held)))
            yield attrs.evolve(swapped, prestige_deck=tuple(prestige))
        if state.config.hidden_money:
            yield with_player(state, seat, attrs.evolve(player, money=player.money + 1200))
    pending = state.pending
    if isinstance(pending, CardChoice) and state.current_player != viewer:
        field = {Deck.PERSONS: "person_deck", Deck.BONUS: "bonus_deck"}.get(
            pending.deck, "prestige_deck"
        )
        deck: list[Any] = list(getattr(state, field))
        if deck:
            shown: list[Any] = list(pending.shown)
            shown[0], deck[0] = deck[0], shown[0]
            yield _evolve(
                state,
                pending=CardChoice(pending.deck, tuple(shown), pending.returning),
                **{field: tuple(deck)},
            )


def test_a_new_game_shows_own_cards_and_only_counts_of_others() -> None:
    """The viewer sees their four persons; of the others only how many (R5, R8)."""
    state = new_game(GameConfig(players=4, seed=9))
    view = observe(state, 2)
    assert state.players[2].hand_persons == view.hand_persons
    assert (4, 4, 4, 4) == tuple(seat.hand_person_count for seat in view.players)
    assert len(state.person_deck) == view.person_deck_size
    assert SetupView(returned=0, own=None) == view.setup
    assert 0 == view.config.seed
    assert attrs.evolve(state.config, seed=0) == view.config


def test_hidden_money_shows_only_the_viewers_money() -> None:
    """With hidden money, every other seat's money is None (R5); open otherwise."""
    hidden = new_game(GameConfig(players=3, seed=1, hidden_money=True))
    assert [None, 3500, None] == [seat.money for seat in observe(hidden, 1).players]
    shown = new_game(GameConfig(players=3, seed=1))
    assert [3500, 3500, 3500] == [seat.money for seat in observe(shown, 1).players]


def test_observe_rejects_a_player_that_does_not_exist() -> None:
    """The player of a view must be a player of the game; the error is the package's own."""
    state = new_game(GameConfig(players=3))
    with pytest.raises(PrincesOfFlorenceError, match="player number from 0 to 2, not 3"):
        observe(state, 3)


def test_events_for_rejects_a_player_that_is_not_a_number() -> None:
    """``events_for`` names what was wrong with a player given as a string."""
    with pytest.raises(PrincesOfFlorenceError, match="player must be a player number"):
        events_for([], "1")  # type: ignore[arg-type]  # a client's wrong value


def test_the_draft_shows_only_the_viewers_returned_card() -> None:
    """During the draft a viewer knows only the card they returned (R8)."""
    state = new_game(GameConfig(players=4, seed=5, start_player=2))
    state = apply(state, legal_moves(state)[1])  # seat 2 returns
    state = apply(state, legal_moves(state)[0])  # seat 3 returns
    assert state.setup is not None
    assert SetupView(2, state.setup.returned[0]) == observe(state, 2).setup
    assert SetupView(2, state.setup.returned[1]) == observe(state, 3).setup
    assert SetupView(2, None) == observe(state, 0).setup
    assert state.setup.returned[0] not in dumps(observe(state, 3))


def test_another_players_card_choice_shows_only_deck_and_count() -> None:
    """Cards shown to a chooser are theirs alone (R5, R6)."""
    state = _first("CardChoice")
    pending = state.pending
    seat = state.current_player
    assert isinstance(pending, CardChoice)
    assert seat is not None
    assert pending == observe(state, seat).pending
    other = (seat + 1) % len(state.players)
    assert HiddenCardChoice(pending.deck, len(pending.shown)) == observe(state, other).pending


def test_a_work_in_progress_is_public() -> None:
    """The working person and the bonus cards played lie face up (R19)."""
    for state in _all_states():
        if isinstance(state.pending, Working) and state.pending.bonus:
            seat = state.current_player
            assert seat is not None
            other = (seat + 1) % len(state.players)
            assert state.pending == observe(state, other).pending
            return
    pytest.fail("no work with a bonus card in the recorded games")


def test_at_the_end_every_prestige_card_is_shown() -> None:
    """Prestige cards are scored openly at the end (R24)."""
    final = GAMES[0].states[-1]
    assert final.is_over
    expected = tuple(p.prestige_cards for p in final.players)
    assert expected == observe(final, 1).final_prestige_cards
    assert observe(GAMES[0].states[-2], 1).final_prestige_cards is None


@given(states_in_play(), st.data())
def test_a_view_ignores_every_hidden_change(state: GameState, data: st.DataObject) -> None:
    """Changing only hidden cards, deck order, seed or hidden money leaves the view unchanged."""
    viewer = data.draw(st.integers(min_value=0, max_value=len(state.players) - 1))
    view = observe(state, viewer)
    for variant in _hidden_variants(state, viewer, random.Random(viewer)):
        assert () == state_problems(variant)
        assert view == observe(variant, viewer)


@given(states_in_play())
def test_nothing_hidden_appears_in_the_views_json(state: GameState) -> None:
    """No card the viewer cannot know is named anywhere in the view's JSON (R5)."""
    for viewer in range(len(state.players)):
        text = dumps(observe(state, viewer))
        leaked = sorted(c for c in _hidden_cards(state, viewer) if f'"{c}"' in text)
        assert [] == leaked
        assert f'"seed":{state.config.seed},' not in text or state.config.seed == 0


@given(states_in_play(), st.integers(min_value=0, max_value=2**32))
def test_determinize_gives_a_valid_state_with_the_same_view(state: GameState, seed: int) -> None:
    """observe(determinize(view)) == view, and the state breaks no invariant."""
    for viewer in range(len(state.players)):
        view = observe(state, viewer)
        guess = determinize(view, random.Random(seed))
        assert () == state_problems(guess)
        assert view == observe(guess, viewer)


@given(states_in_play())
def test_view_legal_moves_match_the_engine(state: GameState) -> None:
    """The viewer to decide gets exactly the engine's moves; everybody else none."""
    for viewer in range(len(state.players)):
        expected = legal_moves(state) if viewer == state.current_player else ()
        assert expected == view_legal_moves(observe(state, viewer))


def test_view_legal_moves_match_the_engine_in_whole_games() -> None:
    """At every state of three whole games, for every seat (the exhaustive version)."""
    for state in _all_states():
        for viewer in range(len(state.players)):
            expected = legal_moves(state) if viewer == state.current_player else ()
            assert expected == view_legal_moves(observe(state, viewer))


def test_determinize_reads_only_the_view() -> None:
    """Two states with one view, or the view sent through JSON, give one determinization."""
    state = GAMES[1].states[60]
    rng = random.Random(4)
    for viewer in range(len(state.players)):
        view = observe(state, viewer)
        variant = list(_hidden_variants(state, viewer, rng))[-1]
        copy = load_view(dumps(view))
        expected = determinize(view, random.Random(11))
        assert expected == determinize(observe(variant, viewer), random.Random(11))
        assert expected == determinize(copy, random.Random(11))


def test_determinize_varies_the_hidden_cards_and_does_not_find_the_truth() -> None:
    """With one view, different generators deal different hidden cards, rarely the true ones."""
    state = GAMES[0].states[40]
    viewer = 0
    view = observe(state, viewer)
    others = [s for s in range(len(state.players)) if s != viewer]
    deals = []
    true_decks = 0
    for seed in range(50):
        guess = determinize(view, random.Random(seed))
        hands = tuple((guess.players[s].hand_persons, guess.players[s].hand_bonus) for s in others)
        deals.append((hands, guess.person_deck, guess.bonus_deck, guess.prestige_deck))
        true_decks += guess.person_deck == state.person_deck
    assert len(set(deals)) >= 48
    assert len(state.person_deck) >= 3
    assert true_decks <= 1
    assert len({d[1] for d in deals}) >= 45


def test_hidden_money_is_guessed_or_taken_from_the_argument() -> None:
    """By default a hidden seat holds the viewer's money, at least its floor; else as given."""
    state = GAMES[1].states[30]
    assert state.config.hidden_money
    view = observe(state, 0)
    own = state.players[0].money
    guess = determinize(view, random.Random(1))
    for seat in (1, 2, 3):
        assert max(own, money_floor(view, seat)) == guess.players[seat].money
    given_money = [100, 700, 800, 900]
    guess = determinize(view, random.Random(1), money=given_money)
    assert [own, 700, 800, 900] == [p.money for p in guess.players]
    with pytest.raises(ValueError, match="one amount per seat"):
        determinize(view, random.Random(1), money=[100, 200])
    with pytest.raises(ValueError, match="multiple of 100"):
        determinize(view, random.Random(1), money=[0, 150, 0, 0])


def test_money_floor_follows_the_high_bid() -> None:
    """The high bidder of a running auction holds at least the high bid (R4)."""
    for state in GAMES[1].states:
        auction = state.auction
        if auction is not None and auction.stack is not None and auction.high_bidder != 0:
            view = observe(state, 0)
            assert auction.high_bidder is not None
            assert auction.high_bid == money_floor(view, auction.high_bidder)
            with pytest.raises(ValueError, match="at least"):
                determinize(view, random.Random(0), money=[0] * len(state.players))
            return
    pytest.fail("no auction in the recorded game")


def test_an_inconsistent_view_is_rejected() -> None:
    """A view whose card counts do not add up cannot be determinized."""
    view = observe(GAMES[0].states[20], 1)
    bad = attrs.evolve(view, person_deck_size=view.person_deck_size + 1)
    with pytest.raises(ValueError, match="inconsistent"):
        determinize(bad, random.Random(0))


def test_determinized_states_play_to_the_end() -> None:
    """A search bot can play out a determinized state with the engine."""
    for index, state in enumerate(GAMES[2].states[::25]):
        viewer = index % len(state.players)
        guess = determinize(observe(state, viewer), random.Random(index))
        rng = random.Random(index)
        while not is_terminal(guess):
            guess = apply(guess, rng.choice(legal_moves(guess)))
        assert Phase.GAME_OVER is guess.phase


def _events_of(game: PlayedGame) -> list[Event]:
    events: list[Event] = []
    for state, move in zip(game.states, game.moves, strict=False):
        events.extend(apply_with_events(state, move)[1])
    return events


def test_events_for_redacts_only_other_players_cards() -> None:
    """Shown, kept and returned cards of others become None; everything else passes (R5)."""
    events = _events_of(GAMES[0])
    for player in range(3):
        seen = events_for(events, player)
        assert len(events) == len(seen)
        for original, redacted in zip(events, seen, strict=True):
            mine = getattr(original, "player", None) == player
            if isinstance(original, CardsShown):
                expected: Event = original if mine else attrs.evolve(original, cards=None)
            elif isinstance(original, CardKept | CardReturned):
                expected = original if mine else attrs.evolve(original, card=None)
            elif isinstance(original, PersonReturned):
                expected = original if mine else attrs.evolve(original, person=None)
            else:
                expected = original
            assert expected == redacted
    kinds = {type(e) for e in events}
    assert {CardsShown, CardKept, PersonReturned} <= kinds


def test_a_redacted_choice_names_no_card() -> None:
    """Buying a bonus card shows its cards to the buyer only."""
    for state, move in zip(GAMES[1].states, GAMES[1].moves, strict=False):
        if isinstance(move, BuyBonus):
            seat = state.current_player
            assert seat is not None
            _, events = apply_with_events(state, move)
            other = (seat + 1) % len(state.players)
            shown = [e for e in events_for(events, other) if isinstance(e, CardsShown)]
            assert [None] == [e.cards for e in shown]
            assert not any(isinstance(c, BonusCardId) for e in shown for c in e.cards or ())
            return
    pytest.fail("no bonus card bought in the recorded game")


def test_the_view_of_a_work_start_keeps_the_viewer_to_move() -> None:
    """A view is a plain value: is_my_turn and own read the view."""
    for state, move in zip(GAMES[0].states, GAMES[0].moves, strict=False):
        if isinstance(move, Work):
            seat = state.current_player
            assert seat is not None
            view: PlayerView = observe(state, seat)
            assert view.is_my_turn
            assert state.players[seat].money == view.own.money
            assert move in view_legal_moves(view)
            return
    pytest.fail("no work in the recorded game")


def test_hidden_money_hides_balances_but_not_payments() -> None:
    """Payments stay public events under hidden money, as at the table (R5, D13)."""
    state = new_game(GameConfig(players=4, seed=5, hidden_money=True))
    while state.phase is Phase.SETUP:
        state = apply(state, legal_moves(state)[0])
    state, events = apply_with_events(state, parse_move("open jester"))
    for move in ("pass", "pass", "pass"):
        state, more = apply_with_events(state, parse_move(move))
        events += more
    paid = [e for e in events if isinstance(e, MoneyPaid)]
    assert [MoneyPaid(0, 200, MoneyReason.AUCTION)] == paid
    for viewer in (1, 2, 3):
        assert paid == [e for e in events_for(events, viewer) if isinstance(e, MoneyPaid)]
        assert observe(state, viewer).players[0].money is None


def test_the_professors_cards_drawn_at_once_are_the_holders_alone() -> None:
    """Drawn in phase A2 the moment the Professor is taken, the five cards are the holder's
    alone: the other views show deck and count, change with nothing hidden, leak no card in
    JSON, and determinize back to themselves (R5, R26)."""
    state = professor_drawn()
    assert (Phase.CHARACTERS, 1) == (state.phase, state.current_player)
    assert isinstance(state.pending, CardChoice)
    assert state.pending == observe(state, 1).pending
    for viewer in (0, 2):
        view = observe(state, viewer)
        assert HiddenCardChoice(Deck.BONUS, 5, False) == view.pending
        for variant in _hidden_variants(state, viewer, random.Random(viewer)):
            assert () == state_problems(variant)
            assert view == observe(variant, viewer)
        text = dumps(view)
        assert [] == sorted(c for c in _hidden_cards(state, viewer) if f'"{c}"' in text)
        guess = determinize(view, random.Random(7))
        assert () == state_problems(guess)
        assert view == observe(guess, viewer)
        assert () == view_legal_moves(view)


def test_the_merchants_choice_and_the_professor_offer_are_public() -> None:
    """Every view shows the Merchant's choice and the Professor's offer; only the holder
    gets the moves (R5, R26)."""
    for state in (merchant_won(), professor_offered()):
        for viewer in range(len(state.players)):
            view = observe(state, viewer)
            assert state.pending == view.pending
            expected = legal_moves(state) if viewer == state.current_player else ()
            assert expected == view_legal_moves(view)
            assert view == observe(determinize(view, random.Random(viewer)), viewer)


def test_the_prestige_card_kept_with_the_professor_at_once_is_the_holders_alone() -> None:
    """Drawn from the prestige deck the moment the Professor is taken: the other players'
    events name no card shown or kept, and after the choice their views, JSON included,
    show only that the holder has one more prestige card (R5, R26)."""
    state, drawn = apply_with_events(professor_offered(), parse_move("professor prestige"))
    assert isinstance(state.pending, CardChoice)
    shown = state.pending.shown
    kept, chosen = apply_with_events(state, parse_move(f"choose {shown[2]}"))
    assert shown[2] in kept.players[1].prestige_cards
    events = [*drawn, *chosen]
    assert [CardsShown(1, Deck.PRESTIGE, 5, shown), CardKept(1, Deck.PRESTIGE, shown[2])] == [
        e for e in events_for(events, 1) if isinstance(e, CardsShown | CardKept)
    ]
    for viewer in (0, 2):
        assert [CardsShown(1, Deck.PRESTIGE, 5, None), CardKept(1, Deck.PRESTIGE, None)] == [
            e for e in events_for(events, viewer) if isinstance(e, CardsShown | CardKept)
        ]
        view = observe(kept, viewer)
        assert len(kept.players[1].prestige_cards) == view.players[1].prestige_card_count
        text = dumps(view)
        assert [] == [c for c in shown if f'"{c}"' in text]
        for variant in _hidden_variants(kept, viewer, random.Random(viewer)):
            assert view == observe(variant, viewer)
