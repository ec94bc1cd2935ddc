"""The rules of Florenz, one module per mechanism.

``common`` (queues, control, achievements, cards, the working copy of a
state), ``medici`` (phases 3 and 4), ``actions`` (the decisions D1-D5 and
their moves, the scandal cards and the walks), ``phases`` (setup, the turn
order, cleanup and the final scoring).
"""
