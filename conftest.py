"""Collection: the adapters' doctests run only where their extras are installed.

``pytest`` imports every module under ``src`` for its doctests; the adapters
import their optional libraries, so without the extra a module is left out
here (its tests in ``tests/`` skip on their own with ``importorskip``).
"""

from __future__ import annotations

import importlib.util

_EXTRAS = {
    "src/princes_of_florence/adapters/pettingzoo.py": ("pettingzoo", "gymnasium", "numpy"),
    "src/princes_of_florence/adapters/openspiel.py": ("pyspiel", "numpy"),
}

collect_ignore = [
    path
    for path, modules in _EXTRAS.items()
    if any(importlib.util.find_spec(module) is None for module in modules)
]
