"""A bot that plays sensibly from its view: it values objects, plans and works.

:class:`HeuristicBot` scores every move it is offered in florins and plays the
best one.  What it reads is its player's view only; it fills the hidden cards
in with :func:`~princes_of_florence.determinize` to use the engine's own
counting functions, but every number it uses depends only on what the view
shows (the table and its own hand).

How it values things (:class:`HeuristicParams` holds every weight):

* **A work** pays its value x 100 florins (R19).  Each future work of a person
  in hand is worth more with the person's building (+4), landscape (+3) and
  freedom (+3), with every jester (+2) and every person or recruiting card
  (+1).  So an object is worth, to this player, the work value it adds times
  100 times the works still to come that it helps, plus its prestige at
  ``prestige_value`` florins a point, discounted by ``discount`` because the
  price is paid now and the money comes later.
* **The auction** (R13, R14): it opens the stack whose worth most exceeds
  the base price, raises while the next bid stays below the worth (and within
  its cash less ``reserve``), and passes otherwise.
* **Actions** (R17-R22): it works whenever it can (the highest value first),
  builds the buildings its persons need (and any building for 3 prestige
  once builders make it cheap), introduces the freedoms its persons share,
  takes a person while it holds too few to work every remaining turn, and
  recruits a person worth a work (R23).
* **Money to prestige** (R19): it converts what exceeds ``keep_money`` from
  round ``convert_from_round`` on, and all of it in the last round, since
  money only breaks ties at the end (R24).
* **Cooperative Building** (R31-R33): it proposes a shared building when the
  best building it lacks is worth the cost its builders set, less the payment
  it asks (the largest offered up to ``share_ask``) and ``share_margin`` for
  what the partner gains; asked as a partner, it accepts when the building is
  worth more to it than the payment plus that margin.
* **Placement** (R21): it lays a tile where it touches the most occupied
  cells and the border, so the free area stays in one piece, and keeps room
  for the buildings its persons still need.

A move kind it does not know (from a variant added later) scores 0, as
ending the turn does, so the bot falls back on the first such move rather
than failing.

>>> from princes_of_florence import GameConfig
>>> from princes_of_florence.bots import RandomBot, play_game
>>> record = play_game(GameConfig(players=3, seed=4), [HeuristicBot(), RandomBot(1), RandomBot(2)])
>>> record.outcome is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs

from princes_of_florence.geometry import GRID_SIZE, neighbour_mask, parse_cells, popcount
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
    Decline,
    DeclineCharacter,
    EndTurn,
    FinishWork,
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
    Recruit,
    Reject,
    ReturnPerson,
    SellPrestige,
    Take,
    UseMerchant,
    UseProfessor,
    Work,
)
from princes_of_florence.observation import PlayerView, determinize
from princes_of_florence.rules.characters import merchant_prestige
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.placement import legal_placements
from princes_of_florence.rules.scoring import prestige_card_points
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.rules.work_value import (
    bonus_value,
    minimum_work,
    work_breakdown,
)
from princes_of_florence.state import GameState, MerchantOffer, Placing, PlayerState, Proposal

__all__ = ["HeuristicBot", "HeuristicParams", "future_work_pay", "heuristic_move"]

_GRID_EDGE = sum(
    1 << i
    for i in range(GRID_SIZE * GRID_SIZE)
    if i % GRID_SIZE in (0, GRID_SIZE - 1) or i // GRID_SIZE in (0, GRID_SIZE - 1)
)
_LANDSCAPE_OF = {
    AuctionObject.FOREST: Landscape.FOREST,
    AuctionObject.LAKE: Landscape.LAKE,
    AuctionObject.PARK: Landscape.PARK,
}


@attrs.frozen
class HeuristicParams:
    """The weights of :class:`HeuristicBot`, as data: variants are one ``evolve`` away.

    Attributes:
        prestige_value: florins a prestige point is worth before the last round.
        discount: how much a florin earned later is worth against one paid now.
        works_per_round: works expected per remaining action phase.
        reserve: cash kept back from auction bids for the actions that follow.
        bid_share: the share of an object's worth the bot bids up to.
        prestige_card_points: points a prestige card is expected to score.
        convert_from_round: the first round in which payouts are converted.
        keep_money: cash kept after converting, before the last round.
        bonus_from_round: from this round on, every bonus card is played.
        person_target: works of persons to hold ready, per remaining phase.
        cash_floor: cash the bot likes to keep through phase B for the next
            auction; spending below it counts against a move.
        share_ask: the most the bot asks a partner to pay towards a shared
            building (Cooperative Building, R31); it asks the largest
            offered amount up to this.
        share_margin: how much less a shared building is worth to the bot
            than the same building alone, for the prestige and the use it
            hands a rival (R33).

    Example:
        >>> params = HeuristicParams(reserve=500)
        >>> params.reserve, params.prestige_value
        (500, 220.0)
        >>> bot = HeuristicBot(params)
    """

    prestige_value: float = 220.0
    discount: float = 0.6
    works_per_round: float = 1.6
    reserve: int = 300
    bid_share: float = 0.9
    prestige_card_points: float = 4.0
    convert_from_round: int = 5
    keep_money: int = 1200
    bonus_from_round: int = 5
    person_target: float = 1.5
    cash_floor: int = 600
    share_ask: int = 200
    share_margin: float = 120.0


_ROUNDS = catalog().rules.rounds
_BEFORE_ACTIONS = frozenset((Phase.SETUP, Phase.AUCTION))
_NOT_OVER = frozenset((Phase.SETUP, Phase.AUCTION, Phase.ACTIONS))


def _future_phases(state: GameState) -> int:
    """Action phases still to come, this round's included if it has not ended."""
    here = 1 if state.phase in _NOT_OVER else 0
    return max(0, _ROUNDS - state.round + here)


