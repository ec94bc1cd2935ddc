"""The ``rendered-picture`` directive: pictures drawn by the library when the docs are built.

The examples of :func:`~princes_of_florence.render_text`,
:func:`~princes_of_florence.render_svg` and the table and shared-map pictures
are not image files kept beside the text.  Each is a directive naming a
picture::

   .. rendered-picture:: principality-svg

When the documentation is built, the directive plays the game the picture
needs (seeded, with the heuristic bots, so every build draws the same game),
calls the renderer and puts its output in the page: text as a literal block,
SVG inline.  The code that draws it is shown above the picture.  An unknown
name, or a renderer that fails, is reported as an error and fails a ``-W``
build, so a page never shows a stale or broken picture.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from princes_of_florence import (
    GameConfig,
    GameState,
    Phase,
    Principality,
    apply,
    new_game,
    observe,
    render_svg,
    render_table_svg,
    render_table_text,
    render_text,
)
from princes_of_florence.bots import HeuristicBot, view_moves
from princes_of_florence.render import render_shared_map_svg
from princes_of_florence.rules.cooperative import render_shared_map

_MID_GAME = GameConfig(players=3, seed=3, names=("Anna", "Ben", "Carla"))
"""The game of the principality and table pictures."""

_SHARED_SEEDS = range(1, 21)
"""The seeds tried, in order, for a Cooperative Building game with a shared building."""

_STOP = (5, Phase.AUCTION)
"""Both games are drawn as they stand when round 5's auction begins."""


@cache
def _played(config: GameConfig) -> GameState:
    """``config``'s game, heuristic bots in every seat, up to the start of round 5's auction."""
    state = new_game(config)
    bots = [HeuristicBot() for _ in range(config.players)]
    while (state.round, state.phase) != _STOP:
        player = state.current_player
        if player is None:
            raise RuntimeError(f"the game of {config} ended before round 5")
        view = observe(state, player)
        state = apply(state, bots[player].choose(view, view_moves(view)))
    return state


@cache
def _shared_game() -> GameState:
    """The first 3-player Cooperative Building game with a shared building by round 5.

    Which seed that is depends on how the bots play, so it is looked for, not
    fixed: the shared-map pictures must show a building across a border.
    """
    for seed in _SHARED_SEEDS:
        state = _played(GameConfig(players=3, seed=seed, cooperative_building=True))
        if any(tile.shared for player in state.players for tile in player.principality.tiles):
            return state
    raise RuntimeError(f"no game of seeds {_SHARED_SEEDS} has a shared building by round 5")


def _shared_principalities() -> list[Principality]:
    """Every principality of the shared-map game, by player."""
    return [player.principality for player in _shared_game().players]


@dataclass(frozen=True)
class _Picture:
    """One picture: the code a reader would write, and how the build draws it."""

    code: str
    draw: Callable[[], str]
    svg: bool

    def shown_code(self) -> str:
        """The code, with the seed of the shared-map game filled in where it is named."""
        if "{shared_seed}" not in self.code:
            return self.code
        return self.code.replace("{shared_seed}", str(_shared_game().config.seed))


_SETUP_MID = "state = ...  # a 3-player game (seed 3, heuristic bots) as round 5's auction begins\n"
_SETUP_SHARED = (
    "state = ...  # a Cooperative Building game (seed {shared_seed}, heuristic bots), round 5\n"
    "principalities = [player.principality for player in state.players]\n"
)

_PICTURES: dict[str, _Picture] = {
    "principality-text": _Picture(
        _SETUP_MID + "print(render_text(state.players[0].principality))",
        lambda: render_text(_played(_MID_GAME).players[0].principality),
        svg=False,
    ),
    "principality-svg": _Picture(
        _SETUP_MID + 'svg = render_svg(state.players[0].principality, title="Anna")',
        lambda: render_svg(_played(_MID_GAME).players[0].principality, title="Anna"),
        svg=True,
    ),
    "table-text": _Picture(
        _SETUP_MID + "print(render_table_text(observe(state, 1)))  # as Ben sees it",
        lambda: render_table_text(observe(_played(_MID_GAME), 1)),
        svg=False,
    ),
    "table-svg": _Picture(
        _SETUP_MID + "svg = render_table_svg(state)",
        lambda: render_table_svg(_played(_MID_GAME)),
        svg=True,
    ),
    "shared-map-text": _Picture(
        _SETUP_SHARED
        + "from princes_of_florence.rules.cooperative import render_shared_map\n"
        + "print(render_shared_map(principalities))",
        lambda: render_shared_map(_shared_principalities()),
        svg=False,
    ),
    "shared-map-svg": _Picture(
        _SETUP_SHARED
        + "from princes_of_florence.render import render_shared_map_svg\n"
        + "svg = render_shared_map_svg(principalities)",
        lambda: render_shared_map_svg(_shared_principalities()),
        svg=True,
    ),
}
"""Every picture the directive draws, by name."""


def _inline_svg(document: str) -> str:
    """A standalone SVG document as an element to put inside an HTML page."""
    declaration, _, element = document.partition("?>")
    body = element if declaration.startswith("<?xml") else document
    return f'<div class="rendered-picture">{body.strip()}</div>'


class RenderedPicture(SphinxDirective):
    """``.. rendered-picture:: NAME``: the code, then the picture the library draws."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        """Draw the picture named by the argument; an error node if it cannot be drawn."""
        name = self.arguments[0]
        picture = _PICTURES.get(name)
        if picture is None:
            known = ", ".join(sorted(_PICTURES))
            raise self.error(f"unknown picture {name!r}; the pictures are: {known}")
        try:
            drawn = picture.draw()
            code_text = picture.shown_code()
        except Exception as error:  # any failure of the library is a failed build
            raise self.error(f"picture {name!r} could not be drawn: {error!r}") from error
        code = nodes.literal_block(code_text, code_text, language="python")
        if picture.svg:
            shown: nodes.Node = nodes.raw("", _inline_svg(drawn), format="html")
        else:
            shown = nodes.literal_block(drawn, drawn, language="text")
        return [code, shown]


def setup(app: Sphinx) -> dict[str, object]:
    """Register the ``rendered-picture`` directive."""
    app.add_directive("rendered-picture", RenderedPicture)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
