"""Florenz rules that the mutation run (scripts/mutation.sh --game florenz) found untested."""
