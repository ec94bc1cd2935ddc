"""Pictures: the text grid and the SVG drawing of a principality."""

from __future__ import annotations

import random
from xml.etree import ElementTree as ET

import attrs
import pytest
from hypothesis import given

from factories import full_principality
from princes_of_florence import (
    ArgumentError,
    Building,
    GameConfig,
    GameState,
    GeometryError,
    Landscape,
    PlacedTile,
    Principality,
    apply,
    is_terminal,
    legal_moves,
    new_game,
    observe,
    render_svg,
    render_table_svg,
    render_table_text,
    render_text,
)
from princes_of_florence.geometry import CELL_NAMES, mask_cells, parse_cells
from princes_of_florence.render import (
    PALAZZO_COLOUR,
    TILE_COLOURS,
    TILE_LETTERS,
    render_shared_map_svg,
)
from princes_of_florence.rules.cooperative import layout, reverse_side
from strategies import grown_principalities

SVG = "{http://www.w3.org/2000/svg}"

FULL = full_principality(
    (
        *(Building.UNIVERSITY, Building.WORKSHOP, Building.LIBRARY, Building.HOSPITAL),
        *(Building.TOWER, Building.CHAPEL, Landscape.FOREST),
        *(Landscape.LAKE, Landscape.LAKE, Landscape.LAKE),
    )
)


def _cell_tiles(svg: str) -> dict[str, str | None]:
    """Each cell's ``data-tile`` in the drawing, by cell name."""
    root = ET.fromstring(svg)
    cells = [rect for rect in root.iter(f"{SVG}rect") if rect.get("data-cell") is not None]
    names = [rect.get("data-cell") for rect in cells]
    assert len(names) == len(set(names)), "every cell is drawn once"
    return {str(rect.get("data-cell")): rect.get("data-tile") for rect in cells}


def _expected_tiles(principality: Principality) -> dict[str, str | None]:
    """What each cell should show: the tile covering it, the palazzo or nothing."""
    expected: dict[str, str | None] = dict.fromkeys(CELL_NAMES)
    for cell in mask_cells(principality.occupied):
        expected[CELL_NAMES[cell]] = "palazzo"
    for placed in principality.tiles:
        for cell in mask_cells(placed.mask):
            expected[CELL_NAMES[cell]] = str(placed.tile)
    return expected


def test_text_of_a_known_principality() -> None:
    """The grid shows every tile by letter, the palazzo, and both margins' cell names."""
    principality = (
        Principality()
        .with_tile(Building.TOWER, parse_cells("a3-a4-a5"))
        .with_tile(Landscape.LAKE, parse_cells("e4-f4-g4"))
        .with_tile(Landscape.LAKE, parse_cells("e3-f3"))
        .with_tile(Building.LIBRARY, parse_cells("g6-g7"))
    )
    expected = "\n".join(
        [
            "  a b c d e f g",
            "7 . . . . . . B 7",
            "6 . . . . . . B 6",
            "5 R . . . . . . 5",
            "4 R . . . l l l 4",
            "3 R . . . l l . 3",
            "2 # # # . . . . 2",
            "1 # # # . . . . 1",
            "  a b c d e f g",
            "# palazzo a1-a2-b1-b2-c1-c2",
            "R tower a3-a4-a5",
            "l lake e4-f4-g4",
            "l lake e3-f3",
            "B library g6-g7",
        ]
    )
    assert expected == render_text(principality)


def test_text_of_the_reverse_side_shows_its_own_palazzo() -> None:
    """On the reverse side (ruling R29) the palazzo stands on c1-e2."""
    lines = render_text(reverse_side()).splitlines()
    assert lines[7] == "1 . . # # # . . 1"
    assert lines[9] == "# palazzo c1-c2-d1-d2-e1-e2"


def test_text_of_a_full_principality_has_no_empty_cell() -> None:
    """With all 43 cells covered the grid holds no '.' and a line per tile."""
    text = render_text(FULL)
    grid = text.splitlines()[1:8]
    assert all("." not in line for line in grid)
    assert len(text.splitlines()) == 9 + 1 + len(FULL.tiles)


