"""The rules of the game, as functions over frozen state."""
