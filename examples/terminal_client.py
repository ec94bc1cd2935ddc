"""Play one player of The Princes of Florence at the terminal, against bots.

Run: ``python examples/terminal_client.py --players 3 --seed 7 --name Anna``.

At each of your decisions the client prints the question and your moves,
numbered and in words; answer with a number or with a move in notation
(``bid 500``, ``place c4-c5``, ``sell 2``), ``hand`` for your cards or
``table`` for the whole table.  Everything else the game shows you is what
your player may see: the other players' moves and events come through
``events_for``, so their hidden cards stay hidden, and every sentence is
addressed to you ("You pay 300 florins").

The client speaks to the game only through its protocol
(:func:`princes_of_florence.games.get`): the question, the moves, the
sentences, the cards and the table come from the game itself.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from princes_of_florence import PrincesOfFlorenceError, games
from princes_of_florence.bots import RandomBot

GAME = games.get("princes")


def ask(view: Any, read: Callable[[str], str], write: Callable[[str], None]) -> Any:
    """Show the decision and the moves of ``view``; return the move the person picks."""
    moves = GAME.legal_moves(view)
    listed = [move for move in moves if not GAME.is_free_move(move)]
    write(f"-- {GAME.decision_text(view)} ('hand': your cards, 'table': all)")
    for number, move in enumerate(listed, start=1):
        write(f"  {number:3d}. {GAME.describe(move, view, GAME.view_player(view))[:-1]}  [{move}]")
    if len(listed) < len(moves):
        write(f"  (or first: {', '.join(GAME.format_move(m) for m in moves[len(listed) :])})")
    while True:
        answer = read("> ").strip()
        if answer in ("hand", "table"):
            cards = [f"{card.name}: {card.text} ({card.place})" for card in GAME.hand(view)]
            write("\n".join(cards) if answer == "hand" else GAME.render_text(view))
        elif answer.isdigit() and 1 <= int(answer) <= len(listed):
            return listed[int(answer) - 1]
        elif answer.isdigit():
            write(f"There is no move {answer}: give 1 to {len(listed)}.")
        else:
            try:
                typed = GAME.parse_move(answer)
            except PrincesOfFlorenceError as error:
                write(f"Not understood ({error}); give a number, a move, 'hand' or 'table'.")
                continue
            if typed in moves:
                return typed
            write(f"'{typed}' is not one of your moves now.")


def play(
    config: Any,
    me: int,
    bots: dict[int, Any],
    read: Callable[[str], str] = input,
    write: Callable[[str], None] = print,
) -> None:
    """Play ``config`` to the end: ``me`` at the terminal, every other player a bot."""
    state = GAME.new_game(config)
    while not GAME.is_terminal(state):
        player = GAME.current_player(state)
        assert player is not None
        view = GAME.observe(state, player)
        moves = GAME.legal_moves(view)
        move = ask(view, read, write) if player == me else bots[player].choose(view, moves)
        state, events = GAME.apply_with_events(state, move, player)
        for event in GAME.events_for(events, me):  # only what my player may see (R5)
            write(GAME.describe(event, state, me))
    result, names = GAME.result(state), GAME.player_names(state)
    for player in sorted(range(len(names)), key=lambda p: result.places[p]):
        score, money = result.scores[player], result.tiebreaks[player]
        write(f"{names[player]}: {score} prestige, {money} florins")


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
    config = GAME.make_config(args.players, args.seed, {"names": tuple(names)})
    bot = GAME.bots()["heuristic"] if args.bots == "heuristic" else RandomBot
    bots = {p: bot(p) for p in range(args.players) if p != args.player}
    try:
        play(config, args.player, bots, read, write)
    except EOFError:
        write("\nThe input ended before the game did.")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