def test_svg_is_well_formed_and_draws_every_cell_of_every_tile() -> None:
    """The full principality's drawing parses and shows each cell's tile."""
    assert _expected_tiles(FULL) == _cell_tiles(render_svg(FULL))


@given(grown_principalities())
def test_svg_draws_every_tile_of_any_principality(principality: Principality) -> None:
    """Any principality, grown by legal placements, is drawn cell for cell."""
    assert _expected_tiles(principality) == _cell_tiles(render_svg(principality))


@given(grown_principalities(reverse=True))
def test_svg_of_the_reverse_side(principality: Principality) -> None:
    """The reverse side's palazzo and tiles are drawn where they lie."""
    assert _expected_tiles(principality) == _cell_tiles(render_svg(principality))


def test_svg_legend_names_the_palazzo_and_each_kind_shown() -> None:
    """The legend has one entry per kind present, buildings first, and none for the rest."""
    principality = (
        Principality()
        .with_tile(Landscape.PARK, parse_cells("e3-e4"))
        .with_tile(Building.OPERA, parse_cells("g1-g2-g3"))
    )
    root = ET.fromstring(render_svg(principality))
    legend = [
        rect.get("data-legend") for rect in root.iter(f"{SVG}rect") if rect.get("data-legend")
    ]
    assert legend == ["palazzo", "opera", "park"]


def test_svg_cell_names_are_on_the_margins() -> None:
    """Every file letter and rank number is written on two opposite margins."""
    root = ET.fromstring(render_svg(Principality()))
    texts = [text.text for text in root.iter(f"{SVG}text")]
    for name in [*"abcdefg", *"1234567"]:
        assert texts.count(name) == 2, name


def test_svg_title_is_given() -> None:
    """The document's title is the one asked for."""
    root = ET.fromstring(render_svg(Principality(), title="Anna's principality"))
    title = root.find(f"{SVG}title")
    assert title is not None
    assert title.text == "Anna's principality"


def test_every_kind_has_its_own_colour_and_letter() -> None:
    """No two tile kinds, nor a kind and the palazzo, share a colour or a letter."""
    kinds = [*Building, *Landscape]
    assert sorted(TILE_COLOURS, key=str) == sorted(kinds, key=str)
    assert len({*TILE_COLOURS.values(), PALAZZO_COLOUR}) == len(kinds) + 1
    assert len({*TILE_LETTERS.values(), "#", "."}) == len(kinds) + 2


def _played(players: int, seed: int, moves: int) -> GameState:
    """A game of random moves, ``moves`` of them or up to its end."""
    state = new_game(GameConfig(players=players, seed=seed))
    rng = random.Random(seed)
    for _ in range(moves):
        if is_terminal(state):
            break
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def test_table_text_shows_every_player_and_their_grid() -> None:
    """Each player has a holdings line followed by the grid of render_text, indented."""
    state = _played(4, 5, 150)
    lines = render_table_text(state).splitlines()
    for player, holding in enumerate(state.players):
        start = lines.index(next(line for line in lines if line.startswith(f"player {player}:")))
        grid = render_text(holding.principality).splitlines()
        assert [f"  {line}" for line in grid] == lines[start + 1 : start + 1 + len(grid)]
        assert f"{holding.money} florins" in lines[start]
        assert f"{holding.prestige} prestige" in lines[start]


def test_table_text_of_a_new_game() -> None:
    """The opening table: the draft, the full supply and four empty principalities."""
    lines = render_table_text(new_game(GameConfig(players=4, seed=2))).splitlines()
    assert lines[:4] == [
        "round 1 of 7, the draft of starting persons; player 0 to decide "
        "(player 0 started the round)",
        "supply: 7 jesters, 6 builders, 5 recruiting cards",
        "  buildings: university 3, laboratory 3, workshop 3, library 3, opera 3, studio 3, "
        "hospital 3, theater 3, tower 3, chapel 3",
        "  landscapes: forest 6, lake 6, park 6; freedoms: travel 3, religion 3, opinion 3",
    ]
    assert lines[4] == "player 0: 3500 florins; 0 prestige; 0 jesters; 0 builders"
    assert len(lines) == 4 + 4 * (1 + 10)