def _next_minimum(state: GameState) -> int:
    """The minimum work value of the next action phase still to be reached."""
    upcoming = state.round if state.phase in _BEFORE_ACTIONS else state.round + 1
    return minimum_work(min(upcoming, _ROUNDS))


def _utility(player: PlayerState, slots: int, needed: int) -> float:
    """What the works still to come will pay ``player``, in florins.

    The persons in hand are ranked by work value (without bonus cards); the
    best ``slots`` of them count, each for its value x 100; a person below
    ``needed`` (the next minimum) counts for less the further below it is
    (down to a fifth at 8 points short), since it cannot work before more
    holdings or bonus cards lift it.
    """
    if slots <= 0 or not player.hand_persons:
        return 0.0
    values = sorted(
        (work_breakdown(player, person).total for person in player.hand_persons),
        reverse=True,
    )
    total = 0.0
    for value in values[:slots]:
        short = needed - value
        total += 100.0 * value * (1.0 if short <= 0 else max(0.2, 1.0 - short / 8.0))
    return total


class _Judge:
    """Scores moves for one seat of one (determinized) state; see :class:`HeuristicBot`."""

    def __init__(self, state: GameState, seat: int, params: HeuristicParams) -> None:
        self.state = state
        self.seat = seat
        self.params = params
        rules = catalog().rules
        self.me: PlayerState = state.players[seat]
        self.phases = _future_phases(state)
        self.works_left = params.works_per_round * self.phases
        self.last_round = state.round >= rules.rounds
        self.rules = rules
        self.pv = params.prestige_value if not self.last_round else 400.0
        self.work_slots = round(self.works_left)
        self.next_minimum = _next_minimum(state)
        self.base_utility = self.utility(self.me)
        self.offered: Sequence[Move] = ()  # the moves being judged, set by pick()

    # -- values ------------------------------------------------------------

    def utility(self, player: PlayerState) -> float:
        """What the works still to come will pay ``player`` (see :func:`_utility`)."""
        return _utility(player, self.work_slots, self.next_minimum)

    def gain(self, player: PlayerState) -> float:
        """What turning this player into ``player`` is worth through future works."""
        return (self.utility(player) - self.base_utility) * self.params.discount

    def person_gain(self, person: PersonId) -> float:
        """What holding ``person`` for a future work is worth, in florins."""
        me = self.me
        return self.gain(attrs.evolve(me, hand_persons=(*me.hand_persons, person)))

    def building_gain(self, building: Building) -> float:
        """Worth of ``building`` standing here, work value and prestige together."""
        me = self.me
        if me.principality.has_building(building):
            return 0.0
        # The mask does not matter for work values: only the kinds present do.
        after = attrs.evolve(me, principality=me.principality.with_tile(building, 0))
        return self.gain(after) + self.rules.building_prestige * self.pv

    def landscape_gain(self, landscape: Landscape) -> float:
        """Worth of one more ``landscape`` tile here."""
        me = self.me
        if me.principality.landscape_count(landscape):
            return self.rules.landscape_repeat_prestige * self.pv  # ruling R16
        after = attrs.evolve(me, principality=me.principality.with_tile(landscape, 0))
        return self.gain(after) + 100.0

    def freedom_gain(self, freedom: Freedom) -> float:
        """Worth of introducing ``freedom`` here."""
        me = self.me
        after = attrs.evolve(me, freedoms=(*me.freedoms, freedom))
        return self.gain(after)

    def object_worth(self, stack: AuctionObject) -> float:
        """What one object of ``stack`` is worth to this player this round."""
        me = self.me
        if stack is AuctionObject.JESTER:
            return self.gain(attrs.evolve(me, jesters=me.jesters + 1)) + 100.0
        if stack is AuctionObject.BUILDER:
            builders = me.builders
            prestige = self.rules.builder_prestige[builders] * self.pv
            builds = min(len(self.needed_buildings()) + 1.0, 1.2 * self.phases)
            saving = self.rules.build_cost[builders] - self.rules.build_cost[builders + 1]
            return prestige + saving * builds * self.params.discount + 100.0
        if stack is AuctionObject.PRESTIGE:
            return self.params.prestige_card_points * self.pv
        if stack is AuctionObject.RECRUITING:
            targets = self.recruit_targets()
            best = max((self.person_gain(p) for _, p in targets), default=0.0)
            more = self.gain(attrs.evolve(me, hand_recruiting=me.hand_recruiting + 1))
            return more + 0.7 * best
        if stack is AuctionObject.LANDSCAPE:  # 2 players: the winner chooses (R11)
            return max(
                (
                    self.landscape_gain(landscape)
                    for landscape, left in zip(Landscape, self.state.landscape_supply, strict=True)
                    if left
                ),
                default=0.0,
            )
        landscape = _LANDSCAPE_OF.get(stack)
        return 0.0 if landscape is None else self.landscape_gain(landscape)

    def recruit_targets(self) -> list[tuple[int, PersonId]]:
        """Persons face up in front of other players."""
        return [
            (seat, person)
            for seat, player in enumerate(self.state.players)
            if seat != self.seat
            for person in player.table_persons
        ]

    def prestige_card_worth(self, card: PrestigeCardId) -> float:
        """Points ``card`` would score if the game ended now, raised a little for hope."""
        players = list(self.state.players)
        players[self.seat] = attrs.evolve(self.me, prestige_cards=(*self.me.prestige_cards, card))
        now = prestige_card_points(card, self.seat, players)
        spec = catalog().prestige_card(card)
        hope = 0.35 * spec.points * min(1.0, self.phases / 4)
        return now + hope

    def cash_penalty(self, price: int) -> float:
        """The cost of paying ``price`` beyond what the bot wants to keep, in florins.

        Prestige sold to pay beyond the cash held (R4) costs its worth and a
        half; cash below ``cash_floor`` (wanted for the next auction) costs
        half its amount.
        """
        left = self.me.money - price
        short = 0.0 if left >= 0 else (-left / 100.0) * self.pv * 1.5
        floor = 0.0 if self.last_round else max(0, self.params.cash_floor - max(left, 0)) * 0.5
        return short + floor

    # -- moves -------------------------------------------------------------

    def score(self, move: object) -> float:
        """The move's worth in florins; 0 is the worth of doing nothing.

        Typed ``object``: a move kind added by a later variant reaches the
        last case and scores 0 instead of failing.
        """
        state, me, rules = self.state, self.me, self.rules
        match move:
            case ReturnPerson(person=person):
                return -self.keep_worth(person)
            case Open(stack=stack) | Take(stack=stack):
                price = ruleset(state.config).base_price  # ruling R12
                return self.object_worth(stack) * self.params.bid_share - price - 1.0
            case Bid(amount=amount):
                auction = state.auction
                running = auction.stack if auction is not None else None
                if running is None:
                    return -1.0
                limit = me.money - self.params.reserve
                if amount > max(limit, ruleset(state.config).base_price):
                    return -1.0
                return self.object_worth(running) * self.params.bid_share - amount
            case Decline() | Pass() | EndTurn() | KeepRecruiting():
                return 0.0
            case ChooseLandscape(landscape=landscape):
                return self.landscape_gain(landscape)
            case PlaceTile(cells=cells):
                return self.place_score(cells)
            case ChooseCard(card=card):
                return self.card_worth(card)
            case Recruit(person=person):
                return self.person_gain(person) + 100.0 * self.works_left * 0.2
            case Build(building=building):
                cost = rules.build_cost[me.builders]
                gain = self.building_gain(building)
                return gain - cost - self.cash_penalty(cost) - 50.0
            case Work(person=person):
                value = work_breakdown(me, person).total + self.bonus_total(person)
                return 1000.0 + value * 100.0
            case PlayBonus(card=card):
                return self.bonus_score(card)
            case FinishWork():
                return 1.0
            case Convert(points=points):
                return self.convert_score(points)
            case BuyPerson():
                return self.buy_person_score()
            case BuyBonus():
                return self.buy_bonus_score()
            case IntroduceFreedom(freedom=freedom):
                cost = rules.freedom_cost
                return self.freedom_gain(freedom) - cost - self.cash_penalty(cost) - 20.0
            case SellPrestige():
                return -1e9
            case PlaceToken(character=character, amount=amount):
                worth = self.character_worth(character)
                return worth - amount - self.cash_penalty(amount) - 1.0
            case DeclineCharacter():
                return 0.0
            case PrincessWork():
                return 1000.0 + 100.0 * self.next_minimum  # a work without a person (R28)
            case UseMerchant() | UseProfessor():
                return 200.0  # a free gain: prestige now, or a card (R26)
            case MerchantFree():  # ruling R26: the price is saved ...
                pending = state.pending
                return float(pending.price) if isinstance(pending, MerchantOffer) else 0.0
            case MerchantPay():  # ... or paid for prestige by rank
                pending = state.pending
                price = pending.price if isinstance(pending, MerchantOffer) else 0
                points = merchant_prestige(state, self.seat)
                return points * self.pv - price - self.cash_penalty(price)
            case ProfessorLater():
                return 0.0
            case Propose():
                return self.propose_score()
            case ProposeBuilding(building=building):
                return self.building_gain(building)
            case AskPayment(amount=amount):
                return amount if amount <= self.params.share_ask else -1.0 - amount
            case Accept():
                return self.accept_score()
            case Reject():
                return 0.0
            case _:
                return 0.0  # a move kind this bot does not know: neutral

    def character_worth(self, character: Character) -> float:
        """What holding ``character`` this round is worth, in florins (R25, R26, R28)."""
        if character is Character.MUSE:  # + round number to each work this round
            return self.state.round * 100.0 * min(2, len(self.me.hand_persons))
        if character is Character.CARDINAL:  # a third action
            return 500.0
        if character is Character.PRINCESS:  # a work with no person card
            return 100.0 * self.next_minimum * self.params.discount
        if character is Character.BANKER:  # at least 600 florins lie on it
            return 600.0
        if character is Character.MERCHANT:
            return 2.0 * self.pv
        return self.params.prestige_card_points * self.pv * 0.6  # the Professor: a card

    def keep_worth(self, person: PersonId) -> float:
        """How much the bot wants to keep ``person`` in the draft (R8)."""
        spec = catalog()
        others = [p for p in self.me.hand_persons if p != person]
        mine = spec.person(person)
        shared = sum(
            (spec.person(p).building is mine.building) * 2
            + (spec.person(p).landscape is mine.landscape)
            + (spec.person(p).freedom is mine.freedom)
            for p in others
        )
        return shared * 10.0 - len(spec.tile(mine.building).cells)  # small buildings fit

    def card_worth(self, card: PersonId | BonusCardId | PrestigeCardId) -> float:
        """Worth of keeping ``card`` from the cards shown (R6)."""
        if isinstance(card, PersonId):
            return self.person_gain(card)
        if isinstance(card, BonusCardId):
            return float(bonus_value(card, self.me))
        return self.prestige_card_worth(card)

    def bonus_total(self, person: PersonId) -> int:
        """The value the bonus cards in hand would add to a work of ``person``."""
        if self.state.round < self.params.bonus_from_round:
            return 0
        return sum(max(0, bonus_value(c, self.me, person)) for c in self.me.hand_bonus)

    def bonus_score(self, card: BonusCardId) -> float:
        """Play a bonus card when it is needed, strong, or late in the game (R19)."""
        pending = self.state.pending
        person = getattr(pending, "person", None)
        value = bonus_value(card, self.me, person) if isinstance(person, PersonId) else 0
        if not any(isinstance(m, FinishWork) for m in self.offered):
            return 10.0 + value  # the minimum is not reached yet
        if self.state.round >= self.params.bonus_from_round or value >= 5:
            return float(value)
        return -1.0

    def convert_score(self, points: int) -> float:
        """Convert the cash above ``keep_money`` (all of it in the last round)."""
        rate = self.rules.florins_per_converted_prestige
        if self.last_round:
            return float(points)
        if self.state.round < self.params.convert_from_round:
            return -float(points)
        spare = max(0, self.me.money - self.params.keep_money)
        target = spare // rate
        return -abs(points - target)

    def buy_person_score(self) -> float:
        """Take a person while too few are in hand for the works to come (R22)."""
        me = self.me
        held = len(me.hand_persons) + me.hand_recruiting
        wanted = self.params.person_target * max(0, self.phases - 1) + 1
        if held >= wanted or self.phases <= 1:
            return -1.0
        cost = self.rules.person_cost
        next_min = minimum_work(min(self.state.round + 1, self.rules.rounds))
        return next_min * 100.0 * self.params.discount - cost - self.cash_penalty(cost)

    def buy_bonus_score(self) -> float:
        """Buy a bonus card only with spare money and time to play it (R22)."""
        cost = self.rules.bonus_cost
        if self.phases <= 0 or self.me.money < cost + self.params.keep_money:
            return -1.0
        return 400.0 * self.params.discount - cost

    def place_score(self, cells: str) -> float:
        """Prefer snug places that leave room for the buildings still needed (R21)."""
        principality = self.me.principality
        mask = parse_cells(cells)
        occupied = principality.occupied
        touching = popcount(neighbour_mask(mask) & occupied) + popcount(mask & _GRID_EDGE)
        pending = self.state.pending
        after = principality.with_tile(
            pending.tile if isinstance(pending, Placing) else Landscape.PARK, mask
        )
        room = 0.0
        for building in self.needed_buildings():
            if building is (pending.tile if isinstance(pending, Placing) else None):
                continue
            room += min(4, len(legal_placements(after, building, self.me.builders)))
        return touching + 3.0 * room

    def propose_score(self) -> float:
        """Propose a shared building when one is worth its cost (R31-R33).

        The bot counts the best building it lacks, the cost its own builders
        set, and the payment it will ask, less ``share_margin`` for what the
        partner gains; building alone scores the same building without the
        margin, so the bot shares only where that pays.
        """
        lacking = [b for b in Building if not self.me.principality.has_building(b)]
        if not lacking:
            return -1.0
        best = max(self.building_gain(building) for building in lacking)
        cost = self.rules.build_cost[self.me.builders]
        ask = min(self.params.share_ask, cost)
        net = cost - ask
        return best - net - self.cash_penalty(net) - 50.0 - self.params.share_margin

    def accept_score(self) -> float:
        """Accept a proposal when the building is worth more than the payment asked (R32)."""
        pending = self.state.pending
        if not isinstance(pending, Proposal) or pending.building is None:
            return -1.0
        payment = pending.payment or 0
        worth = self.building_gain(pending.building) - self.params.share_margin
        return worth - payment - self.cash_penalty(payment)

    def needed_buildings(self) -> list[Building]:
        """Buildings the persons in hand need and the principality lacks."""
        spec = catalog()
        principality = self.me.principality
        seen: list[Building] = []
        for person in self.me.hand_persons:
            building = spec.person(person).building
            if building not in seen and not principality.has_building(building):
                seen.append(building)
        return seen[:3]

    def pick(self, moves: Sequence[Move]) -> Move:
        """The best of ``moves``; the first of the best on a tie."""
        self.offered = moves
        best = moves[0]
        best_score = self.score(best)
        for move in moves[1:]:
            value = self.score(move)
            if value > best_score:
                best, best_score = move, value
        return best


