"""Packaging: the version's one source, the licence, a lazy cattrs and a broken dependency."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import princes_of_florence
from princes_of_florence import Bid, SerializationError, dumps, load_move, serialization

ROOT = Path(__file__).resolve().parent.parent


def _run(code: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter, so that no module is loaded beforehand."""
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )


def test_the_version_is_written_once() -> None:
    """pyproject.toml reads the version from _version.py; the package exports that one."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" in project["project"]["dynamic"]
    assert "version" not in project["project"]
    assert project["tool"]["hatch"]["version"]["path"] == "src/princes_of_florence/_version.py"
    namespace: dict[str, object] = {}
    exec((ROOT / "src/princes_of_florence/_version.py").read_text(encoding="utf-8"), namespace)
    assert namespace["__version__"] == princes_of_florence.__version__


def test_the_installed_metadata_has_the_same_version() -> None:
    """The installed distribution's metadata carries the package's version."""
    assert metadata.version("princes-of-florence") == princes_of_florence.__version__


def test_the_licence_is_the_one_pyproject_names() -> None:
    """LICENSE is the MIT licence that pyproject.toml declares and ships."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == "MIT"
    assert project["project"]["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License\n")
    assert "LICENSE" in project["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]


def test_importing_the_package_leaves_cattrs_unloaded() -> None:
    """cattrs is imported by the first document the converter writes (a configuration),
    not by ``import princes_of_florence`` nor by one a quick writer writes (a move)."""
    result = _run(
        "import sys, princes_of_florence as p\n"
        "print('cattrs' in sys.modules)\n"
        "p.dumps(p.Bid(300))\n"
        "print('cattrs' in sys.modules)\n"
        "p.dumps(p.GameConfig(players=3, seed=1))\n"
        "print('cattrs' in sys.modules)\n"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "False", "True"]


def test_importing_the_package_leaves_the_learning_tables_unbuilt() -> None:
    """The learning names load their module (and the action tables) on first use only."""
    result = _run(
        "import sys, princes_of_florence as p\n"
        "print('princes_of_florence.learning' in sys.modules,"
        " 'princes_of_florence.encoding' in sys.modules)\n"
        "print(p.OBSERVATION_LENGTH > 0, 'princes_of_florence.learning' in sys.modules)\n"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "False", "True", "True"]


def test_the_quick_readers_and_writers_are_written_on_first_use() -> None:
    """``import`` writes no quick reader or writer; the first state document writes them."""
    result = _run(
        "import princes_of_florence as p\n"
        "from princes_of_florence import serialization as s\n"
        "print(s._quick_reader.cache_info().currsize, len(s._WRITERS))\n"
        "p.load_state(p.dumps(p.new_game(p.GameConfig(players=3, seed=1))))\n"
        "print(s._quick_reader.cache_info().currsize, len(s._WRITERS))\n"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["0", "0", "1", "1"]


def test_a_cattrs_without_the_api_used_is_named_as_the_cause() -> None:
    """A cattrs lacking a method the hooks call fails with an ImportError naming cattrs."""
    result = _run(
        "import cattrs\n"
        "del cattrs.BaseConverter.get_structure_hook\n"
        "import princes_of_florence as p\n"
        "try:\n"
        "    p.load_move(p.dumps(p.Bid(300)))\n"
        "except ImportError as error:\n"
        "    print(error)\n"
    )
    assert result.returncode == 0, result.stderr
    assert "cattrs " in result.stdout
    assert "cannot read or write documents" in result.stdout
    assert "get_structure_hook" in result.stdout
    assert "unknown error" not in result.stdout


def test_a_fault_of_the_code_is_not_reported_as_an_invalid_document(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An error no document can cause propagates as it is, not as a SerializationError."""
    converter = serialization._converter()

    def broken(self: object, kind: object) -> object:
        raise AttributeError("a hook that is not there")

    monkeypatch.setattr(type(converter), "get_structure_hook", broken)
    with pytest.raises(AttributeError, match="a hook that is not there"):
        load_move(dumps(Bid(300)))


def test_a_bad_document_is_still_a_serialization_error() -> None:
    """A wrong field type is the document's fault and says where it is."""
    with pytest.raises(SerializationError, match=r"@ \$\.data\.amount"):
        load_move('{"schema":"1.0","kind":"move","data":{"type":"bid","amount":"x"}}')


def test_the_names_loaded_on_first_use_are_the_learning_module_s() -> None:
    """The package's list of lazily loaded names is the learning module's __all__, and each
    is exported: a name added to one list and not the other would not load."""
    import princes_of_florence
    from princes_of_florence import learning

    assert princes_of_florence._LAZY == set(learning.__all__)
    assert princes_of_florence._LAZY <= set(princes_of_florence.__all__)
