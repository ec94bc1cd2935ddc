"""The package front: what a client needs is importable from ``princes_of_florence``."""

from __future__ import annotations

import typing

import princes_of_florence
from princes_of_florence import events, geometry, moves, observation, state

CLIENT_NAMES = {
    "Deck",
    "Event",
    "MoneyReason",
    "PrestigeReason",
    "Pending",
    "PlayerView",
    "PublicPlayer",
    "SetupView",
    "HiddenCardChoice",
    "ViewPending",
    "load_config",
    "load_event",
    "load_events",
    "cell_name",
    "cells_notation",
    "mask_cells",
    "parse_cell",
    "parse_cells",
    "CELL_NAMES",
}


def test_every_exported_name_exists_and_the_list_is_sorted() -> None:
    """``__all__`` is sorted, without duplicates, and every name in it resolves."""
    names = princes_of_florence.__all__
    assert sorted(set(names)) == names
    for name in names:
        assert hasattr(princes_of_florence, name), name


def test_the_names_a_client_needs_are_exported() -> None:
    """Views, decks, reason enums, loaders and the cell helpers come from the package."""
    assert set() == CLIENT_NAMES - set(princes_of_florence.__all__)


def test_every_move_event_and_pending_class_is_exported() -> None:
    """Each member of the Move, Event, Pending and ViewPending unions is a package name."""
    unions = (moves.Move, events.Event, state.Pending, observation.ViewPending)
    classes = {cls for union in unions for cls in typing.get_args(union)}
    assert classes
    for cls in classes:
        assert getattr(princes_of_florence, cls.__name__) is cls


def test_the_cell_helpers_are_the_geometry_ones() -> None:
    """The exported cell helpers are the geometry module's functions, not copies."""
    assert princes_of_florence.parse_cell is geometry.parse_cell
    assert "e5" == princes_of_florence.cell_name(princes_of_florence.parse_cell("e5"))


LEARNING_NAMES = {
    "InformationState",
    "OBSERVATION_LAYOUT",
    "OBSERVATION_LENGTH",
    "information_state",
    "information_state_string",
    "observation_vector",
    "observation_vector_into",
    "rank_returns",
    "returns",
    "seat_vector_into",
}


def test_the_learning_names_are_exported() -> None:
    """Observation vectors, information states and returns are package names, the same
    objects as the learning module's."""
    from princes_of_florence import learning

    assert LEARNING_NAMES == set(learning.__all__)
    for name in LEARNING_NAMES:
        assert getattr(princes_of_florence, name) is getattr(learning, name)
