"""The end of a deal: the score panel (``panel``) and the score sheet of the match (``sheet``)."""
