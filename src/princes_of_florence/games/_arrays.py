"""A game's observation vector written into a numpy array, for the generic learning code.

numpy reads a tuple of Python floats one item at a time, finding each one's
type first: for a vector of a thousand floats that costs several times what
packing them as doubles with :mod:`struct` and letting numpy cast the bytes
costs.  The values are the same: a float is packed as the double it is, and
numpy casts each double to the array's type as it would have cast the float.
numpy is imported on first use, as by the modules that call this.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any

_PACKERS: dict[int, struct.Struct] = {}
"""A packer of native doubles for each length of vector (one a game)."""


def write_vector(vector: Sequence[float], out: Any) -> Any:
    """Write ``vector`` into ``out``, a one-dimensional numpy array of floats of its
    length, and return ``out``.

    >>> import numpy
    >>> write_vector((0.5, 1, 2.25), numpy.zeros(3, numpy.float32)).tolist()
    [0.5, 1.0, 2.25]
    """
    import numpy

    packer = _PACKERS.get(len(vector))
    if packer is None:
        packer = _PACKERS[len(vector)] = struct.Struct(f"{len(vector)}d")
    numpy.copyto(out, numpy.frombuffer(packer.pack(*vector), numpy.float64))
    return out
