"""The screens around the table: the title menu and new game, settings, the rules, the
finished deals and the statistics, with the form widgets they share."""
