"""Firenze rules that the mutation run (scripts/mutation.sh --game firenze) found untested."""
