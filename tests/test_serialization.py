"""JSON documents: round trips, the tagged format, determinism and rejection of bad input."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any, get_args

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from fuzz_strategies import documents
from positions import merchant_won, professor_drawn, professor_offered
from princes_of_florence import (
    ArgumentError,
    GameConfig,
    SerializationError,
    free_moves,
    legal_moves,
    new_game,
    parse_move,
)
from princes_of_florence.engine import apply, apply_with_events, is_terminal
from princes_of_florence.events import (
    AuctionOpened,
    BestWork,
    BidMade,
    BonusPlayed,
    BuildGivenUp,
    BuildingChosen,
    CardKept,
    CardReturned,
    CardsShown,
    CharacterReturned,
    CharacterTaken,
    CharacterUsed,
    Dealt,
    Declined,
    Event,
    FreedomIntroduced,
    GameEnded,
    LandscapeChosen,
    MoneyPaid,
    MoneyReason,
    MoneyReceived,
    ObjectWon,
    Passed,
    PayoutKept,
    PersonRecruited,
    PersonReturned,
    PhaseStarted,
    PrestigeCardScored,
    PrestigeGained,
    PrestigeLost,
    PrestigeReason,
    ProposalAnswered,
    ProposalDrafted,
    ProposalMade,
    RecruitingKept,
    SharedBuildingPlaced,
    TilePlaced,
    TokenPlaced,
    TurnEnded,
    WorkDone,
    WorkStarted,
)
from princes_of_florence.geometry import FULL_MASK
from princes_of_florence.ids import (
    AuctionObject,
    BonusCardId,
    Building,
    Character,
    Freedom,
    Landscape,
    PersonId,
    Phase,
    PrestigeCardId,
    ProfessorDeck,
)
from princes_of_florence.moves import (
    Accept,
    AskPayment,
    Bid,
    Build,
    BuyBonus,
    BuyPerson,
    ChooseCard,
    ChooseLandscape,
    Convert,
    Deal,
    Decline,
    DeclineCharacter,
    EndTurn,
    FinishWork,
    GiveUp,
    IntroduceFreedom,
    KeepRecruiting,
    MerchantFree,
    MerchantPay,
    Move,
    Open,
    Pass,
    PlaceTile,
    PlaceToken,
    PlayBonus,
    PrincessWork,
    ProfessorLater,
    Propose,
    ProposeBuilding,
    ProposePlacement,
    Recruit,
    Reject,
    ReturnCard,
    ReturnPerson,
    SellPrestige,
    Take,
    UseMerchant,
    UseProfessor,
    Work,
)
from princes_of_florence.observation import PlayerView, events_for, observe
from princes_of_florence.rules.auction import stack_problem_in_bidding
from princes_of_florence.rules.invariants import state_problems
from princes_of_florence.serialization import (  # private: the two readers compared
    _BUILT_MAX,
    _ENCODER,
    _WRITERS,
    SCHEMA_VERSION,
    GameRecord,
    _converter,
    _GiveUp,
    _quick_reader,
    dumps,
    load_config,
    load_event,
    load_events,
    load_move,
    load_record,
    load_state,
    load_view,
    record_from_text,
    record_to_text,
)
from princes_of_florence.state import Conversion, Deck, GameState, Working, replace
from strategies import play_random, played_games, states_in_play

MOVES: tuple[Move, ...] = (
    ReturnPerson(PersonId.POET),
    Open(AuctionObject.JESTER),
    Decline(),
    Bid(300),
    Pass(),
    Take(AuctionObject.LAKE),
    PlaceTile("c4-d4"),
    ChooseCard(PersonId.SINGER),
    ChooseCard(BonusCardId.B07),
    ChooseCard(PrestigeCardId.P03),
    Recruit(2, PersonId.ACTOR),
    KeepRecruiting(),
    Build(Building.TOWER),
    Work(PersonId.DOCTOR),
    PlayBonus(BonusCardId.B01),
    FinishWork(),
    Convert(3),
    BuyPerson(),
    BuyBonus(),
    IntroduceFreedom(Freedom.TRAVEL),
    EndTurn(),
    SellPrestige(2),
    ReturnCard(BonusCardId.B11),
    ChooseLandscape(Landscape.LAKE),
    PlaceToken(Character.BANKER, 0),
    DeclineCharacter(),
    PrincessWork(),
    UseMerchant(),
    UseProfessor(ProfessorDeck.PRESTIGE),
    MerchantFree(),
    MerchantPay(),
    ProfessorLater(),
    Propose(1),
    ProposeBuilding(Building.WORKSHOP),
    ProposePlacement("f4-g4/a4"),
    AskPayment(500),
    Accept(),
    Reject(),
    GiveUp(),
    Deal(PersonId.POET),
    Deal(BonusCardId.B03),
    Deal(PrestigeCardId.P07),
    Deal(Freedom.TRAVEL),
)
"""One or more of every move kind."""

EVENTS: tuple[Event, ...] = (
    MoneyPaid(0, 300, MoneyReason.BUILD),
    MoneyReceived(1, 1200, MoneyReason.WORK),
    PrestigeGained(2, 3, PrestigeReason.BEST_WORK),
    PrestigeLost(2, 1, PrestigeReason.SALE),
    PhaseStarted(1, Phase.AUCTION, 0),
    PersonReturned(1, PersonId.POET),
    PersonReturned(1, None),
    AuctionOpened(0, AuctionObject.PARK, 200),
    Declined(2),
    BidMade(1, 300),
    Passed(3),
    ObjectWon(1, AuctionObject.BUILDER, 400),
    TilePlaced(0, Building.TOWER, "a1"),
    TilePlaced(0, Landscape.LAKE, "b1-b2-c1"),
    CardsShown(0, Deck.BONUS, 2, (BonusCardId.B01, BonusCardId.B02)),
    CardsShown(0, Deck.PERSONS, 5, None),
    CardKept(0, Deck.PRESTIGE, PrestigeCardId.P01),
    CardKept(0, Deck.BONUS, None),
    PersonRecruited(0, 1, PersonId.POET),
    FreedomIntroduced(0, Freedom.OPINION),
    BonusPlayed(0, BonusCardId.B04, 3),
    WorkDone(0, PersonId.POET, 12, (("building", 4), ("B07", 4))),
    TurnEnded(2),
    BestWork(3, 15, (1, 3)),
    PrestigeCardScored(0, PrestigeCardId.P05, 6),
    GameEnded((1,)),
    WorkStarted(0, PersonId.POET),
    BuildingChosen(0, Building.TOWER),
    RecruitingKept(0),
    PayoutKept(0),
    CardReturned(1, Deck.PERSONS, PersonId.POET),
    CardReturned(1, Deck.PRESTIGE, None),
    LandscapeChosen(0, Landscape.PARK),
    TokenPlaced(2, Character.CARDINAL, 500, 0),
    TokenPlaced(0, Character.MUSE, 300),
    CharacterTaken(1, Character.MERCHANT, 400),
    CharacterUsed(0, Character.BANKER),
    CharacterReturned(3, Character.PROFESSOR),
    WorkDone(2, None, 13, (("landscapes", 6), ("buildings", 4), ("persons", 3))),
    ProposalDrafted(0, 1, 1),
    ProposalDrafted(0, 1, 2, Building.WORKSHOP, "f4-g4/a4"),
    ProposalMade(0, 1, 1, Building.WORKSHOP, "f4-g4/a4", 500),
    ProposalAnswered(1, 0, accepted=True),
    SharedBuildingPlaced(0, 1, Building.WORKSHOP, "f4-g4/a4"),
    BuildGivenUp(2),
    MoneyPaid(1, 500, MoneyReason.PARTNER),
    Dealt(1, PersonId.POET),
    Dealt(None, None),
    Dealt(None, Freedom.OPINION),
)
"""One or more of every event kind, redacted forms included."""

GAME = play_random(GameConfig(players=4, seed=77, hidden_money=True), bot_seed=7, sell_chance=0.1)
"""A whole game, for the tests that need real states."""


def _data(text: str) -> Any:
    return json.loads(text)["data"]


def _document(kind: str, data: Any, schema: str = SCHEMA_VERSION) -> str:
    return json.dumps({"schema": schema, "kind": kind, "data": data})


def test_every_move_and_event_kind_has_an_example() -> None:
    """The examples above cover the closed unions, so the round trips below are complete."""
    assert set(get_args(Move)) == {type(m) for m in MOVES}
    assert set(get_args(Event)) == {type(e) for e in EVENTS}


@pytest.mark.parametrize("move", MOVES, ids=str)
def test_every_move_kind_round_trips(move: Move) -> None:
    """load_move(dumps(move)) == move, for every kind of move."""
    assert move == load_move(dumps(move))


@pytest.mark.parametrize("event", EVENTS, ids=lambda e: type(e).__name__)
def test_every_event_kind_round_trips(event: Event) -> None:
    """load_event(dumps(event)) == event, for every kind of event."""
    assert event == load_event(dumps(event))


def test_event_lists_round_trip() -> None:
    """A list of events is one document of kind events."""
    assert EVENTS == load_events(dumps(EVENTS))
    assert () == load_events(dumps(()))


def test_moves_are_tagged_objects_in_a_schema_envelope() -> None:
    """A move is {"type": <snake case class name>, fields...} inside the envelope."""
    assert '{"schema":"1.1","kind":"move","data":{"type":"bid","amount":300}}' == dumps(Bid(300))
    assert {"type": "return_person", "person": "poet"} == _data(dumps(MOVES[0]))
    assert {"type": "recruit", "from_player": 2, "person": "actor"} == _data(dumps(MOVES[10]))
    assert {"type": "end_turn"} == _data(dumps(EndTurn()))


def test_events_and_pending_decisions_are_tagged_too() -> None:
    """Events and pending decisions use the same "type" tag; enums are their values."""
    expected = {
        "type": "work_done",
        "player": 0,
        "person": "poet",
        "value": 12,
        "parts": [["building", 4], ["B07", 4]],
    }
    assert expected == _data(dumps(EVENTS[21]))
    assert {"type": "phase_started", "round": 1, "phase": "auction", "start_player": 0} == _data(
        dumps(EVENTS[4])
    )
    pendings = {_data(dumps(s))["pending"]["type"] for s in GAME.states if s.pending is not None}
    assert {"card_choice", "placing", "working", "conversion"} <= pendings


def test_fields_with_a_default_may_be_left_out() -> None:
    """As in the classes, a document may omit fields with a default (a minor version adds such)."""
    data = _data(dumps(GAME.states[0]))
    del data["players"][0]["prestige"], data["bonus_discard"]
    assert GAME.states[0] == load_state(_document("state", data))


def test_configs_round_trip() -> None:
    """A configuration keeps every field, the seed included."""
    config = GameConfig(players=5, seed=12345, start_player=3, hidden_money=True)
    assert config == load_config(dumps(config))


@given(states_in_play())
def test_states_round_trip(state: GameState) -> None:
    """load_state(dumps(state)) == state for states reached by random play."""
    assert state == load_state(dumps(state))


@given(states_in_play())
def test_views_round_trip(state: GameState) -> None:
    """Every seat's view survives JSON."""
    for viewer in range(len(state.players)):
        view = observe(state, viewer)
        assert view == load_view(dumps(view))


