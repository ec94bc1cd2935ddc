"""Write the recorded games of this folder: ``python tests/data/make_fixtures.py``.

Each game is played by one seeded random player per seat
(``strategies.play_random``); before a move, the
player to decide sometimes sells prestige (a free move, ruling R3), so the
records hold ``sell`` moves too.  Each game is written twice, as a JSON record
document (``game-<seed>.json``) and as a text record (``game-<seed>.txt``),
both with the final outcome.  The same script always writes the same bytes;
``tests/test_replay.py`` checks that the files still match.
"""

from __future__ import annotations

import sys
from pathlib import Path

from princes_of_florence.config import GameConfig
from princes_of_florence.engine import outcome
from princes_of_florence.serialization import GameRecord, dumps, record_to_text

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tests/, for strategies when run as a script

from strategies import play_random  # noqa: E402

GAMES: tuple[GameConfig, ...] = (
    GameConfig(players=3, seed=101, start_player=0),
    GameConfig(players=4, seed=202, start_player=1, hidden_money=True),
    GameConfig(players=5, seed=303, start_player=4),
)
"""The recorded games' configurations."""

SELL_CHANCE = 0.08
"""How often the player to decide first sells prestige, when they have any."""


def play(config: GameConfig) -> GameRecord:
    """Play ``config`` to the end with seeded random bots; the record with its outcome."""
    game = play_random(config, bot_seed=config.seed, sell_chance=SELL_CHANCE)
    return GameRecord(config, game.moves, outcome(game.states[-1]))


def files(config: GameConfig) -> tuple[Path, Path]:
    """Where the JSON and the text record of ``config``'s game are written."""
    return HERE / f"game-{config.seed}.json", HERE / f"game-{config.seed}.txt"


def main() -> int:
    """Write every fixture; print what was written."""
    for config in GAMES:
        record = play(config)
        json_path, text_path = files(config)
        json_path.write_text(dumps(record) + "\n", encoding="utf-8")
        text_path.write_text(record_to_text(record), encoding="utf-8")
        sells = sum(1 for move in record.moves if str(move).startswith("sell "))
        print(f"{json_path.name}, {text_path.name}: {len(record.moves)} moves, {sells} sales")
    return 0


if __name__ == "__main__":
    sys.exit(main())
