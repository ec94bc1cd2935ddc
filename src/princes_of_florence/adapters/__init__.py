"""Adapters to learning and search libraries, each an optional extra.

* :mod:`princes_of_florence.adapters.pettingzoo`: a PettingZoo ``AECEnv``
  (``pip install "princes-of-florence[pettingzoo]"``);
* :mod:`princes_of_florence.adapters.openspiel`: an OpenSpiel Python game
  (``pip install "princes-of-florence[openspiel]"``).

Each uses only the package's public names, so it shows how a client drives
the engine.  Nothing here is imported by the package itself.
"""