@given(states_in_play())
def test_legal_moves_and_their_events_round_trip(state: GameState) -> None:
    """Every legal move, each move's events, and every redacted copy survive JSON."""
    for move in (*legal_moves(state), *free_moves(state)[:3]):
        assert move == load_move(dumps(move))
        _, events = apply_with_events(state, move)
        assert events == load_events(dumps(events))
        for player in range(len(state.players)):
            redacted = events_for(events, player)
            assert redacted == load_events(dumps(redacted))


@given(played_games(max_moves=80))
def test_records_round_trip_as_json_and_text(game: Any) -> None:
    """A record survives both its JSON and its text form."""
    record = GameRecord(game.config, game.moves)
    assert record == load_record(dumps(record))
    assert record == record_from_text(record_to_text(record))


def test_bytes_are_accepted() -> None:
    """Loaders read UTF-8 bytes as well as text."""
    assert Pass() == load_move(dumps(Pass()).encode())


def test_dumps_rejects_other_values() -> None:
    """Only the documented kinds serialize."""
    with pytest.raises(ArgumentError, match="dumps needs a state, view, move") as refused:
        dumps({"not": "a game value"})
    assert isinstance(refused.value, TypeError)  # as before the refusal was a package error


def test_output_is_compact_and_repeatable() -> None:
    """No spaces, field order fixed: the same value always gives the same text."""
    state = GAME.states[90]
    text = dumps(state)
    assert text == dumps(load_state(text))
    assert ": " not in text
    assert ", " not in text.replace('", "', "")
    keys = list(_data(text))
    assert ["config", "round", "phase", "start_player", "current_player", "players"] == keys[:6]


