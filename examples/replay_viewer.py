"""Show a saved game move by move, as everybody saw it or as one player did.

Run: ``python examples/replay_viewer.py game.json --player 1 --pictures``.

A record comes from ``python -m princes_of_florence play --save game.json``
(JSON, or the text form when the name ends in ``.txt``), or from
:func:`~princes_of_florence.bots.play_game` and
:func:`~princes_of_florence.dumps`.  The viewer replays it with
:func:`~princes_of_florence.replay_events`: each move in words, what
followed, the record's comments and, with ``--pictures``, the table at the
start of every round.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from princes_of_florence import (
    GameRecord,
    GameState,
    PhaseStarted,
    PlayerView,
    describe,
    events_for,
    load_record,
    observe,
    outcome,
    record_from_text,
    render_table_text,
    replay_events,
)


def read_record(path: Path) -> GameRecord:
    """A record in JSON or in the text form."""
    text = path.read_text(encoding="utf-8")
    return load_record(text) if text.lstrip().startswith("{") else record_from_text(text)


def seen_by(state: GameState, player: int | None) -> GameState | PlayerView:
    """The whole state, or what ``player`` sees of it."""
    return state if player is None else observe(state, player)


def show(record: GameRecord, player: int | None, pictures: bool) -> None:
    """Print the record, as ``player`` saw it (``None``: everything)."""
    config = record.config
    played = f", played {record.date}" if record.date else ""
    print(f"{', '.join(config.names)}: seed {config.seed}, {len(record.moves)} moves{played}")
    remarks = {comment.move: comment.text for comment in record.comments}
    for step in replay_events(record):
        mover = step.before.current_player
        events = step.events if player is None else events_for(step.events, player)
        if player is None or mover == player:  # another player's move may name hidden cards
            print(f"{step.number:4d}. {describe(step.move, step.before)}")
        for event in events:
            print(f"      {describe(event, config)}")
            if pictures and isinstance(event, PhaseStarted) and event.phase.value == "auction":
                print(render_table_text(seen_by(step.after, player)))
        if step.number in remarks:
            print(f"      ({remarks[step.number]})")
    final = step.after if record.moves else None
    if final is not None and final.is_over:
        result = outcome(final)
        print(render_table_text(seen_by(final, player)))
        for rank, who in enumerate(result.ranking, start=1):
            print(f"{rank}. {config.names[who]}: {result.prestige[who]} prestige")


def main(argv: Sequence[str] | None = None) -> int:
    """Read the options and show the record."""
    parser = argparse.ArgumentParser(description="Show a saved game.")
    parser.add_argument("record", type=Path)
    parser.add_argument("--player", type=int, help="show only what this player saw")
    parser.add_argument("--pictures", action="store_true", help="the table every round")
    args = parser.parse_args(argv)
    show(read_record(args.record), args.player, args.pictures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