_DEFAULTS = HeuristicParams()


def future_work_pay(state: GameState, player: int, params: HeuristicParams | None = None) -> float:
    """What the works still to come should pay ``player``, in florins, as the bot judges it.

    The persons in the player's hand are ranked by work value; as many as
    there are works to come (``works_per_round`` per remaining action phase)
    count for their value x 100, less the further they fall short of the
    next minimum.  Only the player's own holdings are read: search bots use
    it to value a position they cut off.
    """
    if state.current_player is None:
        return 0.0
    slots = round((params or _DEFAULTS).works_per_round * _future_phases(state))
    return _utility(state.players[player], slots, _next_minimum(state))


def heuristic_move(
    state: GameState, moves: Sequence[Move], params: HeuristicParams | None = None
) -> Move:
    """The move :class:`HeuristicBot` plays in ``state`` for the player to decide.

    The state may be a determinized one: only what the player to decide may
    see is read.  Search bots use this as a rollout policy.

    Args:
        state: the state (the player to decide is ``state.current_player``).
        moves: the moves to choose from (not empty).
        params: the weights; the defaults when ``None``.

    Example:
        >>> from princes_of_florence import GameConfig, new_game, legal_moves
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> str(heuristic_move(state, legal_moves(state)))
        'return painter'
    """
    seat = state.current_player
    assert seat is not None, "nobody decides once the game is over"
    return _Judge(state, seat, params or HeuristicParams()).pick(moves)


class HeuristicBot:
    """A bot that plays sensibly from its view (see the module for how).

    Args:
        params: its weights; :class:`HeuristicParams` by default.

    Example:
        >>> from princes_of_florence import GameConfig, new_game, observe
        >>> from princes_of_florence.bots import view_moves
        >>> view = observe(new_game(GameConfig(players=3, seed=1)), 0)
        >>> str(HeuristicBot().choose(view, view_moves(view)))
        'return painter'
    """

    def __init__(self, params: HeuristicParams | None = None) -> None:
        self.params = params or HeuristicParams()

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """The best of ``moves`` by the bot's estimate."""
        # The dealt cards are never read: every figure comes from the table
        # and the bot's own hand, so any generator gives the same choice.
        state = determinize(view, random.Random(0))
        return heuristic_move(state, moves, self.params)