_SCRIPT = """
import random
from princes_of_florence import GameConfig
from princes_of_florence.bots import RandomBot, play_game
from princes_of_florence.observation import observe
from princes_of_florence.serialization import dumps, replay
config = GameConfig(players=5, seed=404, hidden_money=True)
record = play_game(config, [RandomBot(s) for s in range(5)])
final = replay(record)[-1]
print(dumps(final))
print(dumps(observe(final, 2)))
print(dumps(record))
"""


def _run(hash_seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT], env=env, capture_output=True, check=True, timeout=120
    )
    return done.stdout


def test_json_is_byte_identical_under_any_hash_seed() -> None:
    """Two processes with different PYTHONHASHSEED write the same bytes, as this one does."""
    first, second = _run("0"), _run("2718281")
    assert first == second
    namespace: dict[str, Any] = {}
    lines: list[str] = []
    namespace["print"] = lines.append
    exec(_SCRIPT, namespace)
    assert first.decode() == "".join(line + "\n" for line in lines)


# --------------------------------------------------------------------------
# Rejection


def _mutated(text: str, change: Callable[[Any], None]) -> str:
    document = json.loads(text)
    change(document["data"])
    return json.dumps(document)


def _state_text() -> str:
    return dumps(GAME.states[60])


def test_malformed_json_is_rejected_with_its_position() -> None:
    """A syntax error names the line and column."""
    with pytest.raises(SerializationError, match=r"malformed JSON at line 1, column \d+"):
        load_state('{"schema": "1.0",')


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["players"][0].__setitem__("money", "3500"),
            r"expected an integer, not '3500' @ \$\.data\.players\[0\]\.money",
        ),
        (
            lambda d: d["players"][2].__setitem__("hand_persons", ["poet", "jester"]),
            r"'jester' is not a PersonId @ \$\.data\.players\[2\]\.hand_persons\[1\]",
        ),
        (lambda d: d.__setitem__("phase", "lunch"), r"'lunch' is not a Phase @ \$\.data\.phase"),
        (
            lambda d: d.__setitem__("pending", {"type": "nap"}),
            r"unknown pending decision tag 'nap'.* @ \$\.data\.pending",
        ),
        (
            lambda d: d["players"][1].pop("money"),
            r"required field missing @ \$\.data\.players\[1\]\.money",
        ),
        (
            lambda d: d["players"][1].__setitem__("cash", 5),
            r"extra fields found \(cash\) @ \$\.data\.players\[1\]",
        ),
        (
            lambda d: d["config"].__setitem__("players", 9),
            r"players must be 2, 3, 4 or 5, not 9 @ \$\.data\.config",
        ),
        (
            lambda d: d.__setitem__("bonus_deck", "B01"),
            r"expected an array, not a string @ \$\.data\.bonus_deck",
        ),
        (
            lambda d: d["players"][0]["principality"]["tiles"].append({"tile": "moat", "mask": 1}),
            r"'moat' is not a tile @ \$\.data\.players\[0\]\.principality\.tiles\[\d+\]\.tile",
        ),
        (
            lambda d: d.__setitem__("round", 2.0),
            r"expected an integer, not 2\.0 @ \$\.data\.round",
        ),
        (
            lambda d: d["config"].__setitem__("hidden_money", 1),
            r"expected true or false, not 1 @ \$\.data\.config\.hidden_money",
        ),
    ],
)
def test_bad_fields_are_rejected_naming_their_path(
    change: Callable[[Any], None], message: str
) -> None:
    """Wrong types, bad enum values, unknown tags, missing or extra fields name their path."""
    with pytest.raises(SerializationError, match=message):
        load_state(_mutated(_state_text(), change))


def test_several_bad_fields_are_all_named() -> None:
    """Every bad field is reported, not just the first."""

    def change(data: Any) -> None:
        data["round"] = "two"
        data["players"][3]["jesters"] = None

    with pytest.raises(SerializationError) as caught:
        load_state(_mutated(_state_text(), change))
    assert "$.data.round" in str(caught.value)
    assert "$.data.players[3].jesters" in str(caught.value)


def test_negative_money_is_rejected() -> None:
    """A state that breaks ruling R2 does not load."""
    text = _mutated(_state_text(), lambda d: d["players"][1].__setitem__("money", -100))
    with pytest.raises(SerializationError, match=r"player 1 has -100 florins \(ruling R2\)") as e:
        load_state(text)
    assert str(e.value).endswith("@ $.data.players[1].money")


def _first(predicate: Callable[[GameState], bool]) -> GameState:
    """The first state of :data:`GAME` for which ``predicate`` holds."""
    return next(state for state in GAME.states if predicate(state))


def test_stray_bids_while_an_object_is_settled_are_rejected() -> None:
    """Between two auctions no bid is recorded, even while a won object is settled."""
    state = _first(lambda s: s.phase is Phase.AUCTION and s.pending is not None)
    text = _mutated(dumps(state), lambda d: d["auction"].__setitem__("high_bid", -100))
    with pytest.raises(SerializationError, match="bids are recorded but no auction runs") as e:
        load_state(text)
    assert "$.data.auction.high_bid" in str(e.value)


def test_a_state_with_no_way_on_is_rejected() -> None:
    """A work that cannot reach the round's minimum any more leaves no move: not loaded."""
    state = _first(
        lambda s: isinstance(s.pending, Working) and not legal_moves(replace(s, round=7))
    )
    text = _mutated(dumps(state), lambda d: d.__setitem__("round", 7))
    with pytest.raises(SerializationError, match="has no legal move, yet the game is not over"):
        load_state(text)


def test_a_card_in_two_places_is_rejected() -> None:
    """A card copied from the deck into a hand is found twice (and its lost twin nowhere)."""

    def change(data: Any) -> None:
        data["players"][0]["hand_persons"][0] = data["person_deck"][0]

    with pytest.raises(SerializationError, match="is in 2 places") as caught:
        load_state(_mutated(_state_text(), change))
    assert "is nowhere" in str(caught.value)


def test_a_short_supply_is_rejected_before_the_invariants_run() -> None:
    """Tuples of the wrong length are named instead of crashing the checks."""
    text = _mutated(_state_text(), lambda d: d.__setitem__("freedom_supply", [1]))
    with pytest.raises(SerializationError, match="freedom_supply has 1 entries, not 3"):
        load_state(text)


