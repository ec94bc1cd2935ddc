"""A person at the terminal as a bot: shown their view, asked for a move."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from princes_of_florence.decisions import DecisionKind, decision
from princes_of_florence.errors import InvalidMoveError
from princes_of_florence.limits import shorten
from princes_of_florence.moves import Move, SellPrestige, parse_move
from princes_of_florence.narration import describe, player_name
from princes_of_florence.observation import PlayerView

__all__ = ["QUESTIONS", "HumanBot"]

QUESTIONS: dict[DecisionKind, str] = {
    DecisionKind.RETURN_PERSON: "return a starting person",
    DecisionKind.OPEN_OR_DECLINE: "open an auction or decline",
    DecisionKind.RAISE_OR_PASS: "raise the bid or pass",
    DecisionKind.LAST_PLAYER_TAKE: "as the last player, take an object or decline",
    DecisionKind.CHOOSE_LANDSCAPE: "choose a landscape",
    DecisionKind.PLACE_TILE: "place the tile",
    DecisionKind.CHOOSE_CARD: "keep one of the cards shown",
    DecisionKind.CHOOSE_RETURNED_ORDER: "put the other cards under the deck, one by one",
    DecisionKind.RECRUIT: "recruit a person now or keep the card",
    DecisionKind.CHOOSE_ACTION: "choose an action or end the turn",
    DecisionKind.ADD_BONUS_OR_FINISH: "add a bonus card or finish the work",
    DecisionKind.CONVERT: "convert florins of the payout into prestige",
    DecisionKind.BID_FOR_CHARACTER: "bid for a character card or pass",
    DecisionKind.CHOOSE_SHARED_BUILDING: "choose the building to propose",
    DecisionKind.PLACE_SHARED_BUILDING: "choose its cells on both sides of the border",
    DecisionKind.ASK_PAYMENT: "choose what the partner is asked to pay",
    DecisionKind.ANSWER_PROPOSAL: "accept or reject the proposal",
    DecisionKind.CONTINUE_BUILD: "propose again, build alone or give up the build action",
    DecisionKind.MERCHANT_CHOICE: "take the object won free, or pay for it and gain prestige",
    DecisionKind.PROFESSOR_NOW: "draw with the Professor now, or keep it for later",
}
"""The question of each kind of decision, as a person at the terminal reads it."""


class HumanBot:
    """Asks a person for each move: by its number in the list shown, or in notation.

    The person sees what their player may see: their money and prestige, their
    hand, the decision and its moves.  A sale of prestige (R3) is typed in
    notation (``sell 2``).  An answer that is not a move offered is refused
    with a reason and asked again.

    Args:
        read: returns the next line typed (``input`` by default); raises
            :class:`EOFError` when there is none.
        write: prints a line (``print`` by default).

    >>> from princes_of_florence import GameConfig, new_game, observe
    >>> from princes_of_florence.bots import view_moves
    >>> view = observe(new_game(GameConfig(players=3, seed=1)), 0)
    >>> answers = iter(["9", "²", "9" * 4301, "return nobody", "2"])
    >>> bot = HumanBot(read=lambda prompt: next(answers), write=lambda line: None)
    >>> bot.choose(view, view_moves(view)) == view_moves(view)[1]
    True
    """

    def __init__(
        self,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
    ) -> None:
        self._read = read
        self._write = write

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """Show ``view`` and ``moves``; return the move the person picks."""
        write = self._write
        player = view.player
        own = view.players[player]
        asked = decision(view)
        question = QUESTIONS[asked.kind] if asked is not None else "nothing"
        write(
            f"## {player_name(view.config, player)} (you), round {view.round}: {question}; "
            f"{own.money} florins, {own.prestige} prestige"
        )
        write(
            f"## hand: persons {', '.join(map(str, view.hand_persons)) or '-'}; "
            f"bonus {', '.join(map(str, view.hand_bonus)) or '-'}; "
            f"prestige cards {', '.join(map(str, view.prestige_cards)) or '-'}"
        )
        plain = [move for move in moves if not isinstance(move, SellPrestige)]
        for number, move in enumerate(plain, 1):
            write(f"  {number:3d}  {move!s:<24} {describe(move, view)}")
        if len(plain) < len(moves):
            write(f"  (or sell 1 to {len(moves) - len(plain)} prestige: 'sell N')")
        while True:
            answer = self._read("your move: ").strip()
            if answer.isdigit():  # a number of the list, in ASCII digits (not '²', not 10**5000)
                number = int(answer) if answer.isascii() and len(answer) <= 6 else 0
                if 1 <= number <= len(plain):
                    return plain[number - 1]
                write(f"there is no move {shorten(answer, 12)}: answer 1 to {len(plain)}")
                continue
            try:
                chosen = parse_move(answer)
            except InvalidMoveError as error:
                write(f"not understood: {error}")
                continue
            if chosen in moves:
                return chosen
            write(f"{chosen} is not one of the moves offered")
