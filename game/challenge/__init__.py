"""The duplicate challenge: the same cards played by the player and by the expert."""
