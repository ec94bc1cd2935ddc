"""Florenz (Dean Morris, 2021): the rules engine of the second game of the library."""
