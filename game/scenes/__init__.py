"""The screens around the table: title menu, new game, settings, rules and finished deals."""
