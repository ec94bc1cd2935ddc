"""The package version: the one place it is written.

The build backend reads it from here for the wheel and sdist metadata, the
package exports it as ``princes_of_florence.__version__`` and the
documentation shows it.
"""

__version__ = "0.1.0"
"""The version of this package (the number its wheel and sdist carry)."""
