"""Play one player of The Princes of Florence at the terminal, against bots.

Run: ``python examples/terminal_client.py --players 3 --seed 7 --name Anna``.

At each of your decisions the client prints the question and your moves,
numbered and in words; answer with a number or with a move in notation
(``bid 500``, ``place c4-c5``, ``sell 2``).  Everything else the game shows
you is what your player may see: the other players' moves and events come
through ``events_for``, so their hidden cards stay hidden.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from princes_of_florence import (
    Decision,
    DecisionKind,
    GameConfig,
    InvalidMoveError,
    Move,
    PlayerView,
    SellPrestige,
    apply_with_events,
    decision,
    describe,
    events_for,
    is_terminal,
    new_game,
    observe,
    outcome,
    parse_move,
    render_table_text,
    render_text,
)
from princes_of_florence.bots import Bot, HeuristicBot, RandomBot, view_moves
from princes_of_florence.narration import stack_name

QUESTIONS = {
    DecisionKind.RETURN_PERSON: "Return one of your four starting persons.",
    DecisionKind.OPEN_OR_DECLINE: "Open an auction at {price} florins, or decline.",
    DecisionKind.RAISE_OR_PASS: "The bid for {stack} is {price} florins: raise or pass?",
    DecisionKind.LAST_PLAYER_TAKE: "You are the last: take an object for {price}, or decline.",
    DecisionKind.CHOOSE_LANDSCAPE: "Choose the landscape you won.",
    DecisionKind.PLACE_TILE: "Place the {tile}.",
    DecisionKind.CHOOSE_CARD: "Keep one of the {cards} cards shown.",
    DecisionKind.CHOOSE_RETURNED_ORDER: "Put the cards you did not keep under the deck.",
    DecisionKind.RECRUIT: "Use your recruiting card now, or keep it.",
    DecisionKind.CHOOSE_ACTION: "Your turn: choose an action (a work needs {minimum}).",
    DecisionKind.ADD_BONUS_OR_FINISH: "Your work is worth {value} (needs {minimum}).",
    DecisionKind.CONVERT: "Turn part of your {payout} florins into prestige?",
    DecisionKind.BID_FOR_CHARACTER: "Bid for a character card, or pass.",
}


def question(asked: Decision) -> str:
    """The question of a decision, with its numbers filled in."""
    value = asked.work_value.total if asked.work_value is not None else None
    stack = stack_name(asked.stack) if asked.stack is not None else None
    tile = asked.tile.value if asked.tile is not None else None
    return QUESTIONS[asked.kind].format(
        price=asked.price,
        stack=stack,
        tile=tile,
        cards=asked.cards,
        minimum=asked.minimum,
        value=value,
        payout=asked.payout,
    )


def ask(view: PlayerView, read: Callable[[str], str], write: Callable[[str], None]) -> Move:
    """Show the decision and the moves of ``view``; return the move the person picks."""
    moves = view_moves(view)
    own = view.players[view.player]
    asked = decision(view)
    assert asked is not None  # we are asked only while the game goes on
    write(f"-- {own.money} florins, {own.prestige} prestige. {question(asked)} ('table': all)")
    if asked.kind is DecisionKind.PLACE_TILE:
        write(render_text(own.principality))
    listed = [move for move in moves if not isinstance(move, SellPrestige)]
    for number, move in enumerate(listed, start=1):
        write(f"  {number:3d}. {describe(move, view)[:-1]}  [{move}]")
    if len(listed) < len(moves):
        write(f"  (or first sell prestige: 'sell 1' to 'sell {len(moves) - len(listed)}')")
    while True:
        answer = read("> ").strip()
        if answer == "table":
            write(render_table_text(view))
            continue
        if answer.isdigit():
            if 1 <= int(answer) <= len(listed):
                return listed[int(answer) - 1]
            write(f"There is no move {answer}: give 1 to {len(listed)}.")
            continue
        try:
            typed = parse_move(answer)
        except InvalidMoveError as error:
            write(f"Not understood ({error}); give a number, a move, or 'table'.")
            continue
        if typed in moves:
            return typed
        write(f"'{typed}' is not one of your moves now.")


def play(
    config: GameConfig,
    me: int,
    bots: dict[int, Bot],
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> None:
    """Play ``config`` to the end: ``me`` at the terminal, every other player a bot."""
    state = new_game(config)
    while not is_terminal(state):
        player = state.current_player
        assert player is not None
        view = observe(state, player)
        if player == me:
            move = ask(view, read, write)
        else:
            move = bots[player].choose(view, view_moves(view))
        state, events = apply_with_events(state, move, player=player)
        for event in events_for(events, me):  # only what my player may see (R5)
            write(describe(event, state))
    result = outcome(state)
    for player in result.ranking:
        name = config.names[player]
        write(f"{name}: {result.prestige[player]} prestige, {result.money[player]} florins")


def main(
    argv: Sequence[str] | None = None,
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> int:
    """Read the options, seat the bots, play; returns the exit status."""
    parser = argparse.ArgumentParser(description="Play one player against bots.")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player", type=int, default=0, help="which player you are")
    parser.add_argument("--name", default="You")
    parser.add_argument("--bots", choices=("heuristic", "random"), default="heuristic")
    args = parser.parse_args(argv)
    names = [f"Bot {n}" for n in range(1, args.players + 1)]
    names[args.player] = args.name
    config = GameConfig(players=args.players, seed=args.seed, names=tuple(names))
    bots: dict[int, Bot] = {
        p: HeuristicBot() if args.bots == "heuristic" else RandomBot(seed=p)
        for p in range(args.players)
        if p != args.player
    }
    try:
        play(config, args.player, bots, read, write)
    except EOFError:
        write("\nThe input ended before the game did.")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