def test_table_of_a_view_hides_what_the_configuration_hides() -> None:
    """With hidden money (ruling R5) a view shows only its own player's money."""
    state = new_game(GameConfig(players=3, seed=4, hidden_money=True))
    text = render_table_text(observe(state, 1))
    assert "player 0: money hidden;" in text
    assert "player 1: 3500 florins;" in text
    svg = render_table_svg(observe(state, 1))
    assert "player 2: money hidden, 0 prestige" in svg


def test_table_svg_draws_every_player_cell_for_cell() -> None:
    """Each player's group in the table's SVG shows that player's tiles."""
    state = _played(5, 8, 300)
    root = ET.fromstring(render_table_svg(state))
    groups = root.findall(f"{SVG}g[@data-player]")
    assert [group.get("data-player") for group in groups] == ["0", "1", "2", "3", "4"]
    for group, holding in zip(groups, state.players, strict=True):
        drawn = {
            str(rect.get("data-cell")): rect.get("data-tile")
            for rect in group.iter(f"{SVG}rect")
            if rect.get("data-cell") is not None
        }
        assert _expected_tiles(holding.principality) == drawn


def test_shared_map_svg_marks_both_sides_of_every_border() -> None:
    """Every border of the layout is drawn along its cells, in both players' grids (R29)."""
    players = 4
    shared = layout(players)
    root = ET.fromstring(render_shared_map_svg((reverse_side(),) * players))
    for group in root.findall(f"{SVG}g[@data-player]"):
        player = int(str(group.get("data-player")))
        drawn = {
            (int(str(line.get("data-border"))), str(line.get("data-cell")))
            for line in group.iter(f"{SVG}line")
        }
        expected = set()
        for other in shared.neighbours(player):
            border = shared.border(player, other)
            assert border is not None
            expected |= {(other, CELL_NAMES[near]) for near, _ in border.pairs}
        assert expected == drawn


def test_a_principality_with_a_mask_outside_the_grid_is_refused() -> None:
    """A principality built by hand with a negative mask, or one past the grid, is a
    GeometryError at once (a negative mask has no end of cells)."""
    bad = [
        Principality(occupied=-1),
        Principality(walls=1 << 49),
        Principality(palazzo=-(2**80)),
        Principality(tiles=(PlacedTile(Building.CHAPEL, -3),)),
    ]
    for principality in bad:
        for render in (render_text, render_svg):
            with pytest.raises(GeometryError, match="is not a set of cells of the 7x7 grid"):
                render(principality)
    state = new_game(GameConfig(players=2))
    player = attrs.evolve(state.players[0], principality=bad[0])
    broken = attrs.evolve(state, players=(player, state.players[1]))
    for render_table in (render_table_text, render_table_svg):
        with pytest.raises(GeometryError):
            render_table(broken)


def test_an_svg_title_with_control_characters_is_refused() -> None:
    """XML cannot hold control characters (but tab and line breaks), lone surrogates,
    U+FFFE or U+FFFF: a title holding one is an ArgumentError; others are escaped."""
    for title in ("a\x00b", "bell\x07", "\x1b[31m", "\ud800", "\ufffe", "\x0b"):
        with pytest.raises(ArgumentError, match="a character XML cannot hold"):
            render_svg(Principality(), title=title)
    with pytest.raises(ArgumentError, match="render_svg needs a title"):
        render_svg(Principality(), title=None)  # type: ignore[arg-type]  # on purpose
    title = 'Anna\'s <grid> & "more"\twith\nlines \u00e9\u4e2d'
    svg = ET.fromstring(render_svg(Principality(), title=title))
    assert title.replace("\r", "\n") == svg.findtext("{http://www.w3.org/2000/svg}title")