@pytest.mark.parametrize(
    "field",
    [
        "building_supply",
        "landscape_supply",
        "freedom_supply",
        "jesters",
        "builders",
        "recruiting",
        "turn",
    ],
)
def test_each_negative_count_is_named(field: str) -> None:
    """A count of -1 anywhere in the state's supplies, pools or turn is named by its field."""
    state = _first(lambda s: s.phase is Phase.ACTIONS and s.pending is None)

    def change(data: Any) -> None:
        if field == "turn":
            data["turn"]["actions"] = -1
        elif isinstance(data[field], list):
            data[field][-1] = -1
        else:
            data[field] = -1

    with pytest.raises(SerializationError, match=f"{field} holds a negative count @ "):
        load_state(_mutated(dumps(state), change))
    # The best works are named by seat (see the test of the characters' numbers below).
    with pytest.raises(SerializationError, match=r"best work -1 is not 0 to \d+ @ \S+\[3\]"):
        load_state(_mutated(dumps(state), lambda data: data["round_best"].__setitem__(3, -1)))


@pytest.mark.parametrize("field", ["round_best", "auction.done"])
def test_a_players_list_of_the_wrong_length_is_named(field: str) -> None:
    """round_best and the auction's done flags have one entry per player."""
    state = _first(lambda s: s.phase is Phase.AUCTION and s.auction is not None and s.round > 1)

    def change(data: Any) -> None:
        holder = data["auction"] if field == "auction.done" else data
        holder[field.split(".")[-1]].append(holder[field.split(".")[-1]][0])

    n = len(state.players)
    with pytest.raises(SerializationError, match=f"{field} has {n + 1} entries, not {n} @ "):
        load_state(_mutated(dumps(state), change))


@pytest.mark.parametrize("schema", ["2.0", "0.9", "10.1"])
def test_another_major_schema_is_rejected(schema: str) -> None:
    """Only schema 1.x is read; the message says which version was found."""
    text = _document("move", {"type": "pass"}, schema)
    with pytest.raises(SerializationError, match=rf"schema {schema} is not supported.*1\.x"):
        load_move(text)


def test_a_later_minor_schema_is_read() -> None:
    """Minor versions of schema 1 are compatible."""
    assert Pass() == load_move(_document("move", {"type": "pass"}, "1.3"))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"kind":"move","data":{"type":"pass"}}', "no schema field"),
        ('{"schema":1,"kind":"move","data":{"type":"pass"}}', "schema must be text"),
        ('{"schema":"1.0","kind":"state","data":{"type":"pass"}}', "expected a move document"),
        ('{"schema":"1.0","kind":"move"}', "no data field"),
        ('{"schema":"1.0","kind":"move","data":{"type":"pass"},"x":0}', "unknown fields"),
        ('{"schema":"1.0","kind":"move","kind":"move","data":{}}', "appears twice"),
        ('{"schema":"1.0","kind":"move","data":{"type":"bid","amount":NaN}}', "NaN"),
        ("[1, 2]", "must be an object"),
        ('{"schema":"1.0","kind":"move","data":{"type":"teleport"}}', "unknown move tag"),
        ('{"schema":"1.0","kind":"move","data":{"amount":3}}', "needs a 'type' tag"),
        ('{"schema":"1.0","kind":"move","data":["bid",300]}', "expected a move"),
        ('{"schema":"1.0","kind":"move","data":{"type":"bid","amount":true}}', "integer"),
        ('{"schema":"1.0","kind":"move","data":{"type":"choose_card","card":"B99"}}', "card"),
        ('{"schema":"1.0","kind":"move","data":{"type":"bid","amount":-100}}', "'-100' is not"),
        (
            '{"schema":"1.0","kind":"move","data":{"type":"recruit","from_player":-1,"person":"poet"}}',
            "'-1' is not a whole number",
        ),
        (
            '{"schema":"1.0","kind":"move","data":{"type":"place_tile","cells":"e5-d5-d6"}}',
            "reads back as PlaceTile",
        ),
        (
            '{"schema":"1.0","kind":"move","data":{"type":"place_tile","cells":"d5-zz9"}}',
            "'zz9' is not a cell",
        ),
    ],
)
def test_bad_envelopes_and_moves_are_rejected(text: str, message: str) -> None:
    """Each broken document gets a SerializationError saying what is wrong."""
    with pytest.raises(SerializationError, match=message):
        load_move(text)


def test_an_unknown_event_tag_names_its_index() -> None:
    """In an event list the path includes the index."""
    data = _data(dumps(EVENTS[:3]))
    data[2]["type"] = "earthquake"
    with pytest.raises(
        SerializationError, match=r"unknown event tag 'earthquake'.* @ \$\.data\[2\]"
    ):
        load_events(_document("events", data))


def test_mixed_decks_in_cards_shown_are_rejected() -> None:
    """The cards shown to a player all come from one deck."""
    data = _data(dumps(EVENTS[14]))
    data["cards"] = ["B01", "P02"]
    with pytest.raises(SerializationError, match=r"one deck @ \$\.data\.cards"):
        load_event(_document("event", data))


def test_a_view_showing_hidden_money_is_rejected() -> None:
    """A view no state could show (another seat's money under hidden money) does not load."""
    state = GAME.states[40]
    view_text = dumps(observe(state, 0))
    text = _mutated(view_text, lambda d: d["players"][1].__setitem__("money", 900))
    with pytest.raises(SerializationError, match="no valid state shows this view: players") as e:
        load_view(text)
    assert str(e.value).endswith("@ $.data.players")


def test_a_view_with_a_seed_is_rejected() -> None:
    """The seed would reveal every deck: a view never carries one."""
    text = _mutated(dumps(observe(GAME.states[5], 1)), lambda d: d["config"].__setitem__("seed", 5))
    with pytest.raises(SerializationError, match="never shows the seed"):
        load_view(text)


def test_a_view_whose_cards_do_not_add_up_is_rejected() -> None:
    """An extra card in the deck count leaves a card unaccounted for."""
    text = _mutated(
        dumps(observe(GAME.states[5], 1)), lambda d: d.__setitem__("person_deck_size", 30)
    )
    with pytest.raises(SerializationError, match="inconsistent"):
        load_view(text)


