"""``python -m princes_of_florence``: see :mod:`princes_of_florence.cli`."""

from princes_of_florence.cli import main

raise SystemExit(main())