_JSON_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**64), max_value=2**64),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["poet", "B07", "P03", "tower", "lake", "auction", "bonus", "", "placing"]),
    st.lists(st.integers(min_value=-3, max_value=50), max_size=6),
    st.just({}),
    st.just({"type": "card_choice", "deck": "bonus", "shown": []}),
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _set(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    target = document
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return document


@given(st.data())
def test_tampered_states_load_valid_or_raise_serialization_error(data: st.DataObject) -> None:
    """Replacing any one value of a state's JSON never yields a broken state or a crash."""
    state = data.draw(st.sampled_from(GAME.states[::7]))
    document = json.loads(dumps(state))
    path = data.draw(st.sampled_from(_paths(document["data"])))
    value = data.draw(_JSON_VALUES)
    document["data"] = _set(document["data"], path, value)
    try:
        loaded = load_state(json.dumps(document))
    except SerializationError:
        return
    assert () == state_problems(loaded)
    assert legal_moves(loaded) or loaded.current_player is None
    for move in legal_moves(loaded)[:3]:  # a state that loads also plays on, soundly
        after, _events = apply_with_events(loaded, move)
        assert () == state_problems(after)


@given(st.data())
def test_tampered_views_load_consistent_or_raise_serialization_error(data: st.DataObject) -> None:
    """Replacing any one value of a view's JSON never yields an impossible view or a crash."""
    state = data.draw(st.sampled_from(GAME.states[::9]))
    viewer = data.draw(st.integers(min_value=0, max_value=3))
    document = json.loads(dumps(observe(state, viewer)))
    path = data.draw(st.sampled_from(_paths(document["data"])))
    document["data"] = _set(document["data"], path, data.draw(_JSON_VALUES))
    try:
        view = load_view(json.dumps(document))
    except SerializationError:
        return
    assert view == load_view(dumps(view))


def test_loaded_states_play_on() -> None:
    """A state read back from JSON is a working game state."""
    state = load_state(dumps(GAME.states[50]))
    rng = random.Random(3)
    for _ in range(30):
        if not legal_moves(state):
            break
        state, _events = apply_with_events(state, rng.choice(legal_moves(state)))
    assert () == state_problems(state)


def test_a_new_game_round_trips_in_every_player_count() -> None:
    """Fresh states of 3, 4 and 5 players load back equal."""
    for players in (3, 4, 5):
        state = new_game(GameConfig(players=players, seed=players))
        assert state == load_state(dumps(state))


def test_a_record_with_a_move_the_text_form_cannot_hold_is_rejected() -> None:
    """A record's moves read from JSON must have a notation: the JSON and text forms agree."""
    record = GameRecord(GameConfig(players=3, seed=5), (parse_move("return poet"), Bid(300)))
    data = _data(dumps(record))
    data["moves"][1]["amount"] = -300
    with pytest.raises(SerializationError, match=r"move 2: .*@ \$\.data\.moves\[1\]"):
        load_record(_document("record", data))


_HUGE = "1" * 4301


@pytest.mark.parametrize(
    ("load", "kind", "data"),
    [
        (load_move, "move", f'{{"type":"bid","amount":{_HUGE}}}'),
        (load_event, "event", f'{{"type":"bid_made","player":{_HUGE},"amount":300}}'),
        (load_events, "events", f"[{_HUGE}]"),
        (load_config, "config", f'{{"players":3,"seed":{_HUGE}}}'),
        (load_state, "state", _HUGE),
        (load_view, "view", f"[-{_HUGE}]"),
        (load_record, "record", f'{{"config":{{"players":{_HUGE}}}}}'),
    ],
)
def test_numbers_of_thousands_of_digits_are_serialization_errors(
    load: Callable[[str | bytes], object], kind: str, data: str
) -> None:
    """An integer too long for Python to read is refused like any malformed JSON."""
    text = f'{{"schema":"1.0","kind":"{kind}","data":{data}}}'
    with pytest.raises(SerializationError, match="too many digits"):
        load(text)
    with pytest.raises(SerializationError, match="too many digits"):
        load(text.encode())


def test_numbers_of_thousands_of_digits_in_a_text_record_are_refused() -> None:
    """A record header with a number too long to read is named by its line."""
    with pytest.raises(SerializationError, match="line 2: a number of 4301 digits in # seed"):
        record_from_text(f"# players 3\n# seed {_HUGE}\n")
    with pytest.raises(SerializationError, match="line 3: move text of 4305 characters"):
        record_from_text(f"# players 3\n# seed 1\nbid {_HUGE}\n")


def test_prestige_and_payouts_beyond_the_limits_are_refused() -> None:
    """Prestige of 10**7 (which made free_moves hang) and a payout of 10**9 (which made
    load_state itself hang) are refused by the limits, naming the field (defect class 3)."""
    text = _mutated(_state_text(), lambda d: d["players"][2].__setitem__("prestige", 10**7))
    with pytest.raises(SerializationError, match="at most 1000 @ \\$\\.data\\.players\\[2\\]"):
        load_state(text)
    state = _first(lambda s: isinstance(s.pending, Conversion))
    seat = state.current_player
    assert seat is not None

    def rich(data: Any) -> None:
        data["pending"]["payout"] = 10**9
        data["players"][seat]["money"] = 10**9

    with pytest.raises(SerializationError, match="a payout of 1000000000; at most 100000"):
        load_state(_mutated(dumps(state), rich))


def _countdown(data: Any) -> None:
    data["person_deck"] = [1] * 100_000


def test_a_large_document_is_refused_early_and_briefly() -> None:
    """A 200 KB document of 100,000 wrong items, or an array that long in a smaller one,
    is refused with a message of a few lines, not one line per item (defect class 4)."""
    big = _mutated(_state_text(), _countdown)
    assert len(big) > 200_000
    with pytest.raises(SerializationError, match="the document has") as caught:
        load_state(big)
    assert len(str(caught.value)) < 200
    data = _data(_state_text())
    data["person_deck"] = [1] * 30_000
    with pytest.raises(SerializationError, match="an array of 30000 items; at most 1000") as e:
        load_state(_document("state", data))
    assert len(str(e.value)) < 200
    record = {"config": {"players": 3}, "moves": [{"type": "bid"}] * 900}
    with pytest.raises(SerializationError) as e:
        load_record(_document("record", record))
    assert str(e.value).count("@") == 5  # the first five, then the reader stops
    many_keys = {f"k{i}": 0 for i in range(8_000)}
    with pytest.raises(SerializationError, match=r"extra fields found \(k0, k1, k10,") as e:
        load_config(_document("config", {"players": 3, **many_keys}))
    assert len(str(e.value)) < 200


def test_a_long_text_record_is_refused_early() -> None:
    """A text record of 100,000 bad moves is refused by its size, at once."""
    with pytest.raises(SerializationError, match="characters; at most 100000"):
        record_from_text("# players 3\n# seed 1\n" + "bid x\n" * 100_000)
    with pytest.raises(SerializationError, match="line 1003: a record holds at most 1000"):
        record_from_text("# players 3\n# seed 1\n" + "pass\n" * 1_001)


def _swapped_records() -> tuple[GameState, int]:
    """Seed 37, 5 players, moves drawn with ``Random(37)``: the first auction state in
    which swapping two players' records gives the high bidder a principality with no
    place for the landscape under the hammer; the swapped state and the high bidder."""
    state = new_game(GameConfig(players=5, seed=37))
    rng = random.Random(37)
    while not is_terminal(state):
        auction = state.auction
        if auction is not None and auction.stack in _LANDSCAPE_STACKS:
            bidder = auction.high_bidder
            assert bidder is not None
            for other in range(5):
                players = list(state.players)
                players[bidder], players[other] = players[other], players[bidder]
                swapped = replace(state, players=tuple(players))
                if stack_problem_in_bidding(swapped, bidder, auction.stack, auction.high_bid):
                    return swapped, bidder
        state = apply(state, rng.choice(legal_moves(state)))
    raise AssertionError("no such state in this game")


_LANDSCAPE_STACKS = (AuctionObject.FOREST, AuctionObject.LAKE, AuctionObject.PARK)


def test_swapped_player_records_leaving_a_winner_stuck_are_refused() -> None:
    """Swapped records made a high bidder of a landscape with no place for it: once the
    others passed they had no move, though the game was not over.  Such a state and
    every view of it are refused (defect class 6)."""
    swapped, winner = _swapped_records()
    stuck = swapped
    while stuck.pending is None:  # the engine plays on from any state it is given
        stuck = apply(stuck, Pass())
    assert stuck.current_player == winner
    assert () == legal_moves(stuck)
    assert not is_terminal(stuck)
    with pytest.raises(SerializationError, match=f"high bidder {winner} could not use the"):
        load_state(dumps(swapped))
    for viewer in range(5):
        with pytest.raises(SerializationError, match=f"high bidder {winner} could not use"):
            load_view(dumps(observe(swapped, viewer)))


def test_a_loaded_state_has_a_legal_move_after_every_move() -> None:
    """Every state load_state accepts along a played game plays on to the end."""
    for state in GAME.states[::7]:
        loaded = load_state(dumps(state))
        rng = random.Random(0)
        while not is_terminal(loaded):
            moves = legal_moves(loaded)
            assert moves
            loaded = apply(loaded, rng.choice(moves))


@pytest.mark.parametrize("mask", [-1, -(2**62), FULL_MASK + 1])
@pytest.mark.parametrize("field", ["palazzo", "occupied", "walls", "tiles[0].mask"])
@pytest.mark.parametrize("kind", ["state", "view"])
def test_cell_masks_outside_the_grid_are_refused(kind: str, field: str, mask: int) -> None:
    """A cell mask below 0 or beyond the 7x7 grid is refused at load, naming its path: a
    negative palazzo made load_state loop for ever listing its cells (defect class 3)."""
    state = _first(lambda s: s.phase is Phase.ACTIONS and bool(s.players[0].principality.tiles))
    text = dumps(state if kind == "state" else observe(state, 0))

    def corrupt(data: Any) -> None:
        principality = data["players"][0]["principality"]
        if field == "tiles[0].mask":
            principality["tiles"][0]["mask"] = mask
        else:
            principality[field] = mask

    load = load_state if kind == "state" else load_view
    path = re.escape(f"@ $.data.players[0].principality.{field}")
    with pytest.raises(SerializationError, match=f"the mask {mask} names cells outside.*{path}"):
        load(_mutated(text, corrupt))


@pytest.mark.parametrize(
    "field", ["building_supply", "landscape_supply", "freedom_supply", "round_best"]
)
def test_a_view_with_a_supply_of_the_wrong_length_is_refused(field: str) -> None:
    """load_view runs load_state's checks: an extra supply entry is refused at load, not
    met later as a ValueError from zip in view_legal_moves (defect class 5)."""
    state = _first(lambda s: s.phase is Phase.ACTIONS)
    text = _mutated(dumps(observe(state, 0)), lambda d: d[field].append(0))
    with pytest.raises(
        SerializationError, match=f"{field} has .* entries.* @ \\$\\.data\\.{field}"
    ):
        load_view(text)


@given(states_in_play(), st.integers(0, 4))
def test_the_quick_reader_reads_valid_states_and_views_as_the_converter_does(
    state: GameState, seat: int
) -> None:
    """The quick reader of valid documents takes every valid state and view, and builds
    exactly what the converter builds (speed without a second meaning)."""
    seat %= len(state.players)
    for cls, value in ((GameState, state), (PlayerView, observe(state, seat))):
        data = _data(dumps(value))
        quick = _quick_reader(cls)
        assert quick is not None
        assert value == quick(data) == _converter().structure(data, cls)


@given(states_in_play(), st.integers(0, 4))
def test_the_quick_writer_writes_states_and_views_as_the_converter_does(
    state: GameState, seat: int
) -> None:
    """The quick writer of states and views gives the converter's JSON, byte for byte."""
    seat %= len(state.players)
    for cls, value in ((GameState, state), (PlayerView, observe(state, seat))):
        data = _WRITERS.data_as(cls, value)
        assert data is not None
        assert _ENCODER.encode(_converter().unstructure(value)) == _ENCODER.encode(data)


@given(states_in_play())
def test_the_quick_writer_writes_moves_and_events_as_the_converter_does(state: GameState) -> None:
    """Each legal move and each event it makes, alone or as a list, is written with its
    tag as the converter writes it, byte for byte."""
    conv = _converter()
    for move in legal_moves(state)[:12]:
        events = apply_with_events(state, move)[1]
        for kind, value in (("move", move), *(("event", event) for event in events)):
            found = _WRITERS.data(value)
            assert found is not None
            assert found[0] == kind
            assert _ENCODER.encode(found[1]) == _ENCODER.encode(conv.unstructure(value))
        written = _WRITERS.data_as(tuple[Event, ...], tuple(events))
        expected = [conv.unstructure(event) for event in events]
        assert _ENCODER.encode(written) == _ENCODER.encode(expected)


@given(documents("state") | documents("view") | documents("record") | documents("config"))
def test_the_quick_reader_accepts_nothing_the_converter_refuses(made: tuple[str, str]) -> None:
    """On broken documents the quick reader gives up, or agrees with the converter."""
    text, kind = made
    try:
        data = _data(text)
    except (ValueError, KeyError, TypeError, RecursionError):
        return  # not a JSON document with data: refused before either reader
    cls = {"state": GameState, "view": PlayerView, "record": GameRecord}.get(kind, GameConfig)
    quick = _quick_reader(cls)
    assert quick is not None
    try:
        value = quick(data)
    except _GiveUp:
        return
    assert value == _converter().structure(data, cls)


def test_a_recruit_written_with_its_old_field_name_still_loads() -> None:
    """Records written before the rename (``seat``) load as ``from_player``; the new name wins."""
    old = '{"schema":"1.0","kind":"move","data":{"type":"recruit","seat":2,"person":"poet"}}'
    assert Recruit(2, PersonId.POET) == load_move(old)
    both = old.replace('"seat":2', '"seat":2,"from_player":1')
    with pytest.raises(SerializationError):
        load_move(both)
    event = (
        '{"schema":"1.0","kind":"event",'
        '"data":{"type":"person_recruited","player":0,"seat":2,"person":"poet"}}'
    )
    assert PersonRecruited(0, 2, PersonId.POET) == load_event(event)


def test_names_survive_json_and_the_text_record_and_old_configs_get_the_default() -> None:
    """Names are written and read back; a config written without names gets the default ones."""
    config = GameConfig(players=3, seed=4, names=("Anna", "Ben Bo", "Carla"))
    assert config == load_config(dumps(config))
    record = GameRecord(config, (parse_move("return poet"),))
    text = record_to_text(record)
    assert "# names Anna | Ben Bo | Carla" in text.splitlines()
    assert record == record_from_text(text)
    old = dumps(GameConfig(players=3)).replace(',"names":["Player 1","Player 2","Player 3"]', "")
    assert '"names"' not in old
    assert GameConfig(players=3) == load_config(old)


def test_configurations_read_again_are_checked_and_kept_apart() -> None:
    """The quick reader reuses a configuration it has validated, only for the same values."""
    for seed in range(2 * _BUILT_MAX):  # more than it keeps
        config = GameConfig(players=2 + seed % 4, seed=seed, hidden_money=seed % 3 == 0)
        for _ in range(2):
            assert load_config(dumps(config)) == config
            assert load_state(dumps(new_game(config))).config == config
    good = dumps(GameConfig(players=3, seed=5))
    assert load_config(good) == GameConfig(players=3, seed=5)
    for bad in (
        good.replace('"players":3', '"players":7'),
        good.replace('"seed":5', '"seed":true'),
    ):
        for _ in range(2):  # refused each time, never taken from what was read before
            with pytest.raises(SerializationError):
                load_config(bad)
    renamed = good.replace('"Player 1"', '"Ann"')
    assert load_config(renamed).names[0] == "Ann"
    assert load_config(good).names[0] == "Player 1"


def test_each_mask_outside_the_grid_is_named_by_its_path() -> None:
    """Every mask outside the grid, a shared building's sides included, is named once."""
    from princes_of_florence.serialization import _mask_problems, _masks_inside
    from princes_of_florence.state import PlacedTile, Principality, SharedBuilding

    shared = SharedBuilding(Building.TOWER, (0, 1), (-1, FULL_MASK + 1), "g1-g2")
    principality = Principality(
        palazzo=-2,
        tiles=(PlacedTile(Landscape.LAKE, 1), PlacedTile(Building.TOWER, -3, shared)),
    )
    assert _mask_problems(principality, "$.p") == [
        "the mask -2 names cells outside the 7x7 grid @ $.p.palazzo",
        "the mask -3 names cells outside the 7x7 grid @ $.p.tiles[1].mask",
        "the mask -1 names cells outside the 7x7 grid @ $.p.tiles[1].shared.masks[0]",
        f"the mask {FULL_MASK + 1} names cells outside the 7x7 grid @ $.p.tiles[1].shared.masks[1]",
    ]
    assert not _masks_inside(principality)
    assert _mask_problems(Principality(), "$.p") == []
    assert _masks_inside(Principality())
    # each mask alone outside is found, whichever it is (the union of all is tested first)
    inside = SharedBuilding(Building.TOWER, (0, 1), (2, 4), "g1-g2")
    for outside in (-(2**70), FULL_MASK + 1, 1 << 60):
        tiles = (PlacedTile(Landscape.LAKE, 1), PlacedTile(Building.TOWER, 2, inside))
        principalities = {
            "palazzo": Principality(palazzo=outside, tiles=tiles),
            "occupied": Principality(occupied=outside, tiles=tiles),
            "walls": Principality(walls=outside, tiles=tiles),
            "tiles[0].mask": Principality(tiles=(PlacedTile(Landscape.LAKE, outside), tiles[1])),
            "tiles[1].shared.masks[1]": Principality(
                tiles=(
                    tiles[0],
                    PlacedTile(Building.TOWER, 2, attrs.evolve(inside, masks=(2, outside))),
                )
            ),
        }
        for path, principality in principalities.items():
            assert not _masks_inside(principality)
            assert _mask_problems(principality, "$.p") == [
                f"the mask {outside} names cells outside the 7x7 grid @ $.p.{path}"
            ]


def test_the_merchants_choice_and_the_professors_offer_round_trip() -> None:
    """States and views pending the Merchant's choice, the Professor's offer, or the cards it
    drew at once with the card face down, load back equal (R26)."""
    for state in (merchant_won(), professor_offered(), professor_drawn()):
        assert state == load_state(dumps(state))
        for viewer in range(len(state.players)):
            view = observe(state, viewer)
            assert view == load_view(dumps(view))
    assert '"pending":{"type":"merchant_offer","stack":"jester","price":200}' in dumps(
        merchant_won()
    )
    assert '"pending":{"type":"professor_offer"}' in dumps(professor_offered())
    assert '"face_down":["professor"]' in dumps(professor_drawn())


def test_a_schema_1_0_state_without_face_down_still_loads() -> None:
    """A 1.0 document of a Muse & Princess game, written before ``face_down``, reads with it
    empty (schema 1.1 only added fields with defaults)."""
    offer = merchant_won()
    text = dumps(offer)
    old = text.replace('"schema":"1.1"', '"schema":"1.0"').replace(',"face_down":[]', "")
    assert old != text
    assert "face_down" not in old
    assert offer == load_state(old)


def _second_characters_phase() -> GameState:
    """Round 2, phase A2 of 4 players, hidden money: player 0 took the Banker in round 1;
    now player 1's token lies on the Muse at 500 and player 2 decides (R25, R26)."""
    config = GameConfig(players=4, seed=0, hidden_money=True, muse_and_princess=True)
    state = new_game(config)
    while state.phase is not Phase.CHARACTERS:
        state = apply(state, legal_moves(state)[0] if state.phase is Phase.SETUP else Decline())
    state = play_texts(state, "token banker 200", *["no character"] * 3)
    while state.phase is not Phase.CHARACTERS:
        state = apply(state, EndTurn() if state.phase is Phase.ACTIONS else Decline())
    return play_texts(state, "token muse 500")


def play_texts(state: GameState, *moves: str) -> GameState:
    """``state`` after ``moves`` in notation."""
    for text in moves:
        state = apply(state, parse_move(text))
    return state


_CHARACTER_FIELDS = (
    "round_best[1]",
    "characters.holders[0]",
    "characters.tokens[1]",
    "characters.bids[0]",
    "characters.bids[1]",
    "characters.done[2]",
    "characters.banker_money",
    "characters.banker_taken[0]",
    "characters.banker_taken[1]",
)
"""Every integer of a state's and a view's character cards, and the round's best works."""


@pytest.mark.parametrize("value", [2**64 - 1, 2**40, -100, 4])
@pytest.mark.parametrize("field", _CHARACTER_FIELDS)
@pytest.mark.parametrize("kind", ["state", "view"])
def test_every_number_of_the_character_cards_and_best_works_is_bounded(
    kind: str, field: str, value: int
) -> None:
    """2**64 - 1 in the round's best works or the characters' fields was accepted, and
    legal play went on to states load_state refused: each is bounded by what the rules
    reach, and the problem named by its path."""
    state = _second_characters_phase()
    assert state.current_player == 2
    text = dumps(state if kind == "state" else observe(state, 2))
    assert (load_state if kind == "state" else load_view)(text) is not None
    steps = re.findall(r"\w+|\[\d+\]", field)

    def corrupt(data: Any) -> None:
        *parents, last = [int(s[1:-1]) if s.startswith("[") else s for s in steps]
        for step in parents:
            data = data[step]
        data[last] = value if field != "characters.done[2]" else bool(value)

    if field == "characters.done[2]" and value != 4:
        return  # a flag: only true or false, tried once
    load = load_state if kind == "state" else load_view
    with pytest.raises(SerializationError) as refused:
        load(_mutated(text, corrupt))
    named = str(refused.value).partition(" @ ")[2].split(", ")
    assert f"$.data.{field}" in named, str(refused.value)


def _corrupted_states() -> list[Any]:
    """A state of Muse & Princess and Cooperative Building with one field of a wrong
    type, each with the message dumps must give."""
    state = _second_characters_phase()
    player = state.players[0]
    characters = state.characters
    assert characters is not None
    last = len(state.person_deck) - 1

    def seat_0(**changes: Any) -> GameState:
        return replace(state, players=(replace(player, **changes), *state.players[1:]))

    def cards(**changes: Any) -> GameState:
        return replace(state, characters=replace(characters, **changes))

    return [
        pytest.param(
            attrs.evolve(state, round="2"),  # type: ignore[arg-type]  # the wrong type under test
            "expected an integer, not str '2' @ $.data.round",
            id="round as text (attrs.evolve)",
        ),
        pytest.param(
            seat_0(money=300.0),
            "expected an integer, not float 300.0 @ $.data.players[0].money",
            id="money as a float",
        ),
        pytest.param(
            seat_0(prestige=True),
            "expected an integer, not bool True @ $.data.players[0].prestige",
            id="prestige as a bool",
        ),
        pytest.param(
            seat_0(money=10**5000),
            "an integer of 16610 bits is out of range @ $.data.players[0].money",
            id="money of 5000 digits",
        ),
        pytest.param(
            replace(state, round_best=(0, 2**64, 0, 0)),
            "an integer of 65 bits is out of range @ $.data.round_best[1]",
            id="a best work of 2**64",
        ),
        pytest.param(
            replace(state, players=list(state.players)),
            "expected a tuple, not list [PlayerState(money=",
            id="players as a list",
        ),
        pytest.param(
            replace(state, phase="characters"),
            "expected a Phase, not str 'characters' @ $.data.phase",
            id="phase as text",
        ),
        pytest.param(
            replace(state, person_deck=(*state.person_deck[:-1], "poet")),
            f"expected a PersonId, not str 'poet' @ $.data.person_deck[{last}]",
            id="a card as text",
        ),
        pytest.param(
            cards(holders=(None, "0", None, None, None, None)),
            "expected an integer or None, not str '0' @ $.data.characters.holders[1]",
            id="a holder as text",
        ),
        pytest.param(
            cards(banker_taken=(1,)),
            "expected 2 items, not 1 @ $.data.characters.banker_taken",
            id="the Banker's taker cut short",
        ),
        pytest.param(
            replace(state, pending=Bid(300)),
            "expected a pending decision or None, not Bid Bid(amount=300) @ $.data.pending",
            id="a move as the pending decision",
        ),
        pytest.param(
            replace(state, characters=object()),
            "expected a CharacterState or None, not object <object object at",
            id="the characters as an object",
        ),
    ]


@pytest.mark.parametrize(("state", "message"), _corrupted_states())
def test_dumps_of_a_corrupted_state_names_the_field(state: Any, message: str) -> None:
    """A state changed in Python to hold a wrong type is not written (the JSON would not
    load, or the writer raised a bare TypeError or ValueError): dumps raises a
    SerializationError naming the field."""
    with pytest.raises(SerializationError, match=r"^cannot write the state: ") as refused:
        dumps(state)
    assert message in str(refused.value)


def test_dumps_of_a_move_or_an_event_of_a_wrong_type_names_the_field() -> None:
    """A move or event holding a value of another type is refused as a state is."""
    with pytest.raises(SerializationError, match=r"expected an integer, not float 300\.0 @ "):
        dumps(Bid(300.0))  # type: ignore[arg-type]  # the wrong type under test
    with pytest.raises(SerializationError, match=r"not str 'x' @ \$\.data\[1\]\.player"):
        dumps((Passed(1), Passed("x")))  # type: ignore[arg-type]  # the wrong type under test
    assert '"amount":300' in dumps(Bid(300))
    view = replace(observe(_second_characters_phase(), 2), hand_bonus=["B01"])
    with pytest.raises(SerializationError, match=r"^cannot write the view: expected a tuple"):
        dumps(view)


def test_the_quick_writer_checks_each_frozen_value_once() -> None:
    """A value the writer has checked is remembered by identity: a changed copy (a new
    object) is checked again, so no corruption is written."""
    state = _second_characters_phase()
    dumps(state)
    player = state.players[1]
    broken = replace(
        state, players=(state.players[0], replace(player, jesters="1"), *state.players[2:])
    )
    with pytest.raises(SerializationError, match=r"@ \$\.data\.players\[1\]\.jesters"):
        dumps(broken)
    assert dumps(state) == dumps(load_state(dumps(state)))
